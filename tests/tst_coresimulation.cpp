// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Replays by cores and GPUs (core/CoreSimulation.h): small cases whose answers can be
// checked by hand, the AUCSCHED3 workloads' definitions, and a whole real trace
// (wagap-2013.swf, several jobs per host) checked node by node for over-commitment.

#include "core/Aucsched3Workload.h"
#include "core/CoreSimulation.h"
#include "core/MachineSpec.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <map>
#include <numeric>

using namespace placement;

namespace {

/// Two leaf switches of two nodes each under a root: nodes 0, 1 on the first leaf, 2, 3 on
/// the second.
std::unique_ptr<Topology> smallTree()
{
    return parseMachineSpec("switchtree parents=-1,0,0 nodes=0,2,2 prefix=n");
}

CoreJob job(const std::string& id, std::int64_t submit, std::int64_t run, ResourceRequest request)
{
    CoreJob j;
    j.id = id;
    j.submit = submit;
    j.runTime = run;
    j.request = request;
    return j;
}

/// Independent check of a replay: every placed job got what it asked (cores, nodes, GPUs on
/// each node, whole idle nodes) and no node's cores or GPUs are ever held beyond its
/// capacity, from the start and end events of every node.
QString overCommitment(const CoreMachine& machine, const std::vector<CoreJob>& jobs, const CoreSimulationResult& result)
{
    struct Event
    {
        std::int64_t time;
        int cores, gpus;
        bool whole;
    };
    std::vector<std::vector<Event>> events(static_cast<size_t>(machine.nodeCount()));
    for (size_t i = 0; i < jobs.size(); ++i) {
        const CoreSimulatedJob& run = result.jobs[i];
        if (run.start < 0)
            continue;
        if (run.start < jobs[i].submit)
            return QStringLiteral("job %1 starts before its submission").arg(QString::fromStdString(jobs[i].id));
        const ResourceRequest& r = jobs[i].request;
        const Grant& g = run.grant;
        if (r.nodes > 0 && static_cast<int>(g.nodes.size()) != r.nodes)
            return QStringLiteral("job %1: %2 nodes for %3")
                .arg(QString::fromStdString(jobs[i].id))
                .arg(g.nodes.size())
                .arg(r.nodes);
        if (!r.wholeNodes() && g.totalCores() != r.cores)
            return QStringLiteral("job %1: %2 cores for %3")
                .arg(QString::fromStdString(jobs[i].id))
                .arg(g.totalCores())
                .arg(r.cores);
        for (size_t k = 0; k < g.nodes.size(); ++k) {
            const int node = g.nodes[k];
            if (!r.wholeNodes() && (g.cores[k] < 1 || g.gpus[k] != r.gpusPerNode))
                return QStringLiteral("job %1: node %2 with %3 cores and %4 GPUs")
                    .arg(QString::fromStdString(jobs[i].id))
                    .arg(node)
                    .arg(g.cores[k])
                    .arg(g.gpus[k]);
            events[static_cast<size_t>(node)].push_back({run.start, g.cores[k], g.gpus[k], r.wholeNodes()});
            events[static_cast<size_t>(node)].push_back({run.end, -g.cores[k], -g.gpus[k], r.wholeNodes()});
        }
    }
    for (int node = 0; node < machine.nodeCount(); ++node) {
        auto& list = events[static_cast<size_t>(node)];
        // Ends before starts at one time: [start, end) intervals.
        std::sort(list.begin(), list.end(), [](const Event& a, const Event& b) {
            return a.time != b.time ? a.time < b.time : a.cores < b.cores;
        });
        int cores = 0, gpus = 0, jobsOn = 0, wholeOn = 0;
        for (const Event& e : list) {
            cores += e.cores;
            gpus += e.gpus;
            jobsOn += e.cores > 0 ? 1 : -1;
            wholeOn += e.whole ? (e.cores > 0 ? 1 : -1) : 0;
            if (cores > machine.cores(node) || gpus > machine.gpus(node))
                return QStringLiteral("node %1 holds %2 cores and %3 GPUs at %4 (has %5 and %6)")
                    .arg(node)
                    .arg(cores)
                    .arg(gpus)
                    .arg(e.time)
                    .arg(machine.cores(node))
                    .arg(machine.gpus(node));
            if (wholeOn > 0 && jobsOn > 1)
                return QStringLiteral("node %1 held whole by one job shared at %2").arg(node).arg(e.time);
        }
    }
    return {};
}

} // namespace

