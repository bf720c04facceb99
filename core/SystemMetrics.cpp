// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SystemMetrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace placement {

namespace {

constexpr double slowdownBound = 10; // seconds (docs/reference.md §5)

bool ran(const SimulatedJob& job)
{
    return !job.neverFits && job.start >= 0;
}

/// Node-seconds of [start, end) x nodes falling inside [from, to).
double nodeSecondsWithin(std::int64_t start, std::int64_t end, int nodes, std::int64_t from, std::int64_t to)
{
    const std::int64_t overlap = std::min(end, to) - std::max(start, from);
    return overlap > 0 ? static_cast<double>(overlap) * nodes : 0;
}

} // namespace

Distribution describeDistribution(std::vector<double> values)
{
    Distribution result;
    result.count = static_cast<int>(values.size());
    if (values.empty())
        return result;
    std::sort(values.begin(), values.end());
    result.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    result.median = values[(values.size() - 1) / 2];
    const size_t rank = static_cast<size_t>(std::ceil(0.99 * static_cast<double>(values.size())));
    result.p99 = values[std::max<size_t>(rank, 1) - 1];
    result.max = values.back();
    return result;
}

std::vector<int> defaultSizeBins()
{
    return {1, 5, 17, 65, 257};
}

SystemMetrics computeSystemMetrics(int machineNodes, const std::vector<RunJobTiming>& jobs,
                                   const std::vector<int>& binStarts)
{
    if (binStarts.empty() || binStarts.front() != 1 || !std::is_sorted(binStarts.begin(), binStarts.end())
        || std::adjacent_find(binStarts.begin(), binStarts.end()) != binStarts.end())
        throw std::invalid_argument("size bins must start at 1 and ascend");
    SystemMetrics metrics;
    metrics.machineNodes = machineNodes;

    std::vector<double> waits, turnarounds, slowdowns, scheduling;
    std::vector<std::vector<double>> binWaits(binStarts.size()), binTurnarounds(binStarts.size()),
        binSlowdowns(binStarts.size());
    std::int64_t firstSubmit = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastEnd = std::numeric_limits<std::int64_t>::min();
    std::int64_t firstWait = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastWait = std::numeric_limits<std::int64_t>::min();
    for (const RunJobTiming& run : jobs) {
        firstSubmit = std::min(firstSubmit, run.submit);
        if (run.start < 0)
            continue;
        ++metrics.jobs;
        lastEnd = std::max(lastEnd, run.end);
        const double wait = static_cast<double>(run.start - run.submit);
        const double runTime = static_cast<double>(run.end - run.start);
        const double slowdown = std::max(1.0, (wait + runTime) / std::max(runTime, slowdownBound));
        waits.push_back(wait);
        turnarounds.push_back(wait + runTime);
        slowdowns.push_back(slowdown);
        scheduling.push_back(run.schedulingMicroseconds);
        const size_t bin = static_cast<size_t>(std::upper_bound(binStarts.begin(), binStarts.end(), run.nodes)
                                               - binStarts.begin() - 1);
        binWaits[bin].push_back(wait);
        binTurnarounds[bin].push_back(wait + runTime);
        binSlowdowns[bin].push_back(slowdown);
        if (run.start > run.submit) {
            firstWait = std::min(firstWait, run.submit);
            lastWait = std::max(lastWait, run.start);
        }
    }
    if (metrics.jobs == 0)
        return metrics;
    metrics.firstSubmit = firstSubmit;
    metrics.lastEnd = lastEnd;
    metrics.makespan = lastEnd - firstSubmit;
    metrics.steadyStateFound = firstWait < lastWait;
    metrics.steadyFrom = metrics.steadyStateFound ? firstWait : firstSubmit;
    metrics.steadyTo = metrics.steadyStateFound ? lastWait : lastEnd;

    double steadyNodeSeconds = 0, allNodeSeconds = 0, steadyIdleSeconds = 0;
    for (const RunJobTiming& run : jobs) {
        if (run.start < 0)
            continue;
        steadyNodeSeconds += nodeSecondsWithin(run.start, run.end, run.nodes, metrics.steadyFrom, metrics.steadyTo);
        allNodeSeconds += nodeSecondsWithin(run.start, run.end, run.nodes, firstSubmit, lastEnd);
        const int idle = run.heldNodes - run.nodes;
        if (idle > 0)
            steadyIdleSeconds += nodeSecondsWithin(run.start, run.end, idle, metrics.steadyFrom, metrics.steadyTo);
    }
    const auto capacity = [&](std::int64_t from, std::int64_t to) {
        return static_cast<double>(machineNodes) * static_cast<double>(to - from);
    };
    if (metrics.steadyTo > metrics.steadyFrom) {
        metrics.steadyUtilization = steadyNodeSeconds / capacity(metrics.steadyFrom, metrics.steadyTo);
        metrics.steadyIdleAllocated = steadyIdleSeconds / capacity(metrics.steadyFrom, metrics.steadyTo);
    }
    if (lastEnd > firstSubmit)
        metrics.makespanUtilization = allNodeSeconds / capacity(firstSubmit, lastEnd);

    metrics.wait = describeDistribution(std::move(waits));
    metrics.turnaround = describeDistribution(std::move(turnarounds));
    metrics.boundedSlowdown = describeDistribution(std::move(slowdowns));
    metrics.schedulingMicroseconds = describeDistribution(std::move(scheduling));
    for (size_t bin = 0; bin < binStarts.size(); ++bin) {
        SizeBinMetrics& out = metrics.bins.emplace_back();
        out.minNodes = binStarts[bin];
        out.maxNodes = bin + 1 < binStarts.size() ? binStarts[bin + 1] - 1 : 0;
        out.wait = describeDistribution(std::move(binWaits[bin]));
        out.turnaround = describeDistribution(std::move(binTurnarounds[bin]));
        out.boundedSlowdown = describeDistribution(std::move(binSlowdowns[bin]));
    }
    return metrics;
}

