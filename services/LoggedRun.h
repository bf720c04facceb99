// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreHoldings.h"
#include "core/Job.h"
#include "store/Runs.h"

#include <vector>

namespace placement {

struct MachineRecord;
class Store;

/// The logged run of a machine, measured from its stored jobs (store/LoggedRun.h,
/// core/LoggedRun.h summarizeLoggedRun()), as a RunRecord beside the stored ones: id 0, name
/// "logged", parameters and summary as JSON with the keys of a simulated run's.
/// `cpusPerNode` 0: loggedCpusPerNode(). Throws StoreError.
RunRecord loggedRun(Store& store, const MachineRecord& machine, int cpusPerNode = 0);
/// The same from a schedule read already (the explorer's loaded machine: no second read).
/// `cores` (each job's cores in all, -1 unknown: one per job, or none) and `resources` give
/// its utilization by cores.
RunRecord loggedRun(const MachineRecord& machine, int machineNodes, const std::vector<Job>& jobs,
                    const std::vector<int>& nodeCounts, int cpusPerNode, const std::vector<int>& cores = {},
                    const NodeResources& resources = {});

} // namespace placement
