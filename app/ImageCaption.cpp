// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ImageCaption.h"

#include "views/GanttChart.h"
#include "views/JobPalette.h"

#include <QFont>
#include <QFontMetrics>
#include <QLinearGradient>
#include <QObject>
#include <QPainter>

#include <algorithm>

namespace placement {

namespace {

/// Font sizes in pixels follow the image's width, within readable bounds.
int unit(int width)
{
    return std::clamp(width / 60, 11, 40);
}

QFont captionFont(int pixels, bool bold)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

int legendHeight(const ImageCaption& caption, int width)
{
    if (caption.legend.empty() && caption.scale.empty())
        return 0;
    const int u = unit(width);
    return (caption.legend.empty() ? 0 : 2 * u) + (caption.scale.empty() ? 0 : 3 * u) + u / 2;
}

} // namespace

QFont fittedCaptionFont(int pixels, bool bold, const QString& text, int room)
{
    QFont font = captionFont(pixels, bold);
    const int smallest = std::max(1, pixels / 2);
    while (font.pixelSize() > smallest && QFontMetrics(font).horizontalAdvance(text) > room)
        font.setPixelSize(font.pixelSize() - 1);
    return font;
}

int captionTitleHeight(const ImageCaption& caption, int width)
{
    if (caption.title.isEmpty() && caption.run.isEmpty() && caption.time.isEmpty())
        return 0;
    const int u = unit(width);
    return (caption.title.isEmpty() ? 0 : 2 * u) + (caption.run.isEmpty() && caption.time.isEmpty() ? 0 : 2 * u)
        + u / 2;
}

void paintCaptionTitle(QPainter& painter, const ImageCaption& caption, int width)
{
    const int u = unit(width);
    painter.save();
    painter.setPen(Qt::black);
    int y = u / 4;
    if (!caption.title.isEmpty()) {
        painter.setFont(fittedCaptionFont(static_cast<int>(u * 1.4), true, caption.title, width - u));
        painter.drawText(QRect(u / 2, y, width - u, 2 * u), Qt::AlignLeft | Qt::AlignVCenter, caption.title);
        y += 2 * u;
    }
    if (!caption.run.isEmpty() || !caption.time.isEmpty()) {
        QStringList parts;
        if (!caption.run.isEmpty())
            parts << QObject::tr("run: %1").arg(caption.run);
        if (!caption.time.isEmpty())
            parts << QObject::tr("time: %1").arg(caption.time);
        const QString line = parts.join(QStringLiteral("    "));
        painter.setFont(fittedCaptionFont(u, false, line, width - u));
        painter.drawText(QRect(u / 2, y, width - u, 2 * u), Qt::AlignLeft | Qt::AlignVCenter, line);
    }
    painter.restore();
}

QImage captionImage(const QImage& image, const ImageCaption& caption)
{
    if (caption.isEmpty() || image.isNull())
        return image;
    const int width = image.width();
    const int u = unit(width);
    const int top = captionTitleHeight(caption, width);
    const int bottom = legendHeight(caption, width);
    QImage out(width, top + image.height() + bottom, QImage::Format_ARGB32_Premultiplied);
    out.setDevicePixelRatio(1);
    out.fill(Qt::white);
    QPainter painter(&out);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintCaptionTitle(painter, caption, width);
    painter.setPen(Qt::black);
    QImage shown = image;
    shown.setDevicePixelRatio(1);
    painter.drawImage(0, top, shown);
    int y = top + image.height() + u / 4;
    painter.setFont(captionFont(u, false));
    const QFontMetrics metrics(painter.font());
    if (!caption.legend.empty()) {
        int x = u / 2;
        for (const auto& [color, label] : caption.legend) {
            painter.setPen(Qt::darkGray);
            painter.setBrush(color);
            painter.drawRect(QRect(x, y + u / 2, u, u));
            painter.setPen(Qt::black);
            x += u + u / 3;
            painter.drawText(QRect(x, y, width - x, 2 * u), Qt::AlignLeft | Qt::AlignVCenter, label);
            x += label.isEmpty() ? -u / 6 : metrics.horizontalAdvance(label) + u;
        }
        y += 2 * u;
    }
    if (!caption.scale.empty()) {
        const int barWidth = std::min(width / 2, 24 * u);
        const int x = u / 2 + metrics.horizontalAdvance(caption.scaleLow) + u / 2;
        QLinearGradient gradient(x, 0, x + barWidth, 0);
        for (size_t i = 0; i < caption.scale.size(); ++i)
            gradient.setColorAt(caption.scale.size() == 1 ? 0.0 : static_cast<double>(i) / (caption.scale.size() - 1),
                                caption.scale[i]);
        painter.setPen(Qt::black);
        painter.drawText(QRect(u / 2, y, x, 2 * u), Qt::AlignLeft | Qt::AlignVCenter, caption.scaleLow);
        painter.setPen(Qt::darkGray);
        painter.setBrush(gradient);
        painter.drawRect(QRect(x, y + u / 2, barWidth, u));
        painter.setPen(Qt::black);
        painter.drawText(QRect(x + barWidth + u / 2, y, width - x - barWidth, 2 * u), Qt::AlignLeft | Qt::AlignVCenter,
                         caption.scaleHigh + QLatin1Char(' ') + caption.scaleUnit);
    }
    return out;
}

std::vector<std::pair<QColor, QString>> nodeLegend(const Topology& topology)
{
    std::vector<std::pair<QColor, QString>> legend{{QColor(jobColor(0)), QString()},
                                                   {QColor(jobColor(1)), QString()},
                                                   {QColor(jobColor(2)), QObject::tr("running jobs, one colour each")},
                                                   {QColor(idleNodeColor()), QObject::tr("idle")},
                                                   {QColor(sharedNodeColor()), QObject::tr("shared by jobs")}};
    if (!topology.emptySlots().empty())
        legend.push_back({QColor(emptySlotColor()), QObject::tr("no node (service or empty slot)")});
    return legend;
}

std::vector<std::pair<QColor, QString>> ganttLegend(bool jobSelected)
{
    std::vector<std::pair<QColor, QString>> legend{{QColor(jobColor(0)), QString()},
                                                   {QColor(jobColor(1)), QString()},
                                                   {QColor(jobColor(2)), QObject::tr("jobs, one colour each")},
                                                   {QColor(GanttChart::EmptyColor), QObject::tr("no job")},
                                                   {QColor(Qt::white), QObject::tr("time cursor")}};
    if (jobSelected)
        legend.back().second = QObject::tr("time cursor; selected job outlined");
    return legend;
}

} // namespace placement
