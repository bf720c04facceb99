// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LoggedRun.h"

#include "core/JsonWriter.h"
#include "core/SimulationReport.h"

#include <stdexcept>

namespace placement {

LoggedRunSummary summarizeLoggedRun(int machineNodes, const std::vector<Job>& jobs, const std::vector<int>& nodeCounts,
                                    const std::vector<int>& binStarts)
{
    if (nodeCounts.size() != jobs.size())
        throw std::invalid_argument("one node count per logged job expected");
    LoggedRunSummary summary;
    summary.sizeBins = binStarts;
    std::vector<RunJobTiming> timings;
    timings.reserve(jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        if (!job.nodes.empty())
            ++summary.jobsWithNodeLists;
        const int nodes = job.nodes.empty() ? nodeCounts[i] : static_cast<int>(job.nodes.size());
        if (nodes <= 0) {
            ++summary.jobsWithoutSize;
            continue;
        }
        timings.push_back({job.submit, job.start, job.end, nodes, nodes, 0.0});
    }
    summary.metrics = computeSystemMetrics(machineNodes, timings, binStarts);
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
    json.endObject();
    return json.str();
}

} // namespace placement
