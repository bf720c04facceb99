// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Slurm2205Allocators.h"

#include "core/SwitchHierarchy.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

// Both allocators follow Slurm 22.05.8 (tag slurm-22-05-8-1 of SchedMD/slurm) line by line
// for what matters to whole-node jobs on nodes of equal scheduling weight: no required
// nodes, no GRES, no --switches limit. Names in comments are Slurm's.

namespace placement {

SlurmSwitchTable::SlurmSwitchTable(const SwitchHierarchy& tree, const MachineState& state)
    : m_tree(&tree)
    , m_level(tree.level)
    , m_parent(tree.parent.size(), 0)
    , m_free(tree.parent.size())
{
    for (std::size_t s = 0; s < tree.parent.size(); ++s)
        if (tree.parent[s] >= 0)
            m_parent[s] = tree.parent[s];
    // Ascending node index: each switch's list comes out in Slurm's bitmap order.
    for (int node = 0; node < state.nodeCount(); ++node) {
        if (!state.isFree(node))
            continue;
        for (int g = tree.groupOfNode[static_cast<size_t>(node)]; g != -1; g = tree.parent[static_cast<size_t>(g)])
            m_free[static_cast<size_t>(g)].push_back(node);
    }
}

int SlurmSwitchTable::distance(int a, int b) const
{
    const int common = m_tree->lowestCommonGroup(a, b);
    const auto depth = [&](int g) { return m_tree->depth[static_cast<size_t>(g)]; };
    return depth(a) + depth(b) - 2 * depth(common);
}

bool SlurmSwitchTable::isAncestorOrSelf(int ancestor, int s) const
{
    for (int g = s; g != -1; g = m_tree->parent[static_cast<size_t>(g)])
        if (g == ancestor)
            return true;
    return false;
}

namespace {

/// The switch table for a request; nullopt when the machine has too few free nodes.
std::optional<SlurmSwitchTable> tableFor(const MachineState& state, const AllocationRequest& request,
                                         const char* policy)
{
    const SwitchHierarchy* tree = state.topology().hierarchy();
    if (!tree)
        throw std::invalid_argument(std::string(policy) + " needs a tree-shaped machine");
    if (request.nodes <= 0 || request.nodes > state.freeCount())
        return std::nullopt;
    return SlurmSwitchTable(*tree, state);
}

/// Adds the free nodes of `leaf` in index order (Slurm's bitmap order) until `remaining`
/// reaches 0.
void takeFromLeaf(const SlurmSwitchTable& table, int leaf, int& remaining, std::vector<int>& nodes)
{
    for (int node : table.freeNodes(leaf)) {
        if (remaining == 0)
            break;
        nodes.push_back(node);
        --remaining;
    }
}

} // namespace

/// job_test.c `_topo_compare_switches`: > 0 when switch i is the better choice for
/// `remaining` nodes than j. Both fit: the tighter; one fits: that one; neither: climb to
/// the parents while they differ and compare there (fit, tighter), else the roomier, else
/// the lower level.
int slurmCompareSwitches(const SlurmSwitchTable& table, const std::vector<int>& count, int i, int j, int remaining)
{
    const auto at = [&](int s) { return count[static_cast<size_t>(s)]; };
    while (true) {
        const bool iFits = at(i) >= remaining;
        const bool jFits = at(j) >= remaining;
        if (iFits && jFits) {
            if (at(i) < at(j))
                return 1;
            if (at(i) > at(j))
                return -1;
            break;
        }
        if (iFits)
            return 1;
        if (jFits)
            return -1;
        if ((table.parent(i) != i || table.parent(j) != j) && table.parent(i) != table.parent(j)) {
            i = table.parent(i);
            j = table.parent(j);
            continue;
        }
        break;
    }
    if (at(i) > at(j))
        return 1;
    if (at(i) < at(j))
        return -1;
    if (table.level(i) < table.level(j))
        return 1;
    if (table.level(i) > table.level(j))
        return -1;
    return 0;
}

int slurmBestLeaf(const SlurmSwitchTable& table, const std::vector<int>& count, const std::vector<int>& distance,
                  int remaining)
{
    int best = -1;
    for (int i = 0; i < table.switchCount(); ++i) {
        if (table.level(i) != 0 || count[static_cast<size_t>(i)] == 0)
            continue;
        if (best == -1) {
            best = i;
            continue;
        }
        const int fit = slurmCompareSwitches(table, count, i, best, remaining);
        const int di = distance[static_cast<size_t>(i)], db = distance[static_cast<size_t>(best)];
        if ((di < db && fit >= 0) || (di == db && fit > 0))
            best = i;
    }
    return best;
}

std::vector<int> SlurmTree2205ConsTresAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const std::optional<SlurmSwitchTable> found = tableFor(state, request, "slurm-tree-22.05-cons-tres");
    if (!found)
        return {};
    const SlurmSwitchTable& table = *found;
    const int switches = table.switchCount();
    // "Identify the highest level switch to be used": with one node weight, every switch
    // with enough nodes replaces the previous choice when its level is not lower.
    int top = -1;
    for (int s = 0; s < switches; ++s)
        if (table.freeCount(s) >= request.nodes && (top == -1 || table.level(s) >= table.level(top)))
            top = s;
    if (top == -1)
        return {}; // "unable to identify top level switch"
    // switch_node_cnt: free nodes of each switch that the top switch reaches. Leaves, once
    // used, drop to 0; the counts of the switches above them stay as they were.
    std::vector<int> count(static_cast<size_t>(switches), 0);
    for (int s = 0; s < switches; ++s)
        count[static_cast<size_t>(s)] = table.isAncestorOrSelf(top, s) ? table.freeCount(s)
            : table.isAncestorOrSelf(s, top)                           ? table.freeCount(top)
                                                                       : 0;
    // switches_dist summed over the leaves chosen so far (_topo_add_dist); none required yet.
    std::vector<int> distance(static_cast<size_t>(switches), 0);
    std::vector<int> nodes;
    int remaining = request.nodes;
    while (remaining > 0) {
        const int best = slurmBestLeaf(table, count, distance, remaining);
        if (best == -1)
            return {};
        for (int s = 0; s < switches; ++s)
            distance[static_cast<size_t>(s)] += table.distance(best, s);
        takeFromLeaf(table, best, remaining, nodes);
        count[static_cast<size_t>(best)] = 0; // "Used all"
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

std::vector<int> SlurmTree2205LinearAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const std::optional<SlurmSwitchTable> found = tableFor(state, request, "slurm-tree-22.05-linear");
    if (!found)
        return {};
    const SlurmSwitchTable& table = *found;
    const int switches = table.switchCount();
    // Phase 3: the lowest level switch satisfying the request, with the best fit.
    int bestFit = -1;
    for (int j = 0; j < switches; ++j) {
        if (table.freeCount(j) < request.nodes)
            continue;
        if (bestFit == -1 || table.level(j) < table.level(bestFit)
            || (table.level(j) == table.level(bestFit) && table.freeCount(j) < table.freeCount(bestFit)))
            bestFit = j;
    }
    if (bestFit == -1)
        return {};
    // Phase 4: usable leaves are those whose free nodes lie within the chosen switch.
    std::vector<int> count(static_cast<size_t>(switches), 0);
    for (int j = 0; j < switches; ++j)
        if (table.level(j) == 0 && table.isAncestorOrSelf(bestFit, j))
            count[static_cast<size_t>(j)] = table.freeCount(j);
    // Phase 5: "prefer use of leaf switches with fewest number of idle CPUs": whole leaves,
    // first in table order among equals, until the job has its nodes.
    std::vector<int> nodes;
    int remaining = request.nodes;
    while (remaining > 0) {
        int leaf = -1;
        for (int j = 0; j < switches; ++j)
            if (count[static_cast<size_t>(j)] > 0
                && (leaf == -1 || count[static_cast<size_t>(j)] < count[static_cast<size_t>(leaf)]))
                leaf = j;
        if (leaf == -1)
            return {};
        takeFromLeaf(table, leaf, remaining, nodes);
        count[static_cast<size_t>(leaf)] = 0;
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

} // namespace placement
