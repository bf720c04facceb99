// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A real Slurm 22.05 (tests/slurm/cluster.sh --weighted-nodes: slurm.conf defines each leaf's
// nodes out of name order, with two weights) and the import from it: `placement import
// --from-slurm` numbers the nodes as Slurm selects them, so that the 22.05 rule places the
// jobs where Slurm did, and the explorer's File > Import from Slurm imports the same jobs.
#include "app/ExplorerSession.h"
#include "app/MainWindow.h"
#include "app/SimulateDialog.h"
#include "app/SlurmImportDialog.h"
#include "app/TaskListDock.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/SlurmCluster.h"
#include "tests/support/StoredRuns.h"

#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace placement;
using placement::test::SlurmCluster;
using placement::test::SlurmJobRecord;
using placement::test::SlurmOutput;

namespace {

/// Slurm's order of the first leaf's nodes under --weighted-nodes: its 13th-16th (Weight=5),
/// then the 9th-12th and the 1st-8th (Weight=10, in slurm.conf's order).
QStringList firstLeafInSlurmOrder()
{
    QStringList names;
    for (int n : {13, 14, 15, 16, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8})
        names << QStringLiteral("n%1").arg(n, 3, 10, QLatin1Char('0'));
    return names;
}

/// Fills in the Import from Slurm dialog once it is open, and accepts it.
void answerSlurmDialog(const QString& since, const QString& machine)
{
    QTimer::singleShot(0, [since, machine] {
        auto* dialog = qobject_cast<SlurmImportDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->findChild<QLineEdit*>(QStringLiteral("sinceEdit"))->setText(since);
        dialog->findChild<QLineEdit*>(QStringLiteral("machineEdit"))->setText(machine);
        dialog->accept();
    });
}

} // namespace

class TestSlurmExplorer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fromSlurmNumbersNodesAsSlurmSelectsThem();
    void importDialogImportsTheJobs();
    void importDialogShowsSacctFailing();
    // Last: its array tasks are jobs of the cluster too.
    void dialogSweepOnSlurmIsFollowedAndCollected();

private:
    /// Runs the dialog's action in `window` and waits for its task; returns what its row says.
    QString importThroughDialog(MainWindow& window, const QString& since, const QString& machine);
    /// The same in a new database `name` shown in `window`.
    QString importIntoNewDatabase(MainWindow& window, const QString& name, const QString& since,
                                  const QString& machine);

    SlurmCluster m_cluster;
    QTemporaryDir m_dir;
    std::vector<SlurmJobRecord> m_slurm;
};

void TestSlurmExplorer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    placement::test::isolateSettings(m_dir.path(), QStringLiteral("tst_slurmexplorer"));
    PLACEMENT_START_SLURM_CLUSTER(m_cluster, QStringLiteral("cons_tres"), 40001, 25800,
                                  {QStringLiteral("--weighted-nodes")});
    // One job at a time on the empty machine, each once the last has left every node (no
    // node completing), so that the log shows each decision's state exactly.
    for (int nodes : {3, 2, 4, 1}) {
        const QString id = m_cluster.submit({QStringLiteral("-W"), QStringLiteral("-N"), QString::number(nodes),
                                             QStringLiteral("-t"), QStringLiteral("1"), QStringLiteral("--wrap"),
                                             QStringLiteral("sleep 1")});
        QVERIFY2(!id.isEmpty(), qPrintable(m_cluster.message()));
        for (int wait = 0; wait < 300; ++wait) {
            const SlurmOutput completing
                = m_cluster.client(QStringLiteral("sinfo"),
                                   {QStringLiteral("-h"), QStringLiteral("-t"), QStringLiteral("completing"),
                                    QStringLiteral("-o"), QStringLiteral("%D")});
            if (completing.exitCode == 0 && completing.output.trimmed().isEmpty())
                break;
            QThread::msleep(100);
        }
    }
    m_slurm = m_cluster.accountedJobs(4, 60);
    QCOMPARE(m_slurm.size(), std::size_t{4});
    // Slurm selects the lightest nodes of the first leaf, in slurm.conf's order.
    QCOMPARE(m_slurm.front().nodes, firstLeafInSlurmOrder().mid(0, 3));
    // The explorer's import runs the Slurm clients with this process's environment.
    qputenv("SLURM_CONF", m_cluster.slurmConf().toUtf8());
    qputenv("TZ", "UTC");
}

