// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DemoWorkload.h"
#include "core/FatTreeTopology.h"
#include "core/Occupancy.h"
#include "core/TorusTopology.h"

#include <QTest>

#include <set>

using namespace placement;

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
        std::set<std::int64_t> times;
        for (const Job& job : jobs) {
            times.insert(job.start);
            times.insert(job.end);
        }
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
        jobs[0] = {"A", "", 0, 0, 10, {0, 1, 2, 3}};
        jobs[1] = {"B", "", 0, 10, 20, {0, 1, 2, 3}};
        jobs[2] = {"C", "", 0, 10, 11, {4}};
        QCOMPARE(busiestTime(jobs), std::int64_t(10));
        QCOMPARE(busyNodesAt(jobs, 10), 5);
        QCOMPARE(busyNodesAt(jobs, 11), 4);
        QCOMPARE(busiestTime({}), std::int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
