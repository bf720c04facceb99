// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace placement {

/// Mean and tail of one per-job quantity.
struct Distribution
{
    int count = 0;
    double mean = 0;
    double median = 0;
    double p99 = 0; ///< nearest rank
    double max = 0;
};

Distribution describeDistribution(std::vector<double> values);

/// Wait, turnaround and bounded slowdown of the jobs of one size bin.
struct SizeBinMetrics
{
    int minNodes = 1;
    int maxNodes = 0; ///< 0: no upper end
    Distribution wait, turnaround, boundedSlowdown;
};

/// The system metrics of one run (docs/reference.md §5).
struct SystemMetrics
{
    int machineNodes = 0;
    int jobs = 0; ///< jobs that ran
    int neverFit = 0; ///< jobs larger than the machine, skipped
    std::int64_t firstSubmit = 0, lastEnd = 0;
    std::int64_t makespan = 0; ///< first submission to last completion
    /// The steady state: from the first moment a job waits in the queue to the last moment
    /// one does (the latest start of a job that waited). Outside it the machine fills up or
    /// drains and utilization says nothing about the policy. Without waiting jobs there is
    /// no steady state: the whole makespan is used and `steadyStateFound` is false.
    std::int64_t steadyFrom = 0, steadyTo = 0;
    bool steadyStateFound = false;
    double steadyUtilization = 0; ///< sum N_j t_j over the steady state / (N_system * its length)
    double makespanUtilization = 0; ///< the same over the whole makespan
    /// Internal fragmentation (LaaS's whole leaves): node-seconds of nodes allocated to jobs
    /// but unused (SimulatedJob::held() beyond its nodes) / (N_system * length), over the
    /// steady state. Utilization plus this is the share of the machine allocated.
    double steadyIdleAllocated = 0;
    Distribution wait, turnaround, boundedSlowdown; ///< seconds; slowdown bound 10 s
    Distribution schedulingMicroseconds;
    std::vector<SizeBinMetrics> bins;
};

/// One job of a run as the system metrics see it: from a simulation's result, or from the
/// times and size a log gives (the logged run).
struct RunJobTiming
{
    std::int64_t submit = 0;
    std::int64_t start = -1; ///< -1: it did not run (larger than the machine)
    std::int64_t end = -1;
    int nodes = 0; ///< the nodes it ran on
    int heldNodes = 0; ///< every node held for it: more than `nodes` under LaaS's whole leaves
    double schedulingMicroseconds = 0;
};

/// Pollard Fig. 10's job-size bins: 1-4, 5-16, 17-64, 65-256, 257+ nodes (lower ends).
std::vector<int> defaultSizeBins();

/// Computes the metrics of a run of `jobs` on a machine of `machineNodes` nodes: every
/// simulated and logged run is measured by this one definition (docs/simulation.md, "System
/// metrics"). `binStarts` are the smallest node count of each bin, ascending, the first 1.
SystemMetrics computeSystemMetrics(int machineNodes, const std::vector<RunJobTiming>& jobs,
                                   const std::vector<int>& binStarts = defaultSizeBins());

/// A run's jobs one at a time: calls its argument once per job, in the same order each time
/// it is called (computeSystemMetrics() calls it several times). Measures millions of jobs
/// without a vector of their timings.
using RunJobTimings = std::function<void(const std::function<void(const RunJobTiming&)>&)>;

/// The same as the above, for jobs given one at a time; it holds one value per job at a time
/// (8 bytes), to sort for each distribution in turn.
SystemMetrics computeSystemMetrics(int machineNodes, const RunJobTimings& jobs,
                                   const std::vector<int>& binStarts = defaultSizeBins());

/// The metrics of a simulation's result: its jobs as RunJobTiming, and the jobs that never fit.
SystemMetrics computeSystemMetrics(int machineNodes, const std::vector<SimulationJob>& jobs,
                                   const SimulationResult& result,
                                   const std::vector<int>& binStarts = defaultSizeBins());

/// Allocated nodes / machine nodes averaged over each minute [t0 + 60 i, t0 + 60 (i + 1))
/// from the first submission to the last completion (Pollard eq. 2); the last minute may be
/// shorter.
std::vector<float> utilizationPerMinute(int machineNodes, const std::vector<SimulationJob>& jobs,
                                        const SimulationResult& result, std::int64_t* t0 = nullptr);

} // namespace placement
