// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/UtilizationChart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QDateTime>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QMouseEvent>
#include <QTimeZone>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace placement {
namespace {

const QColor BusyColor(88, 168, 120);
const QColor QueueColor(236, 150, 52);
const QColor CoresColor(120, 190, 255);
const QColor PlotColor(36, 39, 46); ///< the Gantt's dark, a shade darker

/// Three points at most per bucket: about two per pixel.
constexpr double PixelsPerBucket = 1.5;
/// Below this plot width the buckets are counted for a typical one (the chart is not laid
/// out yet).
constexpr double NarrowestPlot = 64;
constexpr double TypicalPlot = 1200;
/// Room per time label (an "MM-dd HH:mm" in the small font, and a gap).
constexpr double PixelsPerTimeLabel = 120;

/// Steps between time labels, a minute to a year, in seconds.
constexpr std::int64_t TimeSteps[]
    = {60,        300,   600,       900,       1800,       3600,       2 * 3600,   3 * 3600,    6 * 3600,
       12 * 3600, 86400, 2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400, 91 * 86400, 182 * 86400, 364 * 86400};

std::int64_t timeStepFor(std::int64_t span, int labels)
{
    for (std::int64_t step : TimeSteps)
        if (span / step <= labels)
            return step;
    return span / std::max(1, labels) + 1;
}

/// A step function over [first, last] as a polyline: a horizontal run per value, a vertical
/// one per change.
QList<QPointF> stepPoints(const StepSeries& series, std::int64_t first, std::int64_t last, double scale)
{
    QList<QPointF> points;
    int value = series.valueAt(first);
    points.append(QPointF(static_cast<double>(first), value * scale));
    const size_t end = series.stepAfter(last);
    for (size_t step = series.stepAfter(first); step < end; ++step) {
        const int next = series.value(step);
        if (next == value)
            continue;
        const auto at = static_cast<double>(series.time(step));
        points.append(QPointF(at, value * scale));
        points.append(QPointF(at, next * scale));
        value = next;
    }
    if (points.back() != QPointF(static_cast<double>(last), value * scale))
        points.append(QPointF(static_cast<double>(last), value * scale));
    return points;
}

/// Each bucket as a vertical stroke over its range at its start, then its peak across it:
/// the filled area reaches every peak, the line marks every dip.
QList<QPointF> envelopePoints(const StepEnvelope& envelope, double scale)
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(3 * envelope.bucketCount()));
    auto add = [&points](double x, double y) {
        const qsizetype n = points.size();
        if (n > 0 && points[n - 1] == QPointF(x, y))
            return;
        // A flat stretch needs its ends only.
        if (n > 1 && points[n - 1].y() == y && points[n - 2].y() == y) {
            points[n - 1].setX(x);
            return;
        }
        points.append(QPointF(x, y));
    };
    for (size_t bucket = 0; bucket < envelope.bucketCount(); ++bucket) {
        const auto from = static_cast<double>(envelope.bucketStart(bucket));
        const auto to = static_cast<double>(envelope.bucketStart(bucket + 1));
        add(from, envelope.minValues[bucket] * scale);
        add(from, envelope.maxValues[bucket] * scale);
        add(to, envelope.maxValues[bucket] * scale);
    }
    return points;
}

QFont smallFont(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * 0.85);
    return font;
}

} // namespace

