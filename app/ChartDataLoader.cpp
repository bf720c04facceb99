// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartDataLoader.h"

#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/SystemMetrics.h"
#include "store/Runs.h"

namespace placement {

RunChartData loadRunChartData(const std::string& databasePath, const MachineRecord& machine, std::int64_t runId)
{
    Store store = Store::openExisting(databasePath);
    const std::unique_ptr<Topology> topology = parseMachineSpec(machine.spec);
    PlacementAnalyzer analyzer(*topology);
    const std::vector<Job> jobs = runId ? runJobs(store, runId) : store.jobs(machine.id);
    return computeRunChartData(jobs, analyzer, defaultSizeBins());
}

} // namespace placement
