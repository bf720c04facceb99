// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

namespace placement {

class FatTreeTopology;

/// Pollard et al.'s topology-aware (TA) allocation, SC'18 Algorithm 1, on a three-level
/// fat-tree. Jobs are typed by size (T1 fits a leaf, T2 a pod, T3 more; the text's "<=")
/// and never spread beyond their type's level:
/// - T1: pods from least to most free nodes, their leaves likewise; the first leaf with
///   room takes the job (T1 jobs use node links only, so they may share a leaf).
/// - T2: pods from least to most free; in a pod only leaves holding no T2 or T3 job, from
///   most to least free, filled greedily; a pod that cannot hold the job is skipped.
/// - T3: only pods holding no T3 job, from most to least free; in them only leaves holding
///   no T2 job, from most to least free, filled greedily across the pods.
/// The type of every busy node is remembered (started/ended), as the plug-in does.
class TopologyAwareAllocator final : public Allocator
{
public:
    explicit TopologyAwareAllocator(const FatTreeTopology& tree);
    std::string name() const override { return "ta"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    void started(const AllocationRequest& request, const std::vector<int>& nodes) override;
    void ended(const AllocationRequest& request, const std::vector<int>& nodes) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<TopologyAwareAllocator>(*this); }

private:
    int typeOf(int nodes) const;

    const FatTreeTopology* m_tree;
    std::vector<int> m_nodeType; ///< per node: 0 free, else the type (1-3) of its job
    std::vector<int> m_leafBigJobs; ///< per leaf: nodes of T2 jobs on it
    std::vector<int> m_leafT3; ///< per leaf: nodes of T3 jobs on it
    std::vector<int> m_podT3; ///< per pod: nodes of T3 jobs in it
    // Scratch space of allocate(), kept to spare allocations.
    std::vector<int> m_leafFree, m_podFree, m_podOrder, m_leaves, m_given;
};

} // namespace placement
