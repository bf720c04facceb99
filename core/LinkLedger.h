// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace placement {

class MachineState;

/// Which links each running job owns, for allocators that allocate links explicitly
/// (Jigsaw HPDC'21 §3.2.1: "each node and each link (exclusively) assigned to at most one
/// job"; LaaS). Links are ids of Topology::links().
///
/// Allocator::allocate() must not change the machine, so an allocation is first proposed
/// (allocate() remembers the links it chose for the job), committed when the simulator
/// starts the job with exactly those nodes (started()), and released when it ends (ended()).
///
/// Which links are busy depends on the view of the machine an allocator is asked about:
/// the simulator also asks on copies where jobs expected to have ended are gone (reservation
/// replays, conservative plans). A job's links are busy on a view when the job still holds
/// its nodes there: its first node is owned by it, or held for a reservation (EASY's
/// backfill view marks reserved nodes so, a running job's among them), so links and nodes
/// never disagree.
class LinkLedger
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

    /// The links `job` owns (sorted), empty when it holds none.
    std::vector<int> linksOf(int job) const;
    /// busy[link] = 1 for every link whose owner still holds its first node on `state`
    /// (owned by it or held for a reservation); the vector is resized to the link count
    /// and cleared first.
    void markBusy(const MachineState& state, std::vector<char>& busy) const;
    /// The same as a bit set: bit (link mod 64) of word link / 64 set when busy on `state`.
    /// Cheap: the owned links are kept as bits, and only the links of jobs gone on this view
    /// are given back.
    void busyBits(const MachineState& state, std::vector<std::uint64_t>& bits) const;

private:
    /// Whether `job`, whose first node is `anchor`, still runs on `state`.
    static bool holds(const MachineState& state, int job, int anchor);
    void setBits(const std::vector<int>& links, bool owned);

    struct Proposal
    {
        std::vector<int> nodes;
        std::vector<int> links;
    };
    struct Held
    {
        int job = -1;
        int anchor = -1; ///< a node of the job: its owner on a view says whether the job runs there
        std::shared_ptr<const std::vector<int>> links; ///< shared by copies (reservation replays)
    };
    std::vector<Held>::const_iterator findHeld(int job) const;

    int m_linkCount;
    std::map<int, Proposal> m_proposals;
    std::vector<Held> m_held; ///< the running jobs, unordered (walked on every allocation)
    std::vector<std::uint64_t> m_owned; ///< bit per link: owned by a running job
};

} // namespace placement
