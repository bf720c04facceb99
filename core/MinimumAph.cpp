// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MinimumAph.h"

#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>

namespace placement {

double minimumSwitchTreeAph(const SwitchHierarchy& tree, int size)
{
    const auto groups = tree.parent.size();
    const std::int64_t n = size;
    constexpr std::int64_t infinity = std::numeric_limits<std::int64_t>::max() / 4;
    std::vector<int> direct(groups, 0);
    for (int group : tree.groupOfNode)
        ++direct[static_cast<size_t>(group)];
    std::vector<std::vector<int>> children(groups);
    std::vector<int> order;
    for (size_t g = 0; g < groups; ++g) {
        order.push_back(static_cast<int>(g));
        if (tree.parent[g] >= 0)
            children[static_cast<size_t>(tree.parent[g])].push_back(static_cast<int>(g));
    }
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return tree.depth[static_cast<size_t>(a)] > tree.depth[static_cast<size_t>(b)]; });
    // best[g][m]: least total over the edges inside g's subtree with m job nodes in it.
    std::vector<std::vector<std::int64_t>> best(groups);
    for (int group : order) {
        const auto g = static_cast<size_t>(group);
        std::vector<std::int64_t> current(static_cast<size_t>(std::min<std::int64_t>(direct[g], n)) + 1, 0);
        for (int child : children[g]) {
            std::vector<std::int64_t>& sub = best[static_cast<size_t>(child)];
            const size_t limit = std::min<size_t>(current.size() + sub.size() - 2, static_cast<size_t>(n));
            std::vector<std::int64_t> merged(limit + 1, infinity);
            for (size_t a = 0; a < current.size(); ++a) {
                if (current[a] >= infinity)
                    continue;
                for (size_t t = 0; t < sub.size() && a + t <= limit; ++t) {
                    const auto m = static_cast<std::int64_t>(t);
                    const std::int64_t edge = 2 * m * (n - m); // the child's edge to this group
                    merged[a + t] = std::min(merged[a + t], current[a] + sub[t] + edge);
                }
            }
            current = std::move(merged);
            sub.clear();
            sub.shrink_to_fit();
        }
        best[g] = std::move(current);
    }
    const auto& root = best[static_cast<size_t>(tree.root)];
    if (root.size() <= static_cast<size_t>(n))
        throw std::invalid_argument("minimum APH: the tree has fewer nodes than the job");
    return static_cast<double>(root[static_cast<size_t>(n)]) / static_cast<double>(n * (n - 1));
}

namespace {

std::int64_t pairSum(const std::vector<std::int64_t>& h, int extent, bool wraps)
{
    // Direct O(a²) over the box's occupied coordinates (a box side is at most the extent).
    std::int64_t total = 0;
    for (size_t x = 0; x < h.size(); ++x)
        for (size_t y = x + 1; y < h.size(); ++y) {
            const int delta = static_cast<int>(y - x);
            total += h[x] * h[y] * (wraps ? std::min(delta, extent - delta) : delta);
        }
    return total;
}

/// Per dimension d, out[d][a]: the hops along d from coordinate a to the nodes counted in
/// histograms[d] (its coordinates from 0 up; a box's histograms count from its corner).
void hopsFromEachCoordinate(const TorusTopology& torus, const std::vector<std::vector<std::int64_t>>& histograms,
                            std::vector<std::vector<std::int64_t>>& out)
{
    out.resize(histograms.size());
    for (size_t d = 0; d < histograms.size(); ++d) {
        const auto& h = histograms[d];
        auto& to = out[d];
        to.assign(h.size(), 0);
        for (size_t a = 0; a < h.size(); ++a)
            for (size_t y = 0; y < h.size(); ++y)
                if (h[y])
                    to[a] += h[y] * torus.distance(static_cast<int>(d), static_cast<int>(a), static_cast<int>(y));
    }
}

} // namespace

