// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/RunRecord.h"

#include <QString>
#include <QStringList>

#include <vector>

class QChart;

namespace placement {

/// A stored run parameter as text: strings as stored, numbers as plain digits; empty when
/// the run does not have it.
QString runParameterText(const RunParameters& parameters, const QString& key);
/// Sorts parameter values: numerically when every one is a number, else as text.
void sortParameterValues(QStringList& values);

/// One stored run as the sweep chart reads it: its name, stored parameters and summary
/// (core/RunRecord.h).
struct SweepChartRun
{
    QString name;
    RunParameters parameters;
    RunSummary summary;
};

/// A run metric the sweep chart can draw: its key in the run summary, how it is named and
/// shown (the summary's value times `scale`, in `unit`), and its CSV column (the summary's
/// value, its unit in the name, as `placement runs --csv` names it).
struct SweepMetric
{
    QString key, label, unit;
    double scale;
    QString csvColumn;
};
const std::vector<SweepMetric>& sweepChartMetrics();

/// The parameters the chart can put along its axis or split into series, and the Runs dock
/// filter on: stored keys and headings, in a stable order.
const std::vector<std::pair<QString, QString>>& sweepChartParameters();

/// A metric of runs against a parameter, one series per value of a second parameter: the
/// mean of the metric over the runs of each (value, series value) cell.
struct SweepChartData
{
    QString metric, x, series; ///< keys; `series` empty: one series
    QStringList categories; ///< the values of `x`, sorted
    struct Series
    {
        QString value; ///< the value of `series` (empty when there is one series)
        std::vector<double> sums; ///< per category, of the summary's values
        std::vector<int> runs; ///< per category: runs in the cell (0: none)
        double mean(size_t category) const { return runs[category] ? sums[category] / runs[category] : 0; }
    };
    std::vector<Series> lines;
    int runs = 0; ///< runs charted
    int withoutMetric = 0; ///< runs left out: their summary has no such metric (no APH)
    int withoutParameter = 0; ///< runs left out: they do not store `x` or `series`
};

/// The chart's numbers for `runs`.
SweepChartData sweepChartData(const std::vector<SweepChartRun>& runs, const QString& metric, const QString& x,
                              const QString& series);
/// Parameters whose stored values differ between `runs`, in sweepChartParameters() order.
QStringList varyingParameters(const std::vector<SweepChartRun>& runs);

/// Grouped bars: one group per value of `x`, one bar per series value, the mean of the
/// metric in its unit. `title` names the runs (machine, sweep, filter).
QChart* buildSweepChart(const SweepChartData& data, const QString& title);

/// The chart's numbers as CSV: the parameter along the axis, the series parameter, the
/// metric (the summary's value, its unit in the column name) and the runs averaged; one
/// line per cell with runs.
QString sweepChartCsv(const SweepChartData& data);

} // namespace placement
