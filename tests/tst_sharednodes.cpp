// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A log whose jobs share nodes (wagap-2013.swf: one job per CPU, so a node runs several jobs at
// once; tests/data/traces/README.md §2), imported onto its 44 hosts
// (tests/data/traces/wagap-2013.topology.conf). What the explorer and the command line say is
// checked against counts taken straight from the SWF file's fields (docs/importing.md, "Jobs
// that share nodes").

#include "app/InspectorDock.h"
#include "app/JobFilterModel.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "app/TimelineDock.h"
#include "core/CoreHoldings.h"
#include "core/CoreSimulation.h"
#include "core/MachineSpec.h"
#include "core/RunChartData.h"
#include "core/RunRecord.h"
#include "core/Timeline.h"
#include "importers/JobImport.h"
#include "services/CoreRun.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/UtilizationChart.h"

#include <QApplication>
#include <QAreaSeries>
#include <QCheckBox>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QProcess>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <tuple>

using namespace placement;
using namespace placement::test;

namespace {

/// One job line of the SWF file as its fields give it.
struct LoggedRun
{
    QString id;
    std::int64_t start = 0;
    std::int64_t end = 0;
    QStringList hosts; ///< field 19, one entry per CPU
};

/// The fields of every job line of an SWF file (comments and blank lines skipped).
std::vector<QStringList> swfJobLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    std::vector<QStringList> lines;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (!line.isEmpty() && !line.startsWith(QLatin1Char(';')))
            lines.push_back(line.split(QRegularExpression(QStringLiteral("\\s+"))));
    }
    return lines;
}

/// The jobs of the file, read field by field: start = submit (field 2, absolute here) + wait
/// (field 3), end = start + run time (field 4); lines with a negative run time are malformed
/// (README §2) and left out, as the importer rejects them.
std::vector<LoggedRun> readRuns(const QString& path)
{
    std::vector<LoggedRun> runs;
    for (const QStringList& fields : swfJobLines(path)) {
        const qint64 run = fields[3].toLongLong();
        if (run < 0)
            continue;
        LoggedRun logged;
        logged.id = fields[0];
        logged.start = fields[1].toLongLong() + fields[2].toLongLong();
        logged.end = logged.start + run;
        QString hosts = fields[18];
        logged.hosts = hosts.remove(QLatin1Char('{')).remove(QLatin1Char('}')).split(QLatin1Char(','));
        runs.push_back(logged);
    }
    return runs;
}

/// CPUs the jobs running at `time` hold: in all, and per host (field 19 names a host once
/// per CPU held there).
std::pair<std::int64_t, std::map<QString, int>> cpusHeld(const std::vector<LoggedRun>& runs, std::int64_t time)
{
    std::int64_t all = 0;
    std::map<QString, int> perHost;
    for (const LoggedRun& run : runs)
        if (run.start <= time && time < run.end) {
            all += run.hosts.size();
            for (const QString& host : run.hosts)
                ++perHost[host];
        }
    return {all, perHost};
}

/// Jobs running at `time` and the distinct hosts they hold.
std::pair<int, int> runningAndBusy(const std::vector<LoggedRun>& runs, std::int64_t time)
{
    int running = 0;
    std::set<QString> hosts;
    for (const LoggedRun& run : runs)
        if (run.start <= time && time < run.end) {
            ++running;
            hosts.insert(run.hosts.begin(), run.hosts.end());
        }
    return {running, static_cast<int>(hosts.size())};
}

/// Jobs that hold a host another job holds at some same instant: every pair, per host.
int jobsSharingHosts(const std::vector<LoggedRun>& runs)
{
    std::map<QString, std::vector<size_t>> byHost;
    for (size_t i = 0; i < runs.size(); ++i)
        if (runs[i].end > runs[i].start)
            for (const QString& host : std::set<QString>(runs[i].hosts.begin(), runs[i].hosts.end()))
                byHost[host].push_back(i);
    std::vector<char> sharing(runs.size(), 0);
    for (const auto& [host, jobs] : byHost)
        for (size_t a = 0; a < jobs.size(); ++a)
            for (size_t b = a + 1; b < jobs.size(); ++b) {
                const LoggedRun& x = runs[jobs[a]];
                const LoggedRun& y = runs[jobs[b]];
                if (x.start < y.end && y.start < x.end)
                    sharing[jobs[a]] = sharing[jobs[b]] = 1;
            }
    return static_cast<int>(std::count(sharing.begin(), sharing.end(), 1));
}

} // namespace

