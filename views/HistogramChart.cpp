// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/HistogramChart.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace placement {

HistogramChart::HistogramChart(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void HistogramChart::setCounts(std::vector<std::int64_t> counts)
{
    m_counts = std::move(counts);
    update();
}

void HistogramChart::setAxisTitle(const QString& title)
{
    m_axisTitle = title;
    update();
}

QSize HistogramChart::sizeHint() const
{
    return {280, 6 * fontMetrics().height()};
}

QSize HistogramChart::minimumSizeHint() const
{
    return {120, 5 * fontMetrics().height()};
}

void HistogramChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height();
    const QRect area = rect().adjusted(2, line + 2, -2, -(m_axisTitle.isEmpty() ? 1 : 2) * line - 2);
    const QColor text = palette().color(QPalette::WindowText);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    if (m_counts.empty() || area.width() < 4 || area.height() < 4) {
        painter.setPen(text);
        painter.drawText(area, Qt::AlignCenter, tr("no pairs"));
        return;
    }
    const std::int64_t top = std::max<std::int64_t>(1, *std::max_element(m_counts.begin(), m_counts.end()));
    const int bars = static_cast<int>(m_counts.size());
    const double slot = static_cast<double>(area.width()) / bars;
    const int gap = slot > 6 ? 2 : 0;
    // Label every bar when the labels fit, else every k-th.
    const int labelWidth = metrics.horizontalAdvance(QString::number(bars - 1)) + 6;
    const int labelStep = std::max(1, static_cast<int>(labelWidth / slot) + 1);
    const QColor bar = palette().color(QPalette::Highlight);
    for (int i = 0; i < bars; ++i) {
        const int left = area.left() + static_cast<int>(i * slot);
        const int right = area.left() + static_cast<int>((i + 1) * slot) - gap;
        const auto height
            = static_cast<int>(static_cast<double>(m_counts[static_cast<size_t>(i)]) / top * area.height());
        if (m_counts[static_cast<size_t>(i)] > 0)
            painter.fillRect(
                QRect(QPoint(left, area.bottom() - std::max(height, 1) + 1), QPoint(right - 1, area.bottom())), bar);
        if (i % labelStep == 0) {
            painter.setPen(text);
            painter.drawText(QRect(left - 20, area.bottom() + 1, right - left + 40, line),
                             Qt::AlignHCenter | Qt::AlignTop, QString::number(i));
        }
    }
    painter.setPen(text);
    painter.drawText(QRect(area.left(), 0, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("tallest bar: %1").arg(QLocale().toString(static_cast<qlonglong>(top))));
    if (!m_axisTitle.isEmpty())
        painter.drawText(QRect(area.left(), area.bottom() + line + 1, area.width(), line), Qt::AlignHCenter,
                         m_axisTitle);
}

} // namespace placement