namespace {

/// Routers of a box `shape` filled with `count` routers: whole layers along the last
/// dimension, then the rest as one layer filled the same way (recursively) and centred in
/// its layer, so a part-filled row sits in the middle of the row, not at its end. Written
/// from out[filled] on, reusing the entries already there.
void fillBoxFrom(const std::vector<int>& shape, int dims, int count, std::vector<std::vector<int>>& out, size_t& filled,
                 std::vector<int>& prefix)
{
    if (count <= 0)
        return;
    if (dims == 1) {
        const int offset = (shape[0] - count) / 2;
        for (int x = 0; x < count; ++x) {
            prefix[0] = offset + x;
            if (filled < out.size())
                out[filled] = prefix;
            else
                out.push_back(prefix);
            ++filled;
        }
        return;
    }
    long long layer = 1;
    for (int d = 0; d + 1 < dims; ++d)
        layer *= shape[static_cast<size_t>(d)];
    const int last = dims - 1;
    const int full = static_cast<int>(count / layer);
    const int rest = static_cast<int>(count % layer);
    const int used = full + (rest ? 1 : 0);
    const int offset = (shape[static_cast<size_t>(last)] - used) / 2;
    for (int z = 0; z < full; ++z) {
        prefix[static_cast<size_t>(last)] = offset + z;
        fillBoxFrom(shape, last, static_cast<int>(layer), out, filled, prefix);
    }
    prefix[static_cast<size_t>(last)] = offset + full;
    fillBoxFrom(shape, last, rest, out, filled, prefix);
}

/// Calls `visit` with `shape` set to every box of routers that holds `routers` routers with
/// no layer along the last dimension empty: the sides of all but the last dimension from 1
/// up (no wider once they alone hold the job: a wider box only leaves more of it empty),
/// the last side the fewest layers that hold the rest.
void forEachBoxShape(const std::vector<int>& extents, int routers, std::vector<int>& shape,
                     const std::function<void()>& visit)
{
    const int dims = static_cast<int>(extents.size());
    std::function<void(int, long long)> choose = [&](int dim, long long product) {
        if (dim == dims - 1) {
            const long long last = (routers + product - 1) / product;
            if (last <= extents[static_cast<size_t>(dim)]) {
                shape[static_cast<size_t>(dim)] = static_cast<int>(last);
                visit();
            }
            return;
        }
        for (int side = 1; side <= extents[static_cast<size_t>(dim)]; ++side) {
            shape[static_cast<size_t>(dim)] = side;
            choose(dim + 1, product * side);
            if (product * side >= routers)
                break;
        }
    };
    choose(0, 1);
}

/// `cells` becomes the routers of box `shape` filled with `count` routers (fillBoxFrom()).
void fillBox(const std::vector<int>& shape, int dims, int count, std::vector<std::vector<int>>& cells,
             std::vector<int>& prefix)
{
    size_t filled = 0;
    fillBoxFrom(shape, dims, count, cells, filled, prefix);
    cells.resize(filled);
}

} // namespace

