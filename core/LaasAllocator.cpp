// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LaasAllocator.h"

#include "core/BoundedSort.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace placement {
namespace {

using Mask = std::uint64_t;

/// One level of LaaS's search (isol.cc findCommonSpineLeafs / findUniqueLeaf): `units`
/// are leaves of a pod (capacity: free nodes; ports: free up-links) or pods (capacity:
/// whole free leaves; ports: up-ports free on every L2 switch of the pod).
struct UnitSearch
{
    std::vector<int> units; ///< in search order
    std::vector<int> capacity; ///< per entry of `units`
    std::vector<Mask> ports; ///< per entry of `units`
    int need = 0; ///< capacity of a repeated unit (A, or R whole leaves)
    int count = 0; ///< repeated units (R, or Q)
    int uniqueNeed = 0; ///< capacity of the unique unit (B, or S); 0: none
    int portsNeeded = 0; ///< common ports of the repeated units

    // Result, as positions in `units`.
    std::vector<size_t> chosen;
    long unique = -1;
    Mask repeatedPorts = 0, uniquePorts = 0;

    bool run(Mask all)
    {
        chosen.clear();
        unique = -1;
        deadEnds.assign(static_cast<size_t>(count) + 1, {});
        return pick(0, all);
    }

private:
    /// Backtracking over the units in order. What can still be completed depends only on the
    /// ports the chosen units share and where the search goes on (a chosen unit would do as
    /// the unique one as well as any: it has the capacity and all the ports), so a dead end
    /// (step, shared ports, first unit left) rules out later visits that could not look
    /// further, as in Jigsaw's search.
    bool pick(size_t start, Mask common)
    {
        const size_t depth = chosen.size();
        if (static_cast<int>(depth) == count)
            return finish(common);
        auto& dead = deadEnds[depth];
        if (const auto seen = dead.find(common); seen != dead.end() && seen->second <= start)
            return false;
        for (size_t c = start; c < units.size(); ++c) {
            if (static_cast<int>(units.size() - c) < count - static_cast<int>(depth))
                break;
            const Mask mask = common & ports[c];
            if (capacity[c] < need || bitCount(mask) < portsNeeded)
                continue;
            chosen.push_back(c);
            if (pick(c + 1, mask))
                return true;
            chosen.pop_back();
        }
        auto [entry, inserted] = dead.emplace(common, start);
        if (!inserted)
            entry->second = std::min(entry->second, start);
        return false;
    }

    std::vector<std::unordered_map<Mask, size_t>> deadEnds;

    bool finish(Mask common)
    {
        if (uniqueNeed > 0) {
            for (size_t c = 0; c < units.size() && unique < 0; ++c) {
                if (capacity[c] < uniqueNeed || std::find(chosen.begin(), chosen.end(), c) != chosen.end())
                    continue;
                if (bitCount(common & ports[c]) >= uniqueNeed)
                    unique = static_cast<long>(c);
            }
            if (unique < 0)
                return false;
        }
        // isol.cc nerrowMasks: the unique unit keeps its lowest B ports; the repeated units
        // keep those and their lowest other ports up to what they need.
        uniquePorts = unique >= 0 ? lowestBits(common & ports[static_cast<size_t>(unique)], uniqueNeed) : 0;
        repeatedPorts = portsNeeded == 0
            ? 0
            : uniquePorts | lowestBits(common & ~uniquePorts, portsNeeded - bitCount(uniquePorts));
        if (portsNeeded == 0)
            uniquePorts = 0;
        return true;
    }
};

} // namespace

LaasAllocator::LaasAllocator(const FatTreeTopology& tree)
    : LinkOwningAllocator(static_cast<int>(tree.links().size()))
    , m_tree(&tree)
{
    FatTreeFreeView::checkLinkMasks(tree, "laas");
}

std::optional<LaasAllocator::Allocation> LaasAllocator::find(const MachineState& state, int nodes)
{
    if (nodes < 1 || nodes > state.freeCount())
        return std::nullopt;
    if (m_viewCache.stale(state, m_ledger, 0))
        m_view.build(*m_tree, state, m_ledger);
    const size_t entry = m_viewCache.entry(*m_memo, m_view);
    if (m_memo->failed(entry, nodes))
        return std::nullopt;
    if (const SearchMemo::Recipe* recipe = m_memo->recipe(entry, nodes)) {
        // Nodes used first, in index order, then the idle ones (whole leaves): as search() splits them.
        std::vector<int> all = SearchMemo::nodesOf(*m_tree, state, *recipe);
        Allocation allocation;
        allocation.nodes.assign(all.begin(), all.begin() + nodes);
        allocation.idle.assign(all.begin() + nodes, all.end());
        allocation.links = recipe->links;
        return allocation;
    }
    std::optional<Allocation> found = search(*m_tree, state, m_view, nodes);
    if (found) {
        std::vector<int> all(found->nodes.size() + found->idle.size());
        std::merge(found->nodes.begin(), found->nodes.end(), found->idle.begin(), found->idle.end(), all.begin());
        m_memo->noteAllocation(entry, *m_tree, nodes, all, found->links);
    } else {
        m_memo->noteFailure(entry, nodes);
    }
    return found;
}

bool LaasAllocator::fits(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes < 1 || request.nodes > state.freeCount())
        return false;
    // The allocation itself is remembered, for allocate() to ask next.
    return find(state, request.nodes).has_value();
}

