// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkUserCounter.h"

#include "core/NetworkLayout.h"
#include "core/Topology.h"

#include <algorithm>

namespace placement {

LinkUserCounter::LinkUserCounter(const Topology& topology)
    : m_topology(topology)
    , m_counts(topology.links().size(), 0)
{}

const std::vector<int>& LinkUserCounter::update(std::span<const RunningJob> running)
{
    if (++m_call == 0) { // wrapped: forget the old stamps
        std::fill(m_seen.begin(), m_seen.end(), 0);
        m_call = 1;
    }
    for (const RunningJob& job : running) {
        if (job.id < 0 || !job.nodes)
            continue;
        const auto id = static_cast<size_t>(job.id);
        if (id >= m_seen.size())
            m_seen.resize(std::max(id + 1, m_seen.size() * 2), 0);
        if (m_seen[id] == m_call)
            continue; // listed twice
        m_seen[id] = m_call;
        const auto [entry, started] = m_links.try_emplace(job.id);
        if (!started)
            continue;
        entry->second = usableLinks(m_topology, *job.nodes);
        for (int link : entry->second)
            ++m_counts[static_cast<size_t>(link)];
    }
    for (auto entry = m_links.begin(); entry != m_links.end();) {
        if (m_seen[static_cast<size_t>(entry->first)] == m_call) {
            ++entry;
            continue;
        }
        for (int link : entry->second) // ended
            --m_counts[static_cast<size_t>(link)];
        entry = m_links.erase(entry);
    }
    return m_counts;
}

void LinkUserCounter::clear()
{
    m_links.clear();
    std::fill(m_counts.begin(), m_counts.end(), 0);
}

} // namespace placement
