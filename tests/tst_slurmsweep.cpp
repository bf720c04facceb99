// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A sweep run as a Slurm job array on the localhost cluster (tests/slurm/cluster.sh):
// `placement sweep --slurm` submits it, each array task writes its own result file, --status
// follows it, --collect stores the runs. The runs must equal, placement for placement, those
// of the same sweep run here with two workers; collecting twice must not double a run; a
// task that fails must show as failed and leave the others' runs.

#include "store/Store.h"
#include "tests/support/SlurmCluster.h"
#include "tests/support/StoredRuns.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <map>

using namespace placement;
using namespace placement::test;

namespace {

const QString placementProgram = QStringLiteral(PLACEMENT_BIN_DIR "/placement");

} // namespace

class TestSlurmSweep : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        PLACEMENT_START_SLURM_CLUSTER(m_cluster, QStringLiteral("cons_tres"), 70000, 18800);
        m_local = m_dir.filePath(QStringLiteral("local.sqlite"));
        m_array = m_dir.filePath(QStringLiteral("array.sqlite"));
        for (const QString& database : {m_local, m_array}) {
            const SlurmOutput imported
                = run({QStringLiteral("import"), QStringLiteral("--db"), database, QStringLiteral("--machine"),
                       QStringLiteral("hpc2n"), QStringLiteral("--topology"), QStringLiteral("jigsaw-1024"),
                       QFINDTESTDATA("data/traces/hpc2n.swf")});
            QVERIFY2(imported.exitCode == 0, qPrintable(imported.errors));
        }
    }

    void arrayTasksStoreTheSameRunsAsHere()
    {
        const QStringList grid{QStringLiteral("--machine"),       QStringLiteral("hpc2n"),
                               QStringLiteral("--policy"),        QStringLiteral("first-fit,ta,jigsaw"),
                               QStringLiteral("--speedup"),       QStringLiteral("none,v2"),
                               QStringLiteral("--seed"),          QStringLiteral("1,2"),
                               QStringLiteral("--cpus-per-node"), QStringLiteral("2"),
                               QStringLiteral("--name"),          QStringLiteral("grid")};
        const SlurmOutput here = run(QStringList{QStringLiteral("sweep"), QStringLiteral("--db"), m_local,
                                                 QStringLiteral("--jobs"), QStringLiteral("2")}
                                     + grid);
        QVERIFY2(here.exitCode == 0, qPrintable(here.errors));

        const QStringList array = QStringList{QStringLiteral("sweep"), QStringLiteral("--db"), m_array} + grid;
        const SlurmOutput submitted
            = run(array
                  + QStringList{QStringLiteral("--slurm"), QStringLiteral("--points-per-task"), QStringLiteral("3"),
                                QStringLiteral("--max-running"), QStringLiteral("2"), QStringLiteral("--time"),
                                QStringLiteral("5")});
        QVERIFY2(submitted.exitCode == 0, qPrintable(submitted.errors));
        QVERIFY2(submitted.errors.contains(QLatin1String("12 points in 4 array tasks")), qPrintable(submitted.errors));
        QVERIFY(m_cluster.waitUntilIdle(300));
        // Nothing is in the database before --collect: the tasks only read it.
        QCOMPARE(storedRuns(m_array.toStdString()).size(), size_t(0));
        const SlurmOutput status = run(array + QStringList{QStringLiteral("--status")});
        QVERIFY2(status.output.contains(QLatin1String("finished, not collected: 12")), qPrintable(status.output));

        const SlurmOutput collected = run(array + QStringList{QStringLiteral("--collect")});
        QVERIFY2(collected.errors.contains(QLatin1String("12 runs stored now")), qPrintable(collected.errors));
        const SlurmOutput again = run(array + QStringList{QStringLiteral("--collect")});
        QVERIFY2(again.errors.contains(QLatin1String("0 runs stored now, 12 stored before")), qPrintable(again.errors));

        const auto local = storedRuns(m_local.toStdString());
        const auto fromSlurm = storedRuns(m_array.toStdString());
        QCOMPARE(local.size(), size_t(12));
        QVERIFY(local == fromSlurm); // names, point ids and every placement

        const SlurmOutput done = statusOnceItSays(array, QStringLiteral("completed 4"));
        QVERIFY2(done.output.contains(QLatin1String("stored in the database: 12")), qPrintable(done.output));
        QVERIFY2(done.output.contains(QLatin1String("completed 4")), qPrintable(done.output));
        // Submitting again submits nothing.
        const SlurmOutput resubmitted = run(array + QStringList{QStringLiteral("--slurm")});
        QVERIFY2(resubmitted.errors.contains(QLatin1String("every point is stored")), qPrintable(resubmitted.errors));
    }

    void failedTasksShowAndTheOthersStay()
    {
        // A node order a fat-tree does not have: the first-fit points fail, the others run.
        const QStringList sweep{QStringLiteral("sweep"),
                                QStringLiteral("--db"),
                                m_array,
                                QStringLiteral("--machine"),
                                QStringLiteral("hpc2n"),
                                QStringLiteral("--policy"),
                                QStringLiteral("first-fit,ta"),
                                QStringLiteral("--order"),
                                QStringLiteral("zyx"),
                                QStringLiteral("--cpus-per-node"),
                                QStringLiteral("2"),
                                QStringLiteral("--name"),
                                QStringLiteral("bad")};
        const SlurmOutput submitted = run(sweep + QStringList{QStringLiteral("--slurm")});
        QVERIFY2(submitted.exitCode == 0, qPrintable(submitted.errors));
        QVERIFY(m_cluster.waitUntilIdle(300));
        const SlurmOutput status = statusOnceItSays(sweep, QStringLiteral("failed 1"));
        QVERIFY2(status.output.contains(QLatin1String("failed 1")), qPrintable(status.output));
        QVERIFY2(status.output.contains(QLatin1String("completed 1")), qPrintable(status.output));
        QVERIFY2(status.output.contains(QLatin1String("finished, not collected: 1")), qPrintable(status.output));
        QVERIFY2(status.output.contains(QLatin1String("logs/task-")), qPrintable(status.output));
        const SlurmOutput collected = run(sweep + QStringList{QStringLiteral("--collect")});
        QVERIFY2(collected.errors.contains(QLatin1String("1 runs stored now")), qPrintable(collected.errors));
    }

private:
    /// `--status` once it says `text`, or after a minute: sacct learns of the ends a few
    /// seconds after them.
    SlurmOutput statusOnceItSays(const QStringList& sweep, const QString& text)
    {
        SlurmOutput status;
        QElapsedTimer clock;
        clock.start();
        do {
            QThread::msleep(1000);
            status = run(sweep + QStringList{QStringLiteral("--status")});
        } while (!status.output.contains(text) && clock.elapsed() < 60000);
        return status;
    }

    SlurmOutput run(const QStringList& arguments) { return m_cluster.client(placementProgram, arguments, {}, 600000); }

    SlurmCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_local, m_array;
};

QTEST_GUILESS_MAIN(TestSlurmSweep)
#include "tst_slurmsweep.moc"
