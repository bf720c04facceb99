// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/AllocatorFactory.h"
#include "core/DragonflyAllocators.h"
#include "core/DragonflyTopology.h"
#include "core/LinkSharing.h"
#include "core/MachineSpec.h"
#include "core/NetworkLayout.h"
#include "core/NodeLayout.h"
#include "core/PlacementMetrics.h"
#include "core/Presets.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"

#include <QTest>

#include <algorithm>
#include <deque>
#include <map>
#include <set>

using namespace placement;

namespace {

/// Router adjacency built from Topology::links() alone (the reference never asks the
/// topology for hops or gateways).
struct LinkGraph
{
    int nodes = 0;
    std::vector<std::vector<std::pair<int, int>>> next; ///< router -> (router, link id)

    explicit LinkGraph(const Topology& topology)
        : nodes(topology.nodeCount())
        , next(static_cast<size_t>(topology.switchCount()))
    {
        const auto& links = topology.links();
        for (size_t id = 0; id < links.size(); ++id) {
            const Link& link = links[id];
            if (link.a < nodes || link.b < nodes)
                continue;
            next[static_cast<size_t>(link.a - nodes)].push_back({link.b - nodes, static_cast<int>(id)});
            next[static_cast<size_t>(link.b - nodes)].push_back({link.a - nodes, static_cast<int>(id)});
        }
    }

    /// Breadth-first distances from `from` over routers for which `allowed` holds.
    template <typename Allowed> std::vector<int> distances(int from, Allowed allowed) const
    {
        std::vector<int> distance(next.size(), -1);
        std::deque<int> queue{from};
        distance[static_cast<size_t>(from)] = 0;
        while (!queue.empty()) {
            const int router = queue.front();
            queue.pop_front();
            for (const auto& [other, link] : next[static_cast<size_t>(router)])
                if (allowed(other) && distance[static_cast<size_t>(other)] < 0) {
                    distance[static_cast<size_t>(other)] = distance[static_cast<size_t>(router)] + 1;
                    queue.push_back(other);
                }
        }
        return distance;
    }
};

/// Minimal routing's hops, by brute force: the shortest path that stays inside the groups
/// of the two routers (a route through a third group is not minimal).
std::vector<std::vector<int>> referenceRouterHops(const DragonflyTopology& df)
{
    const LinkGraph graph(df);
    const int routers = df.switchCount();
    std::vector<std::vector<int>> hops(static_cast<size_t>(routers));
    for (int a = 0; a < routers; ++a) {
        hops[static_cast<size_t>(a)].assign(static_cast<size_t>(routers), -1);
        for (int group = 0; group < df.groups(); ++group) {
            const int home = df.groupOfRouter(a);
            const auto distance = graph.distances(
                a, [&](int r) { return df.groupOfRouter(r) == home || df.groupOfRouter(r) == group; });
            for (int b = group * df.routersPerGroup(); b < (group + 1) * df.routersPerGroup(); ++b)
                hops[static_cast<size_t>(a)][static_cast<size_t>(b)] = distance[static_cast<size_t>(b)];
        }
    }
    return hops;
}

std::vector<int> randomPlacement(SplitMix64& random, int nodeCount, int size)
{
    std::vector<int> all(static_cast<size_t>(nodeCount));
    for (int i = 0; i < nodeCount; ++i)
        all[static_cast<size_t>(i)] = i;
    for (int i = 0; i < size; ++i)
        std::swap(all[static_cast<size_t>(i)], all[static_cast<size_t>(random.between(i, nodeCount - 1))]);
    all.resize(static_cast<size_t>(size));
    return all;
}

/// Nodes at random from `count` groups at random (all of them if the machine has fewer).
std::vector<int> inGroups(SplitMix64& random, const DragonflyTopology& df, int count)
{
    std::vector<int> groups(static_cast<size_t>(df.groups()));
    for (int g = 0; g < df.groups(); ++g)
        groups[static_cast<size_t>(g)] = g;
    for (int i = 0; i < std::min(count, df.groups()); ++i)
        std::swap(groups[static_cast<size_t>(i)], groups[static_cast<size_t>(random.between(i, df.groups() - 1))]);
    groups.resize(static_cast<size_t>(std::min(count, df.groups())));
    std::vector<int> nodes;
    for (int node = 0; node < df.nodeCount(); ++node)
        if (std::find(groups.begin(), groups.end(), df.groupOf(node)) != groups.end() && random.between(0, 2) > 0)
            nodes.push_back(node);
    if (nodes.empty())
        nodes.push_back(0);
    for (size_t i = nodes.size(); i > 1; --i) // in no particular order
        std::swap(nodes[i - 1], nodes[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(i) - 1))]);
    return nodes;
}

