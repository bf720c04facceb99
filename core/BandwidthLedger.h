// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/ChangeMarks.h"
#include "core/LinkLedgerBase.h"

#include <vector>

namespace placement {

/// Links shared by bandwidth, for LC+S (Smith and Lowenthal, HPDC'21 §5.2.3): every running
/// job puts its demand on each link it uses, and a link carries at most `capacity` of it
/// (§5.4.2: 80 % of a 5 GB/s link). Demands are whole units (LcsAllocator counts in
/// 0.5 GB/s), so sums are exact. Links are ids of Topology::links().
///
/// The protocol is LinkLedgerBase's: allocate() proposes (the links and demand of the
/// allocation it returned), started() commits exactly that proposal, ended() releases. A
/// job's demand is on its links on a view of the machine while it still holds its first node
/// there, so reservation replays and conservative plans, which end jobs on copies of the
/// machine, see those jobs' bandwidth given back.
class BandwidthLedger : public LinkLedgerBase
{
public:
    explicit BandwidthLedger(int linkCount = 0, int capacity = 0);
    /// A copy is another ledger (LinkLedgerBase), unchanged since it was made.
    BandwidthLedger(const BandwidthLedger& other);
    BandwidthLedger& operator=(const BandwidthLedger& other);

    int capacity() const { return m_capacity; }

    /// Remembers what allocate() chose for `job` (replacing an earlier proposal): its nodes,
    /// the links it uses (each once) and its demand per link (> 0).
    void propose(int job, std::vector<int> nodes, std::vector<int> links, int demand);
    /// The job starts on `nodes`: its proposed demand goes onto its links. Throws
    /// std::logic_error if `nodes` is not the last proposal for the job, the job already
    /// runs, a link is listed twice or would carry more than the capacity.
    void commit(int job, const std::vector<int>& nodes);
    /// The job ended: its demand leaves its links (and any proposal for it is forgotten).
    void release(int job);

    /// The demand of a running job, 0 when it does not run.
    int demandOf(int job) const;
    /// The load of every link now, all running jobs counted.
    const std::vector<int>& loads() const { return m_load; }
    /// The load of every link on the view `state`: the running jobs that still hold their
    /// first node there. The ledger's own loads when every job it holds still does (no copy),
    /// else `scratch`, filled with them less the jobs gone on this view.
    const std::vector<int>& loadsOn(const MachineState& state, std::vector<int>& scratch) const;

    /// Links are watched for load changes in blocks of this many ids.
    static constexpr int changeBlock = 64;
    /// Appends to `blocks` the blocks of changeBlock link ids (by number: links block *
    /// changeBlock onwards) holding a link of a job that started or ended since the ledger
    /// `identity` was at `version`: this ledger at an earlier version, or the ledger it was
    /// copied from at a version up to the one it had then. False (nothing appended) for
    /// another ledger or a version not reached. Loads read then are right now outside them.
    bool changedSince(std::uint64_t identity, std::uint64_t version, std::vector<int>& blocks) const;

private:
    int m_capacity;
    std::vector<int> m_load; ///< per link: the demand of every running job on it
    ChangeMarks m_marks{changeBlock};
};

} // namespace placement
