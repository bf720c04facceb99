// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MachineSpec.h"
#include "core/RunRecord.h"
#include "services/Simulation.h"
#include "store/JobLabels.h"
#include "store/Runs.h"
#include "store/SqliteDatabase.h"
#include "store/Store.h"
#include "tests/support/RawSql.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <sqlite3.h>
#include <thread>

using namespace placement;
using placement::test::rawExecute;
using placement::test::rawInteger;

namespace {

/// A logged workload on an 8-node line: enough contention that jobs wait.
std::vector<Job> loggedJobs()
{
    std::vector<Job> jobs;
    for (int i = 0; i < 40; ++i) {
        Job job;
        job.id = std::to_string(1000 + i);
        job.user = i % 2 ? "alice" : "bob";
        job.submit = 100 * i;
        job.start = job.submit + 5;
        job.end = job.start + 300 + 37 * (i % 7);
        const int size = 1 + (i * 5) % 6;
        for (int n = 0; n < size; ++n)
            job.nodes.push_back(n);
        jobs.push_back(job);
    }
    return jobs;
}

/// 120,000 logged jobs on an 8-node line (named and with states) and run "large" of them:
/// starts shuffled, with ties; every 1000th job holds a link. Past the size from which
/// runJobs() reads a run in two halves.
struct LargeRun
{
    std::int64_t machine = 0;
    std::int64_t run = 0;
    std::vector<RunPlacement> placements;
};

LargeRun writeLargeRun(Store& store, const QString& path)
{
    std::vector<Job> logged;
    for (int i = 0; i < 120000; ++i) {
        Job job;
        job.id = std::to_string(i);
        job.user = "u" + std::to_string(i % 13);
        job.submit = i;
        job.start = i + 1;
        job.end = i + 100;
        job.nodes = {i % 8};
        logged.push_back(job);
    }
    const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", logged);
    rawExecute(path, "UPDATE jobs SET name = 'n' || (id % 101), state = 's' || (id % 3)");
    const StoredWorkload workload = loadWorkload(store, machine);
    std::vector<RunPlacement> placements;
    for (size_t i = 0; i < workload.jobIds.size(); ++i) {
        RunPlacement placement;
        placement.jobId = workload.jobIds[i];
        placement.start = static_cast<std::int64_t>((i * 7919) % 5003); // shuffled, with ties
        placement.end = placement.start + 10;
        placement.nodes = {static_cast<int>(i % 8)};
        if (i % 1000 == 999) // few jobs hold links: the holdings are kept per job
            placement.links = {static_cast<int>(i % 5)};
        placements.push_back(placement);
    }
    const std::int64_t run = saveRun(store, machine, "large", R"({"policy":"first-fit"})", "{}", placements);
    return {machine, run, std::move(placements)};
}

} // namespace

class TestRuns : public QObject
{
    Q_OBJECT
private slots:
    void workloadComesFromTheLoggedJobs()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("w.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        const StoredWorkload workload = loadWorkload(store, machine);
        QCOMPARE(workload.jobs.size(), size_t(40));
        QCOMPARE(workload.jobs[3].id, std::string("1003"));
        QCOMPARE(workload.jobs[3].nodes, 1 + 15 % 6);
        QCOMPARE(workload.jobs[3].runTime, std::int64_t(300 + 37 * 3));
        QCOMPARE(workload.jobs[3].submit, std::int64_t(300));
        QCOMPARE(workload.jobIds.size(), workload.jobs.size());
    }

