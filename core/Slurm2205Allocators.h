// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

#include <cstdint>
#include <vector>

namespace placement {

struct SwitchHierarchy;

/// Slurm's switch table as the 22.05 select plugins see it: switches in topology.conf order
/// (the machine's switch groups), Slurm's levels and parents, hop distances between
/// switches, and the free nodes below each switch.
class SlurmSwitchTable
{
public:
    SlurmSwitchTable(const SwitchHierarchy& tree, const MachineState& state);

    int switchCount() const { return static_cast<int>(m_level.size()); }
    int level(int s) const { return m_level[static_cast<size_t>(s)]; }
    /// Slurm's `parent` field: the parent switch, and for a root switch 0 (the table is
    /// zero-filled and _find_child_switches() sets parents of children only).
    int parent(int s) const { return m_parent[static_cast<size_t>(s)]; }
    /// Switch-to-switch hops (topology_tree.c's switches_dist).
    int distance(int a, int b) const;
    /// Free nodes below switch s, in node index order (Slurm's bitmap order).
    const std::vector<int>& freeNodes(int s) const { return m_free[static_cast<size_t>(s)]; }
    int freeCount(int s) const { return static_cast<int>(m_free[static_cast<size_t>(s)].size()); }
    bool isAncestorOrSelf(int ancestor, int s) const;

private:
    const SwitchHierarchy* m_tree;
    std::vector<int> m_level, m_parent;
    std::vector<std::vector<int>> m_free;
};

/// job_test.c `_topo_compare_switches` (22.05): > 0 when switch i is the better choice than j
/// for `remaining` nodes, on the counts `count` per switch. Both fit: the tighter; one fits:
/// that one; neither: climb to the parents while they differ and compare there, else the
/// roomier, else the lower level.
int slurmCompareSwitches(const SlurmSwitchTable& table, const std::vector<int>& count, int i, int j, int remaining);

/// `_topo_choose_best_switch` over the leaves in table order: the leaf with free nodes
/// (`count`) closest to the leaves chosen so far (`distance`, summed switches_dist), the
/// better fit (slurmCompareSwitches) among equally close ones; -1 when no leaf has any.
int slurmBestLeaf(const SlurmSwitchTable& table, const std::vector<int>& count, const std::vector<int>& distance,
                  int remaining);

/// Slurm 22.05's select/cons_tres on topology/tree: `_eval_nodes_topo` in
/// src/plugins/select/cons_tres/job_test.c at tag slurm-22-05-8-1, for whole-node jobs on
/// nodes of equal weight. The top switch is the last switch of the highest level that holds
/// the job (so the root when the free nodes suffice); leaves are then added one at a time,
/// each scan over the leaves in topology.conf order keeping the first candidate and
/// replacing it by a later leaf that is closer to the leaves chosen and not a worse fit, or
/// as close and a better fit (`_topo_choose_best_switch`, `_topo_compare_switches`);
/// nodes in index order within a leaf. Unlike the newer rule of `slurm-tree`
/// (eval_nodes_tree.c, 24.05+), a job can cross pods to a tight leaf scanned earlier.
class SlurmTree2205ConsTresAllocator final : public Allocator
{
public:
    std::string name() const override { return "slurm-tree-22.05-cons-tres"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override
    {
        return std::make_unique<SlurmTree2205ConsTresAllocator>(*this);
    }
    bool placesAnyFreeNodes() const override { return true; }
};

/// Slurm 22.05's select/linear on topology/tree: `_job_test_topo` in
/// src/plugins/select/linear/select_linear.c at tag slurm-22-05-8-1, for whole-node jobs.
/// The lowest-level switch that holds the job, the one with the fewest free nodes among
/// those (first in topology.conf order on ties); then its leaves in order of fewest idle
/// CPUs (more leaves on purpose, "better network bandwidth"), each leaf's free nodes in
/// index order. Nodes are taken to have equal CPU counts, so fewest idle CPUs is fewest
/// free nodes.
class SlurmTree2205LinearAllocator final : public Allocator
{
public:
    std::string name() const override { return "slurm-tree-22.05-linear"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<SlurmTree2205LinearAllocator>(*this); }
    bool placesAnyFreeNodes() const override { return true; }
};

} // namespace placement
