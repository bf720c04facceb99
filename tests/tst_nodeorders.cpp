// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/BlockedOrder.h"
#include "core/MachineSpec.h"
#include "core/NodeOrders.h"
#include "core/QuadrantAllocator.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <algorithm>
#include <functional>
#include <set>

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

const std::vector<AlpsLayout> allLayouts{AlpsLayout::Zyx, AlpsLayout::Zxy, AlpsLayout::Balanced, AlpsLayout::Zxy3d,
                                         AlpsLayout::Balanced3d};

/// The routers of a node order, one per router (its nodes must be together, in slot order).
std::vector<int> routersOf(const TorusTopology& torus, const std::vector<int>& order)
{
    std::vector<int> routers;
    const int perRouter = torus.nodesPerRouter();
    for (size_t i = 0; i < order.size(); i += static_cast<size_t>(perRouter))
        routers.push_back(order[i] / perRouter);
    return routers;
}

bool routersStayTogether(const TorusTopology& torus, const std::vector<int>& order)
{
    const auto perRouter = static_cast<size_t>(torus.nodesPerRouter());
    for (size_t i = 0; i < order.size(); ++i) {
        const size_t slot = i % perRouter;
        const int first = order[i - slot];
        if (first % static_cast<int>(perRouter) != 0 || order[i] != first + static_cast<int>(slot))
            return false;
    }
    return true;
}

/// Every cell (the routers with one key) is one run of the router sequence: once left, never
/// seen again.
bool cellsAreContiguous(const std::vector<int>& routers, const std::function<int(int)>& cellOf)
{
    std::set<int> finished;
    for (size_t i = 0; i < routers.size(); ++i) {
        const int cell = cellOf(routers[i]);
        if (finished.count(cell))
            return false;
        if (i + 1 < routers.size() && cellOf(routers[i + 1]) != cell)
            finished.insert(cell);
    }
    return true;
}

/// Block (4x2x4) and 2x2x2 group keys of a router.
int blockOf(const TorusTopology& torus, int router)
{
    return (torus.routerCoordinate(router, 0) / 4 * 1000 + torus.routerCoordinate(router, 1) / 2) * 1000
        + torus.routerCoordinate(router, 2) / 4;
}

int groupOf(const TorusTopology& torus, int router)
{
    return (torus.routerCoordinate(router, 0) / 2 * 1000 + torus.routerCoordinate(router, 1) / 2) * 1000
        + torus.routerCoordinate(router, 2) / 2;
}

