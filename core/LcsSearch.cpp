// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LcsSearch.h"

#include "core/Allocator.h"
#include "core/BoundedSort.h"
#include "core/FatTreeFreeView.h"
#include "core/FatTreeSearch.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace placement {
namespace {

using Mask = std::uint64_t;

/// Thrown by Search::tick() when the limits run out; caught in Search::run().
struct OutOfTime
{
};

/// One LC+S search on a snapshot: Jigsaw's conditions (HPDC'21 §3.2) without Jigsaw's
/// whole-leaf restriction (§4), on usable links.
class Search : public FatTreeSearch<Search>
{
public:
    Search(const FatTreeTopology& tree, const MachineState& state, const FatTreeFreeView& view,
           const LcsSearch::Limits& limits)
        : FatTreeSearch(tree, state, view)
        , m_stepLimit(limits.steps)
        , m_timed(limits.seconds > 0)
    {
        if (m_timed)
            m_deadline = std::chrono::steady_clock::now()
                + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(limits.seconds));
    }

    LcsSearch::Outcome run(int n)
    {
        if (n < 1 || n > m_state.freeCount())
            return LcsSearch::Outcome::NotFound;
        try {
            if (!twoLevel(n) && !threeLevel(n))
                return LcsSearch::Outcome::NotFound;
        } catch (const OutOfTime&) {
            m_nodes.clear();
            m_links.clear();
            return LcsSearch::Outcome::OutOfTime;
        }
        sortBounded(m_nodes, m_state.nodeCount());
        return LcsSearch::Outcome::Found;
    }

    using FatTreeSearch::m_links; // the allocation found
    using FatTreeSearch::m_nodes;
    std::int64_t m_steps = 0;

private:
    friend class FatTreeSearch<Search>;
    bool fewestLeavesFirst() const { return true; }

    void tick()
    {
        ++m_steps;
        if (m_stepLimit > 0 && m_steps > m_stepLimit)
            throw OutOfTime{};
        if (m_timed && (m_steps & 255) == 0 && std::chrono::steady_clock::now() >= m_deadline)
            throw OutOfTime{};
    }

    // ---- Three-level: T full trees of L_T leaves of n_L, a remainder tree (conditions (1)-(6)).

    bool threeLevel(int n)
    {
        if (m_pods < 2)
            return false;
        // Per L2 index and pod: the leaves (bits by position in the pod) with that up-link usable.
        m_leafHas.assign(static_cast<size_t>(m_l2PerPod * m_pods), 0);
        for (int leaf = 0; leaf < m_tree.leafCount(); ++leaf) {
            const int pod = leaf / m_leavesPerPod;
            const Mask bit = Mask(1) << (leaf % m_leavesPerPod);
            for (int i = 0; i < m_l2PerPod; ++i)
                if (leafPorts(leaf) >> i & 1)
                    m_leafHas[static_cast<size_t>(i * m_pods + pod)] |= bit;
        }
        m_portCount.resize(static_cast<size_t>(m_pods * m_l2PerPod));
        for (size_t at = 0; at < m_portCount.size(); ++at)
            m_portCount[at] = bitCount(m_view.l2Ports[at]);
        const int maxLeaves = std::min(m_leavesPerPod, m_upPorts);
        for (int nL = std::min({m_k, m_l2PerPod, n - 1}); nL >= 1; --nL) {
            m_nL = nL;
            // Leaves that can hold a full leaf of n_L for some S: free nodes and up-links.
            m_compat.assign(static_cast<size_t>(nL + 1), std::vector<Mask>(static_cast<size_t>(m_pods), 0));
            int holders = 0;
            for (int leaf = 0; leaf < m_tree.leafCount(); ++leaf)
                if (leafFree(leaf) >= nL && bitCount(leafPorts(leaf)) >= nL) {
                    m_compat[0][static_cast<size_t>(leaf / m_leavesPerPod)] |= Mask(1) << (leaf % m_leavesPerPod);
                    ++holders;
                }
            for (int lT = maxLeaves; lT >= 1; --lT) {
                const int nT = lT * nL;
                if (nT >= n)
                    continue; // one tree holds it: two-level's case
                m_lT = lT;
                m_t = n / nT;
                m_rem = n % nT;
                m_lTr = m_rem / nL;
                m_nLr = m_rem % nL;
                m_hasRemainder = m_rem > 0;
                if (m_t + (m_hasRemainder ? 1 : 0) > m_pods || holders < m_t * lT + m_lTr)
                    continue;
                tick();
                m_fullOk.assign(static_cast<size_t>(nL + 1), std::vector<char>(static_cast<size_t>(m_pods), 1));
                m_remOk = m_fullOk;
                if (enoughPods(0) && chooseS(0, 0, 0))
                    return true;
            }
        }
        return false;
    }

