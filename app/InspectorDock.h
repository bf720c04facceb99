// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "services/Inspection.h"

#include <QDockWidget>

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

class QLabel;

namespace placement {

class ExplorerSession;
struct MachineData;
class Allocator;
class HistogramChart;
class JobMetricsCache;
class Topology;
class WhatIfPanel;

/// The fragmentation inspector. For the selected job: APH against the minimum for its size,
/// partitions, the hop histogram of its node pairs, Jigsaw's full-bandwidth check on
/// fat-trees, and the links it shares with the jobs running beside it. For the machine at
/// the time cursor: free fragments, the largest job the run's policy could start now, and
/// nodes idle while jobs wait (docs/reference.md §2, §5).
///
/// What can take long (routing every pair, probing the allocator) runs on worker threads, on
/// the dock's own copy of the machine; the answers replace "computing…" when they come. The
/// minimum APH comes from the job table's JobMetricsCache, which computes the size shown
/// ahead of the rest. While the dock is hidden only the cheap parts run.
class InspectorDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit InspectorDock(QWidget* parent = nullptr);
    ~InspectorDock() override;

    /// Inspects the jobs of `machine` (null: none), a run of the database at `databasePath`
    /// (its stored policy is the one asked for the largest job). `cache` holds and computes
    /// the minimum APH (the job table's; none: one of the dock's own). The dock keeps
    /// `machine` until the next call.
    void setMachine(std::shared_ptr<const MachineData> machine, const QString& databasePath,
                    JobMetricsCache* cache = nullptr);
    /// Inspects what `session` shows from now on: its run, time cursor and selected job.
    void follow(ExplorerSession* session, JobMetricsCache* cache = nullptr);
    /// Moves the time cursor; `owners` (job per node at `time`, -1 free) when the caller has it.
    void setTime(std::int64_t time, const std::vector<int>* owners = nullptr);
    /// Inspects one job (index into the machine's jobs), -1 for none.
    void setJob(int jobIndex);

    /// The what-if policy picker and its answer for the selected job.
    WhatIfPanel* whatIfPanel() const { return m_whatIf; }
    const InspectedJob& inspectedJob() const { return m_job; }
    const InspectedLinks& inspectedLinks() const { return m_links; }
    const InspectedMachine& inspectedMachine() const { return m_machineFacts; }
    /// True while answers from the worker are outstanding.
    bool isBusy() const;

    /// Link sharing is skipped above this many routes (a few seconds of work).
    static constexpr std::int64_t routeBudget = 4'000'000;
    /// The largest job is searched for this long at most (then it is a lower bound).
    static constexpr std::chrono::seconds placeableBudget{5};

signals:
    /// Something shown changed (also when a worker answer arrived).
    void updated();

private:
    void refreshJob();
    void refreshLinks();
    void refreshMachine();
    std::vector<RunningJob> runningAt(std::int64_t time, int except) const;
    void showJob();
    void showMachine();
    /// The cache told of new minimum APH values on `machineKey`.
    void takeMinimumAph(const QString& machineKey);

    QLabel* m_jobText;
    HistogramChart* m_histogram;
    QLabel* m_jigsawText;
    QLabel* m_linksText;
    QLabel* m_machineText;
    bool m_readingJobs = false; ///< the session reads the jobs of the machine drawn
    WhatIfPanel* m_whatIf;

    std::shared_ptr<const MachineData> m_machine;
    JobMetricsCache* m_cache = nullptr;
    JobMetricsCache* m_ownCache = nullptr; ///< when setMachine() is given none
    QMetaObject::Connection m_cacheConnection;
    QString m_machineKey;
    std::shared_ptr<const Topology> m_topology; ///< the worker's copy
    std::shared_ptr<const Allocator> m_policy; ///< the run's allocator, never used but cloned
    std::string m_policyName;
    std::string m_policyError;
    std::vector<int> m_owners;
    std::int64_t m_time = 0;
    bool m_hasTime = false;
    bool m_machineStale = true; ///< hidden while the time moved
    bool m_linksStale = true;
    // Answers still due for what is shown now (a new question drops the older answers).
    int m_pendingJob = 0;
    int m_pendingLinks = 0;
    int m_pendingMachine = 0;
    InspectedJob m_job;
    InspectedLinks m_links;
    InspectedMachine m_machineFacts;
    // Last members: destroyed first, before what their answers go to. One worker each, so a
    // long link analysis does not hold up the allocator probe.
    JobTracker m_placementWork{this};
    JobTracker m_linkWork{this};
    JobTracker m_machineWork{this};
};

} // namespace placement
