// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Allocator.h"
#include "core/AllocatorFactory.h"
#include "core/BoundedSort.h"
#include "core/FatTreeFreeView.h"
#include "core/FatTreeTopology.h"
#include "core/ListAllocators.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"
#include "core/SwitchHierarchy.h"
#include "core/TopologyAwareAllocator.h"
#include "core/TopologyMapping.h"
#include "tests/support/IsolationCheck.h"
#include "tests/support/SwfWorkload.h"

#include <QElapsedTimer>
#include <QTest>

#include <limits>
#include <map>
#include <numeric>
#include <set>

using namespace placement;

namespace {

/// The independent checks every simulated run must pass. `reservationsHold`: no job starts
/// later than the first reservation it was given (EASY: the head job's; conservative: its
/// planned slot).
QString checkRun(const Topology& topology, const std::vector<SimulationJob>& jobs, const SimulationResult& result,
                 bool reservationsHold = false)
{
    std::vector<std::pair<std::int64_t, int>> events; // (time, +job+1 start / -(job+1) end)
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulationJob& job = jobs[i];
        const SimulatedJob& run = result.jobs[i];
        if (run.neverFits) {
            if (job.nodes <= topology.nodeCount())
                return QStringLiteral("job %1 fits but was skipped").arg(i);
            continue;
        }
        if (run.start < 0)
            return QStringLiteral("job %1 never started").arg(i);
        if (run.start < job.submit)
            return QStringLiteral("job %1 starts before it is submitted").arg(i);
        if (reservationsHold && run.firstReservation >= 0 && run.start > run.firstReservation)
            return QStringLiteral("job %1 starts at %2, after its reservation at %3")
                .arg(i)
                .arg(run.start)
                .arg(run.firstReservation);
        const std::int64_t length = job.timeLimit > 0 ? std::min(job.runTime, job.timeLimit) : job.runTime;
        if (run.end - run.start != length)
            return QStringLiteral("job %1 runs %2 s, not %3").arg(i).arg(run.end - run.start).arg(length);
        if (static_cast<int>(run.nodes.size()) != job.nodes)
            return QStringLiteral("job %1 got %2 nodes for %3").arg(i).arg(run.nodes.size()).arg(job.nodes);
        events.emplace_back(run.start, static_cast<int>(i) + 1);
        events.emplace_back(run.end, -static_cast<int>(i) - 1);
    }
    std::sort(events.begin(), events.end()); // ends (negative) before starts at the same time
    std::vector<int> holder(static_cast<size_t>(topology.nodeCount()), -1);
    for (const auto& [time, signedJob] : events) {
        const int job = std::abs(signedJob) - 1;
        for (int node : result.jobs[static_cast<size_t>(job)].held()) { // idle nodes of LaaS's whole leaves too
            if (node < 0 || node >= topology.nodeCount())
                return QStringLiteral("job %1 has node %2").arg(job).arg(node);
            int& slot = holder[static_cast<size_t>(node)];
            if (signedJob > 0) {
                if (slot >= 0)
                    return QStringLiteral("node %1 held by jobs %2 and %3 at %4")
                        .arg(node)
                        .arg(slot)
                        .arg(job)
                        .arg(time);
                slot = job;
            } else {
                slot = -1;
            }
        }
    }
    return {};
}

/// Pollard's rules at every start: T1 on one leaf, T2 in one pod; no leaf shared by a T2
/// job and another T2 or T3 job; no pod shared by two T3 jobs.
QString checkTaRules(const FatTreeTopology& tree, const std::vector<SimulationJob>& jobs,
                     const SimulationResult& result)
{
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.nodes.empty())
            continue;
        const int type = static_cast<int>(taJobType(tree, jobs[i].nodes));
        std::set<int> leaves, pods;
        for (int node : run.nodes) {
            leaves.insert(tree.leafOf(node));
            pods.insert(tree.podOf(node));
        }
        if (type == 1 && leaves.size() != 1)
            return QStringLiteral("T1 job %1 spans %2 leaves").arg(i).arg(leaves.size());
        if (type == 2 && pods.size() != 1)
            return QStringLiteral("T2 job %1 spans %2 pods").arg(i).arg(pods.size());
        for (size_t j = 0; j < jobs.size(); ++j) {
            const SimulatedJob& other = result.jobs[j];
            if (j == i || other.nodes.empty() || other.start >= run.end || run.start >= other.end)
                continue;
            const int otherType = static_cast<int>(taJobType(tree, jobs[j].nodes));
            std::set<int> otherLeaves, otherPods;
            for (int node : other.nodes) {
                otherLeaves.insert(tree.leafOf(node));
                otherPods.insert(tree.podOf(node));
            }
            auto meet = [](const std::set<int>& a, const std::set<int>& b) {
                return std::any_of(a.begin(), a.end(), [&](int x) { return b.count(x) > 0; });
            };
            if (type == 2 && otherType >= 2 && meet(leaves, otherLeaves))
                return QStringLiteral("T2 job %1 shares a leaf with T%2 job %3").arg(i).arg(otherType).arg(j);
            if (type == 3 && otherType == 3 && meet(pods, otherPods))
                return QStringLiteral("T3 jobs %1 and %2 share a pod").arg(i).arg(j);
        }
    }
    return {};
}

} // namespace

