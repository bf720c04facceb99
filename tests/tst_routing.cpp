// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"
#include "core/JigsawCheck.h"
#include "core/LinkSharing.h"
#include "core/MachineSpec.h"
#include "core/Presets.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <deque>
#include <set>

using namespace placement;

namespace {

/// Link-graph distances from one vertex (every link counts): the reference for hops.
std::vector<int> linkDistances(const Topology& topology, int from)
{
    const int vertices = topology.nodeCount() + topology.switchCount();
    std::vector<std::vector<int>> adjacent(static_cast<size_t>(vertices));
    for (const Link& link : topology.links()) {
        if (link.a < 0)
            continue;
        adjacent[static_cast<size_t>(link.a)].push_back(link.b);
        adjacent[static_cast<size_t>(link.b)].push_back(link.a);
    }
    std::vector<int> distance(static_cast<size_t>(vertices), -1);
    std::deque<int> queue{from};
    distance[static_cast<size_t>(from)] = 0;
    while (!queue.empty()) {
        const int at = queue.front();
        queue.pop_front();
        for (int next : adjacent[static_cast<size_t>(at)])
            if (distance[static_cast<size_t>(next)] < 0) {
                distance[static_cast<size_t>(next)] = distance[static_cast<size_t>(at)] + 1;
                queue.push_back(next);
            }
    }
    return distance;
}

/// Pollard Fig. 2: radix-6 three-level tree, 3 nodes per leaf, 2 pods, 18 nodes. The paper
/// numbers nodes from 1; node k here is paper node k + 1.
std::unique_ptr<Topology> pollardFigure2()
{
    return parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3 uplinks-per-leaf=3 "
                            "spines-per-group=3");
}

std::vector<int> fromPaper(std::initializer_list<int> ids)
{
    std::vector<int> nodes;
    for (int id : ids)
        nodes.push_back(id - 1);
    return nodes;
}

} // namespace

