// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/BandwidthLedger.h"

#include <stdexcept>
#include <string>

namespace placement {

BandwidthLedger::BandwidthLedger(int linkCount, int capacity)
    : LinkLedgerBase(linkCount)
    , m_capacity(capacity)
    , m_load(static_cast<size_t>(linkCount), 0)
{
    m_marks.start(linkCount, m_version);
}

BandwidthLedger::BandwidthLedger(const BandwidthLedger& other)
    : LinkLedgerBase(other)
    , m_capacity(other.m_capacity)
    , m_load(other.m_load)
    , m_marks(ChangeMarks::copyOf(other.m_marks, other.identity(), other.version()))
{}

BandwidthLedger& BandwidthLedger::operator=(const BandwidthLedger& other)
{
    if (this == &other)
        return *this;
    LinkLedgerBase::operator=(other);
    m_capacity = other.m_capacity;
    m_load = other.m_load;
    m_marks = ChangeMarks::copyOf(other.m_marks, other.identity(), other.version());
    return *this;
}

bool BandwidthLedger::changedSince(std::uint64_t identity, std::uint64_t version, std::vector<int>& blocks) const
{
    return m_marks.since(m_identity, m_version, identity, version, blocks);
}

void BandwidthLedger::propose(int job, std::vector<int> nodes, std::vector<int> links, int demand)
{
    proposeLinks(job, std::move(nodes), std::move(links), demand);
}

void BandwidthLedger::commit(int job, const std::vector<int>& nodes)
{
    const Proposal& p = proposalToCommit(job, nodes);
    if (p.demand <= 0 && !p.links.empty())
        throw std::logic_error("job " + std::to_string(job) + " uses links without a bandwidth demand");
    for (int link : p.links)
        if (m_load[static_cast<size_t>(link)] + p.demand > m_capacity)
            throw std::logic_error("link " + std::to_string(link) + " would carry "
                                   + std::to_string(m_load[static_cast<size_t>(link)] + p.demand) + " of "
                                   + std::to_string(m_capacity) + " units with job " + std::to_string(job));
    const Held& held = hold(job, nodes);
    int* load = m_load.data();
    const int demand = held.demand;
    m_marks.mark(*held.links, m_version, [&](int link) { load[link] += demand; });
}

void BandwidthLedger::release(int job)
{
    const std::optional<Held> held = drop(job);
    if (!held)
        return;
    int* load = m_load.data();
    const int demand = held->demand;
    m_marks.mark(*held->links, m_version, [&](int link) { load[link] -= demand; });
}

int BandwidthLedger::demandOf(int job) const
{
    const auto held = findHeld(job);
    return held == m_held.end() ? 0 : held->demand;
}

const std::vector<int>& BandwidthLedger::loadsOn(const MachineState& state, std::vector<int>& scratch) const
{
    bool copied = false;
    for (const Held& held : m_held) {
        if (holds(state, held.job, held.anchor))
            continue;
        if (!copied) {
            scratch = m_load;
            copied = true;
        }
        for (int link : *held.links)
            scratch[static_cast<size_t>(link)] -= held.demand;
    }
    return copied ? scratch : m_load;
}

} // namespace placement
