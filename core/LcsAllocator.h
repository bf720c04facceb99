// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"
#include "core/BandwidthLedger.h"
#include "core/FatTreeFreeView.h"

#include <array>
#include <cstdint>
#include <memory>
#include <set>
#include <unordered_map>

namespace placement {

class FatTreeTopology;

/// What LC+S searches cost, shared by an allocator and its copies (the simulator's
/// reservation replays search on copies, and their cut-offs count too).
struct LcsCounters
{
    /// allocate() calls that searched (not those answered from what an earlier search found
    /// on an equal view: core/FatTreeFreeView.h, SearchMemo)
    std::int64_t searches = 0;
    std::int64_t timeouts = 0; ///< searches cut off by the time limit or the step budget
    std::int64_t steps = 0; ///< search steps over all searches
    std::set<int> jobsTimedOut; ///< jobs with at least one search cut off
};

struct LcsOptions
{
    /// Wall time per search, one job scheduling event (§5.4.3: 5 s); 0: no limit.
    double timeoutSeconds = 5;
    /// > 0: also stop a search after this many steps (LcsSearch), which, unlike wall time,
    /// gives the same run on every machine.
    std::int64_t stepBudget = 0;
    std::uint64_t seed = 1; ///< of the bandwidth classes
};

/// LC+S, "least constrained with link sharing" (Smith and Lowenthal, HPDC'21 §5.2.3): a
/// THEORETICAL BOUND for the isolating policies, not a deployable scheduler. It needs each
/// job's bandwidth per link, which no scheduler knows, and its search can take hours in the
/// worst case (§5.3), hence the timeout.
///
/// - Placements: every placement legal under Jigsaw's conditions (1)-(6) of §3.2 (as many
///   up-links as down-links at every switch, N = N requested), without Jigsaw's whole-leaf
///   restriction for allocations that span trees (core/LcsSearch.h has the search and its
///   enumeration order: two-level first, fewest leaves first; the first allocation found).
/// - Links are shared by bandwidth (§5.4.2): every job gets one of four classes, 0.5, 1.0,
///   1.5 or 2.0 GB/s per link, drawn from the seed and the job (its index in the
///   simulation), uniformly; links have 5 GB/s peak, capped at 80 %: a link is usable by a
///   job when the classes of the jobs on it plus its own sum to at most 4.0 GB/s. Demands
///   are counted in units of 0.5 GB/s (classes 1-4, capacity 8) so sums are exact. A job on
///   one leaf uses no links; nodes are never shared.
/// - Timeout: a search cut off by the time limit or the step budget means "not placeable
///   now", as if no placement existed; cut-offs are counted (counters()). Whether a job
///   fits where an allocation found for it before is still legal needs no search (fits(),
///   keepsReservation()).
/// - Links follow the simulator's protocol as Jigsaw's (core/BandwidthLedger.h):
///   allocate() proposes, started() puts the demand on the links, ended() takes it off;
///   ownedLinks() are the links a running job uses (shared, unlike Jigsaw's).
class LcsAllocator final : public Allocator
{
public:
    static constexpr int unitsPerGBps = 2; ///< demands count 0.5 GB/s units
    static constexpr int linkCapacity = 8; ///< 80 % of 5 GB/s, in units
    static constexpr int classes = 4; ///< 1-4 units: 0.5, 1.0, 1.5, 2.0 GB/s

