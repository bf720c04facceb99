// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// readLoggedJobs() reads the jobs table in its own order and sorts the rows itself: it must
// give what SQL's "ORDER BY submit, id" gives, field by field, on the real wagap-2013 log
// (host lists, cores per node; stored in submission order) and on a machine large enough to be read by two connections,
// whose jobs are stored in two blocks around another machine's, with ties in submission
// times, jobs without a start, damaged rows.

#include "core/CoreHoldings.h"
#include "core/MachineSpec.h"
#include "core/NodeCounts.h"
#include "core/Topology.h"
#include "importers/JobImport.h"
#include "services/LoggedRun.h"
#include "store/LoggedJobs.h"
#include "store/LoggedRun.h"
#include "store/NodeCores.h"
#include "store/NodeListBlob.h"
#include "store/SqliteDatabase.h"
#include "store/Store.h"
#include "tests/support/RawSql.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

using namespace placement;
using placement::test::rawExecute;
using placement::test::rawInteger;

namespace {

constexpr unsigned AllParts = LoggedJobList | LoggedNodeCounts | LoggedHoldings | LoggedCores | LoggedLabels;

/// The machine's logged jobs as SQL orders them, with every part computed from the row the
/// way the store documents it.
LoggedJobs sqlReference(Store& store, std::int64_t machineId, int cpusPerNode)
{
    SqliteStatement query(store.database(),
                          "SELECT job_ref, user, submit, start, end, nodes, requested_nodes, node_count, "
                          "requested_cpus, allocated_cpus, node_cores, gpus, name, state, shares_nodes FROM jobs "
                          "WHERE machine_id = ?1 AND start_known = 1 ORDER BY submit, id");
    query.bind(1, machineId);
    LoggedJobs reference;
    const auto count = [&](int column) { return query.isNull(column) ? 0 : query.integer(column); };
    while (query.step()) {
        Job job{query.textView(0), query.textView(1), decodeNodeRuns(query.blob(5), query.bytes(5)),
                query.integer(2),  query.integer(3),  query.integer(4)};
        std::int64_t size = static_cast<std::int64_t>(job.nodes.size());
        if (size == 0)
            size = count(6) > 0 ? count(6) : count(7);
        if (size <= 0) {
            const std::int64_t cpus = count(8) > 0 ? count(8) : count(9);
            size = (cpus + cpusPerNode - 1) / cpusPerNode;
        }
        reference.nodeCounts.push_back(static_cast<int>(std::max<std::int64_t>(size, 0)));
        JobHolding holding;
        holding.cores = query.isNull(9) ? -1 : static_cast<int>(query.integer(9));
        if (!query.isNull(10))
            holding.setNodeCores(decodeNodeCores(query.textView(10), static_cast<int>(query.integer(7))));
        else if (query.integer(7) == 1 && holding.cores > 0)
            holding.setNodeCores({holding.cores});
        holding.gpus = query.isNull(11) ? -1 : static_cast<int>(query.integer(11));
        reference.cores.push_back(holding.cores);
        reference.holdings.push_back(holding);
        reference.labels.append(query.textView(12), query.textView(13), query.integer(14) != 0);
        reference.jobs.push_back(std::move(job));
    }
    return reference;
}

void compareWithReference(const LoggedJobs& read, const LoggedJobs& reference)
{
    QCOMPARE(read.jobs.size(), reference.jobs.size());
    QCOMPARE(read.nodeCounts, reference.nodeCounts);
    QCOMPARE(read.cores, reference.cores);
    QCOMPARE(read.holdings.size(), reference.holdings.size());
    QCOMPARE(read.labels.size(), reference.labels.size());
    for (std::size_t i = 0; i < read.jobs.size(); ++i) {
        const Job& job = read.jobs[i];
        const Job& expected = reference.jobs[i];
        QCOMPARE(job.id, expected.id);
        QCOMPARE(job.user, expected.user);
        QCOMPARE(job.submit, expected.submit);
        QCOMPARE(job.start, expected.start);
        QCOMPARE(job.end, expected.end);
        QVERIFY(job.nodes == expected.nodes);
        QCOMPARE(read.holdings[i].cores, reference.holdings[i].cores);
        QVERIFY(read.holdings[i].perNode == reference.holdings[i].perNode);
        QCOMPARE(read.holdings[i].gpus, reference.holdings[i].gpus);
        QCOMPARE(read.labels.name(i), reference.labels.name(i));
        QCOMPARE(read.labels.state(i), reference.labels.state(i));
        QCOMPARE(read.labels.sharesNodes(i), reference.labels.sharesNodes(i));
    }
}

/// `count` jobs on a 64-node torus, submitted out of order with many ties.
std::vector<Job> shuffledJobs(int count, const std::string& prefix)
{
    std::vector<Job> jobs;
    jobs.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Job job;
        job.id = prefix + std::to_string(i);
        job.user = "u" + std::to_string(i % 17);
        job.submit = (static_cast<std::int64_t>(i) * 7919) % 40009; // shuffled, ~3 jobs a second
        job.start = job.submit + i % 11;
        job.end = job.start + 60 + i % 97;
        if (i % 5 != 0) // every fifth job says no nodes: its size comes from the counts
            job.nodes = {i % 63, i % 63 + 1};
        jobs.push_back(std::move(job));
    }
    return jobs;
}

