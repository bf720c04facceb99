#include "views/GanttChart.h"

#include "views/JobPalette.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace placement {
namespace {

constexpr int LeftMargin = 46; ///< room for the node axis labels
constexpr int RightMargin = 8;
constexpr double StripShare = 0.28; ///< of the height, for utilization and queue
const QColor BusyColor(88, 168, 120);
const QColor QueueColor(236, 150, 52);

} // namespace

GanttChart::GanttChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("ganttChart"));
    setToolTip(tr("Jobs on node index (down) over time (across); below: utilization (green) and "
                  "waiting jobs (orange). Click a job to select it and move the time there."));
}

void GanttChart::setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last)
{
    m_jobs = jobs;
    m_nodeCount = std::max(1, nodeCount);
    m_first = first;
    m_last = std::max(last, first + 1);
    m_bars = jobs ? ganttBars(*jobs) : std::vector<GanttBar>{};
    m_busy = jobs ? busyNodesOverTime(*jobs) : StepSeries{};
    m_queued = jobs ? queuedJobsOverTime(*jobs) : StepSeries{};
    m_highlighted = -1;
    rebuildImage();
    update();
}

void GanttChart::setTime(std::int64_t time)
{
    if (time == m_time)
        return;
    m_time = time;
    update();
}

void GanttChart::setHighlightedJob(int jobIndex)
{
    if (jobIndex == m_highlighted)
        return;
    m_highlighted = jobIndex;
    update();
}

QRectF GanttChart::barArea() const
{
    const double height = this->height() * (1 - StripShare) - 4;
    return {static_cast<double>(LeftMargin), 2.0, std::max(1.0, width() - LeftMargin - RightMargin * 1.0),
            std::max(1.0, height)};
}

QRectF GanttChart::stripArea() const
{
    const QRectF bars = barArea();
    return {bars.left(), bars.bottom() + 4, bars.width(), std::max(1.0, height() - bars.bottom() - 6)};
}

double GanttChart::xOf(std::int64_t time) const
{
    const QRectF area = barArea();
    return area.left() + area.width() * static_cast<double>(time - m_first) / static_cast<double>(m_last - m_first);
}

std::int64_t GanttChart::timeAt(double x) const
{
    const QRectF area = barArea();
    const double fraction = std::clamp((x - area.left()) / area.width(), 0.0, 1.0);
    return m_first + static_cast<std::int64_t>(std::llround(fraction * static_cast<double>(m_last - m_first)));
}

int GanttChart::jobAt(QPointF position) const
{
    const QRectF area = barArea();
    if (!m_jobs || !area.contains(position))
        return -1;
    const std::int64_t time = timeAt(position.x());
    const double node = (position.y() - area.top()) / area.height() * m_nodeCount;
    for (const GanttBar& bar : m_bars)
        if (bar.start <= time && time < bar.end && bar.first <= node && node < bar.last + 1)
            return bar.job;
    // Bars thinner than a pixel are drawn a pixel wide: accept the same slack for them.
    const double timeSlack = static_cast<double>(m_last - m_first) / area.width();
    const double nodeSlack = m_nodeCount / area.height();
    for (const GanttBar& bar : m_bars)
        if (bar.start <= time + timeSlack && time - timeSlack < bar.end && bar.first <= node + nodeSlack
            && node - nodeSlack < bar.last + 1)
            return bar.job;
    return -1;
}

