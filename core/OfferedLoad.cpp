// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/OfferedLoad.h"

#include <algorithm>

namespace placement {

std::optional<double> offeredLoad(const std::vector<SimulationJob>& jobs, int machineNodes)
{
    if (jobs.empty() || machineNodes <= 0)
        return std::nullopt;
    const auto [first, last] = std::minmax_element(
        jobs.begin(), jobs.end(), [](const SimulationJob& a, const SimulationJob& b) { return a.submit < b.submit; });
    const std::int64_t span = last->submit - first->submit;
    if (span <= 0)
        return std::nullopt;
    double work = 0; // node-seconds; a double holds 448K jobs of 10^5 nodes x 10^7 s exactly enough
    for (const SimulationJob& job : jobs)
        work += static_cast<double>(job.nodes) * static_cast<double>(std::max<std::int64_t>(job.runTime, 0));
    return work / (static_cast<double>(machineNodes) * static_cast<double>(span));
}

} // namespace placement
