// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/BoxStatistics.h"
#include "core/Job.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

class PlacementAnalyzer;

/// The per-run numbers behind the charts after Pollard SC'18 §V: APH by job size (Fig. 7),
/// the distribution of utilization per minute (Fig. 8) and wait time by job size (Fig. 10).
/// Jobs are binned by the nodes they ran on; a job without nodes (a log without node lists)
/// counts in the waits and the utilization with its logged size when one is given, and is
/// left out of the APH chart.
struct RunChartData
{
    std::vector<int> binStarts; ///< the smallest node count of each size bin, ascending, the first 1
    /// Fig. 7: APH (switch-to-switch links) of the jobs of each bin, jobs of 2 nodes or more
    /// only: a 1-node job has no pairs (docs/reference.md §2), so the first bin starts at 2 nodes here.
    std::vector<BoxSummary> aphByBin;
    /// The smallest APH a job of the bin's median size (lower median, jobs of 2 nodes or more)
    /// can have on the empty machine: Fig. 7's "ideal" line, one point per bin. One size per
    /// bin, not each job's: on a large torus the minimum takes up to a second per size.
    std::vector<double> minimumAphByBin;
    std::vector<int> medianSizeByBin; ///< that size; 0 for a bin without such jobs
    /// Fig. 8: utilization per minute (allocated nodes / machine nodes, Pollard eq. 2) from
    /// the first submission to the last completion, one value per minute.
    BoxSummary utilization;
    /// Fig. 10: mean wait (start - submit, seconds) of the jobs of each bin, then one more
    /// entry for all jobs (Pollard's last cluster, "the overall wait times").
    std::vector<double> meanWaitByBin;
    std::vector<int> jobsByBin; ///< jobs of each bin, then all jobs
    int jobsWithoutNodes = 0; ///< jobs without a node list: not in the APH chart
    int jobsWithoutSize = 0; ///< of those, jobs without a size either: in no chart
    int minutes = 0;
};

/// Computes the chart numbers of one run of `jobs` on the machine `analyzer` measures: one
/// pass over the jobs and their nodes, one over the minutes, sorting per box. `nodeCounts`,
/// when not empty, holds one size per job, used for the jobs without nodes (the logged run
/// of a log without node lists, store/LoggedRun.h; 0: unknown). Throws std::invalid_argument
/// for bins that do not start at 1 and ascend, or a job on a node outside the machine or
/// listed twice.
RunChartData computeRunChartData(const std::vector<Job>& jobs, PlacementAnalyzer& analyzer,
                                 const std::vector<int>& binStarts, const std::vector<int>& nodeCounts = {});

/// Which bin a job of `nodes` nodes falls in (binStarts ascending, the first 1).
int sizeBinOf(const std::vector<int>& binStarts, int nodes);

/// "1–4", "5–16", "257+": the label of bin `bin`; `firstFrom` replaces the first bin's lower
/// end (2 for APH, which 1-node jobs do not have).
std::string sizeBinLabel(const std::vector<int>& binStarts, int bin, int firstFrom = 1);

/// Allocated nodes / machine nodes averaged over each minute [t0 + 60 i, t0 + 60 (i + 1))
/// from the first submission to the last completion of the jobs that ran on nodes (Pollard
/// eq. 2; a node that several jobs hold at once counts once, core/NodeSharing.h); the last
/// minute may be shorter. The logged or stored counterpart of
/// utilizationPerMinute() in core/SystemMetrics.h, which works on a simulation's result.
/// `nodeCounts` as for computeRunChartData(): the sizes of jobs without nodes.
std::vector<float> utilizationPerMinute(int machineNodes, const std::vector<Job>& jobs, std::int64_t* t0 = nullptr,
                                        const std::vector<int>& nodeCounts = {});

} // namespace placement
