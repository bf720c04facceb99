#include "core/Timeline.h"

#include <algorithm>
#include <map>

namespace placement {
namespace {

/// Sums +delta at `from` and -delta at `to` for every interval, in time order.
StepSeries accumulate(std::vector<std::pair<std::int64_t, int>> changes)
{
    std::sort(changes.begin(), changes.end());
    StepSeries series;
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

StepSeries busyNodesOverTime(const std::vector<Job>& jobs)
{
    std::vector<std::pair<std::int64_t, int>> changes;
    changes.reserve(2 * jobs.size());
    for (const Job& job : jobs) {
        if (job.end <= job.start || job.nodes.empty())
            continue;
        const int nodes = static_cast<int>(job.nodes.size());
        changes.emplace_back(job.start, nodes);
        changes.emplace_back(job.end, -nodes);
    }
    return accumulate(std::move(changes));
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
