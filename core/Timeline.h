// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

/// A quantity that changes only at given times: values[i] holds from times[i] until
/// times[i + 1] (the last until forever); zero before times[0]. Times ascending, unique.
struct StepSeries
{
    std::vector<std::int64_t> times;
    std::vector<int> values;

    int valueAt(std::int64_t time) const;
};

/// A StepSeries reduced to equal time buckets over [first, last), for drawing: in each
/// bucket the value at its start and the least and greatest value it takes, so a change
/// shorter than a bucket still shows. Bucket i spans [bucketStart(i), bucketStart(i + 1)).
struct StepEnvelope
{
    std::int64_t first = 0;
    std::int64_t last = 0;
    std::vector<int> startValues;
    std::vector<int> minValues;
    std::vector<int> maxValues;

    size_t bucketCount() const { return startValues.size(); }
    std::int64_t bucketStart(size_t bucket) const;
    /// The bucket holding `time`, which must lie in [first, last).
    size_t bucketOf(std::int64_t time) const;
};

/// The envelope of `series` over [first, last) in `buckets` buckets (fewer when the span is
/// shorter than that many seconds, so that no bucket is empty); none when last <= first.
/// One pass over the series: O(steps + buckets).
StepEnvelope stepEnvelope(const StepSeries& series, std::int64_t first, std::int64_t last, int buckets);

/// Nodes held by running jobs over time (a job holds its nodes on [start, end)), each busy
/// node counted once however many jobs share it (core/NodeSharing.h); a job without nodes
/// counts with its size in `nodeCounts` (a log without node lists).
/// `holding` Exclusive: the caller knows no two jobs hold a node at the same time (a run the
/// simulator placed by whole nodes), and the search for shared nodes is skipped.
enum class NodeHolding { MayShare, Exclusive };
StepSeries busyNodesOverTime(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts = {},
                             NodeHolding holding = NodeHolding::MayShare);
/// The first time at which `series` takes its greatest value; 0 for an empty series. Of
/// busyNodesOverTime(), the busiest moment (core/Occupancy.h busiestTime()).
std::int64_t timeOfPeak(const StepSeries& series);
/// Jobs waiting over time: submitted, not yet started (on [submit, start)).
StepSeries queuedJobsOverTime(const std::vector<Job>& jobs);

/// One bar of a Gantt chart of node index over time: nodes first .. last (consecutive in
/// node order) held by job `job` from start to end.
struct GanttBar
{
    int job = 0;
    int first = 0;
    int last = 0;
    std::int64_t start = 0;
    std::int64_t end = 0;
};

/// The bars of every job: one per run of consecutive node indices among its nodes.
std::vector<GanttBar> ganttBars(const std::vector<Job>& jobs);
/// The bars of one job (index `jobIndex`), appended to `bars`; `scratch` is reused.
void appendGanttBars(const Job& job, int jobIndex, std::vector<GanttBar>& bars, std::vector<int>& scratch);

} // namespace placement