namespace {

/// L1 shapes beat boxes (a 4x4 mesh minus its corners beats a 4x3 box): improve the best box
/// by moving its most outlying router to the free router closest to everything, while
/// that lowers the total. Bounded work: skipped on very large cases.
double refineByMoves(const TorusTopology& torus, std::vector<std::vector<int>> cells, std::vector<int> weights,
                     int size, double boxAph)
{
    const int dims = torus.dimensions();
    const int routers = torus.routerCount();
    const auto& extents = torus.extents();
    const auto& wraps = torus.wraps();
    long long extentSum = 0;
    for (int extent : extents)
        extentSum += extent;
    const long long costPerRound = static_cast<long long>(routers) * extentSum;
    if (costPerRound > 2'000'000 || cells.size() > 2048)
        return boxAph;
    auto indexOf = [&](const std::vector<int>& cell) {
        int index = 0;
        for (int d = 0; d < dims; ++d)
            index += cell[static_cast<size_t>(d)] * torus.stride(d);
        return index;
    };
    auto distance = [&](int d, int x, int y) {
        const int delta = std::abs(x - y);
        return wraps[static_cast<size_t>(d)] ? std::min(delta, extents[static_cast<size_t>(d)] - delta) : delta;
    };
    std::vector<char> occupied(static_cast<size_t>(routers), 0);
    for (const auto& cell : cells)
        occupied[static_cast<size_t>(indexOf(cell))] = 1;
    std::vector<std::vector<std::int64_t>> histograms(static_cast<size_t>(dims));
    std::vector<std::int64_t> cost(static_cast<size_t>(routers));
    std::vector<std::vector<std::int64_t>> toCoordinate(static_cast<size_t>(dims));
    const long long rounds = std::max<long long>(1, 60'000'000 / costPerRound);
    for (long long round = 0; round < rounds; ++round) {
        for (int d = 0; d < dims; ++d)
            histograms[static_cast<size_t>(d)].assign(static_cast<size_t>(extents[static_cast<size_t>(d)]), 0);
        for (size_t i = 0; i < cells.size(); ++i)
            for (int d = 0; d < dims; ++d)
                histograms[static_cast<size_t>(d)][static_cast<size_t>(cells[i][static_cast<size_t>(d)])] += weights[i];
        // cost[x]: hops from router x to every job node, a sum over dimensions of the hops
        // from its coordinate to the job's (toCoordinate).
        hopsFromEachCoordinate(torus, histograms, toCoordinate);
        for (int x = 0; x < routers; ++x) {
            std::int64_t total = 0;
            for (int d = 0; d < dims; ++d)
                total += toCoordinate[static_cast<size_t>(d)][static_cast<size_t>(torus.routerCoordinate(x, d))];
            cost[static_cast<size_t>(x)] = total;
        }
        int target = -1;
        for (int x = 0; x < routers; ++x)
            if (!occupied[static_cast<size_t>(x)]
                && (target < 0 || cost[static_cast<size_t>(x)] < cost[static_cast<size_t>(target)]))
                target = x;
        if (target < 0)
            break;
        // The outlying full router whose move gains most.
        std::int64_t bestGain = 0;
        size_t moved = cells.size();
        for (size_t i = 0; i < cells.size(); ++i) {
            const std::int64_t w = weights[i];
            std::int64_t apart = 0;
            for (int d = 0; d < dims; ++d)
                apart += distance(d, cells[i][static_cast<size_t>(d)], torus.routerCoordinate(target, d));
            const std::int64_t gain
                = w * (cost[static_cast<size_t>(indexOf(cells[i]))] - (cost[static_cast<size_t>(target)] - w * apart));
            if (gain > bestGain) {
                bestGain = gain;
                moved = i;
            }
        }
        if (moved == cells.size())
            break;
        occupied[static_cast<size_t>(indexOf(cells[moved]))] = 0;
        occupied[static_cast<size_t>(target)] = 1;
        for (int d = 0; d < dims; ++d)
            cells[moved][static_cast<size_t>(d)] = torus.routerCoordinate(target, d);
    }
    std::int64_t total = 0;
    for (int d = 0; d < dims; ++d) {
        histograms[static_cast<size_t>(d)].assign(static_cast<size_t>(extents[static_cast<size_t>(d)]), 0);
        for (size_t i = 0; i < cells.size(); ++i)
            histograms[static_cast<size_t>(d)][static_cast<size_t>(cells[i][static_cast<size_t>(d)])] += weights[i];
        total += pairSum(histograms[static_cast<size_t>(d)], extents[static_cast<size_t>(d)],
                         wraps[static_cast<size_t>(d)]);
    }
    const double n = size;
    return std::min(boxAph, 2.0 * static_cast<double>(total) / (n * (n - 1)));
}

/// Rounder shapes: grow from the middle of the machine, each time taking the free router
/// closest in total to the routers taken (ties: lowest index), every router full but the
/// last. The order of the routers taken does not depend on the size (the last router's part
/// only weighs on what comes after it), so one growth serves every size: it is kept in
/// `growth` and extended when a larger size asks. Same work bound as above.
double growFromCentre(const TorusTopology& torus, int size, TorusGrowth& growth)
{
    const int dims = torus.dimensions();
    const int routers = torus.routerCount();
    const int perRouter = torus.nodesPerRouter();
    const int count = (size + perRouter - 1) / perRouter;
    if (static_cast<long long>(routers) * count * dims > 60'000'000)
        return std::numeric_limits<double>::infinity();
    const auto& extents = torus.extents();
    if (growth.taken.empty()) {
        growth.taken.assign(static_cast<size_t>(routers), 0);
        growth.hopsAlong.resize(static_cast<size_t>(dims));
        for (int d = 0; d < dims; ++d)
            growth.hopsAlong[static_cast<size_t>(d)].assign(static_cast<size_t>(extents[static_cast<size_t>(d)]), 0);
    }
    const int rowLength = extents[0];
    while (static_cast<int>(growth.order.size()) < count) {
        // A router's hops to those taken is the sum over dimensions of the hops from its
        // coordinate to theirs (hopsAlong): along a row only the first term changes.
        int next = -1;
        std::int64_t nextHops = 0;
        if (growth.order.empty()) {
            next = 0;
            for (int d = 0; d < dims; ++d)
                next += (extents[static_cast<size_t>(d)] - 1) / 2 * torus.stride(d);
        } else {
            const auto& along0 = growth.hopsAlong[0];
            for (int row = 0; row < routers; row += rowLength) {
                std::int64_t base = 0;
                for (int d = 1; d < dims; ++d)
                    base += growth
                                .hopsAlong[static_cast<size_t>(d)][static_cast<size_t>(torus.routerCoordinate(row, d))];
                for (int x0 = 0; x0 < rowLength; ++x0) {
                    const std::int64_t hops = base + along0[static_cast<size_t>(x0)];
                    if (!growth.taken[static_cast<size_t>(row + x0)] && (next < 0 || hops < nextHops)) {
                        next = row + x0;
                        nextHops = hops;
                    }
                }
            }
        }
        growth.taken[static_cast<size_t>(next)] = 1;
        growth.order.push_back(next);
        growth.hopsWhenTaken.push_back(nextHops);
        for (int d = 0; d < dims; ++d) {
            const int at = torus.routerCoordinate(next, d);
            auto& along = growth.hopsAlong[static_cast<size_t>(d)];
            for (int a = 0; a < extents[static_cast<size_t>(d)]; ++a)
                along[static_cast<size_t>(a)] += torus.distance(d, a, at);
        }
    }
    // Pairs among the first count - 1 routers (full), then the last router's part with them.
    std::int64_t fullPairs = 0;
    for (int k = 0; k + 1 < count; ++k)
        fullPairs += growth.hopsWhenTaken[static_cast<size_t>(k)];
    const std::int64_t last = size - static_cast<std::int64_t>(count - 1) * perRouter;
    const std::int64_t total = static_cast<std::int64_t>(perRouter) * perRouter * fullPairs
        + perRouter * last * growth.hopsWhenTaken[static_cast<size_t>(count - 1)];
    const double n = size;
    return 2.0 * static_cast<double>(total) / (n * (n - 1));
}

/// Large jobs: start from the whole machine and drop, one at a time, the router farthest in
/// total from the rest (a mesh loses its corners first). Same work bound as above.
double peelFromWhole(const TorusTopology& torus, int size)
{
    const int routers = torus.routerCount();
    const int perRouter = torus.nodesPerRouter();
    const int count = (size + perRouter - 1) / perRouter;
    if (static_cast<long long>(routers) * routers * torus.dimensions() > 60'000'000)
        return std::numeric_limits<double>::infinity();
    std::vector<char> kept(static_cast<size_t>(routers), 1);
    std::vector<std::int64_t> cost(static_cast<size_t>(routers), 0);
    for (int x = 0; x < routers; ++x)
        for (int y = 0; y < routers; ++y)
            cost[static_cast<size_t>(x)] += torus.hops(x * perRouter, y * perRouter);
    for (int left = routers; left > count; --left) {
        int drop = -1;
        for (int x = routers - 1; x >= 0; --x)
            if (kept[static_cast<size_t>(x)]
                && (drop < 0 || cost[static_cast<size_t>(x)] > cost[static_cast<size_t>(drop)]))
                drop = x;
        kept[static_cast<size_t>(drop)] = 0;
        for (int x = 0; x < routers; ++x)
            cost[static_cast<size_t>(x)] -= torus.hops(x * perRouter, drop * perRouter);
    }
    // The part-filled router, if any, is the most outlying one kept.
    int partial = -1;
    for (int x = 0; x < routers; ++x)
        if (kept[static_cast<size_t>(x)]
            && (partial < 0 || cost[static_cast<size_t>(x)] > cost[static_cast<size_t>(partial)]))
            partial = x;
    std::int64_t total = 0;
    auto weight = [&](int x) -> std::int64_t { return x == partial ? size - (count - 1) * perRouter : perRouter; };
    for (int x = 0; x < routers; ++x) {
        if (!kept[static_cast<size_t>(x)])
            continue;
        for (int y = x + 1; y < routers; ++y)
            if (kept[static_cast<size_t>(y)])
                total += weight(x) * weight(y) * torus.hops(x * perRouter, y * perRouter);
    }
    const double n = size;
    return 2.0 * static_cast<double>(total) / (n * (n - 1));
}

} // namespace

