// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "core/Job.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace placement {

class Topology;

/// The placement metrics of one job (docs/reference.md §2), as the job table shows them.
struct JobMetricsRow
{
    double aph = 0;
    int nodes = 0; ///< 0: no metrics (a job without nodes, or nodes the machine refuses)
    int partitions = 0;
    int leaves = -1; ///< trees
    int pods = -1; ///< trees
    int routers = -1; ///< tori
    int lowestCommonLevel = -1; ///< trees
    int spread = 0;
};

/// The metrics of every job of one shown run, in the order of its job list.
struct JobMetricsTable
{
    std::vector<JobMetricsRow> rows;
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
    /// `machineKey` (its spec), after cancelling any computation in progress. `topology` and
    /// `jobs` must stay alive and unchanged until finished() or cancel().
    void request(const QString& runKey, const QString& machineKey, const Topology& topology,
                 const std::vector<Job>& jobs);
    /// Stops the computation in progress and waits for the worker; what it found is kept.
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
