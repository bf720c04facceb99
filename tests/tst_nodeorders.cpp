#include "core/MachineSpec.h"
#include "core/NodeOrders.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <algorithm>

using namespace placement;

namespace {

const TorusTopology& torusOf(const std::unique_ptr<Topology>& topology)
{
    return dynamic_cast<const TorusTopology&>(*topology);
}

bool isPermutation(std::vector<int> order, int count)
{
    std::sort(order.begin(), order.end());
    for (int i = 0; i < count; ++i)
        if (static_cast<int>(order.size()) != count || order[static_cast<size_t>(i)] != i)
            return false;
    return true;
}

/// Grid distance between two routers, ignoring wrap-around (a curve step must be one link).
int gridDistance(const TorusTopology& torus, int a, int b)
{
    int total = 0;
    for (int d = 0; d < torus.dimensions(); ++d)
        total += std::abs(torus.routerCoordinate(a, d) - torus.routerCoordinate(b, d));
    return total;
}

} // namespace

class TestNodeOrders : public QObject
{
    Q_OBJECT
private slots:
    void dimensionOrders()
    {
        const auto grid = parseMachineSpec("torus extents=3x2");
        QCOMPARE(dimensionOrder(torusOf(grid), "xy", false), (std::vector<int>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(dimensionOrder(torusOf(grid), "yx", false), (std::vector<int>{0, 3, 1, 4, 2, 5}));
        QCOMPARE(dimensionOrder(torusOf(grid), "xy", true), (std::vector<int>{0, 1, 2, 5, 4, 3}));
        const auto pairs = parseMachineSpec("torus extents=2x2 nodes-per-router=2");
        QCOMPARE(dimensionOrder(torusOf(pairs), "yx", false), (std::vector<int>{0, 1, 4, 5, 2, 3, 6, 7}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dimensionOrder(torusOf(grid), "xz", false));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dimensionOrder(torusOf(grid), "xx", false));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dimensionOrder(torusOf(grid), "x", false));
    }

    void everyOrderVisitsEveryNodeOnce_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("titan") << "titan";
        QTest::newRow("odd 5x3x7") << "torus extents=5x3x7 nodes-per-router=3";
        QTest::newRow("2D 8x8") << "torus-8x8";
    }
    void everyOrderVisitsEveryNodeOnce()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const TorusTopology& torus = torusOf(topology);
        std::string letters = std::string("xyz").substr(0, static_cast<size_t>(torus.dimensions()));
        std::sort(letters.begin(), letters.end());
        do {
            for (bool serpentine : {false, true}) {
                const std::vector<int> order = dimensionOrder(torus, letters, serpentine);
                QVERIFY2(isPermutation(order, torus.nodeCount()), letters.c_str());
                if (!serpentine)
                    continue;
                const int perRouter = torus.nodesPerRouter();
                for (size_t i = perRouter; i < order.size(); i += static_cast<size_t>(perRouter))
                    QCOMPARE(gridDistance(torus, order[i - static_cast<size_t>(perRouter)] / perRouter,
                                          order[i] / perRouter),
                             1);
            }
        } while (std::next_permutation(letters.begin(), letters.end()));
        QVERIFY(isPermutation(hilbertOrder(torus), torus.nodeCount()));
    }

    void shuffleGoesRoundTheLeaves()
    {
        const auto tree = parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3");
        const std::vector<int> order = shuffleOrder(*tree);
        QCOMPARE(std::vector<int>(order.begin(), order.begin() + 7), (std::vector<int>{0, 3, 6, 9, 12, 15, 1}));
        QVERIFY(isPermutation(order, 18));
        const auto irregular = parseMachineSpec("switchtree parents=-1,0,0 nodes=0,1,3");
        QCOMPARE(shuffleOrder(*irregular), (std::vector<int>{0, 1, 2, 3}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, shuffleOrder(*parseMachineSpec("torus-8x8")));
    }

    void hilbertStepsAreSingleLinksOnPowerOfTwoCubes_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("4x4x4") << "torus extents=4x4x4";
        QTest::newRow("8x8x8") << "torus extents=8x8x8";
        QTest::newRow("16x16") << "torus-16x16";
        QTest::newRow("32") << "torus extents=32";
    }
    void hilbertStepsAreSingleLinksOnPowerOfTwoCubes()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const TorusTopology& torus = torusOf(topology);
        const std::vector<int> order = hilbertOrder(torus);
        QVERIFY(isPermutation(order, torus.nodeCount()));
        QCOMPARE(order.front(), 0);
        for (size_t i = 1; i < order.size(); ++i)
            QCOMPARE(gridDistance(torus, order[i - 1], order[i]), 1);
    }
};

QTEST_APPLESS_MAIN(TestNodeOrders)
#include "tst_nodeorders.moc"