double minimumBoxAph(const TorusTopology& torus, int size, TorusGrowth* growth)
{
    if (!torus.emptySlots().empty())
        return minimumAphAroundEmptySlots(torus, size).aph;
    const int perRouter = torus.nodesPerRouter();
    const int routers = (size + perRouter - 1) / perRouter;
    const int dims = torus.dimensions();
    const auto& extents = torus.extents();
    const auto& wraps = torus.wraps();
    double best = std::numeric_limits<double>::infinity();
    std::vector<int> shape(static_cast<size_t>(dims), 1);
    std::vector<std::vector<std::int64_t>> histograms(static_cast<size_t>(dims));
    std::vector<std::vector<int>> cells;
    std::vector<int> prefix(static_cast<size_t>(dims), 0);
    std::vector<std::vector<int>> bestCells;
    std::vector<int> bestWeights;
    std::vector<std::vector<std::int64_t>> toCoordinate(static_cast<size_t>(dims));

    auto evaluate = [&] {
        size_t outlierIndex = 0;
        fillBox(shape, dims, routers, cells, prefix);
        for (int d = 0; d < dims; ++d)
            histograms[static_cast<size_t>(d)].assign(static_cast<size_t>(shape[static_cast<size_t>(d)]), 0);
        for (const auto& cell : cells)
            for (int d = 0; d < dims; ++d)
                histograms[static_cast<size_t>(d)][static_cast<size_t>(cell[static_cast<size_t>(d)])] += perRouter;
        // The part-filled router (if any) is the most outlying one: it loses the fewest pairs' hops.
        const int missing = routers * perRouter - size;
        if (missing > 0) {
            size_t outlier = 0;
            std::int64_t farthest = -1;
            // Per dimension, the hops from each coordinate of the box to the job's nodes.
            hopsFromEachCoordinate(torus, histograms, toCoordinate);
            for (size_t i = 0; i < cells.size(); ++i) {
                std::int64_t total = 0;
                for (int d = 0; d < dims; ++d)
                    total
                        += toCoordinate[static_cast<size_t>(d)][static_cast<size_t>(cells[i][static_cast<size_t>(d)])];
                if (total > farthest) {
                    farthest = total;
                    outlier = i;
                }
            }
            for (int d = 0; d < dims; ++d)
                histograms[static_cast<size_t>(d)][static_cast<size_t>(cells[outlier][static_cast<size_t>(d)])]
                    -= missing;
            outlierIndex = outlier;
        }
        std::int64_t total = 0;
        for (int d = 0; d < dims; ++d)
            total += pairSum(histograms[static_cast<size_t>(d)], extents[static_cast<size_t>(d)],
                             wraps[static_cast<size_t>(d)]);
        const double n = size;
        const double aph = 2.0 * static_cast<double>(total) / (n * (n - 1));
        if (aph < best) {
            best = aph;
            bestCells = cells;
            bestWeights.assign(cells.size(), perRouter);
            if (missing > 0)
                bestWeights[outlierIndex] -= missing;
        }
    };
    forEachBoxShape(extents, routers, shape, evaluate);
    if (best == std::numeric_limits<double>::infinity())
        throw std::invalid_argument("minimum APH: no box holds the job");
    best = refineByMoves(torus, bestCells, bestWeights, size, best);
    TorusGrowth local;
    return std::min({best, growFromCentre(torus, size, growth ? *growth : local), peelFromWhole(torus, size)});
}

