// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// How faithfully the project's policies reproduce Slurm 22.05's placements
// (docs/slurm.md, "Fidelity"). On the localhost cluster (tests/slurm/cluster.sh) under the
// select plugin named by PLACEMENT_SLURM_SELECT (cons_tres or linear), six episodes from an
// empty machine: fill it with long jobs, cancel about 40 % of them, refill with jobs of
// mixed sizes. Slurm's placements are exported with sacct, imported, and `placement whatif`
// asks the matching 22.05 policy what it would have chosen before each job: at least 99 %
// must agree.
#include "tests/support/SlurmCluster.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <random>

using placement::test::SlurmCluster;
using placement::test::SlurmOutput;

namespace {

constexpr int episodes = 6;

struct WhatIfSummary
{
    int jobs = 0;
    int agreeing = 0;
    double agreement = 0;
    QString errors;
};

WhatIfSummary whatIf(const QString& database, const QString& policy, const QString& jsonPath)
{
    QProcess process;
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                  {QStringLiteral("whatif"), QStringLiteral("--db"), database, QStringLiteral("--machine"),
                   QStringLiteral("emu"), QStringLiteral("--policy"), policy, QStringLiteral("--json"), jsonPath});
    WhatIfSummary summary;
    if (!process.waitForFinished(120000) || process.exitCode() != 0) {
        summary.errors = QString::fromUtf8(process.readAllStandardError());
        return summary;
    }
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly))
        return summary;
    const QJsonObject values
        = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("summary")).toObject();
    summary.jobs = values.value(QLatin1String("jobs")).toInt();
    summary.agreeing = values.value(QLatin1String("agreeing")).toInt();
    summary.agreement = values.value(QLatin1String("agreement")).toDouble();
    return summary;
}

} // namespace

class TestSlurmFidelity : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void matchingPolicyAgreesWithSlurm();

private:
    QStringList running() const;
    int idleNodes() const;
    bool waitUntilNoNodeCompleting(int seconds) const;
    bool waitUntilSettled(int seconds) const;

    SlurmCluster m_cluster;
    QString m_select;
    QDir m_out; ///< the export, the database and what-if's JSON, kept for a person to look at
    QString m_database;
};