class TestSimulator : public QObject
{
    Q_OBJECT
private slots:
    /// sortBounded() sorts as std::sort does, by every path it takes: already in order, few
    /// values (std::sort), many distinct values (a bit set) and many with repeats (counting).
    void boundedSortIsStdSort()
    {
        SplitMix64 random(7);
        for (const int bound : {1, 63, 64, 65, 1000, 5488, 16000}) {
            for (const size_t size : {size_t(0), size_t(1), size_t(2), size_t(40), size_t(700), size_t(5000)}) {
                for (const bool distinct : {true, false}) {
                    std::vector<int> values;
                    if (distinct) {
                        std::vector<int> all(static_cast<size_t>(bound));
                        std::iota(all.begin(), all.end(), 0);
                        for (size_t i = 0; i < all.size(); ++i)
                            std::swap(all[i], all[i + random.next() % (all.size() - i)]);
                        values.assign(all.begin(),
                                      all.begin() + static_cast<std::ptrdiff_t>(std::min(size, all.size())));
                    } else {
                        for (size_t i = 0; i < size; ++i)
                            values.push_back(static_cast<int>(random.next() % static_cast<std::uint64_t>(bound)));
                    }
                    std::vector<int> expected = values;
                    std::sort(expected.begin(), expected.end());
                    for (int pass = 0; pass < 2; ++pass) { // the second: already sorted
                        sortBounded(values, bound);
                        QCOMPARE(values, expected);
                    }
                }
            }
        }
    }

    /// The free views' counting helpers agree with plain loops at every width and offset,
    /// over the bounds of their four-at-a-time steps.
    void viewHelpersCountAsPlainLoops()
    {
        SplitMix64 random(11);
        std::vector<int> values(200);
        for (int& value : values)
            value = static_cast<int>(random.next() % 9) - 3; // -3 .. 5
        values[5] = std::numeric_limits<int>::min();
        values[6] = std::numeric_limits<int>::max();
        for (int first = 0; first < 8; ++first)
            for (int width = 0; width <= 64; ++width) {
                int negative = 0;
                for (int i = 0; i < width; ++i)
                    negative += values[static_cast<size_t>(first + i)] < 0 ? 1 : 0;
                QCOMPARE(countNegative(values.data() + first, width), negative);
                for (const int limit : {-4, -1, 0, 2, 5, std::numeric_limits<int>::max()}) {
                    std::uint64_t mask = 0;
                    for (int p = 0; p < width; ++p)
                        if (values[static_cast<size_t>(first + p)] <= limit)
                            mask |= std::uint64_t(1) << p;
                    QCOMPARE(atMostMask(values.data() + first, width, limit), mask);
                }
            }
    }

