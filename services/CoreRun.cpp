// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/CoreRun.h"

#include "core/JsonWriter.h"
#include "core/LoggedRun.h"
#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/SimulationReport.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

namespace placement {

const char* coreBackfillName(CoreBackfill backfill)
{
    switch (backfill) {
    case CoreBackfill::Fcfs: return "fcfs";
    case CoreBackfill::Easy: return "easy";
    case CoreBackfill::Auction: return "auction";
    }
    return "easy";
}

namespace {

std::unique_ptr<ResourceAllocator> coreAllocator(const std::string& policy, const Topology& topology)
{
    if (policy == "first-fit")
        return std::make_unique<CoreFirstFitAllocator>();
    if (policy != "slurm-tree" && policy != "aucsched3")
        throw std::invalid_argument("policy '" + policy
                                    + "' does not place by cores: first-fit, slurm-tree or aucsched3 do");
    if (!topology.hierarchy())
        throw std::invalid_argument(policy + " by cores needs a machine with switches (a tree), not a "
                                    + topology.describe());
    if (policy == "slurm-tree")
        return std::make_unique<CoreSlurmConsTresAllocator>();
    return std::make_unique<CoreAucsched3Allocator>(topology);
}

/// Every node's count from the description, `fallback` where it gives none; throws when a
/// node has none and there is no fallback.
std::vector<int> perNode(const std::vector<int>& described, int nodes, int fallback, const std::string& machine,
                         const char* what)
{
    std::vector<int> counts(static_cast<size_t>(nodes), fallback);
    for (size_t node = 0; node < counts.size() && node < described.size(); ++node)
        if (described[node] >= 0)
            counts[node] = described[node];
    for (int count : counts)
        if (count < 0)
            throw std::invalid_argument("machine '" + machine + "': the " + what
                                        + " of some nodes are not known (import its description with them: "
                                          "slurm.conf, an Alea .machines file), or give --cores-per-node");
    return counts;
}

} // namespace

CoreRunOutcome runStoredCoreSimulation(Store& store, const CoreRunSetup& setup)
{
    const std::optional<MachineRecord> record = store.machine(setup.machine);
    if (!record)
        throw std::invalid_argument(store.path() + " has no machine named '" + setup.machine + "'");
    const std::unique_ptr<Topology> topology = parseMachineSpec(record->spec);
    std::unique_ptr<ResourceAllocator> allocator = coreAllocator(setup.policy, *topology);
    if (setup.backfill == CoreBackfill::Auction && setup.policy != "aucsched3")
        throw std::invalid_argument("--backfill auction is AUCSCHED3's window: use it with --policy aucsched3");
    if (setup.window < 0)
        throw std::invalid_argument("--window must be 0 or more");

    const NodeResources described = store.nodeResources(record->id);
    const int nodes = topology->nodeCount();
    const CoreMachine machine(
        *topology,
        perNode(described.cores, nodes, setup.coresPerNode > 0 ? setup.coresPerNode : -1, record->name, "cores"),
        perNode(described.gpus, nodes, 0, record->name, "GPUs"));
    StoredCoreWorkload workload = loadCoreWorkload(store, record->id);

    CoreRunOutcome outcome;
    outcome.machine = record->name;
    outcome.jobsRead = static_cast<std::int64_t>(workload.jobs.size());
    for (const auto& [reason, count] : workload.skippedByReason)
        outcome.jobsRead += count;
    outcome.machineCores = machine.totalCores();
    outcome.machineGpus = machine.totalGpus();
    outcome.skippedByReason = workload.skippedByReason;
    const auto begin = std::chrono::steady_clock::now();
    const CoreSimulationResult result
        = simulateCores(machine, workload.jobs, *allocator, {setup.backfill, setup.window});
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    outcome.summary = summarizeCoreRun(machine, workload.jobs, result);
    if (result.neverFit > 0)
        outcome.skippedByReason["asks more cores or GPUs than the machine has"] = result.neverFit;

    // The placed jobs, as stored and as the logged run's measures read them.
    outcome.machineId = record->id;
    std::vector<Job> placed;
    std::vector<int> nodeCounts;
    PlacementAnalyzer analyzer(*topology);
    double aphSum = 0;
    for (size_t i = 0; i < workload.jobs.size(); ++i) {
        const CoreJob& job = workload.jobs[i];
        const CoreSimulatedJob& run = result.jobs[i];
        if (run.neverFits || run.start < 0)
            continue;
        RunPlacement placement;
        placement.jobId = workload.jobIds[i];
        placement.submit = job.submit;
        placement.start = run.start;
        placement.end = run.end;
        placement.nodes = run.grant.nodes;
        placement.nodeCores = run.grant.cores;
        if (outcome.machineGpus > 0) // a machine without GPUs: none stored, none shown
            placement.nodeGpus = run.grant.gpus;
        if (placement.nodes.size() >= 2) {
            aphSum += analyzer.measure(placement.nodes).aph;
            ++outcome.jobsWithPairs;
        }
        placed.push_back({job.id, {}, placement.nodes, job.submit, run.start, run.end});
        nodeCounts.push_back(static_cast<int>(placement.nodes.size()));
        outcome.placements.push_back(std::move(placement));
    }
    outcome.meanAph = outcome.jobsWithPairs > 0 ? aphSum / outcome.jobsWithPairs : 0;
    outcome.metrics = summarizeLoggedRun(topology->usableNodeCount(), placed, nodeCounts).metrics;
    outcome.metrics.neverFit = result.neverFit;
    return outcome;
}

std::string defaultCoreRunName(const CoreRunSetup& setup)
{
    std::string name = setup.policy + " " + coreBackfillName(setup.backfill);
    if (setup.window != CoreRunSetup().window && setup.backfill != CoreBackfill::Fcfs)
        name += " window " + std::to_string(setup.window);
    if (setup.coresPerNode > 0)
        name += " " + std::to_string(setup.coresPerNode) + " cores/node";
    return name + " by cores";
}

std::string coreRunParametersJson(const CoreRunSetup& setup, const std::string& version)
{
    JsonWriter json;
    json.beginObject();
    json.key("machine").value(setup.machine);
    json.key("policy").value(setup.policy);
    json.key("backfill").value(coreBackfillName(setup.backfill));
    json.key("window").value(setup.window);
    json.key("by").value("cores");
    if (setup.coresPerNode > 0)
        json.key("cores_per_node").value(setup.coresPerNode);
    json.key("size_bins").beginArray();
    for (int start : defaultSizeBins())
        json.value(start);
    json.endArray();
    json.key("version").value(version);
    json.endObject();
    return json.str();
}

std::int64_t storeCoreRun(Store& store, const CoreRunSetup& setup, const std::string& version, CoreRunOutcome& outcome)
{
    if (outcome.placements.empty())
        return 0; // nothing ran: an empty run is not stored
    saveNamedRun(store, outcome.machineId, outcome.machine, setup.runName, defaultCoreRunName(setup),
                 coreRunParametersJson(setup, version), outcome.placements,
                 [&](std::int64_t id, const std::string& name) {
                     outcome.runId = id;
                     outcome.runName = name;
                     return coreRunJson(setup, outcome);
                 });
    return outcome.runId;
}

std::string coreRunJson(const CoreRunSetup& setup, const CoreRunOutcome& outcome)
{
    const CoreRunSummary& s = outcome.summary;
    JsonWriter json;
    json.beginObject();
    json.key("run_id").value(outcome.runId);
    json.key("run_name").value(outcome.runName);
    json.key("machine").value(outcome.machine);
    json.key("by").value("cores");
    json.key("policy").value(setup.policy);
    json.key("backfill").value(coreBackfillName(setup.backfill));
    json.key("window").value(setup.window);
    json.key("machine_cores").value(outcome.machineCores);
    json.key("machine_gpus").value(outcome.machineGpus);
    json.key("jobs_read").value(outcome.jobsRead);
    json.key("jobs_placed").value(s.jobs);
    json.key("skipped").beginObject();
    for (const auto& [reason, count] : outcome.skippedByReason)
        json.key(reason).value(count);
    json.endObject();
    writeSystemMetricsJson(json, outcome.metrics);
    json.key("utilization_cores").value(s.coreUtilization);
    json.key("utilization_gpus").value(s.gpuUtilization);
    json.key("utilization_nodes").value(s.nodeUtilization);
    json.key("jobs_sharing_nodes").value(s.jobsSharingNodes);
    json.key("mean_aph").value(outcome.meanAph);
    json.key("lowest_common_switch");
    if (s.mapping.hasLevels) {
        json.beginObject();
        json.key("mean").value(s.mapping.lowestCommonSwitch.mean);
        json.key("sd").value(s.mapping.lowestCommonSwitch.deviation);
        json.endObject();
    } else {
        json.null();
    }
    json.key("spread").beginObject();
    json.key("mean").value(s.mapping.spread.mean);
    json.key("sd").value(s.mapping.spread.deviation);
    json.endObject();
    json.key("never_fit").value(static_cast<std::int64_t>(outcome.metrics.neverFit));
    json.key("simulation_seconds").value(outcome.seconds);
    json.endObject();
    return json.str() + "\n";
}

} // namespace placement