namespace {

/// Work bound of one search step, as the searches above.
constexpr long long workBound = 60'000'000;

/// Nodes held per router, with every router's summed hops to the nodes held, kept as nodes
/// are added and removed (O(routers · dims) per change).
class Holding
{
public:
    Holding(const std::vector<int>& coordinates, const TorusTopology& torus)
        : m_coordinates(coordinates)
        , m_torus(torus)
        , m_dims(torus.dimensions())
        , m_weight(static_cast<size_t>(torus.routerCount()), 0)
        , m_cost(static_cast<size_t>(torus.routerCount()), 0)
    {}

    int routerHops(int a, int b) const
    {
        int total = 0;
        for (int d = 0; d < m_dims; ++d)
            total += m_torus.distance(d, m_coordinates[static_cast<size_t>(a * m_dims + d)],
                                      m_coordinates[static_cast<size_t>(b * m_dims + d)]);
        return total;
    }

    void change(int router, int count)
    {
        m_weight[static_cast<size_t>(router)] += count;
        m_held += count;
        for (size_t x = 0; x < m_cost.size(); ++x)
            m_cost[x] += static_cast<std::int64_t>(count) * routerHops(static_cast<int>(x), router);
    }

    /// Holds `weights` (per router) in place of what was held: O(routers · sum of extents).
    void assign(std::vector<int> weights)
    {
        m_weight = std::move(weights);
        m_held = 0;
        for (int w : m_weight)
            m_held += w;
        std::fill(m_cost.begin(), m_cost.end(), 0);
        const auto& extents = m_torus.extents();
        for (int d = 0; d < m_dims; ++d) {
            const int extent = extents[static_cast<size_t>(d)];
            std::vector<std::int64_t> histogram(static_cast<size_t>(extent), 0);
            for (size_t x = 0; x < m_weight.size(); ++x)
                histogram[static_cast<size_t>(m_coordinates[x * static_cast<size_t>(m_dims) + static_cast<size_t>(d)])]
                    += m_weight[x];
            // toCoordinate[a]: hops along d from coordinate a to every node held.
            std::vector<std::int64_t> toCoordinate(static_cast<size_t>(extent), 0);
            for (int a = 0; a < extent; ++a)
                for (int y = 0; y < extent; ++y)
                    toCoordinate[static_cast<size_t>(a)]
                        += histogram[static_cast<size_t>(y)] * m_torus.distance(d, a, y);
            for (size_t x = 0; x < m_cost.size(); ++x)
                m_cost[x] += toCoordinate[static_cast<size_t>(
                    m_coordinates[x * static_cast<size_t>(m_dims) + static_cast<size_t>(d)])];
        }
    }

