// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JigsawAllocator.h"

#include "core/BoundedSort.h"
#include "core/FatTreeSearch.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <string>

namespace placement {
namespace {

using Mask = std::uint64_t;

/// One allocation search of Algorithm 1 (Jigsaw HPDC'21 §4) on a snapshot of the machine.
class JigsawSearch : public FatTreeSearch<JigsawSearch>
{
public:
    JigsawSearch(const FatTreeTopology& tree, const MachineState& state, const FatTreeFreeView& view, JigsawOrder order,
                 bool existsOnly = false)
        : FatTreeSearch(tree, state, view)
        , m_order(order)
    {
        m_existsOnly = existsOnly;
    }

    /// Whether an allocation exists, found as run() finds one but not written out.
    bool exists(int n) { return n >= 1 && n <= m_state.freeCount() && (twoLevel(n) || threeLevel(n)); }

    bool run(int n, JigsawAllocator::Allocation& out)
    {
        if (n < 1 || n > m_state.freeCount())
            return false;
        if (!twoLevel(n) && !threeLevel(n))
            return false;
        sortBounded(m_nodes, m_state.nodeCount());
        out.nodes = std::move(m_nodes);
        out.links = std::move(m_links);
        return true;
    }

private:
    friend class FatTreeSearch<JigsawSearch>;
    void tick() {}
    bool fewestLeavesFirst() const { return m_order == JigsawOrder::FewestLeavesFirst; }

    /// The values from..to in the order asked for: descending for FewestLeavesFirst.
    std::vector<int> ordered(int low, int high) const
    {
        std::vector<int> values;
        for (int v = low; v <= high; ++v)
            values.push_back(v);
        if (m_order == JigsawOrder::FewestLeavesFirst)
            std::reverse(values.begin(), values.end());
        return values;
    }

    // ---- Three-level allocations, whole leaves but the remainder leaf (§4).

    /// S and, per pod, the whole free leaves whose free up-links hold S.
    void buildProfile(Mask s)
    {
        setL2Set(s);
        const int pods = m_tree.shape().pods;
        m_whole.assign(static_cast<size_t>(pods), 0);
        for (int pod = 0; pod < pods; ++pod)
            for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod; ++leaf)
                m_whole[static_cast<size_t>(pod)] += isWhole(leaf) ? 1 : 0;
    }

    bool isWhole(int leaf) const { return leafFree(leaf) == m_k && (leafPorts(leaf) & m_s) == m_s; }
    // The three-level search's full leaves: whole leaves.
    bool fullLeaf(int leaf) const { return isWhole(leaf); }
    int fullLeaves(int pod) const { return m_whole[static_cast<size_t>(pod)]; }
    int fullLeafSize() const { return m_k; }

    bool threeLevel(int n)
    {
        const int pods = m_tree.shape().pods;
        if (pods < 2 || m_k > m_l2PerPod)
            return false; // a whole leaf needs an L2 switch for each of its nodes
        // Whatever the decomposition, floor(N / n_L) whole free leaves are needed.
        int wholeLeaves = 0;
        for (int leaf = 0; leaf < m_tree.leafCount(); ++leaf)
            wholeLeaves += leafFree(leaf) == m_k ? 1 : 0;
        if (wholeLeaves < n / m_k)
            return false;
        const int maxLeaves = std::min(m_leavesPerPod, m_upPorts);
        for (int lT : ordered(1, maxLeaves)) {
            const int nT = lT * m_k;
            const int t = n / nT;
            const int nTr = n % nT;
            if (t == 0 || (t == 1 && nTr == 0) || t + (nTr > 0 ? 1 : 0) > pods)
                continue; // not spanning trees (two-level's case), or too many trees
            m_lT = lT;
            m_t = t;
            m_lTr = nTr / m_k;
            m_nLr = nTr % m_k;
            m_hasRemainder = nTr > 0;
            // Every k-subset of the L2 indices, in increasing order (one on full trees).
            const Mask all = m_l2PerPod == 64 ? ~Mask(0) : (Mask(1) << m_l2PerPod) - 1;
            for (Mask s = m_k == 64 ? ~Mask(0) : (Mask(1) << m_k) - 1; s != 0 && (s & ~all) == 0;) {
                if (s != m_s)
                    buildProfile(s);
                if (acrossTrees())
                    return true;
                if (m_k == m_l2PerPod)
                    break;
                const Mask low = s & (~s + 1); // Gosper's hack: the next subset of k bits
                const Mask ripple = s + low;
                s = ripple | (((s ^ ripple) >> 2) / low);
            }
        }
        return false;
    }

    JigsawOrder m_order;
    std::vector<int> m_whole; ///< per pod: whole free leaves whose free up-links hold S
};

} // namespace

JigsawAllocator::JigsawAllocator(const FatTreeTopology& tree, JigsawOrder order)
    : LinkOwningAllocator(static_cast<int>(tree.links().size()))
    , m_tree(&tree)
    , m_order(order)
{
    FatTreeFreeView::checkLinkMasks(tree, "jigsaw");
}

std::string JigsawAllocator::name() const
{
    return m_order == JigsawOrder::FewestLeavesFirst ? "jigsaw" : "jigsaw-most-leaves-first";
}

std::optional<JigsawAllocator::Allocation> JigsawAllocator::search(const FatTreeTopology& tree,
                                                                   const MachineState& state,
                                                                   const FatTreeFreeView& view, int nodes,
                                                                   JigsawOrder order)
{
    Allocation allocation;
    if (!JigsawSearch(tree, state, view, order).run(nodes, allocation))
        return std::nullopt;
    return allocation;
}

std::optional<JigsawAllocator::Allocation> JigsawAllocator::find(const MachineState& state, int nodes)
{
    if (nodes < 1 || nodes > state.freeCount())
        return std::nullopt;
    if (m_viewCache.stale(state, m_ledger, 0))
        m_view.build(*m_tree, state, m_ledger);
    const size_t entry = m_viewCache.entry(*m_memo, m_view);
    if (m_memo->failed(entry, nodes))
        return std::nullopt;
    if (const SearchMemo::Recipe* recipe = m_memo->recipe(entry, nodes))
        return Allocation{SearchMemo::nodesOf(*m_tree, state, *recipe), recipe->links};
    std::optional<Allocation> found = search(*m_tree, state, m_view, nodes, m_order);
    if (found)
        m_memo->noteAllocation(entry, *m_tree, nodes, found->nodes, found->links);
    else
        m_memo->noteFailure(entry, nodes);
    return found;
}

bool JigsawAllocator::fits(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes < 1 || request.nodes > state.freeCount())
        return false;
    if (m_viewCache.stale(state, m_ledger, 0))
        m_view.build(*m_tree, state, m_ledger);
    const size_t entry = m_viewCache.entry(*m_memo, m_view);
    if (m_memo->failed(entry, request.nodes) || m_memo->fitted(entry, request.nodes))
        return m_memo->fitted(entry, request.nodes);
    const bool found = JigsawSearch(*m_tree, state, m_view, m_order, true).exists(request.nodes);
    if (found)
        m_memo->noteFit(entry, request.nodes);
    else
        m_memo->noteFailure(entry, request.nodes);
    return found;
}

std::vector<int> JigsawAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    std::optional<Allocation> found = find(state, request.nodes);
    if (!found)
        return {};
    m_ledger.propose(request.job, found->nodes, std::move(found->links));
    return std::move(found->nodes);
}

} // namespace placement
