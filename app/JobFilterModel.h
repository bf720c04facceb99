// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobRows.h"
#include "app/JobTracker.h"

#include <QAbstractProxyModel>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace placement {

class JobTableModel;

/// Filters and sorts a JobTableModel. The rows shown are a list of the model's rows made by
/// orderJobRows(): at once for a model of up to SynchronousRows rows, else on a worker
/// thread, the GUI thread showing the rows before until the new ones arrive (as a layout
/// change that keeps the selection). A later change supersedes one still computing, so
/// dragging the time cursor across millions of jobs never queues up work.
///
/// Sorted by a metric column, new metric values sort the rows again; the time cursor
/// filters only while "running at the cursor" is on (the default).
///
/// Of the rows kept, the views see the first RowsAtATime, and more as they scroll to the end
/// (canFetchMore(), fetchMore()), as QSqlQueryModel gives a query's rows: a view's vertical
/// header keeps 8 bytes for every row it is shown, 23 MiB for 3 million rows that no one
/// scrolls through. keptCount() says how many rows are kept; reveal() makes a job's row seen.
class JobFilterModel : public QAbstractProxyModel
{
    Q_OBJECT
public:
    explicit JobFilterModel(QObject* parent = nullptr);
    ~JobFilterModel() override;
    static constexpr std::size_t SynchronousRows = 50000;
    static constexpr std::size_t RowsAtATime = 100000;

    /// A JobTableModel (anything else shows no rows).
    void setSourceModel(QAbstractItemModel* source) override;

    void setCriteria(const JobFilterCriteria& criteria);
    /// The criteria as set, without the cursor (see setRunningOnly()).
    const JobFilterCriteria& criteria() const { return m_criteria; }

    /// The time cursor, and whether only jobs running at it are kept (the default).
    void setTime(std::int64_t time);
    void setRunningOnly(bool runningOnly);
    bool isRunningOnly() const { return m_runningOnly; }

    /// Sorts by the column (-1: the model's own order).
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    /// True while the rows of the latest criteria, cursor and order are being computed:
    /// the rows shown are the ones before.
    bool isSettling() const { return m_worker.isJobRunning(); }
    /// Computes on a worker from this many rows of the model (tests; SynchronousRows).
    void setSynchronousLimit(std::size_t rows) { m_synchronousLimit = rows; }
    /// How many more rows fetchMore() shows (tests; RowsAtATime).
    void setRowsAtATime(std::size_t rows) { m_rowsAtATime = std::max<std::size_t>(rows, 1); }

    /// The rows the criteria keep; rowCount() is the part of them the views see so far.
    std::size_t keptCount() const { return m_rows.size(); }
    /// The model's cell of kept row `row` (< keptCount()), seen by the views or not.
    QModelIndex keptIndex(std::size_t row, int column) const;
    /// The row of the model's row `sourceRow`, shown to the views first if it is kept
    /// beyond the rows they see; invalid when the filters hide it. Linear in the rows kept.
    QModelIndex reveal(int sourceRow, int column = 0);
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    /// Invalid when the filters hide the row or it is beyond the rows the views see so far.
    /// Linear in the rows kept.
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    /// The rows shown are those of the latest criteria, cursor and order.
    void settled();

private:
    void refresh();
    /// Shows `rows` in place of the rows shown, keeping persistent indexes on their jobs
    /// where the views still see them.
    void install(std::vector<std::uint32_t> rows);
    JobFilterCriteria effectiveCriteria() const;
    void sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight);

    const JobTableModel* m_jobs = nullptr;
    std::vector<std::uint32_t> m_rows; ///< the model's row of each row kept
    std::size_t m_seen = 0; ///< the views see m_rows' first m_seen
    std::size_t m_rowsAtATime = RowsAtATime;
    JobFilterCriteria m_criteria;
    std::int64_t m_time = 0;
    bool m_runningOnly = true;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::size_t m_synchronousLimit = SynchronousRows;
    QList<QMetaObject::Connection> m_connections;
    // Last member: destroyed first, so no result outlives the model it is for.
    JobTracker m_worker{this};
};

} // namespace placement