    /// Whether the pods still alive at this depth of the S search could hold T full trees
    /// and a remainder tree: a necessary condition only (pruning).
    bool enoughPods(int depth) const
    {
        int full = 0, either = 0;
        for (int pod = 0; pod < m_pods; ++pod) {
            const int leaves = bitCount(m_compat[static_cast<size_t>(depth)][static_cast<size_t>(pod)]);
            const bool f = m_fullOk[static_cast<size_t>(depth)][static_cast<size_t>(pod)] && leaves >= m_lT;
            const bool r = m_hasRemainder && m_remOk[static_cast<size_t>(depth)][static_cast<size_t>(pod)]
                && leaves >= m_lTr && podFree(pod) >= m_rem;
            full += f ? 1 : 0;
            either += f || r ? 1 : 0;
        }
        return full >= m_t && (!m_hasRemainder || either >= m_t + 1);
    }

    /// The L2 set S (conditions (4), (5)): n_L indices in increasing order, depth first.
    bool chooseS(int next, int depth, Mask s)
    {
        tick();
        if (depth == m_nL) {
            buildProfile(s, m_compat[static_cast<size_t>(depth)]);
            return acrossTrees();
        }
        const auto d = static_cast<size_t>(depth);
        for (int i = next; i <= m_l2PerPod - (m_nL - depth); ++i) {
            for (int pod = 0; pod < m_pods; ++pod) {
                const auto p = static_cast<size_t>(pod);
                const int ports = m_portCount[static_cast<size_t>(pod * m_l2PerPod + i)];
                m_compat[d + 1][p] = m_compat[d][p] & m_leafHas[static_cast<size_t>(i * m_pods + pod)];
                m_fullOk[d + 1][p] = m_fullOk[d][p] && ports >= m_lT;
                m_remOk[d + 1][p] = m_remOk[d][p] && ports >= m_lTr;
            }
            if (enoughPods(depth + 1) && chooseS(i + 1, depth + 1, s | Mask(1) << i))
                return true;
        }
        return false;
    }

    // What the trees offer for one S; see JigsawAllocator.cpp for the spine codes: per pod
    // and L2 switch of S, a field of (parallel links) bits per spine with as many low bits set
    // as it has usable ports to that spine, so a per-spine minimum is an AND, a total a count.
    int codeWidth() const { return static_cast<int>(m_sIndices.size()); }
    const Mask* codesOf(int pod) const { return m_codes.data() + static_cast<size_t>(pod * codeWidth()); }
    Mask field(int m) const
    {
        const int width = m_upPorts / m_spg;
        return lowMask(width) << (m * width);
    }
    int spineCount(int pod, size_t j, int m) const { return bitCount(codesOf(pod)[j] & field(m)); }
    bool isCompat(int leaf) const
    {
        return m_whole[static_cast<size_t>(leaf / m_leavesPerPod)] >> (leaf % m_leavesPerPod) & 1;
    }
    int compatCount(int pod) const { return bitCount(m_whole[static_cast<size_t>(pod)]); }

