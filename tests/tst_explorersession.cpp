// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The explorer's state after switching database, machine or run, and in compare mode: what
// every dock and view shows comes from one session and nothing of the previous machine or
// run stays on screen.

#include "app/ChartsDock.h"
#include "app/ComparePane.h"
#include "app/ExplorerSession.h"
#include "app/InspectorDock.h"
#include "app/JobFilterModel.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RunChoiceModel.h"
#include "app/RunTableModel.h"
#include "app/TaskListDock.h"
#include "app/TimelineDock.h"
#include "core/RunRecord.h"
#include "core/WorkloadTransforms.h"
#include "importers/JobImport.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/NodeListBlob.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/DemoWithRun.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/UtilizationChart.h"

#include <QAbstractAxis>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QProcess>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QWheelEvent>

#include <cmath>
#include <numeric>

using namespace placement;
using namespace placement::test;

namespace {

/// Every item model of the window, each under QAbstractItemModelTester while it lives.
class ModelTesters
{
public:
    explicit ModelTesters(MainWindow& window)
    {
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        auto* jobs = qobject_cast<JobsDock*>(window.jobsDock());
        auto* runs = window.runsDock()->findChild<QTableView*>()->model();
        for (QAbstractItemModel* model :
             {runs, qobject_cast<QSortFilterProxyModel*>(runs)->sourceModel(),
              static_cast<QAbstractItemModel*>(jobs->model()), static_cast<QAbstractItemModel*>(jobs->filter()),
              static_cast<QAbstractItemModel*>(window.chartsDock()->runModel())})
            m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, mode));
    }

private:
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

} // namespace

class TestExplorerSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_explorersession"));
        // The demo with one simulated run of its torus (and none of cab).
        m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoWithTorusRun(m_path.toStdString());
    }

    void switchingMachineLeavesNothingOfThePreviousOne()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        const ModelTesters testers(window); // every model stays consistent through the switches
        QCOMPARE(window.currentMachine()->record.name, std::string("demo-torus"));
        QCOMPARE(runModel(window)->rowCount(), 2); // the logged run, then the stored one
        QCOMPARE(runModel(window)->index(0, 0).data().toString(), QStringLiteral("logged"));
        // A job chosen on the torus: outlined, named in the status bar.
        const Job job = window.currentMachine()->jobs.at(42);
        QVERIFY(window.showJob(QString::fromStdString(job.id)));
        QVERIFY(window.machineView()->outlineCount() > 0);
        QVERIFY(window.statusBar()->currentMessage().contains(QString::fromStdString(job.id)));
        window.setCurrentTime(job.start + 1);

        window.selectMachine(1);
        const MachineData* cab = window.currentMachine();
        QCOMPARE(cab->record.name, std::string("cab"));
        QCOMPARE(window.highlightedJob(), -1);
        QCOMPARE(window.machineView()->outlineCount(), 0);
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(!message.contains(QStringLiteral("Job %1 ").arg(QString::fromStdString(job.id))), qPrintable(message));
        // The new machine's runs (the logged one alone), its busiest moment, the same time everywhere.
        QCOMPARE(runModel(window)->rowCount(), 1);
        QCOMPARE(window.runNames(), QStringList());
        QCOMPARE(window.currentTime(), cab->openingTime);
        QCOMPARE(window.timelineDock()->time(), window.currentTime());
        QCOMPARE(window.inspectorDock()->inspectedJob().job, -1);

        // Back on the torus: its run is listed again.
        window.selectMachine(0);
        QCOMPARE(runModel(window)->rowCount(), 2);
        QCOMPARE(window.machineView()->outlineCount(), 0);
    }

    void switchingRunKeepsTheTimeAndDropsTheSelection()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        const MachineData* logged = window.currentMachine();
        const Job job = logged->jobs.at(7);
        QVERIFY(window.showJob(QString::fromStdString(job.id)));
        const std::int64_t time = window.currentTime();
        QVERIFY(window.selectRun(QStringLiteral("first-fit easy")));
        const MachineData* run = window.currentMachine();
        QVERIFY(run->runId > 0);
        // The same workload on the same time axis: the cursor stays where it was.
        QVERIFY(time >= run->firstTime && time <= run->lastTime);
        QCOMPARE(window.currentTime(), time);
        QCOMPARE(window.timelineDock()->time(), window.currentTime());
        QCOMPARE(window.highlightedJob(), -1);
        QCOMPARE(window.machineView()->outlineCount(), 0);
        QVERIFY(!window.statusBar()->currentMessage().contains(
            QStringLiteral("Job %1 ").arg(QString::fromStdString(job.id))));
    }

    void openingOnARunReadsOnlyThatRunAndTheLoggedOneAfter()
    {
        // The reference: the machine's logged run read with its logged placements.
        MainWindow reference;
        QVERIFY(reference.openDatabase(m_path));
        const std::vector<MachineRecord>& machines = reference.session()->machines();
        const auto torus = std::find_if(machines.begin(), machines.end(),
                                        [](const MachineRecord& machine) { return machine.name == "demo-torus"; });
        QVERIFY(torus != machines.end());
        reference.selectMachine(static_cast<int>(torus - machines.begin()));
        const RunRecord logged = reference.session()->loggedRun();
        QVERIFY(readRunSummary(logged.summary).hasSystemMetrics);

        MainWindow window;
        ExplorerSession* session = window.session();
        QSignalSpy runsChanged(session, &ExplorerSession::runsChanged);
        QVERIFY(window.openDatabase(m_path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy")));
        const MachineData* run = window.currentMachine();
        QCOMPARE(run->record.name, std::string("demo-torus"));
        QVERIFY(run->runId > 0);
        QCOMPARE(window.currentTime(), run->openingTime);
        // The logged run's metrics come from a worker; blank until then, never zero.
        if (!session->isLoggedRunKnown()) {
            QVERIFY(!readRunSummary(session->loggedRun().summary).hasSystemMetrics);
            QCOMPARE(runsChanged.size(), 0);
        }
        QTRY_VERIFY(session->isLoggedRunKnown());
        QVERIFY(!runsChanged.isEmpty());
        QCOMPARE(session->loggedRun().summary, logged.summary);
        QCOMPARE(session->loggedRun().parameters, logged.parameters);
        QAbstractItemModel* runs = runModel(window);
        QVERIFY(runs);
        bool shown = false;
        for (int row = 0; row < runs->rowCount(); ++row)
            if (runs->index(row, RunTableModel::NameColumn).data().toString() == QLatin1String("logged"))
                shown
                    = runs->index(row, RunTableModel::JobsColumn).data().toInt() == readRunSummary(logged.summary).jobs;
        QVERIFY(shown);
        // Another run of the machine meanwhile keeps what arrives.
        QVERIFY(window.selectRun(QStringLiteral("logged")));
        QCOMPARE(session->loggedRun().summary, logged.summary);

        // Names the database does not have: its first machine, logged (the caller says so).
        MainWindow other;
        QVERIFY(other.openDatabase(m_path, QStringLiteral("no such machine"), QStringLiteral("no such run")));
        QCOMPARE(other.currentMachine()->record.name, machines.front().name);
        QCOMPARE(other.currentMachine()->runId, std::int64_t(0));
        QVERIFY(other.session()->isLoggedRunKnown());
    }

    void loggedRunStillOnItsWayGoesWithTheDatabase()
    {
        // A run opened first, then another database at once: what arrives of the first one's
        // logged run is dropped, the second database's stays.
        MainWindow window;
        QVERIFY(window.openDatabase(m_path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy")));
        const QString path = m_dir.filePath(QStringLiteral("second.sqlite"));
        writeDemoDatabase(path.toStdString());
        QVERIFY(window.openDatabase(path));
        const RunRecord logged = window.session()->loggedRun();
        QVERIFY(window.session()->isLoggedRunKnown());
        QTest::qWait(200);
        QCOMPARE(window.session()->loggedRun().summary, logged.summary);
        QCOMPARE(window.session()->loggedRun().machineId, window.currentMachine()->record.id);
    }

    void aRunElsewhereInTimeOpensAtItsBusiestMoment()
    {
        // Arrivals at zero move the whole run to 1970: the logged run's cursor is outside it,
        // so the run opens at its own busiest moment, not at its edge with nothing running.
        const QString path = m_dir.filePath(QStringLiteral("zero.sqlite"));
        writeDemoDatabase(path.toStdString());
        {
            Store store = Store::openExisting(path.toStdString());
            SimulationSetup setup;
            setup.machine = "cab";
            setup.transform.arrivals = WorkloadTransform::Arrivals::Zero;
            setup.runName = "at zero";
            runStoredSimulation(store, setup, "test");
        }
        MainWindow window;
        QVERIFY(show(window, path));
        window.selectMachine(1);
        QVERIFY(window.selectRun(QStringLiteral("at zero")));
        const MachineData* run = window.currentMachine();
        QCOMPARE(window.currentTime(), run->openingTime);
        QVERIFY(std::any_of(run->jobs.begin(), run->jobs.end(),
                            [&](const Job& job) { return job.runsAt(window.currentTime()); }));
    }

    void aRunOnNodesOutsideItsMachineIsRefused()
    {
        // A stored run whose node list leaves the machine (another program wrote it, or a
        // damaged file): the run is not shown, and the message names the job and the node,
        // whether the list's first or its last node is outside.
        const int torusNodes = 512; // demo-torus: 8x8x8, one node per router
        const std::vector<std::pair<std::vector<int>, int>> lists{
            {{508, 509, 510, 511, 512, 513}, 512}, {{-2, -1, 0, 1}, -2}, {{3, 9, 700}, 700}};
        for (const auto& [nodes, named] : lists) {
            const QString path = m_dir.filePath(QStringLiteral("outside%1.sqlite").arg(named));
            QFile::remove(path);
            QVERIFY(QFile::copy(m_path, path));
            std::string job, run;
            {
                Store store = Store::openExisting(path.toStdString());
                SqliteStatement first(
                    store.database(),
                    "SELECT p.job_id, j.job_ref, r.name FROM placements p JOIN jobs j ON j.id = p.job_id "
                    "JOIN runs r ON r.id = p.run_id JOIN machines m ON m.id = r.machine_id "
                    "WHERE m.name = 'demo-torus' ORDER BY p.job_id LIMIT 1");
                QVERIFY(first.step());
                job = first.text(1);
                run = first.text(2);
                SqliteStatement update(store.database(), "UPDATE placements SET nodes = ?1 WHERE job_id = ?2");
                update.bindBlob(1, encodeNodeList(nodes)).bind(2, first.integer(0)).run();
            }
            ExplorerSession session;
            QVERIFY(!session.openDatabase(path, QStringLiteral("demo-torus"), QString::fromStdString(run)));
            const QString expected = QStringLiteral("job %1 uses node %2, but machine 'demo-torus' has %3 nodes")
                                         .arg(QString::fromStdString(job))
                                         .arg(named)
                                         .arg(torusNodes);
            QVERIFY2(session.lastError().contains(expected), qPrintable(session.lastError()));
        }
    }

    void machineWithoutPlacementsOpensAtItsFirstJob()
    {
        // Jobs with times but no nodes (a log that does not say where jobs ran).
        const QString path = m_dir.filePath(QStringLiteral("unplaced.sqlite"));
        std::vector<Job> jobs;
        const std::int64_t first = 820454400; // 1996-01-01
        for (int index = 0; index < 50; ++index)
            jobs.push_back({std::to_string(1000 + index),
                            "u",
                            {},
                            first + 600 * index,
                            first + 600 * index + 60,
                            first + 600 * index + 3600});
        {
            Store store = Store::openOrCreate(path.toStdString());
            store.addMachine("unplaced", "torus extents=4x4x4 nodes-per-router=1", jobs);
        }
        MainWindow window;
        QVERIFY(show(window, path));
        window.inspectorDock()->show();
        window.inspectorDock()->raise();
        const MachineData* machine = window.currentMachine();
        QCOMPARE(machine->firstTime, first + 60);
        QVERIFY(window.currentTime() >= machine->firstTime && window.currentTime() <= machine->lastTime);
        QCOMPARE(window.timelineDock()->time(), window.currentTime());
        window.setCurrentTime(machine->firstTime + 7200);
        QCOMPARE(window.currentTime(), machine->firstTime + 7200);
        QTRY_VERIFY(!window.inspectorDock()->isBusy());
        QCOMPARE(window.inspectorDock()->inspectedMachine().time, window.currentTime());
    }

    void compareModeDrawsLinksOnBothSidesAndNamesBothRuns()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        QVERIFY(window.selectRun(QStringLiteral("first-fit easy")));
        window.setLinksShown(true);
        QVERIFY(window.compareWithRun(QStringLiteral("logged")));
        QVERIFY(window.comparing());
        MachineView* left = window.machineView();
        MachineView* right = window.comparePane()->view();
        QVERIFY(!left->networkLayout().segments.empty());
        QCOMPARE(right->linksVisible(), true);
        QCOMPARE(right->networkLayout().segments.size(), left->networkLayout().segments.size());
        // Each side says which run it shows.
        auto* label = window.findChild<QLabel*>(QStringLiteral("runLabel"));
        QVERIFY(label);
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().contains(QStringLiteral("first-fit easy")), qPrintable(label->text()));
        // Links off: off on both sides; compare mode ends with a machine switch.
        window.setLinksShown(false);
        QCOMPARE(right->linksVisible(), false);
        window.selectMachine(1);
        QVERIFY(!window.comparing());
        QVERIFY(!label->isVisible());
    }

    void newDatabaseIsEmptyAndNeverReplacesAFile()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        const ModelTesters testers(window);
        QAction* action = window.findChild<QAction*>(QStringLiteral("newDatabaseAction"));
        QVERIFY(action);
        QVERIFY(action->text().endsWith(QString::fromUtf8("\u2026")));
        // An existing file is refused, its bytes untouched, and the window stays on its database.
        const QString taken = m_dir.filePath(QStringLiteral("taken.sqlite"));
        {
            QFile file(taken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("someone's file");
        }
        QVERIFY(!window.createDatabase(taken));
        QVERIFY2(window.lastError().contains(taken), qPrintable(window.lastError()));
        QFile file(taken);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("someone's file"));
        QCOMPARE(window.databasePath(), QFileInfo(m_path).absoluteFilePath());

        // A new one: empty, shown, and where imports go from now on.
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.sqlite"));
        QVERIFY2(window.createDatabase(fresh), qPrintable(window.lastError()));
        QCOMPARE(window.databasePath(), QFileInfo(fresh).absoluteFilePath());
        QCOMPARE(window.machineCount(), 0);
        QVERIFY(!window.currentMachine());
        QCOMPARE(window.machineView()->outlineCount(), 0);
        QCOMPARE(qobject_cast<JobsDock*>(window.jobsDock())->model()->rowCount(), 0);
        QCOMPARE(runModel(window)->rowCount(), 0);
        QVERIFY(Store::openExisting(fresh.toStdString()).machines().empty());
        // ... and it opens again (an empty database is a database).
        MainWindow again;
        QVERIFY2(again.openDatabase(fresh), qPrintable(again.lastError()));
    }

    void jobTableKeepsRowsAndWholeIds()
    {
        // Short ids, and 7-digit ones for the smallest jobs: the table, sorted by size, lists
        // them last, beyond the rows it measures its columns by.
        const QString path = m_dir.filePath(QStringLiteral("ids.sqlite"));
        writeDemoDatabase(path.toStdString());
        {
            Store store = Store::openExisting(path.toStdString());
            std::vector<Job> jobs = store.jobs(store.machine("cab")->id);
            std::vector<size_t> bySize(jobs.size());
            std::iota(bySize.begin(), bySize.end(), size_t(0));
            std::stable_sort(bySize.begin(), bySize.end(),
                             [&](size_t a, size_t b) { return jobs[a].nodes.size() < jobs[b].nodes.size(); });
            for (size_t rank = 0; rank < bySize.size(); ++rank)
                jobs[bySize[rank]].id = rank < 30 ? std::to_string(4000000 + rank) : std::to_string(rank);
            store.addMachine("cab-million", store.machine("cab")->spec, jobs);
        }
        MainWindow window;
        QVERIFY(show(window, path));
        window.selectMachine(2);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab-million"));
        window.chartsDock()->show(); // the docks on the right share its height
        QTest::qWait(50);
        QTableView* table = qobject_cast<JobsDock*>(window.jobsDock())->table();
        const int rows = table->viewport()->height() / table->verticalHeader()->defaultSectionSize();
        QVERIFY2(rows >= 5, qPrintable(QString::number(rows)));
        const int idWidth = table->columnWidth(JobTableModel::IdColumn);
        const int needed = table->fontMetrics().horizontalAdvance(QStringLiteral("4000123")) + 8;
        QVERIFY2(idWidth >= needed, qPrintable(QStringLiteral("%1 < %2").arg(idWidth).arg(needed)));
    }

    void timelineZoomsPansAndGoesToTime()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        TimelineDock* timeline = window.timelineDock();
        GanttChart* gantt = timeline->gantt();
        const MachineData* machine = window.currentMachine();
        QCOMPARE(timeline->visibleFirst(), machine->firstTime);
        QCOMPARE(timeline->visibleLast(), machine->lastTime);
        QVERIFY(!timeline->timeScrollBar()->isVisible());

        // One notch of the wheel over the Gantt zooms in around the time under the pointer.
        const QRectF bars = gantt->barArea();
        const QPointF at(bars.left() + bars.width() * 0.3, bars.center().y());
        const std::int64_t anchor = gantt->timeAt(at.x());
        QWheelEvent wheel(at, gantt->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(gantt, &wheel);
        const std::int64_t span = machine->lastTime - machine->firstTime;
        const std::int64_t zoomed = timeline->visibleLast() - timeline->visibleFirst();
        QVERIFY2(std::abs(static_cast<double>(zoomed) - span / TimelineDock::wheelZoom) <= 2,
                 qPrintable(QStringLiteral("%1 of %2").arg(zoomed).arg(span)));
        const double secondsPerPixel = static_cast<double>(zoomed) / bars.width();
        QVERIFY2(std::abs(static_cast<double>(gantt->timeAt(at.x()) - anchor)) <= 2 * secondsPerPixel + 1,
                 qPrintable(QStringLiteral("%1 moved to %2").arg(anchor).arg(gantt->timeAt(at.x()))));
        // The chart beneath follows, and names the zone on its time axis.
        UtilizationChart* chart = timeline->utilizationChart();
        QCOMPARE(chart->timeAt(chart->xOf(timeline->visibleFirst())), timeline->visibleFirst());
        QCOMPARE(chart->zoneLabel(), QStringLiteral("UTC"));

        for (int notch = 0; notch < 6; ++notch) // a few hours across, for the picture
            timeline->zoomAt(anchor, TimelineDock::wheelZoom);
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        QTest::qWait(50);
        timeline->grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/timeline-zoomed.png"));
        timeline->zoomAt(anchor, 1 / std::pow(TimelineDock::wheelZoom, 6));
        QVERIFY(std::abs(timeline->visibleLast() - timeline->visibleFirst() - zoomed) <= 2);

        // Pan with the scrollbar, and with Shift+wheel.
        QScrollBar* scroll = timeline->timeScrollBar();
        QTRY_VERIFY(scroll->isVisible());
        scroll->setValue(0);
        QCOMPARE(timeline->visibleFirst(), machine->firstTime);
        const std::int64_t panned = timeline->visibleLast() - timeline->visibleFirst();
        QWheelEvent pan(at, gantt->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier,
                        Qt::NoScrollPhase, false);
        QApplication::sendEvent(gantt, &pan);
        QVERIFY(timeline->visibleFirst() > machine->firstTime);
        QCOMPARE(timeline->visibleLast() - timeline->visibleFirst(), panned);

        // Go to Time… takes an ISO date and time, UTC unless it names an offset.
        const std::int64_t target = machine->firstTime + 3600;
        const QString iso = QDateTime::fromSecsSinceEpoch(target - 3600, QTimeZone(-3600)).toString(Qt::ISODate);
        QVERIFY(iso.endsWith(QStringLiteral("-01:00")));
        answerNextInput(iso);
        window.findChild<QAction*>(QStringLiteral("goToTimeAction"))->trigger();
        QCOMPARE(window.currentTime(), target - 3600);
        answerNextInput(formatTime(target)); // "yyyy-MM-dd HH:mm:ss", UTC
        window.findChild<QAction*>(QStringLiteral("goToTimeAction"))->trigger();
        QCOMPARE(window.currentTime(), target);
        QCOMPARE(timeline->time(), target);
        QVERIFY(target >= timeline->visibleFirst() && target <= timeline->visibleLast()); // the view follows
    }

    void isoTimesParse()
    {
        QCOMPARE(parseIsoTime(QStringLiteral("2024-03-01T12:00:00")), std::optional<std::int64_t>(1709294400));
        QCOMPARE(parseIsoTime(QStringLiteral(" 2024-03-01 12:00 ")), std::optional<std::int64_t>(1709294400));
        QCOMPARE(parseIsoTime(QStringLiteral("2024-03-01T12:00:00Z")), std::optional<std::int64_t>(1709294400));
        QCOMPARE(parseIsoTime(QStringLiteral("2024-03-01T13:00:00+01:00")), std::optional<std::int64_t>(1709294400));
        QCOMPARE(parseIsoTime(QStringLiteral("yesterday")), std::optional<std::int64_t>());
        QCOMPARE(parseIsoTime(QStringLiteral("2024-13-01T00:00:00")), std::optional<std::int64_t>());
    }

    void importsRunInTheBackgroundAndCancel()
    {
        const QString path = m_dir.filePath(QStringLiteral("imports.sqlite"));
        writeDemoDatabase(path.toStdString());
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int machines = window.machineCount();
        TaskListDock* tasks = window.tasksDock();

        // A new machine with its jobs: the window is not blocked, then shows it.
        const QString data = QFINDTESTDATA("data/import");
        ImportRequest request;
        request.files = {(data + QStringLiteral("/day1.sacct")).toStdString()};
        request.topology = (data + QStringLiteral("/cluster-nodes.csv")).toStdString();
        request.machine = "cluster";
        const int first = window.importInBackground(request);
        QVERIFY(!tasks->isHidden());
        window.selectMachine(1); // the user carries on meanwhile
        QTRY_VERIFY_WITH_TIMEOUT(tasks->runningCount() == 0, 30000);
        QVERIFY2(tasks->taskText(first).contains(QStringLiteral("Imported into machine")),
                 qPrintable(tasks->taskText(first)));
        QCOMPARE(window.machineCount(), machines + 1);
        QCOMPARE(window.currentMachine()->record.name, std::string("cluster"));
        QVERIFY(!window.currentMachine()->jobs.empty());
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        tasks->grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/tasks-import.png"));

        // A long import cancelled: nothing stored, the row says so.
        const QString big = m_dir.filePath(QStringLiteral("big.swf"));
        {
            QFile file(big);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QByteArray lines;
            for (int job = 1; job <= 400000; ++job)
                lines += QByteArray::number(job) + ' ' + QByteArray::number(job * 10)
                    + " 5 600 4 -1 -1 4 3600 -1 1 1 1 1 1 -1 -1 -1\n";
            file.write(lines);
        }
        const std::int64_t cabJobs = [&] {
            Store store = Store::openExisting(path.toStdString());
            return store.machine("cab")->jobCount;
        }();
        ImportRequest longOne;
        longOne.files = {big.toStdString()};
        longOne.machine = "cab";
        const int second = window.importInBackground(longOne);
        tasks->cancelButton(second)->click();
        QTRY_VERIFY_WITH_TIMEOUT(tasks->runningCount() == 0, 60000);
        QVERIFY2(tasks->taskText(second).contains(QStringLiteral("Nothing imported: cancelled")),
                 qPrintable(tasks->taskText(second)));
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.machine("cab")->jobCount, cabJobs);
    }

    void whatAnotherProgramStoresAppears()
    {
        // The command line stores a run, then imports a new machine, then more jobs onto it,
        // while the window is open: each shows up without reopening the database.
        const QString path = m_dir.filePath(QStringLiteral("watched.sqlite"));
        writeDemoDatabase(path.toStdString());
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ModelTesters testers(window);
        window.selectMachine(1); // cab
        const std::int64_t time = window.currentTime() + 600;
        window.setCurrentTime(time);
        const int machines = window.machineCount();
        QVERIFY(window.runNames().isEmpty());
        auto placement = [](const QStringList& arguments) {
            QProcess process;
            process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"), arguments);
            return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit
                && process.exitCode() == 0;
        };
        QVERIFY(placement({QStringLiteral("simulate"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                           QStringLiteral("cab"), QStringLiteral("--policy"), QStringLiteral("random"),
                           QStringLiteral("--name"), QStringLiteral("from the shell")}));
        QTRY_VERIFY_WITH_TIMEOUT(window.runNames().contains(QStringLiteral("from the shell")), 5000);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab"));
        QCOMPARE(window.currentTime(), time); // nothing else moved

        const QString data = QFINDTESTDATA("data/import");
        QVERIFY(placement({QStringLiteral("import"), QStringLiteral("--db"), path, QStringLiteral("--topology"),
                           data + QStringLiteral("/cluster-nodes.csv"), QStringLiteral("--machine"),
                           QStringLiteral("cluster"), data + QStringLiteral("/day1.sacct")}));
        QTRY_COMPARE_WITH_TIMEOUT(window.machineCount(), machines + 1, 5000);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab")); // the machine shown stays
        auto* box = qobject_cast<QComboBox*>(
            window.findChild<QToolBar*>(QStringLiteral("machineToolBar"))->findChildren<QComboBox*>().first());
        QCOMPARE(box->count(), machines + 1);
        QCOMPARE(box->currentText(), QStringLiteral("cab"));

        window.selectMachine(machines); // the new one
        const size_t before = window.currentMachine()->jobs.size();
        QVERIFY(placement({QStringLiteral("import"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                           QStringLiteral("cluster"), data + QStringLiteral("/day2.sacct")}));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentMachine()->jobs.size() > before, 5000);
        QCOMPARE(window.currentMachine()->record.name, std::string("cluster"));
    }

    void aQuietDatabaseIsNotReadAgain()
    {
        // Readers opening and closing the database create and delete its write-ahead log, and
        // other files come and go in its folder: the session reads nothing again for them (it
        // did, 0.27 s on the GUI thread for 3 million jobs, and its own readers set it off
        // again and again). A commit, or another file under the name, is read.
        const QString path = m_dir.filePath(QStringLiteral("quiet.sqlite"));
        writeDemoDatabase(path.toStdString());
        ExplorerSession session;
        QVERIFY(session.openDatabase(path));
        const size_t machines = session.machines().size();
        for (int i = 0; i < 3; ++i) {
            Store reader = Store::openExisting(path.toStdString());
            QCOMPARE(reader.machines().size(), machines);
        }
        QFile beside(m_dir.filePath(QStringLiteral("quiet-notes.txt")));
        QVERIFY(beside.open(QIODevice::WriteOnly));
        beside.write("x");
        beside.close();
        QVERIFY(!session.refreshFromDisk());

        Store::openExisting(path.toStdString()).addMachine("quiet-new", "torus extents=4 wrap=y nodes-per-router=1");
        QVERIFY(session.refreshFromDisk());
        QCOMPARE(session.machines().size(), machines + 1);
        QVERIFY(!session.refreshFromDisk());

        const QString replacement = m_dir.filePath(QStringLiteral("quiet-replacement.sqlite"));
        writeDemoDatabase(replacement.toStdString());
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::rename(replacement, path));
        QVERIFY(session.refreshFromDisk());
        QCOMPARE(session.machines().size(), machines);
    }

private:
    /// Types `text` into the next input dialog and accepts it.
    void answerNextInput(const QString& text)
    {
        QTimer::singleShot(0, this, [this, text] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                answerNextInput(text); // not open yet
                return;
            }
            dialog->setTextValue(text);
            dialog->accept();
        });
    }

    bool show(MainWindow& window, const QString& path)
    {
        if (!window.openDatabase(path))
            return false;
        window.resize(1300, 800);
        window.show();
        return QTest::qWaitForWindowExposed(&window) && waitForFrames(window.machineView()->renderWidget(), 1);
    }

    static QAbstractItemModel* runModel(MainWindow& window)
    {
        auto* table = window.runsDock()->findChild<QTableView*>();
        return table ? table->model() : nullptr;
    }

    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(TestExplorerSession)
#include "tst_explorersession.moc"
