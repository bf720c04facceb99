// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CoreHoldings.h"

#include "core/RunningSum.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace placement {
namespace {

std::int64_t total(const std::vector<int>& counts)
{
    if (counts.empty())
        return -1;
    std::int64_t sum = 0;
    for (const int count : counts) {
        if (count < 0)
            return -1;
        sum += count;
    }
    return sum;
}

} // namespace

std::int64_t NodeResources::totalCores() const
{
    return total(cores);
}

std::int64_t NodeResources::totalGpus() const
{
    return total(gpus);
}

std::optional<double> coreUtilizationOverMakespan(const std::vector<Job>& jobs, const std::vector<int>& held,
                                                  const NodeResources& resources)
{
    if (held.size() != jobs.size())
        return std::nullopt;
    return coreUtilizationOverMakespan(
        [&](const std::function<void(const Job&, int)>& visit) {
            for (size_t i = 0; i < jobs.size(); ++i)
                visit(jobs[i], held[i]);
        },
        resources);
}

std::optional<double>
coreUtilizationOverMakespan(const std::function<void(const std::function<void(const Job&, int cores)>&)>& jobs,
                            const NodeResources& resources)
{
    const std::int64_t cores = resources.totalCores();
    if (cores <= 0)
        return std::nullopt;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    double coreSeconds = 0; // sums of whole numbers: the same in any order
    bool unknown = false;
    jobs([&](const Job& job, int held) {
        if (job.end <= job.start)
            return;
        unknown = unknown || held < 0;
        first = std::min(first, job.submit);
        last = std::max(last, job.end);
        coreSeconds += static_cast<double>(std::max(held, 0)) * static_cast<double>(job.end - job.start);
    });
    if (unknown || last <= first)
        return std::nullopt;
    return coreSeconds / (static_cast<double>(cores) * static_cast<double>(last - first));
}

std::vector<int> coresInAll(const std::vector<JobHolding>& holdings)
{
    std::vector<int> cores;
    cores.reserve(holdings.size());
    for (const JobHolding& holding : holdings)
        cores.push_back(holding.cores);
    return cores;
}

std::vector<int> coresHeldPerNode(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, int nodeCount,
                                  const NodeResources& resources, std::int64_t time)
{
    std::vector<int> held(static_cast<std::size_t>(nodeCount), 0);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        if (!job.runsAt(time))
            continue;
        const IntView perNode = i < holdings.size() ? holdings[i].nodeCores() : IntView();
        std::size_t k = 0;
        for (auto at = job.nodes.begin(); at != job.nodes.end(); ++at, ++k) {
            const int node = *at;
            if (node < 0 || node >= nodeCount)
                continue;
            int cores = 0;
            if (perNode.size() == job.nodes.size())
                cores = perNode[k];
            else if (static_cast<std::size_t>(node) < resources.cores.size() && resources.cores[node] > 0)
                cores = resources.cores[node];
            else
                cores = 1;
            held[static_cast<std::size_t>(node)] += cores;
        }
    }
    return held;
}

HeldAt heldAt(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, int nodeCount,
              const NodeResources& resources, std::int64_t time)
{
    HeldAt result;
    std::vector<char> busy(static_cast<std::size_t>(nodeCount), 0);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const Job& job = jobs[i];
        if (!job.runsAt(time))
            continue;
        ++result.jobs;
        for (const int node : job.nodes)
            if (node >= 0 && node < nodeCount && !busy[static_cast<std::size_t>(node)]) {
                busy[static_cast<std::size_t>(node)] = 1;
                ++result.busyNodes;
            }
        const JobHolding* holding = i < holdings.size() ? &holdings[i] : nullptr;
        if (holding && holding->cores >= 0)
            result.cores += holding->cores;
        else
            ++result.jobsWithoutCores;
        if (holding && holding->gpus >= 0) {
            result.gpus += holding->gpus;
            ++result.jobsWithGpus;
        }
    }
    if (resources.cores.size() == static_cast<std::size_t>(nodeCount)) {
        const std::vector<int> perNode = coresHeldPerNode(jobs, holdings, nodeCount, resources, time);
        for (int node = 0; node < nodeCount; ++node)
            if (resources.cores[static_cast<std::size_t>(node)] >= 0
                && perNode[static_cast<std::size_t>(node)] > resources.cores[static_cast<std::size_t>(node)])
                ++result.overfullNodes;
    }
    return result;
}

