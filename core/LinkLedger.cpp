// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkLedger.h"

#include "core/Allocator.h"
#include "core/BoundedSort.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

LinkLedger::LinkLedger(int linkCount)
    : m_linkCount(linkCount)
    , m_owned(static_cast<size_t>((linkCount + 63) / 64), 0)
{}

void LinkLedger::propose(int job, std::vector<int> nodes, std::vector<int> links)
{
    sortBounded(links, m_linkCount);
    m_proposals[job] = {std::move(nodes), std::move(links)};
}

void LinkLedger::commit(int job, const std::vector<int>& nodes)
{
    const auto proposal = m_proposals.find(job);
    if (proposal == m_proposals.end() || proposal->second.nodes != nodes)
        throw std::logic_error("job " + std::to_string(job) + " started on nodes its allocator did not propose");
    if (nodes.empty())
        throw std::logic_error("job " + std::to_string(job) + " started on no nodes");
    if (findHeld(job) != m_held.end())
        throw std::logic_error("job " + std::to_string(job) + " started twice");
    const std::vector<int>& links = proposal->second.links;
    for (int link : links) {
        if (link < 0 || link >= m_linkCount)
            throw std::logic_error("no link " + std::to_string(link));
        if (m_owned[static_cast<size_t>(link / 64)] >> (link % 64) & 1) {
            int owner = -1;
            for (const Held& held : m_held)
                if (std::binary_search(held.links->begin(), held.links->end(), link))
                    owner = held.job;
            throw std::logic_error("link " + std::to_string(link) + " given to job " + std::to_string(job)
                                   + " is owned by job " + std::to_string(owner));
        }
    }
    if (std::adjacent_find(links.begin(), links.end()) != links.end())
        throw std::logic_error("job " + std::to_string(job) + " was given a link twice");
    setBits(links, true);
    m_held.push_back({job, nodes.front(), std::make_shared<const std::vector<int>>(std::move(proposal->second.links))});
    m_proposals.erase(proposal);
}

void LinkLedger::release(int job)
{
    m_proposals.erase(job);
    const auto held = findHeld(job);
    if (held == m_held.end())
        return;
    setBits(*held->links, false);
    // Unordered: the last running job takes its place (a replay ends many jobs).
    const auto position = held - m_held.begin();
    if (held + 1 != m_held.end())
        m_held[static_cast<size_t>(position)] = std::move(m_held.back());
    m_held.pop_back();
}

std::vector<int> LinkLedger::linksOf(int job) const
{
    const auto held = findHeld(job);
    return held == m_held.end() ? std::vector<int>() : *held->links;
}

std::vector<LinkLedger::Held>::const_iterator LinkLedger::findHeld(int job) const
{
    return std::find_if(m_held.begin(), m_held.end(), [&](const Held& held) { return held.job == job; });
}

void LinkLedger::setBits(const std::vector<int>& links, bool owned)
{
    for (int link : links) {
        std::uint64_t& word = m_owned[static_cast<size_t>(link / 64)];
        const std::uint64_t bit = std::uint64_t(1) << (link % 64);
        word = owned ? word | bit : word & ~bit;
    }
}

bool LinkLedger::holds(const MachineState& state, int job, int anchor)
{
    // Gone on this view (a replay of expected completions) when its node is free or
    // another job's. A node held for a reservation may still be the job's: EASY's
    // backfill view marks every reserved node so, those running jobs took included.
    const int owner = state.owner(anchor);
    return owner == job || owner == MachineState::reservationOwner;
}

void LinkLedger::busyBits(const MachineState& state, std::vector<std::uint64_t>& bits) const
{
    bits = m_owned;
    for (const Held& held : m_held)
        if (!holds(state, held.job, held.anchor))
            for (int link : *held.links)
                bits[static_cast<size_t>(link / 64)] &= ~(std::uint64_t(1) << (link % 64));
}

void LinkLedger::markBusy(const MachineState& state, std::vector<char>& busy) const
{
    std::vector<std::uint64_t> bits;
    busyBits(state, bits);
    busy.assign(static_cast<size_t>(m_linkCount), 0);
    for (int link = 0; link < m_linkCount; ++link)
        busy[static_cast<size_t>(link)] = static_cast<char>(bits[static_cast<size_t>(link / 64)] >> (link % 64) & 1);
}

} // namespace placement
