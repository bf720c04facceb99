// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ViewLegend.h"

#include "app/ExplorerSession.h"
#include "app/LinkColoring.h"

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>

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
    return QSize(200, fontMetrics().height() + 2 * Margin);
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
    QWidget::update();
}

void ViewLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), QColor(32, 34, 40));
    const QFontMetrics metrics(font());
    const int row = height();
    int x = Margin;
    for (const auto& [color, label] : m_entries.legend) {
        painter.setPen(QColor(200, 200, 200));
        painter.setBrush(color);
        painter.drawRect(x, (row - Swatch) / 2, Swatch, Swatch);
        x += Swatch + (label.isEmpty() ? 2 : Gap);
        if (label.isEmpty())
            continue;
        painter.setPen(Qt::white);
        painter.drawText(QRect(x, 0, width() - x, row), Qt::AlignLeft | Qt::AlignVCenter, label);
        x += metrics.horizontalAdvance(label) + 3 * Gap;
    }
    if (!m_entries.scale.empty()) {
        painter.setPen(Qt::white);
        const int low = metrics.horizontalAdvance(m_entries.scaleLow);
        painter.drawText(QRect(x, 0, low, row), Qt::AlignLeft | Qt::AlignVCenter, m_entries.scaleLow);
        QLinearGradient gradient(x + low + Gap, 0, x + low + Gap + ScaleWidth, 0);
        for (size_t i = 0; i < m_entries.scale.size(); ++i)
            gradient.setColorAt(m_entries.scale.size() == 1 ? 0.0
                                                            : static_cast<double>(i) / (m_entries.scale.size() - 1),
                                m_entries.scale[i]);
        painter.setBrush(gradient);
        painter.setPen(QColor(200, 200, 200));
        painter.drawRect(x + low + Gap, (row - Swatch) / 2, ScaleWidth, Swatch);
        painter.setPen(Qt::white);
        painter.drawText(QRect(x + low + 2 * Gap + ScaleWidth, 0, width(), row), Qt::AlignLeft | Qt::AlignVCenter,
                         m_entries.scaleHigh + QLatin1Char(' ') + m_entries.scaleUnit);
    }
}

} // namespace placement
