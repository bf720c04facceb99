// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace placement {

class FatTreeTopology;
class LinkLedger;
class LinkLedgerBase;
class MachineState;

/// What is free on a three-level fat-tree, as the link-allocating policies (Jigsaw, LaaS)
/// search it: free nodes per leaf and pod, and the free up-links of every leaf and L2
/// switch as bit masks (so a pod may have at most 64 L2 switches and an L2 switch at most
/// 64 up-links; checkLinkMasks() says so up front).
struct FatTreeFreeView
{
    std::vector<int> leafFree; ///< free nodes per leaf
    std::vector<int> podFree; ///< free nodes per pod
    /// Per leaf: bit i set when its up-link to L2 switch i of its pod is free.
    std::vector<std::uint64_t> leafPorts;
    /// Per L2 switch (pod * l2PerPod + i): bit p set when its up-port p is free.
    std::vector<std::uint64_t> l2Ports;

    /// Fills leafFree and podFree from the nodes of `state`.
    void countFree(const FatTreeTopology& tree, const MachineState& state);
    /// Fills the view from the nodes of `state` and the links `ledger` holds on it.
    void build(const FatTreeTopology& tree, const MachineState& state, const LinkLedger& ledger);

    /// A hash of the view: the sum of one term per word (its position and value), so that
    /// changing one word changes the hash by one term (term(position, now) - term(position,
    /// before)). Positions: leafFree[i] is i, leafPorts[i] leafFree.size() + i, l2Ports[i]
    /// 2 * leafFree.size() + i.
    std::uint64_t hash() const;
    static std::uint64_t term(size_t position, std::uint64_t value)
    {
        const std::uint64_t x = (value + (position + 1) * 0x9E3779B97F4A7C15ULL) * 0xBF58476D1CE4E5B9ULL;
        return x ^ (x >> 29);
    }

    /// Throws std::invalid_argument when the tree's switches have more ports than a mask
    /// holds; `policy` names the caller in the message.
    static void checkLinkMasks(const FatTreeTopology& tree, const char* policy);

    /// The first `count` free nodes of `leaf`, in index order, appended to `nodes`.
    static void takeFreeNodes(const FatTreeTopology& tree, const MachineState& state, int leaf, int count,
                              std::vector<int>& nodes);

private:
    std::vector<std::uint64_t> m_busy; ///< scratch: busy links as bits
};

/// What allocation searches found (Jigsaw, LaaS), remembered by the exact view they ran
/// on. Their searches are functions of the view and the size asked for: free nodes per leaf
/// and the free up-links decide whether an allocation exists, and which nodes of a leaf it
/// takes matters only once one is found. So a size that failed (or fitted) on a view fails
/// (fits) again on an equal view, whichever machine state, copy of the allocator or
/// reservation replay it comes from, and the memo may be shared by an allocator and its
/// copies. Views recur while nothing ends: the EASY window asks the same sizes on every
/// pass, reservations replay the same futures, and backfill candidates are checked against
/// the same reservation again. The latest views are kept. An allocation found
/// is kept as a recipe (leaves, counts, links): on another machine state with an equal view
/// the search would choose the same, and only which nodes of a leaf are free may differ.
class SearchMemo
{
public:
    /// An allocation found, as it is made again on any machine with an equal view: how many
    /// nodes of which leaves (the search takes the lowest free nodes of a leaf) and the links.
    struct Recipe
    {
        int nodes = 0; ///< the size asked for
        std::vector<std::pair<int, int>> leaves; ///< (leaf, nodes taken), leaves increasing
        std::vector<int> links; ///< as the search gave them
    };

    /// The entry of a view equal to `view`, made (in place of the oldest one when the memo
    /// is full) if there is none. Valid until an entry is made (generation()).
    size_t entryFor(const FatTreeFreeView& view) { return entryFor(view, view.hash()); }
    /// The same with the view's hash() known.
    size_t entryFor(const FatTreeFreeView& view, std::uint64_t hash);
    /// How many entries were made so far: an entry found at the same generation is still the
    /// view's.
    std::uint64_t generation() const { return m_generation; }
    bool failed(size_t entry, int nodes) const { return contains(m_entries[entry].fails, nodes); }
    bool fitted(size_t entry, int nodes) const
    {
        return contains(m_entries[entry].fits, nodes) || recipe(entry, nodes);
    }
    /// How the allocation for `nodes` was made on this view, or nullptr.
    const Recipe* recipe(size_t entry, int nodes) const;
    void noteFailure(size_t entry, int nodes) { m_entries[entry].fails.push_back(nodes); }
    void noteFit(size_t entry, int nodes) { m_entries[entry].fits.push_back(nodes); }
    /// Remembers an allocation of `nodes` made of `allocated` (sorted: nodes used and idle)
    /// and `links`.
    void noteAllocation(size_t entry, const FatTreeTopology& tree, int nodes, const std::vector<int>& allocated,
                        const std::vector<int>& links);
    /// The nodes of `recipe` on `state`, sorted.
    static std::vector<int> nodesOf(const FatTreeTopology& tree, const MachineState& state, const Recipe& recipe);

private:
    struct Entry
    {
        std::vector<int> leafFree;
        std::vector<std::uint64_t> leafPorts, l2Ports;
        std::vector<int> fails, fits; ///< sizes
        std::vector<Recipe> recipes;
    };
    static bool contains(const std::vector<int>& sizes, int nodes)
    {
        return std::find(sizes.begin(), sizes.end(), nodes) != sizes.end();
    }

