// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

class Store;

/// The words of a machine's jobs that the job table shows and filters on beyond Job: the
/// job's name, its final state and whether it shares nodes, in the order of a job list. Packed (one text buffer for
/// the names, one small table of distinct states) so a million jobs cost a few megabytes,
/// not two million strings; without names, 2 bytes a job.
class JobLabels
{
public:
    std::size_t size() const { return m_wideState.empty() ? m_state.size() : m_wideState.size(); }
    std::string_view name(std::size_t job) const
    {
        if (!m_named)
            return {}; // no job has a name
        const std::uint32_t begin = job == 0 ? 0 : m_nameEnd[job - 1];
        return std::string_view(m_names).substr(begin, m_nameEnd[job] - begin);
    }
    std::string_view state(std::size_t job) const { return m_states[static_cast<std::size_t>(stateIndex(job))]; }
    /// Index of the job's state in states().
    int stateIndex(std::size_t job) const { return m_wideState.empty() ? m_state[job] : m_wideState[job]; }
    /// Whether any job has a name.
    bool hasNames() const { return !m_names.empty(); }
    /// Every state that occurs, in order of first appearance ("" for jobs without one).
    const std::vector<std::string>& states() const { return m_states; }

    /// Whether the job holds a node another job holds at the same time (jobs.shares_nodes;
    /// false for the jobs of a simulated run, which never share).
    bool sharesNodes(std::size_t job) const { return job < m_shares.size() && m_shares[job]; }
    /// Whether any job does.
    bool anySharesNodes() const { return m_anyShares; }
    /// sharesNodes() of every job, one mark each, where any job does; else empty.
    const std::vector<char>& sharingMarks() const { return m_shares; }

    void append(std::string_view name, std::string_view state, bool sharesNodes = false);

private:
    std::vector<char> m_shares; ///< per job: shares nodes; empty while none does
    bool m_anyShares = false;
    std::string m_names;
    bool m_named = false; ///< a job has a name: m_nameEnd is kept
    std::vector<std::uint32_t> m_nameEnd; ///< per job: where its name ends in m_names; empty while none has one
    std::vector<std::uint8_t> m_state; ///< per job: index into m_states, while there are at most 256
    std::vector<std::uint16_t> m_wideState; ///< instead of m_state beyond 256 states
    std::vector<std::string> m_states;
};

/// The labels of a machine's logged jobs, in the order of Store::jobs().
JobLabels jobLabels(Store& store, std::int64_t machineId);

} // namespace placement
