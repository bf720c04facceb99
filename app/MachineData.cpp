// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MachineData.h"

#include "core/MachineSpec.h"
#include "core/Occupancy.h"
#include "store/Runs.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

MachineData MachineData::load(Store& store, const MachineRecord& record, std::int64_t runId)
{
    MachineData data;
    data.record = record;
    try {
        data.topology = parseMachineSpec(record.spec);
    } catch (const std::invalid_argument& error) {
        throw StoreError(store.path() + ": machine '" + record.name + "': " + error.what());
    }
    data.layout = layoutNodes(*data.topology);
    data.analyzer = std::make_unique<PlacementAnalyzer>(*data.topology);
    data.runId = runId;
    data.jobs = runId ? runJobs(store, runId, &data.holdings) : store.jobs(record.id);
    data.labels = runId ? runJobLabels(store, runId) : jobLabels(store, record.id);
    if (data.labels.size() != data.jobs.size()) // the database changed between the two reads
        throw StoreError(store.path() + ": machine '" + record.name + "': the job list changed while it was read");
    data.nodeNames = store.nodeNames(record.id);
    const int nodeCount = data.topology->nodeCount();
    for (const Job& job : data.jobs) {
        for (int node : job.nodes) {
            if (node < 0 || node >= nodeCount)
                throw StoreError(store.path() + ": job " + job.id + " uses node " + std::to_string(node)
                                 + ", but machine '" + record.name + "' has " + std::to_string(nodeCount) + " nodes");
        }
    }
    if (!data.jobs.empty()) {
        data.firstTime = data.jobs.front().start;
        data.lastTime = data.jobs.front().end;
        for (const Job& job : data.jobs) {
            data.firstTime = std::min(data.firstTime, job.start);
            data.lastTime = std::max(data.lastTime, job.end);
        }
        // The busiest moment; the first start when no job says where it ran (busiestTime
        // has no moment then).
        const bool placed
            = std::any_of(data.jobs.begin(), data.jobs.end(), [](const Job& job) { return !job.nodes.empty(); });
        data.openingTime = placed ? busiestTime(data.jobs) : data.firstTime;
    }
    return data;
}

} // namespace placement
