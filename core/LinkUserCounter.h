// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeList.h"

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace placement {

class Topology;

/// linkUserCounts() (core/NetworkLayout.h) kept up to date from frame to frame of a replay:
/// each job's usable links are found once, when it is first seen running, and the counts
/// change only by the jobs that start or end between two calls. The links of the jobs that
/// run are kept, no others. One thread at a time.
class LinkUserCounter
{
public:
    struct RunningJob
    {
        int id = 0; ///< stable while the jobs do not change (an index into them), >= 0
        const NodeList* nodes = nullptr;
    };

    explicit LinkUserCounter(const Topology& topology);

    /// Per link (Topology::links() order), how many of `running` can use it: equal to
    /// linkUserCounts() of their node lists. A job's nodes must not change while it runs.
    const std::vector<int>& update(std::span<const RunningJob> running);
    /// Forgets every job (the jobs changed).
    void clear();

private:
    const Topology& m_topology;
    std::vector<int> m_counts;
    std::unordered_map<int, std::vector<int>> m_links; ///< per running job: its usable links
    std::vector<std::uint32_t> m_seen; ///< per job id: the last call that listed it
    std::uint32_t m_call = 0;
};

} // namespace placement
