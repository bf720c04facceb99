// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobMetricsCache.h"
#include "app/JobRows.h"
#include "core/CoreHoldings.h"
#include "core/Job.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace placement {

class JobLabels;

/// The jobs of the shown run, one row each, with their placement metrics. Rows are computed
/// when asked for: nothing is formatted up front, so a million jobs cost nothing beyond the
/// job list itself and a list of their users. JobFilterModel filters and sorts it.
///
/// Metric columns stay blank until setMetrics() gives them, and where they do not apply:
/// leaves, pods and the lowest common switch on trees, routers on tori (docs/reference.md §2).
class JobTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        IdColumn,
        NameColumn,
        UserColumn,
        StateColumn,
        NodesColumn,
        CoresColumn, ///< cores held (docs/importing.md, "Cores and GPUs"); hidden when no job says
        GpusColumn,
        // The placement metrics next to the size: what the table is for.
        AphColumn,
        MinimumAphColumn,
        PartitionsColumn,
        LeavesColumn,
        PodsColumn,
        RoutersColumn,
        LowestCommonLevelColumn,
        SpreadColumn,
        SubmitColumn,
        StartColumn,
        EndColumn,
        WaitColumn,
        NumColumns
    };
    enum Roles { JobIndexRole = Qt::UserRole, SortRole };

    using QAbstractTableModel::QAbstractTableModel;

    /// The jobs (and their names and states, in the same order; may be null) on a torus or
    /// a tree; `sizes`, when given, the logged size of each job (its Nodes where the log names
    /// no nodes: core/Job.h's jobSize()); `holdings`, when given, what each job holds besides
    /// its nodes (same order; another size: none). The model keeps the pointers: they must
    /// outlive it or the next setJobs().
    void setJobs(const std::vector<Job>* jobs, const JobLabels* labels = nullptr, bool torus = false,
                 const std::vector<int>* sizes = nullptr, const std::vector<JobHolding>* holdings = nullptr);
    const std::vector<Job>* jobs() const { return m_rows.jobs; }
    /// Per-job metrics of these jobs (null: not computed yet), and the minimum APH by size.
    void setMetrics(std::shared_ptr<const JobMetricsTable> metrics);
    void setMinimumAph(std::shared_ptr<const MinimumAphTable> minimum);
    bool hasMetrics() const { return m_rows.metrics != nullptr; }

    /// Whether the column means anything on this machine (the view hides the others).
    bool columnApplies(int column) const;
    /// The users and states present, sorted, for the filter bar (no states when no job has
    /// one).
    const std::vector<std::string>& users() const { return m_users; }
    std::vector<std::string> states() const;

    /// What the filter looks at for a row.
    JobFilterFields filterFields(int row) const { return m_rows.filterFields(static_cast<std::size_t>(row)); }
    /// The data behind the rows, to filter and sort on a worker (JobRows).
    const JobRows& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant sortValue(int row, int column) const;
    int nodes(size_t row) const { return m_rows.nodes(row); }

    JobRows m_rows;
    std::vector<std::string> m_users;
};

/// "2024-03-01 12:34:56" in UTC: logs mix time zones, the explorer shows one.
QString formatTime(std::int64_t secondsSinceEpoch);
/// Seconds since the epoch of an ISO 8601 date and time ("2024-03-01T12:00:00", a space
/// instead of the T, with or without seconds); UTC unless it names an offset or ends in Z.
/// Nothing when it is not one.
std::optional<std::int64_t> parseIsoTime(const QString& text);
/// "3 h 05 min", "12 min 30 s".
QString formatDuration(std::int64_t seconds);

} // namespace placement
