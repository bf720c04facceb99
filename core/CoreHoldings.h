// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/NodeCounts.h"
#include "core/Timeline.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace placement {

/// What a machine's nodes offer (schema version 9, nodes.cores and nodes.gpus): per node id,
/// its CPUs (cores) and GPUs; -1 where no description said. Empty vectors: not known at all.
struct NodeResources
{
    std::vector<int> cores, gpus;

    /// The machine's cores (or GPUs): the sum over its nodes, or -1 when a node's count is
    /// unknown.
    std::int64_t totalCores() const;
    std::int64_t totalGpus() const;
};

/// What one job held besides its nodes: the CPUs (cores) in all and per node, and its GPUs.
struct JobHolding
{
    int cores = -1; ///< in all (jobs.allocated_cpus); -1 unknown
    int gpus = -1; ///< in all; -1 unknown
    /// Per node of Job::nodes, same order: the cores (jobs.node_cores; a one-node job's
    /// total), empty when the log does not say per node; and the GPUs, empty when not known
    /// per node (a replay by cores knows them, a log gives the total only). 16 bytes a job in
    /// all, not 24 or 64: millions of them are held at once.
    NodeCounts perNode;

    IntView nodeCores() const { return perNode.cores(); }
    IntView nodeGpus() const { return perNode.gpus(); }
    void setNodeCores(const IntView& counts) { perNode.setCores(counts); }
    void setNodeGpus(const IntView& counts) { perNode.setGpus(counts); }
};

/// What the jobs running at one instant hold. "Running" is Job::runsAt: start <= t < end.
struct HeldAt
{
    int jobs = 0; ///< jobs running
    int busyNodes = 0; ///< distinct nodes at least one of them holds
    std::int64_t cores = 0; ///< cores they hold (the jobs whose count is known)
    int jobsWithoutCores = 0; ///< running jobs whose core count is unknown (not in `cores`)
    std::int64_t gpus = 0; ///< GPUs they hold (the jobs whose count is known)
    int jobsWithGpus = 0; ///< running jobs whose GPU count is known
    /// Nodes on which the jobs hold more cores than the node has (a log that contradicts the
    /// machine's description); 0 for a consistent log.
    int overfullNodes = 0;
};

/// Counts what `jobs` (with `holdings`, one per job, may be empty) hold at `time` on a
/// machine of `nodeCount` nodes offering `resources`.
HeldAt heldAt(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, int nodeCount,
              const NodeResources& resources, std::int64_t time);

/// Per node: the cores the jobs running at `time` hold on it (jobs whose per-node count is
/// unknown count as the node's whole cores, or 1 when those are unknown too).
std::vector<int> coresHeldPerNode(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, int nodeCount,
                                  const NodeResources& resources, std::int64_t time);

/// The instant the jobs hold the most cores (of the jobs whose core count is known), the
/// earliest such; {0, 0} without such jobs. One sweep over the starts and ends.
struct CorePeak
{
    std::int64_t time = 0;
    std::int64_t cores = 0;
};
CorePeak peakCores(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings);

/// Cores held by running jobs over time (the jobs whose core count is known).
StepSeries coresHeldOverTime(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings);

/// Utilization by cores over a whole schedule, as a replay by cores measures it
/// (summarizeCoreRun): the core-seconds the jobs held / (the machine's cores x the span from
/// the first submission to the last end). Nothing when the machine's cores are unknown, or a
/// job that held nodes for some time has no known core count (the share would be too low).
/// `cores`: each job's cores in all (JobHolding::cores, -1 unknown), one per job.
std::optional<double> coreUtilizationOverMakespan(const std::vector<Job>& jobs, const std::vector<int>& cores,
                                                  const NodeResources& resources);
/// The same for jobs given one at a time: `jobs(visit)` calls visit(job, cores) for each job,
/// its cores in all as above (a pass over millions of jobs holds none of them).
std::optional<double>
coreUtilizationOverMakespan(const std::function<void(const std::function<void(const Job&, int cores)>&)>& jobs,
                            const NodeResources& resources);
/// Each holding's cores in all (JobHolding::cores), in order.
std::vector<int> coresInAll(const std::vector<JobHolding>& holdings);

/// Utilization by cores: cores held / machine's cores, in [0, 1] for a consistent log; -1
/// when the machine's cores are unknown.
double coreUtilization(const HeldAt& held, const NodeResources& resources);
/// Utilization by GPUs: GPUs held / machine's GPUs; -1 when the machine has no known GPUs.
double gpuUtilization(const HeldAt& held, const NodeResources& resources);

/// Where each job sits among the cores of its nodes, for drawing core occupancy (the Gantt
/// chart): on every node, jobs in start order take the lowest-numbered cores free at their
/// start, as many as they hold there, and give them back at their end. A job's cores on a
/// node are its per-node count (JobHolding::nodeCores), or its total on a one-node job;
/// otherwise, or on a node whose cores are unknown, it has no slots there (drawn as the whole
/// node). A log that holds more cores than a node has gives the job the free ones only.
class CoreSlots
{
public:
    CoreSlots() = default;
    CoreSlots(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, const NodeResources& resources);

    struct Run
    {
        int first = 0; ///< the lowest core
        int count = 0;
    };
    /// The runs of cores job `job` holds on its `entry`-th node (Job::nodes[entry]); empty:
    /// not known.
    std::span<const Run> runs(size_t job, size_t entry) const;
    bool empty() const { return m_runs.empty(); }

private:
    std::vector<std::uint32_t> m_jobEntry; ///< per job: its first entry; jobs + 1
    std::vector<std::uint32_t> m_entryRun; ///< per entry: its first run; entries + 1
    std::vector<Run> m_runs;
};

} // namespace placement