int torusHops(const TorusTopology& torus, int a, int b)
{
    return torus.hops(a * torus.nodesPerRouter(), b * torus.nodesPerRouter());
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

    void blockedOrdersVisitEveryNodeOnce_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("titan") << "titan";
        QTest::newRow("odd 5x3x7, 3 per router") << "torus extents=5x3x7 nodes-per-router=3";
        QTest::newRow("mesh 25x16x24") << "torus extents=25x16x24 wrap=nnn nodes-per-router=2";
        QTest::newRow("8x4x8") << "torus extents=8x4x8";
        QTest::newRow("1x1x1") << "torus extents=1x1x1";
        QTest::newRow("3x1x5 mesh") << "torus extents=3x1x5 wrap=nnn";
        QTest::newRow("9x7x2") << "torus extents=9x7x2 nodes-per-router=4";
    }
    void blockedOrdersVisitEveryNodeOnce()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const TorusTopology& torus = torusOf(topology);
        for (AlpsLayout layout : allLayouts) {
            const std::vector<int> order = alpsOrder(torus, layout);
            const char* name = alpsLayout(layout).name.c_str();
            QVERIFY2(isPermutation(order, torus.nodeCount()), name);
            QVERIFY2(routersStayTogether(torus, order), name);
            // Titan §VI: Hilbert curves inside 2x2x2 groups, so every group is one run of the
            // order and each step inside it is one link.
            const std::vector<int> routers = routersOf(torus, order);
            QVERIFY2(cellsAreContiguous(routers, [&](int r) { return groupOf(torus, r); }), name);
            QVERIFY2(cellsAreContiguous(routers, [&](int r) { return blockOf(torus, r); }), name);
            for (size_t i = 1; i < routers.size(); ++i)
                if (groupOf(torus, routers[i - 1]) == groupOf(torus, routers[i]))
                    QCOMPARE(gridDistance(torus, routers[i - 1], routers[i]), 1);
        }
    }

    void blockedOrderStepsAreSingleLinksInsideBlocks_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("8x4x8") << "torus extents=8x4x8";
        QTest::newRow("24x16x24, 2 per router") << "torus extents=24x16x24 nodes-per-router=2";
        QTest::newRow("12x6x8 mesh") << "torus extents=12x6x8 wrap=nnn";
    }
    void blockedOrderStepsAreSingleLinksInsideBlocks()
    {
        // On extents that are multiples of the 4x2x4 block: a block's groups are walked by a
        // boustrophedon and the groups' curves are rotated to meet, so every step inside a block
        // is one link; ZXY builds back and forth through the whole ZX plane of a Y layer (§VI-A),
        // Balanced through each two-block strip (§VI-B), ZYX through each Z column (§VI).
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const TorusTopology& torus = torusOf(topology);
        const auto y = [&](int r) { return torus.routerCoordinate(r, 1); };
        const auto x = [&](int r) { return torus.routerCoordinate(r, 0); };
        const std::vector<std::pair<AlpsLayout, std::function<int(int)>>> runs{
            {AlpsLayout::Zyx, [&](int r) { return x(r) / 4 * 1000 + y(r) / 2; }},
            {AlpsLayout::Zxy, [&](int r) { return y(r) / 2; }},
            {AlpsLayout::Balanced, [&](int r) { return x(r) / 8; }},
            {AlpsLayout::Zxy3d, [&](int r) { return blockOf(torus, r); }},
            {AlpsLayout::Balanced3d, [&](int r) { return blockOf(torus, r); }},
        };
        for (const auto& [layout, runOf] : runs) {
            const std::vector<int> routers = routersOf(torus, alpsOrder(torus, layout));
            for (size_t i = 1; i < routers.size(); ++i)
                if (runOf(routers[i - 1]) == runOf(routers[i]))
                    QVERIFY2(
                        torusHops(torus, routers[i - 1], routers[i]) == 1,
                        qPrintable(QString::fromStdString(alpsLayout(layout).name) + " step " + QString::number(i)));
        }
    }

    void titanBlockedOrdersFollowThePaper()
    {
        const auto topology = parseMachineSpec("titan");
        const TorusTopology& torus = torusOf(topology);
        const auto blockAt = [&](const std::vector<int>& routers, size_t block) {
            const int r = routers[block * 32];
            return std::vector<int>{torus.routerCoordinate(r, 0) / 4, torus.routerCoordinate(r, 1) / 2,
                                    torus.routerCoordinate(r, 2) / 4};
        };
        // Default (Fig. 10): the first block is x 0-3, y 0-1, z 0-3 from router (0,0,0), its
        // first 2x2x2 group first; blocks chain along Z, then Y, then X.
        const std::vector<int> zyx = routersOf(torus, alpsOrder(torus, AlpsLayout::Zyx));
        QCOMPARE(zyx.front(), 0);
        for (int i = 0; i < 8; ++i)
            QCOMPARE(groupOf(torus, zyx[static_cast<size_t>(i)]), 0);
        QCOMPARE(blockAt(zyx, 1), (std::vector<int>{0, 0, 1}));
        QCOMPARE(blockAt(zyx, 6), (std::vector<int>{0, 1, 0}));
        QCOMPARE(blockAt(zyx, 48), (std::vector<int>{1, 0, 0}));
        // The last X block is one router wide (25 = 6 x 4 + 1): 16 routers a block.
        QCOMPARE(torus.routerCoordinate(zyx.back(), 0), 24);
        // ZXY (Fig. 11): back and forth along Z, stepping in X; the whole machine one link a step.
        const std::vector<int> zxy = routersOf(torus, alpsOrder(torus, AlpsLayout::Zxy));
        QCOMPARE(blockAt(zxy, 6), (std::vector<int>{1, 0, 5}));
        QCOMPARE(blockAt(zxy, 12), (std::vector<int>{2, 0, 0}));
        for (size_t i = 1; i < zxy.size(); ++i)
            QCOMPARE(torusHops(torus, zxy[i - 1], zxy[i]), 1);
        // Balanced (Fig. 12): after each Z column the step alternates between X and Y.
        const std::vector<int> balanced = routersOf(torus, alpsOrder(torus, AlpsLayout::Balanced));
        QCOMPARE(blockAt(balanced, 6), (std::vector<int>{1, 0, 5}));
        QCOMPARE(blockAt(balanced, 12), (std::vector<int>{1, 1, 0}));
        QCOMPARE(blockAt(balanced, 18), (std::vector<int>{0, 1, 5}));
        QCOMPARE(blockAt(balanced, 24), (std::vector<int>{0, 2, 0}));
        // The 3D variants build back to front: every Z column of blocks starts at z block 0;
        // ZXY-3D walks the 7 X columns (the last one router wide) before the next Y layer.
        for (AlpsLayout layout : {AlpsLayout::Zxy3d, AlpsLayout::Balanced3d}) {
            const std::vector<int> routers = routersOf(torus, alpsOrder(torus, layout));
            std::vector<std::pair<int, int>> columns; // (x block, y block) in the order they start
            for (size_t i = 0; i < routers.size(); ++i) {
                const std::pair<int, int> column{torus.routerCoordinate(routers[i], 0) / 4,
                                                 torus.routerCoordinate(routers[i], 1) / 2};
                if (i > 0 && column == columns.back())
                    continue;
                columns.push_back(column);
                QCOMPARE(torus.routerCoordinate(routers[i], 2) / 4, 0);
            }
            QCOMPARE(static_cast<int>(columns.size()), 7 * 8);
            if (layout == AlpsLayout::Zxy3d) {
                QCOMPARE(columns[6], std::make_pair(6, 0));
                QCOMPARE(columns[7], std::make_pair(0, 1));
            } else {
                QCOMPARE(columns[2], std::make_pair(0, 1));
                QCOMPARE(columns[3], std::make_pair(1, 1));
            }
        }
    }

    void blockedLayoutsAreChecked()
    {
        const auto topology = parseMachineSpec("torus extents=8x8x8");
        const TorusTopology& torus = torusOf(topology);
        BlockedLayout layout = alpsLayout(AlpsLayout::Zyx);
        layout.blockExtents = {3, 2, 4};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, blockedOrder(torus, layout));
        layout = alpsLayout(AlpsLayout::Zyx);
        layout.chain = {{2, 0}, {1, 0}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, blockedOrder(torus, layout));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 alpsOrder(torusOf(parseMachineSpec("torus-8x8")), AlpsLayout::Zyx));
        // Other block sizes work too: 2x2x2 blocks are the groups themselves.
        layout = alpsLayout(AlpsLayout::Zxy);
        layout.blockExtents = {2, 2, 2};
        QVERIFY(isPermutation(blockedOrder(torus, layout), torus.nodeCount()));
    }

    void pascualRowAndColumnOrders()
    {
        const auto grid = parseMachineSpec("torus extents=3x2");
        QCOMPARE(rowOrder(torusOf(grid)), (std::vector<int>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(columnOrder(torusOf(grid)), (std::vector<int>{0, 3, 1, 4, 2, 5}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, columnOrder(torusOf(parseMachineSpec("torus extents=4"))));
    }

    void ordersByName_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("titan") << "titan";
        QTest::newRow("2D 8x8") << "torus-8x8";
        QTest::newRow("fat-tree") << "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2";
        QTest::newRow("4D torus") << "torus extents=2x3x2x2";
    }
    void ordersByName()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        for (const std::string& name : nodeOrderNames(*topology))
            QVERIFY2(isPermutation(nodeOrderByName(*topology, name), topology->nodeCount()), name.c_str());
        try {
            nodeOrderByName(*topology, "spiral");
            QFAIL("an unknown order was accepted");
        } catch (const std::invalid_argument& error) {
            const std::string message = error.what();
            QVERIFY2(message.find("spiral") != std::string::npos, error.what());
            QVERIFY2(message.find("valid: index, consecutive") != std::string::npos, error.what());
        }
    }

    void namesSelectTheRightOrders()
    {
        const auto titan = parseMachineSpec("titan");
        const TorusTopology& torus = torusOf(titan);
        QCOMPARE(nodeOrderByName(*titan, "zyx"), dimensionOrder(torus, "zyx", false));
        QCOMPARE(nodeOrderByName(*titan, "xzy-serpentine"), dimensionOrder(torus, "xzy", true));
        QCOMPARE(nodeOrderByName(*titan, "hilbert"), hilbertOrder(torus));
        QCOMPARE(nodeOrderByName(*titan, "alps"), alpsOrder(torus, AlpsLayout::Zyx));
        QCOMPARE(nodeOrderByName(*titan, "alps-balanced-3d"), alpsOrder(torus, AlpsLayout::Balanced3d));
        QCOMPARE(nodeOrderByName(*titan, "row"), dimensionOrder(torus, "xyz", false));
        QCOMPARE(nodeOrderByName(*titan, "column"), dimensionOrder(torus, "yxz", false));
        const auto tree = parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3");
        QCOMPARE(nodeOrderByName(*tree, "shuffle"), shuffleOrder(*tree));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, nodeOrderByName(*tree, "zyx"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, nodeOrderByName(*titan, "shuffle"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, nodeOrderByName(*titan, "xy"));
    }

    void quadrantGivesEachJobItsOwnSquare()
    {
        // Pascual §3.2: 4 jobs of 64 tasks on a 16x16 torus, one 8x8 square each, row order inside.
        const auto topology = parseMachineSpec("torus-16x16");
        const TorusTopology& torus = torusOf(topology);
        QCOMPARE(QuadrantAllocator::sideForJobs(torus, 4), 8);
        QCOMPARE(QuadrantAllocator::sideForJobs(torusOf(parseMachineSpec("torus-32x32")), 16), 8);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, QuadrantAllocator::sideForJobs(torus, 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, QuadrantAllocator(torus, 5));
        QuadrantAllocator quadrant(torus, 8);
        QCOMPARE(quadrant.squareCount(), 4);
        MachineState state(torus);
        std::set<int> taken;
        std::set<int> corners;
        for (int job = 0; job < 4; ++job) {
            const std::vector<int> nodes = quadrant.allocate(state, {job, 64, 0});
            QCOMPARE(static_cast<int>(nodes.size()), 64);
            const int x0 = torus.coordinate(nodes.front(), 0);
            const int y0 = torus.coordinate(nodes.front(), 1);
            QCOMPARE(x0 % 8, 0);
            QCOMPARE(y0 % 8, 0);
            corners.insert(nodes.front());
            for (size_t i = 0; i < nodes.size(); ++i) {
                QVERIFY(taken.insert(nodes[i]).second); // disjoint
                QCOMPARE(torus.coordinate(nodes[i], 0), x0 + static_cast<int>(i % 8)); // row order
                QCOMPARE(torus.coordinate(nodes[i], 1), y0 + static_cast<int>(i / 8));
            }
            state.take(nodes, job);
        }
        QCOMPARE(corners, (std::set<int>{0, 8, 128, 136}));
        QVERIFY(quadrant.allocate(state, {4, 1, 0}).empty()); // no free square
        state.release(quadrant.squareNodes(2));
        QCOMPARE(quadrant.allocate(state, {4, 64, 0}), quadrant.squareNodes(2));
    }

    void quadrantSquaresAreNotShared()
    {
        const auto topology = parseMachineSpec("torus extents=4x4 nodes-per-router=2");
        const TorusTopology& torus = torusOf(topology);
        QuadrantAllocator quadrant(torus, 2); // 4 squares of 2x2 routers, 8 nodes each
        QCOMPARE(quadrant.squareNodes(1), (std::vector<int>{4, 5, 6, 7, 12, 13, 14, 15}));
        MachineState state(torus);
        const std::vector<int> small = quadrant.allocate(state, {0, 3, 0});
        QCOMPARE(small, (std::vector<int>{0, 1, 2}));
        state.take(small, 0);
        // The rest of the first square stays idle: the next job gets the next square.
        const std::vector<int> next = quadrant.allocate(state, {1, 2, 0});
        QCOMPARE(next, (std::vector<int>{4, 5}));
        state.take(next, 1);
        // A job larger than a square takes whole free squares, in order.
        const std::vector<int> large = quadrant.allocate(state, {2, 10, 0});
        QCOMPARE(static_cast<int>(large.size()), 10);
        QCOMPARE(std::vector<int>(large.begin(), large.begin() + 8), quadrant.squareNodes(2));
        QCOMPARE(std::vector<int>(large.begin() + 8, large.end()), (std::vector<int>{20, 21}));
        state.take(large, 2);
        QVERIFY(quadrant.allocate(state, {3, 1, 0}).empty());
        QVERIFY(quadrant.allocate(MachineState(torus), {3, 33, 0}).empty()); // larger than the machine
    }
};

QTEST_APPLESS_MAIN(TestNodeOrders)
#include "tst_nodeorders.moc"
