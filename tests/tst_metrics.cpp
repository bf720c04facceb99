// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"
#include "core/MachineSpec.h"
#include "core/MinimumAph.h"
#include "core/PlacementMetrics.h"
#include "core/SplitMix64.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <numeric>
#include <set>

using namespace placement;

namespace {

const char* const machines[] = {
    // tori and meshes: odd extents, mixed wrap, several nodes per router, 4D
    "torus extents=5x3x4 wrap=yny nodes-per-router=2",
    "torus extents=7x6 wrap=yy",
    "torus extents=4x5 wrap=nn",
    "torus extents=3x3x3x2 wrap=yyny",
    "torus extents=9 wrap=y nodes-per-router=3",
    // the row words (a line of routers along dimension 0 in one 64-bit word): Titan's rows
    // of 25 routers x 2 nodes with rings of two across; a full word on a mesh line; one
    // router per row; a ring of two along the row; a mesh line of single nodes; 4D and 5D
    "torus extents=25x2x2 wrap=yyy nodes-per-router=2",
    "torus extents=32x3 wrap=ny nodes-per-router=2",
    "torus extents=1x3 wrap=yy nodes-per-router=64",
    "torus extents=1x4x3 wrap=yny nodes-per-router=2",
    "torus extents=2x5 wrap=yy nodes-per-router=3",
    "torus extents=6x4x3 wrap=nyy",
    "torus extents=3x2x3x2 wrap=yyyn nodes-per-router=2",
    "torus extents=2x2x3x2x2 wrap=yyyny",
    // rows too wide for a word: router by router (also more than 32 nodes per router)
    "torus extents=70x2 wrap=yn",
    "torus extents=3x2 wrap=yn nodes-per-router=24",
    "torus extents=2x2 wrap=yy nodes-per-router=40",
    // three-level fat-trees, one tapered
    "fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3 uplinks-per-leaf=3",
    "fattree radix=12 pods=3 leaves-per-pod=4 nodes-per-leaf=7 uplinks-per-leaf=4 uplinks-per-l2=8",
    // k-ary n-trees
    "kary k=3 n=3",
    "kary k=2 n=5",
    // an irregular switch tree: nodes at several depths, on inner switches too
    "switchtree parents=-1,0,0,1,1,2,5,5 nodes=1,0,3,4,2,0,5,1",
};

/// Random placements of several kinds (the analyzer takes a different path for some):
/// scattered nodes; a run of consecutive nodes in order, backwards, or round the end of the
/// machine; several runs; on tori, the nodes of a box of routers, some left out.
std::vector<int> randomPlacement(SplitMix64& random, const Topology& topology, int trial)
{
    const int machineSize = topology.nodeCount();
    int size;
    switch (trial % 8) {
    case 0: size = 1; break;
    case 1: size = 2; break;
    case 2: size = machineSize; break;
    default: size = static_cast<int>(random.between(1, machineSize)); break;
    }
    std::vector<int> all(static_cast<size_t>(machineSize));
    for (int i = 0; i < machineSize; ++i)
        all[static_cast<size_t>(i)] = i;
    auto shuffle = [&random](std::vector<int>& nodes) {
        for (size_t i = 1; i < nodes.size(); ++i)
            std::swap(nodes[i], nodes[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(i)))]);
    };
    const auto* torus = dynamic_cast<const TorusTopology*>(&topology);
    const int start = static_cast<int>(random.between(0, machineSize - 1));
    std::vector<int> nodes;
    switch (trial % 10) {
    case 5: // consecutive, in order
        nodes.assign(all.begin() + std::min(start, machineSize - size),
                     all.begin() + std::min(start, machineSize - size) + size);
        return nodes;
    case 6: // consecutive, backwards
        for (int i = size - 1; i >= 0; --i)
            nodes.push_back(std::min(start, machineSize - size) + i);
        return nodes;
    case 7: // consecutive round the end of the machine
        for (int i = 0; i < size; ++i)
            nodes.push_back((start + i) % machineSize);
        return nodes;
    case 8: { // several runs, in random order
        std::vector<char> taken(static_cast<size_t>(machineSize), 0);
        const int runs = static_cast<int>(random.between(1, 6));
        for (int r = 0; r < runs; ++r) {
            const int from = static_cast<int>(random.between(0, machineSize - 1));
            const int length = static_cast<int>(random.between(1, std::max(1, size / runs)));
            for (int node = from; node < std::min(machineSize, from + length); ++node)
                if (!taken[static_cast<size_t>(node)]) {
                    taken[static_cast<size_t>(node)] = 1;
                    nodes.push_back(node);
                }
        }
        return nodes;
    }
    case 9:
        if (torus) { // the nodes of a box of routers (round the rings), a quarter left out
            std::vector<int> low;
            std::vector<int> span;
            for (int dim = 0; dim < torus->dimensions(); ++dim) {
                const int extent = torus->extents()[static_cast<size_t>(dim)];
                low.push_back(static_cast<int>(random.between(0, extent - 1)));
                span.push_back(static_cast<int>(random.between(1, extent)));
            }
            for (int router = 0; router < torus->routerCount(); ++router) {
                bool inside = true;
                for (int dim = 0; dim < torus->dimensions(); ++dim) {
                    const int extent = torus->extents()[static_cast<size_t>(dim)];
                    const int offset
                        = (torus->routerCoordinate(router, dim) - low[static_cast<size_t>(dim)] + extent) % extent;
                    inside = inside && offset < span[static_cast<size_t>(dim)];
                }
                for (int slot = 0; inside && slot < torus->nodesPerRouter(); ++slot)
                    if (random.between(0, 3) > 0)
                        nodes.push_back(router * torus->nodesPerRouter() + slot);
            }
            if (nodes.empty())
                nodes.push_back(start);
            shuffle(nodes);
            return nodes;
        }
        break;
    default: break;
    }
    for (int i = 0; i < size; ++i) // scattered: partial Fisher-Yates
        std::swap(all[static_cast<size_t>(i)], all[static_cast<size_t>(random.between(i, machineSize - 1))]);
    all.resize(static_cast<size_t>(size));
    return all;
}