    int held() const { return m_held; }
    int weight(int router) const { return m_weight[static_cast<size_t>(router)]; }
    std::int64_t cost(int router) const { return m_cost[static_cast<size_t>(router)]; }
    const std::vector<int>& weights() const { return m_weight; }

    /// Hops summed over ordered pairs of the nodes held.
    std::int64_t orderedPairHops() const
    {
        std::int64_t total = 0;
        for (size_t x = 0; x < m_weight.size(); ++x)
            total += m_weight[x] * m_cost[x];
        return total;
    }

private:
    const std::vector<int>& m_coordinates;
    const TorusTopology& m_torus;
    int m_dims;
    std::vector<int> m_weight;
    std::vector<std::int64_t> m_cost;
    int m_held = 0;
};

class Search
{
public:
    Search(const TorusTopology& torus, int size)
        : m_torus(torus)
        , m_size(size)
        , m_dims(torus.dimensions())
        , m_routers(torus.routerCount())
        , m_capacity(static_cast<size_t>(torus.routerCount()), torus.nodesPerRouter())
    {
        for (int slot : torus.emptySlots())
            --m_capacity[static_cast<size_t>(torus.routerOf(slot))];
        m_coordinates.resize(static_cast<size_t>(m_routers * m_dims));
        for (int r = 0; r < m_routers; ++r)
            for (int d = 0; d < m_dims; ++d)
                m_coordinates[static_cast<size_t>(r * m_dims + d)] = torus.routerCoordinate(r, d);
    }

