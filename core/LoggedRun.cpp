// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LoggedRun.h"

#include "core/JsonWriter.h"
#include "core/SimulationReport.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace placement {
namespace {

/// Seconds of [start, end) inside [from, to).
double secondsWithin(std::int64_t start, std::int64_t end, std::int64_t from, std::int64_t to)
{
    const std::int64_t overlap = std::min(end, to) - std::max(start, from);
    return overlap > 0 ? static_cast<double>(overlap) : 0;
}

/// Where jobs with node lists share nodes: their node-seconds inside the two windows counted
/// per busy node (the union of the runs on each node), and how many jobs share. Jobs are
/// taken in start order; per node the busy span grows while runs overlap it.
struct DistinctBusy
{
    std::int64_t sharing = 0;
    double steady = 0, makespan = 0; ///< node-seconds of the jobs with node lists, nodes once
    double listedSteady = 0, listedMakespan = 0; ///< the same as the jobs' own node-seconds
};

DistinctBusy distinctBusy(int machineNodes, const JobsByStart& jobs, const SystemMetrics& metrics)
{
    DistinctBusy busy;
    struct Span
    {
        std::int64_t start = 0, end = 0;
        size_t job = 0;
        bool open = false;
    };
    std::vector<Span> spans(static_cast<size_t>(machineNodes));
    std::vector<char> shares; // per job given, in their order
    const auto flush = [&](const Span& span) {
        busy.steady += secondsWithin(span.start, span.end, metrics.steadyFrom, metrics.steadyTo);
        busy.makespan += secondsWithin(span.start, span.end, metrics.firstSubmit, metrics.lastEnd);
    };
    jobs([&](const Job& job) {
        const size_t i = shares.size();
        shares.push_back(0);
        if (job.nodes.empty() || job.end <= job.start)
            return;
        busy.listedSteady += secondsWithin(job.start, job.end, metrics.steadyFrom, metrics.steadyTo)
            * static_cast<double>(job.nodes.size());
        busy.listedMakespan += secondsWithin(job.start, job.end, metrics.firstSubmit, metrics.lastEnd)
            * static_cast<double>(job.nodes.size());
        for (int node : job.nodes) {
            if (node < 0 || node >= machineNodes)
                continue;
            Span& span = spans[static_cast<size_t>(node)];
            if (span.open && span.job == i)
                continue; // a node its list names twice
            if (span.open && job.start < span.end) { // overlaps what runs there
                shares[i] = 1;
                shares[span.job] = 1;
                span.end = std::max(span.end, job.end);
                if (job.end >= span.end)
                    span.job = i;
                continue;
            }
            if (span.open)
                flush(span);
            span = {job.start, job.end, i, true};
        }
    });
    for (const Span& span : spans)
        if (span.open)
            flush(span);
    busy.sharing = std::accumulate(shares.begin(), shares.end(), std::int64_t(0));
    return busy;
}

/// Utilization with the busy nodes of `busy` counted once.
void countOnce(LoggedRunSummary& summary, int machineNodes, const DistinctBusy& busy)
{
    summary.jobsSharingNodes = busy.sharing;
    if (busy.sharing == 0)
        return;
    SystemMetrics& m = summary.metrics;
    const double nodes = static_cast<double>(machineNodes);
    if (m.steadyTo > m.steadyFrom)
        m.steadyUtilization
            += (busy.steady - busy.listedSteady) / (nodes * static_cast<double>(m.steadyTo - m.steadyFrom));
    if (m.lastEnd > m.firstSubmit)
        m.makespanUtilization
            += (busy.makespan - busy.listedMakespan) / (nodes * static_cast<double>(m.lastEnd - m.firstSubmit));
}

} // namespace