double bruteAph(const Topology& topology, const std::vector<int>& nodes, bool allLinks)
{
    if (nodes.size() < 2)
        return 0;
    double sum = 0;
    for (int a : nodes)
        for (int b : nodes)
            if (a != b)
                sum += allLinks ? topology.hopsAllLinks(a, b) : topology.hops(a, b);
    return sum / (static_cast<double>(nodes.size()) * static_cast<double>(nodes.size() - 1));
}

/// The smallest APH over every subset of `size` of `candidates` (pair by pair).
double exhaustiveMinimumAph(const Topology& topology, const std::vector<int>& candidates, int size)
{
    const int n = static_cast<int>(candidates.size());
    std::vector<int> pick(static_cast<size_t>(size)); // indices into candidates, lexicographic
    std::iota(pick.begin(), pick.end(), 0);
    std::vector<int> subset(static_cast<size_t>(size));
    double best = 1e300;
    while (true) {
        for (int i = 0; i < size; ++i)
            subset[static_cast<size_t>(i)] = candidates[static_cast<size_t>(pick[static_cast<size_t>(i)])];
        best = std::min(best, bruteAph(topology, subset, false));
        int i = size - 1;
        while (i >= 0 && pick[static_cast<size_t>(i)] == n - size + i)
            --i;
        if (i < 0)
            return best;
        ++pick[static_cast<size_t>(i)];
        for (int j = i + 1; j < size; ++j)
            pick[static_cast<size_t>(j)] = pick[static_cast<size_t>(j - 1)] + 1;
    }
}

