// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"
#include "core/MachineSpec.h"
#include "core/NodeLayout.h"
#include "core/RayCast.h"
#include "core/SplitMix64.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <deque>

using namespace placement;

namespace {

/// Router-graph BFS: the obviously-correct reference for torus hop counts.
std::vector<int> bfsRouterDistances(const TorusTopology& torus, int fromRouter)
{
    const int routers = torus.routerCount();
    std::vector<int> distance(static_cast<size_t>(routers), -1);
    std::deque<int> queue{fromRouter};
    distance[static_cast<size_t>(fromRouter)] = 0;
    while (!queue.empty()) {
        const int router = queue.front();
        queue.pop_front();
        int stride = 1;
        for (int dim = 0; dim < torus.dimensions(); ++dim) {
            const int extent = torus.extents()[static_cast<size_t>(dim)];
            const int coordinate = (router / stride) % extent;
            for (int step : {-1, 1}) {
                int next = coordinate + step;
                if (next < 0 || next >= extent) {
                    if (!torus.wraps()[static_cast<size_t>(dim)])
                        continue;
                    next = (next + extent) % extent;
                }
                const int neighbour = router + (next - coordinate) * stride;
                if (distance[static_cast<size_t>(neighbour)] < 0) {
                    distance[static_cast<size_t>(neighbour)] = distance[static_cast<size_t>(router)] + 1;
                    queue.push_back(neighbour);
                }
            }
            stride *= extent;
        }
    }
    return distance;
}

bool insideBox(const NodeLayout& layout, size_t box, Vec3 p)
{
    const Vec3& c = layout.centers[box];
    return std::abs(p.x - c.x) <= layout.boxSize.x / 2 && std::abs(p.y - c.y) <= layout.boxSize.y / 2
        && std::abs(p.z - c.z) <= layout.boxSize.z / 2;
}

} // namespace

