// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// One job as it ran: when, and on which nodes. Times are seconds since the Unix epoch.
struct Job
{
    std::string id; ///< the scheduler's job id, as text ("4711", "4711_3")
    std::string user;
    std::int64_t submit = 0;
    std::int64_t start = 0;
    std::int64_t end = 0; ///< the job holds its nodes on [start, end)
    std::vector<int> nodes; ///< node ids on the job's machine, ascending

    bool runsAt(std::int64_t time) const { return start <= time && time < end; }
};

} // namespace placement
