// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/LoggedRun.h"
#include "store/Runs.h"

#include <cstdint>
#include <vector>

namespace placement {

struct MachineRecord;
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

/// Reads the logged jobs of a machine with their sizes. Throws StoreError.
LoggedSchedule loadLoggedSchedule(Store& store, std::int64_t machineId, int cpusPerNode);

/// The processors per node the logged run sizes processor-only jobs with: that of the
/// machine's latest stored run (so that the logged run and the runs beside it read the log
/// alike), 1 when it has none.
int loggedCpusPerNode(Store& store, std::int64_t machineId);

/// The logged run of a machine, measured from its stored jobs (summarizeLoggedRun()), as a
/// RunRecord beside the stored ones: id 0, name "logged", parameters and summary as JSON
/// with the keys of a simulated run's. `cpusPerNode` 0: loggedCpusPerNode().
RunRecord loggedRun(Store& store, const MachineRecord& machine, int cpusPerNode = 0);
/// The same from a schedule read already (the explorer's loaded machine: no second read).
RunRecord loggedRun(const MachineRecord& machine, int machineNodes, const std::vector<Job>& jobs,
                    const std::vector<int>& nodeCounts, int cpusPerNode);

} // namespace placement
