// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "core/Job.h"
#include "core/PlacementMetrics.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

namespace placement {

class Topology;

/// One count per job (a metric of JobMetricsTable), -1 where there is none: 8 bits each
/// while every count is below 255 (levels, pods, the leaves of most machines), 16 while below
/// 65,535 (any machine of fewer nodes), else 32. Nothing is allocated until a job has a count.
class CountColumn
{
public:
    explicit CountColumn(std::size_t jobs = 0)
        : m_jobs(jobs)
    {}
    int operator[](std::size_t job) const
    {
        if (!m_wide.empty())
            return m_wide[job];
        if (!m_narrow.empty())
            return m_narrow[job] == NoneNarrow ? -1 : m_narrow[job];
        return m_tiny.empty() || m_tiny[job] == NoneTiny ? -1 : m_tiny[job];
    }
    void set(std::size_t job, int count);

private:
    static constexpr std::uint8_t NoneTiny = UINT8_MAX;
    static constexpr std::uint16_t NoneNarrow = UINT16_MAX;
    std::size_t m_jobs;
    std::vector<std::uint8_t> m_tiny;
    std::vector<std::uint16_t> m_narrow; ///< instead of m_tiny once a count needs it
    std::vector<std::int32_t> m_wide; ///< instead of both once a count needs it
};

/// The placement metrics (docs/reference.md §2) of every job of one shown run, in the order
/// of its job list, as the job table shows them. Kept by column, each only where some job
/// has a value (leaves, pods and the lowest common switch on trees, routers on tori), the
/// counts in 8 or 16 bits where they fit, the APH as its sum of hops in 32: 7 to 14 bytes a
/// job instead of a 40-byte record.
class JobMetricsTable
{
public:
    explicit JobMetricsTable(std::size_t jobs = 0);
    std::size_t size() const { return m_jobs; }
    void set(std::size_t job, const PlacementMetrics& metrics);

    /// False for a job without metrics (no nodes, or nodes the machine refuses): every
    /// value below is then blank.
    bool measured(std::size_t job) const { return !m_hops.empty() && m_hops[job] != NotMeasured; }
    /// The APH of the job, which has `nodes` nodes: kept as its sum of pair hops, from which
    /// the same double is computed again, as the analyzer computes it (docs/metrics.md).
    double aph(std::size_t job, std::size_t nodes) const;
    int partitions(std::size_t job) const { return m_partitions[job]; }
    int spread(std::size_t job) const { return m_spread[job]; }
    /// -1 where it does not apply.
    int leaves(std::size_t job) const { return m_leaves[job]; }
    int pods(std::size_t job) const { return m_pods[job]; }
    int routers(std::size_t job) const { return m_routers[job]; }
    int lowestCommonLevel(std::size_t job) const { return m_lowestCommonLevel[job]; }

private:
    static constexpr std::uint32_t NotMeasured = UINT32_MAX;
    static constexpr std::uint32_t Elsewhere = UINT32_MAX - 1; ///< the APH is in m_otherAph
    std::size_t m_jobs;
    /// Per job: its APH times n(n - 1); empty while no job is measured (a log without node
    /// lists: 12 MB less for 3 million jobs).
    std::vector<std::uint32_t> m_hops;
    /// The APHs that are not a sum of hops below Elsewhere over n(n - 1): none in practice.
    std::unordered_map<std::size_t, double> m_otherAph;
    CountColumn m_partitions, m_spread, m_leaves, m_pods, m_routers, m_lowestCommonLevel;
};

/// The minimum APH by job size on one machine (PlacementAnalyzer::minimumAph()): entry n
/// for n nodes, NaN while not yet known. It depends on the machine only, so every run of a
/// machine shares it.
using MinimumAphTable = std::vector<double>;

/// Computes the metrics of every job of the shown run once, on a worker thread, and keeps
/// the tables of the last few runs. The per-job metrics come first (a second for a million
/// jobs on Titan); the minimum APH follows size by size, most common sizes first, published
/// as it grows (on Titan about 10 ms per size in a row, up to 35 ms for one size alone:
/// docs/benchmarks.md), and is kept on disk between sessions (setDiskDirectory()).
///
/// It is the explorer's one store of minimum APH values: the job table and the inspector
/// both read them here, and the inspector asks for the size of the job it shows ahead of
/// the rest (requestMinimumAph()).
class JobMetricsCache : public QObject
{
    Q_OBJECT
public:
    explicit JobMetricsCache(QObject* parent = nullptr);
    ~JobMetricsCache() override;

    /// Starts computing what is not cached yet for the jobs of run `runKey` on the machine
    /// `machineKey` (its spec), after cancelling any computation in progress. The worker
    /// holds `topology` and `jobs` (unchanged) until it stops.
    void request(const QString& runKey, const QString& machineKey, std::shared_ptr<const Topology> topology,
                 std::shared_ptr<const std::vector<Job>> jobs);
    /// Stops the computation in progress; what it found is kept. Waits for the worker a
    /// moment at most: one of idle priority on a busy machine may take seconds to notice,
    /// holding the jobs it read until then.
    void cancel();
    bool isComputing() const { return m_tables.isJobRunning(); }

    /// Computes the minimum APH for `size` nodes on the machine `machineKey` (its spec) now,
    /// on a worker thread of normal priority, unless known; minimumAphUpdated() says when it
    /// is. A later call supersedes an earlier one still computing.
    void requestMinimumAph(const QString& machineKey, std::shared_ptr<const Topology> topology, int size);

    /// Keeps minimum APH values between sessions in `directory` (MinimumAphFile): a machine's
    /// stored values are read when it is first asked about, and what is found is written
    /// there a second after it arrives and when the cache is destroyed. Empty (the default):
    /// nothing is read or written.
    void setDiskDirectory(const QString& directory);

    std::shared_ptr<const JobMetricsTable> metrics(const QString& runKey) const;
    std::shared_ptr<const MinimumAphTable> minimumAph(const QString& machineKey) const;

    /// The per-job metrics, synchronously (the worker's first step; tests). Returns early,
    /// incomplete, when `cancel` becomes true.
    static JobMetricsTable compute(const Topology& topology, const std::vector<Job>& jobs,
                                   const std::atomic<bool>* cancel = nullptr);

signals:
    void metricsReady(const QString& runKey);
    void minimumAphUpdated(const QString& machineKey);
    void finished();

private:
    struct Shared; ///< what the worker hands over, under a lock
    void publish();
    /// Enters the values `found` has (NaN: not found) into the table of `machineKey`.
    void mergeMinimumAph(const QString& machineKey, const MinimumAphTable& found, bool fromDisk = false);
    /// Reads the values stored for `machineKey` once (setDiskDirectory()).
    void loadFromDisk(const QString& machineKey, size_t entries);
    void saveToDisk();

    std::shared_ptr<Shared> m_shared;
    QString m_runKey;
    QString m_machineKey;
    std::list<std::pair<QString, std::shared_ptr<const JobMetricsTable>>> m_kept; ///< most recent first
    std::map<QString, std::shared_ptr<const MinimumAphTable>> m_minimumAph;
    QString m_diskDirectory;
    std::set<QString> m_readFromDisk; ///< machines whose file was read
    std::set<QString> m_unsaved; ///< machines with values found since the last write
    QTimer* m_saveTimer = nullptr;
    // Last members: destroyed first, so no job outlives what it reports to.
    /// The shown run's table and sizes, when no other thread wants a CPU.
    JobTracker m_tables{this, JobTracker::Priority::Idle};
    /// One size asked for by the inspector.
    JobTracker m_sizes{this};
};

} // namespace placement
