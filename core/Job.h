// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CompactText.h"
#include "core/NodeList.h"
#include "core/UserName.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// One job as it ran: when, and on which nodes. Times are seconds since the Unix epoch.
struct Job
{
    CompactText id; ///< the scheduler's job id, as text ("4711", "4711_3")
    UserName user;
    NodeList nodes; ///< node ids on the job's machine, ascending (12 bytes, beside the user)
    std::int64_t submit = 0;
    std::int64_t start = 0;
    std::int64_t end = 0; ///< the job holds its nodes on [start, end)

    bool runsAt(std::int64_t time) const { return start <= time && time < end; }
};

/// The nodes job `index` of `jobs` ran on: the length of its node list, else its size in
/// `nodeCounts` (one per job: the logged sizes of a log without node lists; may be empty),
/// else 0.
inline int jobSize(const std::vector<Job>& jobs, const std::vector<int>& nodeCounts, std::size_t index)
{
    if (!jobs[index].nodes.empty())
        return static_cast<int>(jobs[index].nodes.size());
    return index < nodeCounts.size() && nodeCounts[index] > 0 ? nodeCounts[index] : 0;
}

} // namespace placement
