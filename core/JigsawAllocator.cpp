// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JigsawAllocator.h"

#include "core/BoundedSort.h"
#include "core/FatTreeSearch.h"
#include "core/FatTreeTopology.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_map>

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

    /// What the trees offer for one L2 set S.
    struct Profile
    {
        Mask s = 0;
        std::vector<int> sIndices; ///< the L2 indices of S
        std::vector<int> whole; ///< per pod: whole free leaves whose free up-links hold S
        std::vector<int> spines; ///< per pod, |S| x spines per group: free up-ports to each spine
        /// Per pod and L2 switch of S, `spines` as one word: a field of (parallel links) bits
        /// per spine, its lowest bits set as many as there are free ports to that spine. The
        /// per-spine minimum of two switches is then the AND of their codes, the total a
        /// bit count.
        std::vector<Mask> codes;
        std::vector<int> kind; ///< per pod: pods with the same `codes` share a kind
    };

    int spineWidth() const { return static_cast<int>(m_profile.sIndices.size()) * m_spg; }
    const int* spinesOf(int pod) const { return m_profile.spines.data() + static_cast<size_t>(pod * spineWidth()); }
    size_t codeWidth() const { return m_profile.sIndices.size(); }
    const Mask* codesOf(int pod) const { return m_profile.codes.data() + static_cast<size_t>(pod) * codeWidth(); }
    /// The bits of spine `m`'s field in a code.
    Mask field(int m) const
    {
        const int width = m_upPorts / m_spg;
        return (width == 64 ? ~Mask(0) : (Mask(1) << width) - 1) << (m * width);
    }

    void buildProfile(Mask s)
    {
        Profile& p = m_profile;
        p.s = s;
        p.sIndices.clear();
        for (int i = 0; i < m_l2PerPod; ++i)
            if (s >> i & 1)
                p.sIndices.push_back(i);
        const int pods = m_tree.shape().pods;
        p.whole.assign(static_cast<size_t>(pods), 0);
        p.spines.assign(static_cast<size_t>(pods * spineWidth()), 0);
        p.codes.assign(static_cast<size_t>(pods) * codeWidth(), 0);
        for (int pod = 0; pod < pods; ++pod) {
            for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod; ++leaf)
                p.whole[static_cast<size_t>(pod)] += isWhole(leaf) ? 1 : 0;
            for (size_t j = 0; j < p.sIndices.size(); ++j)
                for (int m = 0; m < m_spg; ++m) {
                    const int count = bitCount(l2Ports(pod, p.sIndices[j]) & m_memberPorts[static_cast<size_t>(m)]);
                    p.spines[static_cast<size_t>(pod * spineWidth()) + j * static_cast<size_t>(m_spg)
                             + static_cast<size_t>(m)]
                        = count;
                    p.codes[static_cast<size_t>(pod) * codeWidth() + j] |= lowestBits(field(m), count);
                }
        }
        // Kinds: equal spine counts, found by a hash and confirmed element by element.
        p.kind.assign(static_cast<size_t>(pods), -1);
        std::vector<std::uint64_t> hashes(static_cast<size_t>(pods));
        for (int pod = 0; pod < pods; ++pod) {
            std::uint64_t hash = 1469598103934665603ULL; // FNV-1a
            for (const Mask* v = codesOf(pod); v != codesOf(pod) + codeWidth(); ++v)
                hash = (hash ^ *v) * 1099511628211ULL;
            hashes[static_cast<size_t>(pod)] = hash;
            p.kind[static_cast<size_t>(pod)] = pod;
            for (int earlier = 0; earlier < pod; ++earlier)
                if (hashes[static_cast<size_t>(earlier)] == hash && p.kind[static_cast<size_t>(earlier)] == earlier
                    && std::equal(codesOf(pod), codesOf(pod) + codeWidth(), codesOf(earlier))) {
                    p.kind[static_cast<size_t>(pod)] = earlier;
                    break;
                }
        }
    }

    bool isWhole(int leaf) const { return leafFree(leaf) == m_k && (leafPorts(leaf) & m_profile.s) == m_profile.s; }

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
                if (s != m_profile.s)
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

    /// FIND_L3 for the current decomposition and S. The remainder tree is chosen first (in
    /// index order), then the full trees among the others by backtracking; given the
    /// remainder tree, full trees with the same free spine ports are interchangeable.
    bool acrossTrees()
    {
        const int pods = m_tree.shape().pods;
        m_full.clear();
        for (int pod = 0; pod < pods; ++pod) {
            if (m_profile.whole[static_cast<size_t>(pod)] < m_lT)
                continue;
            bool enough = true;
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
        for (int pod = 0; pod < pods; ++pod) {
            if (m_profile.whole[static_cast<size_t>(pod)] < m_lTr
                || m_view.podFree[static_cast<size_t>(pod)] < m_lTr * m_k + m_nLr)
                continue;
            if (static_cast<int>(m_full.size()) == m_t && std::find(m_full.begin(), m_full.end(), pod) != m_full.end())
                continue; // it is needed as a full tree
            if (m_nLr > 0 && !remainderLeafPossible(pod))
                continue;
            m_remainderTree = pod;
            m_chosen.clear();
            m_treeDeadEnds.clear();
            if (pickTrees(0, unlimited))
                return true;
        }
        return false;
    }

    /// Whether `pod` has a leaf for the remainder leaf at all (free nodes and up-links into
    /// S, whole leaves to spare), whatever the full trees leave of the L2 up-links.
    bool remainderLeafPossible(int pod) const
    {
        for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod; ++leaf)
            if (leafFree(leaf) >= m_nLr && bitCount(leafPorts(leaf) & m_profile.s) >= m_nLr
                && m_profile.whole[static_cast<size_t>(pod)] - (isWhole(leaf) ? 1 : 0) >= m_lTr)
                return true;
        return false;
    }

    /// How many up-links L2 switch S[j] of the remainder tree can get inside the full trees'
    /// spine multiset `common`.
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
            const int left = static_cast<int>(m_full.size() - c);
            if (left < m_t - static_cast<int>(depth))
                break;
            const int pod = m_full[c];
            const int kind = m_profile.kind[static_cast<size_t>(pod)];
            if (pod == m_remainderTree || std::find(tried.begin(), tried.end(), kind) != tried.end())
                continue;
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
        std::vector<int> common(static_cast<size_t>(spineWidth()));
        for (size_t j = 0; j < codes.size(); ++j)
            for (int m = 0; m < m_spg; ++m)
                common[j * static_cast<size_t>(m_spg) + static_cast<size_t>(m)] = bitCount(codes[j] & field(m));
        const std::vector<int>& sIndices = m_profile.sIndices;
        int remainderLeaf = -1;
        Mask remainderSet = 0;
        if (m_hasRemainder && m_nLr > 0) {
            const int r = m_remainderTree;
            for (int leaf = r * m_leavesPerPod; leaf < (r + 1) * m_leavesPerPod && remainderLeaf < 0; ++leaf) {
                if (leafFree(leaf) < m_nLr || m_profile.whole[static_cast<size_t>(r)] - (isWhole(leaf) ? 1 : 0) < m_lTr)
                    continue;
                Mask usable = 0; // L2 switches of S that can take one more up-link
                for (size_t j = 0; j < sIndices.size(); ++j)
                    if ((leafPorts(leaf) >> sIndices[j] & 1) && remainderRoom(codes, j) >= m_lTr + 1)
                        usable |= Mask(1) << sIndices[j];
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
        // The spine multiset C_i of every L2 switch S[j]: as much as possible of what the
        // remainder tree can also reach (so its subset fits), then the rest.
        std::vector<int> star(common.size(), 0);
        for (size_t j = 0; j < sIndices.size(); ++j) {
            int want = m_lT;
            for (int pass = 0; pass < 2; ++pass)
                for (int m = 0; m < m_spg && want > 0; ++m) {
                    const size_t at = j * static_cast<size_t>(m_spg) + static_cast<size_t>(m);
                    const int limit = pass == 0 && m_remainderTree >= 0
                        ? std::min(common[at], spinesOf(m_remainderTree)[at])
                        : common[at];
                    const int add = std::min(want, limit - star[at]);
                    if (add > 0) {
                        star[at] += add;
                        want -= add;
                    }
                }
        }
        for (int pod : m_chosen) {
            int leaves = 0;
            for (int leaf = pod * m_leavesPerPod; leaf < (pod + 1) * m_leavesPerPod && leaves < m_lT; ++leaf)
                if (isWhole(leaf)) {
                    takeLeaf(leaf, m_k, m_profile.s);
                    ++leaves;
                }
            for (size_t j = 0; j < sIndices.size(); ++j)
                takeL2Ports(pod, j, star, m_lT);
        }
        if (m_hasRemainder) {
            const int r = m_remainderTree;
            int leaves = 0;
            for (int leaf = r * m_leavesPerPod; leaf < (r + 1) * m_leavesPerPod && leaves < m_lTr; ++leaf)
                if (leaf != remainderLeaf && isWhole(leaf)) {
                    takeLeaf(leaf, m_k, m_profile.s);
                    ++leaves;
                }
            if (remainderLeaf >= 0)
                takeLeaf(remainderLeaf, m_nLr, remainderSet);
            for (size_t j = 0; j < sIndices.size(); ++j)
                takeL2Ports(r, j, star, m_lTr + (remainderSet >> sIndices[j] & 1 ? 1 : 0));
        }
        return true;
    }

    /// `count` up-ports of L2 switch S[j] in `pod`, within the spine multiset `star`: per
    /// spine the lowest free ports.
    void takeL2Ports(int pod, size_t j, const std::vector<int>& star, int count)
    {
        const int i = m_profile.sIndices[j];
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
            throw std::logic_error("jigsaw: an L2 switch ran out of the up-links counted for it");
    }

    JigsawOrder m_order;
    // The three-level decomposition being tried.
    int m_lT = 0, m_t = 0, m_lTr = 0, m_nLr = 0;
    bool m_hasRemainder = false;
    int m_remainderTree = -1;
    std::vector<int> m_full; ///< trees that can be full trees
    Profile m_profile;
    // Dead ends of the tree backtracking: what the chosen have in common -> the earliest
    // first candidate from which nothing was found.
    std::unordered_map<std::string, size_t> m_treeDeadEnds;
};

} // namespace

JigsawAllocator::JigsawAllocator(const FatTreeTopology& tree, JigsawOrder order)
    : m_tree(&tree)
    , m_order(order)
    , m_ledger(static_cast<int>(tree.links().size()))
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
    m_view.build(*m_tree, state, m_ledger);
    const size_t entry = m_memo->entryFor(m_view);
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
    m_view.build(*m_tree, state, m_ledger);
    const size_t entry = m_memo->entryFor(m_view);
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

void JigsawAllocator::started(const AllocationRequest& request, const std::vector<int>& nodes)
{
    m_ledger.commit(request.job, nodes);
}

void JigsawAllocator::resume(const AllocationRequest& request, const std::vector<int>& nodes,
                             const std::vector<int>& links)
{
    m_ledger.propose(request.job, nodes, links);
    m_ledger.commit(request.job, nodes);
}

void JigsawAllocator::ended(const AllocationRequest& request, const std::vector<int>&)
{
    m_ledger.release(request.job);
}

} // namespace placement
