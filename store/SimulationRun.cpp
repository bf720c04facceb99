// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/SimulationRun.h"

#include "core/MachineSpec.h"
#include "core/OfferedLoad.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <stdexcept>

namespace placement {

SimulationSummary runStoredSimulation(Store& store, const SimulationSetup& setup, const std::string& version, bool save)
{
    const std::optional<MachineRecord> machine = store.machine(setup.machine);
    if (!machine)
        throw std::invalid_argument(store.path() + " has no machine named '" + setup.machine + "'");
    const std::unique_ptr<Topology> topology = parseMachineSpec(machine->spec);
    const StoredWorkload stored = loadWorkload(store, machine->id, setup.cpusPerNode);
    std::vector<size_t> kept;
    const std::vector<SimulationJob> jobs = transformWorkload(stored.jobs, setup.transform, &kept);
    const std::unique_ptr<Allocator> allocator = makeAllocator(*topology, setup.allocator);

    const auto begin = std::chrono::steady_clock::now();
    const SimulationResult result = simulate(*topology, jobs, *allocator, setup.options);
    SimulationSummary summary;
    summary.simulationSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    summary.metrics = computeSystemMetrics(topology->nodeCount(), jobs, result, setup.sizeBins);
    summary.meanAph = meanAph(*topology, result, &summary.jobsWithPairs);
    summary.mapping = topologyMapping(*topology, result);
    summary.offeredLoad = placement::offeredLoad(jobs, topology->nodeCount());
    for (size_t i = 0; i < jobs.size(); ++i)
        if (result.jobs[i].neverFits)
            summary.neverFit.push_back(jobs[i].id);
    if (!save)
        return summary;

    std::vector<RunPlacement> placements;
    placements.reserve(jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.neverFits || run.start < 0)
            continue;
        RunPlacement& placement = placements.emplace_back();
        placement = {stored.jobIds[kept[i]],     jobs[i].submit, run.start, run.end, run.nodes,
                     run.schedulingMicroseconds, run.links,      {}};
        if (!run.allocated.empty())
            std::set_difference(run.allocated.begin(), run.allocated.end(), run.nodes.begin(), run.nodes.end(),
                                std::back_inserter(placement.idleNodes));
    }
    if (placements.empty())
        return summary; // nothing ran: an empty run is not stored (runId stays 0)
    // Computed above, stored here in one short write transaction: the write lock is held for
    // the insert only, and the run's name is chosen under it, so that two programs storing
    // runs at once cannot both take one name.
    SqliteTransaction transaction(store.database());
    summary.runName = uniqueRunName(store, machine->id, setup.runName.empty() ? defaultRunName(setup) : setup.runName);
    if (!setup.runName.empty() && summary.runName != setup.runName)
        throw StoreError(store.path() + ": machine '" + setup.machine + "' already has a run named '" + setup.runName
                         + "'");
    // The summary names its run: store it with the id the run will get.
    summary.runId
        = saveRun(store, machine->id, summary.runName, simulationParametersJson(setup, version), "{}", placements);
    SqliteStatement update(store.database(), "UPDATE runs SET summary = ?2 WHERE id = ?1");
    update.bind(1, summary.runId).bind(2, simulationSummaryJson(setup, summary)).run();
    transaction.commit();
    return summary;
}

} // namespace placement
