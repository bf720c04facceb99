// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace placement {

/// Logs of machines that give a node to several jobs at once (wagap-2013.swf: one job per
/// CPU, tests/data/traces/README.md §2) list the same node in jobs that run at the same
/// time. A node is busy while at least one job holds it; utilization counts each busy node
/// once (docs/importing.md, "Jobs that share nodes").

/// Per job of `jobs`: 1 when it holds a node that another job holds at some instant of
/// its run (both run on [start, end)), else 0. Jobs with end <= start share nothing.
std::vector<char> jobsSharingNodes(const std::vector<Job>& jobs);

/// Runs with their nodes as ranges of consecutive ids, compactly: what an import keeps of a
/// million jobs to mark those that share nodes once they are all stored (about 40 bytes per
/// job whose nodes form two ranges, instead of a Job and a vector of its nodes).
class CompactRuns
{
public:
    void add(std::int64_t start, std::int64_t end, const std::vector<int>& nodes);
    void add(std::int64_t start, std::int64_t end, const NodeList& nodes);
    /// Room for `runs` runs more of `ranges` ranges in all, so that adding a million does not
    /// copy what is kept again and again as it grows.
    void reserve(std::size_t runs, std::size_t ranges);
    std::size_t size() const { return m_starts.size(); }
    /// Adds the runs of `other` after these, in its order.
    void append(const CompactRuns& other);
    /// Leaves run `run` out from now on (it shares nothing, and nothing with it).
    void leaveOut(std::size_t run) { m_ends[run] = m_starts[run]; }
    /// jobsSharingNodes() of these runs, in the order added.
    std::vector<char> sharingNodes() const;

private:
    std::vector<std::int64_t> m_starts, m_ends;
    std::vector<std::pair<int, int>> m_ranges; ///< first and last node of each range
    std::vector<std::uint32_t> m_rangeEnd; ///< per run: the end of its ranges in m_ranges
};

/// Nodes held over a time span: `nodes` distinct nodes busy on [start, end).
struct BusySpan
{
    std::int64_t start = 0;
    std::int64_t end = 0;
    int nodes = 0;
};

/// The jobs' node holdings with every node counted once at each instant: a job that shares
/// no node gives one span of its size; the nodes of jobs that share are merged per node
/// (the union of the runs holding it), one span of one node per merged interval. Summing
/// the spans that cover an instant gives the distinct busy nodes then. A job without nodes
/// gives one span of its size in `nodeCounts` (one per job, may be empty: the logged sizes of
/// a log without node lists, core/Job.h jobSize()).
std::vector<BusySpan> distinctBusySpans(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts = {});

/// The spans of distinctBusySpans() for the jobs marked in `only` (one mark per job, else
/// std::invalid_argument): per node, the union of the marked jobs' runs holding it, one span
/// of one node per merged interval. Where the marks cover every job that shares a node (a
/// superset of jobsSharingNodes(), such as the marks an import stores), the jobs not marked
/// hold their nodes alone, and these spans with theirs are the distinct busy nodes.
std::vector<BusySpan> mergedNodeSpans(const std::vector<Job>& jobs, const std::vector<char>& only);

} // namespace placement
