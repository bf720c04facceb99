// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The Simulate dialog and what it stores: values remembered per machine, run names that say
// what differs, the parameters in the Runs table, the offered load, and the policies a
// machine cannot have.

#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "core/MachineSpec.h"
#include "core/Topology.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace placement;
using namespace placement::test;

namespace {

constexpr const char* smallTorus = "torus extents=4x4 wrap=yy nodes-per-router=1"; // 16 nodes

/// A log that counts processors only (as SWF does): `count` jobs of `cpus` processors each,
/// submitted every `gap` seconds, running `runTime` seconds.
void addProcessorLog(Store& store, const std::string& machine, int count, int cpus, std::int64_t gap,
                     std::int64_t runTime)
{
    const std::int64_t id = store.addMachine(machine, smallTorus);
    SourceRecord source;
    source.path = "(test)";
    source.format = "test";
    JobWriter writer(store, id, source);
    for (int index = 0; index < count; ++index) {
        JobRecord record;
        record.job = {std::to_string(index + 1), "u", {}, gap * index, gap * index, gap * index + runTime};
        record.requestedCpus = cpus;
        writer.add(record);
    }
    writer.commit(count, 0);
}

} // namespace

class TestSimulateDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_simulatedialog"));
        m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_path.toStdString());
        Store store = Store::openExisting(m_path.toStdString());
        // 100 jobs of 32 processors every 100 s for 300 s on 16 nodes.
        addProcessorLog(store, "busy", 100, 32, 100, 300);
    }

    void remembersItsValuesPerMachine()
    {
        Store store = Store::openExisting(m_path.toStdString());
        const std::unique_ptr<Topology> cab = parseMachineSpec(store.machine("cab")->spec);
        const std::unique_ptr<Topology> torus = parseMachineSpec(store.machine("demo-torus")->spec);
        {
            SimulateDialog dialog("cab", *cab);
            auto* cpus = dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"));
            auto* policy = dialog.findChild<QComboBox*>(QStringLiteral("policy"));
            QVERIFY(cpus && policy);
            QCOMPARE(cpus->value(), 1);
            cpus->setValue(16);
            policy->setCurrentText(QStringLiteral("ta"));
            dialog.accept();
        }
        {
            SimulateDialog dialog("cab", *cab);
            QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->value(), 16);
            QCOMPARE(dialog.setup().cpusPerNode, 16);
            QCOMPARE(dialog.setup().allocator.policy, std::string("ta"));
        }
        {
            // Another machine keeps its own values; a cancelled dialog changes nothing.
            SimulateDialog dialog("demo-torus", *torus);
            QCOMPARE(dialog.setup().cpusPerNode, 1);
            dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->setValue(4);
            dialog.reject();
        }
        SimulateDialog again("demo-torus", *torus);
        QCOMPARE(again.setup().cpusPerNode, 1);
    }

    void byCoresNeedsTheNodesCores()
    {
        // A replay by cores needs each node's cores: offered where they are known, for the
        // policies that place by cores, and refused with the reason where they are not.
        Store store = Store::openExisting(m_path.toStdString());
        const std::unique_ptr<Topology> cab = parseMachineSpec(store.machine("cab")->spec);
        SimulateDialog dialog("cab", *cab);
        auto* byCores = dialog.findChild<QCheckBox*>(QStringLiteral("byCores"));
        auto* policy = dialog.findChild<QComboBox*>(QStringLiteral("policy"));
        auto* backfill = dialog.findChild<QComboBox*>(QStringLiteral("backfill"));
        QVERIFY(byCores && policy && backfill);
        policy->setCurrentText(QStringLiteral("slurm-tree"));
        QVERIFY(!byCores->isEnabled()); // not told yet
        QVERIFY(byCores->toolTip().contains(QStringLiteral("--cores-per-node")));
        QVERIFY(!dialog.coreSetup());
        dialog.setCoresKnown(true);
        QVERIFY(byCores->isEnabled());
        byCores->setChecked(true);
        backfill->setCurrentText(QStringLiteral("fcfs"));
        const std::optional<CoreRunSetup> setup = dialog.coreSetup();
        QVERIFY(setup);
        QCOMPARE(setup->policy, std::string("slurm-tree"));
        QCOMPARE(setup->backfill, CoreBackfill::Fcfs);
        QCOMPARE(setup->machine, std::string("cab"));
        policy->setCurrentText(QStringLiteral("jigsaw")); // whole nodes only
        QVERIFY(!byCores->isEnabled());
        QVERIFY(!dialog.coreSetup());
        dialog.reject();
    }

    void runNamesSayWhatDiffers()
    {
        const QString path = m_dir.filePath(QStringLiteral("names.sqlite"));
        writeDemoDatabase(path.toStdString());
        Store store = Store::openExisting(path.toStdString());
        SimulationSetup setup;
        setup.machine = "cab";
        const SimulationSummary plain = runStoredSimulation(store, setup, "test");
        setup.cpusPerNode = 2;
        setup.options.window = 10;
        const SimulationSummary other = runStoredSimulation(store, setup, "test");
        QCOMPARE(plain.runName, std::string("first-fit easy"));
        QCOMPARE(other.runName, std::string("first-fit easy window 10 2 cpus/node"));

        // The Runs table shows them side by side, with their parameters.
        RunTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(runs(store, store.machine("cab")->id));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.headerData(RunTableModel::ParametersColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Parameters"));
        const QString first = model.index(0, RunTableModel::ParametersColumn).data().toString();
        const QString second = model.index(1, RunTableModel::ParametersColumn).data().toString();
        QVERIFY2(first.contains(QStringLiteral("window 50")) && first.contains(QStringLiteral("1 cpus/node")),
                 qPrintable(first));
        QVERIFY2(second.contains(QStringLiteral("window 10")) && second.contains(QStringLiteral("2 cpus/node")),
                 qPrintable(second));
    }

    void warnsWhenTheLoadExceedsTheMachine()
    {
        Store store = Store::openExisting(m_path.toStdString());
        const MachineRecord busy = *store.machine("busy");
        const std::unique_ptr<Topology> torus = parseMachineSpec(busy.spec);
        SimulateDialog dialog("busy", *torus);
        dialog.setWorkload(m_path, busy.id);
        // 1 processor per node: 100 jobs x 32 nodes x 300 s over 16 nodes x 9900 s.
        QVERIFY(dialog.offeredLoad());
        QCOMPARE(*dialog.offeredLoad(), 100.0 * 32 * 300 / (16.0 * 9900));
        QVERIFY2(dialog.loadText().contains(QStringLiteral("More work than the machine can do")),
                 qPrintable(dialog.loadText()));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        dialog.grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/simulate-dialog-overload.png"));
        // 8 per node: 4 nodes a job, 0.76 of the machine, no warning.
        dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->setValue(8);
        QTRY_VERIFY(dialog.offeredLoad() && *dialog.offeredLoad() < 1);
        QCOMPARE(*dialog.offeredLoad(), 100.0 * 4 * 300 / (16.0 * 9900));
        QVERIFY(dialog.loadText().contains(QStringLiteral("75.8%")));
        QVERIFY(!dialog.loadText().contains(QStringLiteral("More work")));
    }

    void quadrantOnlyOnTwoDimensionalTori()
    {
        Store store = Store::openExisting(m_path.toStdString());
        const std::unique_ptr<Topology> cube = parseMachineSpec(store.machine("demo-torus")->spec); // 8x8x8
        SimulateDialog dialog("demo-torus", *cube);
        auto* policy = dialog.findChild<QComboBox*>(QStringLiteral("policy"));
        const int quadrant = policy->findText(QStringLiteral("quadrant"));
        QVERIFY(quadrant >= 0);
        QVERIFY(!qobject_cast<QStandardItemModel*>(policy->model())->item(quadrant)->isEnabled());
        auto* unavailable = dialog.findChild<QLabel*>(QStringLiteral("unavailablePolicies"));
        QVERIFY(unavailable);
        QVERIFY2(unavailable->text().contains(QStringLiteral("2D tori")), qPrintable(unavailable->text()));
        policy->setCurrentIndex(quadrant);
        try {
            dialog.setup();
            QFAIL("quadrant accepted on a 3D torus");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("2D tori")), error.what());
        }
        // The simulator refuses it too (what the command line runs).
        SimulationSetup setup;
        setup.machine = "demo-torus";
        setup.allocator.policy = "quadrant";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runStoredSimulation(store, setup, "test", false));

        // On a 2D torus it is offered.
        const std::unique_ptr<Topology> square = parseMachineSpec(smallTorus);
        SimulateDialog flat("busy", *square);
        auto* flatPolicy = flat.findChild<QComboBox*>(QStringLiteral("policy"));
        const int offered = flatPolicy->findText(QStringLiteral("quadrant"));
        QVERIFY(qobject_cast<QStandardItemModel*>(flatPolicy->model())->item(offered)->isEnabled());
        flatPolicy->setCurrentIndex(offered);
        QCOMPARE(flat.setup().allocator.policy, std::string("quadrant"));
    }

    void simulationRunsWhileTheWindowStaysUsable()
    {
        const QString path = m_dir.filePath(QStringLiteral("tasks.sqlite"));
        writeDemoDatabase(path.toStdString());
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.selectMachine(1); // cab
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The dialog is answered as it opens; the action returns once the run has started.
        QTimer answer;
        connect(&answer, &QTimer::timeout, &window, [&] {
            if (auto* dialog = qobject_cast<SimulateDialog*>(QApplication::activeModalWidget())) {
                answer.stop();
                dialog->accept();
            }
        });
        answer.start(20);
        window.findChild<QAction*>(QStringLiteral("simulateAction"))->trigger();
        TaskListDock* tasks = window.tasksDock();
        QCOMPARE(tasks->taskCount(), 1);
        QVERIFY(tasks->isVisible());
        // Nothing reported yet (the outcome comes by a queued call), and the window answers.
        QVERIFY(window.runNames().isEmpty());
        const std::int64_t early = window.currentMachine()->firstTime + 60;
        window.setCurrentTime(early);
        QCOMPARE(window.currentTime(), early);
        QTRY_COMPARE_WITH_TIMEOUT(tasks->runningCount(), 0, 30000);
        QTRY_COMPARE(window.runNames().size(), 1); // the values remembered for cab: ta, 16 cpus/node
        QVERIFY2(tasks->taskText(0).contains(QStringLiteral("Stored as <i>%1</i>").arg(window.runNames().constFirst())),
                 qPrintable(tasks->taskText(0)));
        QCOMPARE(window.currentTime(), early); // the run shown and its cursor stay
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        tasks->grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/tasks-dock.png"));

        // Cancelled before its first 64 jobs are done: nothing is stored.
        SimulationSetup setup;
        setup.machine = "cab";
        setup.allocator.policy = "random";
        auto progress = std::make_shared<TaskProgress>();
        progress->cancel = true;
        bool cancelled = false;
        SimulationRunner::start(*tasks, path, setup, progress, [&](const SimulationOutcome& outcome) {
            cancelled = outcome.cancelled;
            return QStringLiteral("ended");
        });
        QTRY_COMPARE(tasks->runningCount(), 0);
        QVERIFY(cancelled);
        {
            Store store = Store::openExisting(path.toStdString());
            QCOMPARE(runs(store, store.machine("cab")->id).size(), size_t(1));
        }
        // The row's Cancel asks the run to stop.
        auto running = std::make_shared<TaskProgress>();
        const int task = SimulationRunner::start(*tasks, path, setup, running,
                                                 [](const SimulationOutcome&) { return QStringLiteral("ended"); });
        tasks->cancelButton(task)->click();
        QVERIFY(running->cancel.load());
        QVERIFY(tasks->taskText(task).contains(QStringLiteral("cancelling")));
        QTRY_COMPARE(tasks->runningCount(), 0);
    }

    void closingTheWindowStopsItsSimulations()
    {
        const QString path = m_dir.filePath(QStringLiteral("closing.sqlite"));
        writeDemoDatabase(path.toStdString());
        auto progress = std::make_shared<TaskProgress>();
        {
            MainWindow window;
            QVERIFY(window.openDatabase(path));
            SimulationSetup setup;
            setup.machine = "cab";
            SimulationRunner::start(*window.tasksDock(), path, setup, progress,
                                    [](const SimulationOutcome&) { return QString(); });
        } // the window waits for the worker, which it told to stop
        QVERIFY(progress->cancel.load());
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(TestSimulateDialog)
#include "tst_simulatedialog.moc"