SystemMetrics computeSystemMetrics(int machineNodes, const std::vector<SimulationJob>& jobs,
                                   const SimulationResult& result, const std::vector<int>& binStarts)
{
    if (result.jobs.size() != jobs.size())
        throw std::invalid_argument("the run does not match the workload");
    std::vector<RunJobTiming> timings(jobs.size());
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        timings[i].submit = jobs[i].submit;
        if (!ran(run))
            continue;
        timings[i] = {jobs[i].submit,
                      run.start,
                      run.end,
                      static_cast<int>(run.nodes.size()),
                      static_cast<int>(run.held().size()),
                      run.schedulingMicroseconds};
    }
    SystemMetrics metrics = computeSystemMetrics(machineNodes, timings, binStarts);
    metrics.neverFit = result.neverFit;
    return metrics;
}

std::vector<float> utilizationPerMinute(int machineNodes, const std::vector<SimulationJob>& jobs,
                                        const SimulationResult& result, std::int64_t* t0)
{
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    for (size_t i = 0; i < jobs.size(); ++i) {
        first = std::min(first, jobs[i].submit);
        if (ran(result.jobs[i]))
            last = std::max(last, result.jobs[i].end);
    }
    if (t0)
        *t0 = first;
    if (last <= first || machineNodes <= 0)
        return {};
    const std::int64_t minutes = (last - first + 59) / 60;
    // Node-seconds per minute, by difference arrays over whole minutes plus the partial
    // minutes at both ends of each job.
    std::vector<double> slope(static_cast<size_t>(minutes) + 1, 0.0);
    std::vector<double> partial(static_cast<size_t>(minutes) + 1, 0.0);
    for (const SimulatedJob& run : result.jobs) {
        if (!ran(run) || run.end <= run.start)
            continue;
        const double nodes = static_cast<double>(run.nodes.size());
        const std::int64_t a = run.start - first, b = run.end - first;
        const std::int64_t firstMinute = a / 60, lastMinute = (b - 1) / 60;
        if (firstMinute == lastMinute) {
            partial[static_cast<size_t>(firstMinute)] += nodes * static_cast<double>(b - a);
            continue;
        }
        partial[static_cast<size_t>(firstMinute)] += nodes * static_cast<double>((firstMinute + 1) * 60 - a);
        partial[static_cast<size_t>(lastMinute)] += nodes * static_cast<double>(b - lastMinute * 60);
        slope[static_cast<size_t>(firstMinute + 1)] += nodes * 60;
        slope[static_cast<size_t>(lastMinute)] -= nodes * 60;
    }
    std::vector<float> utilization(static_cast<size_t>(minutes));
    double running = 0;
    for (size_t m = 0; m < utilization.size(); ++m) {
        running += slope[m];
        const auto length
            = static_cast<double>(std::min<std::int64_t>(60, last - first - 60 * static_cast<std::int64_t>(m)));
        utilization[m] = static_cast<float>((running + partial[m]) / (length * machineNodes));
    }
    return utilization;
}

} // namespace placement
