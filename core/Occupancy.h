// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

/// For every node, the index (into `jobs`) of the job holding it at `time`, or -1 when idle.
/// A node that several running jobs hold (core/NodeSharing.h) names the last of them.
std::vector<int> nodeOwnersAt(const std::vector<Job>& jobs, int nodeCount, std::int64_t time);

/// Who holds the machine's nodes at one instant.
struct NodeOccupancy
{
    std::vector<int> owners; ///< as nodeOwnersAt()
    std::vector<int> holders; ///< per node, how many running jobs hold it (more than 1: shared)
    int busyNodes = 0; ///< nodes held by at least one job, each counted once
    int sharedNodes = 0; ///< nodes held by more than one job
    int runningJobs = 0; ///< jobs running at the instant, with or without known nodes
};

NodeOccupancy occupancyAt(const std::vector<Job>& jobs, int nodeCount, std::int64_t time);

/// The indices of the jobs running at `time` that hold `node`, ascending.
std::vector<int> jobsHoldingAt(const std::vector<Job>& jobs, int node, std::int64_t time);

/// Number of distinct nodes held by running jobs at `time` (a node several jobs hold counts once).
int busyNodesAt(const std::vector<Job>& jobs, std::int64_t time);

/// The first instant at which the number of busy nodes (distinct) reaches its maximum over
/// the whole workload; the explorer opens a database there, so the first screen shows a full
/// machine. Returns 0 for an empty workload.
std::int64_t busiestTime(const std::vector<Job>& jobs);

} // namespace placement
