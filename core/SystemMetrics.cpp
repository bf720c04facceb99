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

namespace {

/// The distribution of the values in [begin, end), which are sorted.
Distribution describeSorted(const double* begin, const double* end)
{
    Distribution result;
    const auto count = static_cast<size_t>(end - begin);
    result.count = static_cast<int>(count);
    if (count == 0)
        return result;
    result.mean = std::accumulate(begin, end, 0.0) / static_cast<double>(count);
    result.median = begin[(count - 1) / 2];
    const size_t rank = static_cast<size_t>(std::ceil(0.99 * static_cast<double>(count)));
    result.p99 = begin[std::max<size_t>(rank, 1) - 1];
    result.max = end[-1];
    return result;
}

} // namespace

Distribution describeDistribution(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return describeSorted(values.data(), values.data() + values.size());
}

std::vector<int> defaultSizeBins()
{
    return {1, 5, 17, 65, 257};
}

SystemMetrics computeSystemMetrics(int machineNodes, const std::vector<RunJobTiming>& jobs,
                                   const std::vector<int>& binStarts)
{
    return computeSystemMetrics(
        machineNodes,
        [&](const std::function<void(const RunJobTiming&)>& visit) {
            for (const RunJobTiming& run : jobs)
                visit(run);
        },
        binStarts);
}

SystemMetrics computeSystemMetrics(int machineNodes, const RunJobTimings& jobs, const std::vector<int>& binStarts)
{
    if (binStarts.empty() || binStarts.front() != 1 || !std::is_sorted(binStarts.begin(), binStarts.end())
        || std::adjacent_find(binStarts.begin(), binStarts.end()) != binStarts.end())
        throw std::invalid_argument("size bins must start at 1 and ascend");
    SystemMetrics metrics;
    metrics.machineNodes = machineNodes;
    const auto binOf = [&](int nodes) {
        return static_cast<size_t>(std::upper_bound(binStarts.begin(), binStarts.end(), nodes) - binStarts.begin() - 1);
    };

    std::vector<size_t> binFrom(binStarts.size() + 1, 0); // first: the jobs per bin
    std::int64_t firstSubmit = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastEnd = std::numeric_limits<std::int64_t>::min();
    std::int64_t firstWait = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastWait = std::numeric_limits<std::int64_t>::min();
    bool timedDecisions = false; // a logged run's are all 0: no pass for them
    jobs([&](const RunJobTiming& run) {
        firstSubmit = std::min(firstSubmit, run.submit);
        if (run.start < 0)
            return;
        ++metrics.jobs;
        timedDecisions = timedDecisions || run.schedulingMicroseconds != 0;
        lastEnd = std::max(lastEnd, run.end);
        ++binFrom[binOf(run.nodes) + 1];
        if (run.start > run.submit) {
            firstWait = std::min(firstWait, run.submit);
            lastWait = std::max(lastWait, run.start);
        }
    });
    if (metrics.jobs == 0)
        return metrics;
    metrics.firstSubmit = firstSubmit;
    metrics.lastEnd = lastEnd;
    metrics.makespan = lastEnd - firstSubmit;
    metrics.steadyStateFound = firstWait < lastWait;
    metrics.steadyFrom = metrics.steadyStateFound ? firstWait : firstSubmit;
    metrics.steadyTo = metrics.steadyStateFound ? lastWait : lastEnd;

    // One distribution at a time, its values grouped by size bin: each bin's part sorted
    // gives the bin's, the whole sorted gives the run's.
    for (size_t bin = 0; bin < binStarts.size(); ++bin) {
        binFrom[bin + 1] += binFrom[bin];
        SizeBinMetrics& out = metrics.bins.emplace_back();
        out.minNodes = binStarts[bin];
        out.maxNodes = bin + 1 < binStarts.size() ? binStarts[bin + 1] - 1 : 0;
    }
    std::vector<double> values(static_cast<size_t>(metrics.jobs));
    const auto wait = [](const RunJobTiming& run) { return static_cast<double>(run.start - run.submit); };
    const auto runTime = [](const RunJobTiming& run) { return static_cast<double>(run.end - run.start); };
    const auto measure = [&](Distribution& all, Distribution SizeBinMetrics::*perBin, auto&& valueOf) {
        std::vector<size_t> next(binFrom.begin(), binFrom.end() - 1);
        jobs([&](const RunJobTiming& run) {
            if (run.start >= 0)
                values[next[binOf(run.nodes)]++] = valueOf(run);
        });
        for (size_t bin = 0; bin < binStarts.size(); ++bin) {
            double* const from = values.data() + binFrom[bin];
            double* const to = values.data() + binFrom[bin + 1];
            std::sort(from, to);
            if (perBin)
                metrics.bins[bin].*perBin = describeSorted(from, to);
        }
        std::sort(values.begin(), values.end());
        all = describeSorted(values.data(), values.data() + values.size());
    };
    // The node-seconds on the pass for the waits: one pass less over millions of jobs.
    double steadyNodeSeconds = 0, allNodeSeconds = 0, steadyIdleSeconds = 0;
    measure(metrics.wait, &SizeBinMetrics::wait, [&](const RunJobTiming& run) {
        steadyNodeSeconds += nodeSecondsWithin(run.start, run.end, run.nodes, metrics.steadyFrom, metrics.steadyTo);
        allNodeSeconds += nodeSecondsWithin(run.start, run.end, run.nodes, firstSubmit, lastEnd);
        const int idle = run.heldNodes - run.nodes;
        if (idle > 0)
            steadyIdleSeconds += nodeSecondsWithin(run.start, run.end, idle, metrics.steadyFrom, metrics.steadyTo);
        return wait(run);
    });
    const auto capacity = [&](std::int64_t from, std::int64_t to) {
        return static_cast<double>(machineNodes) * static_cast<double>(to - from);
    };
    if (metrics.steadyTo > metrics.steadyFrom) {
        metrics.steadyUtilization = steadyNodeSeconds / capacity(metrics.steadyFrom, metrics.steadyTo);
        metrics.steadyIdleAllocated = steadyIdleSeconds / capacity(metrics.steadyFrom, metrics.steadyTo);
    }
    if (lastEnd > firstSubmit)
        metrics.makespanUtilization = allNodeSeconds / capacity(firstSubmit, lastEnd);
    measure(metrics.turnaround, &SizeBinMetrics::turnaround,
            [&](const RunJobTiming& run) { return wait(run) + runTime(run); });
    measure(metrics.boundedSlowdown, &SizeBinMetrics::boundedSlowdown, [&](const RunJobTiming& run) {
        return std::max(1.0, (wait(run) + runTime(run)) / std::max(runTime(run), slowdownBound));
    });
    if (timedDecisions) {
        measure(metrics.schedulingMicroseconds, nullptr,
                [](const RunJobTiming& run) { return run.schedulingMicroseconds; });
    } else {
        std::fill(values.begin(), values.end(), 0.0);
        metrics.schedulingMicroseconds = describeSorted(values.data(), values.data() + values.size());
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