int bruteComponents(const Topology& topology, const std::vector<int>& nodes)
{
    std::vector<bool> seen(nodes.size(), false);
    int components = 0;
    for (size_t start = 0; start < nodes.size(); ++start) {
        if (seen[start])
            continue;
        ++components;
        std::deque<size_t> queue{start};
        seen[start] = true;
        while (!queue.empty()) {
            const size_t at = queue.front();
            queue.pop_front();
            for (size_t next = 0; next < nodes.size(); ++next)
                if (!seen[next] && topology.hops(nodes[at], nodes[next]) <= 1) {
                    seen[next] = true;
                    queue.push_back(next);
                }
        }
    }
    return components;
}

} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT
private slots:
    void fastMetricsMatchBruteForce_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* spec : machines)
            QTest::newRow(spec) << spec;
    }
    void fastMetricsMatchBruteForce()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        const SwitchHierarchy* tree = topology->hierarchy();
        SplitMix64 random(qHash(spec));
        for (int trial = 0; trial < 1000; ++trial) {
            const std::vector<int> nodes = randomPlacement(random, *topology, trial);
            const PlacementMetrics m = analyzer.measure(nodes);
            const QByteArray where = QStringLiteral("trial %1, %2 nodes").arg(trial).arg(nodes.size()).toUtf8();
            QCOMPARE(m.nodes, static_cast<int>(nodes.size()));
            QVERIFY2(std::abs(m.aph - bruteAph(*topology, nodes, false)) < 1e-9, where);
            if (nodes.size() > 1)
                QVERIFY2(std::abs(m.aphAllLinks - bruteAph(*topology, nodes, true)) < 1e-9, where);
            const auto [low, high] = std::minmax_element(nodes.begin(), nodes.end());
            QCOMPARE(m.spread, *high - *low);
            if (tree) {
                std::set<int> leaves;
                std::set<int> pods;
                int common = tree->groupOfNode[static_cast<size_t>(nodes.front())];
                for (int node : nodes) {
                    const int leaf = tree->groupOfNode[static_cast<size_t>(node)];
                    leaves.insert(leaf);
                    pods.insert(tree->parent[static_cast<size_t>(leaf)]);
                    common = tree->lowestCommonGroup(common, leaf);
                }
                pods.erase(-1);
                QCOMPARE(m.leaves, static_cast<int>(leaves.size()));
                QCOMPARE(m.partitions, m.leaves);
                QCOMPARE(m.pods, std::max<int>(1, static_cast<int>(pods.size())));
                QCOMPARE(m.lowestCommonLevel, tree->level[static_cast<size_t>(common)]);
                if (tree->uniformDepth) {
                    int widest = 0; // on a uniform tree the farthest pair climbs to the common switch
                    for (int a : nodes)
                        for (int b : nodes)
                            widest = std::max(widest, topology->hops(a, b));
                    QCOMPARE(m.lowestCommonLevel, widest / 2);
                }
            } else {
                QVERIFY2(m.partitions == bruteComponents(*topology, nodes), where);
                const auto& torus = dynamic_cast<const TorusTopology&>(*topology);
                std::set<int> routers;
                for (int node : nodes)
                    routers.insert(torus.routerOf(node));
                QCOMPARE(m.routers, static_cast<int>(routers.size()));
                QCOMPARE(m.lowestCommonLevel, -1);
            }
            if (trial % 10 == 0) {
                std::vector<std::int64_t> expected;
                for (int a : nodes)
                    for (int b : nodes)
                        if (a != b) {
                            const auto h = static_cast<size_t>(topology->hops(a, b));
                            if (expected.size() <= h)
                                expected.resize(h + 1, 0);
                            ++expected[h];
                        }
                QCOMPARE(analyzer.hopHistogram(nodes), expected);
            }
        }
    }

    void oneNodeJobsHaveNoPairs()
    {
        const auto cab = parseMachineSpec("cab");
        PlacementAnalyzer analyzer(*cab);
        const PlacementMetrics m = analyzer.measure(std::vector<int>{700});
        QCOMPARE(m.aph, 0.0);
        QCOMPARE(m.aphAllLinks, 0.0);
        QCOMPARE(m.leaves, 1);
        QCOMPARE(m.lowestCommonLevel, 0);
        QCOMPARE(m.spread, 0);
        QVERIFY(analyzer.hopHistogram(std::vector<int>{700}).empty());
    }

    void badNodeListsAreRefused()
    {
        const auto torus = parseMachineSpec("torus-8x8");
        PlacementAnalyzer analyzer(*torus);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.measure(std::vector<int>{1, 2, 1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.measure(std::vector<int>{64}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.measure(std::vector<int>{-1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 analyzer.measure(std::vector<int>{-1, 0, 1})); // a run, partly off
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.measure(std::vector<int>{63, 64, 65}));
        QCOMPARE(analyzer.measure(std::vector<int>{1, 2}).nodes, 2); // the analyzer is still usable
    }

    void refusedListsLeaveNoTrace_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("rows") << "torus extents=5x3x4 wrap=yny nodes-per-router=2";
        QTest::newRow("routers") << "torus extents=70x2 wrap=yn";
        QTest::newRow("fat-tree") << "fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3 uplinks-per-leaf=3";
    }
    void refusedListsLeaveNoTrace()
    {
        // A list refused halfway has marked some nodes already; the next job must not see them.
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        const int last = topology->nodeCount() - 1;
        SplitMix64 random(qHash(spec));
        for (int trial = 0; trial < 200; ++trial) {
            std::vector<int> refused = randomPlacement(random, *topology, trial + 1);
            refused.push_back(trial % 2 ? refused.front() : last + 1 + trial); // repeated, or off the machine
            refused.push_back(refused.front());
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.measure(refused));
            const std::vector<int> nodes = randomPlacement(random, *topology, trial);
            const PlacementMetrics m = analyzer.measure(nodes);
            QVERIFY2(std::abs(m.aph - bruteAph(*topology, nodes, false)) < 1e-9, qPrintable(QString::number(trial)));
            if (!topology->hierarchy())
                QCOMPARE(m.partitions, bruteComponents(*topology, nodes));
        }
    }

    void cabWorkedValues()
    {
        // Pollard §IV-C on Cab: a full leaf has APH 0; two leaves of one pod 2 x 18 x 18 /
        // (36 x 35) x 2 hops; whole machine: every pair's hops averaged.
        const auto cab = parseMachineSpec("cab");
        PlacementAnalyzer analyzer(*cab);
        std::vector<int> leaf(18);
        for (int i = 0; i < 18; ++i)
            leaf[static_cast<size_t>(i)] = i;
        QCOMPARE(analyzer.measure(leaf).aph, 0.0);
        std::vector<int> twoLeaves = leaf;
        for (int i = 18; i < 36; ++i)
            twoLeaves.push_back(i);
        QCOMPARE(analyzer.measure(twoLeaves).aph, 2.0 * 18 * 18 * 2 / (36.0 * 35));
        QCOMPARE(analyzer.measure(twoLeaves).lowestCommonLevel, 1);
        QCOMPARE(analyzer.measure(std::vector<int>{0, 324}).aph, 4.0);
        QCOMPARE(analyzer.measure(std::vector<int>{0, 324}).lowestCommonLevel, 2);
        QCOMPARE(analyzer.measure(std::vector<int>{0, 324}).pods, 2);
    }

    void minimumAphMatchesExhaustiveSearch_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("largest");
        QTest::newRow("torus 4x4") << "torus extents=4x4" << 14;
        QTest::newRow("mesh 4x4") << "torus extents=4x4 wrap=nn" << 14;
        QTest::newRow("torus 3x5") << "torus extents=3x5" << 13;
        QTest::newRow("mixed 3x3x2, 2 per router") << "torus extents=3x3x2 wrap=yyn nodes-per-router=2" << 5;
        QTest::newRow("fat-tree radix 6") << "fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3" << 6;
        QTest::newRow("2-ary 4-tree") << "kary k=2 n=4" << 7;
        QTest::newRow("irregular tree") << "switchtree parents=-1,0,0,1,1,2,5,5 nodes=1,0,3,4,2,0,3,1" << 7;
    }
    void minimumAphMatchesExhaustiveSearch()
    {
        QFETCH(QString, spec);
        QFETCH(int, largest);
        const auto topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        const int n = topology->nodeCount();
        std::vector<int> every(static_cast<size_t>(n));
        std::iota(every.begin(), every.end(), 0);
        for (int size = 2; size <= largest; ++size) {
            const double best = exhaustiveMinimumAph(*topology, every, size);
            QVERIFY2(
                std::abs(analyzer.minimumAph(size) - best) < 1e-9,
                qPrintable(
                    QStringLiteral("size %1: %2 vs exhaustive %3").arg(size).arg(analyzer.minimumAph(size)).arg(best)));
        }
        QCOMPARE(analyzer.minimumAph(1), 0.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.minimumAph(n + 1));
    }

    void minimumAphAroundEmptySlotsMatchesExhaustiveSearch_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("largest");
        // Holes where the best shapes of a full machine would be.
        QTest::newRow("torus 4x4, a 2x2 block of holes") << "torus extents=4x4 empty=5,6,9,10" << 11;
        QTest::newRow("mesh 4x4, a cross of holes") << "torus extents=4x4 wrap=nn empty=1,4,5,6,9,13" << 9;
        QTest::newRow("torus 3x5, a line of holes") << "torus extents=3x5 empty=1,4,7,10" << 10;
        QTest::newRow("3x3x2, 2 per router, half-empty routers")
            << "torus extents=3x3x2 wrap=yyn nodes-per-router=2 empty=1,3,8,9,17,24,35" << 6;
    }
    void minimumAphAroundEmptySlotsMatchesExhaustiveSearch()
    {
        // The bug: the search counted empty slots as nodes, so on a torus with holes it gave a
        // minimum below that of every placement on the nodes that exist.
        QFETCH(QString, spec);
        QFETCH(int, largest);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& torus = dynamic_cast<const TorusTopology&>(*topology);
        QVERIFY(!topology->emptySlots().empty());
        PlacementAnalyzer analyzer(*topology);
        std::vector<int> usable;
        for (int node = 0; node < topology->nodeCount(); ++node)
            if (!topology->isEmptySlot(node))
                usable.push_back(node);
        const int n = static_cast<int>(usable.size());
        for (int size = 2; size <= largest; ++size) {
            const double best = exhaustiveMinimumAph(*topology, usable, size);
            const QString where
                = QStringLiteral("size %1: %2 vs exhaustive %3").arg(size).arg(analyzer.minimumAph(size)).arg(best);
            QVERIFY2(std::abs(analyzer.minimumAph(size) - best) < 1e-9, qPrintable(where));
            // The value is that of a placement on nodes only.
            const MinimumAphPlacement found = minimumAphAroundEmptySlots(torus, size);
            QCOMPARE(static_cast<int>(found.nodes.size()), size);
            QVERIFY(std::is_sorted(found.nodes.begin(), found.nodes.end()));
            QVERIFY(std::adjacent_find(found.nodes.begin(), found.nodes.end()) == found.nodes.end());
            for (int node : found.nodes)
                QVERIFY2(node >= 0 && node < topology->nodeCount() && !topology->isEmptySlot(node), qPrintable(where));
            QVERIFY2(std::abs(bruteAph(*topology, found.nodes, false) - found.aph) < 1e-9, qPrintable(where));
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.minimumAph(n + 1));
        QCOMPARE(analyzer.minimumAph(n), bruteAph(*topology, usable, false));
    }

    void minimumAphAroundEmptySlotsOnTitan()
    {
        // Titan's shape with a plane of routers holding one node instead of two and a block
        // of routers with none, in the middle: every size is placed on nodes that exist, and
        // does better than the nodes that exist taken in index order.
        std::string empty;
        for (int y = 0; y < 16; ++y)
            for (int z = 0; z < 24; ++z)
                empty += (empty.empty() ? "" : ",") + std::to_string(2 * (3 + 25 * (y + 16 * z)) + 1);
        for (int z = 10; z < 14; ++z)
            for (int y = 6; y < 10; ++y)
                for (int x = 10; x < 15; ++x) {
                    const int router = x + 25 * (y + 16 * z);
                    empty += "," + std::to_string(2 * router) + "," + std::to_string(2 * router + 1);
                }
        const std::string shape = "torus extents=25x16x24 nodes-per-router=2";
        const auto holes = parseMachineSpec(shape + " empty=" + empty);
        QCOMPARE(holes->usableNodeCount(), holes->nodeCount() - 16 * 24 - 2 * 80);
        PlacementAnalyzer analyzer(*holes);
        for (int size : {2, 64, 1000, 4096, 18000}) {
            const MinimumAphPlacement found
                = minimumAphAroundEmptySlots(dynamic_cast<const TorusTopology&>(*holes), size);
            QCOMPARE(static_cast<int>(found.nodes.size()), size);
            for (int node : found.nodes)
                QVERIFY(!holes->isEmptySlot(node));
            QVERIFY(std::abs(analyzer.measure(found.nodes).aph - found.aph) < 1e-9);
            QCOMPARE(analyzer.minimumAph(size), found.aph);
            std::vector<int> inOrder;
            for (int node = 0; static_cast<int>(inOrder.size()) < size; ++node)
                if (!holes->isEmptySlot(node))
                    inOrder.push_back(node);
            QVERIFY2(found.aph <= analyzer.measure(inOrder).aph,
                     qPrintable(QStringLiteral("size %1: %2 above %3 in index order")
                                    .arg(size)
                                    .arg(found.aph)
                                    .arg(analyzer.measure(inOrder).aph)));
        }
    }

    void minimumAphAroundManyEmptySlotsOnAMillionNodes()
    {
        // So many holes that every search is over its work bound: the nodes in index order,
        // improved, are still a placement on nodes that exist (before, no candidate at all).
        std::string empty;
        for (int node = 7; node < 1'000'000; node += 50)
            empty += (empty.empty() ? "" : ",") + std::to_string(node);
        const auto topology = parseMachineSpec("torus extents=100x100x50 nodes-per-router=2 empty=" + empty);
        QCOMPARE(topology->usableNodeCount(), 1'000'000 - 20'000);
        const auto& torus = dynamic_cast<const TorusTopology&>(*topology);
        const MinimumAphPlacement found = minimumAphAroundEmptySlots(torus, 20'000);
        QCOMPARE(static_cast<int>(found.nodes.size()), 20'000);
        for (int node : found.nodes)
            QVERIFY(!topology->isEmptySlot(node));
        PlacementAnalyzer analyzer(*topology);
        QVERIFY(std::abs(analyzer.measure(found.nodes).aph - found.aph) < 1e-9);
    }

    void minimumAphOnToriIsWhatItWas()
    {
        // The values found before the torus search was made faster, bit for bit: on one
        // analyzer for all sizes, taken in ascending order on one machine, descending on the
        // next (the growth it keeps is extended, or reused, either way).
        QFile file(QFINDTESTDATA("data/minimum-aph/tori.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        std::vector<std::pair<std::string, std::vector<std::pair<int, double>>>> machines;
        for (const QByteArray& raw : file.readAll().split('\n')) {
            const QByteArray line = raw.trimmed();
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            if (line.startsWith("machine ")) {
                machines.push_back({line.mid(8).toStdString(), {}});
                continue;
            }
            const QList<QByteArray> fields = line.split(' ');
            QCOMPARE(fields.size(), 2);
            QVERIFY(!machines.empty());
            machines.back().second.emplace_back(fields[0].toInt(), std::strtod(fields[1].constData(), nullptr));
        }
        QCOMPARE(machines.size(), size_t{3});
        bool descending = false;
        int compared = 0;
        for (auto& [spec, values] : machines) {
            const auto topology = parseMachineSpec(spec);
            PlacementAnalyzer analyzer(*topology);
            if (descending)
                std::reverse(values.begin(), values.end());
            descending = !descending;
            for (const auto& [size, expected] : values) {
                const double found = analyzer.minimumAph(size);
                QVERIFY2(found == expected,
                         qPrintable(QStringLiteral("%1, size %2: %3, was %4")
                                        .arg(QString::fromStdString(spec))
                                        .arg(size)
                                        .arg(found, 0, 'g', 17)
                                        .arg(expected, 0, 'g', 17)));
                ++compared;
            }
        }
        QCOMPARE(compared, 120);
    }

    void minimumAphOnWholeMachines()
    {
        // A whole-machine job has only one placement.
        for (const char* spec : machines) {
            const auto topology = parseMachineSpec(spec);
            PlacementAnalyzer analyzer(*topology);
            std::vector<int> all(static_cast<size_t>(topology->nodeCount()));
            for (int i = 0; i < topology->nodeCount(); ++i)
                all[static_cast<size_t>(i)] = i;
            QVERIFY2(std::abs(analyzer.minimumAph(topology->nodeCount()) - analyzer.measure(all).aph) < 1e-9, spec);
        }
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
