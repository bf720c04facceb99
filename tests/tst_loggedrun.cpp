// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartDataLoader.h"
#include "core/LoggedRun.h"
#include "core/MachineSpec.h"
#include "core/SystemMetrics.h"
#include "importers/JobImport.h"
#include "services/LoggedRun.h"
#include "store/LoggedRun.h"
#include "store/Store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

using namespace placement;

namespace {

/// One job of an SWF trace as its fields give it (docs/formats/swf.md), read here without
/// the project's parser.
struct TraceJob
{
    std::int64_t submit = 0, wait = -1, runTime = -1;
    std::int64_t allocatedProcessors = -1, requestedProcessors = -1;
    int status = 0;
};

std::vector<TraceJob> readTrace(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        qFatal("cannot read %s", qPrintable(path));
    std::vector<TraceJob> jobs;
    QTextStream in(&file);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char(';')))
            continue;
        const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        // Fields 2, 3, 4, 5, 8 and 11: submit, wait, run time, processors allocated and
        // requested, status.
        jobs.push_back({f[1].toLongLong(), f[2].toLongLong(), f[3].toLongLong(), f[4].toLongLong(), f[7].toLongLong(),
                        f[10].toInt()});
    }
    return jobs;
}

/// `path` with the wait (field 3) of every `every`-th job set to -1: a log that does not give
/// those jobs' starts.
QString withUnknownWaits(const QString& path, int every, const QString& out)
{
    QFile in(path);
    QFile file(out);
    if (!in.open(QIODevice::ReadOnly | QIODevice::Text) || !file.open(QIODevice::WriteOnly | QIODevice::Text))
        qFatal("cannot copy %s", qPrintable(path));
    QTextStream reader(&in);
    QTextStream writer(&file);
    int job = 0;
    while (!reader.atEnd()) {
        const QString line = reader.readLine();
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char(';'))) {
            writer << line << '\n';
            continue;
        }
        QStringList fields = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (++job % every == 0)
            fields[2] = QStringLiteral("-1");
        writer << fields.join(QLatin1Char(' ')) << '\n';
    }
    return out;
}

/// The numbers expected of the logged run, computed from the trace's fields alone.
struct Expected
{
    int jobs = 0, withoutStart = 0;
    double makespan = 0, utilizationOverMakespan = 0, steadyUtilization = 0;
    double meanWait = 0, medianWait = 0, meanBoundedSlowdown = 0;
    std::vector<int> binJobs;
    std::vector<double> binMeanWait;
};

Expected expectedOf(const std::vector<TraceJob>& trace, int cpusPerNode, int machineNodes,
                    const std::vector<int>& binStarts)
{
    struct Ran
    {
        double submit, start, end, nodes;
    };
    std::vector<Ran> ran;
    Expected expected;
    for (const TraceJob& job : trace) {
        // A job ran when its run time is known, except a cancelled one (status 5) that
        // waited -1 and ran 0 (docs/formats/swf.md).
        if (job.runTime < 0 || (job.status == 5 && job.wait < 0 && job.runTime == 0))
            continue;
        if (job.wait < 0) {
            ++expected.withoutStart;
            continue;
        }
        const std::int64_t processors = job.requestedProcessors > 0 ? job.requestedProcessors : job.allocatedProcessors;
        const double nodes = std::ceil(static_cast<double>(processors) / cpusPerNode);
        const double start = static_cast<double>(job.submit + job.wait);
        ran.push_back({static_cast<double>(job.submit), start, start + static_cast<double>(job.runTime), nodes});
    }
    expected.jobs = static_cast<int>(ran.size());
    double firstSubmit = std::numeric_limits<double>::max(), lastEnd = 0;
    double firstWaiting = std::numeric_limits<double>::max(), lastWaitingStart = 0;
    std::vector<double> waits;
    double slowdownSum = 0;
    expected.binJobs.assign(binStarts.size(), 0);
    expected.binMeanWait.assign(binStarts.size(), 0.0);
    for (const Ran& job : ran) {
        firstSubmit = std::min(firstSubmit, job.submit);
        lastEnd = std::max(lastEnd, job.end);
        const double wait = job.start - job.submit;
        const double runTime = job.end - job.start;
        waits.push_back(wait);
        slowdownSum += std::max(1.0, (wait + runTime) / std::max(runTime, 10.0)); // 10 s bound
        if (wait > 0) {
            firstWaiting = std::min(firstWaiting, job.submit);
            lastWaitingStart = std::max(lastWaitingStart, job.start);
        }
        size_t bin = binStarts.size() - 1;
        while (job.nodes < binStarts[bin])
            --bin;
        ++expected.binJobs[bin];
        expected.binMeanWait[bin] += wait;
    }
    for (size_t bin = 0; bin < binStarts.size(); ++bin)
        if (expected.binJobs[bin] > 0)
            expected.binMeanWait[bin] /= expected.binJobs[bin];
    expected.makespan = lastEnd - firstSubmit;
    double meanSum = 0;
    for (double wait : waits)
        meanSum += wait;
    expected.meanWait = meanSum / static_cast<double>(waits.size());
    std::sort(waits.begin(), waits.end());
    expected.medianWait = waits[(waits.size() - 1) / 2]; // the lower median
    expected.meanBoundedSlowdown = slowdownSum / static_cast<double>(ran.size());
    const auto utilization = [&](double from, double to) {
        double nodeSeconds = 0;
        for (const Ran& job : ran)
            nodeSeconds += job.nodes * std::max(0.0, std::min(job.end, to) - std::max(job.start, from));
        return nodeSeconds / (machineNodes * (to - from));
    };
    expected.utilizationOverMakespan = utilization(firstSubmit, lastEnd);
    // The steady state: from the first submission of a job that waited to the last start
    // of one (docs/simulation.md).
    expected.steadyUtilization = utilization(firstWaiting, lastWaitingStart);
    return expected;
}

} // namespace