    MinimumAphPlacement run()
    {
        translatedBoxes();
        const int count = (m_size + m_torus.nodesPerRouter() - 1) / m_torus.nodesPerRouter();
        const long long growth = static_cast<long long>(count) * m_routers * m_dims;
        // Growth from every router where that is cheap (small machines), else from the centre.
        if (growth * m_routers <= workBound) {
            for (int seed = 0; seed < m_routers; ++seed)
                grow(seed);
        } else if (growth <= workBound) {
            // The full router closest to the middle of the machine.
            int middle = 0;
            for (int d = 0; d < m_dims; ++d)
                middle += (m_torus.extents()[static_cast<size_t>(d)] - 1) / 2 * m_torus.stride(d);
            const Holding probe(m_coordinates, m_torus);
            int seed = -1;
            for (int r = 0; r < m_routers; ++r)
                if (m_capacity[static_cast<size_t>(r)] == m_torus.nodesPerRouter()
                    && (seed < 0 || probe.routerHops(r, middle) < probe.routerHops(seed, middle)))
                    seed = r;
            if (seed >= 0)
                grow(seed);
        }
        if (static_cast<long long>(m_routers) * m_routers * m_dims <= workBound)
            peel();
        if (m_best.nodes.empty())
            inIndexOrder(); // every search above was over its work bound: still a real placement
        if (m_best.nodes.empty())
            throw std::invalid_argument("minimum APH: the machine has fewer nodes than the job");
        return m_best;
    }

private:
    /// Adds nodes where they cost least, or drops them where they cost most, until exactly
    /// `size` are held; then moves single nodes from the most outlying router to the free
    /// slot closest to everything while that lowers the total.
    void settle(Holding& holding)
    {
        while (holding.held() < m_size) {
            int best = -1;
            for (int x = 0; x < m_routers; ++x)
                if (holding.weight(x) < m_capacity[static_cast<size_t>(x)]
                    && (best < 0 || holding.cost(x) < holding.cost(best)))
                    best = x;
            if (best < 0)
                return; // not enough nodes
            holding.change(
                best, std::min(m_capacity[static_cast<size_t>(best)] - holding.weight(best), m_size - holding.held()));
        }
        while (holding.held() > m_size) {
            int worst = -1;
            for (int x = m_routers - 1; x >= 0; --x)
                if (holding.weight(x) > 0 && (worst < 0 || holding.cost(x) > holding.cost(worst)))
                    worst = x;
            holding.change(worst, -std::min(holding.weight(worst), holding.held() - m_size));
        }
        const long long moves = workBound / std::max<long long>(1, static_cast<long long>(m_routers) * m_dims);
        for (long long move = 0; move < moves; ++move) {
            int from = -1;
            int to = -1;
            for (int x = 0; x < m_routers; ++x) {
                if (holding.weight(x) > 0 && (from < 0 || holding.cost(x) > holding.cost(from)))
                    from = x;
                if (holding.weight(x) < m_capacity[static_cast<size_t>(x)]
                    && (to < 0 || holding.cost(x) < holding.cost(to)))
                    to = x;
            }
            if (from < 0 || to < 0 || from == to)
                break;
            // Removing a node from `from` saves its cost; adding one at `to` costs what `to`
            // costs once that node has gone.
            const std::int64_t gain = holding.cost(from) - (holding.cost(to) - holding.routerHops(to, from));
            if (gain <= 0)
                break;
            holding.change(from, -1);
            holding.change(to, 1);
        }
        consider(holding);
    }

    void consider(const Holding& holding)
    {
        if (holding.held() != m_size)
            return;
        const double n = m_size;
        const double aph = static_cast<double>(holding.orderedPairHops()) / (n * (n - 1));
        if (!m_best.nodes.empty() && aph >= m_best.aph)
            return;
        m_best.aph = aph;
        m_best.nodes.clear();
        const int perRouter = m_torus.nodesPerRouter();
        for (int r = 0; r < m_routers; ++r) {
            int left = holding.weight(r);
            for (int slot = 0; slot < perRouter && left > 0; ++slot) {
                const int node = r * perRouter + slot;
                if (!m_torus.isEmptySlot(node)) {
                    m_best.nodes.push_back(node);
                    --left;
                }
            }
        }
    }

