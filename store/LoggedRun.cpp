// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/LoggedRun.h"

#include "store/Runs.h"
#include "store/Store.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

LoggedSchedule loadLoggedSchedule(Store& store, std::int64_t machineId, int cpusPerNode)
{
    if (cpusPerNode < 1)
        throw std::invalid_argument("processors per node must be at least 1");
    LoggedSchedule schedule;
    schedule.cpusPerNode = cpusPerNode;
    schedule.jobs = store.jobs(machineId);
    SqliteStatement sizes(store.database(),
                          Store::selectLoggedJobs("requested_nodes, node_count, requested_cpus, allocated_cpus"));
    sizes.bind(1, machineId);
    schedule.nodeCounts.reserve(schedule.jobs.size());
    while (sizes.step()) {
        const size_t index = schedule.nodeCounts.size();
        const bool listed = index < schedule.jobs.size() && !schedule.jobs[index].nodes.empty();
        const std::int64_t nodes = listed ? static_cast<std::int64_t>(schedule.jobs[index].nodes.size())
                                          : storedJobSize(sizes, 0, cpusPerNode);
        schedule.nodeCounts.push_back(static_cast<int>(std::clamp<std::int64_t>(nodes, 0, 1 << 30)));
    }
    if (schedule.nodeCounts.size() != schedule.jobs.size()) // the database changed between the two reads
        throw StoreError(store.path() + ": the job list changed while it was read");
    return schedule;
}

int loggedCpusPerNode(Store& store, std::int64_t machineId)
{
    SqliteStatement latest(store.database(),
                           "SELECT json_extract(parameters, '$.cpus_per_node') FROM runs WHERE machine_id = ?1 "
                           "AND json_valid(parameters) ORDER BY id DESC LIMIT 1");
    latest.bind(1, machineId);
    if (!latest.step() || latest.isNull(0))
        return 1;
    return static_cast<int>(std::clamp<std::int64_t>(latest.integer(0), 1, 1 << 20));
}

} // namespace placement
