// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DemoWorkload.h"

#include "core/SplitMix64.h"
#include "core/Topology.h"

#include <queue>

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>

namespace placement {
namespace {

struct Running
{
    std::int64_t end;
    size_t job;
    bool operator>(const Running& other) const { return end != other.end ? end > other.end : job > other.job; }
};

} // namespace

std::vector<Job> generateDemoWorkload(const Topology& topology, const DemoWorkloadOptions& options)
{
    const int nodeCount = topology.nodeCount();
    if (nodeCount < 1 || options.jobCount < 0 || options.offeredLoad <= 0)
        throw std::invalid_argument("demo workload: needs nodes, a job count and a positive load");

    SplitMix64 random(options.seed);
    const int largest = std::max(1, nodeCount / 4);
    std::vector<Job> jobs(static_cast<size_t>(options.jobCount));
    std::vector<std::int64_t> runtimes(jobs.size());
    std::vector<int> sizes(jobs.size());
    double work = 0;
    for (size_t i = 0; i < jobs.size(); ++i) {
        int size = static_cast<int>(std::lround(random.logUniform(1, largest)));
        if (random.uniform() < 0.3) // many sites see power-of-two requests
            size = 1 << static_cast<int>(std::lround(std::log2(size)));
        size = std::clamp(size, 1, largest);
        sizes[i] = size;
        runtimes[i] = static_cast<std::int64_t>(random.logUniform(600, 8 * 3600));
        work += static_cast<double>(size) * static_cast<double>(runtimes[i]);
        jobs[i].id = std::to_string(options.firstJobId + static_cast<int>(i));
        jobs[i].user = "user" + std::to_string(1 + random.between(0, 15));
    }

    const double span = work / (nodeCount * options.offeredLoad);
    const double meanGap = jobs.empty() ? 0 : span / static_cast<double>(jobs.size());
    double clock = 0;
    for (Job& job : jobs) {
        job.submit = options.epoch + static_cast<std::int64_t>(clock);
        clock += random.exponential(meanGap);
    }

    // Strict FCFS: a job starts no earlier than its predecessor, once enough nodes are free.
    std::vector<bool> busy(static_cast<size_t>(nodeCount), false);
    int freeCount = nodeCount;
    std::priority_queue<Running, std::vector<Running>, std::greater<>> running;
    std::int64_t now = options.epoch;
    auto release = [&](const Running& done) {
        for (int node : jobs[done.job].nodes)
            busy[static_cast<size_t>(node)] = false;
        freeCount += static_cast<int>(jobs[done.job].nodes.size());
    };
    for (size_t i = 0; i < jobs.size(); ++i) {
        Job& job = jobs[i];
        const int size = sizes[i];
        now = std::max(now, job.submit);
        while (!running.empty() && (running.top().end <= now || freeCount < size)) {
            now = std::max(now, running.top().end);
            release(running.top());
            running.pop();
        }
        int taken = 0;
        for (int node = 0; node < nodeCount && taken < size; ++node) {
            if (!busy[static_cast<size_t>(node)]) {
                busy[static_cast<size_t>(node)] = true;
                job.nodes.push_back(node);
                ++taken;
            }
        }
        freeCount -= size;
        job.start = now;
        job.end = now + runtimes[i];
        running.push({job.end, i});
    }
    return jobs;
}

} // namespace placement
