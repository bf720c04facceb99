// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/FatTreeFreeView.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace placement {

/// What Jigsaw's allocation search (HPDC'21 §4, core/JigsawAllocator.cpp) and the LC+S
/// search (core/LcsSearch.cpp) share: the snapshot they search, the allocation they build,
/// and the two-level search, N = L_T n_L + n_L^r in one tree (conditions (2) and (4)),
/// Jigsaw's FIND_L2. `Search` supplies two hooks: tick(), called at every step (LC+S counts
/// steps and stops at its limits), and fewestLeavesFirst(), the order of n_L (from
/// min(N, leaf size) down, or from 1 up).
template <typename Search> class FatTreeSearch
{
protected:
    using Mask = std::uint64_t;

    FatTreeSearch(const FatTreeTopology& tree, const MachineState& state, const FatTreeFreeView& view)
        : m_tree(tree)
        , m_state(state)
        , m_view(view)
        , m_k(tree.shape().nodesPerLeaf)
        , m_leavesPerPod(tree.shape().leavesPerPod)
        , m_pods(tree.shape().pods)
        , m_l2PerPod(tree.l2PerPod())
        , m_upPorts(tree.shape().uplinksPerL2)
        , m_spg(tree.shape().spinesPerGroup)
    {
        for (int m = 0; m < m_spg; ++m) {
            Mask ports = 0;
            for (int p = m; p < m_upPorts; p += m_spg)
                ports |= Mask(1) << p;
            m_memberPorts.push_back(ports);
        }
    }

    static Mask lowMask(int width) { return width >= 64 ? ~Mask(0) : (Mask(1) << width) - 1; }

    int leafFree(int leaf) const { return m_view.leafFree[static_cast<size_t>(leaf)]; }
    int podFree(int pod) const { return m_view.podFree[static_cast<size_t>(pod)]; }
    Mask leafPorts(int leaf) const { return m_view.leafPorts[static_cast<size_t>(leaf)]; }
    Mask l2Ports(int pod, int i) const { return m_view.l2Ports[static_cast<size_t>(pod * m_l2PerPod + i)]; }

    /// `count` free nodes of `leaf` and its up-links to the L2 switches in `l2Set`.
    void takeLeaf(int leaf, int count, Mask l2Set)
    {
        FatTreeFreeView::takeFreeNodes(m_tree, m_state, leaf, count, m_nodes);
        for (int i = 0; i < m_l2PerPod; ++i)
            if (l2Set >> i & 1)
                m_links.push_back(m_tree.leafUplink(leaf, i));
    }

    bool twoLevel(int n)
    {
        std::vector<int> pods;
        for (int pod = 0; pod < m_pods; ++pod)
            if (podFree(pod) >= n)
                pods.push_back(pod);
        std::stable_sort(pods.begin(), pods.end(), [&](int a, int b) { return podFree(a) < podFree(b); });
        if (pods.empty())
            return false;
        const int most = std::min(n, m_k);
        const bool descending = self().fewestLeavesFirst();
        for (int i = 0; i < most; ++i) {
            const int nL = descending ? most - i : 1 + i;
            const int lT = n / nL;
            const int nR = n % nL;
            if (lT + (nR > 0 ? 1 : 0) > m_leavesPerPod)
                continue;
            if ((lT > 1 || nR > 0) && nL > m_l2PerPod)
                continue; // every job node of a leaf needs its own L2 switch
            for (int pod : pods)
                if (inPod(pod, lT, nL, nR))
                    return true;
        }
        return false;
    }

    const FatTreeTopology& m_tree;
    const MachineState& m_state;
    const FatTreeFreeView& m_view;
    const int m_k, m_leavesPerPod, m_pods, m_l2PerPod, m_upPorts, m_spg;
    std::vector<Mask> m_memberPorts; ///< per spine of a group: the up-ports of an L2 switch that reach it
    std::vector<int> m_nodes, m_links; ///< the allocation being built
    bool m_existsOnly = false; ///< whether one exists is all that is asked: nothing is built
    std::vector<int> m_candidates, m_chosen; ///< leaves (two-level) or full trees (three-level)
    // Dead ends of the leaf backtracking: (step, what the chosen have in common) -> the
    // earliest first candidate from which nothing was found.
    std::vector<std::unordered_map<Mask, size_t>> m_leafDeadEnds;

private:
    Search& self() { return static_cast<Search&>(*this); }

    bool inPod(int pod, int lT, int nL, int nR)
    {
        self().tick();
        const int first = pod * m_leavesPerPod;
        if (lT == 1 && nR == 0) { // one leaf: node links only
            for (int leaf = first; leaf < first + m_leavesPerPod; ++leaf)
                if (leafFree(leaf) >= nL) {
                    if (!m_existsOnly)
                        takeLeaf(leaf, nL, 0);
                    return true;
                }
            return false;
        }
        m_candidates.clear();
        for (int leaf = first; leaf < first + m_leavesPerPod; ++leaf)
            if (leafFree(leaf) >= nL && bitCount(leafPorts(leaf)) >= nL)
                m_candidates.push_back(leaf);
        if (static_cast<int>(m_candidates.size()) < lT)
            return false;
        m_chosen.clear();
        m_leafDeadEnds.assign(static_cast<size_t>(lT), {});
        return pickLeaves(pod, lT, nL, nR, 0, lowMask(m_l2PerPod));
    }

    /// FIND_L2: leaves in index order by backtracking; `common` is the intersection of the
    /// chosen leaves' free (usable) up-links. What can still be completed depends only on
    /// that intersection and where the search goes on: the remainder leaf may be any leaf
    /// not chosen, and a chosen leaf would do as well as any (it holds n_L > n_L^r free
    /// nodes and all of S). So a dead end (step, intersection, first leaf left) makes every
    /// later visit with the same step and intersection and no earlier first leaf a dead end.
    bool pickLeaves(int pod, int lT, int nL, int nR, size_t start, Mask common)
    {
        const size_t depth = m_chosen.size();
        if (static_cast<int>(depth) == lT)
            return finishPod(pod, nL, nR, common);
        auto& deadEnds = m_leafDeadEnds[depth];
        if (const auto seen = deadEnds.find(common); seen != deadEnds.end() && seen->second <= start)
            return false;
        for (size_t c = start; c < m_candidates.size(); ++c) {
            if (static_cast<int>(m_candidates.size() - c) < lT - static_cast<int>(depth))
                break;
            self().tick();
            const int leaf = m_candidates[c];
            const Mask mask = common & leafPorts(leaf);
            if (bitCount(mask) < nL)
                continue;
            m_chosen.push_back(leaf);
            if (pickLeaves(pod, lT, nL, nR, c + 1, mask))
                return true;
            m_chosen.pop_back();
        }
        auto [entry, inserted] = deadEnds.emplace(common, start);
        if (!inserted)
            entry->second = std::min(entry->second, start);
        return false;
    }

    bool finishPod(int pod, int nL, int nR, Mask common)
    {
        int remainderLeaf = -1;
        Mask remainderSet = 0;
        if (nR > 0) {
            for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod && remainderLeaf < 0; ++leaf) {
                if (leafFree(leaf) < nR || std::find(m_chosen.begin(), m_chosen.end(), leaf) != m_chosen.end())
                    continue;
                const Mask shared = common & leafPorts(leaf);
                if (bitCount(shared) >= nR) {
                    remainderLeaf = leaf;
                    remainderSet = lowestBits(shared, nR);
                }
            }
            if (remainderLeaf < 0)
                return false;
        }
        if (m_existsOnly)
            return true;
        // S holds S^r (condition (4): the remainder leaf reaches a subset of S).
        const Mask s = remainderSet | lowestBits(common & ~remainderSet, nL - nR);
        for (int leaf : m_chosen)
            takeLeaf(leaf, nL, s);
        if (remainderLeaf >= 0)
            takeLeaf(remainderLeaf, nR, remainderSet);
        return true;
    }
};

} // namespace placement
