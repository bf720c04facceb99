// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartDataLoader.h"

#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/SystemMetrics.h"
#include "store/LoggedRun.h"
#include "store/Runs.h"

namespace placement {

RunChartData loadRunChartData(const std::string& databasePath, const MachineRecord& machine, std::int64_t runId)
{
    Store store = Store::openExisting(databasePath);
    const std::unique_ptr<Topology> topology = parseMachineSpec(machine.spec);
    PlacementAnalyzer analyzer(*topology);
    if (runId)
        return computeRunChartData(runJobs(store, runId), analyzer, defaultSizeBins());
    // The logged run, sized as its row in the run table: with or without node lists.
    const LoggedSchedule logged = loadLoggedSchedule(store, machine.id, loggedCpusPerNode(store, machine.id));
    return computeRunChartData(logged.jobs, analyzer, defaultSizeBins(), logged.nodeCounts);
}

} // namespace placement
