#pragma once

#include "core/Job.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <cstdint>
#include <vector>

namespace placement {

/// The jobs of one machine, one row each.
class JobTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { IdColumn, UserColumn, NodesColumn, SubmitColumn, StartColumn, EndColumn, WaitColumn, NumColumns };
    enum Roles { JobIndexRole = Qt::UserRole, SortRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setJobs(const std::vector<Job>* jobs);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<Job>* m_jobs = nullptr;
};

/// Keeps the jobs running at one instant (all jobs when the filter is off).
class RunningJobsFilter : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setTime(std::int64_t time);
    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::int64_t m_time = 0;
    bool m_enabled = true;
};

/// "2024-03-01 12:34:56" in UTC: logs mix time zones, the explorer shows one.
QString formatTime(std::int64_t secondsSinceEpoch);
/// "3 h 05 min", "12 min 30 s".
QString formatDuration(std::int64_t seconds);

} // namespace placement