class TestSharedNodes : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_sharednodes"));
        m_trace = QFINDTESTDATA("data/traces/wagap-2013.swf");
        m_topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf");
        QVERIFY(!m_trace.isEmpty() && !m_topology.isEmpty());
        m_runs = readRuns(m_trace);
        QCOMPARE(m_runs.size(), size_t(17898));
        m_database = m_dir.filePath(QStringLiteral("wagap.sqlite"));
        QProcess import;
        // With the CPUs per host of the log's Alea .machines file (docs/importing.md, "Cores and
        // GPUs"): 18 hosts of 80, 26 of 12, 1,752 in all.
        import.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                     {QStringLiteral("import"), QStringLiteral("--db"), m_database, QStringLiteral("--topology"),
                      m_topology, QStringLiteral("--alea-machines"),
                      QFINDTESTDATA("data/traces/wagap-2013.swf.machines"), QStringLiteral("--machine"),
                      QStringLiteral("wagap"), m_trace});
        QVERIFY(import.waitForFinished(60000));
        m_importReport = QString::fromUtf8(import.readAllStandardOutput());
        QVERIFY2(import.exitCode() == 0, qPrintable(m_importReport + import.readAllStandardError()));

        // Moments across the log: the start of every 1,500th job in start order, and the
        // instant most jobs run at among them.
        std::vector<std::int64_t> starts;
        for (const LoggedRun& run : m_runs)
            starts.push_back(run.start);
        std::sort(starts.begin(), starts.end());
        for (size_t i = 750; i < starts.size(); i += 1500)
            m_moments.push_back(starts[i]);
    }

    void importCountsTheJobsThatShareNodes()
    {
        const int sharing = jobsSharingHosts(m_runs);
        QVERIFY(sharing > 10000); // most of the log: one job per CPU on 12- and 80-CPU nodes
        QVERIFY2(m_importReport.contains(QStringLiteral("%1 jobs share nodes with concurrent jobs").arg(sharing)),
                 qPrintable(m_importReport));

        QProcess info;
        info.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"), {QStringLiteral("info"), m_database});
        QVERIFY(info.waitForFinished(60000));
        const QString text = QString::fromUtf8(info.readAllStandardOutput());
        QVERIFY2(text.contains(QStringLiteral("%1 jobs share nodes with concurrent jobs").arg(sharing)),
                 qPrintable(text));
        // The busiest moment, counted from the fields, and never above 100 %.
        const QRegularExpressionMatch busiest
            = QRegularExpression(QStringLiteral("busiest at (\\S+ \\S+) UTC: (\\d+) jobs running, (\\d+) of 44 nodes "
                                                "busy \\(([\\d.]+)%\\)"))
                  .match(text);
        QVERIFY2(busiest.hasMatch(), qPrintable(text));
        QDateTime utc = QDateTime::fromString(busiest.captured(1), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        utc.setTimeZone(QTimeZone::utc());
        const std::int64_t time = utc.toSecsSinceEpoch();
        const auto [running, busy] = runningAndBusy(m_runs, time);
        QCOMPARE(busiest.captured(2).toInt(), running);
        QCOMPARE(busiest.captured(3).toInt(), busy);
        QVERIFY(busiest.captured(4).toDouble() <= 100.0);
    }

    void explorerCountsEveryRunningJobAndEachBusyNodeOnce()
    {
        MainWindow window;
        QVERIFY2(window.openDatabase(m_database), qPrintable(window.lastError()));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const MachineData* machine = window.currentMachine();
        QVERIFY(machine);
        QCOMPARE(machine->topology->nodeCount(), 44);
        auto* jobs = qobject_cast<JobsDock*>(window.jobsDock());
        QVERIFY(jobs);
        QVERIFY(jobs->filter()->isRunningOnly());
        QLabel* status = nullptr;
        for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral(" running")))
                status = label;
        QVERIFY(status);
        const QRegularExpression counts(
            QStringLiteral("· (\\d+) jobs? running · (\\d+) of 44 nodes busy \\(([\\d.]+)%\\)"));
        const StepSeries busySeries = busyNodesOverTime(machine->jobs);
        const QRegularExpression cores(QStringLiteral("· (\\d+) of 1752 cores held \\(([\\d.]+)%\\)"));
        const StepSeries coreSeries = coresHeldOverTime(machine->jobs, machine->jobHoldings);
        auto* model = qobject_cast<JobTableModel*>(jobs->filter()->sourceModel());
        QVERIFY(model);
        QVERIFY(model->columnApplies(JobTableModel::CoresColumn));
        QVERIFY(!model->columnApplies(JobTableModel::GpusColumn)); // wagap's log names no GPUs
        auto* inspector = window.inspectorDock();
        QVERIFY(inspector);
        int colocatedChecked = 0;

        int sharedMoments = 0;
        for (const std::int64_t time : m_moments) {
            window.setCurrentTime(time);
            QCOMPARE(window.currentTime(), time);
            const auto [running, busy] = runningAndBusy(m_runs, time);
            const QRegularExpressionMatch match = counts.match(status->text());
            QVERIFY2(match.hasMatch(), qPrintable(status->text()));
            QCOMPARE(match.captured(1).toInt(), running); // every running job, as the log says
            QCOMPARE(jobs->filter()->rowCount(), running); // the job table's count
            QCOMPARE(match.captured(2).toInt(), busy); // each busy node once
            QVERIFY(match.captured(3).toDouble() <= 100.0);
            QCOMPARE(busySeries.valueAt(time), busy);
            QCOMPARE(machine->busyNodes->valueAt(time), busy); // merged from the import's marks
            sharedMoments += running > busy ? 1 : 0;

            // Cores: the status bar, the job table's Cores column over the running jobs and
            // the timeline's cores curve, all as the log's host lists count them.
            const auto [cpus, cpusPerHost] = cpusHeld(m_runs, time);
            const QRegularExpressionMatch held = cores.match(status->text());
            QVERIFY2(held.hasMatch(), qPrintable(status->text()));
            QCOMPARE(held.captured(1).toLongLong(), cpus);
            QVERIFY(held.captured(2).toDouble() <= 100.0);
            QCOMPARE(held.captured(2), QString::number(100.0 * double(cpus) / 1752, 'f', 1));
            std::int64_t tableCores = 0;
            for (int row = 0; row < jobs->filter()->rowCount(); ++row)
                tableCores += jobs->filter()
                                  ->index(row, JobTableModel::CoresColumn)
                                  .data(JobTableModel::SortRole)
                                  .toLongLong();
            QCOMPARE(tableCores, cpus);
            QCOMPARE(std::int64_t(coreSeries.valueAt(time)), cpus);

            // Each busy node's tooltip names every job holding it.
            std::map<QString, QStringList> holders;
            for (const LoggedRun& run : m_runs)
                if (run.start <= time && time < run.end)
                    for (const QString& host : std::set<QString>(run.hosts.begin(), run.hosts.end()))
                        holders[host] << run.id;
            for (int node = 0; node < machine->topology->nodeCount(); ++node) {
                const QString tip = window.nodeToolTip(node);
                const QStringList& ids = holders[QString::fromStdString(machine->nodeName(node))];
                for (const QString& id : ids)
                    QVERIFY2(tip.contains(QStringLiteral("Job %1 ").arg(id)), qPrintable(tip));
                if (ids.size() > 1)
                    QVERIFY2(tip.contains(QStringLiteral("Shared by %1 jobs").arg(ids.size())), qPrintable(tip));
                // The node's cores: held (as the host list counts them) and free.
                const QString host = QString::fromStdString(machine->nodeName(node));
                const int nodeCores = machine->resources.cores[static_cast<size_t>(node)];
                const int onHost = cpusPerHost.count(host) ? cpusPerHost.at(host) : 0;
                QVERIFY(onHost <= nodeCores);
                if (!ids.isEmpty())
                    QVERIFY2(tip.contains(QStringLiteral("Cores: %1 of %2 held, %3 free")
                                              .arg(onHost)
                                              .arg(nodeCores)
                                              .arg(nodeCores - onHost)),
                             qPrintable(tip));
                // A job sharing the node: the inspector names the jobs it shares with.
                if (ids.size() > 1 && colocatedChecked < 3) {
                    QVERIFY(window.showJob(ids.front()));
                    // One list of labels: begin() and end() of two lists walk off the first.
                    const auto namesTheJobsItShares = [&] {
                        const QList<QLabel*> labels = inspector->findChildren<QLabel*>();
                        return std::any_of(labels.begin(), labels.end(), [&](QLabel* label) {
                            return label->text().contains(QStringLiteral("Shares")) && label->text().contains(ids[1])
                                && label->text().contains(QStringLiteral("Free on its nodes:"));
                        });
                    };
                    QTRY_VERIFY(namesTheJobsItShares());
                    ++colocatedChecked;
                }
            }
        }
        QVERIFY(sharedMoments > 0); // the moments do show sharing

        // Utilization never above 100 %: the timeline's chart and the per-minute chart data.
        const QList<QPointF> curve
            = window.timelineDock()->utilizationChart()->utilizationSeries()->upperSeries()->points();
        QVERIFY(!curve.isEmpty());
        for (const QPointF& point : curve)
            QVERIFY2(point.y() <= 100.0, qPrintable(QString::number(point.y())));
        QVERIFY(colocatedChecked > 0);
        // Utilization by cores never above 100 % either, and drawn.
        QLineSeries* coreCurve = window.timelineDock()->utilizationChart()->coresSeries();
        QTRY_VERIFY(coreCurve->isVisible()); // found on a worker thread
        QVERIFY(!coreCurve->points().isEmpty());
        for (const QPointF& point : coreCurve->points())
            QVERIFY2(point.y() <= 100.0, qPrintable(QString::number(point.y())));
        for (const int value : coreSeries.values())
            QVERIFY(value <= 1752);
        for (const int value : busySeries.values())
            QVERIFY(value <= 44);
        for (const float minute : utilizationPerMinute(44, machine->jobs))
            QVERIFY2(minute <= 1.0f + 1e-6f, qPrintable(QString::number(minute)));

        // The Gantt chart splits each host's row by cores: on a host two jobs share, the
        // parts of its row belong to different jobs, each running there then (or to none:
        // free cores).
        GanttChart* gantt = window.timelineDock()->gantt();
        gantt->resize(gantt->width(), 44 * 10 + 4);
        QTRY_VERIFY(gantt->drawsCores()); // the core slots come from a worker thread
        const std::int64_t time = m_moments[m_moments.size() / 2];
        std::map<int, std::set<int>> jobsOn;
        for (size_t index = 0; index < machine->jobs.size(); ++index)
            if (machine->jobs[index].runsAt(time))
                for (int node : machine->jobs[index].nodes)
                    jobsOn[node].insert(static_cast<int>(index));
        int sharedRows = 0;
        const QRectF area = gantt->barArea();
        const double rowHeight = area.height() / 44;
        for (const auto& [node, onNode] : jobsOn) {
            if (onNode.size() < 2)
                continue;
            std::set<int> drawn;
            for (double y = 0.5; y < rowHeight; y += 1.0) {
                const int job = gantt->jobAt({gantt->xOf(time), area.top() + node * rowHeight + y});
                if (job < 0)
                    continue; // free cores
                QVERIFY2(onNode.count(job), qPrintable(QStringLiteral("node %1: job %2").arg(node).arg(job)));
                drawn.insert(job);
            }
            QVERIFY(drawn.size() >= 2);
            ++sharedRows;
            // The outline of a job sharing the node surrounds its cores only. The bug: it
            // surrounded the whole row, the other jobs' cores with it.
            for (int job : drawn) {
                gantt->setHighlightedJob(job);
                const QList<QRectF> outline = gantt->highlightOutline();
                QVERIFY(!outline.isEmpty());
                int onThisRow = 0;
                for (const QRectF& rect : outline) {
                    if (rect.top() < area.top() + node * rowHeight - 1e-6
                        || rect.bottom() > area.top() + (node + 1) * rowHeight + 1e-6)
                        continue;
                    ++onThisRow;
                    QVERIFY2(
                        rect.height() < rowHeight - 1e-6,
                        qPrintable(QStringLiteral("node %1, job %2: the outline covers the row").arg(node).arg(job)));
                    QCOMPARE(gantt->jobAt({gantt->xOf(time), rect.center().y()}), job);
                }
                QVERIFY(onThisRow > 0);
            }
            gantt->setHighlightedJob(-1);
            QVERIFY(gantt->highlightOutline().isEmpty());
        }
        QVERIFY(sharedRows > 0);
    }

    /// `placement simulate --by-cores` replays the stored jobs with the CPUs each held (field
    /// 5 of the SWF), sharing nodes: the same run as the core replay of the jobs read straight
    /// from the file, for each policy; refused for a whole-node policy, or auction backfilling
    /// without AUCSCHED3. With --no-store, the database is left as it was.
    void replayByCoresUsesTheLoggedCpus()
    {
        std::vector<CoreJob> jobs;
        for (const QStringList& f : swfJobLines(m_trace)) {
            if (f[3].toLongLong() < 0)
                continue;
            CoreJob job;
            job.id = f[0].toStdString();
            job.submit = f[1].toLongLong();
            job.runTime = f[3].toLongLong();
            job.timeLimit = std::max<qint64>(0, f[8].toLongLong());
            job.request.cores = f[4].toInt() > 0 ? f[4].toInt() : f[7].toInt();
            QVERIFY(job.request.cores > 0);
            jobs.push_back(std::move(job));
        }
        std::stable_sort(jobs.begin(), jobs.end(),
                         [](const CoreJob& a, const CoreJob& b) { return a.submit < b.submit; });
        QCOMPARE(jobs.size(), m_runs.size());
        Store store = Store::openExisting(m_database.toStdString());
        const auto topology = parseMachineSpec(store.machine("wagap")->spec);
        const NodeResources described = store.nodeResources(store.machine("wagap")->id);
        const CoreMachine machine(*topology, described.cores, std::vector<int>(described.cores.size(), 0));
        QCOMPARE(machine.totalCores(), 1752);
        for (const char* policy : {"first-fit", "slurm-tree"}) {
            CoreFirstFitAllocator firstFit;
            CoreSlurmConsTresAllocator consTres;
            ResourceAllocator& allocator
                = std::string(policy) == "first-fit" ? static_cast<ResourceAllocator&>(firstFit) : consTres;
            const CoreRunSummary expected
                = summarizeCoreRun(machine, jobs, simulateCores(machine, jobs, allocator, {CoreBackfill::Easy, 50}));
            QProcess simulate;
            simulate.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                           {QStringLiteral("simulate"), QStringLiteral("--db"), m_database, QStringLiteral("--machine"),
                            QStringLiteral("wagap"), QStringLiteral("--policy"), QString::fromLatin1(policy),
                            QStringLiteral("--by-cores"), QStringLiteral("--no-store")});
            QVERIFY(simulate.waitForFinished(120000));
            const QByteArray err = simulate.readAllStandardError();
            QVERIFY2(simulate.exitCode() == 0, err.constData());
            const QJsonObject json = QJsonDocument::fromJson(simulate.readAllStandardOutput()).object();
            QCOMPARE(json.value(QStringLiteral("jobs_read")).toInt(), int(jobs.size()));
            QCOMPARE(json.value(QStringLiteral("jobs_placed")).toInt(), expected.jobs);
            QCOMPARE(json.value(QStringLiteral("machine_cores")).toInt(), 1752);
            QCOMPARE(json.value(QStringLiteral("utilization_cores")).toDouble(), expected.coreUtilization);
            QCOMPARE(json.value(QStringLiteral("utilization_nodes")).toDouble(), expected.nodeUtilization);
            QCOMPARE(json.value(QStringLiteral("jobs_sharing_nodes")).toInt(), expected.jobsSharingNodes);
            QCOMPARE(json.value(QStringLiteral("mean_wait")).toDouble(), expected.meanWait);
            QCOMPARE(json.value(QStringLiteral("jobs")).toInt(), expected.jobs); // the system metrics' count
            QCOMPARE(json.value(QStringLiteral("utilization_over_makespan")).toDouble(), expected.nodeUtilization);
            QCOMPARE(json.value(QStringLiteral("run_id")).toInt(), 0); // --no-store
            QVERIFY(expected.coreUtilization > 0.3 && expected.coreUtilization <= 1.0);
            QVERIFY(expected.jobsSharingNodes > 10000);
        }
        const QByteArray before = fileDigest(m_database);
        for (const QStringList& bad :
             {QStringList{QStringLiteral("--policy"), QStringLiteral("ta")},
              QStringList{QStringLiteral("--policy"), QStringLiteral("first-fit"), QStringLiteral("--no-store"),
                          QStringLiteral("--backfill"), QStringLiteral("auction")}}) {
            QProcess simulate;
            simulate.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                           QStringList{QStringLiteral("simulate"), QStringLiteral("--db"), m_database,
                                       QStringLiteral("--machine"), QStringLiteral("wagap"),
                                       QStringLiteral("--by-cores")}
                               + bad);
            QVERIFY(simulate.waitForFinished(60000));
            const QString err = QString::fromUtf8(simulate.readAllStandardError());
            QVERIFY2(simulate.exitCode() != 0, qPrintable(bad.join(QLatin1Char(' '))));
            QVERIFY2(err.contains(QLatin1String("does not place by cores")) || err.contains(QLatin1String("auction")),
                     qPrintable(err));
        }
        QCOMPARE(fileDigest(m_database), before);
    }

    /// A run by cores is stored with the cores each job held on each node (schema version 13):
    /// it reads back as the replay made it, every job holding the CPUs the SWF gives it and no
    /// node more cores than it has, and the explorer shows it by cores as it shows the log.
    void runByCoresIsStoredAndShownByCores()
    {
        // A copy: the runs stored here stay out of the other tests' database.
        const QString path = m_dir.filePath(QStringLiteral("wagap-runs.sqlite"));
        QVERIFY(QFile::copy(m_database, path));
        const std::vector<QStringList> lines = swfJobLines(m_trace);
        std::map<std::string, int> cpusOf; // field 5, else field 8
        for (const QStringList& f : lines)
            if (f[3].toLongLong() >= 0)
                cpusOf[f[0].toStdString()] = f[4].toInt() > 0 ? f[4].toInt() : f[7].toInt();
        QProcess simulate;
        simulate.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                       {QStringLiteral("simulate"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                        QStringLiteral("wagap"), QStringLiteral("--policy"), QStringLiteral("slurm-tree"),
                        QStringLiteral("--by-cores")});
        QVERIFY(simulate.waitForFinished(120000));
        const QByteArray err = simulate.readAllStandardError();
        QVERIFY2(simulate.exitCode() == 0, err.constData());
        QVERIFY2(err.contains("stored as run"), err.constData());
        const QJsonObject json = QJsonDocument::fromJson(simulate.readAllStandardOutput()).object();
        const std::int64_t runId = json.value(QStringLiteral("run_id")).toInteger();
        QVERIFY(runId > 0);
        QCOMPARE(json.value(QStringLiteral("run_name")).toString(), QStringLiteral("slurm-tree easy by cores"));

        Store store = Store::openExisting(path.toStdString());
        const std::optional<MachineRecord> record = store.machine("wagap");
        QVERIFY(record);
        const std::vector<RunRecord> stored = runs(store, record->id);
        QCOMPARE(stored.size(), size_t(1));
        QCOMPARE(readRunParameters(stored[0].parameters).by, std::optional<std::string>("cores"));
        const RunSummary summary = readRunSummary(stored[0].summary);
        QCOMPARE(summary.runId, runId);
        QCOMPARE(summary.utilizationCores, json.value(QStringLiteral("utilization_cores")).toDouble());
        QVERIFY(*summary.utilizationCores > 0.3 && *summary.utilizationCores <= 1.0);
        QVERIFY(summary.utilization > 0 && summary.utilization <= 1.0); // each busy node once

        // Stored as replayed: the same replay, made again here, in runJobs()' order.
        CoreRunSetup setup;
        setup.machine = "wagap";
        setup.policy = "slurm-tree";
        CoreRunOutcome again = runStoredCoreSimulation(store, setup);
        std::sort(again.placements.begin(), again.placements.end(), [](const RunPlacement& a, const RunPlacement& b) {
            return std::tie(a.start, a.jobId) < std::tie(b.start, b.jobId);
        });
        const std::vector<Job> jobs = runJobs(store, runId);
        const std::vector<JobHolding> held = runJobHoldings(store, runId);
        QCOMPARE(jobs.size(), m_runs.size());
        QCOMPARE(held.size(), jobs.size());
        QCOMPARE(again.placements.size(), jobs.size());
        const NodeResources resources = store.nodeResources(record->id);
        std::vector<std::vector<std::pair<std::int64_t, int>>> changes(44); // per node: (time, cores)
        for (size_t i = 0; i < jobs.size(); ++i) {
            const RunPlacement& replayed = again.placements[i];
            QCOMPARE(jobs[i].start, replayed.start);
            QCOMPARE(jobs[i].end, replayed.end);
            QCOMPARE(jobs[i].nodes, replayed.nodes);
            QCOMPARE(held[i].nodeCores(), replayed.nodeCores);
            QVERIFY(held[i].nodeGpus().empty()); // wagap has no GPUs: none stored
            QCOMPARE(held[i].gpus, -1);
            QCOMPARE(held[i].cores, cpusOf.at(jobs[i].id)); // what the log says it held
            for (size_t entry = 0; entry < jobs[i].nodes.size(); ++entry) {
                const int cores = held[i].nodeCores()[entry];
                QVERIFY(cores > 0);
                changes[static_cast<size_t>(jobs[i].nodes[entry])].emplace_back(jobs[i].start, cores);
                changes[static_cast<size_t>(jobs[i].nodes[entry])].emplace_back(jobs[i].end, -cores);
            }
        }
        int sharedNodes = 0;
        for (size_t node = 0; node < changes.size(); ++node) {
            std::sort(changes[node].begin(), changes[node].end()); // ends before starts at one instant
            int inUse = 0, most = 0, running = 0, mostRunning = 0;
            for (const auto& [time, delta] : changes[node]) {
                inUse += delta;
                running += delta > 0 ? 1 : -1;
                most = std::max(most, inUse);
                mostRunning = std::max(mostRunning, running);
            }
            QVERIFY2(
                most <= resources.cores[node],
                qPrintable(
                    QStringLiteral("node %1: %2 cores held of %3").arg(node).arg(most).arg(resources.cores[node])));
            sharedNodes += mostRunning > 1 ? 1 : 0; // jobs shared it
        }
        QVERIFY(sharedNodes > 10);

        // `placement runs` lists it by cores.
        QProcess list;
        list.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                   {QStringLiteral("runs"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                    QStringLiteral("wagap")});
        QVERIFY(list.waitForFinished(60000));
        const QString table = QString::fromUtf8(list.readAllStandardOutput());
        QVERIFY2(list.exitCode() == 0, qPrintable(table));
        // The logged run's share of the cores, from the SWF's fields: CPUs x run time over
        // 1,752 cores x first submission to last end.
        double loggedCores = 0;
        {
            double cpuSeconds = 0;
            std::int64_t first = std::numeric_limits<std::int64_t>::max(), last = 0;
            for (const QStringList& f : lines) {
                const qint64 submit = f[1].toLongLong(), run = f[3].toLongLong();
                if (run <= 0)
                    continue;
                cpuSeconds += double(cpusOf.at(f[0].toStdString())) * double(run);
                first = std::min<std::int64_t>(first, submit);
                last = std::max<std::int64_t>(last, submit + f[2].toLongLong() + run);
            }
            const double logged = cpuSeconds / (1752.0 * double(last - first));
            loggedCores = logged;
            QVERIFY(logged > 0.3 && logged <= 1.0);
            QVERIFY2(table.contains(QStringLiteral("logged ")) && table.contains(QString::number(100 * logged, 'f', 2)),
                     qPrintable(table + QString::number(100 * logged, 'f', 2)));
        }
        QVERIFY2(table.contains(QStringLiteral("cores %")) && table.contains(QStringLiteral("slurm-tree easy by cores"))
                     && table.contains(QString::number(100 * *summary.utilizationCores, 'f', 2)),
                 qPrintable(table));

        // The report puts both shares of the cores side by side.
        {
            QProcess report;
            const QString html = m_dir.filePath(QStringLiteral("wagap-report.html"));
            report.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                         {QStringLiteral("report"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                          QStringLiteral("wagap"), QStringLiteral("--runs"),
                          QStringLiteral("logged,slurm-tree easy by cores"), QStringLiteral("--out"), html});
            QVERIFY(report.waitForFinished(120000));
            QVERIFY2(report.exitCode() == 0, report.readAllStandardError().constData());
            QFile file(html);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            const qsizetype row = text.indexOf(QStringLiteral("utilization by cores"));
            QVERIFY2(row >= 0, "no row of utilization by cores");
            const QString cells = text.mid(row, text.indexOf(QStringLiteral("</tr>"), row) - row);
            QVERIFY2(cells.contains(QStringLiteral("%1 %").arg(100 * loggedCores, 0, 'f', 1))
                         && cells.contains(QStringLiteral("%1 %").arg(100 * *summary.utilizationCores, 0, 'f', 1)),
                     qPrintable(cells));
        }

        // A name taken, or --no-store: the database is left as it was.
        const QByteArray before = fileDigest(path);
        for (const QStringList& extra :
             {QStringList{QStringLiteral("--name"), QStringLiteral("slurm-tree easy by cores")},
              QStringList{QStringLiteral("--no-store")}}) {
            QProcess rerun;
            rerun.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                        QStringList{QStringLiteral("simulate"), QStringLiteral("--db"), path,
                                    QStringLiteral("--machine"), QStringLiteral("wagap"), QStringLiteral("--policy"),
                                    QStringLiteral("slurm-tree"), QStringLiteral("--by-cores")}
                            + extra);
            QVERIFY(rerun.waitForFinished(120000));
            QCOMPARE(rerun.exitCode() == 0, extra.contains(QStringLiteral("--no-store")));
            QCOMPARE(fileDigest(path), before);
        }

        // The explorer shows the run by cores: the status bar's cores, the Gantt chart's core
        // slots, the cores held as the run holds them.
        MainWindow window;
        QVERIFY2(window.openDatabase(path), qPrintable(window.lastError()));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.selectRun(QStringLiteral("slurm-tree easy by cores")));
        const MachineData* machine = window.currentMachine();
        QVERIFY(machine);
        QCOMPARE(machine->runId, runId);
        QCOMPARE(machine->jobHoldings.size(), machine->jobs.size());
        QVERIFY(machine->countsCores());
        auto* jobsDock = qobject_cast<JobsDock*>(window.jobsDock());
        QVERIFY(jobsDock);
        auto* model = qobject_cast<JobTableModel*>(jobsDock->filter()->sourceModel());
        QVERIFY(model && model->columnApplies(JobTableModel::CoresColumn));
        QVERIFY(!model->columnApplies(JobTableModel::GpusColumn)); // no GPUs on wagap
        const StepSeries coreSeries = coresHeldOverTime(machine->jobs, machine->jobHoldings);
        const std::int64_t time = machine->openingTime;
        window.setCurrentTime(time);
        std::int64_t cores = 0;
        for (size_t i = 0; i < jobs.size(); ++i)
            if (jobs[i].runsAt(time))
                cores += held[i].cores;
        QVERIFY(cores > 0);
        QCOMPARE(std::int64_t(coreSeries.valueAt(time)), cores);
        QLabel* status = nullptr;
        for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral(" running")))
                status = label;
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("%1 of 1752 cores held").arg(cores)),
                 qPrintable(status->text()));
        GanttChart* gantt = window.timelineDock()->gantt();
        gantt->resize(gantt->width(), 44 * 10 + 4);
        QTRY_VERIFY(gantt->drawsCores());
        QLineSeries* coreCurve = window.timelineDock()->utilizationChart()->coresSeries();
        QTRY_VERIFY(coreCurve->isVisible());
        for (const QPointF& point : coreCurve->points())
            QVERIFY2(point.y() <= 100.0, qPrintable(QString::number(point.y())));

        // A run by whole nodes says nothing of cores: the status bar says so, not "0 held".
        QProcess wholeNodes;
        wholeNodes.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                         {QStringLiteral("simulate"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                          QStringLiteral("wagap"), QStringLiteral("--policy"), QStringLiteral("slurm-tree"),
                          QStringLiteral("--name"), QStringLiteral("by nodes")});
        QVERIFY(wholeNodes.waitForFinished(120000));
        QVERIFY2(wholeNodes.exitCode() == 0, wholeNodes.readAllStandardError().constData());
        window.session()->reloadRuns();
        QVERIFY(window.selectRun(QStringLiteral("by nodes")));
        QVERIFY(window.currentMachine()->jobHoldings.empty());
        QVERIFY2(status->text().contains(QStringLiteral("cores held unknown"))
                     && !status->text().contains(QStringLiteral("of 1752 cores held")),
                 qPrintable(status->text()));
    }

    /// The Simulate dialog replays by cores where the machine's cores are known: the run is
    /// stored by cores and the task says so; the options a replay by cores does not take are
    /// off while it is ticked.
    void simulateDialogReplaysByCores()
    {
        const QString path = m_dir.filePath(QStringLiteral("wagap-dialog.sqlite"));
        QVERIFY(QFile::copy(m_database, path));
        MainWindow window;
        QVERIFY2(window.openDatabase(path), qPrintable(window.lastError()));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        bool answered = false;
        QString refusedWhy;
        QTimer answer;
        connect(&answer, &QTimer::timeout, &window, [&] {
            auto* dialog = qobject_cast<SimulateDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            answer.stop();
            auto* policy = dialog->findChild<QComboBox*>(QStringLiteral("policy"));
            auto* byCores = dialog->findChild<QCheckBox*>(QStringLiteral("byCores"));
            policy->setCurrentText(QStringLiteral("ta")); // a whole-node policy: not by cores
            refusedWhy = byCores->isEnabled() ? QString() : byCores->toolTip();
            policy->setCurrentText(QStringLiteral("first-fit"));
            answered = byCores->isEnabled();
            byCores->setChecked(true);
            answered = answered && !dialog->findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->isEnabled()
                && !dialog->findChild<QComboBox*>(QStringLiteral("speedup"))->isEnabled();
            dialog->accept();
        });
        answer.start(20);
        window.findChild<QAction*>(QStringLiteral("simulateAction"))->trigger();
        QVERIFY(answered);
        QVERIFY2(refusedWhy.contains(QStringLiteral("first-fit")), qPrintable(refusedWhy));
        TaskListDock* tasks = window.tasksDock();
        QTRY_COMPARE_WITH_TIMEOUT(tasks->runningCount(), 0, 60000);
        QTRY_VERIFY(window.runNames().contains(QStringLiteral("first-fit easy by cores")));
        QVERIFY2(tasks->taskText(0).contains(QStringLiteral("(by cores)"))
                     && tasks->taskText(0).contains(QStringLiteral("of the cores held")),
                 qPrintable(tasks->taskText(0)));
        Store store = Store::openExisting(path.toStdString());
        const std::vector<RunRecord> stored = runs(store, store.machine("wagap")->id);
        QCOMPARE(stored.size(), size_t(1));
        QCOMPARE(readRunParameters(stored[0].parameters).by, std::optional<std::string>("cores"));
        QCOMPARE(runJobHoldings(store, stored[0].id).size(), m_runs.size());
        // The Runs dock shows its share of the cores.
        auto* table = window.runsDock()->findChild<QTableView*>();
        QVERIFY(table);
        QVERIFY(!table->isColumnHidden(RunTableModel::CoreUtilizationColumn));
        bool shown = false;
        for (int row = 0; row < table->model()->rowCount(); ++row)
            shown = shown
                || table->model()
                       ->index(row, RunTableModel::CoreUtilizationColumn)
                       .data()
                       .toString()
                       .endsWith(QLatin1Char('%'));
        QVERIFY(shown);
    }

private:
    static QByteArray fileDigest(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256)
                                              : QByteArray();
    }

    QTemporaryDir m_dir;
    QString m_trace, m_topology, m_database, m_importReport;
    std::vector<LoggedRun> m_runs;
    std::vector<std::int64_t> m_moments;
};

QTEST_MAIN(TestSharedNodes)
#include "tst_sharednodes.moc"
