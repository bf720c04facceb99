// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunTableModel.h"

#include "app/CsvRoles.h"
#include "app/JobTableModel.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace placement {

namespace {

/// A number the summary stores as null (not finite) shows as 0, as it did when read as JSON.
double orZero(double value)
{
    return std::isfinite(value) ? value : 0;
}

/// The parameters that tell runs of one policy apart, in a line: those the run stores (the
/// logged run stores its processors per node only).
QString describeParameters(const RunParameters& parameters)
{
    QStringList parts;
    const bool byCores = parameters.by == "cores";
    if (byCores)
        parts << RunTableModel::tr("by cores");
    if (parameters.backfill && *parameters.backfill != "fcfs")
        parts << RunTableModel::tr("window %1").arg(parameters.window.value_or(0));
    if (parameters.seed)
        parts << RunTableModel::tr("seed %1").arg(static_cast<qint64>(*parameters.seed));
    if (byCores && parameters.coresPerNode)
        parts << RunTableModel::tr("%1 cores/node where not described").arg(*parameters.coresPerNode);
    if (!byCores)
        parts << RunTableModel::tr("%1 cpus/node").arg(parameters.cpusPerNode.value_or(1));
    if (parameters.scaleNodes)
        parts << RunTableModel::tr("nodes x%1").arg(*parameters.scaleNodes);
    if (parameters.arrivals)
        parts << RunTableModel::tr("arrivals %1").arg(QString::fromStdString(*parameters.arrivals));
    for (const auto& [bound, value] : {std::pair{"from", parameters.from}, std::pair{"to", parameters.to}})
        if (value)
            parts << QStringLiteral("%1 %2").arg(QLatin1String(bound), formatTime(*value));
    return parts.join(QStringLiteral(", "));
}

} // namespace

void RunTableModel::setRuns(std::vector<RunRecord> runs)
{
    // The logged run, the runs outside any sweep, then each sweep's runs together.
    std::map<std::string, size_t> sweepRank;
    std::vector<size_t> rank(runs.size());
    for (size_t i = 0; i < runs.size(); ++i) {
        const std::string sweep = runs[i].id == 0 || runs[i].sweeps.empty() ? std::string() : runs[i].sweeps.front();
        if (runs[i].id == 0)
            rank[i] = 0;
        else if (sweep.empty())
            rank[i] = 1;
        else
            rank[i] = 2 + sweepRank.emplace(sweep, sweepRank.size()).first->second;
    }
    std::vector<size_t> order(runs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank[a] < rank[b]; });
    std::vector<RunRecord> grouped;
    grouped.reserve(runs.size());
    for (size_t i : order)
        grouped.push_back(std::move(runs[i]));

    beginResetModel();
    m_runs = std::move(grouped);
    m_summaries.clear();
    m_parameters.clear();
    for (const RunRecord& run : m_runs) {
        // A run whose stored text cannot be read shows empty, not the whole table.
        try {
            m_summaries.push_back(readRunSummary(run.summary));
        } catch (const std::runtime_error& error) {
            qWarning("run %lld: %s", static_cast<long long>(run.id), error.what());
            m_summaries.emplace_back();
        }
        try {
            m_parameters.push_back(readRunParameters(run.parameters));
        } catch (const std::runtime_error& error) {
            qWarning("run %lld: %s", static_cast<long long>(run.id), error.what());
            m_parameters.emplace_back();
        }
    }
    endResetModel();
}

int RunTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant RunTableModel::value(int row, int column) const
{
    const RunSummary& summary = m_summaries[static_cast<size_t>(row)];
    const RunParameters& parameters = m_parameters[static_cast<size_t>(row)];
    switch (column) {
    case NameColumn: return QString::fromStdString(m_runs[static_cast<size_t>(row)].name);
    case SweepColumn: return sweep(row);
    case PolicyColumn: {
        const QString order = QString::fromStdString(parameters.order.value_or(std::string()));
        const QString policy = QString::fromStdString(parameters.policy);
        return order.isEmpty() || order == QLatin1String("index") ? policy : policy + QLatin1Char(':') + order;
    }
    case BackfillColumn: return QString::fromStdString(parameters.backfill.value_or(std::string()));
    case SpeedupColumn: return QString::fromStdString(parameters.speedup.value_or(std::string()));
    case ParametersColumn: {
        const QString described = describeParameters(parameters);
        return isLogged(row) && summary.jobsWithNodeLists == 0 ? tr("%1, no node lists").arg(described) : described;
    }
    case JobsColumn:
    case UtilizationColumn:
    case MakespanColumn:
    case MeanWaitColumn:
    case MeanSlowdownColumn:
        if (!summary.hasSystemMetrics)
            return {}; // not known, not zero
        break;
    default: break;
    }
    switch (column) {
    case JobsColumn: return static_cast<int>(summary.jobs);
    case UtilizationColumn: return orZero(summary.utilization);
    case MakespanColumn: return static_cast<double>(summary.makespan);
    case MeanWaitColumn: return orZero(summary.meanWait);
    case MeanSlowdownColumn: return orZero(summary.meanBoundedSlowdown);
    case CoreUtilizationColumn:
        return summary.utilizationCores && std::isfinite(*summary.utilizationCores)
            ? QVariant(*summary.utilizationCores)
            : QVariant();
    case MeanAphColumn: return summary.meanAph ? QVariant(*summary.meanAph) : QVariant();
    case SchedulingColumn:
        return summary.schedulingUsPerJob && std::isfinite(summary.schedulingUsPerJob->mean)
            ? QVariant(summary.schedulingUsPerJob->mean)
            : QVariant();
    }
    return {};
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    const int column = index.column();
    if (role == RunIdRole)
        return QVariant::fromValue(m_runs[static_cast<size_t>(row)].id);
    if (role == SortRole || role == CsvValueRole) // seconds, fractions, counts (CsvHeaderRole)
        return value(row, column);
    if (role == Qt::TextAlignmentRole)
        return column >= JobsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole && isLogged(row))
        return loggedToolTip(row);
    if (role != Qt::DisplayRole)
        return {};
    const QVariant v = value(row, column);
    if (!v.isValid())
        return QStringLiteral("\u2013");
    switch (column) {
    case UtilizationColumn:
    case CoreUtilizationColumn: return QStringLiteral("%1%").arg(100 * v.toDouble(), 0, 'f', 1);
    case MakespanColumn:
    case MeanWaitColumn: return formatDuration(static_cast<std::int64_t>(v.toDouble()));
    case MeanSlowdownColumn:
    case MeanAphColumn:
    case SchedulingColumn: return QString::number(v.toDouble(), 'f', column == SchedulingColumn ? 1 : 2);
    default: return v;
    }
}

QString RunTableModel::sweep(int row) const
{
    QStringList names;
    for (const std::string& name : m_runs[static_cast<size_t>(row)].sweeps)
        names << QString::fromStdString(name);
    return names.join(QStringLiteral(", "));
}

bool RunTableModel::inSweep(int row, const QString& sweep) const
{
    const std::vector<std::string>& sweeps = m_runs[static_cast<size_t>(row)].sweeps;
    return std::find(sweeps.begin(), sweeps.end(), sweep.toStdString()) != sweeps.end();
}

QStringList RunTableModel::sweeps() const
{
    QStringList names;
    for (const RunRecord& run : m_runs)
        for (const std::string& sweep : run.sweeps)
            if (const QString name = QString::fromStdString(sweep); !names.contains(name))
                names << name;
    return names;
}

QStringList RunTableModel::parameterValues(const QString& key, const QString& sweepName) const
{
    QStringList values;
    for (int row = 0; row < rowCount(); ++row) {
        if (isLogged(row) || (!sweepName.isEmpty() && !inSweep(row, sweepName)))
            continue;
        const QString value = runParameterText(m_parameters[static_cast<size_t>(row)], key);
        if (!value.isEmpty() && !values.contains(value))
            values << value;
    }
    sortParameterValues(values);
    return values;
}

bool RunTableModel::accepts(int row, const RunFilter& filter) const
{
    if (isLogged(row))
        return true;
    if (!filter.sweep.isEmpty() && !inSweep(row, filter.sweep))
        return false;
    return filter.parameter.isEmpty()
        || runParameterText(m_parameters[static_cast<size_t>(row)], filter.parameter) == filter.value;
}

