// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <QRgb>

#include <vector>

namespace placement {

/// Colour of a node no job holds.
QRgb idleNodeColor();
/// A slot of the network without a node (Topology::emptySlots()): close to the background,
/// darker than an idle node.
QRgb emptySlotColor();
/// The colour of `node` when no job holds it: emptySlotColor() or idleNodeColor().
QRgb unheldColor(const Topology& topology, std::size_t node);
/// A node that several running jobs hold at once (core/NodeSharing.h): near white, which no
/// job colour is (their saturation is 0.55 or more).
QRgb sharedNodeColor();

/// A distinct, stable colour per job: hues step by the golden angle, so jobs that are
/// close in submission order (often neighbours on the machine) differ clearly.
QRgb jobColor(int jobIndex);

/// jobColor() remembered per job index: recolouring a machine asks for a colour per node,
/// and converting from HSV each time costs more than everything else of a time step.
class JobColors
{
public:
    QRgb operator()(int jobIndex)
    {
        if (jobIndex < 0)
            return jobColor(jobIndex);
        if (static_cast<size_t>(jobIndex) >= m_colors.size())
            m_colors.resize(static_cast<size_t>(jobIndex) + 1 + m_colors.size() / 2, 0);
        QRgb& color = m_colors[static_cast<size_t>(jobIndex)];
        if (color == 0) // jobColor() is opaque: 0 means not asked yet
            color = jobColor(jobIndex);
        return color;
    }

private:
    std::vector<QRgb> m_colors;
};

} // namespace placement
