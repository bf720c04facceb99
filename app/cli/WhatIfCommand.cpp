// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "WhatIfCommand.h"

#include "core/AllocatorFactory.h"
#include "core/Csv.h"
#include "core/JsonWriter.h"
#include "core/MachineSpec.h"
#include "core/WhatIf.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QCommandLineParser>

#include <cstdio>
#include <stdexcept>

#include "CommandSupport.h"

using namespace placement;

namespace {

std::string nodeNames(const std::vector<std::string>& names, const std::vector<int>& nodes)
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

void writeOut(const QString& path, const std::string& text)
{
    if (path == QLatin1String("-"))
        std::fwrite(text.data(), 1, text.size(), stdout);
    else
        AtomicOutput(path.toStdString()).commit(text);
}

} // namespace

int runWhatIf(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "For every job of a run (the logged placements by default): the nodes a policy would have chosen at the "
        "moment the job started, given the nodes (and, for link-owning policies, links) the run's other jobs held "
        "then. Jobs hold their nodes on [start, end): one ending in the second another starts has released them "
        "(unless --ending-second held); "
        "jobs starting in the same second are placed in order of submit time, then job id (array tasks at their "
        "array's id), each seeing those before it. Prints the agreement (same node set), the mean APH change and "
        "the share of jobs the policy would have placed more compactly (docs/slurm.md)."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption machine(QStringLiteral("machine"), QStringLiteral("The machine."), QStringLiteral("NAME"));
    const QCommandLineOption policy(QStringLiteral("policy"), policyHelp(), QStringLiteral("NAME"));
    const QCommandLineOption order(QStringLiteral("order"),
                                   QStringLiteral("Node order of first-fit and dual-ended (default index)."),
                                   QStringLiteral("NAME"), QStringLiteral("index"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QStringLiteral("A stored run instead of the logged placements."),
                                 QStringLiteral("NAME"));
    const QCommandLineOption csv(
        QStringLiteral("csv"), QStringLiteral("Write one CSV row per job to OUT (- : stdout)."), QStringLiteral("OUT"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Write the summary and every job as JSON to OUT (- : stdout)."),
                                  QStringLiteral("OUT"));
    const QCommandLineOption endingSecond(
        QStringLiteral("ending-second"),
        QStringLiteral("Whether a job ending in the second another starts has freed its nodes then: released "
                       "(default) or held, exact for a cluster that keeps an ended job's nodes into a later second "
                       "and starts nothing meanwhile (Slurm's Epilog and CompleteWait; docs/slurm.md)."),
        QStringLiteral("RULE"), QStringLiteral("released"));
    parser.addOptions({db, machine, policy, order, run, endingSecond, csv, json});
    parser.process(arguments);
    if (!parser.isSet(db) || !parser.isSet(machine) || !parser.isSet(policy)) {
        std::fprintf(stderr,
                     "placement: usage: placement whatif --db DB --machine M --policy P [--order NAME] "
                     "[--run NAME] [--ending-second released|held] [--csv OUT] [--json OUT]\n");
        return 2;
    }
    const QString rule = parser.value(endingSecond);
    if (rule != QLatin1String("released") && rule != QLatin1String("held"))
        throw std::invalid_argument("--ending-second: '" + rule.toStdString() + "' (expected released or held)");
    const EndingSecond ending = rule == QLatin1String("held") ? EndingSecond::Held : EndingSecond::Released;
    Store store = Store::openExisting(parser.value(db).toStdString());
    const std::string machineName = parser.value(machine).toStdString();
    const std::optional<MachineRecord> record = store.machine(machineName);
    if (!record)
        throw std::invalid_argument("--machine: " + parser.value(db).toStdString() + " has no machine '" + machineName
                                    + "'");
    const std::unique_ptr<Topology> topology = parseMachineSpec(record->spec);
    AllocatorChoice choice;
    choice.policy = parser.value(policy).toStdString();
    choice.order = parser.value(order).toStdString();
    const std::unique_ptr<Allocator> allocator = makeAllocator(*topology, choice);

    std::vector<Job> jobs;
    std::vector<WhatIfHoldings> holdings;
    std::string runName = "logged";
    if (parser.isSet(run)) {
        runName = parser.value(run).toStdString();
        std::int64_t runId = 0;
        for (const RunRecord& stored : runs(store, record->id))
            if (stored.name == runName)
                runId = stored.id;
        if (runId == 0)
            throw std::invalid_argument("--run: machine '" + machineName + "' has no stored run '" + runName + "'");
        std::vector<RunHoldings> held;
        jobs = runJobs(store, runId, &held);
        for (const RunHoldings& h : held)
            holdings.push_back({h.links, h.idleNodes});
    } else {
        jobs = store.jobs(record->id);
    }
    const WhatIfReport report = whatIf(*topology, jobs, holdings, *allocator, ending);
    const std::vector<std::string> names = store.nodeNames(record->id);
    if (parser.isSet(csv))
        writeOut(parser.value(csv), csvOf(report, jobs, names));
    if (parser.isSet(json))
        writeOut(parser.value(json),
                 jsonOf(report, jobs, names, machineName, runName, choice.policy, rule.toStdString()));
    const WhatIfSummary& summary = report.summary;
    std::FILE* out
        = parser.value(csv) == QLatin1String("-") || parser.value(json) == QLatin1String("-") ? stderr : stdout;
    std::fprintf(out,
                 "%s, %s run, policy %s: %d jobs, %d placed by the policy, %d on the same nodes (agreement %.2f %%); "
                 "%d started in a second in which another job ended, agreement over the other %d: %.2f %%; mean APH "
                 "change %+.4f, more compact under the policy: %.2f %%\n",
                 machineName.c_str(), runName.c_str(), choice.policy.c_str(), summary.jobs, summary.placed,
                 summary.agreeing, 100 * summary.agreement, summary.ambiguous, summary.jobs - summary.ambiguous,
                 100 * summary.clearAgreement, summary.meanAphChange, 100 * summary.moreCompactShare);
    if (summary.overlappingJobs > 0)
        std::fprintf(out, "%d jobs are logged on nodes another job held\n", summary.overlappingJobs);
    return 0;
}
