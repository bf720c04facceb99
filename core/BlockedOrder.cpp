// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/BlockedOrder.h"

#include "core/TorusTopology.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace placement {
namespace {

constexpr int MaxDimensions = 6;
using Coordinates = std::array<int, MaxDimensions>;

/// A box of routers: lo[d] .. hi[d] inclusive in every dimension.
struct Box
{
    Coordinates lo{};
    Coordinates hi{};
};

/// Fewest hops between any router of `a` and any router of `b` (two disjoint arcs of a ring
/// are closest at their ends).
int boxDistance(const TorusTopology& torus, const Box& a, const Box& b)
{
    int total = 0;
    for (int d = 0; d < torus.dimensions(); ++d) {
        if (a.lo[d] <= b.hi[d] && b.lo[d] <= a.hi[d])
            continue;
        total += std::min({torus.distance(d, a.lo[d], b.lo[d]), torus.distance(d, a.lo[d], b.hi[d]),
                           torus.distance(d, a.hi[d], b.lo[d]), torus.distance(d, a.hi[d], b.hi[d])});
    }
    return total;
}

/// Raster or boustrophedon walk through a grid of `counts` cells (Titan's block chains and the
/// walk through a block's groups). `reverseFirst[level]` starts that level at the high end.
class GridWalk
{
public:
    GridWalk(const std::vector<BlockChainLevel>& levels, const Coordinates& counts, bool serpentine,
             const std::vector<char>& reverseFirst)
        : m_levels(levels)
        , m_serpentine(serpentine)
        , m_reverseFirst(reverseFirst)
        , m_passes(levels.size(), 0)
        , m_hi(counts)
    {}

    std::vector<Coordinates> cells()
    {
        m_cells.clear();
        walk(static_cast<int>(m_levels.size()) - 1);
        return m_cells;
    }

private:
    void walk(int level)
    {
        if (level < 0) {
            m_cells.push_back(m_lo);
            return;
        }
        const int d = m_levels[static_cast<size_t>(level)].dimension;
        int unit = 1; // the strip of the next level in for this dimension
        for (int inner = level - 1; inner >= 0; --inner)
            if (m_levels[static_cast<size_t>(inner)].dimension == d) {
                unit = m_levels[static_cast<size_t>(inner)].strip;
                break;
            }
        const int low = m_lo[d];
        const int high = m_hi[d];
        const int count = (high - low + unit - 1) / unit;
        const bool again = m_passes[static_cast<size_t>(level)]++ % 2 == 1;
        const bool reversed = (m_reverseFirst[static_cast<size_t>(level)] != 0) != (m_serpentine && again);
        for (int i = 0; i < count; ++i) {
            const int j = reversed ? count - 1 - i : i;
            m_lo[d] = low + j * unit;
            m_hi[d] = std::min(high, m_lo[d] + unit);
            walk(level - 1);
        }
        m_lo[d] = low;
        m_hi[d] = high;
    }

    const std::vector<BlockChainLevel>& m_levels;
    bool m_serpentine;
    const std::vector<char>& m_reverseFirst;
    std::vector<long long> m_passes;
    Coordinates m_lo{};
    Coordinates m_hi{};
    std::vector<Coordinates> m_cells;
};

void checkLayout(const TorusTopology& torus, const BlockedLayout& layout)
{
    const int dims = torus.dimensions();
    const std::string what = "blocked order '" + layout.name + "': ";
    if (dims > MaxDimensions)
        throw std::invalid_argument(what + "at most " + std::to_string(MaxDimensions) + " dimensions");
    if (static_cast<int>(layout.blockExtents.size()) != dims)
        throw std::invalid_argument(what + "needs one block extent per dimension (" + std::to_string(dims) + ")");
    for (int extent : layout.blockExtents)
        if (extent < 1 || (extent > 1 && extent % 2))
            throw std::invalid_argument(what + "block extents must be even (or 1), got " + std::to_string(extent));
    std::vector<int> lastStrip(static_cast<size_t>(dims), -1);
    for (size_t k = 0; k < layout.chain.size(); ++k) {
        const BlockChainLevel& level = layout.chain[k];
        if (level.dimension < 0 || level.dimension >= dims)
            throw std::invalid_argument(what + "chain names dimension " + std::to_string(level.dimension));
        int& previous = lastStrip[static_cast<size_t>(level.dimension)];
        if (previous == 0 || (previous > 0 && level.strip != 0 && level.strip <= previous))
            throw std::invalid_argument(what + "a dimension's inner chain levels need strips growing outwards");
        previous = level.strip;
    }
    for (int d = 0; d < dims; ++d)
        if (lastStrip[static_cast<size_t>(d)] < 0)
            throw std::invalid_argument(what + "the chain must walk every dimension");
    if (!layout.preference.empty()) {
        std::vector<int> sorted = layout.preference;
        std::sort(sorted.begin(), sorted.end());
        for (int d = 0; d < dims; ++d)
            if (static_cast<int>(sorted.size()) != dims || sorted[static_cast<size_t>(d)] != d)
                throw std::invalid_argument(what + "the preference must list every dimension once");
    }
}

} // namespace