class TestRouting : public QObject
{
    Q_OBJECT
private slots:
    void routesAreShortestConnectedPaths_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus") << "torus extents=5x4x3 wrap=yny nodes-per-router=2";
        QTest::newRow("even torus") << "torus extents=4x6";
        QTest::newRow("cab-like, 2 pods") << "fattree radix=36 pods=2 leaves-per-pod=18 nodes-per-leaf=18 "
                                             "uplinks-per-leaf=18";
        QTest::newRow("tapered") << "fattree radix=12 pods=3 leaves-per-pod=4 nodes-per-leaf=7 uplinks-per-leaf=4 "
                                    "uplinks-per-l2=8";
        QTest::newRow("pollard fig 2") << "fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3";
        QTest::newRow("4-ary 3-tree") << "pascual-4ary3tree";
        QTest::newRow("3-ary 4-tree") << "kary k=3 n=4";
        QTest::newRow("switch tree") << "switchtree parents=-1,0,0,1,1,2,5,5 nodes=1,0,3,4,2,0,5,1";
    }
    void routesAreShortestConnectedPaths()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const std::vector<Link>& links = topology->links();
        const int step = std::max(1, topology->nodeCount() / 60); // sources sampled on big machines
        for (int from = 0; from < topology->nodeCount(); from += step) {
            const std::vector<int> distance = linkDistances(*topology, from);
            for (int to = 0; to < topology->nodeCount(); ++to) {
                QCOMPARE(topology->hopsAllLinks(from, to), distance[static_cast<size_t>(to)]);
                std::vector<Channel> route;
                QVERIFY(topology->appendRoute(from, to, route));
                QCOMPARE(static_cast<int>(route.size()), distance[static_cast<size_t>(to)]);
                int at = from;
                for (Channel channel : route) {
                    const Link& link = links[static_cast<size_t>(channel / 2)];
                    const int tail = channel % 2 ? link.b : link.a;
                    QVERIFY2(tail == at, qPrintable(QStringLiteral("%1 -> %2 breaks").arg(from).arg(to)));
                    at = channel % 2 ? link.a : link.b;
                }
                QCOMPARE(at, to);
            }
        }
    }

    void fatTreeRoutingIsDestinationModK()
    {
        // All traffic to one destination leaves a leaf by the same up-link (D-mod-k).
        const auto cab = parseMachineSpec("cab");
        for (int to : {5, 400, 1000}) {
            std::set<Channel> firstUplinks;
            for (int from = 36; from < 54; ++from) { // every node of leaf 2
                std::vector<Channel> route;
                cab->appendRoute(from, to, route);
                firstUplinks.insert(route[1]);
            }
            QCOMPARE(firstUplinks.size(), size_t(1));
        }
    }

    void pollardFigure2Interference()
    {
        const auto tree = pollardFigure2();
        const std::vector<int> red = fromPaper({1, 4});
        const std::vector<int> blue = fromPaper({2, 3, 5, 10, 11});
        const std::vector<int> yellow = fromPaper({7, 13, 14});
        const InterferenceReport report = analyzeInterference(*tree, {red, blue, yellow}, LinkModel::TopologyAwareView);
        QVERIFY(!report.interferenceFree());
        QVERIFY(report.jobs[0].sharedWith.count(1)); // red and blue: L1-L2 links
        QVERIFY(report.jobs[1].sharedWith.count(2)); // blue and yellow: L2-L3 links
        QVERIFY(!report.jobs[0].sharedWith.count(2)); // red and yellow: nothing
        const auto& fat = dynamic_cast<const FatTreeTopology&>(*tree);
        for (const auto& [channel, jobs] : report.sharedChannels) {
            const int link = channel / 2;
            const bool leafLink = link >= fat.leafUplink(0, 0) && link < fat.l2Uplink(0, 0, 0);
            if (jobs == std::vector<int>{0, 1})
                QVERIFY(leafLink);
            if (jobs == std::vector<int>{1, 2})
                QVERIFY(!leafLink && link >= fat.l2Uplink(0, 0, 0));
        }
        // Apart, on leaves of their own, jobs never interfere.
        QVERIFY(analyzeInterference(*tree, {fromPaper({1, 2}), fromPaper({4, 5, 6})}, LinkModel::TopologyAwareView)
                    .interferenceFree());
    }

    void staticRoutingInterferenceIsCountedPerJob()
    {
        // Two jobs on the same pair of leaves of Cab, talking across them: under D-mod-k,
        // A (nodes 0,1 -> 18,19) and B (2,3 -> 20,21) use different L2 switches by
        // destination, so they share nothing; a job C spread over both leaves shares with both.
        const auto cab = parseMachineSpec("cab");
        const InterferenceReport apart
            = analyzeInterference(*cab, {{0, 1, 18, 19}, {2, 3, 20, 21}}, LinkModel::StaticRouting);
        QVERIFY(apart.interferenceFree());
        QCOMPARE(apart.jobs[0].channels, 4 * 2 + 4 * 2); // own node links, and 2 L2 switches each way
        const InterferenceReport mixed
            = analyzeInterference(*cab, {{0, 1, 18, 19}, {2, 3, 20, 21}, {4, 5, 22, 36}}, LinkModel::StaticRouting);
        QVERIFY(!mixed.interferenceFree());
        for (const auto& [channel, jobs] : mixed.sharedChannels)
            QVERIFY(std::find(jobs.begin(), jobs.end(), 2) != jobs.end());
        QCOMPARE(mixed.jobs[2].sharedChannels, static_cast<int>(mixed.sharedChannels.size()));
        // TA view: any job spanning leaves 0 and 1 can use all their up-links.
        QVERIFY(!analyzeInterference(*cab, {{0, 1, 18, 19}, {2, 3, 20, 21}}, LinkModel::TopologyAwareView)
                     .interferenceFree());
    }

    void torusDimensionOrderRouting()
    {
        const auto torus = parseMachineSpec("torus extents=8x8 wrap=yy");
        std::vector<Channel> route;
        torus->appendRoute(0, 8 * 3 + 6, route); // (0,0) -> (6,3): x the short way (-2), then y +3
        QCOMPARE(route.size(), size_t(2 + 2 + 3));
        // Two jobs in separate rows never share a channel; crossing ones do.
        QVERIFY(analyzeInterference(*torus, {{0, 1, 2}, {8, 9, 10}}, LinkModel::StaticRouting).interferenceFree());
        QVERIFY(!analyzeInterference(*torus, {{0, 2}, {1, 3}}, LinkModel::StaticRouting).interferenceFree());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, usableChannels(*torus, {0, 1}, LinkModel::TopologyAwareView));
    }

    void titanLinksAreAnisotropic()
    {
        const auto titan = parseMachineSpec("titan");
        const auto& torus = dynamic_cast<const TorusTopology&>(*titan);
        QCOMPARE(torus.nodeCount(), 19200);
        const auto& links = torus.links();
        auto bandwidth = [&](int router, int dim) {
            return links[static_cast<size_t>(torus.linkTowardsPlus(router, dim))].bandwidth;
        };
        QCOMPARE(bandwidth(0, 0), 9.36);
        QCOMPARE(bandwidth(0, 1), 9.36);
        QCOMPARE(bandwidth(torus.stride(1), 1), 4.68);
        QCOMPARE(bandwidth(0, 2), 15.0);
        QCOMPARE(bandwidth(7 * torus.stride(2), 2), 9.36);
        QCOMPARE(bandwidth(8 * torus.stride(2), 2), 15.0);
        QCOMPARE(static_cast<int>(links.size()), 19200 + 9600 * 3);
    }

    void taJobTypesOnTheRadix6Example()
    {
        const auto tree = pollardFigure2();
        const auto& fat = dynamic_cast<const FatTreeTopology&>(*tree);
        for (int n = 1; n <= 18; ++n) {
            const TaJobType expected = n <= 3 ? TaJobType::T1 : n <= 9 ? TaJobType::T2 : TaJobType::T3;
            QCOMPARE(taJobType(fat, n), expected);
        }
    }

    void presetsAreAllBuildable()
    {
        const std::map<std::string, int> sizes = {{"cab", 1296},
                                                  {"pinot", 2592},
                                                  {"jigsaw-1024", 1024},
                                                  {"jigsaw-1458", 1458},
                                                  {"jigsaw-2662", 2662},
                                                  {"jigsaw-5488", 5488},
                                                  {"tracer-10648", 10648},
                                                  {"pascual-4ary3tree", 64},
                                                  {"pascual-4ary4tree", 256},
                                                  {"pascual-4ary5tree", 1024},
                                                  {"torus-8x8", 64},
                                                  {"torus-16x16", 256},
                                                  {"torus-32x32", 1024},
                                                  {"titan", 19200},
                                                  {"theta", 4392},
                                                  {"frontier", 9408},
                                                  {"dragonfly-small", 40}};
        QCOMPARE(machinePresets().size(), sizes.size());
        for (const MachinePreset& preset : machinePresets()) {
            const auto topology = parseMachineSpec(preset.name);
            QCOMPARE(topology->nodeCount(), sizes.at(preset.name));
            // The spec written back builds the same machine.
            QCOMPARE(machineSpecOf(*parseMachineSpec(machineSpecOf(*topology))), machineSpecOf(*topology));
        }
        const auto cabMachine = parseMachineSpec("cab");
        const auto& cab = dynamic_cast<const FatTreeTopology&>(*cabMachine);
        QCOMPARE(cab.spineCount(), 36);
        int widest = 0;
        for (int b = 0; b < cab.nodeCount(); ++b)
            widest = std::max(widest, cab.hops(0, b));
        QCOMPARE(widest, 4);
    }
};

QTEST_APPLESS_MAIN(TestRouting)
#include "tst_routing.moc"
