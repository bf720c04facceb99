// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Timeline.h"

#include "core/NodeSharing.h"

#include <algorithm>
#include <map>

namespace placement {
namespace {

/// Sums +delta at `from` and -delta at `to` for every interval, in time order.
StepSeries accumulate(std::vector<std::pair<std::int64_t, int>> changes)
{
    std::sort(changes.begin(), changes.end());
    StepSeries series;
    size_t steps = 0; // sized once: growing by doubling held up to twice the steps at its peak
    for (size_t i = 0; i < changes.size(); ++i)
        steps += i == 0 || changes[i].first != changes[i - 1].first ? 1 : 0;
    series.times.reserve(steps);
    series.values.reserve(steps);
    int value = 0;
    for (size_t i = 0; i < changes.size();) {
        const std::int64_t time = changes[i].first;
        for (; i < changes.size() && changes[i].first == time; ++i)
            value += changes[i].second;
        series.times.push_back(time);
        series.values.push_back(value);
    }
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
    std::vector<std::pair<std::int64_t, int>> changes;
    const auto add = [&changes](std::int64_t start, std::int64_t end, int nodes) {
        changes.emplace_back(start, nodes);
        changes.emplace_back(end, -nodes);
    };
    if (holding == NodeHolding::Exclusive) {
        changes.reserve(2 * jobs.size());
        for (size_t index = 0; index < jobs.size(); ++index) {
            const int size = jobSize(jobs, nodeCounts, index);
            if (jobs[index].end > jobs[index].start && size > 0)
                add(jobs[index].start, jobs[index].end, size);
        }
    } else {
        const std::vector<BusySpan> spans = distinctBusySpans(jobs, nodeCounts); // gone before the sort
        changes.reserve(2 * spans.size());
        for (const BusySpan& span : spans)
            add(span.start, span.end, span.nodes);
    }
    return accumulate(std::move(changes));
}

std::int64_t timeOfPeak(const StepSeries& series)
{
    const auto busiest = std::max_element(series.values.begin(), series.values.end()); // the first of equals
    return busiest == series.values.end() ? 0 : series.times[static_cast<size_t>(busiest - series.values.begin())];
}

StepSeries queuedJobsOverTime(const std::vector<Job>& jobs)
{
    std::vector<std::pair<std::int64_t, int>> changes;
    changes.reserve(2 * jobs.size());
    for (const Job& job : jobs) {
        if (job.start <= job.submit)
            continue;
        changes.emplace_back(job.submit, 1);
        changes.emplace_back(job.start, -1);
    }
    return accumulate(std::move(changes));
}

void appendGanttBars(const Job& job, int jobIndex, std::vector<GanttBar>& bars, std::vector<int>& scratch)
{
    const std::vector<int>* sorted = &job.nodes; // stored ascending; sort a copy otherwise
    if (!std::is_sorted(job.nodes.begin(), job.nodes.end())) {
        scratch = job.nodes;
        std::sort(scratch.begin(), scratch.end());
        sorted = &scratch;
    }
    const std::vector<int>& nodes = *sorted;
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