BlockedLayout alpsLayout(AlpsLayout layout)
{
    constexpr int x = 0;
    constexpr int y = 1;
    constexpr int z = 2;
    BlockedLayout result;
    result.blockExtents = {4, 2, 4}; // Titan SC'16 §VI, Fig. 10: 4x2x4, start and end in Z
    switch (layout) {
    case AlpsLayout::Zyx:
        result.name = "alps-zyx";
        result.chain = {{z, 0}, {y, 0}, {x, 0}};
        result.preference = {z, y, x};
        break;
    case AlpsLayout::Zxy:
    case AlpsLayout::Zxy3d:
        result.name = layout == AlpsLayout::Zxy ? "alps-zxy" : "alps-zxy-3d";
        result.chain = {{z, 0}, {x, 0}, {y, 0}};
        result.preference = {z, x, y};
        result.serpentine = layout == AlpsLayout::Zxy;
        break;
    case AlpsLayout::Balanced:
    case AlpsLayout::Balanced3d:
        result.name = layout == AlpsLayout::Balanced ? "alps-balanced" : "alps-balanced-3d";
        result.chain = {{z, 0}, {x, 2}, {y, 0}, {x, 0}};
        result.preference = {z, x, y};
        result.serpentine = layout == AlpsLayout::Balanced;
        break;
    }
    return result;
}

std::vector<int> alpsOrder(const TorusTopology& torus, AlpsLayout layout)
{
    const BlockedLayout parameters = alpsLayout(layout);
    if (torus.dimensions() != 3)
        throw std::invalid_argument("node order '" + parameters.name + "' needs a 3D torus, not a " + torus.describe());
    return blockedOrder(torus, parameters);
}