    void simulatedRunIsStoredAndReadBack()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("r.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        SimulationSetup setup;
        setup.machine = "line";
        setup.allocator.policy = "first-fit";
        setup.options.backfill = BackfillPolicy::Easy;
        setup.transform.parseArrivals("zero");
        const SimulationSummary summary = runStoredSimulation(store, setup, "test");
        QVERIFY(summary.runId > 0);
        QCOMPARE(summary.runName, std::string("first-fit easy arrivals zero"));
        QCOMPARE(summary.metrics.jobs, 40);
        QVERIFY(summary.metrics.steadyStateFound); // all at 0 on 8 nodes: jobs wait

        const std::vector<RunRecord> stored = runs(store, machine);
        QCOMPARE(stored.size(), size_t(1));
        QCOMPARE(stored[0].placements, std::int64_t(40));
        const QJsonObject parameters
            = QJsonDocument::fromJson(QByteArray::fromStdString(stored[0].parameters)).object();
        QCOMPARE(parameters.value(QStringLiteral("arrivals")).toString(), QStringLiteral("zero"));
        const QJsonObject result = QJsonDocument::fromJson(QByteArray::fromStdString(stored[0].summary)).object();
        QCOMPARE(result.value(QStringLiteral("run_id")).toInteger(), summary.runId);
        QCOMPARE(result.value(QStringLiteral("jobs")).toInt(), 40);

        // The run's jobs: the logged ids, submitted at 0 (the transform), never two on a node.
        const std::vector<Job> jobs = runJobs(store, summary.runId);
        QCOMPARE(jobs.size(), size_t(40));
        std::set<std::string> ids;
        for (const Job& job : jobs) {
            ids.insert(job.id);
            QCOMPARE(job.submit, std::int64_t(0));
            QVERIFY(job.start >= 0);
            for (const Job& other : jobs)
                if (&other != &job && other.start < job.end && job.start < other.end)
                    for (int node : job.nodes)
                        QVERIFY(std::find(other.nodes.begin(), other.nodes.end(), node) == other.nodes.end());
        }
        QCOMPARE(ids.size(), size_t(40));
        QCOMPARE(ids.count("1007"), size_t(1));

        // A second run with the same parameters gets its own name; the logged jobs are untouched.
        const SimulationSummary second = runStoredSimulation(store, setup, "test");
        QCOMPARE(second.runName, std::string("first-fit easy arrivals zero (2)"));
        QCOMPARE(store.jobs(machine).size(), size_t(40));
        QCOMPARE(store.jobs(machine)[5].start, std::int64_t(505));
        QVERIFY(deleteRun(store, second.runId));
        QVERIFY(!deleteRun(store, second.runId));
        QCOMPARE(runs(store, machine).size(), size_t(1));
    }

