// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobTableModel.h"

#include "app/CsvRoles.h"
#include "store/JobLabels.h"

#include <QDateTime>
#include <QStringList>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace placement {
namespace {

std::int64_t leadingNumber(const std::string& id)
{
    std::int64_t value = 0;
    size_t digits = 0;
    for (; digits < id.size() && digits < 18 && id[digits] >= '0' && id[digits] <= '9'; ++digits)
        value = value * 10 + (id[digits] - '0');
    return digits == 0 ? -1 : value;
}

template <typename T> int compareValues(const T& a, const T& b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}

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

int JobTableModel::nodes(size_t row) const
{
    return m_sizes ? jobSize(*m_jobs, *m_sizes, row) : static_cast<int>((*m_jobs)[row].nodes.size());
}

void JobTableModel::setJobs(const std::vector<Job>* jobs, const JobLabels* labels, bool torus,
                            const std::vector<int>* sizes, const std::vector<JobHolding>* holdings)
{
    beginResetModel();
    m_jobs = jobs;
    m_sizes = sizes && jobs && sizes->size() == jobs->size() ? sizes : nullptr;
    m_labels = labels && jobs && labels->size() == jobs->size() ? labels : nullptr;
    m_torus = torus;
    m_holdings = holdings && jobs && holdings->size() == jobs->size() ? holdings : nullptr;
    m_anyCores = m_holdings
        && std::any_of(m_holdings->begin(), m_holdings->end(), [](const JobHolding& h) { return h.cores >= 0; });
    m_anyGpus = m_holdings
        && std::any_of(m_holdings->begin(), m_holdings->end(), [](const JobHolding& h) { return h.gpus >= 0; });
    m_sortRanks.clear();
    m_metrics.reset();
    m_minimumAph.reset();
    m_idNumber.clear();
    m_userRank.clear();
    m_users.clear();
    if (m_jobs) {
        std::unordered_set<std::string_view> seen;
        for (const Job& job : *m_jobs)
            seen.insert(job.user);
        m_users.assign(seen.begin(), seen.end());
        std::sort(m_users.begin(), m_users.end());
    }
    endResetModel();
}

void JobTableModel::makeSortKeys() const
{
    // Small per-row keys, so sorting a million rows compares integers, not strings; made
    // when first sorted by id or user (8 and 4 bytes a job).
    if (!m_jobs || m_idNumber.size() == m_jobs->size())
        return;
    std::unordered_map<std::string_view, std::uint32_t> rankOf;
    for (std::uint32_t rank = 0; rank < m_users.size(); ++rank)
        rankOf.emplace(m_users[rank], rank);
    m_idNumber.reserve(m_jobs->size());
    m_userRank.reserve(m_jobs->size());
    for (const Job& job : *m_jobs) {
        m_idNumber.push_back(leadingNumber(job.id));
        m_userRank.push_back(rankOf.at(job.user));
    }
}

// New metric values reach a sorting proxy as a layout change, not as dataChanged() over
// every row: a proxy sorted by a metric column answers dataChanged() by taking the changed
// rows out and putting them back one by one (quadratic on a million rows), a layout change
// by sorting once.
void JobTableModel::setMetrics(std::shared_ptr<const JobMetricsTable> metrics)
{
    if (metrics && (!m_jobs || metrics->rows.size() != m_jobs->size()))
        metrics.reset(); // not these jobs' metrics
    if (metrics == m_metrics)
        return; // no new layout: a proxy of a million rows maps them all again after one
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    m_metrics = std::move(metrics);
    // The ranks of the metric columns go; those of ids, sizes and times stay.
    for (int column = AphColumn; column <= SpreadColumn; ++column)
        m_sortRanks.erase(column);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void JobTableModel::setMinimumAph(std::shared_ptr<const MinimumAphTable> minimum)
{
    if (minimum == m_minimumAph)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    m_minimumAph = std::move(minimum);
    m_sortRanks.erase(MinimumAphColumn);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

bool JobTableModel::columnApplies(int column) const
{
    switch (column) {
    case NameColumn: return m_labels && m_labels->hasNames();
    case StateColumn: return !states().empty();
    case LeavesColumn:
    case PodsColumn:
    case LowestCommonLevelColumn: return !m_torus;
    case RoutersColumn: return m_torus;
    case CoresColumn: return m_anyCores;
    case GpusColumn: return m_anyGpus;
    default: return column >= 0 && column < NumColumns;
    }
}

std::vector<std::string> JobTableModel::states() const
{
    if (!m_labels)
        return {};
    std::vector<std::string> states = m_labels->states();
    if (states.size() == 1 && states.front().empty())
        return {}; // no job says how it ended
    std::sort(states.begin(), states.end());
    return states;
}

JobFilterFields JobTableModel::filterFields(int row) const
{
    const Job& job = (*m_jobs)[static_cast<size_t>(row)];
    JobFilterFields fields;
    fields.id = job.id;
    fields.user = job.user;
    if (m_labels) {
        fields.name = m_labels->name(static_cast<size_t>(row));
        fields.state = m_labels->state(static_cast<size_t>(row));
    }
    fields.nodes = nodes(static_cast<size_t>(row));
    fields.start = job.start;
    fields.end = job.end;
    return fields;
}

bool JobTableModel::metricValue(int row, int column, double& value) const
{
    if (!columnApplies(column))
        return false;
    if (column == CoresColumn || column == GpusColumn) {
        const JobHolding& holding = (*m_holdings)[static_cast<size_t>(row)];
        value = column == CoresColumn ? holding.cores : holding.gpus;
        return value >= 0;
    }
    const Job& job = (*m_jobs)[static_cast<size_t>(row)];
    if (column == MinimumAphColumn) {
        const size_t size = job.nodes.size();
        if (size == 0 || !m_minimumAph || size >= m_minimumAph->size() || std::isnan((*m_minimumAph)[size]))
            return false;
        value = (*m_minimumAph)[size];
        return true;
    }
    if (!m_metrics)
        return false;
    const JobMetricsRow& m = m_metrics->rows[static_cast<size_t>(row)];
    if (m.nodes == 0)
        return false;
    switch (column) {
    case AphColumn: value = m.aph; return true;
    case PartitionsColumn: value = m.partitions; return true;
    case LeavesColumn: value = m.leaves; return m.leaves >= 0;
    case PodsColumn: value = m.pods; return m.pods >= 0;
    case RoutersColumn: value = m.routers; return m.routers >= 0;
    case LowestCommonLevelColumn: value = m.lowestCommonLevel; return m.lowestCommonLevel >= 0;
    case SpreadColumn: value = m.spread; return true;
    default: return false;
    }
}

int JobTableModel::compareRows(int left, int right, int column) const
{
    const Job& a = (*m_jobs)[static_cast<size_t>(left)];
    const Job& b = (*m_jobs)[static_cast<size_t>(right)];
    const auto l = static_cast<size_t>(left);
    const auto r = static_cast<size_t>(right);
    if (column == IdColumn || column == UserColumn)
        makeSortKeys();
    switch (column) {
    case IdColumn: {
        // Natural order: 9 < 10 < 10_2 < 11; ids without a number after all others.
        const std::int64_t x = m_idNumber[l] < 0 ? INT64_MAX : m_idNumber[l];
        const std::int64_t y = m_idNumber[r] < 0 ? INT64_MAX : m_idNumber[r];
        return x != y ? compareValues(x, y) : a.id.view().compare(b.id.view());
    }
    case NameColumn: return m_labels ? m_labels->name(l).compare(m_labels->name(r)) : 0;
    case UserColumn: return compareValues(m_userRank[l], m_userRank[r]);
    case StateColumn: return m_labels ? m_labels->state(l).compare(m_labels->state(r)) : 0;
    case NodesColumn: return compareValues(nodes(l), nodes(r));
    case SubmitColumn: return compareValues(a.submit, b.submit);
    case StartColumn: return compareValues(a.start, b.start);
    case EndColumn: return compareValues(a.end, b.end);
    case WaitColumn: return compareValues(a.start - a.submit, b.start - b.submit);
    default: break;
    }
    double x = 0;
    double y = 0;
    const bool hasX = metricValue(left, column, x);
    const bool hasY = metricValue(right, column, y);
    if (hasX != hasY)
        return hasX ? -1 : 1;
    return hasX ? compareValues(x, y) : 0;
}

bool JobTableModel::isBlank(int row, int column) const
{
    switch (column) {
    case IdColumn:
    case NameColumn:
    case UserColumn:
    case StateColumn:
    case NodesColumn:
    case SubmitColumn:
    case StartColumn:
    case EndColumn:
    case WaitColumn: return false;
    default: {
        double value = 0;
        return !metricValue(row, column, value);
    }
    }
}

const JobTableModel::SortRanks& JobTableModel::sortRanks(int column) const
{
    SortRanks& ranks = m_sortRanks[column];
    if (!ranks.place.empty() || !m_jobs || m_jobs->empty())
        return ranks;
    const size_t count = m_jobs->size();
    std::vector<std::uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0u);
    size_t blanks = 0;
    if (column != IdColumn && column != NameColumn && column != UserColumn && column != StateColumn) {
        // Numbers: one pass over the jobs for the keys, then a sort of small records.
        std::vector<double> keys(count);
        for (size_t row = 0; row < count; ++row) {
            const Job& job = (*m_jobs)[row];
            double value = 0;
            switch (column) {
            case NodesColumn: value = static_cast<double>(nodes(row)); break;
            case SubmitColumn: value = static_cast<double>(job.submit); break;
            case StartColumn: value = static_cast<double>(job.start); break;
            case EndColumn: value = static_cast<double>(job.end); break;
            case WaitColumn: value = static_cast<double>(job.start - job.submit); break;
            default:
                if (!metricValue(static_cast<int>(row), column, value)) {
                    value = std::numeric_limits<double>::infinity(); // blank: after every value
                    ++blanks;
                }
            }
            keys[row] = value;
        }
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    } else {
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return compareRows(static_cast<int>(a), static_cast<int>(b), column) < 0;
        });
    }
    ranks.place.resize(count);
    for (size_t place = 0; place < count; ++place)
        ranks.place[order[place]] = static_cast<std::uint32_t>(place);
    ranks.firstBlank = static_cast<std::uint32_t>(count - blanks);
    if (m_sortRanks.size() > 3) // the columns sorted by lately; each is 4 bytes a job
        for (auto it = m_sortRanks.begin(); it != m_sortRanks.end();)
            it = it->first == column ? std::next(it) : m_sortRanks.erase(it);
    return m_sortRanks[column];
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_jobs ? 0 : static_cast<int>(m_jobs->size());
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant JobTableModel::sortValue(int row, int column) const
{
    const Job& job = (*m_jobs)[static_cast<size_t>(row)];
    switch (column) {
    case IdColumn: {
        bool numeric = false;
        const qlonglong value = QString::fromStdString(job.id).toLongLong(&numeric);
        return numeric ? QVariant(value) : QVariant(QString::fromStdString(job.id));
    }
    case NameColumn: return m_labels ? fromView(m_labels->name(static_cast<size_t>(row))) : QString();
    case UserColumn: return QString::fromStdString(job.user);
    case StateColumn: return m_labels ? fromView(m_labels->state(static_cast<size_t>(row))) : QString();
    case NodesColumn: return static_cast<qlonglong>(nodes(static_cast<size_t>(row)));
    case SubmitColumn: return static_cast<qlonglong>(job.submit);
    case StartColumn: return static_cast<qlonglong>(job.start);
    case EndColumn: return static_cast<qlonglong>(job.end);
    case WaitColumn: return static_cast<qlonglong>(job.start - job.submit);
    default: {
        double value = 0;
        return metricValue(row, column, value) ? QVariant(value) : QVariant();
    }
    }
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_jobs)
        return {};
    const int row = index.row();
    const int column = index.column();
    if (role == JobIndexRole)
        return row;
    if (role == SortRole)
        return sortValue(row, column);
    if (role == CsvValueRole) // seconds since the epoch, seconds, hops, counts (headerData's CsvHeaderRole)
        return column == IdColumn ? QVariant(QString::fromStdString((*m_jobs)[static_cast<size_t>(row)].id))
                                  : sortValue(row, column);
    if (role == Qt::TextAlignmentRole)
        return column == NodesColumn || column == WaitColumn || isMetricColumn(column)
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const Job& job = (*m_jobs)[static_cast<size_t>(row)];
    switch (column) {
    case IdColumn: return QString::fromStdString(job.id);
    case NameColumn: return m_labels ? fromView(m_labels->name(static_cast<size_t>(row))) : QString();
    case UserColumn: return QString::fromStdString(job.user);
    case StateColumn: return m_labels ? fromView(m_labels->state(static_cast<size_t>(row))) : QString();
    case NodesColumn:
        // A job holding nodes other jobs hold at the same time (docs/importing.md).
        if (m_labels && m_labels->sharesNodes(static_cast<size_t>(row)))
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
    if (!metricValue(row, column, value))
        return {};
    if (column == CoresColumn && role == Qt::ToolTipRole) {
        const std::vector<int>& perNode = (*m_holdings)[static_cast<size_t>(row)].nodeCores;
        if (perNode.size() != job.nodes.size() || perNode.empty())
            return tr("%1 cores in all; the log does not say how many on each node").arg(value);
        QStringList parts;
        for (size_t k = 0; k < perNode.size() && k < 12; ++k)
            parts << tr("%1 on node %2").arg(perNode[k]).arg(job.nodes[k]);
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
            return m_torus ? tr("Groups of the job's nodes at most one hop apart (Titan SC'16 §IV-B)")
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
