// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

namespace placement {

class Topology;

/// Mean and standard deviation (population: over n, not n - 1) of one measure over jobs.
struct MeanDeviation
{
    double mean = 0;
    double deviation = 0;
};

/// How well a run mapped its jobs onto the machine, as AUCSCHED3's Table 4 reports it
/// (Soner & Özturan §4): over every placed job, the level of the lowest switch common to its
/// nodes (leaves 0; trees only) and its spread (last node index minus first).
struct TopologyMapping
{
    int jobs = 0; ///< placed jobs measured (one-node jobs included, as the paper's "all the jobs")
    bool hasLevels = false; ///< false on tori: no switch levels
    MeanDeviation lowestCommonSwitch;
    MeanDeviation spread;
    bool hasGroups = false; ///< dragonflies: groups touched per job below
    MeanDeviation groups;
};

TopologyMapping topologyMapping(const Topology& topology, const SimulationResult& result);

} // namespace placement
