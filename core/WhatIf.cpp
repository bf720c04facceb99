// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/WhatIf.h"

#include "core/Allocator.h"

#include <queue>

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>
#include <tuple>

namespace placement {

namespace {

/// A job id as Slurm orders jobs: "4711" (4711, -1), "4711_3" (4711, 3), "4711+1" (4711, 1).
struct IdKey
{
    std::int64_t base = std::numeric_limits<std::int64_t>::max();
    std::int64_t part = -1;
    std::string text; ///< ids that are not of that form, in text order after those that are

    explicit IdKey(const std::string& id)
    {
        const std::size_t split = id.find_first_of("_+");
        const std::string head = id.substr(0, split);
        std::int64_t number = 0;
        const auto [end, error] = std::from_chars(head.data(), head.data() + head.size(), number);
        bool numeric = !head.empty() && error == std::errc() && end == head.data() + head.size();
        std::int64_t tail = -1;
        if (numeric && split != std::string::npos) {
            const std::string rest = id.substr(split + 1);
            const auto [restEnd, restError] = std::from_chars(rest.data(), rest.data() + rest.size(), tail);
            numeric = !rest.empty() && restError == std::errc() && restEnd == rest.data() + rest.size();
        }
        if (numeric) {
            base = number;
            part = tail;
        } else {
            text = id;
        }
    }
    auto tie() const { return std::tie(base, part, text); }
};

/// whatIf(), stopping after the decision for job `last` when it is not -1, and throwing
/// WhatIfStopped when `stop` turns true.
WhatIfReport replay(const Topology& topology, const std::vector<Job>& jobs, const std::vector<WhatIfHoldings>& holdings,
                    const Allocator& prototype, int last, const std::atomic<bool>* stop, EndingSecond endingSecond)
{
    if (!holdings.empty() && holdings.size() != jobs.size())
        throw std::invalid_argument("whatIf: holdings must be empty or one per job");
    std::vector<int> order;
    std::vector<IdKey> keys;
    std::vector<std::int64_t> ends; // of jobs that ran, sorted
    keys.reserve(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        keys.emplace_back(jobs[j].id);
        if (!jobs[j].nodes.empty()) {
            order.push_back(static_cast<int>(j));
            ends.push_back(jobs[j].end);
        }
    }
    std::sort(ends.begin(), ends.end());
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const Job& x = jobs[static_cast<size_t>(a)];
        const Job& y = jobs[static_cast<size_t>(b)];
        if (x.start != y.start)
            return x.start < y.start;
        if (x.submit != y.submit)
            return x.submit < y.submit;
        return keys[static_cast<size_t>(a)].tie() < keys[static_cast<size_t>(b)].tie();
    });

    const std::unique_ptr<Allocator> allocator = prototype.clone();
    MachineState state(topology);
    PlacementAnalyzer analyzer(topology);
    std::vector<std::vector<int>> taken(jobs.size());
    using Ending = std::pair<std::int64_t, int>; // end, job
    std::priority_queue<Ending, std::vector<Ending>, std::greater<>> running;
    const auto requestOf = [&](int j) {
        const Job& job = jobs[static_cast<size_t>(j)];
        return AllocationRequest{j, static_cast<int>(job.nodes.size()), job.end - job.start};
    };