UtilizationChart::UtilizationChart(QWidget* parent)
    : QChartView(new QChart, parent)
    , m_busyLine(new QLineSeries)
    , m_utilization(new QAreaSeries(m_busyLine))
    , m_queue(new QLineSeries)
    , m_coresLine(new QLineSeries)
    , m_timeAxis(new QCategoryAxis)
    , m_percentAxis(new QValueAxis)
    , m_queueAxis(new QValueAxis)
    , m_cursor(new QGraphicsLineItem(chart()))
    , m_zone(new QGraphicsSimpleTextItem(tr("UTC"), chart()))
{
    setObjectName(QStringLiteral("utilizationChart"));
    setToolTip(tr("Utilization of the machine's nodes (green, left axis) and jobs waiting to start (orange, "
                  "right axis) over time (UTC). Click or drag to move the time there."));
    setFrameShape(QFrame::NoFrame);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::NoRubberBand);
    m_busyLine->setParent(m_utilization); // the area series does not own its edge

    QChart* chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setMargins(QMargins(0, 0, 0, 0));
    chart->setPlotAreaBackgroundVisible(true);
    // Else the minimum grows with the time labels of the widest plot so far, and QChartView
    // makes it the widget's.
    chart->setMinimumSize(minimumSizeHint());
    // The legend floats in the plot's top left corner: a row of its own would take a
    // quarter of the chart's height (and QLegend, detached, lays out one row badly).
    chart->legend()->hide();

    m_timeAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_timeAxis->setLabelsFont(smallFont(font()));
    m_zone->setFont(smallFont(font()));
    m_timeAxis->setRange(0, 1);

    m_percentAxis->setRange(0, 100);
    m_percentAxis->setTickCount(3);
    m_percentAxis->setLabelFormat(QStringLiteral("%d%%"));
    m_percentAxis->setLabelsFont(smallFont(font()));
    m_queueAxis->setRange(0, 1);
    m_queueAxis->setTickCount(3);
    m_queueAxis->setLabelFormat(QStringLiteral("%d"));
    m_queueAxis->setLabelsFont(smallFont(font()));
    m_queueAxis->setGridLineVisible(false);
    chart->addAxis(m_timeAxis, Qt::AlignBottom);
    chart->addAxis(m_percentAxis, Qt::AlignLeft);
    chart->addAxis(m_queueAxis, Qt::AlignRight);

    m_utilization->setName(tr("Utilization"));
    m_queue->setName(tr("Queued jobs"));
    chart->addSeries(m_utilization);
    chart->addSeries(m_queue);
    m_coresLine->setName(tr("Cores held"));
    chart->addSeries(m_coresLine);
    m_coresLine->attachAxis(m_timeAxis);
    m_coresLine->attachAxis(m_percentAxis);
    m_coresLine->setVisible(false);
    m_utilization->attachAxis(m_timeAxis);
    m_utilization->attachAxis(m_percentAxis);
    m_queue->attachAxis(m_timeAxis);
    m_queue->attachAxis(m_queueAxis);

    m_cursor->setZValue(100); // above the series
    m_cursor->hide();
    buildLegend();
    applyColors();
    connect(chart, &QChart::plotAreaChanged, this, &UtilizationChart::plotAreaMoved);
}

void UtilizationChart::buildLegend()
{
    const QFont font = smallFont(this->font());
    const QFontMetricsF metrics(font);
    const double height = metrics.height() + 4;
    const double swatch = std::round(metrics.height() * 0.6);
    delete m_legend;
    m_legend = new QGraphicsRectItem(chart());
    m_legend->setZValue(101); // above the cursor
    m_legend->setPen(Qt::NoPen);
    m_legend->setBrush(QColor(PlotColor.red(), PlotColor.green(), PlotColor.blue(), 210));
    double x = 5;
    std::vector<std::pair<QString, QColor>> entries{{m_utilization->name(), BusyColor}, {m_queue->name(), QueueColor}};
    if (m_totalCores > 0)
        entries.emplace_back(m_coresLine->name(), CoresColor);
    for (const auto& [name, color] : entries) {
        auto* mark = new QGraphicsRectItem(x, std::round((height - swatch) / 2), swatch, swatch, m_legend);
        mark->setPen(Qt::NoPen);
        mark->setBrush(color);
        x += swatch + 4;
        auto* label = new QGraphicsSimpleTextItem(name, m_legend);
        label->setFont(font);
        label->setBrush(QColor(230, 232, 236));
        label->setPos(x, 2);
        x += metrics.horizontalAdvance(name) + 10;
    }
    m_legend->setRect(0, 0, x - 5, height);
}

void UtilizationChart::applyColors()
{
    const QPalette colors = palette();
    QChart* chart = this->chart();
    chart->setBackgroundBrush(colors.color(QPalette::Base));
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundBrush(PlotColor);
    chart->setPlotAreaBackgroundPen(Qt::NoPen);
    const QPen grid(QColor(255, 255, 255, 40), 1);
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(m_timeAxis), static_cast<QAbstractAxis*>(m_percentAxis),
                                static_cast<QAbstractAxis*>(m_queueAxis)}) {
        axis->setGridLinePen(grid);
        axis->setLinePen(QPen(colors.color(QPalette::Mid), 1));
        axis->setLabelsColor(colors.color(QPalette::Text));
    }
    // The value axes in their series' colours, as the key that the legend repeats.
    m_percentAxis->setLabelsColor(BusyColor.darker(125));
    m_queueAxis->setLabelsColor(QueueColor.darker(125));
    QColor fill = BusyColor;
    fill.setAlpha(170);
    m_utilization->setBrush(fill);
    m_utilization->setPen(QPen(BusyColor.lighter(115), 1));
    m_queue->setPen(QPen(QueueColor, 1.5));
    m_coresLine->setPen(QPen(CoresColor, 1.5));
    m_cursor->setPen(QPen(QColor(255, 255, 255, 220), 1.5));
}

void UtilizationChart::setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last,
                               const std::vector<int>& jobSizes)
{
    setSeries(std::make_shared<const StepSeries>(jobs ? busyNodesOverTime(*jobs, jobSizes) : StepSeries{}),
              jobs ? queuedJobsOverTime(*jobs) : StepSeries{}, nodeCount, first, last);
}