class TestCoreSimulation : public QObject
{
    Q_OBJECT

private slots:
    void coresShareANode()
    {
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 3);
        const std::vector<CoreJob> jobs{job("a", 0, 100, {0, 2, 0}), job("b", 0, 100, {0, 2, 0})};
        CoreFirstFitAllocator firstFit;
        const CoreSimulationResult result = simulateCores(machine, jobs, firstFit);
        QCOMPARE(result.jobs[0].start, 0);
        QCOMPARE(result.jobs[1].start, 0);
        QCOMPARE(result.jobs[0].grant.nodes, std::vector<int>{0});
        QCOMPARE(result.jobs[1].grant.nodes, std::vector<int>{0}); // the same node, 2 + 2 of its 4 cores
        QCOMPARE(result.jobs[1].grant.cores, std::vector<int>{2});
        const CoreRunSummary summary = summarizeCoreRun(machine, jobs, result);
        QCOMPARE(summary.makespan, 100);
        QCOMPARE(summary.coreUtilization, 400.0 / (16 * 100)); // 2 x 2 cores x 100 s of 16 cores x 100 s
        QCOMPARE(summary.nodeUtilization, 100.0 / (4 * 100)); // node 0 counted once
        QCOMPARE(summary.gpuUtilization, 0.0);
        QCOMPARE(summary.jobsSharingNodes, 2);
        QVERIFY(overCommitment(machine, jobs, result).isEmpty());
        // The checker can fail: 3 + 2 cores on a 4-core node, and a job given 3 for its 2.
        std::vector<CoreJob> bigger = jobs;
        bigger[1].request.cores = 3;
        CoreSimulationResult tampered = result;
        tampered.jobs[1].grant.cores = {3};
        QVERIFY(overCommitment(machine, bigger, tampered).startsWith(QStringLiteral("node 0 holds 5 cores")));
        QVERIFY(overCommitment(machine, jobs, tampered).contains(QStringLiteral("3 cores for 2")));
    }

    void coresSpreadWhenANodeIsFull()
    {
        // 6 cores on any nodes: 4 on node 0, 2 on node 1 (first fit takes all a node has).
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 0);
        CoreFirstFitAllocator firstFit;
        const Grant grant = firstFit.allocate(machine, {0, 6, 0});
        QCOMPARE(grant.nodes, (std::vector<int>{0, 1}));
        QCOMPARE(grant.cores, (std::vector<int>{4, 2}));
        // 6 cores on exactly 3 nodes: each node keeps one core for the nodes after it.
        const Grant three = firstFit.allocate(machine, {3, 6, 0});
        QCOMPARE(three.nodes, (std::vector<int>{0, 1, 2}));
        QCOMPARE(three.cores, (std::vector<int>{4, 1, 1}));
        QVERIFY(checkGrant(machine, {3, 6, 0}, three).empty());
        QVERIFY(!checkGrant(machine, {3, 7, 0}, three).empty());
    }

    void gpusLimitSharing()
    {
        // Nodes of 4 cores and 3 GPUs. Two type-D jobs (2 GPUs a node) cannot share a node
        // although cores are left; the type-E job (3 GPUs on each of 2 nodes) needs two
        // nodes with all GPUs free: nodes 2 and 3.
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 3);
        const std::vector<CoreJob> jobs{job("d1", 0, 100, {1, 1, 2}), job("d2", 0, 100, {1, 1, 2}),
                                        job("e", 0, 50, {2, 8, 3})};
        CoreFirstFitAllocator firstFit;
        const CoreSimulationResult result = simulateCores(machine, jobs, firstFit);
        QCOMPARE(result.jobs[0].grant.nodes, std::vector<int>{0});
        QCOMPARE(result.jobs[1].grant.nodes, std::vector<int>{1});
        QCOMPARE(result.jobs[2].grant.nodes, (std::vector<int>{2, 3}));
        QCOMPARE(result.jobs[2].grant.cores, (std::vector<int>{4, 4}));
        QCOMPARE(result.jobs[2].grant.gpus, (std::vector<int>{3, 3}));
        QCOMPARE(result.jobs[2].start, 0);
        const CoreRunSummary summary = summarizeCoreRun(machine, jobs, result);
        // GPUs: 2 x 2 x 100 + 6 x 50 = 700 GPU-seconds of 12 GPUs x 100 s.
        QCOMPARE(summary.gpuUtilization, 700.0 / 1200.0);
        QCOMPARE(summary.jobsSharingNodes, 0);
        QVERIFY(overCommitment(machine, jobs, result).isEmpty());
    }

    void typeEWaitsForFreeGpus()
    {
        // One GPU held on node 0 for 100 s: a type-E job on all 4 nodes waits for it.
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 3);
        const std::vector<CoreJob> jobs{job("c", 0, 100, {1, 1, 1}), job("e", 10, 30, {4, 4, 3}),
                                        job("a", 20, 500, {0, 3, 0})};
        for (CoreBackfill backfill : {CoreBackfill::Fcfs, CoreBackfill::Easy}) {
            CoreSlurmConsTresAllocator consTres;
            const CoreSimulationResult result = simulateCores(machine, jobs, consTres, {backfill, 50});
            QCOMPARE(result.jobs[1].start, 100);
            QCOMPARE(result.jobs[1].grant.nodes, (std::vector<int>{0, 1, 2, 3}));
            // The 3-core job (500 s): under FCFS behind E; under EASY it backfills on node 0
            // (3 of its free cores), since E needs only one core a node and still fits at 100.
            if (backfill == CoreBackfill::Fcfs)
                QCOMPARE(result.jobs[2].start, 100);
            else
                QCOMPARE(result.jobs[2].start, 20);
            QVERIFY(overCommitment(machine, jobs, result).isEmpty());
        }
    }

    void wholeNodesAreNotShared()
    {
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 3);
        const std::vector<CoreJob> jobs{job("a", 0, 100, {0, 1, 0}), job("w", 0, 10, {4, 0, 0}),
                                        job("w2", 0, 10, {3, 0, 0})};
        CoreFirstFitAllocator firstFit;
        const CoreSimulationResult result = simulateCores(machine, jobs, firstFit, {CoreBackfill::Easy, 50});
        QCOMPARE(result.jobs[1].start, 100); // every node whole: waits for the one core held
        QCOMPARE(result.jobs[1].grant.cores, (std::vector<int>{4, 4, 4, 4}));
        QCOMPARE(result.jobs[2].start, 0); // backfilled on the idle nodes 1-3: it ends before 100
        QCOMPARE(result.jobs[2].grant.nodes, (std::vector<int>{1, 2, 3}));
        QVERIFY(overCommitment(machine, jobs, result).isEmpty());
    }

    void consTresPrefersTheTightLeaf()
    {
        // Node 2 full: the second leaf has one usable node, the first two. Slurm's best fit
        // takes the tighter leaf (node 3); first fit takes node 0.
        const auto tree = smallTree();
        CoreMachine machine(*tree, 4, 0);
        machine.take({{2}, {4}, {0}});
        CoreSlurmConsTresAllocator consTres;
        QCOMPARE(consTres.allocate(machine, {0, 2, 0}).nodes, std::vector<int>{3});
        CoreFirstFitAllocator firstFit;
        QCOMPARE(firstFit.allocate(machine, {0, 2, 0}).nodes, std::vector<int>{0});
        // 5 cores: the tight leaf gives 4 (node 3), then the closest leaf node 0 gives 1.
        const Grant five = consTres.allocate(machine, {0, 5, 0});
        QCOMPARE(five.nodes, (std::vector<int>{0, 3}));
        QCOMPARE(five.cores, (std::vector<int>{1, 4}));
        // Whole nodes: as the whole-node allocator (the idle nodes 0, 1, 3).
        QCOMPARE(consTres.allocate(machine, {1, 0, 0}).nodes, std::vector<int>{3});
        QVERIFY(consTres.allocate(machine, {4, 0, 0}).empty());
    }

    void aucsched3CostAndBids()
    {
        const auto tree = smallTree();
        CoreMachine machine(*tree, 4, 3);
        CoreAucsched3Allocator auction(*tree);
        // Eq. 5 with the GRES term: 1 + N/|N| + L/Lmax - R/Gmax.
        QCOMPARE(auction.cost(1, 0, 3, 3), 1.0 + 0.25 + 0.0 - 1.0);
        QCOMPARE(auction.cost(2, 1, 1, 3), 1.0 + 0.5 + 1.0 - 1.0 / 3.0);
        // One core of node 1 held: 8 cores on 2 consecutive usable nodes only on nodes 2, 3.
        machine.take({{1}, {1}, {0}});
        const Grant grant = auction.allocate(machine, {2, 8, 0});
        QCOMPARE(grant.nodes, (std::vector<int>{2, 3}));
        // A window of two: the head's 4-core job and a 3-GPU job; both placed, nothing over-committed.
        const std::vector<Grant> both = auction.placeWindow(machine, {{0, 4, 0}, {1, 2, 3}});
        QCOMPARE(both.size(), size_t{2});
        QVERIFY(!both[0].empty());
        QVERIFY(!both[1].empty());
        CoreMachine after = machine;
        after.take(both[0]);
        after.take(both[1]); // throws if over-committed
        QCOMPARE(auction.auctions(), 1L);
    }

    void aucsched3AuctionReplay()
    {
        const auto tree = smallTree();
        const CoreMachine machine(*tree, 4, 3);
        std::vector<CoreJob> jobs;
        for (int i = 0; i < 40; ++i)
            jobs.push_back(job(std::to_string(i), i * 7, 30 + (i * 37) % 90,
                               {i % 3 == 0 ? 0 : 1 + i % 4, 1 + (i * 5) % 16, i % 4 == 1 ? i % 4 : 0}));
        for (auto& j : jobs)
            if (j.request.nodes > 0)
                j.request.cores = std::min(std::max(j.request.cores, j.request.nodes), 4 * j.request.nodes);
        CoreAucsched3Allocator auction(*tree);
        const CoreSimulationResult result = simulateCores(machine, jobs, auction, {CoreBackfill::Auction, 10});
        QCOMPARE(result.neverFit, 0);
        for (const auto& run : result.jobs)
            QVERIFY(run.start >= 0);
        QVERIFY2(overCommitment(machine, jobs, result).isEmpty(), qPrintable(overCommitment(machine, jobs, result)));
    }

    void paperWorkloads()
    {
        const auto machine = parseMachineSpec(aucsched3MachineSpec());
        QCOMPARE(machine->nodeCount(), 1024);
        for (int workload = 1; workload <= 6; ++workload) {
            const std::vector<CoreJob> jobs = generateAucsched3Workload({workload, 3});
            QCOMPARE(static_cast<int>(jobs.size()), workload % 2 == 1 ? 350 : 2095);
            std::map<char, int> types;
            for (const CoreJob& j : jobs) {
                ++types[aucsched3JobType(j.request)];
                QVERIFY(j.runTime >= 30 && j.runTime <= 300);
                QVERIFY(j.request.cores >= 1 && j.request.cores <= 16384);
                if (j.request.nodes > 0) {
                    QVERIFY(j.request.nodes <= 1024);
                    QVERIFY(j.request.nodes <= j.request.cores);
                    QVERIFY(j.request.cores <= 16 * j.request.nodes);
                }
            }
            if (workload <= 2)
                QCOMPARE(types['A'], static_cast<int>(jobs.size()));
            else if (workload <= 4)
                QCOMPARE(types['B'], static_cast<int>(jobs.size()));
            else
                for (char t : {'A', 'B', 'C', 'D', 'E'})
                    QCOMPARE(types[t], static_cast<int>(jobs.size()) / 5);
        }
        // Seeded: the same seed the same jobs, another seed others.
        const auto a = generateAucsched3Workload({5, 1}), b = generateAucsched3Workload({5, 1}),
                   c = generateAucsched3Workload({5, 2});
        QCOMPARE(a[17].request.cores, b[17].request.cores);
        QVERIFY(a[17].request.cores != c[17].request.cores || a[18].request.cores != c[18].request.cores);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, generateAucsched3Workload({7, 1}));
    }

    void wagapTraceNeverOverCommits()
    {
        // wagap-2013.swf: 18 hosts of 80 CPUs and 26 of 12 (tests/data/traces/README.md),
        // jobs as cores requests (their processors, on any nodes).
        QFile file(QFINDTESTDATA("data/traces/wagap-2013.swf"));
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        std::vector<CoreJob> jobs;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (line.isEmpty() || line.startsWith(';'))
                continue;
            const QList<QByteArray> f = line.simplified().split(' ');
            QVERIFY(f.size() >= 9);
            int processors = f[4].toInt();
            if (processors <= 0)
                processors = f[7].toInt();
            if (processors <= 0 || f[3].toLongLong() < 0)
                continue;
            CoreJob j;
            j.id = f[0].toStdString();
            j.submit = f[1].toLongLong();
            j.runTime = f[3].toLongLong();
            j.timeLimit = f[8].toLongLong();
            j.request = requestFromProcessors(processors, 80);
            jobs.push_back(std::move(j));
        }
        QVERIFY(jobs.size() > 17000);
        const auto tree = parseMachineSpec("switchtree parents=-1,0,0 nodes=0,18,26 prefix=n");
        std::vector<int> cores(18, 80);
        cores.insert(cores.end(), 26, 12);
        const CoreMachine machine(*tree, cores, std::vector<int>(44, 0));
        QCOMPARE(machine.totalCores(), 1752);
        CoreFirstFitAllocator firstFit;
        CoreSlurmConsTresAllocator consTres;
        CoreAucsched3Allocator aucsched3(*tree);
        for (ResourceAllocator* allocator : std::vector<ResourceAllocator*>{&firstFit, &consTres, &aucsched3}) {
            const CoreSimulationResult result = simulateCores(machine, jobs, *allocator, {CoreBackfill::Easy, 50});
            const QString problem = overCommitment(machine, jobs, result);
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromStdString(allocator->name()) + ": " + problem));
            const CoreRunSummary summary = summarizeCoreRun(machine, jobs, result);
            QCOMPARE(summary.jobs + summary.neverFit, static_cast<int>(jobs.size()));
            QVERIFY(summary.jobsSharingNodes > 0); // several jobs a host, as logged
            QVERIFY(summary.coreUtilization > 0 && summary.coreUtilization <= 1);
            QVERIFY(summary.nodeUtilization >= summary.coreUtilization * 0.5 && summary.nodeUtilization <= 1);
            qInfo("%s: %d jobs, %d sharing nodes, cores %.3f, nodes %.3f, mean wait %.0f s", allocator->name().c_str(),
                  summary.jobs, summary.jobsSharingNodes, summary.coreUtilization, summary.nodeUtilization,
                  summary.meanWait);
        }
    }
};

QTEST_GUILESS_MAIN(TestCoreSimulation)
#include "tst_coresimulation.moc"
