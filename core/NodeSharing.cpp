// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeSharing.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <tuple>

namespace placement {
namespace {

/// One job's hold on one node.
struct Hold
{
    std::int64_t start = 0;
    std::int64_t end = 0;
    int node = 0;
    int job = 0;
};

/// The node holds of the jobs marked in `only`, by node, then time.
std::vector<Hold> holdsOf(const std::vector<Job>& jobs, const std::vector<char>& only)
{
    const auto holds = [&](size_t index) { return jobs[index].end > jobs[index].start && only[index]; };
    size_t count = 0; // sized once: a million holds grown by doubling held up to twice their room
    for (size_t index = 0; index < jobs.size(); ++index)
        count += holds(index) ? jobs[index].nodes.size() : 0;
    std::vector<Hold> out;
    out.reserve(count);
    for (size_t index = 0; index < jobs.size(); ++index) {
        if (!holds(index))
            continue;
        const Job& job = jobs[index];
        for (int node : job.nodes)
            out.push_back({job.start, job.end, node, static_cast<int>(index)});
    }
    std::sort(out.begin(), out.end(), [](const Hold& a, const Hold& b) {
        return std::tie(a.node, a.start, a.end, a.job) < std::tie(b.node, b.start, b.end, b.job);
    });
    return out;
}

} // namespace

std::vector<char> jobsSharingNodes(const std::vector<Job>& jobs)
{
    // Only the jobs that hold listed nodes for a while can share: a log without node lists
    // builds nothing (for 3 million jobs, 150 MB less while it runs).
    std::vector<std::uint32_t> listed; // per run: its job
    size_t ranges = 0; // sized once: growing by doubling held up to twice the ranges at its peak
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        if (job.nodes.empty() || job.end <= job.start)
            continue;
        listed.push_back(static_cast<std::uint32_t>(index));
        ranges += job.nodes.runCount();
    }
    std::vector<char> sharing(jobs.size(), 0);
    if (listed.size() < 2)
        return sharing;
    CompactRuns runs;
    runs.reserve(listed.size(), ranges);
    for (std::uint32_t index : listed)
        runs.add(jobs[index].start, jobs[index].end, jobs[index].nodes);
    const std::vector<char> shared = runs.sharingNodes();
    for (size_t run = 0; run < listed.size(); ++run)
        sharing[listed[run]] = shared[run];
    return sharing;
}

void CompactRuns::add(std::int64_t start, std::int64_t end, const std::vector<int>& nodes)
{
    m_starts.push_back(start);
    m_ends.push_back(end);
    for (size_t i = 0; i < nodes.size();) {
        size_t j = i;
        while (j + 1 < nodes.size() && nodes[j + 1] == nodes[j] + 1)
            ++j;
        m_ranges.emplace_back(nodes[i], nodes[j]);
        i = j + 1;
    }
    m_rangeEnd.push_back(static_cast<std::uint32_t>(m_ranges.size()));
}

void CompactRuns::add(std::int64_t start, std::int64_t end, const NodeList& nodes)
{
    m_starts.push_back(start);
    m_ends.push_back(end);
    nodes.forEachRun(
        [this](int first, std::size_t length) { m_ranges.emplace_back(first, first + static_cast<int>(length) - 1); });
    m_rangeEnd.push_back(static_cast<std::uint32_t>(m_ranges.size()));
}

void CompactRuns::reserve(std::size_t runs, std::size_t ranges)
{
    m_starts.reserve(m_starts.size() + runs);
    m_ends.reserve(m_ends.size() + runs);
    m_rangeEnd.reserve(m_rangeEnd.size() + runs);
    m_ranges.reserve(m_ranges.size() + ranges);
}

void CompactRuns::append(const CompactRuns& other)
{
    const auto offset = static_cast<std::uint32_t>(m_ranges.size());
    m_starts.insert(m_starts.end(), other.m_starts.begin(), other.m_starts.end());
    m_ends.insert(m_ends.end(), other.m_ends.begin(), other.m_ends.end());
    m_ranges.insert(m_ranges.end(), other.m_ranges.begin(), other.m_ranges.end());
    for (const std::uint32_t end : other.m_rangeEnd)
        m_rangeEnd.push_back(end + offset);
}