CorePeak peakCores(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> events; // (time, +cores / -cores): ends first
    for (std::size_t i = 0; i < jobs.size() && i < holdings.size(); ++i)
        if (holdings[i].cores > 0 && jobs[i].end > jobs[i].start) {
            events.emplace_back(jobs[i].start, holdings[i].cores);
            events.emplace_back(jobs[i].end, -holdings[i].cores);
        }
    std::sort(events.begin(), events.end());
    CorePeak peak;
    std::int64_t held = 0;
    for (const auto& [time, change] : events) {
        held += change;
        if (held > peak.cores)
            peak = {time, held};
    }
    return peak;
}

StepSeries coresHeldOverTime(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings)
{
    return runningSum([&](const auto& visit) {
        for (std::size_t i = 0; i < jobs.size() && i < holdings.size(); ++i)
            if (holdings[i].cores > 0 && jobs[i].end > jobs[i].start) {
                visit(jobs[i].start, holdings[i].cores);
                visit(jobs[i].end, -holdings[i].cores);
            }
    });
}

double coreUtilization(const HeldAt& held, const NodeResources& resources)
{
    const std::int64_t cores = resources.totalCores();
    return cores > 0 ? static_cast<double>(held.cores) / static_cast<double>(cores) : -1;
}

double gpuUtilization(const HeldAt& held, const NodeResources& resources)
{
    const std::int64_t gpus = resources.totalGpus();
    return gpus > 0 ? static_cast<double>(held.gpus) / static_cast<double>(gpus) : -1;
}

CoreSlots::CoreSlots(const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings,
                     const NodeResources& resources)
{
    // Every (job, node entry) whose cores there are known, grouped by node.
    struct Holding
    {
        std::int64_t start, end;
        std::uint32_t entry;
        int cores;
    };
    std::vector<std::vector<Holding>> byNode(resources.cores.size());
    m_jobEntry.reserve(jobs.size() + 1);
    std::uint32_t entries = 0;
    for (size_t index = 0; index < jobs.size(); ++index) {
        m_jobEntry.push_back(entries);
        const Job& job = jobs[index];
        const JobHolding* holding = index < holdings.size() ? &holdings[index] : nullptr;
        const IntView perNode = holding ? holding->nodeCores() : IntView();
        size_t k = 0;
        for (auto at = job.nodes.begin(); at != job.nodes.end(); ++at, ++k, ++entries) {
            int cores = -1;
            if (k < perNode.size())
                cores = perNode[k];
            else if (holding && job.nodes.size() == 1)
                cores = holding->cores;
            const auto node = static_cast<size_t>(*at);
            if (cores > 0 && node < byNode.size() && resources.cores[node] > 0 && job.end > job.start)
                byNode[node].push_back({job.start, job.end, entries, cores});
        }
    }
    m_jobEntry.push_back(entries);
    std::vector<std::vector<Run>> runsOf(entries);
    std::vector<std::int64_t> busyUntil;
    for (size_t node = 0; node < byNode.size(); ++node) {
        std::vector<Holding>& list = byNode[node];
        if (list.empty())
            continue;
        std::stable_sort(list.begin(), list.end(),
                         [](const Holding& a, const Holding& b) { return a.start < b.start; });
        busyUntil.assign(static_cast<size_t>(resources.cores[node]), std::numeric_limits<std::int64_t>::min());
        for (const Holding& held : list) {
            std::vector<Run>& runs = runsOf[held.entry];
            int wanted = held.cores;
            for (int core = 0; core < static_cast<int>(busyUntil.size()) && wanted > 0; ++core) {
                if (busyUntil[static_cast<size_t>(core)] > held.start)
                    continue;
                busyUntil[static_cast<size_t>(core)] = held.end;
                --wanted;
                if (!runs.empty() && runs.back().first + runs.back().count == core)
                    ++runs.back().count;
                else
                    runs.push_back({core, 1});
            }
        }
    }
    m_entryRun.reserve(entries + 1);
    for (std::vector<Run>& runs : runsOf) {
        m_entryRun.push_back(static_cast<std::uint32_t>(m_runs.size()));
        m_runs.insert(m_runs.end(), runs.begin(), runs.end());
    }
    m_entryRun.push_back(static_cast<std::uint32_t>(m_runs.size()));
}

std::span<const CoreSlots::Run> CoreSlots::runs(size_t job, size_t entry) const
{
    if (job + 1 >= m_jobEntry.size())
        return {};
    const size_t index = m_jobEntry[job] + entry;
    if (index >= m_jobEntry[job + 1])
        return {};
    return {m_runs.data() + m_entryRun[index], m_runs.data() + m_entryRun[index + 1]};
}

} // namespace placement