/// Two summaries in JSON: the same keys and values, numbers within 1e-12 of each other
/// (relative), for sums of the same node-seconds in another order.
void compareSummaries(const std::string& actual, const std::string& expected)
{
    const QJsonObject a = QJsonDocument::fromJson(QByteArray::fromStdString(actual)).object();
    const QJsonObject e = QJsonDocument::fromJson(QByteArray::fromStdString(expected)).object();
    QVERIFY(!e.isEmpty());
    QCOMPARE(a.keys(), e.keys());
    for (const QString& key : e.keys()) {
        if (e[key].isDouble() && a[key].isDouble()) {
            const double x = a[key].toDouble(), y = e[key].toDouble();
            QVERIFY2(std::abs(x - y) <= 1e-12 * std::max(1.0, std::abs(y)), qPrintable(key));
        } else {
            QVERIFY2(a[key] == e[key], qPrintable(key));
        }
    }
}

} // namespace

class TestLoggedJobs : public QObject
{
    Q_OBJECT
private slots:
    void holdingsTakeLittleSpace()
    {
        // Millions of jobs each hold a JobHolding: 16 bytes, nothing on the heap for one node
        // (its cores, and its GPUs if known).
        QCOMPARE(sizeof(JobHolding), size_t(16));
        const auto list = [](const IntView& view) { return view.toVector(); };
        NodeCounts none;
        QVERIFY(none.cores().empty() && none.gpus().empty());
        const IntView noCores = none.cores();
        QVERIFY(noCores.begin() == noCores.end());
        NodeCounts one({7}, {});
        QCOMPARE(list(one.cores()), std::vector<int>{7});
        QVERIFY(one.gpus().empty());
        NodeCounts negative({-1}, {});
        QCOMPARE(negative.cores()[0], -1);
        NodeCounts withGpus({-1}, {(1 << 29) - 1}); // the most GPUs kept in place
        QCOMPARE(list(withGpus.cores()), std::vector<int>{-1});
        QCOMPARE(list(withGpus.gpus()), std::vector<int>{(1 << 29) - 1});
        for (const int gpus : {1 << 29, -1, 0}) { // the first two on the heap
            NodeCounts oneNode({4}, {gpus});
            QCOMPARE(list(oneNode.gpus()), std::vector<int>{gpus});
            QCOMPARE(list(oneNode.cores()), std::vector<int>{4});
        }
        NodeCounts gpusOnly({}, {2, 3});
        QVERIFY(gpusOnly.cores().empty());
        QCOMPARE(list(gpusOnly.gpus()), (std::vector<int>{2, 3}));
        NodeCounts many(std::vector<int>{3, 0, -2, 5}, std::vector<int>{1, 1, 0, 2});
        QCOMPARE(list(many.cores()), (std::vector<int>{3, 0, -2, 5}));
        QVERIFY(many.gpus() == std::vector<int>({1, 1, 0, 2}));
        NodeCounts copy = many;
        QVERIFY(copy == many && copy.cores().begin() != many.cores().begin());
        NodeCounts moved = std::move(copy);
        QVERIFY(moved == many && copy.cores().empty()); // NOLINT: moved from, on purpose
        moved = one;
        QVERIFY(moved == one && !(moved == many));
        one = std::move(many);
        QCOMPARE(list(one.cores()), (std::vector<int>{3, 0, -2, 5}));
        std::swap(one, negative);
        QCOMPARE(list(one.cores()), std::vector<int>{-1});
        QCOMPARE(negative.cores().size(), size_t(4));
        // Setting one list keeps the other, also from the object's own counts.
        negative.setCores({8});
        QCOMPARE(list(negative.cores()), std::vector<int>{8});
        QCOMPARE(list(negative.gpus()), (std::vector<int>{1, 1, 0, 2}));
        negative.setGpus({});
        QVERIFY(negative == NodeCounts({8}, {}));
        withGpus.setGpus(withGpus.gpus());
        withGpus.setCores(withGpus.cores());
        QVERIFY(withGpus == NodeCounts({-1}, {(1 << 29) - 1}));
        moved.setCores(moved.cores()); // read as it is replaced
        QCOMPARE(list(moved.cores()), std::vector<int>{7});
        NodeCounts twoNodes(std::vector<int>{5, 6}, {});
        twoNodes.setCores(twoNodes.cores());
        twoNodes.setGpus({0, 1});
        QVERIFY(twoNodes == NodeCounts(std::vector<int>{5, 6}, std::vector<int>{0, 1}));
    }