QStringList TestSlurmFidelity::running() const
{
    const SlurmOutput result = m_cluster.client(QStringLiteral("squeue"),
                                                {QStringLiteral("-h"), QStringLiteral("-t"), QStringLiteral("running"),
                                                 QStringLiteral("-o"), QStringLiteral("%i")});
    return result.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

int TestSlurmFidelity::idleNodes() const
{
    const SlurmOutput result = m_cluster.client(QStringLiteral("sinfo"),
                                                {QStringLiteral("-h"), QStringLiteral("-t"), QStringLiteral("idle"),
                                                 QStringLiteral("-o"), QStringLiteral("%D")});
    return result.output.trimmed().toInt();
}

bool TestSlurmFidelity::waitUntilNoNodeCompleting(int seconds) const
{
    for (int i = 0; i < 10 * seconds; ++i) {
        const SlurmOutput result
            = m_cluster.client(QStringLiteral("sinfo"),
                               {QStringLiteral("-h"), QStringLiteral("-t"), QStringLiteral("completing"),
                                QStringLiteral("-o"), QStringLiteral("%D")});
        if (result.exitCode == 0 && result.output.trimmed().isEmpty())
            return true;
        QThread::msleep(100);
    }
    return false;
}

/// Waits until every pending job has started or none can: three polls a second apart
/// with the same running set and the backfill pass (every 5 s) given its chance.
bool TestSlurmFidelity::waitUntilSettled(int seconds) const
{
    QStringList last;
    int same = 0;
    for (int i = 0; i < seconds; ++i) {
        QThread::msleep(1000);
        const QStringList now = running();
        same = now == last ? same + 1 : 0;
        last = now;
        if (same >= 6)
            return true;
    }
    return false;
}

void TestSlurmFidelity::initTestCase()
{
    m_select = qEnvironmentVariable("PLACEMENT_SLURM_SELECT", QStringLiteral("cons_tres"));
    QVERIFY2(m_select == QLatin1String("cons_tres") || m_select == QLatin1String("linear"), qPrintable(m_select));
    const int portBase = m_select == QLatin1String("cons_tres") ? 17800 : 18800;
    const int firstJob = m_select == QLatin1String("cons_tres") ? 100001 : 200001;
    PLACEMENT_START_SLURM_CLUSTER(m_cluster, m_select, firstJob, portBase);
    QElapsedTimer clock;
    clock.start();
    std::mt19937 random(2205);
    const auto longJob = [&](int nodes) {
        return m_cluster.submit({QStringLiteral("-N"), QString::number(nodes), QStringLiteral("-t"),
                                 QStringLiteral("30"), QStringLiteral("--wrap"), QStringLiteral("sleep 1800")});
    };
    int submitted = 0;
    for (int episode = 0; episode < episodes; ++episode) {
        // Fill: jobs of 1-16 nodes until all 128 are asked for.
        std::uniform_int_distribution<int> fillSize(1, 16);
        for (int asked = 0; asked < 128; ++submitted) {
            const int nodes = std::min(fillSize(random), 128 - asked);
            QVERIFY2(!longJob(nodes).isEmpty(), qPrintable(m_cluster.message()));
            asked += nodes;
        }
        QVERIFY2(waitUntilSettled(60), "the fill did not settle");
        // Cancel about 40 % of the running jobs, a few seconds after the last start.
        QStringList victims = running();
        std::shuffle(victims.begin(), victims.end(), random);
        victims = victims.mid(0, static_cast<int>(victims.size() * 2 / 5));
        QThread::msleep(2000);
        QCOMPARE(m_cluster.client(QStringLiteral("scancel"), victims).exitCode, 0);
        // A cancelled job's nodes are not free at its end time: each stays COMPLETING until its
        // slurmd has ended the job there (the batch host last, seconds later).
        QVERIFY2(waitUntilNoNodeCompleting(60), "nodes still completing a minute after the cancellations");
        // Refill with jobs of 1-32 nodes, no more than the free nodes hold: each one starts, in
        // a machine with holes (tight leaves, several leaves, several pods).
        std::uniform_int_distribution<int> refillSize(1, 32);
        int free = idleNodes();
        QVERIFY2(free > 0, "no node is idle after the cancellations");
        for (int job = 0; job < 12 && free > 0; ++job, ++submitted) {
            const int nodes = std::min(refillSize(random), free);
            QVERIFY2(!longJob(nodes).isEmpty(), qPrintable(m_cluster.message()));
            free -= nodes;
        }
        QVERIFY2(waitUntilSettled(60), "the refill did not settle");
        // Empty the machine for the next episode: pending jobs first, so that none starts.
        QThread::msleep(2000);
        QCOMPARE(
            m_cluster
                .client(QStringLiteral("scancel"), {QStringLiteral("--state=pending"), QStringLiteral("--user=root")})
                .exitCode,
            0);
        QCOMPARE(m_cluster.client(QStringLiteral("scancel"), {QStringLiteral("--user=root")}).exitCode, 0);
        QVERIFY2(m_cluster.waitUntilIdle(60), "jobs still running after the episode");
        QVERIFY2(waitUntilNoNodeCompleting(60), "nodes still completing a minute after the episode");
    }
    qInfo("%d jobs in %d episodes under select/%s took %.0f s", submitted, episodes, qPrintable(m_select),
          clock.elapsed() / 1000.0);

    // Slurm's placements as a site would export them (the recommended sacct command).
    m_out.setPath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/slurm-fidelity-") + m_select);
    QVERIFY(m_out.removeRecursively() && m_out.mkpath(QStringLiteral(".")));
    QVERIFY(m_cluster.accountedJobs(submitted, 60).size() == static_cast<size_t>(submitted));
    const SlurmOutput sacct = m_cluster.client(
        QStringLiteral("sacct"),
        {QStringLiteral("-a"), QStringLiteral("-X"), QStringLiteral("-P"), QStringLiteral("-S"),
         QStringLiteral("2000-01-01"), QStringLiteral("-E"), QStringLiteral("now"),
         QStringLiteral("--format=JobID,JobIDRaw,User,Account,Partition,QOS,State,ExitCode,Submit,Eligible,Start,End,"
                        "Elapsed,Timelimit,NNodes,NCPUS,AllocCPUS,ReqNodes,NodeList,ReqTRES,AllocTRES,JobName")});
    QCOMPARE(sacct.exitCode, 0);
    const QString log = m_out.filePath(QStringLiteral("episodes.sacct"));
    {
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(sacct.output.toUtf8());
    }
    m_database = m_out.filePath(QStringLiteral("episodes.db"));
    QProcess import;
    import.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                 {QStringLiteral("import"), QStringLiteral("--db"), m_database, QStringLiteral("--topology"),
                  m_cluster.topologyConf(), QStringLiteral("--machine"), QStringLiteral("emu"), log});
    QVERIFY(import.waitForFinished(120000));
    QVERIFY2(import.exitCode() == 0, import.readAllStandardError().constData());
}

void TestSlurmFidelity::matchingPolicyAgreesWithSlurm()
{
    const QString matching = m_select == QLatin1String("cons_tres") ? QStringLiteral("slurm-tree-22.05-cons-tres")
                                                                    : QStringLiteral("slurm-tree-22.05-linear");
    // The other policies, for the table in docs/slurm.md.
    for (const QString& policy : {QStringLiteral("slurm-tree"), QStringLiteral("slurm-tree-22.05-cons-tres"),
                                  QStringLiteral("slurm-tree-22.05-linear"), QStringLiteral("first-fit")}) {
        const WhatIfSummary summary = whatIf(m_database, policy, m_out.filePath(policy + QStringLiteral(".json")));
        QVERIFY2(summary.errors.isEmpty(), qPrintable(summary.errors));
        qInfo("select/%s, %s: %d of %d jobs on the same nodes (%.1f %%)", qPrintable(m_select), qPrintable(policy),
              summary.agreeing, summary.jobs, 100 * summary.agreement);
        if (policy != matching)
            continue;
        QVERIFY2(summary.jobs >= episodes * 15, qPrintable(QStringLiteral("only %1 decisions").arg(summary.jobs)));
        QVERIFY2(summary.agreement >= 0.99,
                 qPrintable(QStringLiteral("%1 agrees with Slurm for %2 of %3 jobs")
                                .arg(matching)
                                .arg(summary.agreeing)
                                .arg(summary.jobs)));
    }
}

QTEST_GUILESS_MAIN(TestSlurmFidelity)
#include "tst_slurmfidelity.moc"