class TestLoggedRun : public QObject
{
    Q_OBJECT
private slots:
    /// Jobs that hold a node together (logs of machines that give nodes to several jobs,
    /// wagap-2013.swf) count each busy node once: utilization is the share of the machine's
    /// nodes busy, never above 1.
    void utilizationCountsASharedNodeOnce()
    {
        const auto job = [](std::int64_t submit, std::int64_t start, std::int64_t end, std::vector<int> nodes) {
            Job j;
            j.submit = submit;
            j.start = start;
            j.end = end;
            j.nodes = std::move(nodes);
            return j;
        };
        // Two nodes. Node 0: A [0, 100) and B [50, 150) at once, C [200, 300) after a gap;
        // node 1: D [0, 300). B and C waited: the steady state is [0, 200).
        const std::vector<Job> jobs{job(0, 0, 100, {0}), job(0, 50, 150, {0}), job(100, 200, 300, {0}),
                                    job(0, 0, 300, {1})};
        const LoggedRunSummary summary = summarizeLoggedRun(2, jobs, {1, 1, 1, 1});
        // Node 0 busy [0, 150) and [200, 300): 250 s; node 1: 300 s; of 2 x 300.
        QCOMPARE(summary.metrics.makespanUtilization, 550.0 / 600.0);
        // Over [0, 200): node 0 150 s, node 1 200 s, of 2 x 200.
        QVERIFY(summary.metrics.steadyStateFound);
        QCOMPARE(summary.metrics.steadyFrom, std::int64_t(0));
        QCOMPARE(summary.metrics.steadyTo, std::int64_t(200));
        QCOMPARE(summary.metrics.steadyUtilization, 350.0 / 400.0);
        QCOMPARE(summary.jobsSharingNodes, std::int64_t(2));
        // Where every job names its nodes, no counts are needed (the explorer keeps none).
        const LoggedRunSummary listed = summarizeLoggedRun(2, jobs, {});
        QCOMPARE(listed.metrics.makespanUtilization, summary.metrics.makespanUtilization);
        QCOMPARE(listed.metrics.steadyUtilization, summary.metrics.steadyUtilization);
        QCOMPARE(listed.jobsSharingNodes, summary.jobsSharingNodes);
        QCOMPARE(listed.jobsWithNodeLists, std::int64_t(4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, summarizeLoggedRun(2, jobs, {1, 1, 1}));

        // The real log: never above 1.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("wagap.sqlite")).toStdString();
        {
            Store store = Store::openOrCreate(path);
            ImportRequest request;
            request.files = {QFINDTESTDATA("data/traces/wagap-2013.swf").toStdString()};
            request.machine = "wagap";
            request.topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf").toStdString();
            const ImportResult result = importJobLogs(store, request);
            QVERIFY2(result.committed, result.failure.c_str());
        }
        Store store = Store::openExisting(path);
        const RunRecord logged = loggedRun(store, *store.machine("wagap"));
        const QJsonObject wagap = QJsonDocument::fromJson(QByteArray::fromStdString(logged.summary)).object();
        QVERIFY(wagap.value(QStringLiteral("jobs_sharing_nodes")).toInt() > 0);
        for (const char* key : {"utilization", "utilization_over_makespan"}) {
            const double value = wagap.value(QLatin1String(key)).toDouble();
            QVERIFY2(value > 0 && value <= 1, qPrintable(QStringLiteral("%1 %2").arg(key).arg(value)));
        }
    }

    void metricsOfATraceWithoutNodeListsFollowItsFields_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("topology");
        QTest::addColumn<int>("cpusPerNode");
        QTest::addColumn<int>("unknownWaitEvery"); ///< 0: as published
        const QString fatTree = QStringLiteral("fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8");
        // hpc2n: 120 nodes of 2 processors, sized in processors; no host lists.
        QTest::newRow("hpc2n") << QFINDTESTDATA("data/traces/hpc2n.swf") << fatTree << 2 << 0;
        QTest::newRow("hpc2n, some starts unknown") << QFINDTESTDATA("data/traces/hpc2n.swf") << fatTree << 2 << 7;
        // theta_2022: sized in nodes (tests/data/traces/README.md §3); no host lists.
        QTest::newRow("theta_2022") << QFINDTESTDATA("data/traces/theta_2022.swf") << QStringLiteral("titan") << 1 << 0;
    }
    void metricsOfATraceWithoutNodeListsFollowItsFields()
    {
        QFETCH(QString, trace);
        QFETCH(QString, topology);
        QFETCH(int, cpusPerNode);
        QFETCH(int, unknownWaitEvery);
        QTemporaryDir dir;
        if (unknownWaitEvery > 0)
            trace = withUnknownWaits(trace, unknownWaitEvery, dir.filePath(QStringLiteral("trace.swf")));
        const std::string path = dir.filePath(QStringLiteral("logged.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        ImportRequest request;
        request.files = {trace.toStdString()};
        request.machine = "m";
        request.topology = topology.toStdString();
        const ImportResult imported = importJobLogs(store, request);
        QVERIFY2(imported.committed, imported.failure.c_str());
        const MachineRecord machine = *store.machine("m");
        const int machineNodes = parseMachineSpec(machine.spec)->nodeCount();
        const std::vector<int> bins = defaultSizeBins();
        const Expected expected = expectedOf(readTrace(trace), cpusPerNode, machineNodes, bins);
        QVERIFY(expected.jobs > 1000);
        QCOMPARE(expected.withoutStart > 0, unknownWaitEvery > 0);

        const RunRecord logged = loggedRun(store, machine, cpusPerNode);
        QCOMPARE(logged.id, std::int64_t(0));
        QCOMPARE(logged.name, std::string("logged"));
        const QJsonObject summary = QJsonDocument::fromJson(QByteArray::fromStdString(logged.summary)).object();
        const auto number = [&](const char* key) { return summary.value(QLatin1String(key)).toDouble(); };
        QCOMPARE(summary.value(QStringLiteral("jobs")).toInt(), expected.jobs);
        QCOMPARE(summary.value(QStringLiteral("jobs_without_start")).toInt(), expected.withoutStart);
        QCOMPARE(summary.value(QStringLiteral("jobs_with_node_lists")).toInt(), 0);
        QCOMPARE(summary.value(QStringLiteral("machine_nodes")).toInt(), machineNodes);
        QCOMPARE(number("makespan"), expected.makespan);
        QCOMPARE(number("utilization_over_makespan"), expected.utilizationOverMakespan);
        QCOMPARE(number("utilization"), expected.steadyUtilization);
        QCOMPARE(number("mean_wait"), expected.meanWait);
        QCOMPARE(number("median_wait"), expected.medianWait);
        QCOMPARE(number("mean_bounded_slowdown"), expected.meanBoundedSlowdown);
        const QJsonArray bySize = summary.value(QStringLiteral("by_size")).toArray();
        QCOMPARE(bySize.size(), static_cast<qsizetype>(bins.size()));
        for (size_t bin = 0; bin < bins.size(); ++bin) {
            const QJsonObject row = bySize[static_cast<qsizetype>(bin)].toObject();
            QCOMPARE(row.value(QStringLiteral("min_nodes")).toInt(), bins[bin]);
            QCOMPARE(row.value(QStringLiteral("jobs")).toInt(), expected.binJobs[bin]);
            QCOMPARE(row.value(QStringLiteral("mean_wait")).toDouble(), expected.binMeanWait[bin]);
        }
        const QJsonObject parameters = QJsonDocument::fromJson(QByteArray::fromStdString(logged.parameters)).object();
        QCOMPARE(parameters.value(QStringLiteral("policy")).toString(), QStringLiteral("logged"));
        QCOMPARE(parameters.value(QStringLiteral("cpus_per_node")).toInt(), cpusPerNode);

        // The charts draw the same logged run: its waits by size, and a utilization per minute.
        // They read processors the way the latest stored run did.
        saveRun(store, machine.id, "sized", "{\"cpus_per_node\": " + std::to_string(cpusPerNode) + "}", "{}", {});
        {
            const RunChartData chart = loadRunChartData(path, machine, 0);
            QCOMPARE(chart.jobsWithoutNodes, expected.jobs);
            QCOMPARE(chart.jobsWithoutSize, 0);
            QCOMPARE(chart.jobsByBin.back(), expected.jobs);
            for (size_t bin = 0; bin < bins.size(); ++bin) {
                QCOMPARE(chart.jobsByBin[bin], expected.binJobs[bin]);
                QCOMPARE(chart.meanWaitByBin[bin], expected.binMeanWait[bin]);
            }
            QCOMPARE(chart.meanWaitByBin.back(), expected.meanWait);
            QVERIFY(chart.minutes > 0);
            QVERIFY(chart.utilization.count > 0 && chart.utilization.max > 0);
        }
    }

    void processorsPerNodeFollowTheLatestRun()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("cpus.sqlite")).toStdString());
        const std::int64_t machine = store.addMachine("m", "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2");
        QCOMPARE(loggedCpusPerNode(store, machine), 1);
        saveRun(store, machine, "a", R"({"cpus_per_node": 4})", "{}", {});
        saveRun(store, machine, "b", R"({"cpus_per_node": 2})", "{}", {});
        QCOMPARE(loggedCpusPerNode(store, machine), 2);
    }
};

QTEST_GUILESS_MAIN(TestLoggedRun)
#include "tst_loggedrun.moc"
