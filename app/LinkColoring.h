// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QRgb>
#include <QString>

#include <utility>
#include <vector>

namespace placement {

struct MachineData;

/// What the colour of a link says.
enum class LinkColorMode {
    /// The job owning it (runs of Jigsaw and LaaS, which allocate links); unowned links dark.
    Owner,
    /// How many running jobs can use it: none dark, one green, two amber, more red.
    Users,
    /// Its bandwidth, dark blue (lowest) to light yellow (highest): Titan's anisotropy.
    Bandwidth,
};

/// The mode a machine's links open in: owners for runs that allocated links, else users.
LinkColorMode defaultLinkColorMode(const MachineData& machine);

/// One colour per link of the machine's topology at the moment whose node owners (job index
/// per node, -1 idle) are `owners`. With `highlightedJob` >= 0, links the job does not own
/// or use are dimmed.
std::vector<QRgb> linkColors(const MachineData& machine, const std::vector<int>& owners, LinkColorMode mode,
                             int highlightedJob = -1);

/// What the link colours of `mode` mean, for the 3D view's legend and exported images: swatches
/// with their meaning, or (bandwidth) a colour scale from `scaleLow` to `scaleHigh` in `unit`.
struct LinkLegend
{
    std::vector<std::pair<QRgb, QString>> swatches;
    std::vector<QRgb> scale;
    QString scaleLow, scaleHigh, unit;
};
LinkLegend linkLegend(const MachineData& machine, LinkColorMode mode);

/// The colour of a link used by `users` jobs (LinkColorMode::Users).
QRgb linkUsersColor(int users);

/// A switch (vertex id) for people: "leaf 5 (pod 0)", "L2 switch 3 of pod 1", "spine 7",
/// "router (3,0,7)", else "switch N".
QString switchName(const MachineData& machine, int vertex);
/// Who holds or can use a link at the moment whose node owners are `owners`: its owner (runs
/// of Jigsaw and LaaS) and the running jobs that can use it (rich text).
QString describeLink(const MachineData& machine, const std::vector<int>& owners, int link);
/// The same for every link of a switch.
QString describeSwitch(const MachineData& machine, const std::vector<int>& owners, int vertex);

} // namespace placement
