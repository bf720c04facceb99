// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DemoWorkload.h"
#include "core/FatTreeTopology.h"
#include "core/NodeSharing.h"
#include "core/Occupancy.h"
#include "core/RunChartData.h"
#include "core/SplitMix64.h"
#include "core/Timeline.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <set>

using namespace placement;

namespace {

/// Every start and end of the jobs.
std::set<std::int64_t> eventTimes(const std::vector<Job>& jobs)
{
    std::set<std::int64_t> times;
    for (const Job& job : jobs) {
        times.insert(job.start);
        times.insert(job.end);
    }
    return times;
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT
private slots:
    void demoWorkloadIsValid_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("torus seed 7") << 0 << quint64(7);
        QTest::newRow("torus seed 99") << 0 << quint64(99);
        QTest::newRow("cab seed 11") << 1 << quint64(11);
    }
    void demoWorkloadIsValid()
    {
        QFETCH(int, kind);
        QFETCH(quint64, seed);
        const TorusTopology torus({8, 8, 8}, {true, true, true}, 1);
        const FatTreeTopology cab({36, 4, 18, 18, 18});
        const Topology& machine = kind == 0 ? static_cast<const Topology&>(torus) : cab;
        DemoWorkloadOptions options;
        options.seed = seed;
        const std::vector<Job> jobs = generateDemoWorkload(machine, options);
        QCOMPARE(static_cast<int>(jobs.size()), options.jobCount);

        std::int64_t previousStart = 0;
        std::set<std::string> ids;
        for (const Job& job : jobs) {
            QVERIFY(ids.insert(job.id).second);
            QVERIFY(job.start >= job.submit);
            QVERIFY(job.end > job.start);
            QVERIFY(job.start >= previousStart); // strict FCFS: starts in submission order
            previousStart = job.start;
            QVERIFY(!job.nodes.empty());
            QVERIFY(static_cast<int>(job.nodes.size()) <= machine.nodeCount() / 4);
            QVERIFY(std::is_sorted(job.nodes.begin(), job.nodes.end()));
            QVERIFY(std::adjacent_find(job.nodes.begin(), job.nodes.end()) == job.nodes.end());
            QVERIFY(job.nodes.front() >= 0 && job.nodes.back() < machine.nodeCount());
        }
        // No node is held by two jobs at once: check at every start (the only moments
        // occupancy grows).
        for (const Job& probe : jobs) {
            std::vector<int> holders(static_cast<size_t>(machine.nodeCount()), 0);
            for (const Job& job : jobs)
                if (job.runsAt(probe.start))
                    for (int node : job.nodes)
                        QVERIFY2(++holders[static_cast<size_t>(node)] == 1, qPrintable(QString::fromStdString(job.id)));
        }
    }

