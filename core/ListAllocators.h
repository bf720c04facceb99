// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

namespace placement {

struct SwitchHierarchy;

/// Dual-ended allocation (ORNL Titan SC'16 §V): one ordered node list; large jobs take
/// first-fit from its head, small ones from its tail, so small jobs stop fragmenting the
/// space large jobs need. A job is large above `sizeDemarcation` nodes (Titan: 16 or 125)
/// or, when `wallTimeDemarcation` > 0, when it asks for more time than that.
class DualEndedAllocator final : public Allocator
{
public:
    DualEndedAllocator(std::vector<int> order, int sizeDemarcation = 16, std::int64_t wallTimeDemarcation = 0);
    std::string name() const override { return "dual-ended"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<DualEndedAllocator>(*this); }
    bool placesAnyFreeNodes() const override { return true; }

private:
    std::vector<int> m_order;
    int m_sizeDemarcation;
    std::int64_t m_wallTimeDemarcation;
};

/// Slurm's topology/tree best fit (src/plugins/topology/tree/eval_nodes_tree.c): the
/// lowest switch that can hold the job (among equals, the one with fewest free nodes); then
/// leaves, each time the leaf closest to those already chosen, among equally close ones
/// the tightest that holds what is left (fewest free nodes), else the one with most free
/// nodes; nodes within a leaf in index order. Trees only.
class SlurmTreeAllocator final : public Allocator
{
public:
    std::string name() const override { return "slurm-tree"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<SlurmTreeAllocator>(*this); }
    bool placesAnyFreeNodes() const override { return true; }

private:
    /// Caches the tree's shape: groups in preorder (the groups below g are
    /// m_preorder[m_first[g], m_last[g])) and the nodes hanging off each group.
    void prepare(const SwitchHierarchy& tree, int nodeCount);

    const SwitchHierarchy* m_tree = nullptr;
    std::vector<int> m_preorder, m_first, m_last;
    std::vector<int> m_deepestFirst; ///< every group, deepest first
    std::vector<std::vector<int>> m_nodesOf;
};

} // namespace placement