    void policiesDifferAsWorkedOut_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<QList<qint64>>("starts");
        // A 2 nodes 0-10; B 3 nodes; D 4 nodes; C 1 node, 25 s; E 1 node, 5 s (see below).
        QTest::newRow("fcfs") << int(BackfillPolicy::Fcfs) << QList<qint64>{0, 10, 20, 30, 30};
        QTest::newRow("easy") << int(BackfillPolicy::Easy) << QList<qint64>{0, 10, 28, 3, 4};
        QTest::newRow("conservative") << int(BackfillPolicy::Conservative) << QList<qint64>{0, 10, 20, 30, 4};
    }
    void policiesDifferAsWorkedOut()
    {
        // Four nodes in a line, first-fit. A runs 0-10 on {0,1}. B (3 nodes) waits for A:
        // reserved at 10 on {0,1,2}. D (4 nodes) comes next. C (1 node, 25 s) fits on node 3
        // now: EASY lets it (it does not touch B's nodes), which pushes D back to 28;
        // conservative refuses (it would delay D's reservation at 20) and runs C after D.
        // E (1 node, 5 s) fits on node 2 before B needs it: EASY and conservative start it
        // at once, FCFS keeps it behind C.
        QFETCH(int, policy);
        QFETCH(QList<qint64>, starts);
        const auto line = parseMachineSpec("torus extents=4 wrap=n");
        const std::vector<SimulationJob> jobs = {
            {"A", 0, 10, 10, 2}, {"B", 1, 10, 10, 3}, {"D", 2, 10, 10, 4}, {"C", 3, 25, 25, 1}, {"E", 4, 5, 5, 1},
        };
        FirstFitAllocator firstFit;
        SimulationOptions options;
        options.backfill = static_cast<BackfillPolicy>(policy);
        const SimulationResult result = simulate(*line, jobs, firstFit, options);
        const QString problem = checkRun(*line, jobs, result);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QList<qint64> actual;
        for (const SimulatedJob& job : result.jobs)
            actual << job.start;
        QCOMPARE(actual, starts);
    }

    void runTimesAreCappedAndOversizedJobsSkipped()
    {
        const auto line = parseMachineSpec("torus extents=4 wrap=n");
        const std::vector<SimulationJob> jobs
            = {{"long", 0, 100, 30, 2}, {"huge", 0, 10, 10, 5}, {"unknown", 0, 7, 0, 1}};
        FirstFitAllocator firstFit;
        const SimulationResult result = simulate(*line, jobs, firstFit);
        QCOMPARE(result.jobs[0].end, std::int64_t(30)); // killed at its limit
        QVERIFY(result.jobs[1].neverFits);
        QCOMPARE(result.neverFit, 1);
        QCOMPARE(result.jobs[2].end, std::int64_t(7)); // no limit: its own run time
        QVERIFY(checkRun(*line, jobs, result).isEmpty());
    }

    void slurmTreeBestFit_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<QList<int>>("nodes");
        // Radix-6 tree, 2 pods x 3 leaves x 3 nodes. Free: leaf 0 {1,2}, leaf 1 {3,4,5},
        // leaf 2 none, leaf 3 {11}, leaf 4 {12,13,14}, leaf 5 {15,16,17}.
        QTest::newRow("best-fitting leaf") << 2 << QList<int>{1, 2};
        QTest::newRow("one leaf holds it, the fullest that does") << 3 << QList<int>{3, 4, 5};
        // No leaf holds 4: pod 0 (5 free) is the tighter switch; its roomiest leaf first,
        // then the tightest leaf that holds the rest.
        QTest::newRow("pod 0") << 4 << QList<int>{1, 3, 4, 5};
        // 7: only pod 1 holds it; leaf 4 (3 free, first of the roomiest), then leaf 5, then
        // leaf 3 for the last node.
        QTest::newRow("pod 1") << 7 << QList<int>{11, 12, 13, 14, 15, 16, 17};
        // 10: the whole tree. Leaf 1 (roomiest), leaf 0 (same pod), then in pod 1 the roomiest
        // leaf 4, and for the last two the tightest leaf that holds them, leaf 5 (not leaf 3).
        QTest::newRow("across pods") << 10 << QList<int>{1, 2, 3, 4, 5, 12, 13, 14, 15, 16};
    }
    void slurmTreeBestFit()
    {
        QFETCH(int, size);
        QFETCH(QList<int>, nodes);
        const auto tree = parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3");
        MachineState state(*tree);
        state.take({0, 6, 7, 8, 9, 10}, 99);
        SlurmTreeAllocator slurm;
        const std::vector<int> got = slurm.allocate(state, {0, size, 60});
        QCOMPARE(QList<int>(got.begin(), got.end()), nodes);
        QVERIFY(slurm.allocate(state, {0, 13, 60}).empty()); // 12 free
    }

    void topologyAwareFollowsAlgorithm1()
    {
        // Pollard's radix-6 example: 3 nodes per leaf (T1 <= 3), 9 per pod (T2 <= 9).
        const auto machine = parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3");
        const auto& tree = dynamic_cast<const FatTreeTopology&>(*machine);
        MachineState state(tree);
        TopologyAwareAllocator ta(tree);
        auto run = [&](int job, int size) {
            const AllocationRequest request{job, size, 60};
            std::vector<int> nodes = ta.allocate(state, request);
            if (!nodes.empty()) {
                state.take(nodes, job);
                ta.started(request, nodes);
            }
            return nodes;
        };
        QCOMPARE(run(0, 2), (std::vector<int>{0, 1})); // T1: first leaf with room
        QCOMPARE(run(1, 2), (std::vector<int>{3, 4})); // T1: fullest pod, then the fullest leaf with room
        QCOMPARE(run(2, 4), (std::vector<int>{2, 6, 7, 8})); // T2: emptiest leaves of the fullest pod first
        // T3 (10): pods without T3 job, emptiest first; only leaves without a T2 job: pod 1
        // whole and node 5 of leaf 1 (leaves 0 and 2 hold the T2 job).
        QCOMPARE(run(3, 10), (std::vector<int>{5, 9, 10, 11, 12, 13, 14, 15, 16, 17}));
        QVERIFY(run(4, 1).empty()); // the machine is full
        ta.ended({3, 10, 60}, {5, 9, 10, 11, 12, 13, 14, 15, 16, 17});
        state.release({5, 9, 10, 11, 12, 13, 14, 15, 16, 17});
        QVERIFY(run(5, 9).size() == 9); // a T2 job fits pod 1 again
    }

    void dualEndedSplitsBySize()
    {
        const auto line = parseMachineSpec("torus extents=10 wrap=n");
        MachineState state(*line);
        DualEndedAllocator dual({}, 4, 3600);
        QCOMPARE(dual.allocate(state, {0, 2, 60}), (std::vector<int>{8, 9})); // small: from the tail
        QCOMPARE(dual.allocate(state, {0, 5, 60}), (std::vector<int>{0, 1, 2, 3, 4})); // large: from the head
        QCOMPARE(dual.allocate(state, {0, 2, 7200}), (std::vector<int>{0, 1})); // long: counts as large
        state.take({8, 9}, 1);
        QCOMPARE(dual.allocate(state, {0, 1, 60}), (std::vector<int>{7}));
    }

    void realTracesPassTheChecker_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("machine");
        QTest::addColumn<int>("cpusPerNode");
        QTest::addColumn<int>("policy");
        for (int policy : {int(BackfillPolicy::Fcfs), int(BackfillPolicy::Easy), int(BackfillPolicy::Conservative)}) {
            const char* name = backfillName(BackfillPolicy(policy));
            // Seth: 120 nodes in 6 groups of 20 under one switch.
            QTest::addRow("hpc2n on its size %s", name)
                << "traces/hpc2n.swf"
                << "switchtree parents=-1,0,0,0,0,0,0 nodes=0,20,20,20,20,20,20" << 2 << policy;
            QTest::addRow("hpc2n on a fat-tree %s", name)
                << "traces/hpc2n.swf"
                << "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8" << 2 << policy;
            QTest::addRow("theta on titan %s", name) << "traces/theta_2022.swf"
                                                     << "titan" << 1 << policy;
        }
    }
    void realTracesPassTheChecker()
    {
        QFETCH(QString, trace);
        QFETCH(QString, machine);
        QFETCH(int, cpusPerNode);
        QFETCH(int, policy);
        const auto topology = parseMachineSpec(machine.toStdString());
        const std::vector<SimulationJob> workload = test::readSwf(QFINDTESTDATA(QStringLiteral("data/") + trace),
                                                                  cpusPerNode, std::numeric_limits<size_t>::max());
        QVERIFY(workload.size() > 3000);
        const auto* fatTree = dynamic_cast<const FatTreeTopology*>(topology.get());
        for (const AllocatorPolicyInfo& info : allocatorPolicies()) {
            AllocatorChoice choice;
            choice.policy = info.name;
            choice.seed = 42;
            std::unique_ptr<Allocator> allocator;
            try {
                allocator = makeAllocator(*topology, choice);
            } catch (const std::invalid_argument&) {
                const std::string name = info.name;
                QVERIFY(name == "ta" || name.rfind("slurm-tree", 0) == 0 || name == "quadrant" || name == "aucsched3"
                        || name == "jigsaw" || name == "laas" || name == "lcs" || name == "group-packed"
                        || name == "random-routers" || name == "slurm-block");
                continue; // not for this machine
            }
            SimulationOptions options;
            options.backfill = static_cast<BackfillPolicy>(policy);
            const SimulationResult result = simulate(*topology, workload, *allocator, options);
            // EASY keeps the head job's reservation with every allocator (TA included:
            // backfilled jobs must leave it placeable); conservative plans hold for the
            // allocators that place on any free nodes.
            const bool reservationsHold = options.backfill == BackfillPolicy::Easy
                || (options.backfill == BackfillPolicy::Conservative && allocator->placesAnyFreeNodes());
            const QString problem = checkRun(*topology, workload, result, reservationsHold);
            QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(info.name), problem)));
            if (std::string(info.name) == "ta") {
                const QString rules = checkTaRules(*fatTree, workload, result);
                QVERIFY2(rules.isEmpty(), qPrintable(rules));
            }
            // The isolating policies: no link usable by two jobs at once (tests/support/IsolationCheck.h),
            // every Jigsaw allocation legal by core/JigsawCheck, LaaS's shapes.
            const std::string name = info.name;
            if (name == "ta" || name == "jigsaw" || name == "laas") {
                QString isolation = test::checkNodeIsolation(*topology, workload, result);
                if (isolation.isEmpty())
                    isolation = test::checkIsolation(*fatTree, workload, result,
                                                     name == "ta" ? test::LinkOwnership::TopologyAwareView
                                                                  : test::LinkOwnership::Explicit);
                if (isolation.isEmpty() && name == "jigsaw")
                    isolation = test::checkJigsawRun(*fatTree, workload, result);
                if (isolation.isEmpty() && name == "laas")
                    isolation = test::checkLaasRun(*fatTree, workload, result);
                QVERIFY2(isolation.isEmpty(),
                         qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(info.name), isolation)));
            }
        }
    }

    void auctionRunsPassTheChecker_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::newRow("hpc2n on its size") << "switchtree parents=-1,0,0,0,0,0,0 nodes=0,20,20,20,20,20,20";
        QTest::newRow("hpc2n on a fat-tree") << "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8";
    }
    void auctionRunsPassTheChecker()
    {
        // AUCSCHED3's auction (core/Aucsched3.h) starts jobs of a window at once: the whole
        // hpc2n trace must pass the same checks. Its topology mapping is printed against
        // Slurm's tree best fit under EASY (the paper's SLURM/Backfill), as in its Table 4.
        QFETCH(QString, machine);
        const auto topology = parseMachineSpec(machine.toStdString());
        const std::vector<SimulationJob> workload
            = test::readSwf(QFINDTESTDATA("data/traces/hpc2n.swf"), 2, std::numeric_limits<size_t>::max());
        QVERIFY(workload.size() > 3000);
        AllocatorChoice choice;
        choice.policy = "aucsched3";
        const std::unique_ptr<Allocator> aucsched3 = makeAllocator(*topology, choice);
        SimulationOptions options;
        options.backfill = BackfillPolicy::Auction;
        QElapsedTimer timer;
        timer.start();
        const SimulationResult auction = simulate(*topology, workload, *aucsched3, options);
        const double seconds = static_cast<double>(timer.elapsed()) / 1000;
        const QString problem = checkRun(*topology, workload, auction);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        SlurmTreeAllocator slurm;
        options.backfill = BackfillPolicy::Easy;
        const SimulationResult backfill = simulate(*topology, workload, slurm, options);
        const int maxLevel = topology->hierarchy()->level[static_cast<size_t>(topology->hierarchy()->root)];
        for (const auto& [name, result] : {std::pair{"aucsched3 auction", &auction}, {"slurm-tree easy", &backfill}}) {
            const TopologyMapping mapping = topologyMapping(*topology, *result);
            qInfo("%s: %s: lowest common switch %.2f +- %.2f, spread %.1f +- %.1f over %d jobs", qPrintable(machine),
                  name, mapping.lowestCommonSwitch.mean, mapping.lowestCommonSwitch.deviation, mapping.spread.mean,
                  mapping.spread.deviation, mapping.jobs);
            QCOMPARE(mapping.jobs, static_cast<int>(workload.size()) - result->neverFit);
            QVERIFY(mapping.lowestCommonSwitch.mean >= 0 && mapping.lowestCommonSwitch.mean <= maxLevel);
            QVERIFY(mapping.spread.mean >= 0 && mapping.spread.mean < topology->nodeCount());
        }
        double scheduling = 0;
        for (const SimulatedJob& job : auction.jobs)
            scheduling += job.schedulingMicroseconds;
        qInfo("aucsched3 auction: %.1f s for the trace, %.0f us scheduling per job", seconds,
              scheduling / static_cast<double>(workload.size()));
    }
};

QTEST_APPLESS_MAIN(TestSimulator)
#include "tst_simulator.moc"
