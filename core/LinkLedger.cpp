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
    Held& held = hold(job, nodes);
    held.words = wordsOf(*held.links);
    setBits(*held.words, true);
}

void LinkLedger::release(int job)
{
    if (const std::optional<Held> held = drop(job))
        setBits(*held->words, false);
}

void LinkLedger::setBits(const std::vector<LinkWord>& words, bool owned)
{
    for (const LinkWord& word : words) {
        std::uint64_t& bits = m_owned[word.word];
        bits = owned ? bits | word.bits : bits & ~word.bits;
    }
}

void LinkLedger::busyBits(const MachineState& state, std::vector<std::uint64_t>& bits) const
{
    bits = m_owned;
    for (const Held& held : m_held)
        if (!holds(state, held.job, held.anchor))
            for (const LinkWord& word : *held.words)
                bits[word.word] &= ~word.bits;
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