std::vector<char> CompactRuns::sharingNodes() const
{
    std::vector<char> sharing(size(), 0);
    // Starts and ends, each sorted by time (a log in start order is nearly sorted already),
    // then merged with ends first at equal times ([start, end): a job ending when another
    // starts does not share with it). Two events per run, not per node.
    std::vector<std::pair<std::int64_t, std::uint32_t>> starts, ends;
    starts.reserve(size());
    ends.reserve(size());
    int nodeCount = 0;
    for (size_t run = 0; run < size(); ++run) {
        const size_t first = run ? m_rangeEnd[run - 1] : 0;
        if (m_ends[run] <= m_starts[run] || first == m_rangeEnd[run])
            continue;
        starts.emplace_back(m_starts[run], static_cast<std::uint32_t>(run));
        ends.emplace_back(m_ends[run], static_cast<std::uint32_t>(run));
        for (size_t r = first; r < m_rangeEnd[run]; ++r)
            nodeCount = std::max(nodeCount, m_ranges[r].second + 1);
    }
    std::sort(starts.begin(), starts.end());
    std::sort(ends.begin(), ends.end());
    // Per node: how many running jobs hold it, and the last job that took it. A job taking
    // a held node shares it with that job and every other holder. The others were marked
    // already: a node held by two or more jobs was shared when the second took it. The last
    // taker may have ended since (then it was marked when it shared the node with the
    // holder that outlived it), so marking it again changes nothing.
    std::vector<int> holders(static_cast<size_t>(nodeCount), 0);
    std::vector<std::int32_t> lastTaker(static_cast<size_t>(nodeCount), -1);
    const auto rangesOf = [this](std::uint32_t run) {
        return std::pair(run ? m_rangeEnd[run - 1] : std::uint32_t(0), m_rangeEnd[run]);
    };
    size_t e = 0;
    for (const auto& [time, run] : starts) {
        for (; e < ends.size() && ends[e].first <= time; ++e) {
            const auto [from, to] = rangesOf(ends[e].second);
            for (std::uint32_t r = from; r < to; ++r)
                for (int node = std::max(m_ranges[r].first, 0); node <= m_ranges[r].second; ++node)
                    --holders[static_cast<size_t>(node)];
        }
        const auto taker = static_cast<std::int32_t>(run);
        const auto [from, to] = rangesOf(run);
        for (std::uint32_t r = from; r < to; ++r)
            for (int node = std::max(m_ranges[r].first, 0); node <= m_ranges[r].second; ++node) {
                const auto n = static_cast<size_t>(node);
                if (holders[n]++ > 0 && lastTaker[n] != taker) {
                    sharing[run] = 1;
                    sharing[static_cast<size_t>(lastTaker[n])] = 1;
                }
                lastTaker[n] = taker;
            }
    }
    return sharing;
}

std::vector<BusySpan> mergedNodeSpans(const std::vector<Job>& jobs, const std::vector<char>& only)
{
    if (only.size() != jobs.size())
        throw std::invalid_argument("one mark per job expected");
    const std::vector<Hold> holds = holdsOf(jobs, only);
    std::vector<BusySpan> spans;
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

std::vector<BusySpan> distinctBusySpans(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts)
{
    const std::vector<char> sharing = jobsSharingNodes(jobs);
    std::vector<BusySpan> spans;
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        const int size = jobSize(jobs, nodeCounts, index); // a job without a node list: its logged size
        if (!sharing[index] && job.end > job.start && size > 0)
            spans.push_back({job.start, job.end, size});
    }
    const std::vector<BusySpan> merged = mergedNodeSpans(jobs, sharing);
    spans.insert(spans.end(), merged.begin(), merged.end());
    return spans;
}

} // namespace placement
