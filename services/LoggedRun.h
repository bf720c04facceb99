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
///
/// How it reads the jobs: every job at once (for 3 million jobs about 2 s and 300 MB), or in
/// passes over the table holding none of them (a few MB, about 4 times as long: the
/// explorer, beside the run it shows). Where no job is marked as sharing a node
/// (jobs.shares_nodes) the numbers are the same to the bit (core/LoggedRun.h
/// summarizeUnlistedLoggedRun()); where some are, their nodes count once, read by start in
/// one more pass over the marked jobs alone (countSharedNodesOnce()): the same numbers but
/// for the last bits of the utilizations, summed in another order.
enum class LoggedReading { AllAtOnce, InPasses };
RunRecord loggedRun(Store& store, const MachineRecord& machine, int cpusPerNode = 0,
                    LoggedReading reading = LoggedReading::AllAtOnce);
/// The same from a schedule read already (the explorer's loaded machine: no second read).
/// `cores` (each job's cores in all, -1 unknown: one per job, or none) and `resources` give
/// its utilization by cores.
RunRecord loggedRun(const MachineRecord& machine, int machineNodes, const std::vector<Job>& jobs,
                    const std::vector<int>& nodeCounts, int cpusPerNode, const std::vector<int>& cores = {},
                    const NodeResources& resources = {});

} // namespace placement
