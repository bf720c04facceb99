// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/GanttChart.h"

#include "views/JobPalette.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace placement {
GanttChart::GanttChart(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("ganttChart"));
    setToolTip(tr("Jobs on node index (down) over time (across). Click a job to select it and move the "
                  "time there."));
}

void GanttChart::setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last)
{
    m_jobs = jobs;
    m_nodeCount = std::max(1, nodeCount);
    m_highlighted = -1;
    setRange(first, last);
}

void GanttChart::setCoreSlots(const CoreSlots* coreSlots, std::vector<int> nodeCores)
{
    m_slots = coreSlots;
    m_nodeCores = std::move(nodeCores);
    m_imageStale = true;
    update();
}

bool GanttChart::drawsCores() const
{
    return m_slots && !m_slots->empty() && m_jobs && barArea().height() / m_nodeCount >= MinimumCoreRowHeight;
}

void GanttChart::setRange(std::int64_t first, std::int64_t last)
{
    m_first = first;
    m_last = std::max(last, first + 1);
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
    return {static_cast<double>(m_leftMargin), 2.0, std::max(1.0, width() - m_leftMargin - m_rightMargin * 1.0),
            std::max(1.0, height() - 4.0)};
}

void GanttChart::setBarMargins(int left, int right)
{
    left = std::max(left, MinimumLeftMargin);
    right = std::max(right, MinimumRightMargin);
    if (left == m_leftMargin && right == m_rightMargin)
        return;
    m_leftMargin = left;
    m_rightMargin = right;
    m_imageStale = true;
    update();
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
    if (drawsCores()) {
        // The job holding the core under the pointer, else one holding the node whole.
        const int row = std::clamp(static_cast<int>(node), 0, m_nodeCount - 1);
        const int cores = static_cast<size_t>(row) < m_nodeCores.size() ? m_nodeCores[static_cast<size_t>(row)] : 0;
        const int core = static_cast<int>((node - row) * std::max(cores, 1));
        for (size_t index = 0; index < m_jobs->size(); ++index) {
            const Job& job = (*m_jobs)[index];
            if (!(job.start <= time && time < job.end))
                continue;
            size_t k = 0;
            for (auto at = job.nodes.begin(); at != job.nodes.end(); ++at, ++k) {
                if (*at != row)
                    continue;
                const auto runs = m_slots->runs(index, k);
                if (runs.empty() && near < 0)
                    near = static_cast<int>(index);
                for (const CoreSlots::Run& run : runs)
                    if (run.first <= core && core < run.first + run.count)
                        return static_cast<int>(index);
            }
        }
        return near;
    }
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
        background.fillRect(area, QColor(EmptyColor));
    }
    {
        // Bars straight into the pixels, in device pixels, at least one pixel each.
        const double xScale = area.width() * ratio / static_cast<double>(m_last - m_first);
        const double yScale = area.height() * ratio / m_nodeCount;
        const int left = static_cast<int>(area.left() * ratio), top = static_cast<int>(area.top() * ratio);
        const int right = static_cast<int>(area.right() * ratio), bottom = static_cast<int>(area.bottom() * ratio);
        const auto stride = static_cast<size_t>(m_image.bytesPerLine() / 4);
        auto* pixels = reinterpret_cast<QRgb*>(m_image.bits());
        // Each job once: its colour straight from jobColor(), no cache of a colour per job.
        std::vector<GanttBar> bars;
        std::vector<int> scratch;
        const bool cores = drawsCores();
        const auto fill = [&](int x0, int x1, double from, double to, QRgb color) {
            const int y0 = std::clamp(top + static_cast<int>(from), top, bottom - 1);
            const int y1 = std::clamp(top + static_cast<int>(to), y0 + 1, bottom);
            for (int y = y0; y < y1; ++y)
                std::fill(pixels + static_cast<size_t>(y) * stride + static_cast<size_t>(x0),
                          pixels + static_cast<size_t>(y) * stride + static_cast<size_t>(x1), color);
        };
        for (size_t index = 0; m_jobs && index < m_jobs->size(); ++index) {
            const Job& job = (*m_jobs)[index];
            if (job.nodes.empty() || job.end < m_first || job.start > m_last)
                continue;
            if (cores) {
                // Each node's row split by cores: the job fills the cores it holds there,
                // the whole row where that is not known.
                const int x0 = std::clamp(left + static_cast<int>(static_cast<double>(job.start - m_first) * xScale),
                                          left, right - 1);
                const int x1 = std::clamp(left + static_cast<int>(static_cast<double>(job.end - m_first) * xScale),
                                          x0 + 1, right);
                const QRgb color = jobColor(static_cast<int>(index));
                size_t k = 0;
                for (auto at = job.nodes.begin(); at != job.nodes.end(); ++at, ++k) {
                    const int node = *at;
                    const double rowTop = node * yScale;
                    const auto runs = m_slots->runs(index, k);
                    const int nodeCores
                        = static_cast<size_t>(node) < m_nodeCores.size() ? m_nodeCores[static_cast<size_t>(node)] : 0;
                    if (runs.empty() || nodeCores <= 0) {
                        fill(x0, x1, rowTop, rowTop + yScale, color);
                        continue;
                    }
                    for (const CoreSlots::Run& run : runs)
                        fill(x0, x1, rowTop + yScale * run.first / nodeCores,
                             rowTop + yScale * (run.first + run.count) / nodeCores, color);
                }
                continue;
            }
            bars.clear();
            appendGanttBars(job, static_cast<int>(index), bars, scratch);
            const int x0 = std::clamp(left + static_cast<int>(static_cast<double>(job.start - m_first) * xScale), left,
                                      right - 1);
            const int x1
                = std::clamp(left + static_cast<int>(static_cast<double>(job.end - m_first) * xScale), x0 + 1, right);
            const QRgb color = jobColor(static_cast<int>(index));
            // A job's runs of nodes share one pixel row when thinner than a pixel: fill each
            // row once.
            int filledTo = top;
            for (const GanttBar& bar : bars) {
                const int y0
                    = std::clamp(top + static_cast<int>(bar.first * yScale), std::max(top, filledTo), bottom - 1);
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
    // Node indices beside the bars.
    QPainter painter(&m_image);
    painter.setPen(palette().color(QPalette::Text));
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter.setFont(font);
    const QRectF label(0, 0, m_leftMargin - 4, painter.fontMetrics().height());
    painter.drawText(label.translated(0, area.top()), Qt::AlignRight, QStringLiteral("0"));
    painter.drawText(label.translated(0, area.bottom() - label.height()), Qt::AlignRight,
                     QString::number(m_nodeCount - 1));
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
    const QList<QRectF> outline = highlightOutline();
    if (!outline.isEmpty()) {
        painter.setPen(QPen(Qt::white, 1.5));
        painter.setBrush(Qt::NoBrush);
        for (const QRectF& rect : outline)
            painter.drawRect(rect.adjusted(-1, -1, 1, 1));
    }
    const double x = xOf(m_time);
    painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5));
    painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
}