    void isolatingRunsStoreOwnedLinksAndIdleNodes_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::newRow("laas") << QStringLiteral("laas");
        QTest::newRow("jigsaw") << QStringLiteral("jigsaw");
        QTest::newRow("first-fit") << QStringLiteral("first-fit");
    }
    void isolatingRunsStoreOwnedLinksAndIdleNodes()
    {
        QFETCH(QString, policy);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("i.sqlite")).toStdString();
        std::vector<Job> logged;
        for (int i = 0; i < 60; ++i) { // 3 pods of 16 nodes: sizes up to 22 span pods
            Job job;
            job.id = std::to_string(i);
            job.user = "u";
            job.submit = 10 * i;
            job.start = job.submit;
            job.end = job.start + 200 + 13 * (i % 5);
            const int size = 1 + (i * 7) % 22;
            for (int n = 0; n < size; ++n)
                job.nodes.push_back(n);
            logged.push_back(job);
        }
        {
            Store store = Store::openOrCreate(path);
            store.addMachine("tree", "fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4", logged);
        }
        SimulationSetup setup;
        setup.machine = "tree";
        setup.allocator.policy = policy.toStdString();
        setup.transform.parseArrivals("zero");
        std::int64_t runId = 0;
        {
            Store store = Store::openExisting(path);
            runId = runStoredSimulation(store, setup, "test").runId;
        }
        Store store = Store::openExisting(path); // read back from the file
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        std::vector<RunHoldings> held{RunHoldings{{1}, {}}}; // replaced, not appended to
        const std::vector<Job> jobs = runJobs(store, runId, &held);
        QVERIFY(jobs.size() > 50);
        if (policy == QLatin1String("first-fit")) { // no job holds more than its nodes: nothing kept
            QVERIFY(held.empty());
            held.resize(jobs.size());
        }
        QCOMPARE(held.size(), jobs.size());
        int withLinks = 0, withIdle = 0;
        for (size_t i = 0; i < jobs.size(); ++i) {
            const Job& job = jobs[i];
            const RunHoldings& holds = held[i];
            withLinks += holds.links.empty() ? 0 : 1;
            withIdle += holds.idleNodes.empty() ? 0 : 1;
            QVERIFY(std::is_sorted(holds.links.begin(), holds.links.end()));
            for (int node : holds.idleNodes)
                QVERIFY(!std::binary_search(job.nodes.begin(), job.nodes.end(), node));
            // LaaS rounds a job spanning pods up to whole leaves (4 nodes each).
            if (!holds.idleNodes.empty())
                QCOMPARE((job.nodes.size() + holds.idleNodes.size()) % 4, size_t(0));
            for (size_t k = 0; k < jobs.size(); ++k) {
                const Job& other = jobs[k];
                if (k == i || !(other.start < job.end && job.start < other.end))
                    continue;
                for (int link : holds.links)
                    QVERIFY2(!std::binary_search(held[k].links.begin(), held[k].links.end(), link),
                             qPrintable(QStringLiteral("link %1 of jobs %2 and %3")
                                            .arg(link)
                                            .arg(QString::fromStdString(job.id), QString::fromStdString(other.id))));
                for (int node : holds.idleNodes)
                    QVERIFY(std::find(other.nodes.begin(), other.nodes.end(), node) == other.nodes.end());
            }
        }
        if (policy == QLatin1String("first-fit")) {
            QCOMPARE(withLinks, 0);
            QCOMPARE(withIdle, 0);
        } else {
            QVERIFY(withLinks > 10); // jobs of more than one leaf own links
            QCOMPARE(withIdle > 0, policy == QLatin1String("laas"));
        }
        SqliteStatement nulls(store.database(),
                              "SELECT count(*) FROM placements WHERE links IS NULL AND idle_nodes IS NULL");
        QVERIFY(nulls.step());
        const auto bare = std::count_if(held.begin(), held.end(), [](const RunHoldings& holds) {
            return holds.links.empty() && holds.idleNodes.empty();
        });
        QCOMPARE(nulls.integer(0), std::int64_t(bare));
    }

    void takenNameStoresNothing()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("n.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        SimulationSetup setup;
        setup.machine = "line";
        setup.allocator.policy = "random";
        setup.runName = "mine";
        runStoredSimulation(store, setup, "test");
        QVERIFY_THROWS_EXCEPTION(StoreError, runStoredSimulation(store, setup, "test"));
        QCOMPARE(runs(store, machine).size(), size_t(1));
        SqliteStatement count(store.database(), "SELECT count(*) FROM placements");
        QVERIFY(count.step());
        QCOMPARE(count.integer(0), std::int64_t(40));
    }

    void aRunIsFoundByNameWithItsParameters()
    {
        // What the explorer looks up on opening, without counting any run's placements.
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("named.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        const std::int64_t other = store.addMachine("other", "torus extents=8 wrap=n", loggedJobs());
        const std::int64_t first = saveRun(store, machine, "a", R"({"policy":"first-fit"})", "{}", {});
        const std::int64_t second = saveRun(store, machine, "b", R"({"policy":"random"})", "{}", {});
        const std::int64_t elsewhere = saveRun(store, other, "a", R"({"policy":"tree"})", "{}", {});
        QCOMPARE(runNamed(store, machine, "a"), std::optional<std::int64_t>(first));
        QCOMPARE(runNamed(store, machine, "b"), std::optional<std::int64_t>(second));
        QCOMPARE(runNamed(store, other, "a"), std::optional<std::int64_t>(elsewhere));
        QVERIFY(!runNamed(store, other, "b"));
        QVERIFY(!runNamed(store, machine, "A"));
        QCOMPARE(runParameters(store, second), std::optional<std::string>(R"({"policy":"random"})"));
        QVERIFY(!runParameters(store, elsewhere + 1));
    }

    void badSetupsAreRefused()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("b.sqlite")).toStdString());
        store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        SimulationSetup setup;
        setup.machine = "nope";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runStoredSimulation(store, setup, "test"));
        setup.machine = "line";
        setup.allocator.policy = "ta"; // needs a fat-tree
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runStoredSimulation(store, setup, "test"));
        setup.allocator.policy = "first-fit";
        setup.allocator.order = "no-such-order";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runStoredSimulation(store, setup, "test"));
    }

    void oversizedJobsAreReportedNotRun()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("o.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        SimulationSetup setup;
        setup.machine = "line";
        setup.transform.nodeScale = 2; // sizes 1-6 become 2-12: the 10- and 12-node jobs cannot fit
        const SimulationSummary summary = runStoredSimulation(store, setup, "test");
        int expected = 0;
        for (const Job& job : loggedJobs())
            expected += 2 * static_cast<int>(job.nodes.size()) > 8 ? 1 : 0;
        QVERIFY(expected > 0);
        QCOMPARE(static_cast<int>(summary.neverFit.size()), expected);
        QCOMPARE(runs(store, machine)[0].placements, std::int64_t(40 - expected));
    }
    /// Schema version 13 keeps the cores and GPUs a job of a run by cores held on each node.
    /// A database of version 12 is migrated when opened: its runs read back as before, as runs
    /// of whole nodes, and a run by cores stored after reads back its counts.
    void runJobsComeByStartThenJobIdWithTheirLabelsAndHoldings()
    {
        // Placements whose start order is not the job ids' order, with ties: every reader of a
        // run gives them in one order (start, then job id), each job with its own name, state,
        // links, idle nodes and cores.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("order.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
        rawExecute(path, "UPDATE jobs SET name = 'name-' || job_ref, state = 'state-' || (id % 3)");
        const StoredWorkload workload = loadWorkload(store, machine);
        std::vector<RunPlacement> placements;
        for (size_t i = 0; i < workload.jobIds.size(); ++i) {
            RunPlacement placement;
            placement.jobId = workload.jobIds[i];
            placement.start = 1000 - static_cast<std::int64_t>((i * 7) % 11) * 10; // ties, against id order
            placement.end = placement.start + 50;
            const int node = static_cast<int>(i % 7);
            placement.nodes = {node, node + 1};
            placement.links = {static_cast<int>(i)}; // which job is which
            placement.idleNodes = i % 2 ? std::vector<int>{} : std::vector<int>{static_cast<int>(i % 8)};
            placement.nodeCores = {static_cast<int>(i) + 1, 1};
            placement.nodeGpus = {0, 0};
            placements.push_back(placement);
        }
        const std::int64_t run
            = saveRun(store, machine, "shuffled", R"({"policy":"first-fit","by":"cores"})", "{}", placements);
        std::vector<RunHoldings> held;
        JobLabels labels;
        std::vector<JobHolding> coresInPass;
        const std::vector<Job> jobs = runJobs(store, run, &held, &labels, &coresInPass);
        const std::vector<JobHolding> cores = runJobHoldings(store, run);
        QCOMPARE(coresInPass.size(), cores.size());
        for (size_t k = 0; k < cores.size(); ++k) {
            QCOMPARE(coresInPass[k].nodeCores(), cores[k].nodeCores());
            QCOMPARE(coresInPass[k].cores, cores[k].cores);
            QCOMPARE(coresInPass[k].nodeGpus(), cores[k].nodeGpus());
            QCOMPARE(coresInPass[k].gpus, cores[k].gpus);
        }
        QCOMPARE(jobs.size(), placements.size());
        QCOMPARE(held.size(), jobs.size());
        QCOMPARE(labels.size(), jobs.size());
        QCOMPARE(cores.size(), jobs.size());
        std::map<std::string, size_t> indexOf; // job id -> index into placements
        for (size_t i = 0; i < workload.jobs.size(); ++i)
            indexOf[workload.jobs[i].id] = i;
        for (size_t k = 0; k < jobs.size(); ++k) {
            const size_t i = indexOf.at(jobs[k].id);
            const RunPlacement& placed = placements[i];
            QCOMPARE(jobs[k].start, placed.start);
            QCOMPARE(jobs[k].nodes, placed.nodes);
            QCOMPARE(held[k].links, placed.links);
            QCOMPARE(held[k].idleNodes, placed.idleNodes);
            QCOMPARE(std::string(labels.name(k)), "name-" + jobs[k].id);
            QCOMPARE(std::string(labels.state(k)), "state-" + std::to_string(placed.jobId % 3));
            QCOMPARE(cores[k].nodeCores(), placed.nodeCores);
            if (k > 0) { // by start, then by job id
                const RunPlacement& before = placements[indexOf.at(jobs[k - 1].id)];
                QVERIFY(before.start < placed.start || (before.start == placed.start && before.jobId < placed.jobId));
            }
        }
    }

    void aLargeRunReadInTwoHalvesIsTheRunReadWhole()
    {
        // From 100,000 jobs on, runJobs() reads half the rows on a second connection, unless
        // the caller holds a transaction: both ways give the same jobs, labels and holdings.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const LargeRun large = writeLargeRun(store, path);
        const std::int64_t machine = large.machine;
        const std::int64_t run = large.run;
        const std::vector<RunPlacement>& placements = large.placements;
        std::vector<RunHoldings> heldHalves, heldWhole;
        JobLabels labelsHalves, labelsWhole;
        std::vector<JobHolding> cores{JobHolding{}}; // replaced: a run of whole nodes has none
        const std::vector<Job> halves = runJobs(store, run, &heldHalves, &labelsHalves, &cores);
        QVERIFY(cores.empty());
        std::vector<Job> whole;
        {
            const SqliteReadSnapshot callersTransaction(store.database());
            whole = runJobs(store, run, &heldWhole, &labelsWhole);
        }
        QCOMPARE(halves.size(), placements.size());
        QCOMPARE(whole.size(), halves.size());
        QCOMPARE(heldHalves.size(), halves.size());
        QCOMPARE(heldWhole.size(), halves.size());
        for (size_t k = 0; k < halves.size(); ++k) {
            QCOMPARE(halves[k].id, whole[k].id);
            QCOMPARE(halves[k].user, whole[k].user);
            QCOMPARE(halves[k].start, whole[k].start);
            QCOMPARE(halves[k].nodes, whole[k].nodes);
            QCOMPARE(heldHalves[k].links, heldWhole[k].links);
            QCOMPARE(labelsHalves.name(k), labelsWhole.name(k));
            QCOMPARE(labelsHalves.state(k), labelsWhole.state(k));
            const std::int64_t id = std::stoll(halves[k].id) + 1; // jobs.id, as inserted
            QCOMPARE(std::string(labelsHalves.name(k)), "n" + std::to_string(id % 101));
            if (k > 0)
                QVERIFY(halves[k - 1].start < halves[k].start
                        || (halves[k - 1].start == halves[k].start
                            && std::stoll(halves[k - 1].id) < std::stoll(halves[k].id)));
        }

        // The order is read in two parts split at the middle of the job ids: a run of a few
        // jobs spread over them, most of them at the top, reads the same both ways.
        std::vector<RunPlacement> sparse;
        for (size_t i = 0; i < placements.size(); ++i)
            if (i % 5000 == 0 || i >= 119000)
                sparse.push_back(placements[i]);
        const std::int64_t sparseRun = saveRun(store, machine, "sparse", R"({"policy":"first-fit"})", "{}", sparse);
        const std::vector<Job> sparseHalves = runJobs(store, sparseRun);
        std::vector<Job> sparseWhole;
        {
            const SqliteReadSnapshot callersTransaction(store.database());
            sparseWhole = runJobs(store, sparseRun);
        }
        QCOMPARE(sparseHalves.size(), sparse.size());
        QVERIFY(std::equal(
            sparseHalves.begin(), sparseHalves.end(), sparseWhole.begin(), sparseWhole.end(),
            [](const Job& a, const Job& b) { return a.id == b.id && a.start == b.start && a.nodes == b.nodes; }));
    }

    void aReadStopsWhenItsStopCheckSaysSo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("stopped.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t run = writeLargeRun(store, path).run;
        const std::vector<Job> whole = runJobs(store, run);
        QCOMPARE(whole.size(), size_t(120000));

        store.setStopCheck(std::make_shared<const std::function<bool()>>([] { return true; }));
        QVERIFY_THROWS_EXCEPTION(ReadStopped, runJobs(store, run));
        QVERIFY(sqlite3_get_autocommit(store.database().handle()) != 0); // its read was ended

        // The connections runJobs() opens on other threads ask the same check: told to stop
        // only there, the whole read stops (it reads its rows in halves from 100,000 jobs).
        auto askedElsewhere = std::make_shared<std::atomic<bool>>(false);
        store.setStopCheck(
            std::make_shared<const std::function<bool()>>([askedElsewhere, caller = std::this_thread::get_id()] {
                if (std::this_thread::get_id() != caller)
                    *askedElsewhere = true;
                return askedElsewhere->load();
            }));
        QVERIFY_THROWS_EXCEPTION(ReadStopped, runJobs(store, run));
        QVERIFY(askedElsewhere->load());

        // A stop leaves the connection as it was: without the check, the run reads whole.
        store.setStopCheck({});
        const std::vector<Job> again = runJobs(store, run);
        QCOMPARE(again.size(), whole.size());
        QCOMPARE(again.back().id, whole.back().id);
        QCOMPARE(again.back().nodes, whole.back().nodes);
    }

    void runsByCoresKeepTheirCoresPerNode()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v12.sqlite"));
        std::int64_t machine = 0;
        std::vector<RunPlacement> whole;
        {
            Store store = Store::openOrCreate(path.toStdString());
            machine = store.addMachine("line", "torus extents=8 wrap=n", loggedJobs());
            const StoredWorkload workload = loadWorkload(store, machine);
            for (size_t i = 0; i < 3; ++i) {
                RunPlacement placement;
                placement.jobId = workload.jobIds[i];
                placement.start = 10 * static_cast<std::int64_t>(i);
                placement.end = placement.start + 5;
                placement.nodes = {static_cast<int>(i), static_cast<int>(i) + 1};
                whole.push_back(placement);
            }
            saveRun(store, machine, "whole nodes", R"({"policy":"first-fit"})", "{}", whole);
        }
        rawExecute(path,
                   "ALTER TABLE placements DROP COLUMN node_cores; ALTER TABLE placements DROP COLUMN "
                   "node_gpus; UPDATE meta SET value = '12' WHERE key = 'schema_version'");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(rawInteger(path,
                            "SELECT count(*) FROM pragma_table_info('placements') WHERE name IN "
                            "('node_cores', 'node_gpus')"),
                 std::int64_t(2));
        const std::int64_t wholeRun = runs(store, machine).at(0).id;
        QCOMPARE(runJobs(store, wholeRun).size(), whole.size());
        QVERIFY(runJobHoldings(store, wholeRun).empty()); // whole nodes: nothing per node

        std::vector<RunPlacement> byCores = whole;
        byCores[0].nodeCores = {3, 1};
        byCores[0].nodeGpus = {0, 2};
        byCores[1].nodeCores = {4, 4}; // stored as one number
        byCores[1].nodeGpus = {0, 0};
        byCores[2].nodeCores = {1, 7};
        byCores[2].nodeGpus = {1, 1};
        const std::int64_t coresRun
            = saveRun(store, machine, "by cores", R"({"policy":"first-fit","by":"cores"})", "{}", byCores);
        QCOMPARE(readRunParameters(runs(store, machine).at(1).parameters).value("by"),
                 std::optional<RunValue>(std::string("cores")));
        QCOMPARE(readRunParameters(runs(store, machine).at(0).parameters).value("by"),
                 std::optional<RunValue>(std::string("nodes")));
        const std::vector<JobHolding> held = runJobHoldings(store, coresRun);
        QCOMPARE(held.size(), byCores.size());
        for (size_t i = 0; i < held.size(); ++i) { // runJobs' order is the start order, as stored here
            QCOMPARE(held[i].nodeCores(), byCores[i].nodeCores);
            QCOMPARE(held[i].nodeGpus(), byCores[i].nodeGpus);
            QCOMPARE(held[i].cores, byCores[i].nodeCores[0] + byCores[i].nodeCores[1]);
            QCOMPARE(held[i].gpus, byCores[i].nodeGpus[0] + byCores[i].nodeGpus[1]);
        }

        // Counts that do not match the node list: refused, nothing of the run written.
        std::vector<RunPlacement> bad = byCores;
        bad[2].nodeCores = {1, 2, 3};
        const std::int64_t before = rawInteger(path, "SELECT count(*) FROM placements");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, saveRun(store, machine, "bad", "{}", "{}", bad));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM placements"), before);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM runs WHERE name = 'bad'"), std::int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestRuns)
#include "tst_runs.moc"
