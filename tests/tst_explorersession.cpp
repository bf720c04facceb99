// The explorer's state after switching database, machine or run, and in compare mode: what
// every dock and view shows comes from one session and nothing of the previous machine or
// run stays on screen.

#include "app/ComparePane.h"
#include "app/InspectorDock.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/TimelineDock.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/SimulationRun.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/ChartsDock.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <numeric>

using namespace placement;
using namespace placement::test;

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
        writeDemoDatabase(m_path.toStdString());
        Store store = Store::openExisting(m_path.toStdString());
        SimulationSetup setup;
        setup.machine = "demo-torus";
        setup.allocator.policy = "first-fit";
        runStoredSimulation(store, setup, "test");
    }

    void switchingMachineLeavesNothingOfThePreviousOne()
    {
        MainWindow window;
        QVERIFY(show(window, m_path));
        QAbstractItemModelTester runsTester(runModel(window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(window.currentMachine()->record.name, std::string("demo-torus"));
        QCOMPARE(runModel(window)->rowCount(), 1);
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
        // The new machine's runs (none), its busiest moment, the same time everywhere.
        QCOMPARE(runModel(window)->rowCount(), 0);
        QCOMPARE(window.runNames(), QStringList());
        QCOMPARE(window.currentTime(), cab->openingTime);
        QCOMPARE(window.timelineDock()->time(), window.currentTime());
        QCOMPARE(window.inspectorDock()->inspectedJob().job, -1);

        // Back on the torus: its run is listed again.
        window.selectMachine(0);
        QCOMPARE(runModel(window)->rowCount(), 1);
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
        QCOMPARE(window.currentTime(), std::clamp(time, run->firstTime, run->lastTime));
        QCOMPARE(window.timelineDock()->time(), window.currentTime());
        QCOMPARE(window.highlightedJob(), -1);
        QCOMPARE(window.machineView()->outlineCount(), 0);
        QVERIFY(!window.statusBar()->currentMessage().contains(
            QStringLiteral("Job %1 ").arg(QString::fromStdString(job.id))));
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
                            first + 600 * index,
                            first + 600 * index + 60,
                            first + 600 * index + 3600,
                            {}});
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

private:
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
        auto* table = qobject_cast<QTableView*>(window.runsDock()->widget());
        return table ? table->model() : nullptr;
    }

    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(TestExplorerSession)
#include "tst_explorersession.moc"
