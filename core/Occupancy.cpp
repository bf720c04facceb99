// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Occupancy.h"

#include <algorithm>
#include <utility>

namespace placement {

std::vector<int> nodeOwnersAt(const std::vector<Job>& jobs, int nodeCount, std::int64_t time)
{
    std::vector<int> owners(static_cast<size_t>(std::max(nodeCount, 0)), -1);
    for (size_t index = 0; index < jobs.size(); ++index) {
        if (!jobs[index].runsAt(time))
            continue;
        for (int node : jobs[index].nodes) {
            if (node >= 0 && node < nodeCount)
                owners[static_cast<size_t>(node)] = static_cast<int>(index);
        }
    }
    return owners;
}

int busyNodesAt(const std::vector<Job>& jobs, std::int64_t time)
{
    int busy = 0;
    for (const Job& job : jobs) {
        if (job.runsAt(time))
            busy += static_cast<int>(job.nodes.size());
    }
    return busy;
}

std::int64_t busiestTime(const std::vector<Job>& jobs)
{
    // (time, node delta); at equal times ends (negative) sort before starts, matching [start, end).
    std::vector<std::pair<std::int64_t, int>> events;
    events.reserve(jobs.size() * 2);
    for (const Job& job : jobs) {
        if (job.end <= job.start || job.nodes.empty())
            continue;
        const int size = static_cast<int>(job.nodes.size());
        events.emplace_back(job.start, size);
        events.emplace_back(job.end, -size);
    }
    std::sort(events.begin(), events.end());
    long long busy = 0;
    long long best = -1;
    std::int64_t bestTime = 0;
    for (size_t i = 0; i < events.size(); ++i) {
        busy += events[i].second;
        const bool lastAtThisTime = i + 1 == events.size() || events[i + 1].first != events[i].first;
        if (lastAtThisTime && busy > best) {
            best = busy;
            bestTime = events[i].first;
        }
    }
    return bestTime;
}

} // namespace placement
