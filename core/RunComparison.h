// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <vector>

namespace placement {

/// Two runs of the same workload (the logged placements, simulated runs) matched job by job
/// through the job ids: what compare mode highlights.
struct RunComparison
{
    std::vector<int> otherOfFirst; ///< per job of the first run: its index in the second, or -1
    std::vector<int> firstOfOther; ///< per job of the second run: its index in the first, or -1
    /// Per job of each run: placed differently (other nodes or another start time) or not in
    /// the other run at all.
    std::vector<char> firstDiffers;
    std::vector<char> otherDiffers;
    int differing = 0; ///< jobs of the first run that differ
};

RunComparison compareRuns(const std::vector<Job>& first, const std::vector<Job>& other);

} // namespace placement
