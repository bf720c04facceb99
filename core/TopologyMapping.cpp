// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/TopologyMapping.h"

#include "core/PlacementMetrics.h"

#include <algorithm>
#include <cmath>

namespace placement {

namespace {

struct Moments
{
    double sum = 0;
    double squares = 0;

    void add(double x)
    {
        sum += x;
        squares += x * x;
    }
    MeanDeviation of(int n) const
    {
        if (n == 0)
            return {};
        const double mean = sum / n;
        return {mean, std::sqrt(std::max(0.0, squares / n - mean * mean))};
    }
};

} // namespace

TopologyMapping topologyMapping(const Topology& topology, const SimulationResult& result)
{
    PlacementAnalyzer analyzer(topology);
    TopologyMapping mapping;
    mapping.hasLevels = topology.hierarchy() != nullptr;
    Moments level, spread, groups;
    for (const SimulatedJob& job : result.jobs) {
        if (job.nodes.empty())
            continue;
        const PlacementMetrics metrics = analyzer.measure(job.nodes);
        level.add(metrics.lowestCommonLevel);
        spread.add(metrics.spread);
        if (metrics.groups >= 0) {
            groups.add(metrics.groups);
            mapping.hasGroups = true;
        }
        ++mapping.jobs;
    }
    if (mapping.hasLevels)
        mapping.lowestCommonSwitch = level.of(mapping.jobs);
    mapping.spread = spread.of(mapping.jobs);
    if (mapping.hasGroups)
        mapping.groups = groups.of(mapping.jobs);
    return mapping;
}

} // namespace placement
