// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace placement {

/// A quantity that changes only at given times: value(i) holds from time(i) until
/// time(i + 1) (the last until forever); zero before time(0). Times ascending, unique.
///
/// A year of a centre's jobs makes millions of steps: times are kept as seconds after the
/// first in 32 bits, values in 16 bits while they lie in [0, 65535] (6 bytes a step, not
/// 12); wider only for a series spanning more than 136 years, or values beyond that range.
class StepSeries
{
public:
    StepSeries() = default;
    /// The steps (time, value) given; times ascending and unique (else std::invalid_argument).
    StepSeries(const std::vector<std::int64_t>& times, const std::vector<int>& values);

    std::size_t size() const { return m_wideTimes ? m_wide.size() : m_offsets.size(); }
    bool empty() const { return size() == 0; }
    std::int64_t time(std::size_t step) const { return m_wideTimes ? m_wide[step] : m_origin + m_offsets[step]; }
    int value(std::size_t step) const { return m_wideValues ? m_values[step] : m_narrowValues[step]; }
    std::vector<int> values() const;
    /// The greatest value; 0 for an empty series.
    int maxValue() const;
    std::vector<std::int64_t> times() const;
    /// The first step later than `time` (size() when none).
    std::size_t stepAfter(std::int64_t time) const;
    int valueAt(std::int64_t time) const;

    void reserve(std::size_t steps);
    /// Adds a step at `time`, later than every step so far, or sets the value of the last
    /// step when at its time; an earlier time throws std::invalid_argument.
    void append(std::int64_t time, int value);
    bool operator==(const StepSeries& other) const;

private:
    std::int64_t m_origin = 0; ///< the first step's time
    std::vector<std::uint32_t> m_offsets; ///< seconds after m_origin, per step
    std::vector<std::int64_t> m_wide; ///< instead of m_offsets: a series of over 2^32 seconds
    std::vector<std::uint16_t> m_narrowValues; ///< per step, while every value fits
    std::vector<int> m_values; ///< instead of m_narrowValues: a value beyond [0, 65535]
    bool m_wideTimes = false;
    bool m_wideValues = false;
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
/// The same where `mayShare` (one mark per job) marks every job that may hold a node another
/// holds at the same time (a superset of jobsSharingNodes(), such as the marks an import
/// stores, jobs.shares_nodes): only the marked jobs' nodes are merged, and the search for
/// shared nodes is skipped (for 3 million jobs, 230 MB less at the peak).
StepSeries busyNodesOverTime(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts,
                             const std::vector<char>& mayShare);
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