    void buildProfile(Mask s, const std::vector<Mask>& compat)
    {
        m_s = s;
        m_sIndices.clear();
        for (int i = 0; i < m_l2PerPod; ++i)
            if (s >> i & 1)
                m_sIndices.push_back(i);
        m_whole = compat;
        m_codes.assign(static_cast<size_t>(m_pods * codeWidth()), 0);
        m_kind.assign(static_cast<size_t>(m_pods), -1);
        std::vector<std::uint64_t> hashes(static_cast<size_t>(m_pods));
        for (int pod = 0; pod < m_pods; ++pod) {
            std::uint64_t hash = 1469598103934665603ULL; // FNV-1a
            for (size_t j = 0; j < m_sIndices.size(); ++j) {
                Mask code = 0;
                for (int m = 0; m < m_spg; ++m)
                    code |= lowestBits(field(m),
                                       bitCount(l2Ports(pod, m_sIndices[j]) & m_memberPorts[static_cast<size_t>(m)]));
                m_codes[static_cast<size_t>(pod * codeWidth()) + j] = code;
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

    /// FIND_L3 for the current decomposition and S: the remainder tree in index order, then
    /// the full trees among the others by backtracking.
    bool acrossTrees()
    {
        m_full.clear();
        for (int pod = 0; pod < m_pods; ++pod) {
            bool enough = compatCount(pod) >= m_lT;
            for (size_t j = 0; j < m_sIndices.size() && enough; ++j)
                enough = bitCount(codesOf(pod)[j]) >= m_lT;
            if (enough)
                m_full.push_back(pod);
        }
        if (static_cast<int>(m_full.size()) < m_t)
            return false;
        const std::vector<Mask> unlimited(m_sIndices.size(), ~Mask(0));
        if (!m_hasRemainder) {
            m_remainderTree = -1;
            m_chosen.clear();
            m_treeDeadEnds.clear();
            return pickTrees(0, unlimited);
        }
        for (int pod = 0; pod < m_pods; ++pod) {
            if (compatCount(pod) < m_lTr || podFree(pod) < m_rem)
                continue;
            if (static_cast<int>(m_full.size()) == m_t && std::find(m_full.begin(), m_full.end(), pod) != m_full.end())
                continue; // it is needed as a full tree
            if (m_nLr > 0 && !remainderLeafPossible(pod))
                continue;
            tick();
            m_remainderTree = pod;
            m_chosen.clear();
            m_treeDeadEnds.clear();
            if (pickTrees(0, unlimited))
                return true;
        }
        return false;
    }

    /// Whether `pod` has a remainder leaf at all (free nodes, up-links into S, L_T^r other
    /// leaves to spare), whatever the full trees leave of the L2 up-links.
    bool remainderLeafPossible(int pod) const
    {
        for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod; ++leaf)
            if (leafFree(leaf) >= m_nLr && bitCount(leafPorts(leaf) & m_s) >= m_nLr
                && compatCount(pod) - (isCompat(leaf) ? 1 : 0) >= m_lTr)
                return true;
        return false;
    }

    /// How many up-links L2 switch S[j] of the remainder tree can get inside the full trees'
    /// spine multiset (condition (6): a subset of S_i*).
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
            tick();
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
        std::vector<int> common(m_sIndices.size() * width);
        for (size_t j = 0; j < codes.size(); ++j)
            for (int m = 0; m < m_spg; ++m)
                common[j * width + static_cast<size_t>(m)] = bitCount(codes[j] & field(m));
        int remainderLeaf = -1;
        Mask remainderSet = 0;
        if (m_hasRemainder && m_nLr > 0) {
            const int r = m_remainderTree;
            for (int leaf = r * m_leavesPerPod; leaf < (r + 1) * m_leavesPerPod && remainderLeaf < 0; ++leaf) {
                if (leafFree(leaf) < m_nLr || compatCount(r) - (isCompat(leaf) ? 1 : 0) < m_lTr)
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
        // S_i* of every L2 switch S[j]: as much as possible of what the remainder tree can
        // also reach (so its subset fits), then the rest.
        std::vector<int> star(common.size(), 0);
        for (size_t j = 0; j < m_sIndices.size(); ++j) {
            int want = m_lT;
            for (int pass = 0; pass < 2; ++pass)
                for (int m = 0; m < m_spg && want > 0; ++m) {
                    const size_t at = j * width + static_cast<size_t>(m);
                    const int limit = pass == 0 && m_remainderTree >= 0
                        ? std::min(common[at], spineCount(m_remainderTree, j, m))
                        : common[at];
                    const int add = std::min(want, limit - star[at]);
                    if (add > 0) {
                        star[at] += add;
                        want -= add;
                    }
                }
        }
        for (int pod : m_chosen) {
            takeLeaves(pod, m_lT, -1);
            for (size_t j = 0; j < m_sIndices.size(); ++j)
                takeL2Ports(pod, j, star, m_lT);
        }
        if (m_hasRemainder) {
            const int r = m_remainderTree;
            takeLeaves(r, m_lTr, remainderLeaf);
            if (remainderLeaf >= 0)
                takeLeaf(remainderLeaf, m_nLr, remainderSet);
            for (size_t j = 0; j < m_sIndices.size(); ++j)
                takeL2Ports(r, j, star, m_lTr + (remainderSet >> m_sIndices[j] & 1 ? 1 : 0));
        }
        return true;
    }

    /// The first `count` leaves of `pod` that hold n_L free nodes with up-links to all of S
    /// (but `except`), n_L nodes and S each.
    void takeLeaves(int pod, int count, int except)
    {
        for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod && count > 0; ++leaf)
            if (leaf != except && isCompat(leaf)) {
                takeLeaf(leaf, m_nL, m_s);
                --count;
            }
        if (count > 0)
            throw std::logic_error("lcs: a tree ran out of the leaves counted for it");
    }

    /// `count` up-ports of L2 switch S[j] in `pod`, within the spine multiset `star`: per
    /// spine the lowest usable ports.
    void takeL2Ports(int pod, size_t j, const std::vector<int>& star, int count)
    {
        const int i = m_sIndices[j];
        const Mask usable = l2Ports(pod, i);
        for (int m = 0; m < m_spg && count > 0; ++m) {
            const size_t at = j * static_cast<size_t>(m_spg) + static_cast<size_t>(m);
            const Mask ports = lowestBits(usable & m_memberPorts[static_cast<size_t>(m)], std::min(count, star[at]));
            for (int p = 0; p < m_upPorts; ++p)
                if (ports >> p & 1) {
                    m_links.push_back(m_tree.l2Uplink(pod, i, p));
                    --count;
                }
        }
        if (count > 0)
            throw std::logic_error("lcs: an L2 switch ran out of the up-links counted for it");
    }

    const std::int64_t m_stepLimit;
    const bool m_timed;
    std::chrono::steady_clock::time_point m_deadline;
    // The three-level decomposition being tried.
    int m_nL = 0, m_lT = 0, m_t = 0, m_rem = 0, m_lTr = 0, m_nLr = 0;
    bool m_hasRemainder = false;
    std::vector<Mask> m_leafHas; ///< [i * pods + pod]: leaves with up-link i usable
    std::vector<int> m_portCount; ///< [pod * l2PerPod + i]: usable up-ports
    // The S search, per depth: per pod the leaves still compatible, and whether its L2
    // switches of S so far have L_T (full tree) or L_T^r (remainder tree) usable up-links.
    std::vector<std::vector<Mask>> m_compat;
    std::vector<std::vector<char>> m_fullOk, m_remOk;
    // The profile of a complete S.
    Mask m_s = 0;
    std::vector<int> m_sIndices;
    std::vector<Mask> m_whole; ///< per pod: the leaves that hold a full leaf (n_L free, S usable)
    std::vector<Mask> m_codes; ///< [pod * |S| + j]: spine codes
    std::vector<int> m_kind; ///< pods with equal codes share a kind
    std::vector<int> m_full; ///< pods that can be full trees
    int m_remainderTree = -1;
    std::unordered_map<std::string, size_t> m_treeDeadEnds;
};

} // namespace

LcsSearch::Result LcsSearch::run(const FatTreeTopology& tree, const MachineState& state, const FatTreeFreeView& view,
                                 int nodes, const Limits& limits)
{
    Search search(tree, state, view, limits);
    Result result;
    result.outcome = search.run(nodes);
    result.steps = search.m_steps;
    if (result.outcome == Outcome::Found) {
        result.nodes = std::move(search.m_nodes);
        result.links = std::move(search.m_links);
    }
    return result;
}

} // namespace placement
