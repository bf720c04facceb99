// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobFilterModel.h"

#include "app/JobTableModel.h"

#include <algorithm>
#include <unordered_map>

namespace placement {

JobFilterModel::JobFilterModel(QObject* parent)
    : QAbstractProxyModel(parent)
{}

JobFilterModel::~JobFilterModel()
{
    m_worker.cancel();
    m_worker.waitForIdle(); // the worker reads the model's jobs
}

void JobFilterModel::setSourceModel(QAbstractItemModel* source)
{
    beginResetModel();
    m_worker.cancel();
    m_worker.waitForIdle();
    for (const QMetaObject::Connection& connection : std::as_const(m_connections))
        disconnect(connection);
    m_connections.clear();
    QAbstractProxyModel::setSourceModel(source);
    m_jobs = qobject_cast<const JobTableModel*>(source);
    m_rows.clear();
    m_seen = 0;
    if (m_jobs) {
        m_connections << connect(source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            // Before the model lets go of the jobs the worker may be reading.
            beginResetModel();
            m_worker.cancel();
            m_worker.waitForIdle();
            m_rows.clear();
            m_seen = 0;
        });
        m_connections << connect(source, &QAbstractItemModel::modelReset, this, [this] {
            endResetModel();
            refresh();
        });
        m_connections << connect(source, &QAbstractItemModel::dataChanged, this, &JobFilterModel::sourceDataChanged);
        m_connections << connect(source, &QAbstractItemModel::headerDataChanged, this,
                                 &QAbstractItemModel::headerDataChanged);
        m_connections << connect(source, &QObject::destroyed, this, [this] {
            beginResetModel();
            m_worker.cancel();
            m_worker.waitForIdle();
            m_jobs = nullptr;
            m_rows.clear();
            m_seen = 0;
            endResetModel();
        });
    }
    endResetModel();
    refresh();
}

JobFilterCriteria JobFilterModel::effectiveCriteria() const
{
    JobFilterCriteria criteria = m_criteria;
    if (m_runningOnly)
        criteria.runningAt = m_time;
    return criteria;
}

void JobFilterModel::setCriteria(const JobFilterCriteria& criteria)
{
    if (criteria == m_criteria)
        return;
    m_criteria = criteria;
    refresh();
}

void JobFilterModel::setTime(std::int64_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    if (m_runningOnly)
        refresh();
}

void JobFilterModel::setRunningOnly(bool runningOnly)
{
    if (runningOnly == m_runningOnly)
        return;
    m_runningOnly = runningOnly;
    refresh();
}

void JobFilterModel::sort(int column, Qt::SortOrder order)
{
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    refresh();
}

void JobFilterModel::refresh()
{
    if (!m_jobs) {
        m_worker.cancel();
        return;
    }
    const JobRows rows = m_jobs->rows();
    const JobFilterCriteria criteria = effectiveCriteria();
    const int column = m_sortColumn;
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    if (rows.size() <= m_synchronousLimit) {
        m_worker.cancel(); // a result on its way is older
        install(orderJobRows(rows, criteria, column, descending));
        emit settled();
        return;
    }
    m_worker.startJob(
        [rows, criteria, column, descending](const JobControl& control) {
            return orderJobRows(rows, criteria, column, descending, &control.cancelFlag());
        },
        [this](std::vector<std::uint32_t> found) {
            install(std::move(found));
            emit settled();
        });
}

void JobFilterModel::install(std::vector<std::uint32_t> rows)
{
    if (rows == m_rows)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // The jobs of the persistent indexes (the selection, the current row), found again in
    // one pass over the new rows; those filtered out become invalid.
    const QModelIndexList before = persistentIndexList();
    std::vector<std::int64_t> job(static_cast<size_t>(before.size()), -1);
    std::unordered_map<std::uint32_t, int> place;
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = before[i].row();
        if (row >= 0 && static_cast<size_t>(row) < m_rows.size()) {
            job[static_cast<size_t>(i)] = m_rows[static_cast<size_t>(row)];
            place.emplace(m_rows[static_cast<size_t>(row)], -1);
        }
    }
    m_rows = std::move(rows);
    // The views see as many rows as before, at least RowsAtATime; indexes on rows beyond
    // become invalid (JobsDock reveals the selected job again).
    m_seen = std::min(std::max(m_seen, m_rowsAtATime), m_rows.size());
    if (!place.empty())
        for (size_t row = 0; row < m_seen; ++row)
            if (auto found = place.find(m_rows[row]); found != place.end())
                found->second = static_cast<int>(row);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const std::int64_t shown = job[static_cast<size_t>(i)];
        const int row = shown < 0 ? -1 : place.at(static_cast<std::uint32_t>(shown));
        after.append(row < 0 ? QModelIndex() : createIndex(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void JobFilterModel::sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight)
{
    if (!topLeft.isValid() || rowCount() == 0)
        return;
    // Cells of rows anywhere in the list: repaint the columns whole.
    emit dataChanged(index(0, topLeft.column()), index(rowCount() - 1, bottomRight.column()));
    if (m_sortColumn >= topLeft.column() && m_sortColumn <= bottomRight.column())
        refresh();
}

QModelIndex JobFilterModel::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex JobFilterModel::parent(const QModelIndex&) const
{
    return {};
}

int JobFilterModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_seen);
}

bool JobFilterModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_seen < m_rows.size();
}

void JobFilterModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    const size_t seen = std::min(m_rows.size(), m_seen + m_rowsAtATime);
    beginInsertRows({}, static_cast<int>(m_seen), static_cast<int>(seen) - 1);
    m_seen = seen;
    endInsertRows();
}

QModelIndex JobFilterModel::keptIndex(size_t row, int column) const
{
    return row < m_rows.size() && sourceModel() ? sourceModel()->index(static_cast<int>(m_rows[row]), column)
                                                : QModelIndex();
}

QModelIndex JobFilterModel::reveal(int sourceRow, int column)
{
    const auto found = std::find(m_rows.begin(), m_rows.end(), static_cast<std::uint32_t>(sourceRow));
    if (sourceRow < 0 || found == m_rows.end())
        return {};
    const auto row = static_cast<size_t>(found - m_rows.begin());
    if (row >= m_seen) { // whole steps, as scrolling would show them
        const size_t seen = std::min(m_rows.size(), (row / m_rowsAtATime + 1) * m_rowsAtATime);
        beginInsertRows({}, static_cast<int>(m_seen), static_cast<int>(seen) - 1);
        m_seen = seen;
        endInsertRows();
    }
    return index(static_cast<int>(row), column);
}

int JobFilterModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QModelIndex JobFilterModel::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.model() != this
        || static_cast<size_t>(proxyIndex.row()) >= m_seen)
        return {};
    return sourceModel()->index(static_cast<int>(m_rows[static_cast<size_t>(proxyIndex.row())]), proxyIndex.column());
}

QModelIndex JobFilterModel::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel())
        return {};
    const auto seen = m_rows.begin() + static_cast<std::ptrdiff_t>(m_seen);
    const auto found = std::find(m_rows.begin(), seen, static_cast<std::uint32_t>(sourceIndex.row()));
    return found == seen ? QModelIndex() : index(static_cast<int>(found - m_rows.begin()), sourceIndex.column());
}

QVariant JobFilterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!sourceModel())
        return {};
    if (orientation == Qt::Horizontal)
        return sourceModel()->headerData(section, orientation, role);
    return section >= 0 && static_cast<size_t>(section) < m_seen
        ? sourceModel()->headerData(static_cast<int>(m_rows[static_cast<size_t>(section)]), orientation, role)
        : QVariant();
}

} // namespace placement
