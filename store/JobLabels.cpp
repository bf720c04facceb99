// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/JobLabels.h"

#include "store/LoggedJobs.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

void JobLabels::append(std::string_view name, std::string_view state, bool sharesNodes)
{
    // The flags and the name ends are kept from the first job that shares or has a name:
    // most logs have no names (SWF) and most jobs share nothing.
    const size_t job = size();
    if (sharesNodes && !m_anyShares)
        m_shares.assign(job, 0);
    m_anyShares = m_anyShares || sharesNodes;
    if (m_anyShares)
        m_shares.push_back(sharesNodes ? 1 : 0);
    if (m_names.size() + name.size() > UINT32_MAX)
        throw std::length_error("job names exceed 4 GiB");
    if (!name.empty() && !m_named) {
        m_nameEnd.assign(job, 0);
        m_named = true;
    }
    if (m_named) {
        m_names.append(name);
        m_nameEnd.push_back(static_cast<std::uint32_t>(m_names.size()));
    }
    // A handful of states in practice (COMPLETED, FAILED, ...): a linear search is fastest.
    auto found = std::find(m_states.begin(), m_states.end(), state);
    if (found == m_states.end()) {
        if (m_states.size() > UINT16_MAX)
            throw std::length_error("more than 65,536 distinct job states");
        m_states.emplace_back(state);
        found = m_states.end() - 1;
    }
    const auto index = static_cast<std::size_t>(found - m_states.begin());
    if (index > UINT8_MAX && m_wideState.empty()) { // a 257th state: 16 bits each from now on
        m_wideState.assign(m_state.begin(), m_state.end());
        m_state = {};
    }
    if (m_wideState.empty())
        m_state.push_back(static_cast<std::uint8_t>(index));
    else
        m_wideState.push_back(static_cast<std::uint16_t>(index));
}

JobLabels jobLabels(Store& store, std::int64_t machineId)
{
    return readLoggedJobs(store, machineId, LoggedLabels).labels;
}

} // namespace placement