    /// The boxes that would be best without the holes, each moved to where the fewest of its
    /// slots are empty, its holes then made up by the routers closest to it.
    void translatedBoxes()
    {
        const int perRouter = m_torus.nodesPerRouter();
        const int routers = (m_size + perRouter - 1) / perRouter;
        const auto& extents = m_torus.extents();
        const auto& wraps = m_torus.wraps();
        // The three best shapes by their APH on full routers.
        struct Shape
        {
            double aph;
            std::vector<int> sides;
        };
        std::vector<Shape> shapes;
        std::vector<int> sides(static_cast<size_t>(m_dims), 1);
        std::vector<std::vector<int>> cells;
        std::vector<int> prefix(static_cast<size_t>(m_dims), 0);
        auto score = [&] {
            fillBox(sides, m_dims, routers, cells, prefix);
            std::int64_t total = 0;
            for (int d = 0; d < m_dims; ++d) {
                std::vector<std::int64_t> h(static_cast<size_t>(sides[static_cast<size_t>(d)]), 0);
                for (const auto& cell : cells)
                    h[static_cast<size_t>(cell[static_cast<size_t>(d)])] += perRouter;
                total += pairSum(h, extents[static_cast<size_t>(d)], wraps[static_cast<size_t>(d)]);
            }
            shapes.push_back({static_cast<double>(total), sides});
        };
        forEachBoxShape(extents, routers, sides, score);
        std::stable_sort(shapes.begin(), shapes.end(), [](const Shape& a, const Shape& b) { return a.aph < b.aph; });
        if (shapes.size() > 3)
            shapes.resize(3);

        std::vector<std::pair<int, int>> holes; // router, empty slots
        for (int r = 0; r < m_routers; ++r)
            if (m_capacity[static_cast<size_t>(r)] < perRouter)
                holes.emplace_back(r, perRouter - m_capacity[static_cast<size_t>(r)]);
        for (const Shape& shape : shapes) {
            fillBox(shape.sides, m_dims, routers, cells, prefix);
            if (static_cast<long long>(holes.size()) * static_cast<long long>(cells.size()) > workBound)
                continue;
            // Offsets: anywhere round a ring, within the line on a mesh.
            std::vector<int> range(static_cast<size_t>(m_dims));
            std::vector<int> offsetStride(static_cast<size_t>(m_dims));
            int offsets = 1;
            for (int d = 0; d < m_dims; ++d) {
                const auto dd = static_cast<size_t>(d);
                range[dd] = wraps[dd] ? extents[dd] : extents[dd] - shape.sides[dd] + 1;
                offsetStride[dd] = offsets;
                offsets *= range[dd];
            }
            std::vector<std::int64_t> lost(static_cast<size_t>(offsets), 0);
            for (const auto& [router, empty] : holes)
                for (const auto& cell : cells) {
                    int offset = 0;
                    bool inside = true;
                    for (int d = 0; d < m_dims && inside; ++d) {
                        const auto dd = static_cast<size_t>(d);
                        int o = m_coordinates[static_cast<size_t>(router * m_dims + d)] - cell[dd];
                        if (wraps[dd])
                            o = (o + extents[dd]) % extents[dd];
                        inside = o >= 0 && o < range[dd];
                        offset += o * offsetStride[dd];
                    }
                    if (inside)
                        lost[static_cast<size_t>(offset)] += empty;
                }
            const auto least = static_cast<int>(std::min_element(lost.begin(), lost.end()) - lost.begin());
            std::vector<int> weights(static_cast<size_t>(m_routers), 0);
            for (const auto& cell : cells) {
                int router = 0;
                for (int d = 0; d < m_dims; ++d) {
                    const auto dd = static_cast<size_t>(d);
                    const int o = least / offsetStride[dd] % range[dd];
                    router += (cell[dd] + o) % extents[dd] * m_torus.stride(d);
                }
                weights[static_cast<size_t>(router)] = m_capacity[static_cast<size_t>(router)];
            }
            Holding holding(m_coordinates, m_torus);
            holding.assign(std::move(weights));
            settle(holding);
        }
    }

    void grow(int seed)
    {
        Holding holding(m_coordinates, m_torus);
        if (m_capacity[static_cast<size_t>(seed)] == 0)
            return;
        holding.change(seed, std::min(m_capacity[static_cast<size_t>(seed)], m_size));
        settle(holding);
    }

    /// The first `size` nodes in index order, then improved as the others.
    void inIndexOrder()
    {
        std::vector<int> weights(static_cast<size_t>(m_routers), 0);
        for (int r = 0, left = m_size; r < m_routers && left > 0; ++r) {
            weights[static_cast<size_t>(r)] = std::min(m_capacity[static_cast<size_t>(r)], left);
            left -= weights[static_cast<size_t>(r)];
        }
        Holding holding(m_coordinates, m_torus);
        holding.assign(std::move(weights));
        settle(holding);
    }

    void peel()
    {
        Holding holding(m_coordinates, m_torus);
        holding.assign(m_capacity);
        settle(holding);
    }

    const TorusTopology& m_torus;
    int m_size;
    int m_dims;
    int m_routers;
    std::vector<int> m_capacity; ///< nodes per router, empty slots left out
    std::vector<int> m_coordinates; ///< router * dims + dim
    MinimumAphPlacement m_best;
};

} // namespace

MinimumAphPlacement minimumAphAroundEmptySlots(const TorusTopology& torus, int size)
{
    if (size < 2 || size > torus.usableNodeCount())
        throw std::invalid_argument("minimum APH: a job of " + std::to_string(size) + " nodes does not fit");
    return Search(torus, size).run();
}

} // namespace placement
