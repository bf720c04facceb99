// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SyntheticWorkload.h"

#include "core/SplitMix64.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace placement {

std::vector<SimulationJob> generateSyntheticTrace(const SyntheticTraceOptions& options)
{
    if (options.jobs < 0 || !(options.meanNodes > 0) || options.minRunTime < 0
        || options.maxRunTime < options.minRunTime || options.maxNodes < 0)
        throw std::invalid_argument("synthetic trace: jobs >= 0, a positive mean size and min <= max run time");
    SplitMix64 random(options.seed);
    std::vector<SimulationJob> jobs;
    jobs.reserve(static_cast<size_t>(options.jobs));
    for (int i = 0; i < options.jobs; ++i) {
        int nodes = 0;
        do {
            const double draw = std::ceil(random.exponential(options.meanNodes));
            nodes = draw < 1 ? 1 : (draw > 1e9 ? 1'000'000'000 : static_cast<int>(draw));
        } while (options.maxNodes > 0 && nodes > options.maxNodes);
        SimulationJob job;
        job.id = std::to_string(i + 1);
        job.submit = 0;
        job.runTime = random.between(options.minRunTime, options.maxRunTime);
        job.timeLimit = 0;
        job.nodes = nodes;
        jobs.push_back(std::move(job));
    }
    return jobs;
}

} // namespace placement
