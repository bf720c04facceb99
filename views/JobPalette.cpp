// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/JobPalette.h"

#include <QColor>

#include <cmath>

namespace placement {

QRgb idleNodeColor()
{
    return qRgb(72, 76, 84);
}

QRgb emptySlotColor()
{
    return qRgb(36, 38, 44);
}

QRgb unheldColor(const Topology& topology, std::size_t node)
{
    return topology.isEmptySlot(static_cast<int>(node)) ? emptySlotColor() : idleNodeColor();
}

QRgb sharedNodeColor()
{
    return qRgb(244, 244, 240);
}

QRgb jobColor(int jobIndex)
{
    constexpr double goldenTurn = 0.6180339887498949;
    const double hue = std::fmod(0.08 + jobIndex * goldenTurn, 1.0);
    const double saturation = (jobIndex % 3 == 0) ? 0.55 : (jobIndex % 3 == 1 ? 0.75 : 0.9);
    const double value = (jobIndex % 2 == 0) ? 0.98 : 0.82;
    return QColor::fromHsvF(static_cast<float>(hue), static_cast<float>(saturation), static_cast<float>(value)).rgb();
}

} // namespace placement
