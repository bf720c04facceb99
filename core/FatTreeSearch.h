// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/FatTreeFreeView.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace placement {

/// What Jigsaw's allocation search (HPDC'21 §4, core/JigsawAllocator.cpp) and the LC+S
/// search (core/LcsSearch.cpp) share: the snapshot they search, the allocation they build,
/// the two-level search, N = L_T n_L + n_L^r in one tree (conditions (2) and (4)), Jigsaw's
/// FIND_L2, and the three-level search across trees for one decomposition and one L2 set S,
/// FIND_L3 (conditions (1)-(6)).
///
/// `Search` supplies the hooks: tick(), called at every step (LC+S counts steps and stops
/// at its limits); fewestLeavesFirst(), the order of n_L (from min(N, leaf size) down, or
/// from 1 up); and for the three-level search which leaves can be a full leaf of a tree:
/// fullLeaf(leaf) and fullLeaves(pod) (Jigsaw: whole free leaves whose up-links hold S;
/// LC+S: leaves with n_L free nodes and S usable), and fullLeafSize(), n_L.
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

    // ---- Three-level: T full trees of L_T leaves of n_L, a remainder tree of L_T^r leaves of
    // n_L and one of n_L^r, all leaves on the L2 set S.

    /// S and what every pod offers on it: per pod and L2 switch of S, the free up-ports to
    /// each spine as one word, a field of (parallel links) bits per spine with as many low
    /// bits set as there are free ports to that spine. The per-spine minimum of two switches
    /// is then the AND of their codes, the total a bit count. Pods with equal codes share a
    /// kind: as full trees they are interchangeable.
    void setL2Set(Mask s)
    {
        m_s = s;
        m_sIndices.clear();
        for (int i = 0; i < m_l2PerPod; ++i)
            if (s >> i & 1)
                m_sIndices.push_back(i);
        m_codes.assign(static_cast<size_t>(m_pods) * codeWidth(), 0);
        m_kind.assign(static_cast<size_t>(m_pods), -1);
        std::vector<std::uint64_t>& hashes = m_podHashes;
        hashes.resize(static_cast<size_t>(m_pods));
        // One up-port per spine (no parallel links): each field is one bit, the port's own.
        const bool onePortPerSpine = m_upPorts == m_spg;
        for (int pod = 0; pod < m_pods; ++pod) {
            std::uint64_t hash = 1469598103934665603ULL; // FNV-1a, confirmed element by element
            for (size_t j = 0; j < m_sIndices.size(); ++j) {
                Mask code = 0;
                if (onePortPerSpine)
                    code = l2Ports(pod, m_sIndices[j]) & lowMask(m_upPorts);
                else
                    for (int m = 0; m < m_spg; ++m)
                        code |= lowestBits(
                            field(m), bitCount(l2Ports(pod, m_sIndices[j]) & m_memberPorts[static_cast<size_t>(m)]));
                m_codes[static_cast<size_t>(pod) * codeWidth() + j] = code;
                hash = (hash ^ code) * 1099511628211ULL;
            }
            hashes[static_cast<size_t>(pod)] = hash;
            m_kind[static_cast<size_t>(pod)] = pod;
            for (int earlier = 0; earlier < pod; ++earlier)
                if (hashes[static_cast<size_t>(earlier)] == hash && m_kind[static_cast<size_t>(earlier)] == earlier
                    && std::equal(codesOf(pod), codesOf(pod) + codeWidth(), codesOf(earlier))) {
                    m_kind[static_cast<size_t>(pod)] = earlier;
                    break;
                }
        }
    }

    size_t codeWidth() const { return m_sIndices.size(); }
    const Mask* codesOf(int pod) const { return m_codes.data() + static_cast<size_t>(pod) * codeWidth(); }
    /// The bits of spine `m`'s field in a code.
    Mask field(int m) const
    {
        const int width = m_upPorts / m_spg;
        return lowMask(width) << (m * width);
    }

    /// FIND_L3 for the current decomposition (m_lT, m_t, m_lTr, m_nLr) and S: the remainder
    /// tree in index order, then the full trees among the others by backtracking; given the
    /// remainder tree, full trees of one kind are interchangeable.
    bool acrossTrees()
    {
        m_full.clear();
        for (int pod = 0; pod < m_pods; ++pod) {
            bool enough = self().fullLeaves(pod) >= m_lT;
            for (size_t j = 0; j < codeWidth() && enough; ++j)
                enough = bitCount(codesOf(pod)[j]) >= m_lT;
            if (enough)
                m_full.push_back(pod);
        }
        if (static_cast<int>(m_full.size()) < m_t)
            return false;
        const std::vector<Mask> unlimited(codeWidth(), ~Mask(0));
        if (!m_hasRemainder) {
            m_remainderTree = -1;
            m_chosen.clear();
            m_treeDeadEnds.clear();
            return pickTrees(0, unlimited);
        }
        const int remainderNodes = m_lTr * self().fullLeafSize() + m_nLr;
        for (int pod = 0; pod < m_pods; ++pod) {
            if (self().fullLeaves(pod) < m_lTr || podFree(pod) < remainderNodes)
                continue;
            if (static_cast<int>(m_full.size()) == m_t && std::find(m_full.begin(), m_full.end(), pod) != m_full.end())
                continue; // it is needed as a full tree
            if (m_nLr > 0 && !remainderLeafPossible(pod))
                continue;
            self().tick();
            m_remainderTree = pod;
            m_chosen.clear();
            m_treeDeadEnds.clear();
            if (pickTrees(0, unlimited))
                return true;
        }
        return false;
    }

    int m_lT = 0, m_t = 0, m_lTr = 0, m_nLr = 0; ///< the three-level decomposition being tried
    bool m_hasRemainder = false;
    Mask m_s = 0; ///< the L2 set S
    std::vector<int> m_sIndices; ///< the L2 indices of S

    const FatTreeTopology& m_tree;
    const MachineState& m_state;
    const FatTreeFreeView& m_view;
    const int m_k, m_leavesPerPod, m_pods, m_l2PerPod, m_upPorts, m_spg;
    std::vector<Mask> m_memberPorts; ///< per spine of a group: the up-ports of an L2 switch that reach it
    std::vector<std::uint64_t> m_podHashes; ///< setL2Set's scratch: per pod, the hash of its codes
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

    /// Whether `pod` has a remainder leaf at all (free nodes, up-links into S, L_T^r full
    /// leaves to spare), whatever the full trees leave of the L2 up-links.
    bool remainderLeafPossible(int pod)
    {
        for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod; ++leaf)
            if (leafFree(leaf) >= m_nLr && bitCount(leafPorts(leaf) & m_s) >= m_nLr
                && self().fullLeaves(pod) - (self().fullLeaf(leaf) ? 1 : 0) >= m_lTr)
                return true;
        return false;
    }

    /// How many up-links L2 switch S[j] of the remainder tree can get inside the full trees'
    /// spine multiset `common` (condition (6): a subset of S_i*).
    int remainderRoom(const std::vector<Mask>& common, size_t j) const
    {
        return std::min(bitCount(common[j] & codesOf(m_remainderTree)[j]), m_lT);
    }

    bool feasible(const std::vector<Mask>& common) const
    {
        for (size_t j = 0; j < common.size(); ++j)
            if (bitCount(common[j]) < m_lT || (m_remainderTree >= 0 && remainderRoom(common, j) < m_lTr))
                return false;
        return true;
    }

    /// Full trees by backtracking, in index order. With the remainder tree fixed, what can
    /// still be completed depends only on the spine multisets left in common, so dead ends
    /// are remembered as for leaves (pickLeaves); trees of one kind are tried once per step.
    bool pickTrees(size_t start, const std::vector<Mask>& common)
    {
        const size_t depth = m_chosen.size();
        if (static_cast<int>(depth) == m_t)
            return finishTrees(common);
        std::string key(1 + sizeof(Mask) * common.size(), static_cast<char>(depth));
        std::memcpy(key.data() + 1, common.data(), sizeof(Mask) * common.size());
        if (const auto seen = m_treeDeadEnds.find(key); seen != m_treeDeadEnds.end() && seen->second <= start)
            return false;
        std::vector<int> tried;
        std::vector<Mask> narrowed(common.size());
        for (size_t c = start; c < m_full.size(); ++c) {
            if (static_cast<int>(m_full.size() - c) < m_t - static_cast<int>(depth))
                break;
            const int pod = m_full[c];
            const int kind = m_kind[static_cast<size_t>(pod)];
            if (pod == m_remainderTree || std::find(tried.begin(), tried.end(), kind) != tried.end())
                continue;
            self().tick();
            tried.push_back(kind);
            for (size_t at = 0; at < common.size(); ++at)
                narrowed[at] = common[at] & codesOf(pod)[at];
            if (!feasible(narrowed))
                continue;
            m_chosen.push_back(pod);
            if (pickTrees(c + 1, narrowed))
                return true;
            m_chosen.pop_back();
        }
        auto [entry, inserted] = m_treeDeadEnds.emplace(std::move(key), start);
        if (!inserted)
            entry->second = std::min(entry->second, start);
        return false;
    }

    bool finishTrees(const std::vector<Mask>& codes)
    {
        const auto width = static_cast<size_t>(m_spg);
        std::vector<int> common(codeWidth() * width); // per L2 switch of S and spine: ports left in common
        for (size_t j = 0; j < codes.size(); ++j)
            for (int m = 0; m < m_spg; ++m)
                common[j * width + static_cast<size_t>(m)] = bitCount(codes[j] & field(m));
        int remainderLeaf = -1;
        Mask remainderSet = 0;
        if (m_hasRemainder && m_nLr > 0) {
            const int r = m_remainderTree;
            for (int leaf = r * m_leavesPerPod; leaf < (r + 1) * m_leavesPerPod && remainderLeaf < 0; ++leaf) {
                if (leafFree(leaf) < m_nLr || self().fullLeaves(r) - (self().fullLeaf(leaf) ? 1 : 0) < m_lTr)
                    continue;
                Mask usable = 0; // L2 switches of S that can take one more up-link
                for (size_t j = 0; j < m_sIndices.size(); ++j)
                    if ((leafPorts(leaf) >> m_sIndices[j] & 1) && remainderRoom(codes, j) >= m_lTr + 1)
                        usable |= Mask(1) << m_sIndices[j];
                if (bitCount(usable) >= m_nLr) {
                    remainderLeaf = leaf;
                    remainderSet = lowestBits(usable, m_nLr);
                }
            }
            if (remainderLeaf < 0)
                return false;
        }
        if (m_existsOnly)
            return true;
        // The spine multiset S_i* of every L2 switch S[j]: as much as possible of what the
        // remainder tree can also reach (so its subset fits), then the rest.
        std::vector<int> star(common.size(), 0);
        for (size_t j = 0; j < m_sIndices.size(); ++j) {
            int want = m_lT;
            for (int pass = 0; pass < 2; ++pass)
                for (int m = 0; m < m_spg && want > 0; ++m) {
                    const size_t at = j * width + static_cast<size_t>(m);
                    const int limit = pass == 0 && m_remainderTree >= 0
                        ? std::min(common[at], bitCount(codesOf(m_remainderTree)[j] & field(m)))
                        : common[at];
                    const int add = std::min(want, limit - star[at]);
                    if (add > 0) {
                        star[at] += add;
                        want -= add;
                    }
                }
        }
        for (int pod : m_chosen) {
            takeFullLeaves(pod, m_lT, -1);
            for (size_t j = 0; j < m_sIndices.size(); ++j)
                takeL2Ports(pod, j, star, m_lT);
        }
        if (m_hasRemainder) {
            const int r = m_remainderTree;
            takeFullLeaves(r, m_lTr, remainderLeaf);
            if (remainderLeaf >= 0)
                takeLeaf(remainderLeaf, m_nLr, remainderSet);
            for (size_t j = 0; j < m_sIndices.size(); ++j)
                takeL2Ports(r, j, star, m_lTr + (remainderSet >> m_sIndices[j] & 1 ? 1 : 0));
        }
        return true;
    }

    /// The first `count` full leaves of `pod` (but `except`), n_L nodes and S each.
    void takeFullLeaves(int pod, int count, int except)
    {
        for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod && count > 0; ++leaf)
            if (leaf != except && self().fullLeaf(leaf)) {
                takeLeaf(leaf, self().fullLeafSize(), m_s);
                --count;
            }
        if (count > 0)
            throw std::logic_error("fat-tree search: a tree ran out of the leaves counted for it");
    }

    /// `count` up-ports of L2 switch S[j] in `pod`, within the spine multiset `star`: per
    /// spine the lowest free ports.
    void takeL2Ports(int pod, size_t j, const std::vector<int>& star, int count)
    {
        const int i = m_sIndices[j];
        const Mask free = l2Ports(pod, i);
        for (int m = 0; m < m_spg && count > 0; ++m) {
            const size_t at = j * static_cast<size_t>(m_spg) + static_cast<size_t>(m);
            const Mask ports = lowestBits(free & m_memberPorts[static_cast<size_t>(m)], std::min(count, star[at]));
            for (Mask left = ports; left; left &= left - 1) {
                m_links.push_back(m_tree.l2Uplink(pod, i, std::countr_zero(left)));
                --count;
            }
        }
        if (count > 0)
            throw std::logic_error("fat-tree search: an L2 switch ran out of the up-links counted for it");
    }

    std::vector<Mask> m_codes; ///< [pod * |S| + j]: spine codes of S
    std::vector<int> m_kind; ///< per pod: pods with equal codes share a kind
    std::vector<int> m_full; ///< pods that can be full trees
    int m_remainderTree = -1;
    // Dead ends of the tree backtracking: (step, what the chosen have in common) -> the
    // earliest first candidate from which nothing was found.
    std::unordered_map<std::string, size_t> m_treeDeadEnds;
};

} // namespace placement