RunFilterModel::RunFilterModel(RunTableModel* source, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_source(source)
{
    setSourceModel(source);
    setSortRole(RunTableModel::SortRole);
}

void RunFilterModel::setFilter(const RunFilter& filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    invalidateFilter();
}

bool RunFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    return !sourceParent.isValid() && m_source->accepts(sourceRow, m_filter);
}

bool RunFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // The logged run first whichever way the column is sorted.
    const bool leftLogged = m_source->run(left.row()).id == 0;
    const bool rightLogged = m_source->run(right.row()).id == 0;
    if (leftLogged != rightLogged)
        return sortOrder() == Qt::AscendingOrder ? leftLogged : rightLogged;
    return QSortFilterProxyModel::lessThan(left, right);
}

bool RunTableModel::hasCoreUtilization() const
{
    return std::any_of(m_summaries.begin(), m_summaries.end(),
                       [](const RunSummary& summary) { return summary.utilizationCores.has_value(); });
}

bool RunTableModel::isLogged(int row) const
{
    return m_runs[static_cast<size_t>(row)].id == 0;
}

QString RunTableModel::loggedToolTip(int row) const
{
    const RunSummary& summary = m_summaries[static_cast<size_t>(row)];
    QString text = tr("The logged schedule, measured from the logged submit, start and end times of its jobs "
                      "(docs/simulation.md).");
    if (summary.jobsWithNodeLists.value_or(0) == 0)
        text += QLatin1Char(' ') + tr("This log has no node lists: where its jobs ran is unknown, so it has no APH.");
    if (const qint64 unknown = summary.jobsWithoutStart.value_or(0); unknown > 0)
        text
            += QLatin1Char(' ') + tr("Jobs without a start time in the log, left out of its metrics: %1.").arg(unknown);
    if (const qint64 unsized = summary.jobsWithoutSize.value_or(0); unsized > 0)
        text += QLatin1Char(' ') + tr("Jobs without a size, left out: %1.").arg(unsized);
    return text;
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= NumColumns)
        return {};
    if (role == CsvHeaderRole) { // the names of placement runs --csv
        static const char* const names[NumColumns] = {"run",
                                                      "sweep",
                                                      "policy",
                                                      "backfill",
                                                      "speedup",
                                                      "parameters",
                                                      "jobs",
                                                      "utilization_fraction",
                                                      "utilization_cores_fraction",
                                                      "makespan_s",
                                                      "mean_wait_s",
                                                      "mean_bounded_slowdown",
                                                      "mean_aph_hops",
                                                      "scheduling_us_per_job"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SweepColumn:
            return tr("The sweeps the run belongs to (placement sweep --name): the one that stored it, then any "
                      "later sweep that met the same point; empty outside any");
        case ParametersColumn: return tr("Backfill window, seed, processors per node, node scale, arrivals");
        case UtilizationColumn:
            return tr("Average utilization over the steady state (docs/simulation.md); where jobs share nodes, "
                      "each busy node counted once");
        case CoreUtilizationColumn:
            return tr("Core-seconds the jobs held / (the machine's cores x the makespan): runs by cores, and the "
                      "logged run where every job's cores are known; empty for runs of whole nodes");
        case MeanSlowdownColumn: return tr("Mean bounded slowdown (10 s bound)");
        case MeanAphColumn: return tr("Mean Average Pairwise Hops of the jobs of 2 nodes or more");
        case SchedulingColumn: return tr("Mean wall time the allocator spent per job, microseconds");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Run");
    case SweepColumn: return tr("Sweep");
    case PolicyColumn: return tr("Policy");
    case BackfillColumn: return tr("Backfill");
    case SpeedupColumn: return tr("Speed-up");
    case ParametersColumn: return tr("Parameters");
    case JobsColumn: return tr("Jobs");
    case UtilizationColumn: return tr("Utilization");
    case CoreUtilizationColumn: return tr("Cores");
    case MakespanColumn: return tr("Makespan");
    case MeanWaitColumn: return tr("Mean wait");
    case MeanSlowdownColumn: return tr("Slowdown");
    case MeanAphColumn: return tr("Mean APH");
    case SchedulingColumn: return tr("µs/job");
    }
    return {};
}

} // namespace placement
