// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunTableModel.h"

#include "app/JobTableModel.h"

#include <QJsonDocument>

namespace placement {

namespace {

QJsonObject parseObject(const std::string& json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

/// The parameters that tell runs of one policy apart, in a line.
QString describeParameters(const QJsonObject& parameters)
{
    QStringList parts;
    if (parameters.value(QStringLiteral("backfill")).toString() != QLatin1String("fcfs"))
        parts << RunTableModel::tr("window %1").arg(parameters.value(QStringLiteral("window")).toInt());
    parts << RunTableModel::tr("seed %1").arg(parameters.value(QStringLiteral("seed")).toInteger());
    parts << RunTableModel::tr("%1 cpus/node").arg(parameters.value(QStringLiteral("cpus_per_node")).toInt(1));
    parts << RunTableModel::tr("nodes x%1").arg(parameters.value(QStringLiteral("scale_nodes")).toInt(1));
    parts << RunTableModel::tr("arrivals %1").arg(parameters.value(QStringLiteral("arrivals")).toString());
    for (const char* bound : {"from", "to"})
        if (parameters.value(QLatin1String(bound)).isDouble())
            parts << QStringLiteral("%1 %2").arg(QLatin1String(bound),
                                                 formatTime(parameters.value(QLatin1String(bound)).toInteger()));
    return parts.join(QStringLiteral(", "));
}

} // namespace

void RunTableModel::setRuns(std::vector<RunRecord> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    m_summaries.clear();
    m_parameters.clear();
    for (const RunRecord& run : m_runs) {
        m_summaries.push_back(parseObject(run.summary));
        m_parameters.push_back(parseObject(run.parameters));
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
    const QJsonObject& summary = m_summaries[static_cast<size_t>(row)];
    const QJsonObject& parameters = m_parameters[static_cast<size_t>(row)];
    switch (column) {
    case NameColumn: return QString::fromStdString(m_runs[static_cast<size_t>(row)].name);
    case PolicyColumn: {
        const QString order = parameters.value(QStringLiteral("order")).toString();
        const QString policy = parameters.value(QStringLiteral("policy")).toString();
        return order.isEmpty() || order == QLatin1String("index") ? policy : policy + QLatin1Char(':') + order;
    }
    case BackfillColumn: return parameters.value(QStringLiteral("backfill")).toString();
    case SpeedupColumn: return parameters.value(QStringLiteral("speedup")).toString();
    case ParametersColumn: return describeParameters(parameters);
    case JobsColumn: return summary.value(QStringLiteral("jobs")).toInt();
    case UtilizationColumn: return summary.value(QStringLiteral("utilization")).toDouble();
    case MakespanColumn: return summary.value(QStringLiteral("makespan")).toDouble();
    case MeanWaitColumn: return summary.value(QStringLiteral("mean_wait")).toDouble();
    case MeanSlowdownColumn: return summary.value(QStringLiteral("mean_bounded_slowdown")).toDouble();
    case MeanAphColumn: return summary.value(QStringLiteral("mean_aph")).toDouble();
    case SchedulingColumn:
        return summary.value(QStringLiteral("scheduling_us_per_job"))
            .toObject()
            .value(QStringLiteral("mean"))
            .toDouble();
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
    if (role == SortRole)
        return value(row, column);
    if (role == Qt::TextAlignmentRole)
        return column >= JobsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    const QVariant v = value(row, column);
    switch (column) {
    case UtilizationColumn: return QStringLiteral("%1%").arg(100 * v.toDouble(), 0, 'f', 1);
    case MakespanColumn:
    case MeanWaitColumn: return formatDuration(static_cast<std::int64_t>(v.toDouble()));
    case MeanSlowdownColumn:
    case MeanAphColumn:
    case SchedulingColumn: return QString::number(v.toDouble(), 'f', column == SchedulingColumn ? 1 : 2);
    default: return v;
    }
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= NumColumns)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ParametersColumn: return tr("Backfill window, seed, processors per node, node scale, arrivals");
        case UtilizationColumn: return tr("Average utilization over the steady state (docs/simulation.md)");
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
    case PolicyColumn: return tr("Policy");
    case BackfillColumn: return tr("Backfill");
    case SpeedupColumn: return tr("Speed-up");
    case ParametersColumn: return tr("Parameters");
    case JobsColumn: return tr("Jobs");
    case UtilizationColumn: return tr("Utilization");
    case MakespanColumn: return tr("Makespan");
    case MeanWaitColumn: return tr("Mean wait");
    case MeanSlowdownColumn: return tr("Slowdown");
    case MeanAphColumn: return tr("Mean APH");
    case SchedulingColumn: return tr("µs/job");
    }
    return {};
}

} // namespace placement
