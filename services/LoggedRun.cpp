// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/LoggedRun.h"

#include "core/LoggedRun.h"
#include "core/MachineSpec.h"
#include "store/LoggedRun.h"
#include "store/Store.h"

#include <stdexcept>

namespace placement {

RunRecord loggedRun(Store& store, const MachineRecord& machine, int cpusPerNode)
{
    if (cpusPerNode == 0)
        cpusPerNode = loggedCpusPerNode(store, machine.id);
    // Each job's cores alone, read with the schedule: a year's log holds millions of jobs,
    // and a JobHolding takes more.
    std::vector<int> cores;
    const LoggedSchedule schedule = loadLoggedSchedule(store, machine.id, cpusPerNode, &cores);
    try {
        return loggedRun(machine, parseMachineSpec(machine.spec)->usableNodeCount(), schedule.jobs, schedule.nodeCounts,
                         cpusPerNode, cores, store.nodeResources(machine.id));
    } catch (const std::invalid_argument& error) {
        throw StoreError(store.path() + ": machine '" + machine.name + "': " + error.what());
    }
}

RunRecord loggedRun(const MachineRecord& machine, int machineNodes, const std::vector<Job>& jobs,
                    const std::vector<int>& nodeCounts, int cpusPerNode, const std::vector<int>& cores,
                    const NodeResources& resources)
{
    LoggedRunSummary summary = summarizeLoggedRun(machineNodes, jobs, nodeCounts);
    summary.coreUtilization = coreUtilizationOverMakespan(jobs, cores, resources);
    summary.machine = machine.name;
    summary.cpusPerNode = cpusPerNode;
    summary.jobsWithoutStart = machine.jobsWithoutStart;
    RunRecord record;
    record.machineId = machine.id;
    record.name = "logged";
    record.parameters = loggedRunParametersJson(summary);
    record.summary = loggedRunSummaryJson(summary);
    record.placements = summary.jobsWithNodeLists;
    return record;
}

} // namespace placement
