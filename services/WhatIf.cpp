// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/WhatIf.h"

#include "core/AllocatorFactory.h"
#include "core/Csv.h"
#include "core/JsonWriter.h"
#include "core/MachineSpec.h"
#include "core/Topology.h"
#include "services/OptionParsers.h"
#include "store/Store.h"

#include <cstdio>
#include <stdexcept>

namespace placement {

namespace {

template <typename Nodes> std::string nodeNames(const std::vector<std::string>& names, const Nodes& nodes)
{
    std::string text;
    for (int node : nodes)
        text += (text.empty() ? "" : " ") + names.at(static_cast<size_t>(node));
    return text;
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", value);
    return text;
}

std::string csvOf(const WhatIfReport& report, const std::vector<Job>& jobs, const std::vector<std::string>& names)
{
    std::string out = csvRecord({"job", "start", "nodes", "placed", "same", "ambiguous", "logged_aph", "policy_aph",
                                 "logged_partitions", "policy_partitions", "logged_leaves", "policy_leaves",
                                 "logged_nodes", "policy_nodes"});
    for (const WhatIfDecision& decision : report.decisions) {
        const Job& job = jobs.at(static_cast<size_t>(decision.job));
        out += csvRecord(
            {job.id, std::to_string(job.start), std::to_string(job.nodes.size()), decision.placed ? "1" : "0",
             decision.same ? "1" : "0", decision.ambiguous ? "1" : "0", number(decision.logged.aph),
             decision.placed ? number(decision.policy.aph) : "", std::to_string(decision.logged.partitions),
             decision.placed ? std::to_string(decision.policy.partitions) : "", std::to_string(decision.logged.leaves),
             decision.placed ? std::to_string(decision.policy.leaves) : "", nodeNames(names, job.nodes),
             nodeNames(names, decision.chosen)});
    }
    return out;
}

void writeMetrics(JsonWriter& json, const PlacementMetrics& metrics)
{
    json.beginObject();
    json.key("aph").value(metrics.aph);
    json.key("partitions").value(metrics.partitions);
    json.key("leaves").value(metrics.leaves);
    json.key("pods").value(metrics.pods);
    json.endObject();
}

std::string jsonOf(const WhatIfReport& report, const std::vector<Job>& jobs, const std::vector<std::string>& names,
                   const std::string& machine, const std::string& run, const std::string& policy,
                   const std::string& endingSecond)
{
    JsonWriter json;
    json.beginObject();
    json.key("machine").value(machine);
    json.key("run").value(run);
    json.key("policy").value(policy);
    json.key("ending_second").value(endingSecond);
    const WhatIfSummary& summary = report.summary;
    json.key("summary").beginObject();
    json.key("jobs").value(summary.jobs);
    json.key("placed").value(summary.placed);
    json.key("agreeing").value(summary.agreeing);
    json.key("agreement").value(summary.agreement);
    json.key("ambiguous").value(summary.ambiguous);
    json.key("clear_agreeing").value(summary.clearAgreeing);
    json.key("clear_agreement").value(summary.clearAgreement);
    json.key("mean_aph_change").value(summary.meanAphChange);
    json.key("more_compact_share").value(summary.moreCompactShare);
    json.key("overlapping_jobs").value(summary.overlappingJobs);
    json.endObject();
    json.key("jobs").beginArray();
    for (const WhatIfDecision& decision : report.decisions) {
        const Job& job = jobs.at(static_cast<size_t>(decision.job));
        json.beginObject();
        json.key("id").value(job.id);
        json.key("start").value(job.start);
        json.key("nodes").value(static_cast<int>(job.nodes.size()));
        json.key("placed").value(decision.placed);
        json.key("same").value(decision.same);
        json.key("ambiguous").value(decision.ambiguous);
        json.key("logged").beginObject();
        json.key("nodes").value(nodeNames(names, job.nodes));
        json.key("metrics");
        writeMetrics(json, decision.logged);
        json.endObject();
        json.key("policy").beginObject();
        json.key("nodes").value(nodeNames(names, decision.chosen));
        json.key("metrics");
        if (decision.placed)
            writeMetrics(json, decision.policy);
        else
            json.null();
        json.endObject();
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.str() + "\n";
}

std::vector<WhatIfHoldings> whatIfHoldings(const std::vector<RunHoldings>& held)
{
    std::vector<WhatIfHoldings> holdings;
    holdings.reserve(held.size());
    for (const RunHoldings& h : held)
        holdings.push_back({h.links, h.idleNodes});
    return holdings;
}

} // namespace

WhatIfOutcome runWhatIf(Store& store, const WhatIfRequest& request)
{
    const std::optional<MachineRecord> record = store.machine(request.machine);
    if (!record)
        throw std::invalid_argument("--machine: " + store.path() + " has no machine '" + request.machine + "'");
    const std::unique_ptr<Topology> topology = parseMachineSpec(record->spec);
    AllocatorChoice choice;
    choice.policy = request.policy;
    choice.order = request.order;
    const std::unique_ptr<Allocator> allocator = makeAllocator(*topology, choice);

    WhatIfOutcome outcome;
    std::vector<WhatIfHoldings> holdings;
    if (!request.run.empty()) {
        outcome.runName = request.run;
        std::int64_t runId = 0;
        for (const RunRecord& stored : runs(store, record->id))
            if (stored.name == request.run)
                runId = stored.id;
        if (runId == 0)
            throw std::invalid_argument("--run: machine '" + request.machine + "' has no stored run '" + request.run
                                        + "'");
        std::vector<RunHoldings> held;
        outcome.jobs = runJobs(store, runId, &held);
        holdings = whatIfHoldings(held);
    } else {
        outcome.runName = "logged";
        outcome.jobs = store.jobs(record->id);
    }
    outcome.report = whatIf(*topology, outcome.jobs, holdings, *allocator, request.endingSecond);
    outcome.nodeNames = store.nodeNames(record->id);
    return outcome;
}

WhatIfDecision whatIfForOneJob(const std::string& machineSpec, const std::vector<Job>& jobs,
                               const std::vector<RunHoldings>& holdings, const std::string& policy, int job,
                               const std::atomic<bool>* stop)
{
    const std::unique_ptr<Topology> topology = parseMachineSpec(machineSpec);
    AllocatorChoice choice;
    choice.policy = policy;
    const std::unique_ptr<Allocator> allocator = makeAllocator(*topology, choice);
    return whatIfForJob(*topology, jobs, whatIfHoldings(holdings), *allocator, job, stop);
}

std::string whatIfCsv(const WhatIfOutcome& outcome)
{
    return csvOf(outcome.report, outcome.jobs, outcome.nodeNames);
}

std::string whatIfJson(const WhatIfOutcome& outcome, const WhatIfRequest& request)
{
    return jsonOf(outcome.report, outcome.jobs, outcome.nodeNames, request.machine, outcome.runName, request.policy,
                  endingSecondName(request.endingSecond));
}

} // namespace placement