    /// Throws std::invalid_argument when the tree is too large for the search's bit masks
    /// (more than 64 leaves per pod, L2 switches per pod or up-links per L2 switch).
    explicit LcsAllocator(const FatTreeTopology& tree, LcsOptions options = {},
                          std::shared_ptr<LcsCounters> counters = nullptr);
    std::string name() const override { return "lcs"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    /// Whether the job has a placement on `state`: yes without a search when an allocation a
    /// copy found for it (a reservation replay's) is still legal there (its nodes free, its
    /// links with room for its demand), as the exhaustive search would say; else allocate().
    bool fits(const MachineState& state, const AllocationRequest& request) override;
    /// Its view of the machine follows the changes (MachineState::changedSince).
    bool readsChangeMarks() const override { return true; }
    /// True when the allocation a copy found for `head` is `reservedNodes` and every one of
    /// its links has room for the head's demand on top of what runs on it now and the
    /// candidate's proposed demand: jobs only end before the reservation, and no job but
    /// the candidate starts on its nodes, so that allocation stays legal.
    bool keepsReservation(const AllocationRequest& head, const std::vector<int>& reservedNodes,
                          const AllocationRequest& candidate, const std::vector<int>& nodes) const override;
    void started(const AllocationRequest& request, const std::vector<int>& nodes) override;
    void ended(const AllocationRequest& request, const std::vector<int>& nodes) override;
    std::unique_ptr<Allocator> clone() const override
    {
        auto copy = std::make_unique<LcsAllocator>(*this);
        copy->m_copy = true;
        return copy;
    }
    /// A search cut off by wall time may end otherwise the next time; one that ran to its
    /// end, or was cut off by the step budget alone, would not.
    bool lastAnswerRepeats() const override { return !m_lastCutOff || m_options.timeoutSeconds <= 0; }
    std::vector<int> ownedLinks(int job) const override { return m_ledger.linksOf(job); }

    /// The bandwidth class of `job` in units (1-4), the same for the same seed and job.
    static int demandOf(int job, std::uint64_t seed);
    int demand(int job) const { return demandOf(job, m_options.seed); }

    const LcsOptions& options() const { return m_options; }
    const LcsCounters& counters() const { return *m_counters; }
    const BandwidthLedger& ledger() const { return m_ledger; }

    /// What a job of `demand` units may use on `state`: its free nodes, and as usable
    /// up-links those whose load on that view (BandwidthLedger::loadsOn) leaves room for it.
    static void buildView(const FatTreeTopology& tree, const MachineState& state, const BandwidthLedger& ledger,
                          int demand, FatTreeFreeView& view);

    /// The view the last allocate() searched on (for tests: it equals buildView's).
    const FatTreeFreeView& view() const { return m_view; }
    /// Its hash (FatTreeFreeView::hash()), kept up to date with it.
    std::uint64_t viewHash() const { return m_leafHash + m_portsHash; }

private:
    /// Brings m_view from what it was built from (m_viewCache.previous()) to `state`, the
    /// ledger now and `units`: by the leaves and switches that changed since where the
    /// machine's and the ledger's change marks can say, else whole.
    void refreshView(const MachineState& state, int units);
    /// Counts again the free nodes of the leaves in `blocks` (MachineState::changedSince).
    void updateLeaves(const MachineState& state, const std::vector<int>& blocks);
    /// Reads again the usable ports for `units` of the switches with links in `blocks`
    /// (BandwidthLedger::changedSince), into the masks given and their hash terms.
    void updatePorts(std::vector<std::uint64_t>& leafPorts, std::vector<std::uint64_t>& l2Ports, std::uint64_t& hash,
                     int units, const std::vector<int>& blocks) const;
    /// Sets every switch's usable ports for `units`: the masks kept for the class brought up
    /// to the ledger, else read whole from its loads.
    void setPorts(int units);

    const FatTreeTopology* m_tree;
    LcsOptions m_options;
    std::shared_ptr<LcsCounters> m_counters;
    BandwidthLedger m_ledger;
    FatTreeFreeView m_view;
    /// m_view's hash (FatTreeFreeView::hash()): the terms of its free nodes, of its ports.
    std::uint64_t m_leafHash = 0, m_portsHash = 0;
    bool m_viewOwnLoads = false; ///< m_view's ports were read from the ledger's own loads
    /// Usable ports per demand class as last read from the ledger (kept up by this
    /// allocator, not by its copies, which share them and read from them): the EASY window
    /// asks the classes in turn, and a replay starts from the ledger copied.
    struct PortMasks
    {
        std::uint64_t ledger = 0, version = 0; ///< the ledger's identity and version (0: none)
        std::vector<std::uint64_t> leafPorts, l2Ports;
        std::uint64_t hash = 0;
    };
    std::shared_ptr<std::array<PortMasks, classes>> m_ports = std::make_shared<std::array<PortMasks, classes>>();
    ViewCache m_viewCache; ///< m_view and its memo entry while the machine stays as it was
    /// Shared with the copies: what searches found, by the view they ran on.
    std::shared_ptr<SearchMemo> m_memo = std::make_shared<SearchMemo>();
    bool m_lastCutOff = false; ///< the last search ran out of its limits
    /// An allocation found for a job: while legal, the job fits (fits()).
    struct Witness
    {
        std::vector<int> nodes, links;
    };
    /// What copies (reservation replays, plans) found, by job, until the job starts: shared
    /// with the copies.
    std::shared_ptr<std::unordered_map<int, Witness>> m_witnesses
        = std::make_shared<std::unordered_map<int, Witness>>();
    bool m_copy = false; ///< made by clone()
};

} // namespace placement
