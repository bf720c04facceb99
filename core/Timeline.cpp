// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Timeline.h"

#include "core/NodeSharing.h"

#include <algorithm>
#include <map>

namespace placement {
namespace {

using Changes = std::vector<std::pair<std::int64_t, int>>;

/// The running sum of `rises` and `falls` (each a list of (time, change)), one step per
/// distinct time. Only the sum at each time counts, so each list is sorted by time alone,
/// and not at all when it already is (the starts of a run's jobs, which come by start):
/// the two are then walked together.
StepSeries accumulate(Changes rises, Changes falls)
{
    const auto byTime = [](const std::pair<std::int64_t, int>& a, const std::pair<std::int64_t, int>& b) {
        return a.first < b.first;
    };
    for (Changes* changes : {&rises, &falls})
        if (!std::is_sorted(changes->begin(), changes->end(), byTime))
            std::sort(changes->begin(), changes->end(), byTime);
    // Visits every change in time order: the rise first where both lists hold the same time.
    const auto walk = [&](auto&& visit) {
        size_t r = 0, f = 0;
        while (r < rises.size() || f < falls.size()) {
            const bool rise = f == falls.size() || (r < rises.size() && rises[r].first <= falls[f].first);
            visit(rise ? rises[r++] : falls[f++]);
        }
    };
    size_t steps = 0; // sized once: growing by doubling held up to twice the steps at its peak
    std::int64_t last = 0;
    walk([&](const std::pair<std::int64_t, int>& change) {
        steps += steps == 0 || change.first != last ? 1 : 0;
        last = change.first;
    });
    StepSeries series;
    series.times.reserve(steps);
    series.values.reserve(steps);
    int value = 0;
    walk([&](const std::pair<std::int64_t, int>& change) {
        value += change.second;
        if (!series.times.empty() && series.times.back() == change.first)
            series.values.back() = value;
        else {
            series.times.push_back(change.first);
            series.values.push_back(value);
        }
    });
    return series;
}

} // namespace

int StepSeries::valueAt(std::int64_t time) const
{
    const auto after = std::upper_bound(times.begin(), times.end(), time);
    return after == times.begin() ? 0 : values[static_cast<size_t>(after - times.begin() - 1)];
}

std::int64_t StepEnvelope::bucketStart(size_t bucket) const
{
    // Exact integer split of the span: the buckets differ in width by a second at most.
    const auto count = static_cast<std::int64_t>(bucketCount());
    return count == 0 ? first : first + (last - first) * static_cast<std::int64_t>(bucket) / count;
}

size_t StepEnvelope::bucketOf(std::int64_t time) const
{
    const auto count = static_cast<std::int64_t>(bucketCount());
    if (count == 0 || last <= first)
        return 0;
    // The estimate from the widths is off by one at most where a width rounds down.
    auto bucket = std::clamp<std::int64_t>((time - first) * count / (last - first), 0, count - 1);
    while (bucket > 0 && bucketStart(static_cast<size_t>(bucket)) > time)
        --bucket;
    while (bucket + 1 < count && bucketStart(static_cast<size_t>(bucket + 1)) <= time)
        ++bucket;
    return static_cast<size_t>(bucket);
}

StepEnvelope stepEnvelope(const StepSeries& series, std::int64_t first, std::int64_t last, int buckets)
{
    StepEnvelope envelope;
    envelope.first = first;
    envelope.last = std::max(first, last);
    const auto count = static_cast<size_t>(std::clamp<std::int64_t>(buckets, 0, envelope.last - first));
    envelope.startValues.resize(count);
    envelope.minValues.resize(count);
    envelope.maxValues.resize(count);
    size_t i = 0; // the first step after the current time
    int value = 0; // before the first step
    for (size_t bucket = 0; bucket < count; ++bucket) {
        const std::int64_t from = envelope.bucketStart(bucket), to = envelope.bucketStart(bucket + 1);
        for (; i < series.times.size() && series.times[i] <= from; ++i)
            value = series.values[i];
        envelope.startValues[bucket] = value;
        int low = value, high = value;
        for (; i < series.times.size() && series.times[i] < to; ++i) {
            value = series.values[i];
            low = std::min(low, value);
            high = std::max(high, value);
        }
        envelope.minValues[bucket] = low;
        envelope.maxValues[bucket] = high;
    }
    return envelope;
}

StepSeries busyNodesOverTime(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts, NodeHolding holding)
{
    Changes starts, ends;
    const auto add = [&](std::int64_t start, std::int64_t end, int nodes) {
        starts.emplace_back(start, nodes);
        ends.emplace_back(end, -nodes);
    };
    if (holding == NodeHolding::Exclusive) {
        starts.reserve(jobs.size());
        ends.reserve(jobs.size());
        for (size_t index = 0; index < jobs.size(); ++index) {
            const int size = jobSize(jobs, nodeCounts, index);
            if (jobs[index].end > jobs[index].start && size > 0)
                add(jobs[index].start, jobs[index].end, size);
        }
    } else {
        const std::vector<BusySpan> spans = distinctBusySpans(jobs, nodeCounts); // gone before the sort
        starts.reserve(spans.size());
        ends.reserve(spans.size());
        for (const BusySpan& span : spans)
            add(span.start, span.end, span.nodes);
    }
    return accumulate(std::move(starts), std::move(ends));
}

std::int64_t timeOfPeak(const StepSeries& series)
{
    const auto busiest = std::max_element(series.values.begin(), series.values.end()); // the first of equals
    return busiest == series.values.end() ? 0 : series.times[static_cast<size_t>(busiest - series.values.begin())];
}

StepSeries queuedJobsOverTime(const std::vector<Job>& jobs)
{
    Changes submits, starts;
    submits.reserve(jobs.size());
    starts.reserve(jobs.size());
    for (const Job& job : jobs) {
        if (job.start <= job.submit)
            continue;
        submits.emplace_back(job.submit, 1);
        starts.emplace_back(job.start, -1);
    }
    return accumulate(std::move(submits), std::move(starts));
}

void appendGanttBars(const Job& job, int jobIndex, std::vector<GanttBar>& bars, std::vector<int>& scratch)
{
    // Runs in ascending order, apart (how nodes are listed): one bar each, as they are.
    const std::size_t before = bars.size();
    bool apart = true;
    job.nodes.forEachRun([&](int first, std::size_t length) {
        apart
            = apart && (bars.size() == before || static_cast<std::int64_t>(first) > std::int64_t(bars.back().last) + 1);
        bars.push_back({jobIndex, first, first + static_cast<int>(length) - 1, job.start, job.end});
    });
    if (apart)
        return;
    bars.resize(before);
    scratch.assign(job.nodes.begin(), job.nodes.end()); // stored ascending; sorted otherwise
    if (!std::is_sorted(scratch.begin(), scratch.end()))
        std::sort(scratch.begin(), scratch.end());
    const std::vector<int>& nodes = scratch;
    for (size_t i = 0; i < nodes.size();) {
        size_t j = i;
        while (j + 1 < nodes.size() && nodes[j + 1] <= nodes[j] + 1)
            ++j;
        bars.push_back({jobIndex, nodes[i], nodes[j], job.start, job.end});
        i = j + 1;
    }
}

std::vector<GanttBar> ganttBars(const std::vector<Job>& jobs)
{
    std::vector<GanttBar> bars;
    std::vector<int> scratch;
    for (size_t index = 0; index < jobs.size(); ++index)
        appendGanttBars(jobs[index], static_cast<int>(index), bars, scratch);
    return bars;
}

} // namespace placement