void TestSlurmExplorer::fromSlurmNumbersNodesAsSlurmSelectsThem()
{
    const QString database = m_dir.filePath(QStringLiteral("cli.db"));
    const SlurmOutput imported = m_cluster.client(
        QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
        {QStringLiteral("import"), QStringLiteral("--db"), database, QStringLiteral("--from-slurm")});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.output + imported.errors));
    {
        Store store = Store::openExisting(database.toStdString());
        const std::vector<std::string> names = store.nodeNames(store.machine("emu")->id);
        QCOMPARE(names.size(), std::size_t{128});
        QStringList firstLeaf;
        for (std::size_t node = 0; node < 16; ++node)
            firstLeaf << QString::fromStdString(names[node]);
        QCOMPARE(firstLeaf, firstLeafInSlurmOrder());
    }
    // On that numbering the 22.05 rule chooses Slurm's nodes for every job (on names'
    // order it would choose n001-n003 for the first).
    const SlurmOutput whatIf = m_cluster.client(
        QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
        {QStringLiteral("whatif"), QStringLiteral("--db"), database, QStringLiteral("--machine"), QStringLiteral("emu"),
         QStringLiteral("--policy"), QStringLiteral("slurm-tree-22.05-cons-tres")});
    QVERIFY2(whatIf.exitCode == 0, qPrintable(whatIf.output + whatIf.errors));
    QVERIFY2(whatIf.output.contains(QStringLiteral("4 jobs, 4 placed by the policy, 4 on the same nodes")),
             qPrintable(whatIf.output));
}

QString TestSlurmExplorer::importThroughDialog(MainWindow& window, const QString& since, const QString& machine)
{
    TaskListDock* tasks = window.tasksDock();
    const int before = tasks->taskCount();
    answerSlurmDialog(since, machine);
    window.findChild<QAction*>(QStringLiteral("importFromSlurmAction"))->trigger();
    [&] { QTRY_VERIFY_WITH_TIMEOUT(tasks->taskCount() == before + 1 && tasks->runningCount() == 0, 120000); }();
    return tasks->taskText(before);
}

QString TestSlurmExplorer::importIntoNewDatabase(MainWindow& window, const QString& name, const QString& since,
                                                 const QString& machine)
{
    window.show();
    if (!window.createDatabase(m_dir.filePath(name)))
        return QStringLiteral("no database: ") + window.lastError();
    return importThroughDialog(window, since, machine);
}