std::vector<int> blockedOrder(const TorusTopology& torus, const BlockedLayout& layout)
{
    checkLayout(torus, layout);
    const int dims = torus.dimensions();
    std::vector<int> preference = layout.preference;
    if (preference.empty()) {
        preference.resize(static_cast<size_t>(dims));
        std::iota(preference.begin(), preference.end(), 0);
    }
    Coordinates extents{};
    Coordinates blockExtent{};
    Coordinates blockCounts{};
    for (int d = 0; d < dims; ++d) {
        extents[d] = torus.extents()[static_cast<size_t>(d)];
        blockExtent[d] = std::min(layout.blockExtents[static_cast<size_t>(d)], extents[d]);
        blockCounts[d] = (extents[d] + blockExtent[d] - 1) / blockExtent[d];
    }
    auto blockBox = [&](const Coordinates& cell) {
        Box box;
        for (int d = 0; d < dims; ++d) {
            box.lo[d] = cell[d] * blockExtent[d];
            box.hi[d] = std::min(extents[d], box.lo[d] + blockExtent[d]) - 1;
        }
        return box;
    };

    // 1. The blocks, in chain order.
    const std::vector<char> forward(layout.chain.size(), 0);
    const std::vector<Coordinates> blocks = GridWalk(layout.chain, blockCounts, layout.serpentine, forward).cells();

    // 2. The 2x2x2 groups, block by block. Each block's groups are walked by the boustrophedon
    //    (dimension order and starting corner) that starts closest to the previous block's last
    //    group and, among those, ends closest to the next block; ties go to the first in a fixed
    //    enumeration (dimension orders from the preferred one, corners from the low one).
    std::vector<Box> groups;
    Box previous; // the origin router before the first block
    std::vector<int> permutation(static_cast<size_t>(dims));
    for (size_t b = 0; b < blocks.size(); ++b) {
        const Box block = blockBox(blocks[b]);
        Coordinates groupCounts{};
        for (int d = 0; d < dims; ++d)
            groupCounts[d] = (block.hi[d] - block.lo[d] + 2) / 2;
        auto groupBox = [&](const Coordinates& cell) {
            Box box;
            for (int d = 0; d < dims; ++d) {
                box.lo[d] = block.lo[d] + 2 * cell[d];
                box.hi[d] = std::min(block.hi[d], box.lo[d] + 1);
            }
            return box;
        };
        const bool last = b + 1 == blocks.size();
        const Box next = last ? Box() : blockBox(blocks[b + 1]);
        std::vector<Coordinates> best;
        int bestEntry = std::numeric_limits<int>::max();
        int bestExit = bestEntry;
        std::iota(permutation.begin(), permutation.end(), 0);
        do {
            std::vector<BlockChainLevel> levels;
            levels.reserve(static_cast<size_t>(dims));
            for (int k = 0; k < dims; ++k)
                levels.push_back({preference[static_cast<size_t>(permutation[static_cast<size_t>(k)])], 0});
            for (int corner = 0; corner < (1 << dims); ++corner) {
                std::vector<char> reverseFirst(static_cast<size_t>(dims), 0);
                bool redundant = false;
                for (int k = 0; k < dims; ++k) {
                    const int d = levels[static_cast<size_t>(k)].dimension;
                    reverseFirst[static_cast<size_t>(k)] = static_cast<char>((corner >> d) & 1);
                    redundant = redundant || (reverseFirst[static_cast<size_t>(k)] && groupCounts[d] == 1);
                }
                if (redundant)
                    continue;
                std::vector<Coordinates> walk = GridWalk(levels, groupCounts, true, reverseFirst).cells();
                const int entry = boxDistance(torus, previous, groupBox(walk.front()));
                const int exit = last ? 0 : boxDistance(torus, groupBox(walk.back()), next);
                if (entry < bestEntry || (entry == bestEntry && exit < bestExit)) {
                    bestEntry = entry;
                    bestExit = exit;
                    best = std::move(walk);
                }
            }
        } while (std::next_permutation(permutation.begin(), permutation.end()));
        for (const Coordinates& cell : best)
            groups.push_back(groupBox(cell));
        previous = groups.back();
    }

    // 3. The routers, group by group: the 2x2x2 Hilbert curve (reflected Gray code) from an entry
    //    corner to an exit corner one link away: the entry closest to the previous router and,
    //    among those, the exit closest to the next group. The exit's axis is walked last, the
    //    others in preference order. Ties: the first corner from the low one, then the exit
    //    axis least preferred.
    std::vector<int> routers;
    routers.reserve(static_cast<size_t>(torus.routerCount()));
    Box at; // the previous router, as a box of one
    auto routerOf = [&](const Coordinates& c) {
        int router = 0;
        for (int d = 0; d < dims; ++d)
            router += c[d] * torus.stride(d);
        return router;
    };
    for (size_t g = 0; g < groups.size(); ++g) {
        const Box& group = groups[g];
        std::vector<int> active; // dimensions two routers thick, in preference order
        for (int d : preference)
            if (group.hi[d] > group.lo[d])
                active.push_back(d);
        const int k = static_cast<int>(active.size());
        auto cornerOf = [&](int bits) {
            Box corner;
            for (int d = 0; d < dims; ++d)
                corner.lo[d] = corner.hi[d] = group.lo[d];
            for (int i = 0; i < k; ++i)
                if ((bits >> i) & 1)
                    corner.lo[active[static_cast<size_t>(i)]] = corner.hi[active[static_cast<size_t>(i)]]
                        = group.hi[active[static_cast<size_t>(i)]];
            return corner;
        };
        const bool lastGroup = g + 1 == groups.size();
        int bestCorner = 0;
        int bestFlip = k - 1;
        int bestEntry = std::numeric_limits<int>::max();
        int bestExit = bestEntry;
        for (int corner = 0; corner < (1 << k); ++corner) {
            const int entry = boxDistance(torus, at, cornerOf(corner));
            for (int flip = k - 1; flip >= 0; --flip) {
                const int exit = lastGroup ? 0 : boxDistance(torus, cornerOf(corner ^ (1 << flip)), groups[g + 1]);
                if (entry < bestEntry || (entry == bestEntry && exit < bestExit)) {
                    bestEntry = entry;
                    bestExit = exit;
                    bestCorner = corner;
                    bestFlip = flip;
                }
            }
        }
        // Gray code over the active axes: the others (preference order) in the low bits, the
        // exit axis in the top bit, so the last code word differs from the first in it alone.
        std::vector<int> axisOfBit;
        for (int i = 0; i < k; ++i)
            if (i != bestFlip)
                axisOfBit.push_back(i);
        if (k > 0)
            axisOfBit.push_back(bestFlip);
        for (int step = 0; step < (1 << k); ++step) {
            const int gray = step ^ (step >> 1);
            int bits = bestCorner;
            for (int i = 0; i < k; ++i)
                if ((gray >> i) & 1)
                    bits ^= 1 << axisOfBit[static_cast<size_t>(i)];
            const Box router = cornerOf(bits);
            routers.push_back(routerOf(router.lo));
            at = router;
        }
    }

    std::vector<int> nodes;
    nodes.reserve(static_cast<size_t>(torus.nodeCount()));
    for (int router : routers)
        for (int slot = 0; slot < torus.nodesPerRouter(); ++slot)
            nodes.push_back(router * torus.nodesPerRouter() + slot);
    return nodes;
}

} // namespace placement
