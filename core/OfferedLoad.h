// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

#include <optional>
#include <vector>

namespace placement {

/// The work a workload asks of a machine per unit of its capacity: the node-seconds of its
/// jobs, sum(nodes x run time), over the node-seconds the machine offers while they are
/// submitted, machine nodes x (last submit - first submit). Above 1 the machine cannot keep
/// up whatever the policy: the queue grows for as long as jobs arrive, and every policy shows
/// long waits. Nothing when the submits span no time (all at once: no rate to compare).
std::optional<double> offeredLoad(const std::vector<SimulationJob>& jobs, int machineNodes);

} // namespace placement
