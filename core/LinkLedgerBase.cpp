// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkLedgerBase.h"

#include "core/Allocator.h"
#include "core/BoundedSort.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

LinkLedgerBase::LinkLedgerBase(int linkCount)
    : m_linkCount(linkCount)
    , m_identity(newIdentity())
{}

LinkLedgerBase::LinkLedgerBase(const LinkLedgerBase& other)
    : m_linkCount(other.m_linkCount)
    , m_identity(newIdentity())
    , m_proposals(other.m_proposals)
    , m_held(other.m_held)
{}

LinkLedgerBase& LinkLedgerBase::operator=(const LinkLedgerBase& other)
{
    if (this == &other)
        return *this;
    m_linkCount = other.m_linkCount;
    m_identity = newIdentity();
    m_version = 0;
    m_proposals = other.m_proposals;
    m_held = other.m_held;
    return *this;
}

const std::vector<int>* LinkLedgerBase::proposedLinks(int job) const
{
    const auto proposal = m_proposals.find(job);
    return proposal == m_proposals.end() ? nullptr : &proposal->second.links;
}

bool LinkLedgerBase::everyJobHolds(const MachineState& state) const
{
    return std::all_of(m_held.begin(), m_held.end(),
                       [&](const Held& held) { return holds(state, held.job, held.anchor); });
}

void LinkLedgerBase::proposeLinks(int job, std::vector<int> nodes, std::vector<int> links, int demand)
{
    m_proposals[job] = {std::move(nodes), std::move(links), demand};
}

const LinkLedgerBase::Proposal& LinkLedgerBase::proposalToCommit(int job, const std::vector<int>& nodes)
{
    const auto proposal = m_proposals.find(job);
    if (proposal == m_proposals.end() || proposal->second.nodes != nodes)
        throw std::logic_error("job " + std::to_string(job) + " started on nodes its allocator did not propose");
    if (nodes.empty())
        throw std::logic_error("job " + std::to_string(job) + " started on no nodes");
    if (findHeld(job) != m_held.end())
        throw std::logic_error("job " + std::to_string(job) + " started twice");
    std::vector<int>& links = proposal->second.links;
    for (int link : links)
        if (link < 0 || link >= m_linkCount)
            throw std::logic_error("no link " + std::to_string(link));
    // Sorted here, not when proposed: most proposals (a backfill pass, a reservation replay)
    // never start.
    sortBounded(links, m_linkCount);
    if (std::adjacent_find(links.begin(), links.end()) != links.end())
        throw std::logic_error("job " + std::to_string(job) + " was given a link twice");
    return proposal->second;
}

std::shared_ptr<const std::vector<LinkLedgerBase::LinkWord>> LinkLedgerBase::wordsOf(const std::vector<int>& links)
{
    auto words = std::make_shared<std::vector<LinkWord>>();
    for (int link : links) { // sorted
        const auto word = static_cast<std::uint32_t>(link / 64);
        if (words->empty() || words->back().word != word)
            words->push_back({word, 0});
        words->back().bits |= std::uint64_t(1) << (link % 64);
    }
    return words;
}

LinkLedgerBase::Held& LinkLedgerBase::hold(int job, const std::vector<int>& nodes)
{
    const auto proposal = m_proposals.find(job);
    m_held.push_back({job, nodes.front(), proposal->second.demand,
                      std::make_shared<const std::vector<int>>(std::move(proposal->second.links)), nullptr});
    m_proposals.erase(proposal);
    ++m_version;
    return m_held.back();
}

std::optional<LinkLedgerBase::Held> LinkLedgerBase::drop(int job)
{
    m_proposals.erase(job);
    const auto held = findHeld(job);
    if (held == m_held.end())
        return std::nullopt;
    // Unordered: the last running job takes its place (a replay ends many jobs).
    const auto position = static_cast<size_t>(held - m_held.begin());
    Held dropped = std::move(m_held[position]);
    if (position + 1 != m_held.size())
        m_held[position] = std::move(m_held.back());
    m_held.pop_back();
    ++m_version;
    return dropped;
}

std::vector<int> LinkLedgerBase::linksOf(int job) const
{
    const auto held = findHeld(job);
    return held == m_held.end() ? std::vector<int>() : *held->links;
}

std::vector<LinkLedgerBase::Held>::const_iterator LinkLedgerBase::findHeld(int job) const
{
    return std::find_if(m_held.begin(), m_held.end(), [&](const Held& held) { return held.job == job; });
}

bool LinkLedgerBase::holds(const MachineState& state, int job, int anchor)
{
    // Gone on this view (a replay of expected completions) when its node is free or
    // another job's. A node held for a reservation may still be the job's: EASY's
    // backfill view marks every reserved node so, those running jobs took included.
    const int owner = state.owner(anchor);
    return owner == job || owner == MachineState::reservationOwner;
}

} // namespace placement