std::optional<LaasAllocator::Allocation> LaasAllocator::search(const FatTreeTopology& tree, const MachineState& state,
                                                               const FatTreeFreeView& view, int n)
{
    const int k = tree.shape().nodesPerLeaf;
    const int leavesPerPod = tree.shape().leavesPerPod;
    const int pods = tree.shape().pods;
    const int l2PerPod = tree.l2PerPod();
    const int upPorts = tree.shape().uplinksPerL2;
    if (n < 1 || n > state.freeCount())
        return std::nullopt;
    const auto leafMask = [](int bits) { return bits == 64 ? ~Mask(0) : (Mask(1) << bits) - 1; };
    Allocation result;
    const auto addLeafLinks = [&](int leaf, Mask l2Set) {
        for (int i = 0; i < l2PerPod; ++i)
            if (l2Set >> i & 1)
                result.links.push_back(tree.leafUplink(leaf, i));
    };

    // One pod: N = R A + B (isol.cc placeL2SubTrees).
    if (n < tree.nodesPerPod()) {
        std::vector<int> podOrder;
        for (int pod = 0; pod < pods; ++pod)
            if (view.podFree[static_cast<size_t>(pod)] >= n)
                podOrder.push_back(pod);
        std::stable_sort(podOrder.begin(), podOrder.end(), [&](int a, int b) {
            return view.podFree[static_cast<size_t>(a)] < view.podFree[static_cast<size_t>(b)];
        });
        UnitSearch search;
        for (int a = std::min(n, k); a >= 1; --a) {
            const int r = n / a;
            const int b = n - r * a;
            if (r + (b > 0 ? 1 : 0) > leavesPerPod)
                continue;
            search.need = a;
            search.count = r;
            search.uniqueNeed = b;
            search.portsNeeded = r == 1 ? b : a;
            for (int pod : podOrder) {
                search.units.clear();
                search.capacity.clear();
                search.ports.clear();
                for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod; ++leaf) {
                    search.units.push_back(leaf);
                    search.capacity.push_back(view.leafFree[static_cast<size_t>(leaf)]);
                    search.ports.push_back(view.leafPorts[static_cast<size_t>(leaf)]);
                }
                if (!search.run(leafMask(l2PerPod)))
                    continue;
                for (size_t c : search.chosen) {
                    FatTreeFreeView::takeFreeNodes(tree, state, search.units[c], a, result.nodes);
                    addLeafLinks(search.units[c], search.repeatedPorts);
                }
                if (search.unique >= 0) {
                    const int leaf = search.units[static_cast<size_t>(search.unique)];
                    FatTreeFreeView::takeFreeNodes(tree, state, leaf, b, result.nodes);
                    addLeafLinks(leaf, search.uniquePorts);
                }
                sortBounded(result.nodes, state.nodeCount());
                return result;
            }
        }
    }

    // Across pods in whole leaves: U = ceil(N / k) = Q R + S (isol.cc placeL3SubTrees).
    const int u = (n + k - 1) / k;
    // A whole free leaf: every node and every up-link free (isol.cc counts nodes and takes
    // all up-links, which only jobs with nodes on the leaf can hold).
    const auto whole = [&](int leaf) {
        return view.leafFree[static_cast<size_t>(leaf)] == k
            && view.leafPorts[static_cast<size_t>(leaf)] == leafMask(l2PerPod);
    };
    std::vector<int> wholeLeaves(static_cast<size_t>(pods), 0);
    for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
        wholeLeaves[static_cast<size_t>(leaf / leavesPerPod)] += whole(leaf) ? 1 : 0;
    UnitSearch search;
    for (int pod = 0; pod < pods; ++pod) {
        Mask common = leafMask(upPorts); // ports free on every L2 switch of the pod
        for (int i = 0; i < l2PerPod; ++i)
            common &= view.l2Ports[static_cast<size_t>(pod * l2PerPod + i)];
        search.units.push_back(pod);
        search.capacity.push_back(wholeLeaves[static_cast<size_t>(pod)]);
        search.ports.push_back(common);
    }
    for (int r = std::min(u, leavesPerPod); r >= 1; --r) {
        const int q = u / r;
        const int s = u - q * r;
        if (q > pods)
            continue;
        search.need = r;
        search.count = q;
        search.uniqueNeed = s;
        search.portsNeeded = q == 1 ? s : r;
        if (search.portsNeeded > upPorts || !search.run(leafMask(upPorts)))
            continue;
        std::vector<int> all;
        const auto takePod = [&](int pod, int leaves, Mask ports) {
            for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod && leaves > 0; ++leaf)
                if (whole(leaf)) {
                    FatTreeFreeView::takeFreeNodes(tree, state, leaf, k, all);
                    addLeafLinks(leaf, leafMask(l2PerPod));
                    --leaves;
                }
            for (int i = 0; i < l2PerPod; ++i)
                for (int p = 0; p < upPorts; ++p)
                    if (ports >> p & 1)
                        result.links.push_back(tree.l2Uplink(pod, i, p));
        };
        for (size_t c : search.chosen)
            takePod(search.units[c], r, search.repeatedPorts);
        if (search.unique >= 0)
            takePod(search.units[static_cast<size_t>(search.unique)], s, search.uniquePorts);
        sortBounded(all, state.nodeCount());
        result.nodes.assign(all.begin(), all.begin() + n);
        result.idle.assign(all.begin() + n, all.end());
        return result;
    }
    return std::nullopt;
}

std::vector<int> LaasAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    std::optional<Allocation> found = find(state, request.nodes);
    if (!found)
        return {};
    std::vector<int> nodes = std::move(found->nodes);
    nodes.insert(nodes.end(), found->idle.begin(), found->idle.end());
    m_ledger.propose(request.job, nodes, std::move(found->links));
    return nodes;
}

} // namespace placement
