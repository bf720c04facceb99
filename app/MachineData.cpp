// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MachineData.h"

#include "core/MachineSpec.h"
#include "core/Occupancy.h"
#include "core/RunRecord.h"
#include "store/LoggedJobs.h"
#include "store/LoggedRun.h"
#include "store/Runs.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace placement {

namespace {

/// What the nodes offered in a run by cores: the machine's description, and where it gives no
/// count, the cores per node the run was made with (`--cores-per-node`, stored as the
/// parameter "cores_per_node") and no GPUs, as the replay took them (services/CoreRun.h).
NodeResources runResources(Store& store, const MachineRecord& record, std::int64_t runId, NodeResources described,
                           int nodeCount)
{
    std::optional<std::int64_t> coresPerNode;
    if (const std::optional<std::string> parameters = runParameters(store, runId)) { // no placements counted
        try {
            coresPerNode = readRunParameters(*parameters).coresPerNode;
        } catch (const std::runtime_error& error) {
            std::string name = std::to_string(runId);
            for (const RunRecord& run : runs(store, record.id))
                name = run.id == runId ? run.name : name;
            throw StoreError(store.path() + ": run '" + name + "': " + error.what());
        }
    }
    described.cores.resize(static_cast<size_t>(nodeCount), -1);
    described.gpus.resize(static_cast<size_t>(nodeCount), -1);
    for (size_t node = 0; node < described.cores.size(); ++node) {
        if (described.cores[node] < 0 && coresPerNode)
            described.cores[node] = static_cast<int>(*coresPerNode);
        if (described.gpus[node] < 0)
            described.gpus[node] = 0;
    }
    return described;
}

} // namespace

MachineData MachineData::outline(const std::string& databasePath, const MachineRecord& record, std::int64_t runId)
{
    MachineData data;
    data.record = record;
    try {
        data.topology = parseMachineSpec(record.spec);
    } catch (const std::invalid_argument& error) {
        throw StoreError(databasePath + ": machine '" + record.name + "': " + error.what());
    }
    data.layout = layoutNodes(*data.topology);
    data.analyzer = std::make_unique<PlacementAnalyzer>(*data.topology);
    data.runId = runId;
    return data;
}

MachineData MachineData::load(Store& store, const MachineRecord& record, std::int64_t runId)
{
    MachineData data = outline(store.path(), record, runId);
    data.resources = store.nodeResources(record.id);
    if (runId) {
        data.jobs = runJobs(store, runId, &data.holdings, &data.labels, &data.jobHoldings);
        if (!data.jobHoldings.empty())
            data.resources = runResources(store, record, runId, std::move(data.resources), data.topology->nodeCount());
    } else {
        data.cpusPerNode = loggedCpusPerNode(store, record.id);
        LoggedJobs logged = readLoggedJobs(
            store, record.id, LoggedJobList | LoggedNodeCounts | LoggedHoldings | LoggedLabels, data.cpusPerNode);
        data.jobs = std::move(logged.jobs);
        data.nodeCounts = std::move(logged.nodeCounts);
        data.jobHoldings = std::move(logged.holdings);
        data.labels = std::move(logged.labels);
    }
    if (data.labels.size() != data.jobs.size()) // the database changed between the two reads
        throw StoreError(store.path() + ": machine '" + record.name + "': the job list changed while it was read");
    data.nodeNames = store.nodeNames(record.id);
    const int nodeCount = data.topology->nodeCount();
    for (const Job& job : data.jobs) {
        data.jobsWithoutNodes += job.nodes.empty() ? 1 : 0;
        // A run's ids are within the machine when its first and last are.
        job.nodes.forEachRun([&](int first, std::size_t length) {
            const std::int64_t last = static_cast<std::int64_t>(first) + static_cast<std::int64_t>(length) - 1;
            if (first < 0 || last >= nodeCount)
                throw StoreError(store.path() + ": job " + job.id + " uses node "
                                 + std::to_string(first < 0 ? first : std::max<std::int64_t>(first, nodeCount))
                                 + ", but machine '" + record.name + "' has " + std::to_string(nodeCount) + " nodes");
        });
    }
    if (data.jobsWithoutNodes == 0)
        std::vector<int>().swap(data.nodeCounts);
    store.throwIfStopped(); // before the curves, the longest work left
    if (!data.jobs.empty()) {
        data.firstTime = data.jobs.front().start;
        data.lastTime = data.jobs.front().end;
        for (const Job& job : data.jobs) {
            data.firstTime = std::min(data.firstTime, job.start);
            data.lastTime = std::max(data.lastTime, job.end);
        }
        // The simulator gives a node to one job at a time, except in a run by cores; a log's
        // jobs that hold a node together are marked when imported (jobs.shares_nodes, read
        // with the jobs). No search for them, which takes 150-230 MB for 3 million: where
        // none is marked, each job counts its nodes; else only the marked jobs' are merged.
        const bool exclusive = runId ? data.jobHoldings.empty() : !data.labels.anySharesNodes();
        if (!runId && !exclusive) {
            data.busyNodes = std::make_shared<const StepSeries>(
                busyNodesOverTime(data.jobs, data.nodeCounts, data.labels.sharingMarks()));
        } else {
            const NodeHolding holding = exclusive ? NodeHolding::Exclusive : NodeHolding::MayShare;
            data.busyNodes = std::make_shared<const StepSeries>(busyNodesOverTime(data.jobs, data.nodeCounts, holding));
        }
        // The busiest moment by the jobs that say where they ran (the curve itself where
        // every job does); the first start when none does (busiestTime has no moment then).
        if (data.hasNoNodeLists())
            data.openingTime = data.firstTime;
        else
            data.openingTime = data.jobsWithoutNodes == 0 ? timeOfPeak(*data.busyNodes) : busiestTime(data.jobs);
    }
    return data;
}

int MachineData::coresOn(std::size_t index, int node) const
{
    if (index >= jobs.size())
        return -1;
    const Job& job = jobs[index];
    const auto at = std::find(job.nodes.begin(), job.nodes.end(), node);
    if (at == job.nodes.end())
        return 0;
    if (index < jobHoldings.size()) {
        const IntView perNode = jobHoldings[index].nodeCores();
        if (perNode.size() == job.nodes.size())
            return perNode[static_cast<std::size_t>(at - job.nodes.begin())];
    }
    return -1;
}

int MachineData::gpusOn(std::size_t index, int node) const
{
    if (index >= jobs.size())
        return -1;
    const Job& job = jobs[index];
    const auto at = std::find(job.nodes.begin(), job.nodes.end(), node);
    if (at == job.nodes.end())
        return 0;
    if (index < jobHoldings.size()) {
        const IntView perNode = jobHoldings[index].nodeGpus();
        if (perNode.size() == job.nodes.size())
            return perNode[static_cast<std::size_t>(at - job.nodes.begin())];
    }
    const int gpus = index < jobHoldings.size() ? jobHoldings[index].gpus : -1;
    return gpus == 0 || (gpus > 0 && job.nodes.size() == 1) ? gpus : -1;
}

} // namespace placement
