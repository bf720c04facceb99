// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A real Slurm 22.05 (tests/slurm/cluster.sh --weighted-nodes: slurm.conf defines each leaf's
// nodes out of name order, with two weights) and the import from it: `placement import
// --from-slurm` numbers the nodes as Slurm selects them, so that the 22.05 rule places the
// jobs where Slurm did, and the explorer's File > Import from Slurm imports the same jobs.
#include "app/MainWindow.h"
#include "app/SlurmImportDialog.h"
#include "app/TaskListDock.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/SlurmCluster.h"

#include <QApplication>
#include <QLineEdit>
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

QTEST_MAIN(TestSlurmExplorer)
#include "tst_slurmexplorer.moc"