void TestSlurmExplorer::importDialogImportsTheJobs()
{
    MainWindow window;
    const QString text = importIntoNewDatabase(window, QStringLiteral("explorer.db"),
                                               QStringLiteral("2000-01-01T00:00:00"), QStringLiteral("emu-gui"));
    QVERIFY2(text.contains(QStringLiteral("sacct: 4 jobs, 0 already stored for emu-gui")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Imported into machine <i>emu-gui</i>")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("4 jobs imported")), qPrintable(text));
    // The imported machine is shown, with Slurm's jobs on Slurm's nodes, numbered as Slurm
    // selects them.
    QTRY_VERIFY(window.currentMachine() && window.currentMachine()->record.name == "emu-gui");
    const MachineData* machine = window.currentMachine();
    QCOMPARE(machine->jobs.size(), m_slurm.size());
    for (const SlurmJobRecord& slurm : m_slurm) {
        const auto job = std::find_if(machine->jobs.begin(), machine->jobs.end(),
                                      [&](const Job& j) { return QString::fromStdString(j.id) == slurm.id; });
        QVERIFY2(job != machine->jobs.end(), qPrintable(slurm.id));
        QCOMPARE(job->start, slurm.start);
        QStringList nodes;
        for (int node : job->nodes)
            nodes << QString::fromStdString(machine->nodeNames[static_cast<std::size_t>(node)]);
        QCOMPARE(nodes, slurm.nodes);
    }
    QStringList firstLeaf;
    for (std::size_t node = 0; node < 16; ++node)
        firstLeaf << QString::fromStdString(machine->nodeNames[node]);
    QCOMPARE(firstLeaf, firstLeafInSlurmOrder());
    // Again: nothing new, nothing written.
    const QString again = importThroughDialog(window, QStringLiteral("2000-01-01T00:00:00"), QStringLiteral("emu-gui"));
    QVERIFY2(again.contains(QStringLiteral("4 already stored for emu-gui")), qPrintable(again));
    QVERIFY2(again.contains(QStringLiteral("Nothing new to import")), qPrintable(again));
    QCOMPARE(window.machineCount(), 1);
}

void TestSlurmExplorer::importDialogShowsSacctFailing()
{
    MainWindow window;
    const QString text = importIntoNewDatabase(window, QStringLiteral("failing.db"), QStringLiteral("yesterday-ish"),
                                               QStringLiteral("emu"));
    QVERIFY2(text.contains(QStringLiteral("Nothing imported")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("sacct -a -P -X")) && text.contains(QStringLiteral("failed")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Invalid time specification")), qPrintable(text));
    QCOMPARE(window.machineCount(), 0);
    Store store = Store::openExisting(m_dir.filePath(QStringLiteral("failing.db")).toStdString());
    QVERIFY(store.machines().empty());
}

// The Simulate dialog's sweep on Slurm: submitted as an array, followed by the explorer
// (--collect and --status every few seconds) until every point is stored, its runs in the
// Runs dock under the sweep, equal to the same sweep run here; a point another sweep had
// stored joins this sweep instead of being replayed again.
void TestSlurmExplorer::dialogSweepOnSlurmIsFollowedAndCollected()
{
    const auto import = [&](const QString& name) {
        const QString database = m_dir.filePath(name);
        const SlurmOutput imported
            = m_cluster.client(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                               {QStringLiteral("import"), QStringLiteral("--db"), database, QStringLiteral("--machine"),
                                QStringLiteral("hpc2n"), QStringLiteral("--topology"), QStringLiteral("jigsaw-1024"),
                                QFINDTESTDATA("data/traces/hpc2n.swf")});
        [&] { QVERIFY2(imported.exitCode == 0, qPrintable(imported.errors)); }();
        return database;
    };
    const QString onSlurm = import(QStringLiteral("sweep-slurm.sqlite"));
    const QString here = import(QStringLiteral("sweep-here.sqlite"));
    MainWindow window;
    QVERIFY(window.openDatabase(onSlurm));
    const MachineData* machine = window.session()->machine();
    QVERIFY(machine);
    SimulateDialog dialog(machine->record.name, *machine->topology);
    dialog.setWorkload(onSlurm, machine->record.id);
    dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->setValue(2);
    dialog.findChild<QGroupBox*>(QStringLiteral("sweep"))->setChecked(true);
    dialog.findChild<QLineEdit*>(QStringLiteral("sweepPolicies"))->setText(QStringLiteral("first-fit,ta"));
    dialog.findChild<QLineEdit*>(QStringLiteral("sweepSeeds"))->setText(QStringLiteral("1,2"));
    dialog.findChild<QLineEdit*>(QStringLiteral("sweepName"))->setText(QStringLiteral("onslurm"));
    auto* where = dialog.findChild<QComboBox*>(QStringLiteral("sweepWhere"));
    QVERIFY2(where->model()->flags(where->model()->index(1, 0)).testFlag(Qt::ItemIsEnabled),
             qPrintable(where->itemData(1, Qt::ToolTipRole).toString()));
    where->setCurrentIndex(1);
    const std::optional<SweepRequest> request = dialog.sweepRequest();
    QVERIFY(request);
    QVERIFY(request->slurm);

    // One of its points stored before by another sweep, in both databases.
    for (const QString& database : {onSlurm, here}) {
        QStringList earlier = request->commandLine();
        earlier.removeAll(QStringLiteral("--slurm"));
        earlier[earlier.indexOf(QStringLiteral("--db")) + 1] = database;
        earlier[earlier.indexOf(QStringLiteral("--name")) + 1] = QStringLiteral("earlier");
        earlier[earlier.indexOf(QStringLiteral("--policy")) + 1] = QStringLiteral("ta");
        earlier[earlier.indexOf(QStringLiteral("--seed")) + 1] = QStringLiteral("1");
        const SlurmOutput stored = m_cluster.client(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                                                    earlier << QStringLiteral("--jobs") << QStringLiteral("1"));
        QVERIFY2(stored.exitCode == 0, qPrintable(stored.errors));
    }
    window.session()->refreshFromDisk();

    QSignalSpy ended(window.tasksDock(), &TaskListDock::taskEnded);
    const int task = window.startSweep(*request);
    QVERIFY(ended.wait(300000));
    const QString text = window.tasksDock()->taskText(task);
    QVERIFY2(text.contains(QStringLiteral("3 runs collected, 4 of 4 points stored")), qPrintable(text));
    QCOMPARE(window.session()->runs().size(), size_t(4));
    QCOMPARE(window.session()->runFilter().sweep, QStringLiteral("onslurm"));
    QCOMPARE(window.runsDock()->findChild<QTableView*>()->model()->rowCount(), 5); // logged and 4 points

    // The same sweep here: the same runs, names, points and placements.
    QStringList same = request->commandLine();
    same.removeAll(QStringLiteral("--slurm"));
    same[same.indexOf(QStringLiteral("--db")) + 1] = here;
    const SlurmOutput swept = m_cluster.client(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                                               same << QStringLiteral("--jobs") << QStringLiteral("2"));
    QVERIFY2(swept.exitCode == 0, qPrintable(swept.errors));
    QVERIFY(placement::test::storedRuns(onSlurm.toStdString()) == placement::test::storedRuns(here.toStdString()));
    Store store = Store::openExisting(onSlurm.toStdString());
    int inBoth = 0;
    for (const RunRecord& run : runs(store, store.machine("hpc2n")->id))
        inBoth += run.sweeps == std::vector<std::string>{"earlier", "onslurm"};
    QCOMPARE(inBoth, 1);
}

QTEST_MAIN(TestSlurmExplorer)
#include "tst_slurmexplorer.moc"
