// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/SweepChart.h"

#include "core/Csv.h"
#include "views/RunCharts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace placement {

namespace {

QString headingOf(const QString& key)
{
    for (const auto& [parameter, heading] : sweepChartParameters())
        if (parameter == key)
            return heading;
    return key;
}

const SweepMetric* metricOf(const QString& key)
{
    for (const SweepMetric& metric : sweepChartMetrics())
        if (metric.key == key)
            return &metric;
    return nullptr;
}

} // namespace

QString runParameterText(const RunParameters& parameters, const QString& key)
{
    const std::optional<RunValue> value = parameters.value(key.toStdString());
    if (!value)
        return {};
    if (const std::string* text = std::get_if<std::string>(&*value))
        return QString::fromStdString(*text);
    return QString::number(std::get<double>(*value), 'f', QLocale::FloatingPointShortest);
}

void sortParameterValues(QStringList& values)
{
    const bool numbers = std::all_of(values.begin(), values.end(), [](const QString& value) {
        bool ok = false;
        value.toDouble(&ok);
        return ok;
    });
    if (numbers)
        std::sort(values.begin(), values.end(),
                  [](const QString& a, const QString& b) { return a.toDouble() < b.toDouble(); });
    else
        values.sort();
}

const std::vector<SweepMetric>& sweepChartMetrics()
{
    static const std::vector<SweepMetric> metrics{
        {QStringLiteral("utilization"), QObject::tr("Utilization (steady state)"), QStringLiteral("%"), 100,
         QStringLiteral("utilization_fraction")},
        {QStringLiteral("utilization_over_makespan"), QObject::tr("Utilization over the makespan"), QStringLiteral("%"),
         100, QStringLiteral("utilization_over_makespan_fraction")},
        {QStringLiteral("mean_wait"), QObject::tr("Mean wait"), QStringLiteral("h"), 1 / 3600.0,
         QStringLiteral("mean_wait_s")},
        {QStringLiteral("median_wait"), QObject::tr("Median wait"), QStringLiteral("h"), 1 / 3600.0,
         QStringLiteral("median_wait_s")},
        {QStringLiteral("mean_bounded_slowdown"), QObject::tr("Mean bounded slowdown (10 s bound)"), QString(), 1,
         QStringLiteral("mean_bounded_slowdown")},
        {QStringLiteral("mean_aph"), QObject::tr("Mean APH"), QObject::tr("hops"), 1, QStringLiteral("mean_aph_hops")},
        {QStringLiteral("makespan"), QObject::tr("Makespan"), QStringLiteral("h"), 1 / 3600.0,
         QStringLiteral("makespan_s")},
    };
    return metrics;
}

const std::vector<std::pair<QString, QString>>& sweepChartParameters()
{
    static const std::vector<std::pair<QString, QString>> parameters{
        {QStringLiteral("policy"), QObject::tr("Policy")},
        {QStringLiteral("speedup"), QObject::tr("Speed-up")},
        {QStringLiteral("seed"), QObject::tr("Seed")},
        {QStringLiteral("backfill"), QObject::tr("Backfilling")},
        {QStringLiteral("window"), QObject::tr("Window (jobs)")},
        {QStringLiteral("order"), QObject::tr("Node order")},
        {QStringLiteral("arrivals"), QObject::tr("Arrivals")},
        {QStringLiteral("scale_nodes"), QObject::tr("Node scale")},
        {QStringLiteral("cpus_per_node"), QObject::tr("Processors per node")},
        {QStringLiteral("sweep"), QObject::tr("Sweep")},
    };
    return parameters;
}

QStringList varyingParameters(const std::vector<SweepChartRun>& runs)
{
    QStringList varying;
    for (const auto& [key, heading] : sweepChartParameters()) {
        QStringList values;
        for (const SweepChartRun& run : runs)
            if (const QString value = runParameterText(run.parameters, key); !values.contains(value))
                values << value;
        if (values.size() > 1)
            varying << key;
    }
    return varying;
}

SweepChartData sweepChartData(const std::vector<SweepChartRun>& runs, const QString& metric, const QString& x,
                              const QString& series)
{
    SweepChartData data;
    data.metric = metric;
    data.x = x;
    data.series = series;
    QStringList seriesValues;
    std::vector<const SweepChartRun*> charted;
    const std::string metricKey = metric.toStdString();
    for (const SweepChartRun& run : runs) {
        if (!run.summary.number(metricKey)) {
            ++data.withoutMetric;
            continue;
        }
        const QString category = runParameterText(run.parameters, x);
        const QString line = series.isEmpty() ? QString() : runParameterText(run.parameters, series);
        if (category.isEmpty() || (!series.isEmpty() && line.isEmpty())) {
            ++data.withoutParameter;
            continue;
        }
        if (!data.categories.contains(category))
            data.categories << category;
        if (!seriesValues.contains(line))
            seriesValues << line;
        charted.push_back(&run);
    }
    sortParameterValues(data.categories);
    sortParameterValues(seriesValues);
    for (const QString& value : seriesValues) {
        SweepChartData::Series line;
        line.value = value;
        line.sums.assign(static_cast<size_t>(data.categories.size()), 0);
        line.runs.assign(static_cast<size_t>(data.categories.size()), 0);
        data.lines.push_back(std::move(line));
    }
    for (const SweepChartRun* run : charted) {
        const auto category = static_cast<size_t>(data.categories.indexOf(runParameterText(run->parameters, x)));
        const QString value = series.isEmpty() ? QString() : runParameterText(run->parameters, series);
        SweepChartData::Series& line = data.lines[static_cast<size_t>(seriesValues.indexOf(value))];
        line.sums[category] += *run->summary.number(metricKey);
        ++line.runs[category];
        ++data.runs;
    }
    return data;
}