const char* const smallSpecs[] = {
    "dragonfly groups=5 rows=1 columns=4 nodes-per-router=2 global-per-pair=2 arrangement=circulant",
    "dragonfly groups=4 rows=3 columns=4 nodes-per-router=2 global-per-pair=3 arrangement=relative",
    "dragonfly groups=6 rows=2 columns=3 nodes-per-router=3 global-per-pair=1 arrangement=absolute nodes=100",
    "dragonfly groups=3 rows=6 columns=2 nodes-per-router=1 global-per-pair=5 arrangement=circulant",
    "dragonfly groups=1 rows=2 columns=5 nodes-per-router=2",
    // All-to-all groups with several global links between the same two routers, and groups
    // standing in one column
    "dragonfly groups=3 rows=1 columns=2 nodes-per-router=2 global-per-pair=6 arrangement=absolute",
    "dragonfly groups=4 rows=5 columns=1 nodes-per-router=2 global-per-pair=2 arrangement=relative nodes=35",
    "dragonfly groups=9 rows=1 columns=8 nodes-per-router=2 global-per-pair=7 arrangement=relative",
};

/// `count`: the first specs only (0: all).
void addSmallSpecs(size_t count = 0)
{
    QTest::addColumn<QString>("spec");
    for (size_t i = 0; i < std::size(smallSpecs) && (count == 0 || i < count); ++i)
        QTest::newRow(smallSpecs[i]) << smallSpecs[i];
}

} // namespace

