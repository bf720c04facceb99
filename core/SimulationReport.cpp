// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SimulationReport.h"

#include "core/JsonWriter.h"
#include "core/LcsAllocator.h"
#include "core/PlacementMetrics.h"

namespace placement {

namespace {

void writeDistribution(JsonWriter& json, std::string_view name, const Distribution& distribution)
{
    json.key(name).beginObject();
    json.key("mean").value(distribution.mean);
    json.key("median").value(distribution.median);
    json.key("p99").value(distribution.p99);
    json.key("max").value(distribution.max);
    json.endObject();
}

} // namespace

double meanAph(const Topology& topology, const SimulationResult& result, int* counted)
{
    PlacementAnalyzer analyzer(topology);
    double sum = 0;
    int jobs = 0;
    for (const SimulatedJob& job : result.jobs) {
        if (job.nodes.size() < 2)
            continue;
        sum += analyzer.measure(job.nodes).aph;
        ++jobs;
    }
    if (counted)
        *counted = jobs;
    return jobs > 0 ? sum / jobs : 0;
}

std::string defaultRunName(const SimulationSetup& setup)
{
    // The policy and the backfilling, then every parameter that differs from its default:
    // two runs that differ in anything get different names, not "(2)".
    const SimulationSetup defaults;
    std::string name = setup.allocator.policy;
    if (setup.allocator.order != "index" && !setup.allocator.order.empty())
        name += ":" + setup.allocator.order;
    name += std::string(" ") + backfillName(setup.options.backfill);
    if (setup.options.backfill != BackfillPolicy::Fcfs && setup.options.window != defaults.options.window)
        name += " window " + std::to_string(setup.options.window);
    if (setup.transform.speedup.scenario != SpeedupScenario::None)
        name += " speedup " + setup.transform.speedup.name();
    if (setup.allocator.seed != defaults.allocator.seed)
        name += " seed " + std::to_string(setup.allocator.seed);
    if (setup.transform.nodeScale != defaults.transform.nodeScale)
        name += " nodes x" + std::to_string(setup.transform.nodeScale);
    if (setup.transform.arrivals != defaults.transform.arrivals)
        name += " arrivals " + setup.transform.arrivalsName();
    if (setup.cpusPerNode != defaults.cpusPerNode)
        name += " " + std::to_string(setup.cpusPerNode) + " cpus/node";
    if (setup.transform.from)
        name += " from " + std::to_string(*setup.transform.from);
    if (setup.transform.to)
        name += " to " + std::to_string(*setup.transform.to);
    return name;
}

std::string simulationParametersJson(const SimulationSetup& setup, const std::string& version)
{
    JsonWriter json;
    json.beginObject();
    json.key("machine").value(setup.machine);
    json.key("policy").value(setup.allocator.policy);
    json.key("order").value(setup.allocator.order);
    json.key("backfill").value(backfillName(setup.options.backfill));
    json.key("window").value(setup.options.window);
    json.key("seed").value(static_cast<std::int64_t>(setup.allocator.seed));
    if (setup.allocator.policy == "dual-ended") {
        json.key("size_demarcation").value(setup.allocator.sizeDemarcation);
        json.key("wall_time_demarcation").value(setup.allocator.wallTimeDemarcation);
    }
    if (setup.allocator.policy == "quadrant")
        json.key("quadrant_side").value(setup.allocator.quadrantSide);
    if (setup.allocator.policy == "lcs") { // the bandwidth classes are drawn from the seed
        json.key("lcs_timeout_seconds").value(setup.allocator.searchTimeout);
        json.key("lcs_step_budget").value(setup.allocator.searchSteps);
    }
    json.key("speedup").value(setup.transform.speedup.name());
    json.key("speedup_seed").value(static_cast<std::int64_t>(setup.transform.seed));
    json.key("scale_nodes").value(setup.transform.nodeScale);
    json.key("arrivals").value(setup.transform.arrivalsName());
    json.key("from");
    setup.transform.from ? json.value(*setup.transform.from) : json.null();
    json.key("to");
    setup.transform.to ? json.value(*setup.transform.to) : json.null();
    json.key("cpus_per_node").value(setup.cpusPerNode);
    json.key("size_bins").beginArray();
    for (int start : setup.sizeBins)
        json.value(start);
    json.endArray();
    json.key("version").value(version);
    if (!setup.inputDigest.empty())
        json.key("input_digest").value(setup.inputDigest);
    if (!setup.sweep.empty()) {
        json.key("sweep").value(setup.sweep);
        json.key("sweep_point").value(setup.sweepPoint);
    }
    json.endObject();
    return json.str();
}

void writeSystemMetricsJson(JsonWriter& json, const SystemMetrics& m)
{
    json.key("machine_nodes").value(m.machineNodes);
    json.key("jobs").value(m.jobs);
    json.key("utilization").value(m.steadyUtilization);
    json.key("utilization_over_makespan").value(m.makespanUtilization);
    json.key("internal_fragmentation").value(m.steadyIdleAllocated);
    json.key("steady_state").beginObject();
    json.key("found").value(m.steadyStateFound);
    json.key("from").value(m.steadyFrom);
    json.key("to").value(m.steadyTo);
    json.endObject();
    json.key("makespan").value(m.makespan);
    json.key("mean_wait").value(m.wait.mean);
    json.key("median_wait").value(m.wait.median);
    json.key("mean_turnaround").value(m.turnaround.mean);
    json.key("mean_bounded_slowdown").value(m.boundedSlowdown.mean);
    writeDistribution(json, "wait", m.wait);
    writeDistribution(json, "turnaround", m.turnaround);
    writeDistribution(json, "bounded_slowdown", m.boundedSlowdown);
    json.key("by_size").beginArray();
    for (const SizeBinMetrics& bin : m.bins) {
        json.beginObject();
        json.key("min_nodes").value(bin.minNodes);
        json.key("max_nodes");
        bin.maxNodes > 0 ? json.value(bin.maxNodes) : json.null();
        json.key("jobs").value(bin.wait.count);
        json.key("mean_wait").value(bin.wait.mean);
        json.key("median_wait").value(bin.wait.median);
        json.key("mean_turnaround").value(bin.turnaround.mean);
        json.key("mean_bounded_slowdown").value(bin.boundedSlowdown.mean);
        json.endObject();
    }
    json.endArray();
}

std::string simulationSummaryJson(const SimulationSetup& setup, const SimulationSummary& summary)
{
    const SystemMetrics& m = summary.metrics;
    JsonWriter json;
    json.beginObject();
    json.key("run_id").value(summary.runId);
    json.key("run_name").value(summary.runName);
    json.key("machine").value(setup.machine);
    json.key("policy").value(setup.allocator.policy);
    json.key("backfill").value(backfillName(setup.options.backfill));
    writeSystemMetricsJson(json, m);
    json.key("mean_aph").value(summary.meanAph);
    json.key("lowest_common_switch"); // AUCSCHED3 Table 4, over every placed job
    if (summary.mapping.hasLevels) {
        json.beginObject();
        json.key("mean").value(summary.mapping.lowestCommonSwitch.mean);
        json.key("sd").value(summary.mapping.lowestCommonSwitch.deviation);
        json.endObject();
    } else {
        json.null();
    }
    json.key("spread").beginObject();
    json.key("mean").value(summary.mapping.spread.mean);
    json.key("sd").value(summary.mapping.spread.deviation);
    json.endObject();
    if (summary.mapping.hasGroups) { // dragonflies: groups touched per placed job
        json.key("groups_per_job").beginObject();
        json.key("mean").value(summary.mapping.groups.mean);
        json.key("sd").value(summary.mapping.groups.deviation);
        json.endObject();
    }
    json.key("scheduling_us_per_job").beginObject();
    json.key("mean").value(m.schedulingMicroseconds.mean);
    json.key("p99").value(m.schedulingMicroseconds.p99);
    json.key("max").value(m.schedulingMicroseconds.max);
    json.endObject();
    json.key("simulation_seconds").value(summary.simulationSeconds);
    json.key("skipped").beginObject();
    for (const auto& [reason, count] : summary.skippedByReason)
        json.key(reason).value(count);
    json.endObject();
    json.key("offered_load");
    summary.offeredLoad ? json.value(*summary.offeredLoad) : json.null();
    json.key("never_fit").value(static_cast<std::int64_t>(summary.neverFit.size()));
    json.key("never_fit_jobs").beginArray();
    for (const std::string& id : summary.neverFit)
        json.value(id);
    json.endArray();
    if (const LcsCounters* counters = setup.allocator.searchCounters.get()) {
        // LC+S is a bound under a search limit: how often the limit cut a search off.
        json.key("lcs").beginObject();
        json.key("timeout_seconds").value(setup.allocator.searchTimeout);
        json.key("step_budget").value(setup.allocator.searchSteps);
        json.key("searches").value(counters->searches);
        json.key("timeouts").value(counters->timeouts);
        json.key("jobs_timed_out").value(static_cast<std::int64_t>(counters->jobsTimedOut.size()));
        json.key("steps").value(counters->steps);
        json.endObject();
    }
    json.endObject();
    return json.str();
}

} // namespace placement
