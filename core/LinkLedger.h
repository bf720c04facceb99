// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"
#include "core/LinkLedgerBase.h"

#include <cstdint>
#include <vector>

namespace placement {

/// Which links each running job owns, for allocators that allocate links explicitly
/// (Jigsaw HPDC'21 §3.2.1: "each node and each link (exclusively) assigned to at most one
/// job"; LaaS). Links are ids of Topology::links().
///
/// The protocol (propose, commit, release) and which links count as busy on a view of the
/// machine are LinkLedgerBase's.
class LinkLedger : public LinkLedgerBase
{
public:
    explicit LinkLedger(int linkCount = 0);

    /// Remembers what allocate() chose for `job` (replacing an earlier proposal).
    void propose(int job, std::vector<int> nodes, std::vector<int> links);
    /// The job starts on `nodes`: its proposed links become its own. Throws
    /// std::logic_error if `nodes` is not the last proposal for the job or a link is owned.
    void commit(int job, const std::vector<int>& nodes);
    /// The job ended: its links are free again (and any proposal for it forgotten).
    void release(int job);

    /// busy[link] = 1 for every link whose owner still holds its first node on `state`
    /// (owned by it or held for a reservation); the vector is resized to the link count
    /// and cleared first.
    void markBusy(const MachineState& state, std::vector<char>& busy) const;
    /// The same as a bit set: bit (link mod 64) of word link / 64 set when busy on `state`.
    /// Cheap: the owned links are kept as bits, and only the links of jobs gone on this view
    /// are given back.
    void busyBits(const MachineState& state, std::vector<std::uint64_t>& bits) const;

private:
    void setBits(const std::vector<LinkWord>& words, bool owned);

    std::vector<std::uint64_t> m_owned; ///< bit per link: owned by a running job
};

/// An allocator that owns the links of the jobs it places (Jigsaw, LaaS): allocate()
/// proposes the nodes and links it chose (m_ledger.propose), and the ledger's protocol
/// follows the simulator's hooks here.
class LinkOwningAllocator : public Allocator
{
public:
    void started(const AllocationRequest& request, const std::vector<int>& nodes) final
    {
        m_ledger.commit(request.job, nodes);
    }
    void resume(const AllocationRequest& request, const std::vector<int>& nodes, const std::vector<int>& links) final
    {
        m_ledger.propose(request.job, nodes, links);
        m_ledger.commit(request.job, nodes);
    }
    void ended(const AllocationRequest& request, const std::vector<int>&) final { m_ledger.release(request.job); }
    std::vector<int> ownedLinks(int job) const final { return m_ledger.linksOf(job); }

protected:
    explicit LinkOwningAllocator(int linkCount)
        : m_ledger(linkCount)
    {}

    LinkLedger m_ledger;
};

} // namespace placement
