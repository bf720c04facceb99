// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

class Store;

/// A machine's logged jobs with the size of each: what the logged run is measured on,
/// whether or not the log names the nodes.
struct LoggedSchedule
{
    std::vector<Job> jobs; ///< Store::jobs(): the jobs whose start the log gives, by submission
    /// Per job: its node list's length, else its size as the simulator reads it
    /// (storedJobSize()); 0 or less: unknown.
    std::vector<int> nodeCounts;
    int cpusPerNode = 1; ///< what processor counts were divided by
};

/// Reads the logged jobs of a machine with their sizes (store/LoggedJobs.h readLoggedJobs()),
/// and each one's cores in all into `cores` when given (Store::jobCores()). Throws StoreError.
LoggedSchedule loadLoggedSchedule(Store& store, std::int64_t machineId, int cpusPerNode,
                                  std::vector<int>* cores = nullptr);

/// The processors per node the logged run sizes processor-only jobs with: that of the
/// machine's latest stored run (so that the logged run and the runs beside it read the log
/// alike), 1 when it has none.
int loggedCpusPerNode(Store& store, std::int64_t machineId);

} // namespace placement
