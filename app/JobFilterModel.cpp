// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobFilterModel.h"

#include "app/JobTableModel.h"

namespace placement {
namespace {

char foldAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `haystack` contains `needle`, ignoring ASCII case (names and ids are ASCII in
/// practice; other bytes must match exactly).
bool containsIgnoringCase(std::string_view haystack, std::string_view needle)
{
    if (needle.size() > haystack.size())
        return false;
    const size_t last = haystack.size() - needle.size();
    for (size_t at = 0; at <= last; ++at) {
        size_t i = 0;
        while (i < needle.size() && foldAscii(haystack[at + i]) == foldAscii(needle[i]))
            ++i;
        if (i == needle.size())
            return true;
    }
    return false;
}

} // namespace

bool jobMatches(const JobFilterCriteria& criteria, const JobFilterFields& job)
{
    if (job.nodes < criteria.minNodes || job.nodes > criteria.maxNodes)
        return false;
    if (criteria.runningAt && !(job.start <= *criteria.runningAt && *criteria.runningAt < job.end))
        return false;
    if (criteria.from && !(job.end > *criteria.from))
        return false;
    if (criteria.to && !(job.start <= *criteria.to))
        return false;
    if (criteria.user && job.user != *criteria.user)
        return false;
    if (criteria.state && job.state != *criteria.state)
        return false;
    if (!criteria.text.empty()) {
        const std::string_view needle = criteria.text;
        if (!containsIgnoringCase(job.id, needle) && !containsIgnoringCase(job.name, needle)
            && !containsIgnoringCase(job.user, needle))
            return false;
    }
    return true;
}

JobFilterModel::JobFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    m_effective.runningAt = m_time; // running-only from the start, not after the first change
}

void JobFilterModel::setSourceModel(QAbstractItemModel* source)
{
    if (sourceModel())
        disconnect(sourceModel(), &QAbstractItemModel::modelAboutToBeReset, this, nullptr);
    m_jobs = qobject_cast<const JobTableModel*>(source);
    m_accepted = 0;
    if (source) // connected before the base class's own handler: counted from zero again
        connect(source, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_accepted = 0; });
    QSortFilterProxyModel::setSourceModel(source);
}

void JobFilterModel::setCriteria(const JobFilterCriteria& criteria)
{
    if (criteria == m_criteria)
        return;
    m_criteria = criteria;
    refilter();
}

void JobFilterModel::setTime(std::int64_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    if (m_runningOnly)
        refilter();
}

void JobFilterModel::setRunningOnly(bool runningOnly)
{
    if (runningOnly == m_runningOnly)
        return;
    m_runningOnly = runningOnly;
    refilter();
}

void JobFilterModel::refilter()
{
    m_effective = m_criteria;
    if (m_runningOnly)
        m_effective.runningAt = m_time;
    m_accepted = 0;
    // Rebuild the mapping rather than let invalidateFilter() patch it: patching inserts the
    // newly accepted rows block by block into the sorted row list, quadratic when a filter
    // change on a million rows lets through many scattered ones. A rebuild filters every row
    // once and sorts what is left, and keeps the selection.
    invalidate();
}

bool JobFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid() || !m_jobs)
        return false;
    const bool accepted = jobMatches(m_effective, m_jobs->filterFields(sourceRow));
    m_accepted += accepted ? 1 : 0;
    return accepted;
}

bool JobFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (!m_jobs)
        return QSortFilterProxyModel::lessThan(left, right);
    const int column = left.column();
    if (m_accepted <= DirectSortRows && !m_jobs->hasSortRanks(column)) {
        // The order of the ranks below: blank metric cells last in either order, then by
        // value, ties by row.
        const bool leftBlank = m_jobs->isBlank(left.row(), column);
        if (leftBlank != m_jobs->isBlank(right.row(), column))
            return sortOrder() == Qt::AscendingOrder ? !leftBlank : leftBlank;
        const int order = m_jobs->compareRows(left.row(), right.row(), column);
        return order != 0 ? order < 0 : left.row() < right.row();
    }
    const JobTableModel::SortRanks& ranks = m_jobs->sortRanks(left.column());
    const std::uint32_t a = ranks.place[static_cast<size_t>(left.row())];
    const std::uint32_t b = ranks.place[static_cast<size_t>(right.row())];
    // Blank metric cells last in either order.
    const bool leftBlank = a >= ranks.firstBlank;
    if (leftBlank != (b >= ranks.firstBlank))
        return sortOrder() == Qt::AscendingOrder ? !leftBlank : leftBlank;
    return a < b;
}

} // namespace placement
