// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/BoxStatistics.h"
#include "core/RunChartData.h"

#include <QColor>
#include <QString>

#include <memory>
#include <vector>

class QChart;

namespace placement {

/// One run as the charts draw it.
struct ChartedRun
{
    QString name;
    std::shared_ptr<const RunChartData> data;
};

/// A distinct colour per run, the same in every chart: the i-th run drawn gets colour i.
QColor runColor(int index);

/// Pollard SC'18 Fig. 7: box plots of APH by job-size bin, one box series per run, with the
/// smallest APH a job of each bin's median size (in the first run) can have on the empty
/// machine as a dashed line (from the first run with jobs in the bin). Bins without a job of
/// 2 nodes or more in any run are left out; so are runs without one (the title names them).
QChart* buildAphChart(const std::vector<ChartedRun>& runs, WhiskerRule rule, const QString& machine);

/// Pollard SC'18 Fig. 8: the distribution of utilization per minute, one box per run.
QChart* buildUtilizationChart(const std::vector<ChartedRun>& runs, WhiskerRule rule, const QString& machine);

/// Pollard SC'18 Fig. 10: mean wait by job-size bin, one bar per run in each bin, then the
/// mean over all jobs. Bins without jobs in any run are left out.
QChart* buildWaitChart(const std::vector<ChartedRun>& runs, const QString& machine);

/// What a box plot's box shows, for its tooltip.
QString describeBox(const BoxSummary& box, WhiskerRule rule, const QString& unit, int decimals);

} // namespace placement
