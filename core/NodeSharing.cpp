// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeSharing.h"

#include <algorithm>
#include <tuple>

namespace placement {
namespace {

/// One job's hold on one node.
struct Hold
{
    int node = 0;
    std::int64_t start = 0;
    std::int64_t end = 0;
    int job = 0;
};

std::vector<Hold> holdsOf(const std::vector<Job>& jobs, const std::vector<char>* only)
{
    std::vector<Hold> holds;
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        if (job.end <= job.start || (only && !(*only)[index]))
            continue;
        for (int node : job.nodes)
            holds.push_back({node, job.start, job.end, static_cast<int>(index)});
    }
    std::sort(holds.begin(), holds.end(), [](const Hold& a, const Hold& b) {
        return std::tie(a.node, a.start, a.end, a.job) < std::tie(b.node, b.start, b.end, b.job);
    });
    return holds;
}

} // namespace

std::vector<char> jobsSharingNodes(const std::vector<Job>& jobs)
{
    std::vector<char> sharing(jobs.size(), 0);
    const std::vector<Hold> holds = holdsOf(jobs, nullptr);
    // Per node, in start order: a hold that starts before the latest end so far overlaps
    // the hold that reaches that end, and every hold between them that is still running.
    // Marking the new hold and the one with the latest end marks every overlapping pair:
    // of two overlapping holds, the later one is marked when it starts, and the earlier one
    // either reaches the latest end then or overlaps the hold that does (which started
    // after it and is running at the later one's start), and was marked with it.
    for (size_t i = 0; i < holds.size();) {
        const int node = holds[i].node;
        std::int64_t latestEnd = holds[i].end;
        int latestJob = holds[i].job;
        for (++i; i < holds.size() && holds[i].node == node; ++i) {
            const Hold& hold = holds[i];
            if (hold.job == latestJob)
                continue; // a job naming its node twice does not share it with itself
            if (hold.start < latestEnd) {
                sharing[static_cast<size_t>(hold.job)] = 1;
                sharing[static_cast<size_t>(latestJob)] = 1;
            }
            if (hold.end > latestEnd) {
                latestEnd = hold.end;
                latestJob = hold.job;
            }
        }
    }
    return sharing;
}

std::vector<BusySpan> distinctBusySpans(const std::vector<Job>& jobs)
{
    const std::vector<char> sharing = jobsSharingNodes(jobs);
    std::vector<BusySpan> spans;
    spans.reserve(jobs.size());
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        if (!sharing[index] && job.end > job.start && !job.nodes.empty())
            spans.push_back({job.start, job.end, static_cast<int>(job.nodes.size())});
    }
    const std::vector<Hold> holds = holdsOf(jobs, &sharing);
    for (size_t i = 0; i < holds.size();) {
        BusySpan merged{holds[i].start, holds[i].end, 1};
        const int node = holds[i].node;
        for (++i; i < holds.size() && holds[i].node == node; ++i) {
            if (holds[i].start > merged.end) {
                spans.push_back(merged);
                merged = {holds[i].start, holds[i].end, 1};
            } else {
                merged.end = std::max(merged.end, holds[i].end);
            }
        }
        spans.push_back(merged);
    }
    return spans;
}

} // namespace placement