LoggedRunSummary summarizeLoggedRun(int machineNodes, const std::vector<Job>& jobs, const std::vector<int>& nodeCounts,
                                    const std::vector<int>& binStarts)
{
    if (nodeCounts.size() != jobs.size() && !nodeCounts.empty())
        throw std::invalid_argument("one node count per logged job expected");
    LoggedRunSummary summary;
    summary.sizeBins = binStarts;
    const auto sizeOf = [&](size_t i) {
        if (!jobs[i].nodes.empty())
            return static_cast<int>(jobs[i].nodes.size());
        return nodeCounts.empty() ? 0 : nodeCounts[i];
    };
    for (size_t i = 0; i < jobs.size(); ++i) {
        summary.jobsWithNodeLists += jobs[i].nodes.empty() ? 0 : 1;
        summary.jobsWithoutSize += sizeOf(i) <= 0 ? 1 : 0;
    }
    // The jobs one at a time: a year's log holds millions.
    summary.metrics = computeSystemMetrics(
        machineNodes,
        [&](const std::function<void(const RunJobTiming&)>& visit) {
            for (size_t i = 0; i < jobs.size(); ++i) {
                const int nodes = sizeOf(i);
                if (nodes > 0)
                    visit({jobs[i].submit, jobs[i].start, jobs[i].end, nodes, nodes, 0.0});
            }
        },
        binStarts);
    // The jobs with node lists by start (ties in their order).
    std::vector<size_t> order;
    for (size_t i = 0; i < jobs.size(); ++i)
        if (!jobs[i].nodes.empty() && jobs[i].end > jobs[i].start)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return jobs[a].start < jobs[b].start; });
    const DistinctBusy busy = distinctBusy(
        machineNodes,
        [&](const std::function<void(const Job&)>& visit) {
            for (const size_t i : order)
                visit(jobs[i]);
        },
        summary.metrics);
    countOnce(summary, machineNodes, busy);
    return summary;
}

void countSharedNodesOnce(LoggedRunSummary& summary, int machineNodes, const JobsByStart& sharing)
{
    countOnce(summary, machineNodes, distinctBusy(machineNodes, sharing, summary.metrics));
}

LoggedRunSummary summarizeUnlistedLoggedRun(int machineNodes, const RunJobTimings& jobs,
                                            const std::vector<int>& binStarts)
{
    LoggedRunSummary summary;
    summary.sizeBins = binStarts;
    bool counted = false; // the jobs without a size, on the first pass
    summary.metrics = computeSystemMetrics(
        machineNodes,
        [&](const std::function<void(const RunJobTiming&)>& visit) {
            jobs([&](const RunJobTiming& job) {
                summary.jobsWithoutSize += !counted && job.nodes <= 0 ? 1 : 0;
                if (job.nodes > 0)
                    visit(job);
            });
            counted = true;
        },
        binStarts);
    return summary;
}

std::string loggedRunParametersJson(const LoggedRunSummary& summary)
{
    JsonWriter json;
    json.beginObject();
    json.key("machine").value(summary.machine);
    json.key("policy").value("logged");
    json.key("cpus_per_node").value(summary.cpusPerNode);
    json.key("size_bins").beginArray();
    for (int start : summary.sizeBins)
        json.value(start);
    json.endArray();
    json.endObject();
    return json.str();
}

std::string loggedRunSummaryJson(const LoggedRunSummary& summary)
{
    JsonWriter json;
    json.beginObject();
    json.key("run_id").value(0);
    json.key("run_name").value("logged");
    json.key("machine").value(summary.machine);
    json.key("policy").value("logged");
    writeSystemMetricsJson(json, summary.metrics);
    json.key("mean_aph").null();
    json.key("cpus_per_node").value(summary.cpusPerNode);
    json.key("jobs_with_node_lists").value(summary.jobsWithNodeLists);
    json.key("jobs_without_start").value(summary.jobsWithoutStart);
    json.key("jobs_without_size").value(summary.jobsWithoutSize);
    json.key("jobs_sharing_nodes").value(summary.jobsSharingNodes);
    if (summary.coreUtilization)
        json.key("utilization_cores").value(*summary.coreUtilization);
    json.endObject();
    return json.str();
}

} // namespace placement