class TestDragonfly : public QObject
{
    Q_OBJECT
private slots:
    void hopsMatchBreadthFirstSearch_data() { addSmallSpecs(); }
    void hopsMatchBreadthFirstSearch()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        const auto reference = referenceRouterHops(df);
        for (int a = 0; a < df.nodeCount(); ++a)
            for (int b = 0; b < df.nodeCount(); ++b)
                QCOMPARE(df.hops(a, b),
                         reference[static_cast<size_t>(df.routerOf(a))][static_cast<size_t>(df.routerOf(b))]);
    }

    void routesWalkTheLinksFromNodeToNode_data() { addSmallSpecs(); }
    void routesWalkTheLinksFromNodeToNode()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& links = topology->links();
        std::vector<Channel> route;
        for (int a = 0; a < topology->nodeCount(); ++a)
            for (int b = 0; b < topology->nodeCount(); ++b) {
                route.clear();
                QVERIFY(topology->appendRoute(a, b, route));
                if (a == b) {
                    QVERIFY(route.empty());
                    continue;
                }
                QCOMPARE(static_cast<int>(route.size()), topology->hops(a, b) + 2);
                int at = a;
                for (Channel channel : route) {
                    const Link& link = links[static_cast<size_t>(channel / 2)];
                    QVERIFY(link.exists());
                    QCOMPARE(channel % 2 == 0 ? link.a : link.b, at);
                    at = channel % 2 == 0 ? link.b : link.a;
                }
                QCOMPARE(at, b);
            }
    }

    void linkCountsFollowTheShape()
    {
        // Theta-like group: 6 x 16 routers, 15 row links + 5 column links each.
        const auto topology = parseMachineSpec("theta");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        QCOMPARE(df.nodeCount(), 4392);
        QCOMPARE(df.switchCount(), 12 * 96);
        const int local = 12 * (6 * 16 * 15 + 16 * 6 * 5) / 2;
        QCOMPARE(static_cast<int>(df.links().size()), 4392 + local + 66 * 8);
        QCOMPARE(df.firstGlobalLink(), 4392 + local);
        // Every router's ports: 15 + 5 local, global ports spread evenly (88 / 96: 0 or 1).
        std::vector<int> global(static_cast<size_t>(df.switchCount()), 0);
        for (size_t id = static_cast<size_t>(df.firstGlobalLink()); id < df.links().size(); ++id) {
            ++global[static_cast<size_t>(df.links()[id].a - df.nodeCount())];
            ++global[static_cast<size_t>(df.links()[id].b - df.nodeCount())];
        }
        QCOMPARE(*std::max_element(global.begin(), global.end()), 1);
        QCOMPARE(std::count(global.begin(), global.end(), 1), 12 * 88);
        // Worst minimal route: two local hops, the global one, two local hops.
        int worst = 0;
        for (int b = 0; b < df.nodeCount(); b += 3)
            worst = std::max(worst, df.hops(0, b));
        QVERIFY(worst >= 3 && worst <= 5);
    }

    void arrangementsEndEachLinkOnOnePort_data()
    {
        QTest::addColumn<QString>("arrangement");
        QTest::addColumn<int>("groups");
        for (const char* name : {"absolute", "relative", "circulant"})
            for (int groups : {2, 5, 8})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(name).arg(groups))) << name << groups;
    }
    void arrangementsEndEachLinkOnOnePort()
    {
        QFETCH(QString, arrangement);
        QFETCH(int, groups);
        // One router per global port: each router ends exactly one global link.
        const int routers = (groups - 1) * 2;
        const auto topology = parseMachineSpec(QStringLiteral("dragonfly groups=%1 columns=%2 global-per-pair=2 "
                                                              "arrangement=%3")
                                                   .arg(groups)
                                                   .arg(routers)
                                                   .arg(arrangement)
                                                   .toStdString());
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        std::vector<int> ends(static_cast<size_t>(df.switchCount()), 0);
        for (size_t id = static_cast<size_t>(df.firstGlobalLink()); id < df.links().size(); ++id) {
            const Link& link = df.links()[id];
            QVERIFY(df.groupOfRouter(link.a - df.nodeCount()) != df.groupOfRouter(link.b - df.nodeCount()));
            ++ends[static_cast<size_t>(link.a - df.nodeCount())];
            ++ends[static_cast<size_t>(link.b - df.nodeCount())];
        }
        for (int count : ends)
            QCOMPARE(count, 1);
        if (arrangement == "relative" && groups > 2) {
            // Relative: the first router of every group leads to the next group round the ring.
            for (int group = 0; group < groups; ++group)
                QCOMPARE(df.gateway(group, (group + 1) % groups, 0), group * df.routersPerGroup());
        }
    }

    void namesAreTheMachinesOwn()
    {
        const auto theta = parseMachineSpec("theta");
        QCOMPARE(theta->nodeName(0), std::string("c0-0c0s0n0"));
        QCOMPARE(theta->nodeName(5), std::string("c0-0c0s1n1"));
        QCOMPARE(theta->nodeName(16 * 4 * 3), std::string("c1-0c0s0n0")); // fourth chassis: second cabinet
        QCOMPARE(theta->nodeName(384 * 6), std::string("c0-1c0s0n0")); // group 6: the second row of cabinets
        QCOMPARE(theta->nodeName(4391), std::string("c10-1c2s9n3")); // router 1097: group 11, row 2, column 9
        QCOMPARE(theta->nodeLocation(5), std::string("group 0, router 1 (row 0, column 1), port 1"));
        const auto frontier = parseMachineSpec("frontier");
        QCOMPARE(frontier->nodeCount(), 9408);
        QCOMPARE(frontier->nodeName(0), std::string("frontier00001"));
        QCOMPARE(frontier->nodeName(9407), std::string("frontier09408"));
        std::set<std::string> names;
        for (int node = 0; node < theta->nodeCount(); ++node)
            names.insert(theta->nodeName(node));
        QCOMPARE(static_cast<int>(names.size()), theta->nodeCount());
    }

    void machineSpecRoundTrips_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* name : {"theta", "frontier", "dragonfly-small"})
            QTest::newRow(name) << QString::fromStdString(findMachinePreset(name)->spec);
    }
    void machineSpecRoundTrips()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const std::string written = machineSpecOf(*topology);
        QCOMPARE(machineSpecOf(*parseMachineSpec(written)), written);
        QCOMPARE(parseMachineSpec(written)->describe(), topology->describe());
        QCOMPARE(parseMachineSpec(written)->nodeName(topology->nodeCount() - 1),
                 topology->nodeName(topology->nodeCount() - 1));
    }

    void badSpecsAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("arrangement") << "dragonfly arrangement=spiral"
                                     << "arrangement";
        QTest::newRow("bandwidth") << "dragonfly bandwidth=1,2"
                                   << "bandwidth";
        QTest::newRow("too many nodes") << "dragonfly groups=2 columns=2 nodes-per-router=1 nodes=5"
                                        << "5 nodes";
        QTest::newRow("cray rows") << "dragonfly rows=4 naming=cray"
                                   << "rows";
        QTest::newRow("naming") << "dragonfly naming=fancy"
                                << "naming";
        QTest::newRow("unknown key") << "dragonfly radix=4"
                                     << "radix";
    }
    void badSpecsAreRefused()
    {
        QFETCH(QString, spec);
        QFETCH(QString, mentions);
        try {
            parseMachineSpec(spec.toStdString());
            QFAIL("accepted a bad spec");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(mentions), error.what());
        }
    }

    void metricsMatchBruteForce_data() { addSmallSpecs(); }
    void metricsMatchBruteForce()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        const auto reference = referenceRouterHops(df);
        PlacementAnalyzer analyzer(df);
        SplitMix64 random(21);
        for (int trial = 0; trial < 300; ++trial) {
            // Scattered over the machine, or (every third trial) over two or three of its
            // groups: the analyzer sums few groups pair by pair and many through the ports.
            std::vector<int> nodes
                = randomPlacement(random, df.nodeCount(), static_cast<int>(random.between(1, df.nodeCount())));
            if (trial % 3 == 2)
                nodes = inGroups(random, df, static_cast<int>(random.between(2, 3)));
            const int size = static_cast<int>(nodes.size());
            std::int64_t total = 0;
            std::vector<std::int64_t> histogram;
            std::set<int> routers, groups;
            for (int a : nodes) {
                routers.insert(df.routerOf(a));
                groups.insert(df.groupOf(a));
                for (int b : nodes) {
                    if (a == b)
                        continue;
                    const int h = reference[static_cast<size_t>(df.routerOf(a))][static_cast<size_t>(df.routerOf(b))];
                    total += h;
                    if (histogram.size() <= static_cast<size_t>(h))
                        histogram.resize(static_cast<size_t>(h) + 1, 0);
                    ++histogram[static_cast<size_t>(h)];
                }
            }
            const PlacementMetrics metrics = analyzer.measure(nodes);
            const double aph = size > 1 ? static_cast<double>(total) / (static_cast<double>(size) * (size - 1)) : 0.0;
            QVERIFY2(std::abs(metrics.aph - aph) < 1e-12,
                     qPrintable(QStringLiteral("trial %1: %2 vs %3").arg(trial).arg(metrics.aph).arg(aph)));
            QCOMPARE(metrics.routers, static_cast<int>(routers.size()));
            QCOMPARE(metrics.groups, static_cast<int>(groups.size()));
            QCOMPARE(metrics.partitions, metrics.routers);
            QCOMPARE(metrics.aphAllLinks, size > 1 ? aph + 2 : 0.0);
            std::vector<std::int64_t> measured = analyzer.hopHistogram(nodes);
            measured.resize(std::max(measured.size(), histogram.size()), 0);
            histogram.resize(measured.size(), 0);
            QCOMPARE(measured, histogram);
        }
    }

    /// The frontier preset (74 all-to-all groups, 7 global links a pair): the analyzer's
    /// sums against the router-to-router hops summed pair by pair, on scattered jobs from a
    /// few nodes to the whole machine, jobs in a few groups and runs of nodes.
    void allToAllSumsMatchRouterHopsOnFrontier()
    {
        const auto topology = parseMachineSpec("frontier");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        PlacementAnalyzer analyzer(df);
        SplitMix64 random(5);
        std::vector<std::vector<int>> jobs;
        for (const int size : {2, 3, 17, 150, 600, 2400, 9408})
            jobs.push_back(randomPlacement(random, df.nodeCount(), size));
        for (const int groups : {2, 3, 5}) // a few groups: summed pair by pair
            jobs.push_back(inGroups(random, df, groups));
        for (const int size : {100, 129, 1000}) { // runs of nodes, as allocators make them
            jobs.emplace_back();
            const int first = static_cast<int>(random.between(0, df.nodeCount() - size));
            for (int node = first; node < first + size; ++node)
                jobs.back().push_back(node);
        }
        for (const std::vector<int>& nodes : jobs) {
            const auto size = static_cast<std::int64_t>(nodes.size());
            std::map<int, std::int64_t> perRouter;
            for (int node : nodes)
                ++perRouter[df.routerOf(node)];
            std::int64_t total = 0;
            for (const auto& [a, ca] : perRouter)
                for (const auto& [b, cb] : perRouter)
                    total += a == b ? 0 : ca * cb * df.routerHops(a, b);
            const double aph = static_cast<double>(total) / (static_cast<double>(size) * (size - 1));
            QVERIFY2(std::abs(analyzer.measure(nodes).aph - aph) < 1e-12, qPrintable(QString::number(size)));
        }
    }

    /// A job refused half-way through its node list (a node listed twice, a node the machine
    /// lacks) leaves nothing behind: the next job measures as on a new analyzer.
    void refusedJobLeavesNothingBehind_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("frontier") << "frontier";
        QTest::newRow("theta") << "theta";
        QTest::newRow("small all-to-all") << smallSpecs[7];
    }
    void refusedJobLeavesNothingBehind()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const int count = topology->nodeCount();
        SplitMix64 random(11);
        PlacementAnalyzer used(*topology);
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<int> bad = randomPlacement(random, count, std::min(count, 40));
            bad.push_back(trial % 2 ? bad[3] : count); // twice, or past the last node
            bad.push_back(bad[5]);
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, used.measure(bad));
            const std::vector<int> good = randomPlacement(random, count, static_cast<int>(random.between(2, 60)));
            PlacementAnalyzer fresh(*topology);
            const PlacementMetrics expected = fresh.measure(good);
            const PlacementMetrics measured = used.measure(good);
            QCOMPARE(measured.aph, expected.aph);
            QCOMPARE(measured.routers, expected.routers);
            QCOMPARE(measured.groups, expected.groups);
        }
    }

    // The minimum is exact on one router or one all-to-all group and a local search's bound
    // otherwise (docs/metrics.md §Dragonfly): never above a random placement on these
    // machines, also where routers end several global links to the same router.
    void minimumAphIsNeverAboveAPlacement_data() { addSmallSpecs(); }
    void minimumAphIsNeverAboveAPlacement()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        SplitMix64 random(5);
        for (int size = 1; size <= topology->nodeCount(); ++size) {
            const double minimum = analyzer.minimumAph(size);
            for (int trial = 0; trial < 20; ++trial)
                QVERIFY(minimum <= analyzer.measure(randomPlacement(random, topology->nodeCount(), size)).aph + 1e-12);
        }
    }

    void minimumAphIsExactInsideAnAllToAllGroup()
    {
        // Every pair on distinct routers of a group is one hop apart: full routers are best.
        const auto topology = parseMachineSpec("dragonfly groups=3 columns=5 nodes-per-router=3");
        PlacementAnalyzer analyzer(*topology);
        for (int size = 2; size <= 15; ++size) {
            const int full = size / 3;
            const int rest = size % 3;
            const double distinct = static_cast<double>(size) * size - full * 9.0 - rest * rest;
            QCOMPARE(analyzer.minimumAph(size), distinct / (size * (size - 1.0)));
        }
    }

    void linkViewHoldsEveryMinimalLocalRoute_data() { addSmallSpecs(); }
    void linkViewHoldsEveryMinimalLocalRoute()
    {
        // Reference: link (u, v) of a group lies on a shortest path s -> t of that group's
        // link graph iff d(s, u) + 1 + d(v, t) = d(s, t); between groups, the global links of
        // the pair and the local shortest paths to and from their ends.
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        const LinkGraph graph(df);
        const int routers = df.switchCount();
        std::vector<std::vector<int>> local(static_cast<size_t>(routers));
        for (int r = 0; r < routers; ++r)
            local[static_cast<size_t>(r)]
                = graph.distances(r, [&](int other) { return df.groupOfRouter(other) == df.groupOfRouter(r); });
        auto addShortest = [&](int s, int t, std::set<int>& links) {
            for (int u = 0; u < routers; ++u)
                for (const auto& [v, link] : graph.next[static_cast<size_t>(u)]) {
                    const int du = local[static_cast<size_t>(s)][static_cast<size_t>(u)];
                    const int dv = local[static_cast<size_t>(v)][static_cast<size_t>(t)];
                    if (du >= 0 && dv >= 0 && du + 1 + dv == local[static_cast<size_t>(s)][static_cast<size_t>(t)])
                        links.insert(link);
                }
        };
        SplitMix64 random(8);
        for (int trial = 0; trial < 60; ++trial) {
            const int size = static_cast<int>(random.between(1, std::min(12, df.nodeCount())));
            const std::vector<int> nodes = randomPlacement(random, df.nodeCount(), size);
            std::set<int> expected(nodes.begin(), nodes.end());
            for (int a : nodes)
                for (int b : nodes) {
                    const int ra = df.routerOf(a), rb = df.routerOf(b);
                    const int ga = df.groupOfRouter(ra), gb = df.groupOfRouter(rb);
                    if (ga == gb) {
                        addShortest(ra, rb, expected);
                        continue;
                    }
                    for (size_t id = static_cast<size_t>(df.firstGlobalLink()); id < df.links().size(); ++id) {
                        const Link& link = df.links()[id];
                        int here = link.a - df.nodeCount(), there = link.b - df.nodeCount();
                        if (df.groupOfRouter(here) != ga)
                            std::swap(here, there);
                        if (df.groupOfRouter(here) != ga || df.groupOfRouter(there) != gb)
                            continue;
                        expected.insert(static_cast<int>(id));
                        addShortest(ra, here, expected);
                        addShortest(there, rb, expected);
                    }
                }
            std::set<int> view;
            for (Channel channel : usableChannels(df, nodes, LinkModel::TopologyAwareView))
                view.insert(channel / 2);
            QCOMPARE(view, expected);
            // The static routes use a subset of those links.
            for (Channel channel : usableChannels(df, nodes, LinkModel::StaticRouting))
                QVERIFY(view.count(channel / 2));
        }
    }

    void jobsInDisjointGroupsShareNoLink()
    {
        const auto topology = parseMachineSpec("dragonfly-small");
        // Two jobs inside one group each, different groups: isolated. A third spanning two
        // groups shares the global links of its pair with neither; it shares local links with
        // the job of a group it spans.
        const InterferenceReport apart
            = analyzeInterference(*topology, {{0, 1, 2, 3, 6}, {8, 9, 10}}, LinkModel::TopologyAwareView);
        QVERIFY(apart.interferenceFree());
        // Group 0 routes to group 2 through routers 1 and 3 (circulant, offset 2): the third
        // job's route from router 3 to router 1 is a link of the first job.
        const InterferenceReport sharing
            = analyzeInterference(*topology, {{0, 1, 2, 3, 6}, {8, 9, 10}, {7, 16}}, LinkModel::TopologyAwareView);
        QVERIFY(!sharing.interferenceFree());
        QVERIFY(sharing.jobs[2].sharedWith.count(0));
        QVERIFY(!sharing.jobs[2].sharedWith.count(1));
        QVERIFY(!sharing.jobs[1].sharedWith.count(0));
    }

    void layoutsKeepBoxesApart_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* spec : smallSpecs)
            QTest::newRow(spec) << spec;
        QTest::newRow("theta") << "theta";
    }
    void layoutsKeepBoxesApart()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const NodeLayout layout = layoutNodes(*topology);
        QCOMPARE(static_cast<int>(layout.centers.size()), topology->nodeCount());
        for (size_t a = 0; a < layout.centers.size(); ++a)
            for (size_t b = a + 1; b < layout.centers.size(); ++b) {
                const Vec3 d = layout.centers[a] - layout.centers[b];
                const bool overlap = std::abs(d.x) < layout.boxSize.x && std::abs(d.y) < layout.boxSize.y
                    && std::abs(d.z) < layout.boxSize.z;
                QVERIFY2(!overlap, qPrintable(QStringLiteral("boxes %1 and %2 overlap").arg(a).arg(b)));
            }
        // Every router link is drawn; a global link as three pieces bundled per group pair.
        const NetworkLayout network = layoutNetwork(*topology, layout, false);
        std::set<int> drawn;
        for (const auto& segment : network.segments)
            drawn.insert(segment.link);
        QCOMPARE(static_cast<int>(drawn.size()), static_cast<int>(topology->links().size()) - topology->nodeCount());
    }

    void groupPackedTakesTheFewestGroupsThenRouters()
    {
        // 5 groups of 4 routers x 2 nodes (8 nodes a group).
        const auto topology = parseMachineSpec("dragonfly-small");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        MachineState state(df);
        state.take({0, 1, 2}, 0); // group 0: 5 free, router 1 has 1 free
        state.take({8, 9, 10, 11, 12, 14}, 1); // group 1: 2 free (nodes 13, 15: routers 6 and 7)
        GroupPackedAllocator allocator(df);
        // 2 nodes: best fit is group 1 (2 free), on two routers as it must be.
        QCOMPARE(allocator.allocate(state, {2, 2, 60}), (std::vector<int>{13, 15}));
        // 4 nodes: group 0 (5 free) is the tightest that holds them; its full routers 2 and 3
        // first (the fewest routers), not router 1's lone node.
        QCOMPARE(allocator.allocate(state, {2, 4, 60}), (std::vector<int>{4, 5, 6, 7}));
        // 20 nodes: two whole free groups (8 + 8) and the rest (4) in group 0, best fit.
        const std::vector<int> big = allocator.allocate(state, {2, 20, 60});
        QCOMPARE(static_cast<int>(big.size()), 20);
        std::set<int> groups;
        for (int node : big)
            groups.insert(df.groupOf(node));
        QCOMPARE(static_cast<int>(groups.size()), 3);
        QVERIFY(groups.count(0));
        // More than is free: no.
        QVERIFY(allocator.allocate(state, {2, state.freeCount() + 1, 60}).empty());
    }

    void randomRoutersTakeWholeRouters()
    {
        const auto topology = parseMachineSpec("dragonfly groups=4 columns=4 nodes-per-router=4");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        MachineState state(df);
        state.take({1, 2, 17}, 0);
        RandomRoutersAllocator allocator(df, 7);
        std::set<std::vector<int>> seen;
        for (int trial = 0; trial < 20; ++trial) {
            const std::vector<int> nodes = allocator.allocate(state, {1, 10, 60});
            QCOMPARE(static_cast<int>(nodes.size()), 10);
            std::map<int, int> perRouter;
            for (int node : nodes) {
                QVERIFY(state.isFree(node));
                ++perRouter[df.routerOf(node)];
            }
            // Every router but the last drawn gives all its free nodes.
            int partial = 0;
            for (const auto& [router, count] : perRouter) {
                int free = 0;
                for (int slot = 0; slot < 4; ++slot)
                    free += state.isFree(router * 4 + slot) ? 1 : 0;
                partial += count < free ? 1 : 0;
            }
            QVERIFY(partial <= 1);
            seen.insert(nodes);
        }
        QVERIFY(seen.size() > 5); // drawn anew each time
        RandomRoutersAllocator again(df, 7);
        RandomRoutersAllocator first(df, 7);
        QCOMPARE(again.allocate(state, {1, 10, 60}), first.allocate(state, {1, 10, 60}));
    }

    void slurmBlockFollowsEvalNodesBlock()
    {
        // Four base blocks of four nodes, default levels (1, 2, 4, 8, 16 base blocks).
        const auto topology = parseMachineSpec("dragonfly groups=4 columns=2 nodes-per-router=2");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        SlurmBlockAllocator allocator(SlurmBlockAllocator::groupsOf(df));
        MachineState state(df);
        state.take({4, 5}, 0); // free: 4, 2, 4, 4
        state.take({8}, 1); // free: 4, 2, 3, 4
        // 3 nodes: one base block; the fewest free nodes that hold them: block 2.
        QCOMPARE(allocator.allocate(state, {2, 3, 60}), (std::vector<int>{9, 10, 11}));
        // 4 nodes: blocks 0 and 3 hold them with 4 free each: the last on a tie.
        QCOMPARE(allocator.allocate(state, {2, 4, 60}), (std::vector<int>{12, 13, 14, 15}));
        // 6 nodes: blocks of two base blocks; {0, 1} has 6 free, {2, 3} 7: {0, 1}. Inside,
        // no base block holds 6: the one with the most (0), then the rest fits 1.
        QCOMPARE(allocator.allocate(state, {2, 6, 60}), (std::vector<int>{0, 1, 2, 3, 6, 7}));
        // 12 nodes: a block of four base blocks (13 free); inside, none holds 12: the most
        // free, 3 (4, the last on a tie with 0), then 0, then 2 (3 free, 4 wanted), then 1
        // (holds the last node, the fewest free).
        const std::vector<int> twelve = allocator.allocate(state, {2, 12, 60});
        QCOMPARE(twelve, (std::vector<int>{0, 1, 2, 3, 6, 9, 10, 11, 12, 13, 14, 15}));
        // Only level 0 and level 2 allowed (BlockSizes=4,16): 6 nodes need a level-2 block.
        SlurmBlockAllocator sized(SlurmBlockAllocator::groupsOf(df), 4, 0b101);
        QCOMPARE(static_cast<int>(sized.allocate(state, {2, 6, 60}).size()), 6);
        QVERIFY(allocator.allocate(state, {2, 14, 60}).empty());
    }

    void everyPolicyReplaysAWorkloadOnADragonfly()
    {
        const auto topology = parseMachineSpec("dragonfly-small");
        std::vector<SimulationJob> jobs;
        SplitMix64 random(3);
        for (int i = 0; i < 300; ++i)
            jobs.push_back(
                {std::to_string(i), i * 20, random.between(30, 900), 1000, static_cast<int>(random.between(1, 24))});
        for (const char* policy :
             {"first-fit", "random", "dual-ended", "group-packed", "random-routers", "slurm-block"}) {
            AllocatorChoice choice;
            choice.policy = policy;
            auto allocator = makeAllocator(*topology, choice);
            const SimulationResult result = simulate(*topology, jobs, *allocator);
            int placed = 0;
            for (const SimulatedJob& job : result.jobs)
                placed += job.nodes.empty() ? 0 : 1;
            QVERIFY2(placed == 300, policy);
        }
        AllocatorChoice onTorus;
        onTorus.policy = "group-packed";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeAllocator(*parseMachineSpec("torus-8x8"), onTorus));
    }
};

QTEST_GUILESS_MAIN(TestDragonfly)
#include "tst_dragonfly.moc"
