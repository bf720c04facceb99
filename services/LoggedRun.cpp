// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/LoggedRun.h"

#include "core/LoggedRun.h"
#include "core/MachineSpec.h"
#include "store/LoggedJobs.h"
#include "store/LoggedRun.h"
#include "store/SqliteDatabase.h"
#include "store/Store.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>

namespace placement {

namespace {

RunRecord recordOf(const MachineRecord& machine, LoggedRunSummary summary, int cpusPerNode)
{
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

/// Whether a job of the machine is marked as holding a node another job holds at the same
/// time (jobs.shares_nodes, set by the imports; a partial index holds those jobs only).
bool anyJobSharingNodes(Store& store, std::int64_t machineId)
{
    SqliteStatement query(store.database(), "SELECT 1 FROM jobs WHERE machine_id = ?1 AND shares_nodes = 1 LIMIT 1");
    query.bind(1, machineId);
    return query.step();
}

} // namespace

RunRecord loggedRun(Store& store, const MachineRecord& machine, int cpusPerNode, LoggedReading how)
{
    if (cpusPerNode == 0)
        cpusPerNode = loggedCpusPerNode(store, machine.id);
    int machineNodes = 0;
    try {
        machineNodes = parseMachineSpec(machine.spec)->usableNodeCount();
    } catch (const std::invalid_argument& error) {
        throw StoreError(store.path() + ": machine '" + machine.name + "': " + error.what());
    }
    std::optional<SqliteReadSnapshot> reading(std::in_place, store.database()); // one snapshot for every pass
    const NodeResources resources = store.nodeResources(machine.id);
    if (how == LoggedReading::InPasses) {
        // Each job counts with its own nodes, read once per pass over them and never held (a
        // year's log holds millions), in the table's order (the sums are of whole numbers);
        // then the nodes of the jobs marked as sharing them count once.
        std::int64_t listed = 0;
        bool counting = true; // on the first pass
        LoggedRunSummary summary
            = summarizeUnlistedLoggedRun(machineNodes, [&](const std::function<void(const RunJobTiming&)>& visit) {
                  forEachLoggedJob(store, machine.id, cpusPerNode, [&](const LoggedJobTimes& times) {
                      listed += counting && times.listed ? 1 : 0;
                      visit({times.job.submit, times.job.start, times.job.end, times.nodes, times.nodes, 0.0});
                  });
                  counting = false;
              });
        summary.jobsWithNodeLists = listed;
        if (listed > 0 && anyJobSharingNodes(store, machine.id))
            countSharedNodesOnce(summary, machineNodes, [&](const std::function<void(const Job&)>& visit) {
                forEachJobSharingNodes(store, machine.id, visit);
            });
        summary.coreUtilization = coreUtilizationOverMakespan(
            [&](const std::function<void(const Job&, int)>& visit) {
                forEachLoggedJob(store, machine.id, cpusPerNode,
                                 [&](const LoggedJobTimes& times) { visit(times.job, times.cores); });
            },
            resources);
        return recordOf(machine, std::move(summary), cpusPerNode);
    }
    reading.reset(); // the schedule is read in a snapshot of its own, by two connections
    // Each job's cores alone, read with the schedule: a JobHolding takes more.
    std::vector<int> cores;
    const LoggedSchedule schedule = loadLoggedSchedule(store, machine.id, cpusPerNode, &cores);
    return loggedRun(machine, machineNodes, schedule.jobs, schedule.nodeCounts, cpusPerNode, cores, resources);
}

RunRecord loggedRun(const MachineRecord& machine, int machineNodes, const std::vector<Job>& jobs,
                    const std::vector<int>& nodeCounts, int cpusPerNode, const std::vector<int>& cores,
                    const NodeResources& resources)
{
    LoggedRunSummary summary = summarizeLoggedRun(machineNodes, jobs, nodeCounts);
    summary.coreUtilization = coreUtilizationOverMakespan(jobs, cores, resources);
    return recordOf(machine, std::move(summary), cpusPerNode);
}

} // namespace placement