class TestTopology : public QObject
{
    Q_OBJECT
private slots:
    void torusHopsMatchBreadthFirstSearch_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("8x8x8 torus") << "torus extents=8x8x8";
        QTest::newRow("odd 5x3x7 torus, 2 per router") << "torus extents=5x3x7 nodes-per-router=2";
        QTest::newRow("mesh 4x5") << "torus extents=4x5 wrap=nn";
        QTest::newRow("mixed 3x6x2") << "torus extents=3x6x2 wrap=yny";
        QTest::newRow("ring of 1") << "torus extents=1x9";
        QTest::newRow("4D 3x3x2x4") << "torus extents=3x3x2x4 wrap=ynyy";
    }
    void torusHopsMatchBreadthFirstSearch()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const auto& torus = dynamic_cast<const TorusTopology&>(*topology);
        for (int a = 0; a < torus.nodeCount(); ++a) {
            const std::vector<int> reference = bfsRouterDistances(torus, torus.routerOf(a));
            for (int b = 0; b < torus.nodeCount(); ++b)
                QCOMPARE(torus.hops(a, b), reference[static_cast<size_t>(torus.routerOf(b))]);
        }
    }

    void titanWorstCaseIs32Hops()
    {
        // Titan §II: 25 x 16 x 24 Gemini routers, worst case 12 + 8 + 12 hops.
        const TorusTopology titan({25, 16, 24}, {true, true, true}, 2);
        QCOMPARE(titan.nodeCount(), 19200);
        int worst = 0;
        for (int b = 0; b < titan.nodeCount(); ++b)
            worst = std::max(worst, titan.hops(0, b));
        QCOMPARE(worst, 32);
    }

    void fatTreeHopsCountSwitchLinks()
    {
        // Pollard §IV-C on Cab: same leaf 0, same pod 2, other pod 4.
        const FatTreeTopology cab({36, 4, 18, 18, 18}, "cab");
        QCOMPARE(cab.nodeCount(), 1296);
        QCOMPARE(cab.hops(0, 17), 0);
        QCOMPARE(cab.hops(0, 18), 2);
        QCOMPARE(cab.hops(0, 323), 2);
        QCOMPARE(cab.hops(0, 324), 4);
        QCOMPARE(cab.hops(1295, 0), 4);
        QCOMPARE(cab.nodeName(0), std::string("cab1"));
        QCOMPARE(cab.nodeLocation(324 + 18 * 2 + 5), std::string("pod 1, leaf 2, port 5"));
    }

    void machineSpecRoundTrips_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus") << "torus extents=8x8x8 wrap=yyy nodes-per-router=1 prefix=nid";
        QTest::newRow("mesh") << "torus extents=3x4 wrap=yn nodes-per-router=4 prefix=n";
        QTest::newRow("cab") << "fattree radix=36 pods=4 leaves-per-pod=18 nodes-per-leaf=18 uplinks-per-leaf=18 "
                                "uplinks-per-l2=18 spines-per-group=2 prefix=cab";
        QTest::newRow("tapered") << "fattree radix=36 pods=2 leaves-per-pod=18 nodes-per-leaf=24 uplinks-per-leaf=12 "
                                    "uplinks-per-l2=18 spines-per-group=1 prefix=n";
        QTest::newRow("titan") << "torus extents=25x16x24 wrap=yyy nodes-per-router=2 prefix=nid "
                                  "bandwidth=9.36/9.36,4.68/15,15,15,15,15,15,15,9.36";
        QTest::newRow("kary") << "kary k=4 n=3 prefix=n";
        QTest::newRow("switch tree") << "switchtree parents=-1,0,0,1 nodes=0,2,3,4 prefix=sw";
    }
    void machineSpecRoundTrips()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        QCOMPARE(QString::fromStdString(machineSpecOf(*topology)), spec);
    }

    void badMachineSpecsAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown kind") << "butterfly groups=3"
                                      << "butterfly";
        QTest::newRow("zero extent") << "torus extents=8x0x8"
                                     << "extents";
        QTest::newRow("wrap length") << "torus extents=8x8 wrap=y"
                                     << "wrap";
        QTest::newRow("unknown key") << "torus extents=8 colour=red"
                                     << "colour";
        QTest::newRow("no value") << "fattree radix"
                                  << "radix";
        QTest::newRow("not a number") << "fattree radix=3x6"
                                      << "radix";
        QTest::newRow("too many ports") << "fattree radix=8 nodes-per-leaf=6 uplinks-per-leaf=4"
                                        << "radix";
        QTest::newRow("twice") << "torus extents=8 extents=9"
                               << "twice";
    }
    void badMachineSpecsAreRefused()
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

    void layoutsKeepBoxesApart_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus 2 per router") << "torus extents=4x3x5 nodes-per-router=2";
        QTest::newRow("4D torus") << "torus extents=2x3x2x2";
        QTest::newRow("cab") << "fattree radix=36 pods=4";
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
    }

    void rayCastMatchesRayMarching()
    {
        // Reference: march along the ray in tiny steps; the first box containing a sample.
        const auto topology = parseMachineSpec("torus extents=4x3x5 nodes-per-router=2");
        const NodeLayout layout = layoutNodes(*topology);
        SplitMix64 random(42);
        int hits = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const Vec3 origin{random.uniform() * 12 - 4, random.uniform() * 12 - 4, random.uniform() * 14 - 4};
            const Vec3 target{random.uniform() * 4, random.uniform() * 3, random.uniform() * 5};
            Vec3 direction = target - origin;
            const double length
                = std::sqrt(direction.x * direction.x + direction.y * direction.y + direction.z * direction.z);
            direction = direction * (1 / length);
            int expected = -1;
            for (double t = 0; t < 40 && expected < 0; t += 0.001) {
                const Vec3 p = origin + direction * t;
                for (size_t box = 0; box < layout.centers.size() && expected < 0; ++box)
                    if (insideBox(layout, box, p))
                        expected = static_cast<int>(box);
            }
            const int actual = firstBoxHit(layout, origin, direction);
            QVERIFY2(
                actual == expected,
                qPrintable(QStringLiteral("trial %1: ray cast %2, marching %3").arg(trial).arg(actual).arg(expected)));
            hits += actual >= 0 ? 1 : 0;
        }
        QVERIFY(hits > 100);
    }

    void rayCastHandlesAxisParallelRays()
    {
        const auto topology = parseMachineSpec("torus extents=3x3 wrap=nn");
        const NodeLayout layout = layoutNodes(*topology);
        // Straight down the z axis onto node (1,2) and just beside it.
        QCOMPARE(firstBoxHit(layout, {1, 2, 10}, {0, 0, -1}), 1 + 3 * 2);
        QCOMPARE(firstBoxHit(layout, {1.5, 2, 10}, {0, 0, -1}), -1);
        // Along x through the middle row: the nearest box wins.
        QCOMPARE(firstBoxHit(layout, {-5, 1, 0}, {1, 0, 0}), 3);
        QCOMPARE(firstBoxHit(layout, {9, 1, 0}, {-1, 0, 0}), 5);
        // Pointing away.
        QCOMPARE(firstBoxHit(layout, {-5, 1, 0}, {-1, 0, 0}), -1);
    }
};

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
