// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ViewLegend.h"

#include "app/ExplorerSession.h"
#include "app/LinkColoring.h"

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>

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
    return QSize(200, fontMetrics().height() + 2 * Margin);
}

void ViewLegend::update()
{
    m_entries = {};
    m_linkStart = 0;
    if (m_session->machine()) {
        m_entries.legend = nodeLegend(*m_session->machine()->topology);
        m_linkStart = m_entries.legend.size();
        if (m_session->linksShown()) {
            const LinkLegend links = linkLegend(*m_session->machine(), m_session->linkColorMode());
            for (const auto& [color, label] : links.swatches)
                m_entries.legend.push_back({QColor(color), label.isEmpty() ? label : linksPrefix() + label});
            if (!links.scale.empty() && links.scaleLow == links.scaleHigh) {
                // One value only (every link of one bandwidth): a swatch of the colour the links get
                // (the top of the scale, app/LinkColoring.cpp), not a scale.
                m_entries.legend.push_back(
                    {QColor(links.scale.back()), linksPrefix() + links.scaleLow + QLatin1Char(' ') + links.unit});
            } else {
                for (QRgb color : links.scale)
                    m_entries.scale.push_back(QColor(color));
                m_entries.scaleLow = links.scaleLow;
                m_entries.scaleHigh = links.scaleHigh;
                m_entries.scaleUnit = links.unit;
            }
        }
    }
    // On screen the link entries share one "links:" heading.
    m_screenLabels.clear();
    for (size_t i = 0; i < m_entries.legend.size(); ++i) {
        QString label = m_entries.legend[i].second;
        if (i >= m_linkStart && label.startsWith(linksPrefix()))
            label = label.mid(linksPrefix().size());
        m_screenLabels.push_back(label);
    }
    QStringList whole;
    for (const auto& [color, label] : m_entries.legend)
        if (!label.isEmpty())
            whole << label;
    if (!m_entries.scale.empty())
        whole << tr("links: %1 to %2 %3").arg(m_entries.scaleLow, m_entries.scaleHigh, m_entries.scaleUnit);
    setToolTip(whole.join(QLatin1Char('\n')));
    setVisible(m_session->machine() != nullptr);
    QWidget::update();
}

namespace {

/// The room a swatch and the gaps around its label take, the links' heading and the scale's part.
int fixedWidth(const ImageCaption& entries, size_t linkStart, const QString& heading, const QFontMetrics& metrics)
{
    int fixed = 2 * Margin;
    if (linkStart < entries.legend.size() || !entries.scale.empty())
        fixed += metrics.horizontalAdvance(heading) + Gap;
    for (const auto& [color, label] : entries.legend)
        fixed += Swatch + (label.isEmpty() ? 2 : Gap + 3 * Gap);
    if (!entries.scale.empty())
        fixed += metrics.horizontalAdvance(entries.scaleLow) + 2 * Gap + ScaleWidth
            + metrics.horizontalAdvance(entries.scaleHigh + QLatin1Char(' ') + entries.scaleUnit);
    return fixed;
}

} // namespace

QString ViewLegend::linksPrefix()
{
    return tr("links: ");
}

QString ViewLegend::linksHeading()
{
    return tr("links:");
}

std::vector<QString> ViewLegend::fittedLabels(int width) const
{
    const QFontMetrics metrics(font());
    std::vector<QString> labels;
    std::vector<int> natural;
    int total = 0;
    for (const QString& label : m_screenLabels) {
        labels.push_back(label);
        natural.push_back(metrics.horizontalAdvance(label));
        total += natural.back();
    }
    const int room = std::max(0, width - fixedWidth(m_entries, m_linkStart, linksHeading(), metrics));
    if (total <= room)
        return labels;
    // The largest equal cap under which the labels fit: short labels stay whole, long ones share
    // what is left.
    std::vector<int> sorted = natural;
    std::sort(sorted.begin(), sorted.end());
    int cap = 0, left = room;
    for (size_t i = 0; i < sorted.size(); ++i) {
        const int share = left / static_cast<int>(sorted.size() - i);
        if (sorted[i] > share) {
            cap = share;
            break;
        }
        left -= sorted[i];
        cap = sorted[i];
    }
    for (size_t i = 0; i < labels.size(); ++i)
        if (natural[i] > cap)
            labels[i] = metrics.elidedText(labels[i], Qt::ElideRight, cap);
    return labels;
}

int ViewLegend::contentWidth(int width) const
{
    const QFontMetrics metrics(font());
    int used = fixedWidth(m_entries, m_linkStart, linksHeading(), metrics);
    for (const QString& label : fittedLabels(width))
        used += metrics.horizontalAdvance(label);
    return used;
}

void ViewLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), QColor(32, 34, 40));
    const QFontMetrics metrics(font());
    const int row = height();
    int x = Margin;
    const std::vector<QString> labels = fittedLabels(width());
    for (size_t entry = 0; entry < labels.size(); ++entry) {
        const QColor& color = m_entries.legend[entry].first;
        const QString& label = labels[entry];
        if (entry == m_linkStart) {
            painter.setPen(Qt::white);
            painter.drawText(QRect(x, 0, width() - x, row), Qt::AlignLeft | Qt::AlignVCenter, linksHeading());
            x += metrics.horizontalAdvance(linksHeading()) + Gap;
        }
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
        if (m_linkStart >= m_entries.legend.size()) {
            painter.drawText(QRect(x, 0, width() - x, row), Qt::AlignLeft | Qt::AlignVCenter, linksHeading());
            x += metrics.horizontalAdvance(linksHeading()) + Gap;
        }
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
