// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/RunCharts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace placement {

namespace {

void styleChart(QChart* chart, const QString& title)
{
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
}

QValueAxis* valueAxis(QChart* chart, const QString& title, double top)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setRange(0, top > 0 ? top : 1);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(axis, Qt::AlignLeft);
    return axis;
}

QBarCategoryAxis* categoryAxis(QChart* chart, const QString& title, const QStringList& categories)
{
    auto* axis = new QBarCategoryAxis;
    axis->setTitleText(title);
    axis->append(categories);
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

/// A box that draws nothing: keeps the slots of the other runs where a run has no jobs.
QBoxSet* emptyBox(const QString& label)
{
    auto* set = new QBoxSet(label);
    set->setPen(Qt::NoPen);
    set->setBrush(Qt::NoBrush);
    return set;
}

QBoxSet* box(const BoxSummary& summary, WhiskerRule rule, const QString& label, const QColor& color,
             const QString& unit, double scale, int decimals)
{
    auto* set = new QBoxSet(summary.lowerWhisker(rule) * scale, summary.lowerQuartile * scale, summary.median * scale,
                            summary.upperQuartile * scale, summary.upperWhisker(rule) * scale, label);
    set->setBrush(color.lighter(130));
    set->setPen(QPen(color.darker(150), 1.5));
    BoxSummary scaled = summary;
    for (double* value : {&scaled.mean, &scaled.min, &scaled.lowerQuartile, &scaled.median, &scaled.upperQuartile,
                          &scaled.max, &scaled.tukeyLow, &scaled.tukeyHigh})
        *value *= scale;
    set->setProperty("description", describeBox(scaled, rule, unit, decimals));
    return set;
}

void showBoxTooltips(QBoxPlotSeries* series)
{
    QObject::connect(series, &QBoxPlotSeries::hovered, series, [series](bool status, QBoxSet* set) {
        if (status)
            QToolTip::showText(QCursor::pos(),
                               series->name() + QLatin1Char('\n') + set->property("description").toString());
        else
            QToolTip::hideText();
    });
}

} // namespace

QColor runColor(int index)
{
    // Ten hues that stay apart for the colour-blind and in print (Tableau 10).
    static const QRgb colors[]
        = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor(colors[static_cast<size_t>(index) % std::size(colors)]);
}

QString describeBox(const BoxSummary& box, WhiskerRule rule, const QString& unit, int decimals)
{
    if (box.count == 0)
        return QObject::tr("no jobs");
    const auto number = [&](double value) { return QString::number(value, 'f', decimals) + unit; };
    QString text = QObject::tr("%1 values, mean %2\nmin %3, quartiles %4 / %5 / %6, max %7")
                       .arg(box.count)
                       .arg(number(box.mean), number(box.min), number(box.lowerQuartile), number(box.median),
                            number(box.upperQuartile), number(box.max));
    if (rule == WhiskerRule::Tukey)
        text += QObject::tr("\nwhiskers %1 to %2 (1.5 IQR), %3 outliers")
                    .arg(number(box.tukeyLow), number(box.tukeyHigh))
                    .arg(box.outliers);
    return text;
}

QChart* buildAphChart(const std::vector<ChartedRun>& allRuns, WhiskerRule rule, const QString& machine)
{
    auto* chart = new QChart;
    styleChart(chart, QObject::tr("APH by job size — %1").arg(machine));
    // A run without a placed job of 2 nodes or more (a log without node lists) has nothing
    // to draw: it gets no boxes and no minimum, and the title says so.
    std::vector<ChartedRun> runs;
    QStringList empty;
    for (const ChartedRun& run : allRuns) {
        const auto& bins = run.data->aphByBin;
        if (std::any_of(bins.begin(), bins.end(), [](const BoxSummary& box) { return box.count > 0; }))
            runs.push_back(run);
        else
            empty << run.name;
    }
    if (!empty.isEmpty())
        chart->setTitle(
            chart->title() + QStringLiteral("<br><small>")
            + QObject::tr("Not drawn, no placed job of 2 nodes or more: %1").arg(empty.join(QStringLiteral(", ")))
            + QStringLiteral("</small>"));
    if (runs.empty())
        return chart;
    const std::vector<int>& binStarts = runs.front().data->binStarts;
    std::vector<int> bins; // those with a measured job in some run
    for (size_t bin = 0; bin < binStarts.size(); ++bin)
        if (std::any_of(runs.begin(), runs.end(),
                        [bin](const ChartedRun& run) { return run.data->aphByBin[bin].count > 0; }))
            bins.push_back(static_cast<int>(bin));
    // The minimum of each bin from the first run with jobs in it (a run without jobs there
    // has no median size, and its minimum is 0).
    const auto minimumOf = [&](int bin) {
        for (const ChartedRun& run : runs)
            if (run.data->aphByBin[static_cast<size_t>(bin)].count > 0)
                return run.data->minimumAphByBin[static_cast<size_t>(bin)];
        return 0.0;
    };
    QStringList categories;
    double top = 0;
    for (int bin : bins) {
        categories << QString::fromStdString(sizeBinLabel(binStarts, bin, 2));
        for (const ChartedRun& run : runs)
            top = std::max(top, run.data->aphByBin[static_cast<size_t>(bin)].upperWhisker(rule));
        top = std::max(top, minimumOf(bin));
    }
    QBarCategoryAxis* x = categoryAxis(chart, QObject::tr("Job size (nodes)"), categories);
    QValueAxis* y = valueAxis(chart, QObject::tr("APH (hops)"), top * 1.05);
    for (size_t i = 0; i < runs.size(); ++i) {
        auto* series = new QBoxPlotSeries;
        series->setName(runs[i].name);
        const QColor color = runColor(static_cast<int>(i));
        series->setBrush(color.lighter(130));
        series->setPen(QPen(color.darker(150), 1.5));
        for (size_t c = 0; c < bins.size(); ++c) {
            const BoxSummary& summary = runs[i].data->aphByBin[static_cast<size_t>(bins[c])];
            series->append(summary.count ? box(summary, rule, categories[static_cast<int>(c)], color, {}, 1, 2)
                                         : emptyBox(categories[static_cast<int>(c)]));
        }
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        showBoxTooltips(series);
    }
    auto* minimum = new QLineSeries;
    minimum->setName(QObject::tr("Minimum APH (median size)"));
    minimum->setPen(QPen(QColor(60, 60, 60), 1.5, Qt::DashLine));
    minimum->setPointsVisible(true);
    for (size_t c = 0; c < bins.size(); ++c)
        minimum->append(static_cast<double>(c), minimumOf(bins[c]));
    chart->addSeries(minimum);
    minimum->attachAxis(x);
    minimum->attachAxis(y);
    return chart;
}

