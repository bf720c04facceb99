// The explorer's state after switching database, machine or run, and in compare mode: what
// every dock and view shows comes from one session and nothing of the previous machine or
// run stays on screen.

#include "app/ComparePane.h"
#include "app/InspectorDock.h"
#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/TimelineDock.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/SimulationRun.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QLabel>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

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
