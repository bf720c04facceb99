// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/support/SlurmCluster.h"

#include <QDateTime>
#include <QProcess>
#include <QThread>

namespace placement::test {

namespace {

constexpr int unavailableStatus = 77; // tests/slurm/cluster.sh: the packages cannot be installed

SlurmOutput runProcess(const QString& program, const QStringList& arguments, const QProcessEnvironment& environment,
                       int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    SlurmOutput result;
    if (!process.waitForStarted(10000)) {
        result.errors = program + QStringLiteral(": ") + process.errorString();
        return result;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        result.errors = program + QStringLiteral(" did not finish within %1 s").arg(timeoutMs / 1000);
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.output = QString::fromUtf8(process.readAllStandardOutput());
    result.errors = QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace

SlurmCluster::SlurmCluster()
    : m_script(QStringLiteral(PLACEMENT_SLURM_CLUSTER_SCRIPT))
{}

SlurmCluster::~SlurmCluster()
{
    if (m_running)
        runProcess(QStringLiteral("bash"), {m_script, QStringLiteral("stop"), m_dir.path()},
                   QProcessEnvironment::systemEnvironment(), 120000);
}

SlurmCluster::Start SlurmCluster::start(const QString& select, int firstJobId, int portBase, const QStringList& options)
{
    if (!m_dir.isValid()) {
        m_message = QStringLiteral("no scratch directory: ") + m_dir.errorString();
        return Start::Failed;
    }
    // Installing the packages can take a few minutes on a fresh machine.
    const SlurmOutput result
        = runProcess(QStringLiteral("bash"),
                     QStringList{m_script, QStringLiteral("start"), m_dir.path(), QStringLiteral("--select"), select,
                                 QStringLiteral("--first-job-id"), QString::number(firstJobId),
                                 QStringLiteral("--port-base"), QString::number(portBase)}
                         + options,
                     QProcessEnvironment::systemEnvironment(), 600000);
    m_message = result.errors.trimmed();
    if (result.exitCode == 0) {
        m_running = true;
        return Start::Up;
    }
    if (result.exitCode == unavailableStatus)
        return Start::Unavailable;
    return Start::Failed;
}

SlurmOutput SlurmCluster::client(const QString& program, const QStringList& arguments, const QProcessEnvironment& extra,
                                 int timeoutMs) const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("SLURM_TIME_FORMAT"));
    environment.insert(QStringLiteral("SLURM_CONF"), m_dir.filePath(QStringLiteral("etc/slurm.conf")));
    environment.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    environment.insert(extra);
    return runProcess(program, arguments, environment, timeoutMs);
}

QString SlurmCluster::submit(const QStringList& arguments)
{
    const SlurmOutput result = client(QStringLiteral("sbatch"), QStringList{QStringLiteral("--parsable")} + arguments);
    if (result.exitCode != 0) {
        m_message = QStringLiteral("sbatch %1: %2").arg(arguments.join(QLatin1Char(' ')), result.errors.trimmed());
        return {};
    }
    // "4711" or "4711;cluster"
    return result.output.trimmed().section(QLatin1Char(';'), 0, 0);
}

int SlurmCluster::activeJobs() const
{
    const SlurmOutput result
        = client(QStringLiteral("squeue"), {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%i")});
    if (result.exitCode != 0)
        return -1;
    return static_cast<int>(result.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size());
}

bool SlurmCluster::waitUntilIdle(int seconds) const
{
    const QDateTime until = QDateTime::currentDateTimeUtc().addSecs(seconds);
    while (QDateTime::currentDateTimeUtc() < until) {
        if (activeJobs() == 0)
            return true;
        QThread::msleep(1000);
    }
    return false;
}

std::vector<SlurmJobRecord> SlurmCluster::accountedJobs(int expected, int seconds) const
{
    QProcessEnvironment epoch;
    epoch.insert(QStringLiteral("SLURM_TIME_FORMAT"), QStringLiteral("%s"));
    const QDateTime until = QDateTime::currentDateTimeUtc().addSecs(seconds);
    while (true) {
        const SlurmOutput result
            = client(QStringLiteral("sacct"),
                     {QStringLiteral("-a"), QStringLiteral("-X"), QStringLiteral("-P"), QStringLiteral("-n"),
                      QStringLiteral("-S"), QStringLiteral("2000-01-01"), QStringLiteral("-E"), QStringLiteral("now"),
                      QStringLiteral("--format=JobID,State,Submit,Start,End,NodeList")},
                     epoch);
        if (result.exitCode != 0)
            return {};
        std::vector<SlurmJobRecord> jobs;
        int ended = 0;
        for (const QString& line : result.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList fields = line.split(QLatin1Char('|'));
            if (fields.size() != 6)
                return {};
            SlurmJobRecord job;
            job.id = fields[0];
            job.state = fields[1];
            job.submit = fields[2].toLongLong();
            job.start = fields[3].toLongLong();
            job.end = fields[4].toLongLong();
            if (job.end > 0)
                ++ended;
            if (fields[5] != QLatin1String("None assigned") && !fields[5].isEmpty())
                job.nodes = hostnames(fields[5]);
            jobs.push_back(job);
        }
        if (ended >= expected)
            return jobs;
        if (QDateTime::currentDateTimeUtc() >= until)
            return {};
        QThread::msleep(2000);
    }
}

QStringList SlurmCluster::hostnames(const QString& hostlist) const
{
    const SlurmOutput result
        = client(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("hostnames"), hostlist});
    return result.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace placement::test
