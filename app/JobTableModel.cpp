// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobTableModel.h"

#include "app/CsvRoles.h"
#include "store/JobLabels.h"

#include <QDateTime>
#include <QStringList>
#include <QTimeZone>

#include <algorithm>
#include <unordered_set>

namespace placement {
namespace {

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

bool isMetricColumn(int column)
{
    return (column >= JobTableModel::AphColumn && column <= JobTableModel::SpreadColumn)
        || column == JobTableModel::CoresColumn || column == JobTableModel::GpusColumn;
}

} // namespace

QString formatTime(std::int64_t secondsSinceEpoch)
{
    return QDateTime::fromSecsSinceEpoch(secondsSinceEpoch, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

std::optional<std::int64_t> parseIsoTime(const QString& text)
{
    QString iso = text.trimmed();
    if (iso.size() > 10 && iso[10] == QLatin1Char(' '))
        iso[10] = QLatin1Char('T');
    QDateTime time = QDateTime::fromString(iso, Qt::ISODate);
    if (!time.isValid())
        return std::nullopt;
    // No zone named: the time is UTC, as the explorer shows every time.
    if (time.timeSpec() == Qt::LocalTime)
        time.setTimeZone(QTimeZone::utc());
    return time.toSecsSinceEpoch();
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

void JobTableModel::setJobs(const std::vector<Job>* jobs, const JobLabels* labels, bool torus,
                            const std::vector<int>* sizes, const std::vector<JobHolding>* holdings)
{
    beginResetModel();
    m_rows = {};
    m_rows.jobs = jobs;
    m_rows.sizes = sizes && jobs && sizes->size() == jobs->size() ? sizes : nullptr;
    m_rows.labels = labels && jobs && labels->size() == jobs->size() ? labels : nullptr;
    m_rows.torus = torus;
    m_rows.holdings = holdings && jobs && holdings->size() == jobs->size() ? holdings : nullptr;
    m_rows.anyCores = m_rows.holdings
        && std::any_of(m_rows.holdings->begin(), m_rows.holdings->end(),
                       [](const JobHolding& h) { return h.cores >= 0; });
    m_rows.anyGpus = m_rows.holdings
        && std::any_of(m_rows.holdings->begin(), m_rows.holdings->end(),
                       [](const JobHolding& h) { return h.gpus >= 0; });
    m_users.clear();
    if (jobs) {
        std::unordered_set<std::string_view> seen;
        for (const Job& job : *jobs)
            seen.insert(job.user);
        m_users.assign(seen.begin(), seen.end());
        std::sort(m_users.begin(), m_users.end());
    }
    endResetModel();
}

// New values change cells, not rows: a dataChanged() over the metric columns, which
// JobFilterModel answers by sorting again when sorted by one of them.
void JobTableModel::setMetrics(std::shared_ptr<const JobMetricsTable> metrics)
{
    if (metrics && (!m_rows.jobs || metrics->size() != m_rows.jobs->size()))
        metrics.reset(); // not these jobs' metrics
    if (metrics == m_rows.metrics)
        return;
    m_rows.metrics = std::move(metrics);
    if (rowCount() > 0)
        emit dataChanged(index(0, AphColumn), index(rowCount() - 1, SpreadColumn));
}

void JobTableModel::setMinimumAph(std::shared_ptr<const MinimumAphTable> minimum)
{
    if (minimum == m_rows.minimumAph)
        return;
    m_rows.minimumAph = std::move(minimum);
    if (rowCount() > 0)
        emit dataChanged(index(0, MinimumAphColumn), index(rowCount() - 1, MinimumAphColumn));
}

bool JobTableModel::columnApplies(int column) const
{
    switch (column) {
    case NameColumn: return m_rows.labels && m_rows.labels->hasNames();
    case StateColumn: return !states().empty();
    case LeavesColumn:
    case PodsColumn:
    case LowestCommonLevelColumn: return !m_rows.torus;
    case RoutersColumn: return m_rows.torus;
    case CoresColumn: return m_rows.anyCores;
    case GpusColumn: return m_rows.anyGpus;
    default: return column >= 0 && column < NumColumns;
    }
}

std::vector<std::string> JobTableModel::states() const
{
    if (!m_rows.labels)
        return {};
    std::vector<std::string> states = m_rows.labels->states();
    if (states.size() == 1 && states.front().empty())
        return {}; // no job says how it ended
    std::sort(states.begin(), states.end());
    return states;
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant JobTableModel::sortValue(int row, int column) const
{
    const Job& job = (*m_rows.jobs)[static_cast<size_t>(row)];
    switch (column) {
    case IdColumn: {
        bool numeric = false;
        const qlonglong value = QString::fromStdString(job.id).toLongLong(&numeric);
        return numeric ? QVariant(value) : QVariant(QString::fromStdString(job.id));
    }
    case NameColumn: return m_rows.labels ? fromView(m_rows.labels->name(static_cast<size_t>(row))) : QString();
    case UserColumn: return QString::fromStdString(job.user);
    case StateColumn: return m_rows.labels ? fromView(m_rows.labels->state(static_cast<size_t>(row))) : QString();
    case NodesColumn: return static_cast<qlonglong>(nodes(static_cast<size_t>(row)));
    case SubmitColumn: return static_cast<qlonglong>(job.submit);
    case StartColumn: return static_cast<qlonglong>(job.start);
    case EndColumn: return static_cast<qlonglong>(job.end);
    case WaitColumn: return static_cast<qlonglong>(job.start - job.submit);
    default: {
        double value = 0;
        return m_rows.metricValue(static_cast<size_t>(row), column, value) ? QVariant(value) : QVariant();
    }
    }
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_rows.jobs)
        return {};
    const int row = index.row();
    const int column = index.column();
    if (role == JobIndexRole)
        return row;
    if (role == SortRole)
        return sortValue(row, column);
    if (role == CsvValueRole) // seconds since the epoch, seconds, hops, counts (headerData's CsvHeaderRole)
        return column == IdColumn ? QVariant(QString::fromStdString((*m_rows.jobs)[static_cast<size_t>(row)].id))
                                  : sortValue(row, column);
    if (role == Qt::TextAlignmentRole)
        return column == NodesColumn || column == WaitColumn || isMetricColumn(column)
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const Job& job = (*m_rows.jobs)[static_cast<size_t>(row)];
    switch (column) {
    case IdColumn: return QString::fromStdString(job.id);
    case NameColumn: return m_rows.labels ? fromView(m_rows.labels->name(static_cast<size_t>(row))) : QString();
    case UserColumn: return QString::fromStdString(job.user);
    case StateColumn: return m_rows.labels ? fromView(m_rows.labels->state(static_cast<size_t>(row))) : QString();
    case NodesColumn:
        // A job holding nodes other jobs hold at the same time (docs/importing.md).
        if (m_rows.labels && m_rows.labels->sharesNodes(static_cast<size_t>(row)))
            return role == Qt::ToolTipRole
                ? tr("%1 nodes, shared with jobs running at the same time").arg(job.nodes.size())
                : tr("%1 shared").arg(job.nodes.size());
        if (job.nodes.empty() && nodes(static_cast<size_t>(row)) > 0 && role == Qt::ToolTipRole)
            return tr("%1 nodes as logged; the log does not say which").arg(nodes(static_cast<size_t>(row)));
        return static_cast<qlonglong>(nodes(static_cast<size_t>(row)));
    case SubmitColumn: return formatTime(job.submit);
    case StartColumn: return formatTime(job.start);
    case EndColumn: return formatTime(job.end);
    case WaitColumn: return formatDuration(job.start - job.submit);
    default: break;
    }
    double value = 0;
    if (!m_rows.metricValue(static_cast<size_t>(row), column, value))
        return {};
    if (column == CoresColumn && role == Qt::ToolTipRole) {
        const IntView perNode = (*m_rows.holdings)[static_cast<size_t>(row)].nodeCores();
        if (perNode.size() != job.nodes.size() || perNode.empty())
            return tr("%1 cores in all; the log does not say how many on each node").arg(value);
        QStringList parts;
        auto node = job.nodes.begin();
        for (size_t k = 0; k < perNode.size() && k < 12; ++k, ++node)
            parts << tr("%1 on node %2").arg(perNode[k]).arg(*node);
        if (perNode.size() > 12)
            parts << tr("…");
        return tr("%1 cores: %2").arg(value).arg(parts.join(QStringLiteral(", ")));
    }
    if (column == AphColumn && role == Qt::ToolTipRole && job.nodes.size() == 1)
        return tr("One node: no pairs, APH defined as 0");
    if (column == AphColumn || column == MinimumAphColumn)
        return QString::number(value, 'f', 2);
    return static_cast<qlonglong>(value);
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == CsvHeaderRole) {
        switch (section) {
        case IdColumn: return QStringLiteral("job");
        case NameColumn: return QStringLiteral("name");
        case UserColumn: return QStringLiteral("user");
        case StateColumn: return QStringLiteral("state");
        case NodesColumn: return QStringLiteral("nodes");
        case SubmitColumn: return QStringLiteral("submit_unix_s");
        case StartColumn: return QStringLiteral("start_unix_s");
        case EndColumn: return QStringLiteral("end_unix_s");
        case WaitColumn: return QStringLiteral("wait_s");
        case AphColumn: return QStringLiteral("aph_hops");
        case MinimumAphColumn: return QStringLiteral("min_aph_hops");
        case PartitionsColumn: return QStringLiteral("partitions");
        case LeavesColumn: return QStringLiteral("leaves");
        case PodsColumn: return QStringLiteral("pods");
        case RoutersColumn: return QStringLiteral("routers");
        case LowestCommonLevelColumn: return QStringLiteral("llcs_level");
        case SpreadColumn: return QStringLiteral("spread_nodes");
        default: return {};
        }
    }
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AphColumn:
            return tr("Average pairwise hops over the job's node pairs, switch-to-switch links (Pollard SC'18 eq. 1)");
        case MinimumAphColumn: return tr("The smallest APH a job of this size can have on the empty machine");
        case PartitionsColumn:
            return m_rows.torus ? tr("Groups of the job's nodes at most one hop apart (Titan SC'16 §IV-B)")
                                : tr("Leaf switches the job touches (the tree analogue of partitions)");
        case LeavesColumn: return tr("Leaf switches touched");
        case PodsColumn: return tr("Pods (two-level trees) touched");
        case RoutersColumn: return tr("Routers touched");
        case LowestCommonLevelColumn:
            return tr("Level of the lowest switch that reaches every node, leaves 0 (AUCSCHED3 §4)");
        case SpreadColumn: return tr("Last node index minus first (AUCSCHED3 §4)");
        case CoresColumn: return tr("Cores (CPUs) the job held, in all, as its log gives them");
        case GpusColumn: return tr("GPUs the job held, in all (sacct AllocTRES gres/gpu)");
        default: return {};
        }
    }
    switch (section) {
    case IdColumn: return tr("Job");
    case NameColumn: return tr("Name");
    case UserColumn: return tr("User");
    case StateColumn: return tr("State");
    case NodesColumn: return tr("Nodes");
    case CoresColumn: return tr("Cores");
    case GpusColumn: return tr("GPUs");
    case SubmitColumn: return tr("Submitted (UTC)");
    case StartColumn: return tr("Started (UTC)");
    case EndColumn: return tr("Ended (UTC)");
    case WaitColumn: return tr("Wait");
    case AphColumn: return tr("APH");
    case MinimumAphColumn: return tr("Min APH");
    case PartitionsColumn: return tr("Partitions");
    case LeavesColumn: return tr("Leaves");
    case PodsColumn: return tr("Pods");
    case RoutersColumn: return tr("Routers");
    case LowestCommonLevelColumn: return tr("LLCS");
    case SpreadColumn: return tr("Spread");
    default: return {};
    }
}

} // namespace placement