QChart* buildUtilizationChart(const std::vector<ChartedRun>& runs, WhiskerRule rule, const QString& machine)
{
    auto* chart = new QChart;
    styleChart(chart, QObject::tr("Utilization per minute — %1").arg(machine));
    chart->legend()->hide(); // the categories name the runs
    QStringList categories;
    for (const ChartedRun& run : runs)
        categories << run.name;
    QBarCategoryAxis* x = categoryAxis(chart, QObject::tr("Run"), categories);
    QValueAxis* y = valueAxis(chart, QObject::tr("Utilization (%)"), 100);
    y->setRange(0, 100);
    y->setTickCount(6);
    if (runs.empty())
        return chart;
    auto* series = new QBoxPlotSeries;
    series->setName(QObject::tr("Utilization"));
    for (size_t i = 0; i < runs.size(); ++i) {
        const BoxSummary& summary = runs[i].data->utilization;
        series->append(summary.count ? box(summary, rule, categories[static_cast<int>(i)],
                                           runColor(static_cast<int>(i)), QStringLiteral("%"), 100, 1)
                                     : emptyBox(categories[static_cast<int>(i)]));
        // Logs that overlap jobs on a node can exceed 100%.
        if (summary.count && summary.upperWhisker(rule) > 1)
            y->setRange(0, std::ceil(summary.upperWhisker(rule) * 10) * 10);
    }
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    showBoxTooltips(series);
    return chart;
}

QChart* buildWaitChart(const std::vector<ChartedRun>& runs, const QString& machine)
{
    auto* chart = new QChart;
    styleChart(chart, QObject::tr("Mean wait by job size — %1").arg(machine));
    if (runs.empty())
        return chart;
    const std::vector<int>& binStarts = runs.front().data->binStarts;
    std::vector<size_t> bins; // those with a job in some run, then "all"
    for (size_t bin = 0; bin <= binStarts.size(); ++bin)
        if (std::any_of(runs.begin(), runs.end(),
                        [bin](const ChartedRun& run) { return run.data->jobsByBin[bin] > 0; }))
            bins.push_back(bin);
    double longest = 0;
    for (const ChartedRun& run : runs)
        for (size_t bin : bins)
            longest = std::max(longest, run.data->meanWaitByBin[bin]);
    // Hours as in Pollard's Table I, minutes when every mean is short.
    const bool hours = longest >= 2 * 3600;
    const double unit = hours ? 3600 : 60;
    QStringList categories;
    for (size_t bin : bins)
        categories << (bin == binStarts.size()
                           ? QObject::tr("All jobs")
                           : QString::fromStdString(sizeBinLabel(binStarts, static_cast<int>(bin))));
    auto* series = new QBarSeries;
    for (size_t i = 0; i < runs.size(); ++i) {
        auto* set = new QBarSet(runs[i].name);
        set->setColor(runColor(static_cast<int>(i)));
        set->setBorderColor(runColor(static_cast<int>(i)).darker(150));
        for (size_t bin : bins)
            *set << runs[i].data->meanWaitByBin[bin] / unit;
        series->append(set);
    }
    QStringList groups; // what each bar stands for, in its tooltip
    for (size_t bin : bins)
        groups << (bin == binStarts.size()
                       ? QObject::tr("all jobs")
                       : QObject::tr("%1 nodes")
                             .arg(QString::fromStdString(sizeBinLabel(binStarts, static_cast<int>(bin)))));
    QObject::connect(series, &QBarSeries::hovered, series, [groups, hours](bool status, int index, QBarSet* set) {
        if (status)
            QToolTip::showText(QCursor::pos(),
                               QObject::tr("%1, %2: mean wait %3 %4")
                                   .arg(set->label(), groups.value(index))
                                   .arg(set->at(index), 0, 'f', 2)
                                   .arg(hours ? QObject::tr("h") : QObject::tr("min")));
        else
            QToolTip::hideText();
    });
    QBarCategoryAxis* x = categoryAxis(chart, QObject::tr("Job size (nodes)"), categories);
    QValueAxis* y = valueAxis(chart, hours ? QObject::tr("Mean wait (h)") : QObject::tr("Mean wait (min)"),
                              longest / unit * 1.05);
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

} // namespace placement
