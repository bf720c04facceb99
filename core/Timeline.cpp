// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Timeline.h"

#include "core/NodeSharing.h"
#include "core/RunningSum.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace placement {
StepSeries::StepSeries(const std::vector<std::int64_t>& times, const std::vector<int>& values)
{
    if (times.size() != values.size())
        throw std::invalid_argument("a step series needs one value per time");
    reserve(times.size());
    for (size_t step = 0; step < times.size(); ++step) {
        if (step > 0 && times[step] <= times[step - 1])
            throw std::invalid_argument("a step series needs ascending, unique times");
        append(times[step], values[step]);
    }
}

std::vector<int> StepSeries::values() const
{
    std::vector<int> values(size());
    for (size_t step = 0; step < values.size(); ++step)
        values[step] = value(step);
    return values;
}

int StepSeries::maxValue() const
{
    int greatest = 0;
    for (size_t step = 0; step < size(); ++step)
        greatest = std::max(greatest, value(step));
    return empty() ? 0 : greatest;
}

std::vector<std::int64_t> StepSeries::times() const
{
    std::vector<std::int64_t> times(size());
    for (size_t step = 0; step < times.size(); ++step)
        times[step] = time(step);
    return times;
}

size_t StepSeries::stepAfter(std::int64_t time) const
{
    if (m_wideTimes)
        return static_cast<size_t>(std::upper_bound(m_wide.begin(), m_wide.end(), time) - m_wide.begin());
    if (empty() || time < m_origin)
        return 0;
    const auto after = static_cast<std::uint64_t>(time) - static_cast<std::uint64_t>(m_origin);
    if (after > UINT32_MAX)
        return size(); // beyond every offset
    return static_cast<size_t>(std::upper_bound(m_offsets.begin(), m_offsets.end(), static_cast<std::uint32_t>(after))
                               - m_offsets.begin());
}

void StepSeries::reserve(size_t steps)
{
    (m_wideTimes ? m_wide.reserve(steps) : m_offsets.reserve(steps));
    (m_wideValues ? m_values.reserve(steps) : m_narrowValues.reserve(steps));
}

void StepSeries::append(std::int64_t time, int value)
{
    if (empty()) {
        m_origin = time;
    } else {
        const std::int64_t last = this->time(size() - 1);
        if (time < last)
            throw std::invalid_argument("a step series grows by later times only");
        if (time == last) {
            if (!m_wideValues && (value < 0 || value > UINT16_MAX)) {
                m_values.assign(m_narrowValues.begin(), m_narrowValues.end());
                m_narrowValues = {};
                m_wideValues = true;
            }
            (m_wideValues ? m_values.back() = value : m_narrowValues.back() = static_cast<std::uint16_t>(value));
            return;
        }
    }
    const auto after = static_cast<std::uint64_t>(time) - static_cast<std::uint64_t>(m_origin);
    if (!m_wideTimes && after > UINT32_MAX) { // over 136 years: every time in 64 bits
        m_wide = times();
        m_offsets = {};
        m_wideTimes = true;
    }
    if (!m_wideValues && (value < 0 || value > UINT16_MAX)) { // every value in full from now on
        m_values.assign(m_narrowValues.begin(), m_narrowValues.end());
        m_narrowValues = {};
        m_wideValues = true;
    }
    (m_wideTimes ? m_wide.push_back(time) : m_offsets.push_back(static_cast<std::uint32_t>(after)));
    (m_wideValues ? m_values.push_back(value) : m_narrowValues.push_back(static_cast<std::uint16_t>(value)));
}

bool StepSeries::operator==(const StepSeries& other) const
{
    if (size() != other.size())
        return false;
    for (size_t step = 0; step < size(); ++step)
        if (time(step) != other.time(step) || value(step) != other.value(step))
            return false;
    return true;
}

int StepSeries::valueAt(std::int64_t time) const
{
    const size_t after = stepAfter(time);
    return after == 0 ? 0 : value(after - 1);
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
        for (; i < series.size() && series.time(i) <= from; ++i)
            value = series.value(i);
        envelope.startValues[bucket] = value;
        int low = value, high = value;
        for (; i < series.size() && series.time(i) < to; ++i) {
            value = series.value(i);
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
    // Jobs that share no node rise and fall by their sizes; the nodes of those that share
    // count once each at every instant (mergedNodeSpans()).
    if (holding == NodeHolding::MayShare) {
        const std::vector<char> sharing = jobsSharingNodes(jobs);
        if (std::find(sharing.begin(), sharing.end(), 1) != sharing.end())
            return busyNodesOverTime(jobs, nodeCounts, sharing);
    }
    return runningSum([&](const auto& visit) {
        for (size_t index = 0; index < jobs.size(); ++index) {
            const int size = jobSize(jobs, nodeCounts, index);
            if (jobs[index].end > jobs[index].start && size > 0) {
                visit(jobs[index].start, size);
                visit(jobs[index].end, -size);
            }
        }
    });
}

StepSeries busyNodesOverTime(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts,
                             const std::vector<char>& mayShare)
{
    const std::vector<BusySpan> merged = mergedNodeSpans(jobs, mayShare);
    return runningSum([&](const auto& visit) {
        for (size_t index = 0; index < jobs.size(); ++index) {
            const int size = jobSize(jobs, nodeCounts, index);
            if (!mayShare[index] && jobs[index].end > jobs[index].start && size > 0) {
                visit(jobs[index].start, size);
                visit(jobs[index].end, -size);
            }
        }
        for (const BusySpan& span : merged) {
            visit(span.start, span.nodes);
            visit(span.end, -span.nodes); // each falls by as much
        }
    });
}

std::int64_t timeOfPeak(const StepSeries& series)
{
    size_t busiest = 0; // the first of equals
    for (size_t step = 1; step < series.size(); ++step)
        if (series.value(step) > series.value(busiest))
            busiest = step;
    return series.empty() ? 0 : series.time(busiest);
}

StepSeries queuedJobsOverTime(const std::vector<Job>& jobs)
{
    return runningSum([&](const auto& visit) {
        for (const Job& job : jobs)
            if (job.start > job.submit) {
                visit(job.submit, 1);
                visit(job.start, -1);
            }
    });
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
