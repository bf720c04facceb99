// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"
#include "core/JigsawCheck.h"
#include "core/MachineSpec.h"

#include <QTest>

using namespace placement;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

// A full radix-8 three-level tree: 8 pods x 4 leaves x 4 nodes, 16 spines.
const FatTreeTopology& radix8()
{
    static const auto tree = parseMachineSpec("fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4");
    return dynamic_cast<const FatTreeTopology&>(*tree);
}

/// `count` nodes on leaf `leafInPod` of `pod`, from its first port.
std::vector<int> on(int pod, int leafInPod, int count)
{
    std::vector<int> nodes;
    for (int i = 0; i < count; ++i)
        nodes.push_back(pod * 16 + leafInPod * 4 + i);
    return nodes;
}

std::vector<int> join(std::initializer_list<std::vector<int>> parts)
{
    std::vector<int> all;
    for (const auto& part : parts)
        all.insert(all.end(), part.begin(), part.end());
    return all;
}

/// Links of a legal spanning allocation: pods 0 and 1, leaves 0 and 1 with 2 nodes each.
JigsawLinks legalLinks()
{
    JigsawLinks links;
    for (int pod : {0, 1})
        for (int leaf : {0, 1})
            for (int l2 : {0, 1})
                links.leafUplinks.push_back({pod * 4 + leaf, l2});
    for (int pod : {0, 1})
        for (int l2 : {0, 1})
            for (int port : {0, 1})
                links.l2Uplinks.push_back({pod, l2, port});
    return links;
}

} // namespace

class TestJigsaw : public QObject
{
    Q_OBJECT
private slots:
    void nodeConditions_data()
    {
        QTest::addColumn<std::vector<int>>("nodes");
        QTest::addColumn<int>("condition");
        QTest::newRow("one leaf") << on(0, 0, 3) << 0;
        QTest::newRow("two-level with remainder leaf") << join({on(0, 0, 3), on(0, 1, 3), on(0, 2, 1)}) << 0;
        QTest::newRow("three-level with remainder tree and leaf")
            << join({on(0, 0, 4), on(0, 1, 4), on(1, 0, 4), on(1, 1, 4), on(2, 0, 4), on(2, 1, 2)}) << 0;
        QTest::newRow("(1) two smaller trees") << join({on(0, 0, 4), on(0, 1, 4), on(1, 0, 4), on(2, 0, 4)}) << 1;
        QTest::newRow("(2) uneven leaves in a full tree")
            << join({on(0, 0, 4), on(0, 1, 2), on(1, 0, 4), on(1, 1, 2)}) << 2;
        QTest::newRow("(2) two remainder leaves") << join({on(0, 0, 3), on(0, 1, 1), on(0, 2, 1)}) << 2;
        QTest::newRow("(3) trees not identical")
            << join({on(0, 0, 4), on(0, 1, 4), on(1, 0, 2), on(1, 1, 2), on(1, 2, 2), on(1, 3, 2)}) << 3;
        QTest::newRow("(3) remainder leaf above n_L")
            << join({on(0, 0, 2), on(0, 1, 2), on(1, 0, 2), on(1, 1, 2), on(2, 0, 3)}) << 3;
    }
    void nodeConditions()
    {
        QFETCH(std::vector<int>, nodes);
        QFETCH(int, condition);
        const JigsawVerdict verdict = checkJigsaw(radix8(), nodes);
        QVERIFY2(verdict.failedCondition == condition, verdict.reason.c_str());
        QCOMPARE(verdict.legal, condition == 0);
        if (condition != 0)
            QVERIFY(!verdict.reason.empty());
    }

    void decomposition()
    {
        const JigsawVerdict verdict = checkJigsaw(
            radix8(), join({on(0, 0, 4), on(0, 1, 4), on(1, 0, 4), on(1, 1, 4), on(2, 0, 4), on(2, 1, 2)}));
        QVERIFY(verdict.legal);
        QCOMPARE(verdict.trees, 2);
        QCOMPARE(verdict.nodesPerTree, 8);
        QCOMPARE(verdict.remainderTreeNodes, 6);
        QCOMPARE(verdict.leavesPerTree, 2);
        QCOMPARE(verdict.nodesPerLeaf, 4);
        QCOMPARE(verdict.remainderTreeLeaves, 1);
        QCOMPARE(verdict.remainderLeafNodes, 2);
        QVERIFY(verdict.wholeLeavesAcrossTrees);
        QVERIFY(!checkJigsaw(radix8(), join({on(0, 0, 2), on(1, 0, 2)})).wholeLeavesAcrossTrees);
    }

