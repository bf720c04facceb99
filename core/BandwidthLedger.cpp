// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/BandwidthLedger.h"

#include "core/Allocator.h"
#include "core/BoundedSort.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

BandwidthLedger::BandwidthLedger(int linkCount, int capacity)
    : m_capacity(capacity)
    , m_load(static_cast<size_t>(linkCount), 0)
{}

void BandwidthLedger::propose(int job, std::vector<int> nodes, std::vector<int> links, int demand)
{
    sortBounded(links, static_cast<int>(m_load.size()));
    m_proposals[job] = {std::move(nodes), std::move(links), demand};
}

void BandwidthLedger::commit(int job, const std::vector<int>& nodes)
{
    const auto proposal = m_proposals.find(job);
    if (proposal == m_proposals.end() || proposal->second.nodes != nodes)
        throw std::logic_error("job " + std::to_string(job) + " started on nodes its allocator did not propose");
    if (nodes.empty())
        throw std::logic_error("job " + std::to_string(job) + " started on no nodes");
    if (findHeld(job) != m_held.end())
        throw std::logic_error("job " + std::to_string(job) + " started twice");
    const Proposal& p = proposal->second;
    if (p.demand <= 0 && !p.links.empty())
        throw std::logic_error("job " + std::to_string(job) + " uses links without a bandwidth demand");
    if (std::adjacent_find(p.links.begin(), p.links.end()) != p.links.end())
        throw std::logic_error("job " + std::to_string(job) + " was given a link twice");
    for (int link : p.links) {
        if (link < 0 || link >= static_cast<int>(m_load.size()))
            throw std::logic_error("no link " + std::to_string(link));
        if (m_load[static_cast<size_t>(link)] + p.demand > m_capacity)
            throw std::logic_error("link " + std::to_string(link) + " would carry "
                                   + std::to_string(m_load[static_cast<size_t>(link)] + p.demand) + " of "
                                   + std::to_string(m_capacity) + " units with job " + std::to_string(job));
    }
    for (int link : p.links)
        m_load[static_cast<size_t>(link)] += p.demand;
    m_held.push_back({job, nodes.front(), p.demand, std::make_shared<const std::vector<int>>(p.links)});
    m_proposals.erase(proposal);
}

void BandwidthLedger::release(int job)
{
    m_proposals.erase(job);
    const auto held = findHeld(job);
    if (held == m_held.end())
        return;
    for (int link : *held->links)
        m_load[static_cast<size_t>(link)] -= held->demand;
    m_held.erase(held);
}

std::vector<int> BandwidthLedger::linksOf(int job) const
{
    const auto held = findHeld(job);
    return held == m_held.end() ? std::vector<int>() : *held->links;
}

int BandwidthLedger::demandOf(int job) const
{
    const auto held = findHeld(job);
    return held == m_held.end() ? 0 : held->demand;
}

std::vector<BandwidthLedger::Held>::const_iterator BandwidthLedger::findHeld(int job) const
{
    return std::find_if(m_held.begin(), m_held.end(), [&](const Held& held) { return held.job == job; });
}

bool BandwidthLedger::holds(const MachineState& state, int job, int anchor)
{
    // As LinkLedger::holds: gone on this view when its node is free or another job's.
    const int owner = state.owner(anchor);
    return owner == job || owner == MachineState::reservationOwner;
}

void BandwidthLedger::loadsOn(const MachineState& state, std::vector<int>& load) const
{
    load = m_load;
    for (const Held& held : m_held)
        if (!holds(state, held.job, held.anchor))
            for (int link : *held.links)
                load[static_cast<size_t>(link)] -= held.demand;
}

} // namespace placement