    static constexpr size_t capacity = 256;
    std::vector<Entry> m_entries;
    std::vector<std::uint64_t> m_hashes; ///< per entry: of its view
    std::unordered_map<std::uint64_t, size_t> m_byHash; ///< the entry holding a view of that hash
    size_t m_next = 0; ///< the entry replaced next when the memo is full (oldest first)
    std::uint64_t m_generation = 0;
};

/// A view and its memo entry kept across calls while nothing they were read from changed.
/// Backfill candidates are tried one after another on one machine state; while none starts,
/// each would build the same view and hash it to the same entry.
class ViewCache
{
public:
    /// What a view was built from.
    struct Key
    {
        std::uint64_t state = 0, stateVersion = 0, ledger = 0, ledgerVersion = 0;
        int demand = 0;
    };

    /// Whether the view must be built (again) for `state`, `ledger` and `demand`: on the first
    /// call, and whenever one of them is another (a copy is another) or changed (a job took or
    /// gave back nodes or links) since the view was last built. The caller then builds it.
    bool stale(const MachineState& state, const LinkLedgerBase& ledger, int demand);
    /// After stale() said so: what the view was built from before (all 0 on the first call),
    /// for a caller that brings it up to date instead of building it again.
    const Key& previous() const { return m_previous; }
    /// The memo entry of `view`, looked up again only when the view was rebuilt, or the memo
    /// is another or made entries since (one may have taken this one's place).
    size_t entry(SearchMemo& memo, const FatTreeFreeView& view) { return entry(memo, view, 0, false); }
    /// The same with the view's hash() known.
    size_t entry(SearchMemo& memo, const FatTreeFreeView& view, std::uint64_t hash)
    {
        return entry(memo, view, hash, true);
    }

private:
    size_t entry(SearchMemo& memo, const FatTreeFreeView& view, std::uint64_t hash, bool hashed);

    Key m_key, m_previous;
    bool m_rebuilt = true;
    const SearchMemo* m_memo = nullptr;
    std::uint64_t m_generation = 0;
    size_t m_entry = 0;
};

/// Number of set bits (SWAR: inline everywhere, where __builtin_popcountll becomes a call
/// into libgcc on a plain x86-64 build).
inline int bitCount(std::uint64_t mask)
{
    mask -= (mask >> 1) & 0x5555555555555555ULL;
    mask = (mask & 0x3333333333333333ULL) + ((mask >> 2) & 0x3333333333333333ULL);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((mask * 0x0101010101010101ULL) >> 56);
}

/// How many of values[0 .. count) are negative (free nodes in an owner array): four at a
/// time where the machine has SSE2.
inline int countNegative(const int* values, int count)
{
    int i = 0;
    int negative = 0;
#if defined(__SSE2__)
    __m128i sum = _mm_setzero_si128();
    for (; i + 4 <= count; i += 4)
        sum = _mm_add_epi32(sum, _mm_srli_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(values + i)), 31));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
    negative = _mm_cvtsi128_si32(sum);
#endif
    for (; i < count; ++i)
        negative += static_cast<int>(static_cast<unsigned>(values[i]) >> 31);
    return negative;
}

/// Bit p set for every p < width (at most 64) with values[p] <= limit: four at a time where
/// the machine has SSE2.
inline std::uint64_t atMostMask(const int* values, int width, int limit)
{
    std::uint64_t mask = 0;
    int p = 0;
#if defined(__SSE2__)
    const __m128i bound = _mm_set1_epi32(limit);
    for (; p + 4 <= width; p += 4) {
        const __m128i above = _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(values + p)), bound);
        mask |= static_cast<std::uint64_t>(~_mm_movemask_ps(_mm_castsi128_ps(above)) & 0xF) << p;
    }
#endif
    for (; p < width; ++p)
        mask |= std::uint64_t(values[p] <= limit) << p;
    return mask;
}

/// The `count` lowest set bits of `mask` (all of them if it has fewer).
inline std::uint64_t lowestBits(std::uint64_t mask, int count)
{
    std::uint64_t kept = 0;
    for (; count > 0 && mask; --count) {
        const std::uint64_t bit = mask & (~mask + 1);
        kept |= bit;
        mask &= mask - 1;
    }
    return kept;
}

} // namespace placement
