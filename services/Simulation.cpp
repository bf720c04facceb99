// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Simulation.h"

#include "core/MachineSpec.h"
#include "core/OfferedLoad.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <stdexcept>
#include <xxhash.h>

namespace placement {

SimulationSummary replayAndSummarize(const Topology& topology, const std::vector<SimulationJob>& jobs,
                                     const SimulationSetup& setup, SimulationResult* replay)
{
    const std::unique_ptr<Allocator> allocator = makeAllocator(topology, setup.allocator);
    const auto begin = std::chrono::steady_clock::now();
    SimulationResult result = simulate(topology, jobs, *allocator, setup.options);
    SimulationSummary summary;
    summary.simulationSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    summary.metrics = computeSystemMetrics(topology.usableNodeCount(), jobs, result, setup.sizeBins);
    summary.meanAph = meanAph(topology, result, &summary.jobsWithPairs);
    summary.mapping = topologyMapping(topology, result);
    summary.offeredLoad = placement::offeredLoad(jobs, topology.usableNodeCount());
    for (size_t i = 0; i < jobs.size(); ++i)
        if (result.jobs[i].neverFits)
            summary.neverFit.push_back(jobs[i].id);
    if (!summary.neverFit.empty())
        summary.skippedByReason["larger than the machine"] = static_cast<std::int64_t>(summary.neverFit.size());
    if (replay)
        *replay = std::move(result);
    return summary;
}

std::string workloadDigest(const std::vector<SimulationJob>& jobs)
{
    XXH3_state_t* state = XXH3_createState();
    XXH3_128bits_reset(state);
    for (const SimulationJob& job : jobs) {
        // Fixed-width fields, the id with its length: no two workloads give one byte stream.
        const std::int64_t fields[]
            = {static_cast<std::int64_t>(job.id.size()), job.submit, job.runTime, job.timeLimit, job.nodes};
        XXH3_128bits_update(state, fields, sizeof fields);
        XXH3_128bits_update(state, job.id.data(), job.id.size());
    }
    const XXH128_hash_t hash = XXH3_128bits_digest(state);
    XXH3_freeState(state);
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                  static_cast<unsigned long long>(hash.low64));
    return text;
}

StoredInput loadStoredInput(Store& store, const std::string& machine, int cpusPerNode)
{
    const std::optional<MachineRecord> record = store.machine(machine);
    if (!record)
        throw std::invalid_argument(store.path() + " has no machine named '" + machine + "'");
    return {record->id, record->name, record->spec, loadWorkload(store, record->id, cpusPerNode)};
}

ComputedRun computeStoredRun(const StoredInput& input, SimulationSetup& setup)
{
    const std::unique_ptr<Topology> topology = parseMachineSpec(input.spec);
    std::vector<size_t> kept;
    const std::vector<SimulationJob> jobs = transformWorkload(input.workload.jobs, setup.transform, &kept);
    setup.inputDigest = workloadDigest(jobs);
    ComputedRun run;
    SimulationResult result;
    run.summary = replayAndSummarize(*topology, jobs, setup, &result);
    SimulationSummary& summary = run.summary;
    if (input.workload.jobsWithoutSize > 0)
        summary.skippedByReason["no size"] = input.workload.jobsWithoutSize;
    if (input.workload.jobs.size() > jobs.size())
        summary.skippedByReason["submitted outside --from/--to"]
            = static_cast<std::int64_t>(input.workload.jobs.size() - jobs.size());

    run.placements.reserve(jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& job = result.jobs[i];
        if (job.neverFits || job.start < 0)
            continue;
        RunPlacement& placement = run.placements.emplace_back();
        placement = {input.workload.jobIds[kept[i]], jobs[i].submit, job.start, job.end, job.nodes,
                     job.schedulingMicroseconds,     job.links,      {},        {},      {}};
        if (!job.allocated.empty())
            std::set_difference(job.allocated.begin(), job.allocated.end(), job.nodes.begin(), job.nodes.end(),
                                std::back_inserter(placement.idleNodes));
    }
    return run;
}

std::int64_t storeComputedRun(Store& store, const StoredInput& input, const SimulationSetup& setup,
                              const std::string& version, ComputedRun& run)
{
    if (run.placements.empty())
        return 0; // nothing ran: an empty run is not stored (runId stays 0)
    SimulationSummary& summary = run.summary;
    // The summary names its run: stored with the id and name the run gets.
    saveNamedRun(store, input.machineId, input.machineName, setup.runName, defaultRunName(setup),
                 simulationParametersJson(setup, version), run.placements,
                 [&](std::int64_t id, const std::string& name) {
                     summary.runId = id;
                     summary.runName = name;
                     return simulationSummaryJson(setup, summary);
                 });
    return summary.runId;
}

SimulationSummary runStoredSimulation(Store& store, const SimulationSetup& chosen, const std::string& version,
                                      bool save)
{
    const StoredInput input = loadStoredInput(store, chosen.machine, chosen.cpusPerNode);
    SimulationSetup setup = chosen;
    ComputedRun run = computeStoredRun(input, setup);
    // Computed above, stored here in one short write transaction: the write lock is held for
    // the insert only.
    if (save)
        storeComputedRun(store, input, setup, version, run);
    return run.summary;
}

SimulationSummary runSyntheticSimulation(const SimulationSetup& setup, SyntheticTraceOptions trace)
{
    const std::unique_ptr<Topology> topology = parseMachineSpec(setup.machine);
    trace.maxNodes = topology->usableNodeCount();
    const std::vector<SimulationJob> jobs = transformWorkload(generateSyntheticTrace(trace), setup.transform);
    return replayAndSummarize(*topology, jobs, setup);
}

} // namespace placement
