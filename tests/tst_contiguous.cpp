// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/ContiguousWindowScan.h"
#include "core/MachineSpec.h"
#include "core/NodeOrders.h"
#include "core/PlacementMetrics.h"
#include "core/SplitMix64.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <algorithm>

using namespace placement;

namespace {

const TorusTopology& torusOf(const std::unique_ptr<Topology>& topology)
{
    return dynamic_cast<const TorusTopology&>(*topology);
}

/// The obviously correct reference: hops over every ordered pair of the window's nodes.
double bruteForceAph(const Topology& topology, const std::vector<int>& nodes)
{
    if (nodes.size() < 2)
        return 0;
    long long total = 0;
    for (int a : nodes)
        for (int b : nodes)
            if (a != b)
                total += topology.hops(a, b);
    const auto n = static_cast<double>(nodes.size());
    return static_cast<double>(total) / (n * (n - 1));
}

std::vector<int> window(const std::vector<int>& order, int start, int size)
{
    std::vector<int> nodes;
    for (int i = 0; i < size; ++i)
        nodes.push_back(order[static_cast<size_t>(start + i) % order.size()]);
    return nodes;
}

} // namespace

class TestContiguous : public QObject
{
    Q_OBJECT
private slots:
    void everyWindowMatchesBruteForce_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("order");
        QTest::newRow("4x3x5 x2, index") << "torus extents=4x3x5 nodes-per-router=2"
                                         << "index";
        QTest::newRow("4x3x5 x2, alps") << "torus extents=4x3x5 nodes-per-router=2"
                                        << "alps";
        QTest::newRow("5x3x7 x3, alps-balanced") << "torus extents=5x3x7 nodes-per-router=3"
                                                 << "alps-balanced";
        QTest::newRow("5x3x7 x3, hilbert") << "torus extents=5x3x7 nodes-per-router=3"
                                           << "hilbert";
        QTest::newRow("mesh 6x5, column") << "torus extents=6x5 wrap=nn"
                                          << "column";
        QTest::newRow("mixed 6x5, row") << "torus extents=6x5 wrap=yn"
                                        << "row";
        QTest::newRow("ring 9") << "torus extents=9"
                                << "index";
        QTest::newRow("8x8, shuffled") << "torus-8x8"
                                       << "shuffled";
        QTest::newRow("8x8, partial list") << "torus-8x8"
                                           << "partial";
    }
    void everyWindowMatchesBruteForce()
    {
        QFETCH(QString, spec);
        QFETCH(QString, order);
        const auto topology = parseMachineSpec(spec.toStdString());
        const TorusTopology& torus = torusOf(topology);
        std::vector<int> nodes;
        if (order == QLatin1String("shuffled") || order == QLatin1String("partial")) {
            nodes = nodeOrderByName(torus, "index");
            SplitMix64 random(7);
            for (size_t i = nodes.size() - 1; i > 0; --i)
                std::swap(nodes[i], nodes[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(i)))]);
            if (order == QLatin1String("partial"))
                nodes.resize(nodes.size() * 2 / 3); // a list of some of the nodes (e.g. compute nodes only)
        } else {
            nodes = nodeOrderByName(torus, order.toStdString());
        }
        const ContiguousWindowScan scan(torus, nodes);
        const int count = static_cast<int>(nodes.size());
        QCOMPARE(scan.orderSize(), count);
        PlacementAnalyzer analyzer(torus);
        for (int size : {1, 2, 3, 5, 8, count / 2, count - 1, count}) {
            for (bool cyclic : {false, true}) {
                const std::vector<double> aph = scan.windowAph(size, cyclic);
                const std::int64_t expected = size == count ? 1 : cyclic ? count : count - size + 1;
                QCOMPARE(static_cast<std::int64_t>(aph.size()), expected);
                QCOMPARE(scan.windowCount(size, cyclic), expected);
                for (int start = 0; start < static_cast<int>(aph.size()); ++start) {
                    const std::vector<int> placed = window(nodes, start, size);
                    const double reference = bruteForceAph(torus, placed);
                    if (std::abs(aph[static_cast<size_t>(start)] - reference) > 1e-9 * std::max(1.0, reference))
                        QFAIL(qPrintable(QStringLiteral("size %1 start %2 cyclic %3: %4, brute force %5")
                                             .arg(size)
                                             .arg(start)
                                             .arg(cyclic)
                                             .arg(aph[static_cast<size_t>(start)], 0, 'g', 17)
                                             .arg(reference, 0, 'g', 17)));
                    QVERIFY(std::abs(analyzer.measure(placed).aph - reference) <= 1e-9 * std::max(1.0, reference));
                }
            }
        }
    }

    void titanWindowsAgreeWithTheAnalyzer()
    {
        const auto topology = parseMachineSpec("titan");
        const TorusTopology& torus = torusOf(topology);
        const std::vector<int> order = nodeOrderByName(torus, "alps-zxy");
        const ContiguousWindowScan scan(torus, order);
        PlacementAnalyzer analyzer(torus);
        for (int size : {2, 16, 125, 1024}) {
            const std::vector<double> aph = scan.windowAph(size, false);
            QCOMPARE(static_cast<int>(aph.size()), 19200 - size + 1);
            for (int start : {0, 1, 777, 9600, 19200 - size}) {
                const double reference = analyzer.measure(window(order, start, size)).aph;
                QVERIFY(std::abs(aph[static_cast<size_t>(start)] - reference) <= 1e-9 * reference);
            }
        }
        // Two nodes: one router (0 hops) when the window starts on a router, else one link.
        const std::vector<double> pairs = scan.windowAph(2, false);
        QCOMPARE(pairs[0], 0.0);
        QCOMPARE(pairs[1], 1.0);
        const std::vector<double> whole = scan.windowAph(19200, true);
        QCOMPARE(whole.size(), size_t(1));
        QVERIFY(std::abs(whole[0] - analyzer.measure(order).aph) < 1e-9);
    }

    void badInputIsRefused()
    {
        const auto topology = parseMachineSpec("torus extents=4x4");
        const TorusTopology& torus = torusOf(topology);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ContiguousWindowScan(torus, {0, 1, 1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ContiguousWindowScan(torus, {0, 16}));
        const ContiguousWindowScan scan(torus, nodeOrderByName(torus, "index"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scan.windowAph(0, false));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scan.windowAph(17, false));
        QCOMPARE(scan.windowCount(17, true), std::int64_t(0));
    }

    void distributionOfKnownValues()
    {
        const AphDistribution five = aphDistribution({5, 1, 4, 2, 3}, 4);
        QCOMPARE(five.count, std::int64_t(5));
        QCOMPARE(five.minimum, 1.0);
        QCOMPARE(five.lowerQuartile, 2.0);
        QCOMPARE(five.median, 3.0);
        QCOMPARE(five.upperQuartile, 4.0);
        QCOMPARE(five.mean, 3.0);
        QCOMPARE(five.maximum, 5.0);
        QCOMPARE(five.binWidth, 1.0);
        QCOMPARE(five.histogram, (std::vector<std::int64_t>{1, 1, 1, 2})); // the maximum in the last bin
        const AphDistribution four = aphDistribution({1, 2, 3, 4}, 2);
        QCOMPARE(four.lowerQuartile, 1.75); // interpolated between order statistics
        QCOMPARE(four.median, 2.5);
        QCOMPARE(four.histogram, (std::vector<std::int64_t>{2, 2}));
        const AphDistribution same = aphDistribution({2, 2, 2}, 10);
        QCOMPARE(same.histogram, (std::vector<std::int64_t>{3}));
        QCOMPARE(same.binWidth, 0.0);
        QCOMPARE(aphDistribution({}, 5).count, std::int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestContiguous)
#include "tst_contiguous.moc"
