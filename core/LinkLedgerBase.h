// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace placement {

class MachineState;

/// What the two link ledgers (LinkLedger: links owned exclusively; BandwidthLedger: links
/// shared by bandwidth) keep alike: the protocol of an allocator that allocates links
/// explicitly. allocate() must not change the machine, so an allocation is first proposed
/// (the nodes and links chosen for a job, and its demand per link), committed when the
/// simulator starts the job on exactly those nodes, and released when it ends. Links are ids
/// of Topology::links().
///
/// A running job's links count on a view of the machine while the job still holds its first
/// node there (holds()): owned by it, or held for a reservation. The simulator also asks on
/// copies where jobs expected to have ended are gone (reservation replays, conservative
/// plans), so links and nodes never disagree.
class LinkLedgerBase
{
public:
    /// The links `job` runs on (sorted), empty when it does not run.
    std::vector<int> linksOf(int job) const;

    /// This ledger among all (a copy gets its own), and how many times jobs started or
    /// ended on it: a view read from it at the same identity and version is still right.
    std::uint64_t identity() const { return m_identity; }
    std::uint64_t version() const { return m_version; }
    /// The links of the last proposal for `job`, or nullptr.
    const std::vector<int>* proposedLinks(int job) const;
    /// Whether every running job still holds its first node on the view `state`: its links'
    /// loads there are then all the ledger's.
    bool everyJobHolds(const MachineState& state) const;

protected:
    explicit LinkLedgerBase(int linkCount);
    LinkLedgerBase(const LinkLedgerBase& other);
    LinkLedgerBase& operator=(const LinkLedgerBase& other);
    ~LinkLedgerBase() = default;

    struct Proposal
    {
        std::vector<int> nodes;
        std::vector<int> links; ///< in any order; sorted by proposalToCommit()
        int demand = 0;
    };
    /// The links of one 64-bit word of a bit set over the links: bit (link mod 64) of word
    /// link / 64.
    struct LinkWord
    {
        std::uint32_t word = 0;
        std::uint64_t bits = 0;
    };
    struct Held
    {
        int job = -1;
        int anchor = -1; ///< a node of the job: its owner on a view says whether the job runs there
        int demand = 0;
        std::shared_ptr<const std::vector<int>> links; ///< shared by copies (reservation replays)
        /// The same links word by word, ascending (a job's links are mostly consecutive ids:
        /// setting or clearing them takes one step per word); kept by ledgers that use them.
        std::shared_ptr<const std::vector<LinkWord>> words;
    };

    /// Remembers a proposal for `job`, replacing an earlier one.
    void proposeLinks(int job, std::vector<int> nodes, std::vector<int> links, int demand);
    /// The proposal `job` starts with on `nodes`, its links sorted. Throws std::logic_error
    /// unless it was proposed with exactly these nodes, they are not empty, the job does not
    /// run yet and its links exist, each listed once.
    const Proposal& proposalToCommit(int job, const std::vector<int>& nodes);
    /// The job's proposal (checked by proposalToCommit) becomes a running job.
    Held& hold(int job, const std::vector<int>& nodes);
    /// Sorted links word by word (Held::words).
    static std::shared_ptr<const std::vector<LinkWord>> wordsOf(const std::vector<int>& links);
    /// Forgets any proposal for `job` and takes it off the running jobs: what it held, if it ran.
    std::optional<Held> drop(int job);

    std::vector<Held>::const_iterator findHeld(int job) const;
    /// Whether `job`, whose first node is `anchor`, still runs on the view `state`.
    static bool holds(const MachineState& state, int job, int anchor);

    int m_linkCount;
    std::uint64_t m_identity;
    std::uint64_t m_version = 0;
    std::map<int, Proposal> m_proposals;
    std::vector<Held> m_held; ///< the running jobs, unordered (walked on every allocation)
};

} // namespace placement
