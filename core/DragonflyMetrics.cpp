// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// PlacementAnalyzer on dragonflies (core/DragonflyTopology.h; docs/metrics.md §Dragonfly).

#include "core/DragonflyTopology.h"
#include "core/PlacementMetrics.h"

#include <algorithm>
#include <span>

namespace placement {

void PlacementAnalyzer::measureDragonfly(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    const DragonflyTopology& df = *m_dragonfly;
    const int perRouter = df.nodesPerRouter();
    const int perGroup = df.routersPerGroup();
    const int rows = df.shape().rows;
    const int columns = df.shape().columns;
    const bool twoDimensional = rows > 1 && columns > 1;
    if (!twoDimensional) {
        measureAllToAllDragonfly(nodes, metrics);
        return;
    }
    m_touched.clear();
    m_touchedGroups.clear();
    int low = nodes.front();
    int high = low;
    for (int node : nodes) {
        checkNode(node);
        low = std::min(low, node);
        high = std::max(high, node);
        const int router = node / perRouter;
        if (m_routerStamp[static_cast<size_t>(router)] != m_epoch) {
            m_routerStamp[static_cast<size_t>(router)] = m_epoch;
            m_routerCount[static_cast<size_t>(router)] = 0;
            m_touched.push_back(router);
        }
        ++m_routerCount[static_cast<size_t>(router)];
    }
    for (int router : m_touched) {
        const auto group = static_cast<size_t>(router / perGroup);
        if (m_groupStamp[group] != m_epoch) {
            m_groupStamp[group] = m_epoch;
            m_groupCount[group] = 0;
            m_groupRouters[group].clear();
            m_touchedGroups.push_back(static_cast<int>(group));
        }
        m_groupCount[group] += m_routerCount[static_cast<size_t>(router)];
        m_groupRouters[group].push_back(router);
    }
    // Two-dimensional (Aries) groups. Pairs inside a group: one hop between two routers of a
    // row or a column, two otherwise. Ordered pairs on distinct routers: C² - Σ c².
    std::int64_t pairHops = 0;
    const int groups = df.groups();
    for (int group : m_touchedGroups) {
        const std::int64_t total = m_groupCount[static_cast<size_t>(group)];
        std::int64_t squares = 0;
        for (int router : m_groupRouters[static_cast<size_t>(group)]) {
            const std::int64_t c = m_routerCount[static_cast<size_t>(router)];
            squares += c * c;
        }
        const std::int64_t distinct = total * total - squares;
        std::int64_t lineSquares = 0; // Σ over rows and columns of (nodes on the line)²
        for (int pass = 0; pass < 2; ++pass) {
            for (int router : m_groupRouters[static_cast<size_t>(group)]) {
                const size_t line = pass == 0
                    ? static_cast<size_t>(group * rows + df.rowOf(router))
                    : static_cast<size_t>(groups * rows + group * columns + df.columnOf(router));
                if (m_lineStamp[line] != m_epoch) {
                    m_lineStamp[line] = m_epoch;
                    m_lineCount[line] = 0;
                }
                m_lineCount[line] += m_routerCount[static_cast<size_t>(router)];
            }
            for (int router : m_groupRouters[static_cast<size_t>(group)]) {
                const size_t line = pass == 0
                    ? static_cast<size_t>(group * rows + df.rowOf(router))
                    : static_cast<size_t>(groups * rows + group * columns + df.columnOf(router));
                if (m_lineStamp[line] == m_epoch) {
                    lineSquares += m_lineCount[line] * m_lineCount[line];
                    m_lineStamp[line] = 0; // counted once
                }
            }
        }
        // Pairs on one line (row or column) but distinct routers take one hop, the others two.
        pairHops += 2 * distinct - (lineSquares - 2 * squares);
    }
    for (size_t i = 0; i < m_touchedGroups.size(); ++i)
        for (size_t j = i + 1; j < m_touchedGroups.size(); ++j)
            pairHops += 2 * dragonflyGroupPairHops(m_touchedGroups[i], m_touchedGroups[j]);
    const auto n = static_cast<std::int64_t>(nodes.size());
    metrics.aph = n > 1 ? static_cast<double>(pairHops) / static_cast<double>(n * (n - 1)) : 0.0;
    metrics.routers = static_cast<int>(m_touched.size());
    metrics.groups = static_cast<int>(m_touchedGroups.size());
    metrics.partitions = metrics.routers;
    metrics.spread = high - low;
}

/// All-to-all groups (Slingshot), in O(n + t·p) per job: t routers touched, p global ports
/// per router (docs/metrics.md §Dragonfly).
///
/// Pairs on one router take 0 hops and pairs on two routers of one group 1. Between groups G
/// and H a route takes 1 + min over the pair's global links (g, g') of d(a, g) + d(g', b),
/// each local distance 0 or 1: 1 hop when (a, b) is itself a linked pair (a = g, b = g'), 2
/// when a is a gateway of the pair or b is, 3 otherwise. So with C_G the job's nodes in G,
/// X_GH those on G's gateways towards H and D_GH the products c_a c_b over the distinct linked
/// router pairs, the unordered pair of groups sums to
/// 3 C_G C_H - (X_GH C_H + X_HG C_G - X_GH X_HG) - D_GH. Only the ports of touched routers
/// give X or D: the rest is 3 per pair. Every count is a plain array that a job clears where
/// the job before it counted, so the work per port is a few loads without branches.
void PlacementAnalyzer::measureAllToAllDragonfly(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    const DragonflyTopology& df = *m_dragonfly;
    const auto groups = static_cast<size_t>(df.groups());
    int* routerNodes = m_routerNodes.data();
    int* groupNodes = m_groupNodes.data();
    int* gatewayNodes = m_gatewayNodes.data();
    // What the job before left.
    const size_t stride = groups + 1; // a row of m_gatewayNodes
    int* jobRouters = m_jobRouters.data();
    int* jobGroups = m_jobGroups.data();
    for (int k = 0; k < m_jobRouterCount; ++k)
        routerNodes[jobRouters[k]] = 0;
    for (int k = 0; k < m_jobGroupCount; ++k) {
        groupNodes[jobGroups[k]] = 0;
        std::fill_n(gatewayNodes + static_cast<size_t>(jobGroups[k]) * stride, stride, 0);
    }
    m_jobRouterCount = 0;
    m_jobGroupCount = 0;
    int low = nodes.front();
    int high = low;
    // Lists without branches: an entry is written always and kept when it is new.
    int routerCount = 0;
    try {
        for (int node : nodes) {
            checkNode(node);
            low = std::min(low, node);
            high = std::max(high, node);
            const int router = m_nodes[static_cast<size_t>(node)].home;
            jobRouters[routerCount] = router;
            routerCount += routerNodes[router]++ == 0 ? 1 : 0;
        }
    } catch (...) {
        m_jobRouterCount = routerCount; // the next job clears what was counted
        throw;
    }
    std::int64_t routerSquares = 0;
    int groupCount = 0;
    for (int k = 0; k < routerCount; ++k) {
        const int c = routerNodes[jobRouters[k]];
        routerSquares += std::int64_t{c} * c;
        const int group = m_routerGroup[static_cast<size_t>(jobRouters[k])];
        jobGroups[groupCount] = group;
        groupCount += groupNodes[group] == 0 ? 1 : 0;
        groupNodes[group] += c;
    }
    m_jobRouterCount = routerCount;
    m_jobGroupCount = groupCount;
    const std::span<const int> routersOfJob(jobRouters, static_cast<size_t>(routerCount));
    const std::span<const int> groupsOfJob(jobGroups, static_cast<size_t>(groupCount));
    std::int64_t groupSquares = 0;
    for (int group : groupsOfJob)
        groupSquares += std::int64_t{groupNodes[group]} * groupNodes[group];
    const auto n = static_cast<std::int64_t>(nodes.size());
    // Ordered pairs on two routers of one group: one hop each.
    std::int64_t pairHops = groupSquares - routerSquares;
    const std::int64_t copies = df.shape().globalPerPair;
    const std::int64_t ports = std::int64_t{routerCount} * df.globalPortsPerRouter();
    if (groupCount > 1 && std::int64_t{groupCount} * (groupCount - 1) / 2 * copies * copies < 2 * ports) {
        // Few groups (a job in a run of nodes): pair by pair, through the pairs' gateways.
        pairHops += 3 * (n * n - groupSquares);
        for (size_t i = 0; i < groupsOfJob.size(); ++i)
            for (size_t j = i + 1; j < groupsOfJob.size(); ++j) {
                const int group = groupsOfJob[i];
                const int other = groupsOfJob[j];
                std::int64_t here = 0; // X_GH
                std::int64_t there = 0; // X_HG
                std::int64_t linked = 0; // D_GH
                for (int copy = 0; copy < copies; ++copy) {
                    const int a = df.gateway(group, other, copy);
                    const int b = df.gateway(other, group, copy);
                    bool newA = true, newB = true, newPair = true; // several links may share a router
                    for (int earlier = 0; earlier < copy; ++earlier) {
                        const bool sameA = df.gateway(group, other, earlier) == a;
                        const bool sameB = df.gateway(other, group, earlier) == b;
                        newA = newA && !sameA;
                        newB = newB && !sameB;
                        newPair = newPair && !(sameA && sameB);
                    }
                    here += newA ? routerNodes[a] : 0;
                    there += newB ? routerNodes[b] : 0;
                    linked += newPair ? std::int64_t{routerNodes[a]} * routerNodes[b] : 0;
                }
                const std::int64_t cg = groupNodes[group];
                const std::int64_t ch = groupNodes[other];
                pairHops -= 2 * (here * ch + there * cg - here * there + linked);
            }
    } else if (groupCount > 1) {
        std::int64_t crossing = 0; // Σ over ordered group pairs of X_GH C_H
        std::int64_t direct = 0; // Σ over ordered linked router pairs of c_a c_b (found at the lower router)
        // Every router has the same number of port slots, padded with a group and a router
        // that hold none of the job's nodes.
        const auto slots = static_cast<size_t>(df.globalPortsPerRouter());
        const std::uint16_t* farGroups = df.farGroupSlots(0).data();
        const int* linkedAbove = df.linkedAboveSlots(0).data();
        // X_GH X_HG sums over the pairs (a in G, b in H) of gateways: each router a adds c_a times
        // the X_HG of the routers before it, so each pair is counted once, at the later router.
        std::int64_t both = 0; // Σ over unordered group pairs of X_GH X_HG
        for (size_t k = 0; k < routersOfJob.size(); ++k) {
            const int router = routersOfJob[k];
            if (k + 2 < routersOfJob.size()) { // scattered routers: their slots fetched ahead
                const auto ahead = static_cast<size_t>(routersOfJob[k + 2]) * slots;
                __builtin_prefetch(farGroups + ahead);
                __builtin_prefetch(linkedAbove + ahead);
                __builtin_prefetch(linkedAbove + ahead + slots - 1);
            }
            const int c = routerNodes[router];
            const auto group = static_cast<size_t>(m_routerGroup[static_cast<size_t>(router)]);
            int* row = gatewayNodes + group * stride; // X_G·
            const int* column = gatewayNodes + group; // X_·G, at a stride
            const std::uint16_t* far = farGroups + static_cast<size_t>(router) * slots;
            const int* linked = linkedAbove + static_cast<size_t>(router) * slots;
            int linkedNodes = 0;
            int earlier = 0;
            int farNodes = 0;
            for (size_t slot = 0; slot < slots; ++slot) {
                farNodes += groupNodes[far[slot]];
                row[far[slot]] += c;
                earlier += column[far[slot] * stride];
                linkedNodes += routerNodes[linked[slot]];
            }
            both += std::int64_t{c} * earlier;
            direct += 2 * std::int64_t{c} * linkedNodes;
            crossing += std::int64_t{c} * farNodes;
        }
        pairHops += 3 * (n * n - groupSquares) - 2 * crossing + 2 * both - direct;
    }
    metrics.aph = n > 1 ? static_cast<double>(pairHops) / static_cast<double>(n * (n - 1)) : 0.0;
    metrics.routers = routerCount;
    metrics.groups = groupCount;
    metrics.partitions = metrics.routers;
    metrics.spread = high - low;
}

/// Σ over the job's node pairs (a in `group`, b in `other`) of the minimal route's hops, on
/// two-dimensional (Aries) groups:
/// 1 + min over the pair's global links c of (local hops a → gateway c, gateway c → b).
/// Only the local hops to each gateway matter, so the routers of each group fall into a few
/// profiles (a vector of 0/1/2 per gateway); pairs are summed profile by profile.
std::int64_t PlacementAnalyzer::dragonflyGroupPairHops(int group, int other)
{
    const DragonflyTopology& df = *m_dragonfly;
    const int copies = df.shape().globalPerPair;
    if (copies > 32) { // keys hold 2 bits per global link: router by router instead
        std::int64_t total = 0;
        for (int a : m_groupRouters[static_cast<size_t>(group)])
            for (int b : m_groupRouters[static_cast<size_t>(other)])
                total += std::int64_t{m_routerCount[static_cast<size_t>(a)]} * m_routerCount[static_cast<size_t>(b)]
                    * df.routerHops(a, b);
        return total;
    }
    auto build = [&](int from, int to, std::vector<Profile>& profiles) {
        profiles.clear();
        for (int router : m_groupRouters[static_cast<size_t>(from)]) {
            std::uint64_t key = 0;
            for (int copy = 0; copy < copies; ++copy)
                key |= static_cast<std::uint64_t>(df.localHops(router, df.gateway(from, to, copy))) << (2 * copy);
            const std::int64_t weight = m_routerCount[static_cast<size_t>(router)];
            auto found = std::find_if(profiles.begin(), profiles.end(),
                                      [key](const Profile& profile) { return profile.key == key; });
            if (found == profiles.end())
                profiles.push_back({key, weight});
            else
                found->weight += weight;
        }
    };
    build(group, other, m_profileA);
    build(other, group, m_profileB);
    std::int64_t total = 0;
    for (const Profile& a : m_profileA)
        for (const Profile& b : m_profileB) {
            std::uint64_t best = 4;
            for (int copy = 0; copy < copies && best > 0; ++copy)
                best = std::min(best, ((a.key >> (2 * copy)) & 3) + ((b.key >> (2 * copy)) & 3));
            total += a.weight * b.weight * static_cast<std::int64_t>(1 + best);
        }
    return total;
}

double PlacementAnalyzer::minimumDragonflyAph(int size)
{
    // Candidates: routers filled in index order (rows first, group by group) and, on
    // two-dimensional groups, column by column; the better one is then improved by moving
    // single nodes to free routers while that lowers the APH, within a work bound (about
    // 3 million node visits). Exact while the job fits one router or one all-to-all group;
    // an upper bound of the minimum otherwise (docs/metrics.md §Dragonfly).
    // Empty slots (Topology::emptySlots()) hold no node: no candidate uses them.
    const DragonflyTopology& df = *m_dragonfly;
    std::vector<int> best;
    for (int node = 0; node < df.nodeCount() && static_cast<int>(best.size()) < size; ++node)
        if (!df.isEmptySlot(node))
            best.push_back(node);
    double bestAph = measure(best).aph;
    const int perRouter = df.nodesPerRouter();
    // Another start: the routers in `order`, each filled before the next.
    const auto tryRouters = [&](const std::vector<int>& order) {
        std::vector<int> nodes;
        for (size_t k = 0; k < order.size() && static_cast<int>(nodes.size()) < size; ++k)
            for (int slot = 0; slot < perRouter && static_cast<int>(nodes.size()) < size; ++slot)
                if (const int node = order[k] * perRouter + slot; node < df.nodeCount() && !df.isEmptySlot(node))
                    nodes.push_back(node);
        if (static_cast<int>(nodes.size()) < size)
            return;
        const double aph = measure(nodes).aph;
        if (aph < bestAph) {
            bestAph = aph;
            best = std::move(nodes);
        }
    };
    std::vector<int> order;
    if (df.shape().rows > 1 && df.shape().columns > 1) { // column by column
        for (int group = 0; group < df.groups(); ++group)
            for (int column = 0; column < df.shape().columns; ++column)
                for (int row = 0; row < df.shape().rows; ++row)
                    order.push_back(group * df.routersPerGroup() + row * df.shape().columns + column);
        tryRouters(order);
    }
    const bool allToAll = df.shape().rows == 1 || df.shape().columns == 1;
    if (allToAll && df.groups() > 1) {
        // Router k of every group before router k + 1 of any: where routers end several
        // global links to the same router of another group, the routers so joined fill first.
        order.clear();
        for (int local = 0; local < df.routersPerGroup(); ++local)
            for (int group = 0; group < df.groups(); ++group)
                order.push_back(group * df.routersPerGroup() + local);
        tryRouters(order);
    }
    if (df.emptySlots().empty()
        && (size <= perRouter || (allToAll && size <= perRouter * df.routersPerGroup()) || size == df.nodeCount()))
        return bestAph;
    std::vector<char> used(static_cast<size_t>(df.nodeCount()), 0);
    for (int node : best)
        used[static_cast<size_t>(node)] = 1;
    long long budget = 3'000'000;
    bool improved = true;
    while (improved && budget > 0) {
        improved = false;
        std::vector<int> freeSlots; // one free node per router that has one
        for (int router = 0; router < df.switchCount(); ++router)
            for (int slot = 0; slot < perRouter; ++slot) {
                const int node = router * perRouter + slot;
                if (node < df.nodeCount() && !used[static_cast<size_t>(node)] && !df.isEmptySlot(node)) {
                    freeSlots.push_back(node);
                    break;
                }
            }
        for (size_t i = 0; i < best.size() && !improved && budget > 0; ++i)
            for (int candidate : freeSlots) {
                if (df.routerOf(candidate) == df.routerOf(best[i]))
                    continue;
                const int old = best[i];
                best[i] = candidate;
                const double aph = measure(best).aph;
                budget -= size;
                if (aph < bestAph - 1e-12) {
                    bestAph = aph;
                    used[static_cast<size_t>(old)] = 0;
                    used[static_cast<size_t>(candidate)] = 1;
                    improved = true;
                    break;
                }
                best[i] = old;
                if (budget <= 0)
                    break;
            }
    }
    return bestAph;
}

} // namespace placement