    void machineFeasibility()
    {
        // (4): 6 job nodes on a leaf need 6 L2 switches; this tapered pod has 2.
        const auto tapered = parseMachineSpec("fattree radix=8 pods=2 leaves-per-pod=4 nodes-per-leaf=6 "
                                              "uplinks-per-leaf=2");
        const auto& taperedTree = dynamic_cast<const FatTreeTopology&>(*tapered);
        const JigsawVerdict four = checkJigsaw(taperedTree, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        QCOMPARE(four.failedCondition, 4);
        QVERIFY(checkJigsaw(taperedTree, {0, 1, 2, 3, 4, 5}).legal); // one leaf needs no links
        // (6): three leaves per tree need three up-links per L2 switch; these have two.
        const auto narrow = parseMachineSpec("fattree radix=8 pods=4 leaves-per-pod=6 nodes-per-leaf=2 "
                                             "uplinks-per-leaf=2 uplinks-per-l2=2");
        const auto& narrowTree = dynamic_cast<const FatTreeTopology&>(*narrow);
        QCOMPARE(checkJigsaw(narrowTree, {0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17}).failedCondition, 6);
        // (8): N must equal the request.
        QCOMPARE(checkJigsaw(radix8(), on(0, 0, 3), nullptr, 4).failedCondition, 8);
        QVERIFY(checkJigsaw(radix8(), on(0, 0, 3), nullptr, 3).legal);
    }

    void linkConditions()
    {
        const std::vector<int> nodes = join({on(0, 0, 2), on(0, 1, 2), on(1, 0, 2), on(1, 1, 2)});
        JigsawLinks links = legalLinks();
        JigsawVerdict verdict = checkJigsaw(radix8(), nodes, &links);
        QVERIFY2(verdict.legal, verdict.reason.c_str());
        QVERIFY(verdict.linksChecked);

        // (4): one leaf of pod 0 reaches L2 {0, 2} instead of {0, 1}.
        links = legalLinks();
        links.leafUplinks[1].l2Index = 2;
        QCOMPARE(checkJigsaw(radix8(), nodes, &links).failedCondition, 4);

        // (5): pod 1 uses L2 switches {2, 3}.
        links = legalLinks();
        for (auto& link : links.leafUplinks)
            if (link.leaf >= 4)
                link.l2Index += 2;
        for (auto& link : links.l2Uplinks)
            if (link.pod == 1)
                link.l2Index += 2;
        QCOMPARE(checkJigsaw(radix8(), nodes, &links).failedCondition, 5);

        // (6): pod 1's L2 switch 0 reaches other spines.
        links = legalLinks();
        for (auto& link : links.l2Uplinks)
            if (link.pod == 1 && link.l2Index == 0)
                link.port += 2;
        QCOMPARE(checkJigsaw(radix8(), nodes, &links).failedCondition, 6);

        // Balance: a leaf with 2 job nodes and 1 up-link.
        links = legalLinks();
        links.leafUplinks.pop_back();
        QCOMPARE(checkJigsaw(radix8(), nodes, &links).failedCondition, 7);

        // Balance: a single-tree job has no business on L2 up-links.
        JigsawLinks twoLevel;
        for (int leaf : {0, 1})
            for (int l2 : {0, 1})
                twoLevel.leafUplinks.push_back({leaf, l2});
        QVERIFY(checkJigsaw(radix8(), join({on(0, 0, 2), on(0, 1, 2)}), &twoLevel).legal);
        twoLevel.l2Uplinks.push_back({0, 0, 0});
        QCOMPARE(checkJigsaw(radix8(), join({on(0, 0, 2), on(0, 1, 2)}), &twoLevel).failedCondition, 7);
    }
};

QTEST_APPLESS_MAIN(TestJigsaw)
#include "tst_jigsaw.moc"
