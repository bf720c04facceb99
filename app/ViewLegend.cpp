// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ViewLegend.h"

#include "app/ExplorerSession.h"
#include "app/LinkColoring.h"

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>
#include <QResizeEvent>

#include <algorithm>

namespace placement {

namespace {

constexpr int Swatch = 10, Gap = 6, Margin = 6, ScaleWidth = 120;

} // namespace

ViewLegend::ViewLegend(ExplorerSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("viewLegend"));
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed); // never widens the view
    connect(session, &ExplorerSession::machineChanged, this, &ViewLegend::update);
    connect(session, &ExplorerSession::linkColorModeChanged, this, &ViewLegend::update);
    connect(session, &ExplorerSession::linksShownChanged, this, &ViewLegend::update);
    update();
}

QSize ViewLegend::sizeHint() const
{
    return QSize(200, height());
}

void ViewLegend::update()
{
    m_entries = {};
    if (m_session->machine()) {
        m_entries.legend = nodeLegend();
        if (m_session->linksShown()) {
            const LinkLegend links = linkLegend(*m_session->machine(), m_session->linkColorMode());
            for (const auto& [color, label] : links.swatches)
                m_entries.legend.push_back({QColor(color), label.isEmpty() ? label : tr("links: %1").arg(label)});
            if (!links.scale.empty() && links.scaleLow == links.scaleHigh) {
                // One value only (every link of one bandwidth): a swatch of the colour the links get
                // (the top of the scale, app/LinkColoring.cpp), not a scale.
                m_entries.legend.push_back(
                    {QColor(links.scale.back()), tr("links: %1 %2").arg(links.scaleLow, links.unit)});
            } else {
                for (QRgb color : links.scale)
                    m_entries.scale.push_back(QColor(color));
                m_entries.scaleLow = links.scaleLow;
                m_entries.scaleHigh = links.scaleHigh;
                m_entries.scaleUnit = links.unit;
            }
        }
    }
    setVisible(m_session->machine() != nullptr);
    fitHeight();
    QWidget::update();
}

void ViewLegend::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void ViewLegend::fitHeight()
{
    const int lines = layOut(std::max(width(), 200), nullptr);
    const int wanted = lines * (fontMetrics().height() + Gap / 2) + 2 * Margin - Gap / 2;
    if (wanted != height())
        setFixedHeight(wanted);
}

int ViewLegend::layOut(int width, QPainter* painter) const
{
    const QFontMetrics metrics(font());
    const int line = metrics.height() + Gap / 2;
    int x = Margin, y = Margin, lines = 1;
    // Starts a new line when `advance` does not fit the rest of this one.
    const auto place = [&](int advance) {
        if (x > Margin && x + advance > width - Margin) {
            x = Margin;
            y += line;
            ++lines;
        }
    };
    const int swatchY = (metrics.height() - Swatch) / 2;
    for (const auto& [color, label] : m_entries.legend) {
        const int advance = Swatch + (label.isEmpty() ? 2 : Gap + metrics.horizontalAdvance(label) + 3 * Gap);
        place(advance);
        if (painter) {
            painter->setPen(QColor(200, 200, 200));
            painter->setBrush(color);
            painter->drawRect(x, y + swatchY, Swatch, Swatch);
            if (!label.isEmpty()) {
                painter->setPen(Qt::white);
                painter->drawText(QRect(x + Swatch + Gap, y, metrics.horizontalAdvance(label) + Gap, metrics.height()),
                                  Qt::AlignLeft | Qt::AlignVCenter, label);
            }
        }
        x += advance;
    }
    if (!m_entries.scale.empty()) {
        const QString high = m_entries.scaleHigh + QLatin1Char(' ') + m_entries.scaleUnit;
        const int low = metrics.horizontalAdvance(m_entries.scaleLow);
        place(low + 2 * Gap + ScaleWidth + metrics.horizontalAdvance(high));
        if (painter) {
            painter->setPen(Qt::white);
            painter->drawText(QRect(x, y, low, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter, m_entries.scaleLow);
            QLinearGradient gradient(x + low + Gap, 0, x + low + Gap + ScaleWidth, 0);
            for (size_t i = 0; i < m_entries.scale.size(); ++i)
                gradient.setColorAt(m_entries.scale.size() == 1
                                        ? 0.0
                                        : static_cast<double>(i) / static_cast<double>(m_entries.scale.size() - 1),
                                    m_entries.scale[i]);
            painter->setBrush(gradient);
            painter->setPen(QColor(200, 200, 200));
            painter->drawRect(x + low + Gap, y + swatchY, ScaleWidth, Swatch);
            painter->setPen(Qt::white);
            painter->drawText(QRect(x + low + 2 * Gap + ScaleWidth, y, width, metrics.height()),
                              Qt::AlignLeft | Qt::AlignVCenter, high);
        }
    }
    return lines;
}

void ViewLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), QColor(32, 34, 40));
    layOut(width(), &painter);
}

} // namespace placement
