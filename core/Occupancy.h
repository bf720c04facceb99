// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

/// For every node, the index (into `jobs`) of the job holding it at `time`, or -1 when idle.
std::vector<int> nodeOwnersAt(const std::vector<Job>& jobs, int nodeCount, std::int64_t time);

/// Number of nodes held by running jobs at `time`.
int busyNodesAt(const std::vector<Job>& jobs, std::int64_t time);

/// The first instant at which the number of busy nodes reaches its maximum over the whole
/// workload; the explorer opens a database there, so the first screen shows a full machine.
/// Returns 0 for an empty workload.
std::int64_t busiestTime(const std::vector<Job>& jobs);

} // namespace placement