    void realLogReadsAsSqlOrdersIt()
    {
        QTemporaryDir dir;
        const QString trace = QFINDTESTDATA("data/traces/wagap-2013.swf");
        const QString topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf");
        const QString machines = QFINDTESTDATA("data/traces/wagap-2013.swf.machines");
        QVERIFY(!trace.isEmpty() && !topology.isEmpty() && !machines.isEmpty());
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("wagap.sqlite")).toStdString());
        ImportRequest request;
        request.files = {trace.toStdString()};
        request.topology = topology.toStdString();
        request.aleaMachines = machines.toStdString();
        request.machine = "wagap";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        const std::int64_t id = store.machine("wagap")->id;
        const LoggedJobs reference = sqlReference(store, id, 4);
        QVERIFY(reference.jobs.size() > 17000);
        const LoggedJobs read = readLoggedJobs(store, id, AllParts, 4);
        compareWithReference(read, reference);
        std::size_t perNode = 0;
        for (const JobHolding& holding : read.holdings)
            perNode += holding.nodeCores().size() > 1 ? 1 : 0;
        QVERIFY(perNode > 100); // the log's cores per node are read, not only totals
        // Each part alone is the same part.
        QCOMPARE(readLoggedJobs(store, id, LoggedCores).cores, reference.cores);
        QCOMPARE(readLoggedJobs(store, id, LoggedNodeCounts, 4).nodeCounts, reference.nodeCounts);
        QCOMPARE(readLoggedJobs(store, id, LoggedLabels).labels.size(), reference.jobs.size());
    }

    void logWithoutNodeListsIsSummarizedInPasses()
    {
        // Two real logs that name no nodes: their logged run measured in passes over the
        // table (holding no job) is the one measured on the jobs read in submission order,
        // to the bit, with and without the machine's cores, for two ways to size by
        // processors.
        QTemporaryDir dir;
        const struct
        {
            const char* trace;
            const char* machine;
            const char* spec;
        } logs[] = {{"data/traces/hpc2n.swf", "seth", "torus extents=8x15"},
                    {"data/traces/theta_2022.swf", "theta", "torus extents=8x8x69"}};
        for (const auto& log : logs) {
            const QString trace = QFINDTESTDATA(log.trace);
            QVERIFY(!trace.isEmpty());
            for (const int coresPerNode : {0, 64}) {
                Store store = Store::openOrCreate(
                    dir.filePath(QStringLiteral("%1-%2.sqlite").arg(log.machine).arg(coresPerNode)).toStdString());
                ImportRequest request;
                request.files = {trace.toStdString()};
                request.topology = log.spec;
                request.machine = log.machine;
                request.coresPerNode = coresPerNode;
                const ImportResult result = importJobLogs(store, request);
                QVERIFY2(result.committed, result.failure.c_str());
                const MachineRecord machine = *store.machine(log.machine);
                const int machineNodes = parseMachineSpec(machine.spec)->usableNodeCount();
                for (const int cpusPerNode : {1, 2}) {
                    std::vector<int> cores;
                    const LoggedSchedule schedule = loadLoggedSchedule(store, machine.id, cpusPerNode, &cores);
                    QVERIFY(schedule.jobs.size() > 3000);
                    QVERIFY(std::all_of(schedule.jobs.begin(), schedule.jobs.end(),
                                        [](const Job& job) { return job.nodes.empty(); }));
                    const RunRecord inMemory = loggedRun(machine, machineNodes, schedule.jobs, schedule.nodeCounts,
                                                         cpusPerNode, cores, store.nodeResources(machine.id));
                    const RunRecord inPasses = loggedRun(store, machine, cpusPerNode, LoggedReading::InPasses);
                    QCOMPARE(loggedRun(store, machine, cpusPerNode).summary, inMemory.summary);
                    QCOMPARE(inPasses.summary, inMemory.summary);
                    QCOMPARE(inPasses.parameters, inMemory.parameters);
                    QCOMPARE(inPasses.placements, inMemory.placements);
                    QCOMPARE(
                        QString::fromStdString(inPasses.summary).contains(QStringLiteral("\"utilization_cores\": ")),
                        coresPerNode > 0);
                }
            }
        }
    }

    void logsAreSummarizedInPasses()
    {
        // Logs that name their nodes, measured in passes over the table too: with no job
        // marked as sharing one, to the bit as on the jobs read at once. Real Slurm output of
        // the project's cluster, and the real hpc2n log's times and sizes given nodes one job
        // at a time (as a scheduler of whole nodes would). wagap-2013's jobs share nodes: the
        // marked ones are read again by start, and the numbers are the same but for the last
        // bits of the utilizations (summed in another order).
        QTemporaryDir dir;
        const auto check = [&](Store& store, const std::string& name, std::int64_t listedAtLeast, bool sharing) {
            const MachineRecord machine = *store.machine(name);
            QCOMPARE(machine.jobsSharingNodes > 0, sharing);
            const int machineNodes = parseMachineSpec(machine.spec)->usableNodeCount();
            for (const int cpusPerNode : {1, 2}) {
                std::vector<int> cores;
                const LoggedSchedule schedule = loadLoggedSchedule(store, machine.id, cpusPerNode, &cores);
                const RunRecord inMemory = loggedRun(machine, machineNodes, schedule.jobs, schedule.nodeCounts,
                                                     cpusPerNode, cores, store.nodeResources(machine.id));
                const RunRecord inPasses = loggedRun(store, machine, cpusPerNode, LoggedReading::InPasses);
                if (sharing)
                    compareSummaries(inPasses.summary, inMemory.summary);
                else
                    QCOMPARE(inPasses.summary, inMemory.summary);
                QCOMPARE(inPasses.parameters, inMemory.parameters);
                QCOMPARE(inPasses.placements, inMemory.placements);
                QVERIFY(inPasses.placements >= listedAtLeast);
                QCOMPARE(QString::fromStdString(inPasses.summary).contains(QStringLiteral("\"jobs_sharing_nodes\": 0")),
                         !sharing);
            }
        };
        {
            Store store = Store::openOrCreate(dir.filePath(QStringLiteral("slurm.sqlite")).toStdString());
            ImportRequest request;
            request.files = {QFINDTESTDATA("data/slurm/sacct-steps.txt").toStdString()};
            request.topology = QFINDTESTDATA("data/slurm/topology.conf").toStdString();
            request.machine = "localhost";
            const ImportResult result = importJobLogs(store, request);
            QVERIFY2(result.committed, result.failure.c_str());
            check(store, "localhost", 7, false);
        }
        {
            // hpc2n's jobs by start, each given the lowest-numbered nodes free from its start
            // (skipped where too few are), written as sacct writes them.
            Store source = Store::openOrCreate(dir.filePath(QStringLiteral("hpc2n.sqlite")).toStdString());
            ImportRequest request;
            request.files = {QFINDTESTDATA("data/traces/hpc2n.swf").toStdString()};
            request.topology = "torus extents=8x15";
            request.machine = "seth";
            QVERIFY(importJobLogs(source, request).committed);
            const LoggedSchedule schedule = loadLoggedSchedule(source, source.machine("seth")->id, 2);
            std::vector<size_t> order(schedule.jobs.size());
            std::iota(order.begin(), order.end(), size_t(0));
            std::stable_sort(order.begin(), order.end(),
                             [&](size_t a, size_t b) { return schedule.jobs[a].start < schedule.jobs[b].start; });
            const auto utc = [](std::int64_t seconds) {
                return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC).toString(Qt::ISODate).chopped(1);
            };
            QString sacct = QStringLiteral("JobID|User|State|Submit|Start|End|NNodes|AllocCPUS|NodeList\n");
            std::vector<std::int64_t> freeFrom(120, std::numeric_limits<std::int64_t>::min());
            int written = 0;
            for (const size_t i : order) {
                const Job& job = schedule.jobs[i];
                std::vector<int> nodes;
                for (int node = 0; node < 120 && static_cast<int>(nodes.size()) < schedule.nodeCounts[i]; ++node)
                    if (freeFrom[static_cast<size_t>(node)] <= job.start)
                        nodes.push_back(node);
                if (job.end <= job.start || static_cast<int>(nodes.size()) < schedule.nodeCounts[i])
                    continue;
                QStringList names;
                for (const int node : nodes) {
                    freeFrom[static_cast<size_t>(node)] = job.end;
                    names << QStringLiteral("n%1").arg(node + 1, 3, 10, QLatin1Char('0'));
                }
                sacct += QStringLiteral("%1|u%2|COMPLETED|%3|%4|%5|%6|%7|%8\n")
                             .arg(QString::fromStdString(job.id), QString::number(written % 7), utc(job.submit),
                                  utc(job.start), utc(job.end), QString::number(nodes.size()),
                                  QString::number(2 * nodes.size()), names.join(QLatin1Char(',')));
                ++written;
            }
            QVERIFY(written > 3000);
            QFile log(dir.filePath(QStringLiteral("hpc2n-nodes.sacct")));
            QVERIFY(log.open(QIODevice::WriteOnly));
            log.write(sacct.toUtf8());
            log.close();
            QFile topology(dir.filePath(QStringLiteral("topology.conf")));
            QVERIFY(topology.open(QIODevice::WriteOnly));
            topology.write("SwitchName=root Switches=s[1-8]\n");
            for (int leaf = 0; leaf < 8; ++leaf)
                topology.write(QStringLiteral("SwitchName=s%1 Nodes=n[%2-%3]\n")
                                   .arg(leaf + 1)
                                   .arg(leaf * 15 + 1, 3, 10, QLatin1Char('0'))
                                   .arg(leaf * 15 + 15, 3, 10, QLatin1Char('0'))
                                   .toUtf8());
            topology.close();
            Store store = Store::openOrCreate(dir.filePath(QStringLiteral("listed.sqlite")).toStdString());
            ImportRequest listed;
            listed.files = {log.fileName().toStdString()};
            listed.topology = topology.fileName().toStdString();
            listed.machine = "seth";
            listed.coresPerNode = 2;
            const ImportResult result = importJobLogs(store, listed);
            QVERIFY2(result.committed, result.failure.c_str());
            check(store, "seth", written, false);
        }
        {
            Store store = Store::openOrCreate(dir.filePath(QStringLiteral("wagap.sqlite")).toStdString());
            ImportRequest request;
            request.files = {QFINDTESTDATA("data/traces/wagap-2013.swf").toStdString()};
            request.topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf").toStdString();
            request.aleaMachines = QFINDTESTDATA("data/traces/wagap-2013.swf.machines").toStdString();
            request.machine = "wagap";
            QVERIFY(importJobLogs(store, request).committed);
            check(store, "wagap", 17000, true);
        }
    }

    void largeMachineReadsAsSqlOrdersIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::string machineIs = " machine_id = ";
        // Two blocks of "large" around the jobs of "other": the id range of "large" holds
        // another machine's rows, and is wide enough to be read in two halves.
        const std::int64_t large = store.addMachine("large", "torus extents=4x4x4", shuffledJobs(70000, "a"));
        const std::int64_t other = store.addMachine("other", "torus extents=4x4x4", shuffledJobs(20000, "o"));
        rawExecute(
            path,
            (std::string("INSERT INTO jobs (machine_id, job_ref, user, submit, start, end, nodes, node_count, origin, "
                         "start_known) SELECT machine_id, 'b' || substr(job_ref, 2), user, submit + 17, start + 17, "
                         "end + 17, nodes, node_count, origin, start_known FROM jobs WHERE")
             + machineIs + std::to_string(large))
                .c_str());
        // A log stored in submission order, read in two halves that need no sort.
        std::vector<Job> listedInOrder = shuffledJobs(110000, "s");
        std::stable_sort(listedInOrder.begin(), listedInOrder.end(),
                         [](const Job& a, const Job& b) { return a.submit < b.submit; });
        const std::int64_t inOrder = store.addMachine("in order", "torus extents=4x4x4", listedInOrder);
        // What a log gives beside the nodes, on some rows: counts, cores, GPUs, labels.
        rawExecute(path,
                   "UPDATE jobs SET requested_nodes = 1 + id % 3, allocated_cpus = 4 * (1 + id % 3), "
                   "requested_cpus = 4 * (1 + id % 3), gpus = CASE WHEN id % 7 = 0 THEN 2 END, "
                   "name = CASE WHEN id % 3 = 0 THEN 'n' || (id % 101) END, state = 's' || (id % 4), "
                   "shares_nodes = (id % 13 = 0) WHERE id % 2 = 0");
        rawExecute(path, "UPDATE jobs SET node_cores = '3,5' WHERE node_count = 2 AND id % 9 = 0");
        rawExecute(path,
                   "UPDATE jobs SET start_known = 0 WHERE id % 1001 = 0 AND machine_id <> 3"); // an SWF wait of -1
        QVERIFY(
            rawInteger(path, ("SELECT max(id) - min(id) FROM jobs WHERE" + machineIs + std::to_string(large)).c_str())
            > 150000);

        const LoggedJobs reference = sqlReference(store, large, 4);
        QVERIFY(reference.jobs.size() > 139000);
        const LoggedJobs halves = readLoggedJobs(store, large, AllParts, 4);
        compareWithReference(halves, reference);
        {
            // Inside the caller's transaction, one connection reads everything.
            const SqliteReadSnapshot callersTransaction(store.database());
            compareWithReference(readLoggedJobs(store, large, AllParts, 4), reference);
        }
        compareWithReference(readLoggedJobs(store, other, AllParts, 4), sqlReference(store, other, 4));
        QCOMPARE(inOrder, std::int64_t(3));
        compareWithReference(readLoggedJobs(store, inOrder, AllParts, 4), sqlReference(store, inOrder, 4));
        QCOMPARE(store.jobs(large).size(), reference.jobs.size());
        QVERIFY(readLoggedJobs(store, 99, AllParts).jobs.empty()); // no such machine: no jobs

        // A damaged row in the upper half (a "b" job) is named, from the other connection's
        // thread.
        rawExecute(path,
                   ("UPDATE jobs SET nodes = x'ff' WHERE id = (SELECT max(id) FROM jobs WHERE" + machineIs
                    + std::to_string(large) + " AND start_known = 1)")
                       .c_str());
        QString error;
        try {
            readLoggedJobs(store, large, LoggedJobList);
        } catch (const StoreError& failure) {
            error = QString::fromUtf8(failure.what());
        }
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral(": job b")), qPrintable(error));

        // A machine whose few jobs lie far apart, around 210,000 of other machines' (imports
        // of several machines taking turns): one slot per job of its own, not per id between.
        const std::int64_t sparse = store.addMachine("sparse", "torus extents=4x4x4", shuffledJobs(3, "p"));
        const std::string copied
            = "INSERT INTO jobs (machine_id, job_ref, user, submit, start, end, nodes, node_count, "
              "origin, start_known) SELECT machine_id, job_ref || ";
        rawExecute(path,
                   (copied
                    + "'c', user, submit, start, end, nodes, node_count, origin, start_known FROM jobs "
                      "WHERE machine_id <> "
                    + std::to_string(sparse) + " LIMIT 210000")
                       .c_str());
        rawExecute(path,
                   (copied
                    + "'-late', user, submit - 5, start - 5, end, nodes, node_count, origin, start_known "
                      "FROM jobs WHERE"
                    + machineIs + std::to_string(sparse))
                       .c_str());
        QVERIFY(
            rawInteger(path, ("SELECT max(id) - min(id) FROM jobs WHERE" + machineIs + std::to_string(sparse)).c_str())
            > 200000);
        const LoggedJobs sparseJobs = readLoggedJobs(store, sparse, AllParts, 4);
        QCOMPARE(sparseJobs.jobs.size(), size_t(6));
        QVERIFY(sparseJobs.jobs.capacity() < 100); // not a slot per id of the range
        compareWithReference(sparseJobs, sqlReference(store, sparse, 4));
    }
};

QTEST_GUILESS_MAIN(TestLoggedJobs)
#include "tst_loggedjobs.moc"
