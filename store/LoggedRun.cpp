// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/LoggedRun.h"

#include "store/LoggedJobs.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

LoggedSchedule loadLoggedSchedule(Store& store, std::int64_t machineId, int cpusPerNode, std::vector<int>* cores)
{
    LoggedJobs read
        = readLoggedJobs(store, machineId, LoggedJobList | LoggedNodeCounts | (cores ? LoggedCores : 0u), cpusPerNode);
    if (cores)
        *cores = std::move(read.cores);
    return {std::move(read.jobs), std::move(read.nodeCounts), cpusPerNode};
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
