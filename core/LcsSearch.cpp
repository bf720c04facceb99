// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LcsSearch.h"

#include "core/Allocator.h"
#include "core/BoundedSort.h"
#include "core/FatTreeFreeView.h"
#include "core/FatTreeSearch.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <bit>
#include <chrono>

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

    /// Per L2 index and pod: the leaves (bits by position in the pod) with that up-link
    /// usable; per L2 switch its usable up-ports.
    void makeTables()
    {
        m_leafHas.assign(static_cast<size_t>(m_l2PerPod * m_pods), 0);
        for (int pod = 0, leaf = 0; pod < m_pods; ++pod)
            for (int position = 0; position < m_leavesPerPod; ++position, ++leaf)
                for (Mask ports = leafPorts(leaf); ports != 0; ports &= ports - 1)
                    m_leafHas[static_cast<size_t>(std::countr_zero(ports) * m_pods + pod)] |= Mask(1) << position;
        m_portCount.resize(static_cast<size_t>(m_pods * m_l2PerPod));
        for (size_t at = 0; at < m_portCount.size(); ++at)
            m_portCount[at] = bitCount(m_view.l2Ports[at]);
    }

    bool threeLevel(int n)
    {
        if (m_pods < 2)
            return false;
        // A leaf holds a full leaf of n_L with n_L free nodes and usable up-links.
        m_leafPortCount.resize(m_view.leafPorts.size());
        for (size_t leaf = 0; leaf < m_leafPortCount.size(); ++leaf)
            m_leafPortCount[leaf] = bitCount(m_view.leafPorts[leaf]);
        bool tables = false; // m_leafHas and m_portCount, made for the first decomposition searched
        const int maxLeaves = std::min(m_leavesPerPod, m_upPorts);
        for (int nL = std::min({m_k, m_l2PerPod, n - 1}); nL >= 1; --nL) {
            m_nL = nL;
            // Leaves that can hold a full leaf of n_L for some S: free nodes and up-links.
            m_compat.assign(static_cast<size_t>((nL + 1) * m_pods), 0);
            int holders = 0;
            for (int pod = 0, leaf = 0; pod < m_pods; ++pod)
                for (int position = 0; position < m_leavesPerPod; ++position, ++leaf)
                    if (std::min(leafFree(leaf), m_leafPortCount[static_cast<size_t>(leaf)]) >= nL) {
                        m_compat[static_cast<size_t>(pod)] |= Mask(1) << position;
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
                if (!tables) {
                    makeTables();
                    tables = true;
                }
                m_fullOk.assign(static_cast<size_t>((nL + 1) * m_pods), 1);
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
            const auto at = static_cast<size_t>(depth * m_pods + pod);
            const int leaves = bitCount(m_compat[at]);
            const bool f = m_fullOk[at] && leaves >= m_lT;
            const bool r = m_hasRemainder && m_remOk[at] && leaves >= m_lTr && podFree(pod) >= m_rem;
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
            buildProfile(s, depth);
            return acrossTrees();
        }
        const auto row = static_cast<size_t>(depth * m_pods);
        const auto nextRow = row + static_cast<size_t>(m_pods);
        for (int i = next; i <= m_l2PerPod - (m_nL - depth); ++i) {
            for (int pod = 0; pod < m_pods; ++pod) {
                const auto p = static_cast<size_t>(pod);
                const int ports = m_portCount[static_cast<size_t>(pod * m_l2PerPod + i)];
                m_compat[nextRow + p] = m_compat[row + p] & m_leafHas[static_cast<size_t>(i * m_pods + pod)];
                m_fullOk[nextRow + p] = m_fullOk[row + p] && ports >= m_lT;
                m_remOk[nextRow + p] = m_remOk[row + p] && ports >= m_lTr;
            }
            if (enoughPods(depth + 1) && chooseS(i + 1, depth + 1, s | Mask(1) << i))
                return true;
        }
        return false;
    }

    /// S and its full leaves: per pod, the leaves with n_L free nodes and S usable.
    void buildProfile(Mask s, int depth)
    {
        setL2Set(s);
        const auto row = m_compat.begin() + static_cast<std::ptrdiff_t>(depth * m_pods);
        m_whole.assign(row, row + m_pods);
    }

    // The three-level search's full leaves.
    bool fullLeaf(int leaf) const
    {
        return m_whole[static_cast<size_t>(leaf / m_leavesPerPod)] >> (leaf % m_leavesPerPod) & 1;
    }
    int fullLeaves(int pod) const { return bitCount(m_whole[static_cast<size_t>(pod)]); }
    int fullLeafSize() const { return m_nL; }

    const std::int64_t m_stepLimit;
    const bool m_timed;
    std::chrono::steady_clock::time_point m_deadline;
    int m_nL = 0, m_rem = 0; ///< n_L and the remainder tree's nodes of the decomposition being tried
    std::vector<Mask> m_leafHas; ///< [i * pods + pod]: leaves with up-link i usable
    std::vector<int> m_portCount; ///< [pod * l2PerPod + i]: usable up-ports
    std::vector<int> m_leafPortCount; ///< per leaf: usable up-ports
    // The S search, per depth (row depth * pods + pod): per pod the leaves still compatible,
    // and whether its L2 switches of S so far have L_T (full tree) or L_T^r (remainder tree)
    // usable up-links.
    std::vector<Mask> m_compat;
    std::vector<char> m_fullOk, m_remOk;
    std::vector<Mask> m_whole; ///< per pod: the leaves that hold a full leaf (n_L free, S usable)
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
