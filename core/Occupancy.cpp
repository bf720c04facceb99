// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Occupancy.h"

#include "core/Timeline.h"

#include <algorithm>

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

NodeOccupancy occupancyAt(const std::vector<Job>& jobs, int nodeCount, std::int64_t time)
{
    NodeOccupancy occupancy;
    const auto nodes = static_cast<size_t>(std::max(nodeCount, 0));
    occupancy.owners.assign(nodes, -1);
    occupancy.holders.assign(nodes, 0);
    for (size_t index = 0; index < jobs.size(); ++index) {
        if (!jobs[index].runsAt(time))
            continue;
        ++occupancy.runningJobs;
        for (int node : jobs[index].nodes) {
            if (node < 0 || node >= nodeCount)
                continue;
            occupancy.owners[static_cast<size_t>(node)] = static_cast<int>(index);
            const int holders = ++occupancy.holders[static_cast<size_t>(node)];
            occupancy.busyNodes += holders == 1;
            occupancy.sharedNodes += holders == 2;
        }
    }
    return occupancy;
}

std::vector<int> jobsHoldingAt(const std::vector<Job>& jobs, int node, std::int64_t time)
{
    std::vector<int> holding;
    for (size_t index = 0; index < jobs.size(); ++index)
        if (jobs[index].runsAt(time)
            && std::find(jobs[index].nodes.begin(), jobs[index].nodes.end(), node) != jobs[index].nodes.end())
            holding.push_back(static_cast<int>(index));
    return holding;
}

int busyNodesAt(const std::vector<Job>& jobs, std::int64_t time)
{
    std::vector<int> busy;
    for (const Job& job : jobs) {
        if (job.runsAt(time))
            busy.insert(busy.end(), job.nodes.begin(), job.nodes.end());
    }
    std::sort(busy.begin(), busy.end());
    return static_cast<int>(std::unique(busy.begin(), busy.end()) - busy.begin());
}

std::int64_t busiestTime(const std::vector<Job>& jobs)
{
    return timeOfPeak(busyNodesOverTime(jobs));
}

} // namespace placement