void UtilizationChart::setSeries(std::shared_ptr<const StepSeries> busy, StepSeries queued, int nodeCount,
                                 std::int64_t first, std::int64_t last)
{
    m_nodeCount = std::max(1, nodeCount);
    m_busy = busy ? std::move(busy) : std::make_shared<const StepSeries>();
    m_queued = std::move(queued);
    setRange(first, last);
}

void UtilizationChart::setQueued(StepSeries queued)
{
    m_queued = std::move(queued);
    rebuildSeries();
}

void UtilizationChart::setCores(StepSeries cores, std::int64_t totalCores)
{
    const bool shownBefore = m_totalCores > 0;
    m_cores = std::move(cores);
    m_totalCores = m_cores.empty() ? 0 : totalCores;
    m_coresLine->setVisible(m_totalCores > 0);
    if (shownBefore != (m_totalCores > 0)) {
        buildLegend();
        plotAreaMoved(chart()->plotArea());
    }
    rebuildSeries();
}

void UtilizationChart::setRange(std::int64_t first, std::int64_t last)
{
    m_first = first;
    m_last = std::max(last, first + 1);
    m_timeAxis->setRange(static_cast<double>(m_first), static_cast<double>(m_last));
    m_tickStep = 0;
    rebuildTimeTicks();
    rebuildSeries();
    placeCursor();
}

QString UtilizationChart::zoneLabel() const
{
    return m_zone->text();
}

void UtilizationChart::setTime(std::int64_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    placeCursor();
}

void UtilizationChart::setMinimumPlotMargins(int left, int right)
{
    m_minimumLeft = left;
    m_minimumRight = right;
    plotAreaMoved(chart()->plotArea());
}

int UtilizationChart::bucketsFor(double plotWidth) const
{
    const double width = plotWidth >= NarrowestPlot ? plotWidth : TypicalPlot;
    return static_cast<int>(std::ceil(width / PixelsPerBucket));
}

void UtilizationChart::rebuildSeries()
{
    m_buckets = bucketsFor(chart()->plotArea().width());
    const double percent = 100.0 / m_nodeCount;
    auto changes = [this](const StepSeries& series) {
        return static_cast<std::int64_t>(series.stepAfter(m_last) - series.stepAfter(m_first));
    };
    const StepSeries& busy = *m_busy;
    m_exact = std::max(changes(busy), changes(m_queued)) <= m_buckets;
    if (busy.empty() && m_queued.empty()) {
        m_busyLine->clear();
        m_queue->clear();
    } else if (m_exact) {
        m_busyLine->replace(stepPoints(busy, m_first, m_last, percent));
        m_queue->replace(stepPoints(m_queued, m_first, m_last, 1));
    } else {
        m_busyLine->replace(envelopePoints(stepEnvelope(busy, m_first, m_last, m_buckets), percent));
        m_queue->replace(envelopePoints(stepEnvelope(m_queued, m_first, m_last, m_buckets), 1));
    }
    if (m_totalCores <= 0)
        m_coresLine->clear();
    else if (changes(m_cores) <= m_buckets)
        m_coresLine->replace(stepPoints(m_cores, m_first, m_last, 100.0 / static_cast<double>(m_totalCores)));
    else
        m_coresLine->replace(envelopePoints(stepEnvelope(m_cores, m_first, m_last, m_buckets),
                                            100.0 / static_cast<double>(m_totalCores)));
    // Logs that overlap jobs on a node can exceed 100%. Compared in nodes: 44 × (100 / 44)
    // is a hair above 100 in doubles.
    const int busiest = busy.maxValue();
    const double peak = busiest * percent;
    m_percentAxis->setRange(0, busiest > m_nodeCount ? std::ceil(peak / 10) * 10 : 100);
    const int longest = m_queued.maxValue();
    m_queueAxis->setRange(0, std::max(2, longest + longest % 2)); // an even top: a whole middle tick
}

void UtilizationChart::rebuildTimeTicks()
{
    const double width = chart()->plotArea().width();
    const int labels
        = std::max(1, static_cast<int>((width >= NarrowestPlot ? width : TypicalPlot) / PixelsPerTimeLabel));
    const std::int64_t step = timeStepFor(m_last - m_first, labels);
    if (step == m_tickStep)
        return;
    m_tickStep = step;
    for (const QString& label : m_timeAxis->categoriesLabels())
        m_timeAxis->remove(label);
    m_timeAxis->setStartValue(static_cast<double>(m_first));
    const QString format = step < 86400 ? QStringLiteral("MM-dd HH:mm") : QStringLiteral("yyyy-MM-dd");
    // Multiples of the step since the epoch: midnight UTC for whole days.
    std::int64_t tick = m_first / step * step;
    if (tick <= m_first)
        tick += step;
    for (; tick <= m_last; tick += step)
        m_timeAxis->append(QDateTime::fromSecsSinceEpoch(tick, QTimeZone::utc()).toString(format),
                           static_cast<double>(tick));
    m_timeAxis->setRange(static_cast<double>(m_first), static_cast<double>(m_last));
}

