// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/SystemMetrics.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace placement {

/// The logged schedule of a machine as a run beside the simulated ones: the system metrics
/// of the times and sizes the log gives, whether or not it names the nodes each job ran on.
struct LoggedRunSummary
{
    std::string machine;
    int cpusPerNode = 1; ///< divides the processor counts of jobs sized in processors only (SWF)
    std::vector<int> sizeBins = defaultSizeBins();
    SystemMetrics metrics;
    std::int64_t jobsWithNodeLists = 0; ///< jobs whose log names their nodes
    /// Left out of every logged metric: the log gives no start, so neither their wait nor
    /// when they held their nodes is known.
    std::int64_t jobsWithoutStart = 0;
    std::int64_t jobsWithoutSize = 0; ///< left out: the log gives neither nodes nor processors
    /// Jobs holding a node another job holds at the same time. Where there are any,
    /// utilization counts each busy node once (the nodes busy, not the node-seconds of jobs),
    /// so that it stays the share of the machine in use.
    std::int64_t jobsSharingNodes = 0;
    /// Core-seconds held / (the machine's cores x first submission to last end), where the
    /// machine's cores and every job's are known (coreUtilizationOverMakespan()).
    std::optional<double> coreUtilization;
};

/// The logged run of `jobs` (jobs whose start the log gives) on a machine of `machineNodes`
/// nodes. `nodeCounts[i]` is the size of `jobs[i]`: the length of its node list, else the
/// size the log states (0 or less: unknown, left out and counted); `nodeCounts` may be empty
/// where every job names its nodes. Measured by
/// computeSystemMetrics(), the definition every simulated run is measured by, but for
/// utilization where jobs share nodes: node-seconds of busy nodes, each node counted once
/// however many jobs it holds (jobs without a node list count their size).
LoggedRunSummary summarizeLoggedRun(int machineNodes, const std::vector<Job>& jobs, const std::vector<int>& nodeCounts,
                                    const std::vector<int>& binStarts = defaultSizeBins());

/// summarizeLoggedRun() of a log none of whose jobs names its nodes (so none shares one),
/// for jobs given one at a time: `jobs` calls its argument with each job (RunJobTiming with
/// `nodes` and `heldNodes` its size, 0 or less unknown), in any order, the same order each
/// time. Gives what summarizeLoggedRun() gives, to the bit: its sums are of whole numbers.
/// Holds one number per job at a time, for a log of millions of jobs.
LoggedRunSummary summarizeUnlistedLoggedRun(int machineNodes, const RunJobTimings& jobs,
                                            const std::vector<int>& binStarts = defaultSizeBins());

/// Jobs given one at a time, in start order: calls its argument with each.
using JobsByStart = std::function<void(const std::function<void(const Job&)>&)>;

/// Where some of a log's jobs share nodes, utilization counting each busy node once, as
/// summarizeLoggedRun() does, for a summary measured in passes (summarizeUnlistedLoggedRun(),
/// each job counting its own nodes): `sharing` gives, in start order with their nodes, the
/// jobs that may share a node (a superset of those that do, such as the marks an import
/// stores; every other job holds its nodes alone). Sets jobsSharingNodes. Holds a few bytes
/// per job given, and one span per node of the machine.
void countSharedNodesOnce(LoggedRunSummary& summary, int machineNodes, const JobsByStart& sharing);

/// The parameters of the logged run as JSON, the counterpart of simulationParametersJson():
/// policy "logged", the processors per node and the size bins.
std::string loggedRunParametersJson(const LoggedRunSummary& summary);

/// The summary of the logged run as JSON, with the system metrics under the keys of a
/// simulated run's summary (writeSystemMetricsJson()), run_id 0 and run_name "logged", and
/// the jobs left out (jobs_without_start, jobs_without_size) and the jobs sharing nodes
/// (jobs_sharing_nodes), and utilization_cores where known. Its mean APH is null.
std::string loggedRunSummaryJson(const LoggedRunSummary& summary);

} // namespace placement