QList<QRectF> GanttChart::highlightOutline() const
{
    QList<QRectF> outline;
    if (!hasHighlightedJob())
        return outline;
    const QRectF area = barArea();
    const double xScale = area.width() / static_cast<double>(m_last - m_first);
    const double yScale = area.height() / m_nodeCount;
    const Job& job = (*m_jobs)[static_cast<size_t>(m_highlighted)];
    const double x = area.left() + static_cast<double>(job.start - m_first) * xScale;
    const double w = std::max(1.0, static_cast<double>(job.end - job.start) * xScale);
    if (drawsCores()) {
        size_t k = 0;
        for (auto at = job.nodes.begin(); at != job.nodes.end(); ++at, ++k) {
            const int node = *at;
            const double rowTop = area.top() + node * yScale;
            const auto runs = m_slots->runs(static_cast<size_t>(m_highlighted), k);
            const int nodeCores
                = static_cast<size_t>(node) < m_nodeCores.size() ? m_nodeCores[static_cast<size_t>(node)] : 0;
            if (runs.empty() || nodeCores <= 0) {
                outline.append(QRectF(x, rowTop, w, yScale));
                continue;
            }
            for (const CoreSlots::Run& run : runs)
                outline.append(QRectF(x, rowTop + yScale * run.first / nodeCores, w, yScale * run.count / nodeCores));
        }
        return outline;
    }
    std::vector<GanttBar> bars;
    std::vector<int> scratch;
    appendGanttBars(job, m_highlighted, bars, scratch);
    for (const GanttBar& bar : bars)
        outline.append(QRectF(area.left() + static_cast<double>(bar.start - m_first) * xScale,
                              area.top() + bar.first * yScale,
                              std::max(1.0, static_cast<double>(bar.end - bar.start) * xScale),
                              std::max(1.0, (bar.last + 1 - bar.first) * yScale)));
    return outline;
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