void UtilizationChart::plotAreaMoved(const QRectF& chartArea)
{
    if (chartArea.isEmpty())
        return;
    // The axes take what they need; add to the chart's margins what the minimum asks beyond
    // that. The layout runs again and comes back here with the plot area moved.
    const QRectF area = plotArea();
    const double naturalLeft = area.left() - m_extraLeft;
    const double naturalRight = width() - area.right() - m_extraRight;
    const int extraLeft = std::max(0, static_cast<int>(std::ceil(m_minimumLeft - naturalLeft)));
    const int extraRight = std::max(0, static_cast<int>(std::ceil(m_minimumRight - naturalRight)));
    if (extraLeft != m_extraLeft || extraRight != m_extraRight) {
        m_extraLeft = extraLeft;
        m_extraRight = extraRight;
        chart()->setMargins(QMargins(m_extraLeft, 0, m_extraRight, 0));
        return;
    }
    // Rebuilt when the width changed by a fifth or more: narrower buckets than a pixel and a
    // half waste points, wider ones blur.
    const int buckets = bucketsFor(chartArea.width());
    if (buckets * 5 < m_buckets * 4 || buckets * 4 > m_buckets * 5)
        rebuildSeries();
    rebuildTimeTicks();
    placeCursor();
    m_legend->setPos(chartArea.topLeft() + QPointF(4, 3));
    // The zone of the time labels, left of the first one, under the percentages.
    m_zone->setPos(chartArea.left() - m_zone->boundingRect().width() - 6, chartArea.bottom() + 3);
    m_legend->setVisible(chartArea.height() > 1.5 * m_legend->rect().height());
    emit plotAreaChanged(area);
}

void UtilizationChart::placeCursor()
{
    const QRectF area = chart()->plotArea();
    if (area.isEmpty() || m_time < m_first || m_time > m_last) {
        m_cursor->hide();
        return;
    }
    const double x = chart()->mapToPosition(QPointF(static_cast<double>(m_time), 0), m_queue).x();
    m_cursor->setLine(x, area.top(), x, area.bottom());
    m_cursor->show();
}

QPointF UtilizationChart::toWidget(QPointF chartPoint) const
{
    return viewportTransform().map(chart()->mapToScene(chartPoint)) + QPointF(viewport()->pos());
}

QPointF UtilizationChart::toChart(QPointF widgetPoint) const
{
    return chart()->mapFromScene(viewportTransform().inverted().map(widgetPoint - QPointF(viewport()->pos())));
}

QRectF UtilizationChart::plotArea() const
{
    const QRectF area = chart()->plotArea();
    return {toWidget(area.topLeft()), toWidget(area.bottomRight())};
}

double UtilizationChart::xOf(std::int64_t time) const
{
    return toWidget(chart()->mapToPosition(QPointF(static_cast<double>(time), 0), m_queue)).x();
}

std::int64_t UtilizationChart::timeAt(double x) const
{
    const double value = chart()->mapToValue(toChart(QPointF(x, 0)), m_queue).x();
    if (!std::isfinite(value))
        return m_first;
    return std::clamp(static_cast<std::int64_t>(std::llround(value)), m_first, m_last);
}

QLineF UtilizationChart::cursorLine() const
{
    if (!m_cursor->isVisible())
        return {};
    const QLineF line = m_cursor->line();
    return {toWidget(m_cursor->mapToParent(line.p1())), toWidget(m_cursor->mapToParent(line.p2()))};
}

void UtilizationChart::mousePressEvent(QMouseEvent* event)
{
    const QRectF area = plotArea();
    // The plot and the time labels beneath it take clicks; the legend above does not.
    if (event->button() != Qt::LeftButton || area.isEmpty() || event->position().y() < area.top()
        || event->position().x() < area.left() - 2 || event->position().x() > area.right() + 2)
        return QChartView::mousePressEvent(event);
    m_dragging = true;
    emit timeClicked(timeAt(event->position().x()));
    event->accept();
}

void UtilizationChart::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QChartView::mouseMoveEvent(event);
    emit timeClicked(timeAt(event->position().x()));
    event->accept();
}

void UtilizationChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return QChartView::mouseReleaseEvent(event);
    m_dragging = false;
    event->accept();
}

void UtilizationChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

} // namespace placement
