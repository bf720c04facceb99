// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkLedger.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

LinkLedger::LinkLedger(int linkCount)
    : LinkLedgerBase(linkCount)
    , m_owned(static_cast<size_t>((linkCount + 63) / 64), 0)
{}

void LinkLedger::propose(int job, std::vector<int> nodes, std::vector<int> links)
{
    proposeLinks(job, std::move(nodes), std::move(links), 1);
}

void LinkLedger::commit(int job, const std::vector<int>& nodes)
{
    const Proposal& proposal = proposalToCommit(job, nodes);
    for (int link : proposal.links)
        if (m_owned[static_cast<size_t>(link / 64)] >> (link % 64) & 1) {
            int owner = -1;
            for (const Held& held : m_held)
                if (std::binary_search(held.links->begin(), held.links->end(), link))
                    owner = held.job;
            throw std::logic_error("link " + std::to_string(link) + " given to job " + std::to_string(job)
                                   + " is owned by job " + std::to_string(owner));
        }
    setBits(proposal.links, true);
    hold(job, nodes);
}

void LinkLedger::release(int job)
{
    if (const std::optional<Held> held = drop(job))
        setBits(*held->links, false);
}

void LinkLedger::setBits(const std::vector<int>& links, bool owned)
{
    for (int link : links) {
        std::uint64_t& word = m_owned[static_cast<size_t>(link / 64)];
        const std::uint64_t bit = std::uint64_t(1) << (link % 64);
        word = owned ? word | bit : word & ~bit;
    }
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
