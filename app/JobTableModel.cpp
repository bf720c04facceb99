#include "app/JobTableModel.h"

#include <QDateTime>
#include <QTimeZone>

namespace placement {

QString formatTime(std::int64_t secondsSinceEpoch)
{
    return QDateTime::fromSecsSinceEpoch(secondsSinceEpoch, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString formatDuration(std::int64_t seconds)
{
    if (seconds < 0)
        return QStringLiteral("-") + formatDuration(-seconds);
    if (seconds >= 3600)
        return QStringLiteral("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (seconds >= 60)
        return QStringLiteral("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 s").arg(seconds);
}

void JobTableModel::setJobs(const std::vector<Job>* jobs)
{
    beginResetModel();
    m_jobs = jobs;
    endResetModel();
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_jobs ? 0 : static_cast<int>(m_jobs->size());
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_jobs)
        return {};
    const Job& job = (*m_jobs)[static_cast<size_t>(index.row())];
    if (role == JobIndexRole)
        return index.row();
    if (role == SortRole) {
        switch (index.column()) {
        case IdColumn: {
            bool numeric = false;
            const qlonglong value = QString::fromStdString(job.id).toLongLong(&numeric);
            return numeric ? QVariant(value) : QVariant(QString::fromStdString(job.id));
        }
        case UserColumn: return QString::fromStdString(job.user);
        case NodesColumn: return static_cast<qlonglong>(job.nodes.size());
        case SubmitColumn: return static_cast<qlonglong>(job.submit);
        case StartColumn: return static_cast<qlonglong>(job.start);
        case EndColumn: return static_cast<qlonglong>(job.end);
        case WaitColumn: return static_cast<qlonglong>(job.start - job.submit);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == NodesColumn || index.column() == WaitColumn
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case IdColumn: return QString::fromStdString(job.id);
    case UserColumn: return QString::fromStdString(job.user);
    case NodesColumn: return static_cast<qlonglong>(job.nodes.size());
    case SubmitColumn: return formatTime(job.submit);
    case StartColumn: return formatTime(job.start);
    case EndColumn: return formatTime(job.end);
    case WaitColumn: return formatDuration(job.start - job.submit);
    default: return {};
    }
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Job");
    case UserColumn: return tr("User");
    case NodesColumn: return tr("Nodes");
    case SubmitColumn: return tr("Submitted (UTC)");
    case StartColumn: return tr("Started (UTC)");
    case EndColumn: return tr("Ended (UTC)");
    case WaitColumn: return tr("Wait");
    default: return {};
    }
}

void RunningJobsFilter::setTime(std::int64_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    if (m_enabled)
        invalidateFilter();
}

void RunningJobsFilter::setEnabled(bool enabled)
{
    if (enabled == m_enabled)
        return;
    m_enabled = enabled;
    invalidateFilter();
}

bool RunningJobsFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_enabled)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, JobTableModel::StartColumn, sourceParent);
    const auto start = sourceModel()->data(index, JobTableModel::SortRole).toLongLong();
    const auto end
        = sourceModel()->data(index.siblingAtColumn(JobTableModel::EndColumn), JobTableModel::SortRole).toLongLong();
    return start <= m_time && m_time < end;
}

} // namespace placement
