// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ComparePane.h"
#include "app/ExplorerSession.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/TimelineDock.h"
#include "core/DemoWorkload.h"
#include "core/MachineSpec.h"
#include "core/NetworkLayout.h"
#include "core/SimulationReport.h"
#include "core/SplitMix64.h"
#include "importers/TopologyImport.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QItemSelectionModel>
#include <QMenuBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace placement;
using namespace placement::test;

/// Seeded random use of the whole window, as an analyst clicks through it: switching
/// machine, run and compared run, selecting jobs in the table, the Gantt chart and the 3D
/// view, moving and playing time, zooming the timeline, toggling docks and links, opening
/// and cancelling every dialog. After each action the session's invariants must hold. The
/// database holds the demo's torus and fat-tree and a machine from a Slurm topology.conf,
/// each with simulated runs.
///
/// PLACEMENT_RANDOM_ACTIONS sets the number of actions (default 10,000, over 10 seeds);
/// PLACEMENT_RANDOM_SEED replays one seed. A failure names its seed and action.
class TestRandomActions : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_randomactions"));
        m_database = m_dir.filePath(QStringLiteral("actions.sqlite"));
        writeDemoDatabase(m_database.toStdString());
        Store store = Store::openExisting(m_database.toStdString());
        const ImportedMachine conf = readMachineFile(QFINDTESTDATA("data/topology/irregular.conf").toStdString());
        DemoWorkloadOptions options;
        options.jobCount = 120;
        store.addMachine("site-conf", machineSpecOf(*conf.topology), generateDemoWorkload(*conf.topology, options));
        for (const std::string machine : {"demo-torus", "cab", "site-conf"})
            for (const char* policy : {"random", "first-fit"}) {
                SimulationSetup setup;
                setup.machine = machine;
                setup.allocator.policy = policy;
                runStoredSimulation(store, setup, "test");
            }
    }

    // One row per seed, so that each stays well inside QtTest's time limit per test
    // function (5 minutes), also under the sanitizers.
    void randomActionsKeepTheSessionConsistent_data()
    {
        QTest::addColumn<qulonglong>("seed");
        QTest::addColumn<int>("actions");
        const int total = qEnvironmentVariableIsSet("PLACEMENT_RANDOM_ACTIONS")
            ? qEnvironmentVariableIntValue("PLACEMENT_RANDOM_ACTIONS")
            : 10000;
        std::vector<qulonglong> seeds;
        if (qEnvironmentVariableIsSet("PLACEMENT_RANDOM_SEED"))
            seeds.push_back(static_cast<qulonglong>(qEnvironmentVariableIntValue("PLACEMENT_RANDOM_SEED")));
        else
            for (qulonglong seed = 1; seed <= 10; ++seed)
                seeds.push_back(seed);
        const int perSeed = std::max(1, total / static_cast<int>(seeds.size()));
        for (qulonglong seed : seeds)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed << perSeed;
    }

    void randomActionsKeepTheSessionConsistent()
    {
        QFETCH(qulonglong, seed);
        QFETCH(int, actions);
        const QString failure = runSeed(seed, actions);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

private:
    struct Action
    {
        const char* name;
        std::function<void(SplitMix64&)> act;
    };

    QString runSeed(std::uint64_t seed, int actions)
    {
        MainWindow window;
        if (!window.openDatabase(m_database))
            return QStringLiteral("seed %1: cannot open: %2").arg(seed).arg(window.lastError());
        window.resize(720, 520); // small: frames cost less, every dock still fits
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return QStringLiteral("seed %1: window not shown").arg(seed);
        ExplorerSession* session = window.session();
        const std::vector<Action> all = actionsOn(window);
        SplitMix64 random(seed);
        for (int step = 0; step < actions; ++step) {
            const Action& action
                = all[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(all.size()) - 1))];
            QElapsedTimer clock;
            clock.start();
            action.act(random);
            QCoreApplication::processEvents();
            m_spent[action.name] += clock.elapsed();
            ++m_count[action.name];
            const QString broken = invariantBroken(window, *session);
            if (!broken.isEmpty())
                return QStringLiteral("seed %1, action %2 (%3): %4 (replay: PLACEMENT_RANDOM_SEED=%1 "
                                      "PLACEMENT_RANDOM_ACTIONS=%5)")
                    .arg(seed)
                    .arg(step)
                    .arg(QString::fromLatin1(action.name), broken)
                    .arg(step + 1);
        }
        for (const auto& [name, ms] : m_spent)
            qInfo("%s: %d times, %lld ms", name.c_str(), m_count[name], ms);
        return {};
    }

    /// What the user can do, each drawing what it needs from the generator.
    std::vector<Action> actionsOn(MainWindow& window)
    {
        ExplorerSession* session = window.session();
        auto pickTime = [session](SplitMix64& random) {
            const MachineData* machine = session->machine();
            std::int64_t first = 0, last = 0;
            runSpan(*machine, first, last);
            const std::int64_t margin = (last - first) / 10 + 1;
            return random.between(first - margin, last + margin); // also outside the run
        };
        auto clickAt = [](QWidget* widget, SplitMix64& random) {
            if (!widget->isVisible() || widget->width() < 2 || widget->height() < 2)
                return;
            const QPoint at(static_cast<int>(random.between(0, widget->width() - 1)),
                            static_cast<int>(random.between(0, widget->height() - 1)));
            QTest::mouseClick(widget, Qt::LeftButton, {}, at);
        };
        std::vector<Action> actions{
            {"switch machine",
             [&window](SplitMix64& random) {
                 window.selectMachine(static_cast<int>(random.between(0, window.machineCount() - 1)));
             }},
            {"switch run",
             [&window](SplitMix64& random) {
                 QStringList names = window.runNames();
                 names << QStringLiteral("logged");
                 window.selectRun(names[static_cast<int>(random.between(0, names.size() - 1))]);
             }},
            {"compare with a run",
             [&window](SplitMix64& random) {
                 auto* box = window.findChild<QComboBox*>(QStringLiteral("compareBox"));
                 if (box && box->count() > 0)
                     box->setCurrentIndex(static_cast<int>(random.between(0, box->count() - 1)));
             }},
            {"select a job in the table",
             [&window](SplitMix64& random) {
                 QTableView* table = qobject_cast<JobsDock*>(window.jobsDock())->table();
                 const int rows = table->model()->rowCount();
                 if (rows > 0)
                     table->selectionModel()->setCurrentIndex(
                         table->model()->index(static_cast<int>(random.between(0, rows - 1)), 0),
                         QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
             }},
            {"click the Gantt chart",
             [&window, clickAt](SplitMix64& random) { clickAt(window.timelineDock()->gantt(), random); }},
            {"click the 3D view",
             [&window, clickAt](SplitMix64& random) { clickAt(window.machineView()->renderWidget(), random); }},
            {"click the compared view",
             [&window, clickAt](SplitMix64& random) {
                 if (window.comparing())
                     clickAt(window.comparePane()->view()->renderWidget(), random);
             }},
            {"move the time cursor", [session, pickTime](SplitMix64& random) { session->setTime(pickTime(random)); }},
            {"step through events",
             [&window](SplitMix64& random) {
                 if (random.uniform() < 0.5)
                     window.timelineDock()->stepForward();
                 else
                     window.timelineDock()->stepBack();
             }},
            {"play for a moment",
             [&window](SplitMix64& random) {
                 window.timelineDock()->setPlaying(true);
                 QTest::qWait(static_cast<int>(random.between(1, 20)));
                 window.timelineDock()->setPlaying(false);
             }},
            {"zoom and pan the timeline",
             [&window, session, pickTime](SplitMix64& random) {
                 TimelineDock* timeline = window.timelineDock();
                 if (random.uniform() < 0.2)
                     timeline->resetZoom();
                 else if (random.uniform() < 0.5)
                     timeline->zoomAt(pickTime(random), random.uniform() < 0.5 ? 0.5 : 2.0);
                 else
                     timeline->scrollTo(pickTime(random));
                 (void)session;
             }},
            {"toggle a dock",
             [&window](SplitMix64& random) {
                 const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
                 if (!docks.isEmpty())
                     docks[static_cast<int>(random.between(0, docks.size() - 1))]->toggleViewAction()->trigger();
             }},
            {"toggle links",
             [&window](SplitMix64&) {
                 if (auto* links = window.findChild<QAction*>(QStringLiteral("showLinksAction")))
                     links->trigger();
             }},
            {"change link colours",
             [session](SplitMix64& random) {
                 session->setLinkColorMode(static_cast<LinkColorMode>(random.between(0, 2)));
                 if (random.uniform() < 0.3)
                     session->setWrapLinks(!session->wrapLinks());
             }},
            {"open and cancel a dialog",
             [this, &window](SplitMix64& random) {
                 const std::vector<QAction*> dialogs = dialogActions(window);
                 if (dialogs.empty())
                     return;
                 QAction* action
                     = dialogs[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(dialogs.size()) - 1))];
                 QTimer* poll = cancelDialogs();
                 action->trigger();
                 QCoreApplication::processEvents();
                 rejectModal(); // one opened without a loop of its own (QDialog::open)
                 delete poll;
                 ++m_dialogsOpened;
             }},
        };
        return actions;
    }

    /// Menu entries that open a dialog ("…"), but none that leaves the window.
    static std::vector<QAction*> dialogActions(MainWindow& window)
    {
        std::vector<QAction*> found;
        std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            for (QAction* action : menu->actions()) {
                if (action->menu())
                    walk(action->menu());
                else if (action->isEnabled() && action->text().contains(QChar(0x2026)))
                    found.push_back(action);
            }
        };
        for (QAction* top : window.menuBar()->actions())
            if (top->menu())
                walk(top->menu());
        return found;
    }

    /// Rejects every modal dialog shown while it lives (a file dialog, a message box, the
    /// Simulate or Import dialog): polled, because a dialog runs its own event loop. The
    /// caller deletes it once the action has returned, however long the dialog took to open.
    static QTimer* cancelDialogs()
    {
        auto* poll = new QTimer;
        QObject::connect(poll, &QTimer::timeout, [] { rejectModal(); });
        poll->start(10);
        return poll;
    }

    static void rejectModal()
    {
        if (QWidget* modal = QApplication::activeModalWidget()) {
            if (auto* dialog = qobject_cast<QDialog*>(modal))
                dialog->reject();
            else
                modal->close();
        }
    }

    /// The first start and last end of the run's placed jobs ({0, 0} without any).
    static void runSpan(const MachineData& machine, std::int64_t& first, std::int64_t& last)
    {
        bool any = false;
        for (const Job& job : machine.jobs) {
            if (job.end <= job.start)
                continue;
            first = any ? std::min(first, job.start) : job.start;
            last = any ? std::max(last, job.end) : job.end;
            any = true;
        }
        if (!any)
            first = last = 0;
    }

    /// The session's promises, checked against the window: what is wrong, or empty.
    static QString invariantBroken(MainWindow& window, const ExplorerSession& session)
    {
        const MachineData* machine = session.machine();
        if (!machine)
            return QStringLiteral("no machine shown");
        const std::vector<MachineRecord>& machines = session.machines();
        if (session.machineIndex() < 0 || static_cast<size_t>(session.machineIndex()) >= machines.size())
            return QStringLiteral("machine index %1 of %2").arg(session.machineIndex()).arg(machines.size());
        const std::int64_t machineId = machines[static_cast<size_t>(session.machineIndex())].id;
        if (machine->record.id != machineId)
            return QStringLiteral("the run shown belongs to machine %1, not %2").arg(machine->record.id).arg(machineId);
        for (const RunRecord& run : session.runs())
            if (run.machineId != machineId)
                return QStringLiteral("the Runs list holds run '%1' of machine %2")
                    .arg(QString::fromStdString(run.name))
                    .arg(run.machineId);
        const int job = session.selectedJob();
        if (job < -1 || job >= static_cast<int>(machine->jobs.size()))
            return QStringLiteral("selected job %1 of %2").arg(job).arg(machine->jobs.size());
        const int fragments = job < 0
            ? 0
            : static_cast<int>(
                jobFragments(*machine->topology, machine->jobs[static_cast<size_t>(job)].nodes.toVector()).size());
        if (window.machineView()->outlineCount() != fragments)
            return QStringLiteral("%1 outlines drawn for job %2 of %3 fragments")
                .arg(window.machineView()->outlineCount())
                .arg(job)
                .arg(fragments);
        std::int64_t first = 0, last = 0;
        runSpan(*machine, first, last);
        if ((first != 0 || last != 0) && (session.time() < first || session.time() > last))
            return QStringLiteral("time %1 outside the run's span %2 .. %3").arg(session.time()).arg(first).arg(last);
        if (window.timelineDock()->time() != session.time())
            return QStringLiteral("the timeline shows %1, the session %2")
                .arg(window.timelineDock()->time())
                .arg(session.time());
        if (session.owners().size() != static_cast<size_t>(machine->topology->nodeCount()))
            return QStringLiteral("owners for %1 nodes of %2")
                .arg(session.owners().size())
                .arg(machine->topology->nodeCount());
        if (const MachineData* compared = session.compared()) {
            if (compared->record.id != machineId)
                return QStringLiteral("comparing with a run of machine %1").arg(compared->record.id);
            if (!window.comparing() || !window.comparePane()->isLoaded())
                return QStringLiteral("a compared run but no compare pane");
        } else if (window.comparing()) {
            return QStringLiteral("the compare pane is open without a compared run");
        }
        return {};
    }

    QTemporaryDir m_dir;
    QString m_database;
    int m_dialogsOpened = 0;
    std::map<std::string, qint64> m_spent;
    std::map<std::string, int> m_count;
};

QTEST_MAIN(TestRandomActions)
#include "tst_randomactions.moc"