    void demoWorkloadIsReproducible()
    {
        const TorusTopology torus({8, 8, 8}, {true, true, true}, 1);
        const std::vector<Job> a = generateDemoWorkload(torus);
        const std::vector<Job> b = generateDemoWorkload(torus);
        QCOMPARE(a.size(), b.size());
        for (size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].start, b[i].start);
            QCOMPARE(a[i].nodes, b[i].nodes);
        }
        DemoWorkloadOptions other;
        other.seed = 8;
        QVERIFY(generateDemoWorkload(torus, other)[0].nodes.size() != a[0].nodes.size()
                || generateDemoWorkload(torus, other)[1].submit != a[1].submit);
    }

    void ownersAndBusiestTimeMatchBruteForce()
    {
        const TorusTopology torus({4, 4, 4}, {true, true, true}, 1);
        DemoWorkloadOptions options;
        options.jobCount = 80;
        options.seed = 3;
        const std::vector<Job> jobs = generateDemoWorkload(torus, options);

        // Brute force over every event time: the busiest moment and the owners there.
        const std::set<std::int64_t> times = eventTimes(jobs);
        int best = -1;
        std::int64_t bestTime = 0;
        for (std::int64_t time : times) {
            int busy = 0;
            for (const Job& job : jobs)
                busy += job.start <= time && time < job.end ? static_cast<int>(job.nodes.size()) : 0;
            QCOMPARE(busyNodesAt(jobs, time), busy);
            if (busy > best) {
                best = busy;
                bestTime = time;
            }
            const std::vector<int> owners = nodeOwnersAt(jobs, torus.nodeCount(), time);
            for (size_t index = 0; index < jobs.size(); ++index)
                for (int node : jobs[index].nodes)
                    if (jobs[index].runsAt(time))
                        QCOMPARE(owners[static_cast<size_t>(node)], static_cast<int>(index));
            QCOMPARE(static_cast<int>(std::count_if(owners.begin(), owners.end(), [](int o) { return o >= 0; })), busy);
        }
        QCOMPARE(busiestTime(jobs), bestTime);
    }

    void busiestTimeTreatsEndsAsExclusive()
    {
        // Job A [0,10) 4 nodes; job B [10,20) 4 nodes; C [10,11) 1 node: peak 5 at t=10.
        std::vector<Job> jobs(3);
        jobs[0] = {"A", "", {0, 1, 2, 3}, 0, 0, 10};
        jobs[1] = {"B", "", {0, 1, 2, 3}, 0, 10, 20};
        jobs[2] = {"C", "", {4}, 0, 10, 11};
        QCOMPARE(busiestTime(jobs), std::int64_t(10));
        QCOMPARE(busyNodesAt(jobs, 10), 5);
        QCOMPARE(busyNodesAt(jobs, 11), 4);
        QCOMPARE(busiestTime({}), std::int64_t(0));
    }

    // Jobs that share nodes (docs/importing.md, "Jobs that share nodes"), on random small
    // machines, against brute force: every pair of jobs for the marks, every node at every
    // event time for the busy counts.
    void sharedNodesMatchBruteForce()
    {
        SplitMix64 random(20261125);
        for (int round = 0; round < 200; ++round) {
            const int nodeCount = 1 + static_cast<int>(random.next() % 12);
            std::vector<Job> jobs(1 + random.next() % 40);
            for (Job& job : jobs) {
                job.start = static_cast<std::int64_t>(random.next() % 300);
                job.end = job.start + static_cast<std::int64_t>(random.next() % 200); // some empty runs
                job.submit = job.start;
                std::set<int> nodes;
                const int size = 1 + static_cast<int>(random.next() % static_cast<std::uint64_t>(nodeCount));
                while (static_cast<int>(nodes.size()) < size)
                    nodes.insert(static_cast<int>(random.next() % static_cast<std::uint64_t>(nodeCount)));
                job.nodes.assign(nodes.begin(), nodes.end());
            }
            const std::vector<char> sharing = jobsSharingNodes(jobs);
            for (size_t a = 0; a < jobs.size(); ++a) {
                bool shares = false;
                for (size_t b = 0; b < jobs.size() && !shares; ++b) {
                    const Job& x = jobs[a];
                    const Job& y = jobs[b];
                    if (a == b || x.end <= x.start || y.end <= y.start || !(x.start < y.end && y.start < x.end))
                        continue;
                    for (int node : x.nodes)
                        shares = shares || std::find(y.nodes.begin(), y.nodes.end(), node) != y.nodes.end();
                }
                QCOMPARE(sharing[a] != 0, shares);
            }

            const StepSeries series = busyNodesOverTime(jobs);
            const std::set<std::int64_t> times = eventTimes(jobs);
            int best = -1;
            std::int64_t bestTime = 0;
            double nodeSeconds = 0;
            for (std::int64_t time = 0; time < 500; ++time) {
                std::vector<int> holders(static_cast<size_t>(nodeCount), 0);
                int running = 0;
                for (const Job& job : jobs)
                    if (job.runsAt(time)) {
                        ++running;
                        for (int node : job.nodes)
                            ++holders[static_cast<size_t>(node)];
                    }
                const int busy
                    = static_cast<int>(std::count_if(holders.begin(), holders.end(), [](int h) { return h > 0; }));
                const int shared
                    = static_cast<int>(std::count_if(holders.begin(), holders.end(), [](int h) { return h > 1; }));
                nodeSeconds += busy;
                QCOMPARE(busyNodesAt(jobs, time), busy);
                QCOMPARE(series.valueAt(time), busy);
                const NodeOccupancy occupancy = occupancyAt(jobs, nodeCount, time);
                QCOMPARE(occupancy.busyNodes, busy);
                QCOMPARE(occupancy.sharedNodes, shared);
                QCOMPARE(occupancy.runningJobs, running);
                QCOMPARE(occupancy.holders, holders);
                for (int node = 0; node < nodeCount; ++node)
                    QCOMPARE(static_cast<int>(jobsHoldingAt(jobs, node, time).size()),
                             holders[static_cast<size_t>(node)]);
                if (times.count(time) && busy > best) {
                    best = busy;
                    bestTime = time;
                }
            }
            if (best > 0)
                QCOMPARE(busiestTime(jobs), bestTime);
            std::int64_t t0 = 0;
            const std::vector<float> perMinute = utilizationPerMinute(nodeCount, jobs, &t0);
            double summed = 0;
            for (size_t minute = 0; minute < perMinute.size(); ++minute) {
                QVERIFY(perMinute[minute] <= 1.0f + 1e-6f);
                const std::int64_t from = t0 + 60 * static_cast<std::int64_t>(minute);
                std::int64_t last = from;
                for (const Job& job : jobs)
                    last = std::max(last, job.end);
                summed += perMinute[minute] * static_cast<double>(std::min<std::int64_t>(60, last - from)) * nodeCount;
            }
            if (!perMinute.empty())
                QVERIFY2(std::abs(summed - nodeSeconds) < 1e-3 * std::max(1.0, nodeSeconds),
                         qPrintable(QStringLiteral("%1 %2").arg(summed).arg(nodeSeconds)));
        }
    }
};

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