QChart* buildSweepChart(const SweepChartData& data, const QString& title)
{
    auto* chart = new QChart;
    const SweepMetric* metric = metricOf(data.metric);
    const QString metricLabel = metric ? metric->label : data.metric;
    chart->setTitle(data.series.isEmpty()
                        ? QObject::tr("%1 by %2 — %3").arg(metricLabel, headingOf(data.x).toLower(), title)
                        : QObject::tr("%1 by %2, per %3 — %4")
                              .arg(metricLabel, headingOf(data.x).toLower(), headingOf(data.series).toLower(), title));
    QFont titleFont = chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    if (data.runs == 0 || !metric)
        return chart;

    const double scale = metric->scale;
    double top = 0;
    bool averaged = false;
    auto* bars = new QBarSeries;
    for (size_t i = 0; i < data.lines.size(); ++i) {
        const SweepChartData::Series& line = data.lines[i];
        auto* set = new QBarSet(
            data.series.isEmpty() ? metricLabel : QStringLiteral("%1 %2").arg(headingOf(data.series), line.value));
        set->setColor(runColor(static_cast<int>(i)));
        set->setBorderColor(runColor(static_cast<int>(i)).darker(150));
        set->setProperty("line", static_cast<int>(i));
        for (size_t c = 0; c < line.runs.size(); ++c) {
            *set << line.mean(c) * scale;
            top = std::max(top, line.mean(c) * scale);
            averaged = averaged || line.runs[c] > 1;
        }
        bars->append(set);
    }
    const QString unit = metric->unit;
    QObject::connect(
        bars, &QBarSeries::hovered, bars,
        [data, heading = headingOf(data.x), metricLabel, unit, scale](bool status, int index, QBarSet* set) {
            if (!status || index < 0 || index >= data.categories.size()) {
                QToolTip::hideText();
                return;
            }
            const auto& cell = data.lines[static_cast<size_t>(set->property("line").toInt())];
            const auto category = static_cast<size_t>(index);
            const int runs = cell.runs[category];
            QToolTip::showText(
                QCursor::pos(),
                runs == 0 ? QObject::tr("%1, %2 %3: no run").arg(set->label(), heading, data.categories.value(index))
                          : QObject::tr("%1, %2 %3: %4 %5 %6 (mean of %7 runs)")
                                .arg(set->label(), heading, data.categories.value(index), metricLabel)
                                .arg(cell.mean(category) * scale, 0, 'g', 4)
                                .arg(unit)
                                .arg(runs));
        });
    auto* x = new QBarCategoryAxis;
    x->setTitleText(headingOf(data.x));
    x->append(data.categories);
    chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis;
    y->setTitleText(unit.isEmpty() ? metricLabel : QStringLiteral("%1 (%2)").arg(metricLabel, unit));
    y->setRange(0, top > 0 ? top * 1.05 : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addSeries(bars);
    bars->attachAxis(x);
    bars->attachAxis(y);
    if (averaged)
        chart->setTitle(chart->title() + QObject::tr(" (bars: means over the runs of each cell)"));
    if (data.withoutMetric > 0 || data.withoutParameter > 0)
        chart->setTitle(chart->title()
                        + QObject::tr("; runs left out (no such metric or parameter): %1")
                              .arg(data.withoutMetric + data.withoutParameter));
    return chart;
}

QString sweepChartCsv(const SweepChartData& data)
{
    const SweepMetric* metric = metricOf(data.metric);
    std::vector<std::string> header{data.x.toStdString()};
    if (!data.series.isEmpty())
        header.push_back(data.series.toStdString());
    header.push_back((metric ? metric->csvColumn : data.metric).toStdString() + "_mean");
    header.push_back("runs");
    std::string out = csvRecord(header);
    for (const SweepChartData::Series& line : data.lines)
        for (size_t c = 0; c < line.runs.size(); ++c) {
            if (line.runs[c] == 0)
                continue;
            std::vector<std::string> fields{data.categories[static_cast<qsizetype>(c)].toStdString()};
            if (!data.series.isEmpty())
                fields.push_back(line.value.toStdString());
            fields.push_back(QString::number(line.mean(c), 'f', QLocale::FloatingPointShortest).toStdString());
            fields.push_back(std::to_string(line.runs[c]));
            out += csvRecord(fields);
        }
    return QString::fromStdString(out);
}

} // namespace placement