void GanttChart::rebuildImage()
{
    const qreal ratio = devicePixelRatioF();
    m_image = QImage((size() * ratio), QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(ratio);
    m_image.fill(palette().color(QPalette::Base));
    if (width() < 10 || height() < 10)
        return;
    QPainter painter(&m_image);
    const QRectF area = barArea();
    painter.fillRect(area, QColor(44, 48, 56));
    const double xScale = area.width() / static_cast<double>(m_last - m_first);
    const double yScale = area.height() / m_nodeCount;
    for (const GanttBar& bar : m_bars) {
        const double x0 = area.left() + static_cast<double>(bar.start - m_first) * xScale;
        const double x1 = area.left() + static_cast<double>(bar.end - m_first) * xScale;
        const double y0 = area.top() + bar.first * yScale;
        const double y1 = area.top() + (bar.last + 1) * yScale;
        painter.fillRect(QRectF(x0, y0, std::max(1.0, x1 - x0), std::max(1.0, y1 - y0)), QColor(jobColor(bar.job)));
    }

    // Utilization (filled, share of the machine) and queue length (line, its own scale).
    const QRectF strip = stripArea();
    painter.fillRect(strip, QColor(36, 39, 46));
    auto stepPath = [&](const StepSeries& series, double scale, bool closed) {
        QPainterPath path;
        path.moveTo(strip.left(), strip.bottom());
        double y = strip.bottom();
        for (size_t i = 0; i < series.times.size(); ++i) {
            const double x = std::clamp(xOf(series.times[i]), strip.left(), strip.right());
            path.lineTo(x, y);
            y = strip.bottom() - series.values[i] * scale;
            path.lineTo(x, y);
        }
        path.lineTo(strip.right(), y);
        if (closed)
            path.lineTo(strip.right(), strip.bottom());
        return path;
    };
    painter.setRenderHint(QPainter::Antialiasing, false);
    QColor fill = BusyColor;
    fill.setAlpha(170);
    painter.fillPath(stepPath(m_busy, strip.height() / m_nodeCount, true), fill);
    const int maxQueued = m_queued.values.empty() ? 0 : *std::max_element(m_queued.values.begin(), m_queued.values.end());
    if (maxQueued > 0) {
        painter.setPen(QPen(QueueColor, 1.5));
        painter.drawPath(stepPath(m_queued, strip.height() / maxQueued, false));
    }

    // Axis labels: node indices beside the bars, the scales beside the strip.
    painter.setPen(palette().color(QPalette::Text));
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter.setFont(font);
    const QRectF label(0, 0, LeftMargin - 4, painter.fontMetrics().height());
    painter.drawText(label.translated(0, area.top()), Qt::AlignRight, QStringLiteral("0"));
    painter.drawText(label.translated(0, area.bottom() - label.height()), Qt::AlignRight,
                     QString::number(m_nodeCount - 1));
    painter.drawText(label.translated(0, strip.top()), Qt::AlignRight, QStringLiteral("100%"));
    painter.setPen(QueueColor);
    painter.drawText(label.translated(0, strip.bottom() - label.height()), Qt::AlignRight,
                     tr("%1 q").arg(maxQueued));
}

void GanttChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    rebuildImage();
}

void GanttChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.drawImage(0, 0, m_image);
    const QRectF area = barArea();
    if (m_jobs && m_highlighted >= 0 && static_cast<size_t>(m_highlighted) < m_jobs->size()) {
        painter.setPen(QPen(Qt::white, 1.5));
        painter.setBrush(Qt::NoBrush);
        const double xScale = area.width() / static_cast<double>(m_last - m_first);
        const double yScale = area.height() / m_nodeCount;
        for (const GanttBar& bar : m_bars)
            if (bar.job == m_highlighted)
                painter.drawRect(QRectF(area.left() + static_cast<double>(bar.start - m_first) * xScale - 1,
                                        area.top() + bar.first * yScale - 1,
                                        std::max(1.0, static_cast<double>(bar.end - bar.start) * xScale) + 2,
                                        std::max(1.0, (bar.last + 1 - bar.first) * yScale) + 2));
    }
    const double x = xOf(m_time);
    painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
    painter.drawLine(QPointF(x, area.top()), QPointF(x, stripArea().bottom()));
}

void GanttChart::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int job = jobAt(event->position());
    emit timeClicked(timeAt(event->position().x()));
    if (job >= 0)
        emit jobClicked(job);
    event->accept();
}

} // namespace placement
