#include "views/GanttChart.h"

#include "views/JobPalette.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPolygonF>

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
    m_busy = jobs ? busyNodesOverTime(*jobs) : StepSeries{};
    m_queued = jobs ? queuedJobsOverTime(*jobs) : StepSeries{};
    m_highlighted = -1;
    m_imageStale = true;
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
    // Bars thinner than a pixel are drawn a pixel wide: accept the same slack for them, but
    // prefer a bar that holds the point itself.
    const double timeSlack = static_cast<double>(m_last - m_first) / area.width();
    const double nodeSlack = m_nodeCount / area.height();
    std::vector<GanttBar> bars;
    std::vector<int> scratch;
    int near = -1;
    for (size_t index = 0; index < m_jobs->size(); ++index) {
        const Job& job = (*m_jobs)[index];
        if (!(job.start <= time + timeSlack && time - timeSlack < job.end))
            continue;
        bars.clear();
        appendGanttBars(job, static_cast<int>(index), bars, scratch);
        for (const GanttBar& bar : bars) {
            if (bar.start <= time && time < bar.end && bar.first <= node && node < bar.last + 1)
                return bar.job;
            if (near < 0 && bar.first <= node + nodeSlack && node - nodeSlack < bar.last + 1)
                near = bar.job;
        }
    }
    return near;
}

void GanttChart::rebuildImage()
{
    const qreal ratio = devicePixelRatioF();
    m_image = QImage((size() * ratio), QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(ratio);
    m_image.fill(palette().color(QPalette::Base));
    if (width() < 10 || height() < 10)
        return;
    const QRectF area = barArea();
    {
        QPainter background(&m_image);
        background.fillRect(area, QColor(44, 48, 56));
    }
    {
        // Bars straight into the pixels, in device pixels, at least one pixel each.
        const double xScale = area.width() * ratio / static_cast<double>(m_last - m_first);
        const double yScale = area.height() * ratio / m_nodeCount;
        const int left = static_cast<int>(area.left() * ratio), top = static_cast<int>(area.top() * ratio);
        const int right = static_cast<int>(area.right() * ratio), bottom = static_cast<int>(area.bottom() * ratio);
        const auto stride = static_cast<size_t>(m_image.bytesPerLine() / 4);
        auto* pixels = reinterpret_cast<QRgb*>(m_image.bits());
        JobColors colors;
        std::vector<GanttBar> bars;
        std::vector<int> scratch;
        for (size_t index = 0; m_jobs && index < m_jobs->size(); ++index) {
            const Job& job = (*m_jobs)[index];
            if (job.nodes.empty() || job.end < m_first || job.start > m_last)
                continue;
            bars.clear();
            appendGanttBars(job, static_cast<int>(index), bars, scratch);
            const int x0 = std::clamp(left + static_cast<int>(static_cast<double>(job.start - m_first) * xScale), left, right - 1);
            const int x1 = std::clamp(left + static_cast<int>(static_cast<double>(job.end - m_first) * xScale), x0 + 1, right);
            const QRgb color = colors(static_cast<int>(index));
            // A job's runs of nodes share one pixel row when thinner than a pixel: fill each
            // row once.
            int filledTo = top;
            for (const GanttBar& bar : bars) {
                const int y0 = std::clamp(top + static_cast<int>(bar.first * yScale), std::max(top, filledTo), bottom - 1);
                const int y1 = std::clamp(top + static_cast<int>((bar.last + 1) * yScale), y0 + 1, bottom);
                if (y0 >= y1)
                    continue;
                for (int y = y0; y < y1; ++y)
                    std::fill(pixels + static_cast<size_t>(y) * stride + static_cast<size_t>(x0),
                              pixels + static_cast<size_t>(y) * stride + static_cast<size_t>(x1), color);
                filledTo = y1;
            }
        }
    }
    QPainter painter(&m_image);

    // Utilization (filled, share of the machine) and queue length (line, its own scale).
    const QRectF strip = stripArea();
    painter.fillRect(strip, QColor(36, 39, 46));
    // One value per pixel column, the highest the series reaches in the column's time span:
    // a path through every step of a million jobs would take the rasterizer seconds.
    const int columns = std::max(1, static_cast<int>(strip.width()));
    auto columnPeaks = [&](const StepSeries& series) {
        std::vector<int> peaks(static_cast<size_t>(columns), 0);
        size_t i = 0;
        int value = 0; // before the first step
        for (int column = 0; column < columns; ++column) {
            const std::int64_t from = timeAt(strip.left() + column), to = timeAt(strip.left() + column + 1);
            for (; i < series.times.size() && series.times[i] <= from; ++i)
                value = series.values[i];
            int peak = value;
            for (size_t j = i; j < series.times.size() && series.times[j] < to; ++j)
                peak = std::max(peak, series.values[j]);
            peaks[static_cast<size_t>(column)] = peak;
        }
        return peaks;
    };
    painter.setRenderHint(QPainter::Antialiasing, false);
    QColor fill = BusyColor;
    fill.setAlpha(170);
    const std::vector<int> busy = columnPeaks(m_busy);
    for (int column = 0; column < columns; ++column) {
        const double height = strip.height() * busy[static_cast<size_t>(column)] / m_nodeCount;
        painter.fillRect(QRectF(strip.left() + column, strip.bottom() - height, 1, height), fill);
    }
    const int maxQueued = m_queued.values.empty() ? 0 : *std::max_element(m_queued.values.begin(), m_queued.values.end());
    if (maxQueued > 0) {
        const std::vector<int> queued = columnPeaks(m_queued);
        QPolygonF line;
        for (int column = 0; column < columns; ++column)
            line << QPointF(strip.left() + column + 0.5,
                            strip.bottom() - strip.height() * queued[static_cast<size_t>(column)] / maxQueued);
        painter.setPen(QPen(QueueColor, 1.5));
        painter.drawPolyline(line);
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
    m_imageStale = true;
}

void GanttChart::paintEvent(QPaintEvent*)
{
    if (m_imageStale) {
        rebuildImage();
        m_imageStale = false;
    }
    QPainter painter(this);
    painter.drawImage(0, 0, m_image);
    const QRectF area = barArea();
    if (m_jobs && m_highlighted >= 0 && static_cast<size_t>(m_highlighted) < m_jobs->size()) {
        painter.setPen(QPen(Qt::white, 1.5));
        painter.setBrush(Qt::NoBrush);
        const double xScale = area.width() / static_cast<double>(m_last - m_first);
        const double yScale = area.height() / m_nodeCount;
        std::vector<GanttBar> bars;
        std::vector<int> scratch;
        appendGanttBars((*m_jobs)[static_cast<size_t>(m_highlighted)], m_highlighted, bars, scratch);
        for (const GanttBar& bar : bars)
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
