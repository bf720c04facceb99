// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace placement::test {

/// What a Slurm client printed.
struct SlurmOutput
{
    int exitCode = -1; ///< -1: it did not start, crashed or timed out
    QString output;
    QString errors;
};

/// One job as Slurm's accounting reports it (sacct -X, times as Unix seconds).
struct SlurmJobRecord
{
    QString id; ///< sacct's JobID ("4711", "4711_3")
    QString state; ///< "COMPLETED", "TIMEOUT", "CANCELLED by 0", ...
    std::int64_t submit = 0, start = 0, end = 0;
    QStringList nodes; ///< expanded by `scontrol show hostnames`, in Slurm's order
};

/// The project's localhost cluster (tests/slurm/cluster.sh) in a scratch directory, for the
/// tests of label `slurm`: started by start(), stopped (exactly the processes it started)
/// by the destructor.
class SlurmCluster
{
public:
    SlurmCluster();
    ~SlurmCluster();
    SlurmCluster(const SlurmCluster&) = delete;
    SlurmCluster& operator=(const SlurmCluster&) = delete;

    enum class Start { Up, Unavailable, Failed };
    /// Brings the cluster up (`--select`, first job id, port base, further options of
    /// cluster.sh start such as `--weighted-nodes`). Unavailable: the packages cannot be
    /// installed here (message() says why); Failed: anything else.
    Start start(const QString& select, int firstJobId, int portBase, const QStringList& options = {});
    QString message() const { return m_message; }

    QString directory() const { return m_dir.path(); }
    QString slurmConf() const { return m_dir.filePath(QStringLiteral("etc/slurm.conf")); }
    QString topologyConf() const { return m_dir.filePath(QStringLiteral("etc/topology.conf")); }
    QString jobcompLog() const { return m_dir.filePath(QStringLiteral("log/jobcomp.txt")); }

    /// Runs a Slurm client against this cluster (SLURM_CONF, TZ=UTC, plus `extra`).
    SlurmOutput client(const QString& program, const QStringList& arguments, const QProcessEnvironment& extra = {},
                       int timeoutMs = 60000) const;
    /// sbatch --parsable ARGUMENTS: the job id, or empty on failure (message() says why).
    QString submit(const QStringList& arguments);
    /// Jobs not yet ended (squeue).
    int activeJobs() const;
    /// Waits until no job is pending or running; false after `seconds`.
    bool waitUntilIdle(int seconds) const;
    /// Every job of the accounting database (sacct -a -X), once at least `expected` of them
    /// have ended there (records reach slurmdbd a few seconds after the event); empty on a
    /// timeout or error.
    std::vector<SlurmJobRecord> accountedJobs(int expected, int seconds) const;
    /// A Slurm hostlist expanded by Slurm itself.
    QStringList hostnames(const QString& hostlist) const;

private:
    QTemporaryDir m_dir;
    QString m_script;
    QString m_message;
    bool m_running = false;
};

} // namespace placement::test

/// Starts `cluster` in a Qt Test function (after the port base: cluster.sh's further options): skips the test, saying
/// why, when the machine cannot have Slurm (the packages cannot be installed), fails it when the cluster does not
/// start.
#define PLACEMENT_START_SLURM_CLUSTER(cluster, select, firstJobId, portBase, ...)                                      \
    do {                                                                                                               \
        switch ((cluster).start((select), (firstJobId), (portBase)__VA_OPT__(, ) __VA_ARGS__)) {                       \
        case placement::test::SlurmCluster::Start::Up: break;                                                          \
        case placement::test::SlurmCluster::Start::Unavailable:                                                        \
            QSKIP(qPrintable(QStringLiteral("no Slurm cluster on this machine: ") + (cluster).message()));             \
        case placement::test::SlurmCluster::Start::Failed:                                                             \
            QFAIL(qPrintable(QStringLiteral("the localhost Slurm cluster did not start: ") + (cluster).message()));    \
        }                                                                                                              \
    } while (false)