    WhatIfReport report;
    report.decisions.reserve(order.size());
    double aphChange = 0;
    int moreCompact = 0;
    for (int j : order) {
        if (stop && report.decisions.size() % 256 == 0 && stop->load())
            throw WhatIfStopped();
        const Job& job = jobs[static_cast<size_t>(j)];
        // Released: a job ending in this second has freed its nodes; Held: only one that
        // ended in an earlier second has.
        const std::int64_t freedBy = endingSecond == EndingSecond::Released ? job.start : job.start - 1;
        while (!running.empty() && running.top().first <= freedBy) {
            const int ended = running.top().second;
            running.pop();
            state.release(taken[static_cast<size_t>(ended)]);
            allocator->ended(requestOf(ended), taken[static_cast<size_t>(ended)]);
        }
        const AllocationRequest request = requestOf(j);
        WhatIfDecision decision;
        decision.job = j;
        decision.chosen = allocator->allocate(state, request);
        // A policy may hold more nodes than asked (LaaS's whole leaves): the job runs on the
        // first request.nodes of them.
        if (decision.chosen.size() > job.nodes.size())
            decision.chosen.resize(job.nodes.size());
        std::sort(decision.chosen.begin(), decision.chosen.end());
        decision.placed = !decision.chosen.empty();
        decision.same = decision.chosen == job.nodes;
        decision.logged = analyzer.measure(job.nodes);
        decision.ambiguous = std::binary_search(ends.begin(), ends.end(), job.start);
        if (decision.placed) {
            decision.policy = analyzer.measure(decision.chosen);
            aphChange += decision.policy.aph - decision.logged.aph;
            moreCompact += decision.policy.aph < decision.logged.aph - 1e-9 ? 1 : 0;
            ++report.summary.placed;
        }
        report.summary.agreeing += decision.same ? 1 : 0;
        report.summary.ambiguous += decision.ambiguous ? 1 : 0;
        report.summary.clearAgreeing += decision.same && !decision.ambiguous ? 1 : 0;

        // The job then holds what it held in the run; nodes another job still holds (an
        // inconsistent log) stay with that job.
        std::vector<int> held = job.nodes.toVector();
        if (!holdings.empty()) {
            const std::vector<int>& idle = holdings[static_cast<size_t>(j)].idleNodes;
            held.insert(held.end(), idle.begin(), idle.end());
        }
        std::sort(held.begin(), held.end());
        held.erase(std::unique(held.begin(), held.end()), held.end());
        std::vector<int>& mine = taken[static_cast<size_t>(j)];
        for (int node : held) {
            if (state.isFree(node))
                mine.push_back(node);
            else
                ++decision.overlappingNodes;
        }
        state.take(mine, j);
        try {
            allocator->resume(request, mine,
                              holdings.empty() ? std::vector<int>{} : holdings[static_cast<size_t>(j)].links);
        } catch (const std::logic_error&) {
            // LC+S shares links by bandwidth classes a run does not keep: its nodes still count.
        }
        running.emplace(job.end, j);
        report.summary.overlappingJobs += decision.overlappingNodes > 0 ? 1 : 0;
        report.decisions.push_back(std::move(decision));
        if (j == last)
            break;
    }
    WhatIfSummary& summary = report.summary;
    summary.jobs = static_cast<int>(report.decisions.size());
    summary.agreement = summary.jobs > 0 ? static_cast<double>(summary.agreeing) / summary.jobs : 0;
    const int clear = summary.jobs - summary.ambiguous;
    summary.clearAgreement = clear > 0 ? static_cast<double>(summary.clearAgreeing) / clear : 0;
    summary.meanAphChange = summary.placed > 0 ? aphChange / summary.placed : 0;
    summary.moreCompactShare = summary.placed > 0 ? static_cast<double>(moreCompact) / summary.placed : 0;
    return report;
}

} // namespace

WhatIfReport whatIf(const Topology& topology, const std::vector<Job>& jobs, const std::vector<WhatIfHoldings>& holdings,
                    const Allocator& prototype, EndingSecond endingSecond)
{
    return replay(topology, jobs, holdings, prototype, -1, nullptr, endingSecond);
}

WhatIfDecision whatIfForJob(const Topology& topology, const std::vector<Job>& jobs,
                            const std::vector<WhatIfHoldings>& holdings, const Allocator& prototype, int job,
                            const std::atomic<bool>* stop)
{
    if (job < 0 || job >= static_cast<int>(jobs.size()) || jobs[static_cast<size_t>(job)].nodes.empty())
        throw std::invalid_argument("whatIfForJob: job " + std::to_string(job) + " is out of range or has no nodes");
    WhatIfReport report = replay(topology, jobs, holdings, prototype, job, stop, EndingSecond::Released);
    return std::move(report.decisions.back());
}

} // namespace placement
