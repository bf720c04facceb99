// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {

/// How queued jobs may overtake each other (docs/reference.md §4).
enum class BackfillPolicy {
    Fcfs, ///< strictly in queue order
    Easy, ///< one reservation, for the head job; later jobs start if they do not delay it
    Conservative, ///< a reservation for every queued job; a job starts only if it delays none
    /// The head and the next `window` jobs are offered at once to the allocator's window
    /// scheduler (AUCSCHED3's auction), which starts any of them; no reservations.
    Auction,
};

const char* backfillName(BackfillPolicy policy);

/// One job of a workload to replay.
struct SimulationJob
{
    std::string id;
    std::int64_t submit = 0;
    std::int64_t runTime = 0; ///< as logged (end - start)
    std::int64_t timeLimit = 0; ///< requested wall time; <= 0: unknown (the run time is used)
    int nodes = 1;
};

struct SimulationOptions
{
    BackfillPolicy backfill = BackfillPolicy::Easy;
    /// Queued jobs after the head considered for backfilling (Jigsaw: 50), by EASY and by
    /// conservative backfilling (which gives reservations to the head and this many more);
    /// the auction offers the head and this many more.
    int window = 50;
    /// Called now and then with the jobs finished so far and the total; returning false
    /// stops the replay with SimulationCancelled.
    std::function<bool(int done, int total)> progress;
};

/// Thrown by simulate() when the progress callback asks to stop.
class SimulationCancelled : public std::runtime_error
{
public:
    SimulationCancelled()
        : std::runtime_error("simulation cancelled")
    {}
};

struct SimulatedJob
{
    std::int64_t start = -1;
    std::int64_t end = -1;
    std::vector<int> nodes; ///< the nodes it runs on: as many as it asked for, in index order
    /// Every node held for it when the allocator gave more than asked (LaaS's whole leaves):
    /// `nodes` plus the idle ones, in index order; empty when it holds just `nodes`.
    std::vector<int> allocated;
    /// The links it owned (ids of Topology::links(), sorted) under policies that allocate
    /// links (Jigsaw, LaaS); empty for the others.
    std::vector<int> links;
    /// Every node held while it ran (internal fragmentation: held().size() - nodes.size()).
    const std::vector<int>& held() const { return allocated.empty() ? nodes : allocated; }
    double schedulingMicroseconds = 0; ///< wall time spent in the allocator for this job
    /// The longest single decision among them: one allocator call, or one check that a
    /// backfilled job leaves the head's reservation placeable.
    double longestDecisionMicroseconds = 0;
    /// EASY and conservative: the start time of the first reservation the job got (as the
    /// head job, or in the conservative schedule); -1 if it never needed one. Backfilling
    /// must never make a job start later than this.
    std::int64_t firstReservation = -1;
    /// Larger than the machine, or not placeable by the allocator even on the empty machine
    /// (Jigsaw spanning pods of a tapered tree): reported and skipped.
    bool neverFits = false;
};

struct SimulationResult
{
    std::vector<SimulatedJob> jobs; ///< in the order of the input
    int neverFit = 0;
};

/// Replays `jobs` on `topology` with `allocator` choosing nodes: an event-driven simulation
/// (submit, start, end) with the queue in submission order. A job runs for its logged run
/// time capped at its time limit (jobs killed at the limit stay killed); backfilling
/// decisions use the time limit, the only estimate a scheduler has: running jobs are
/// expected to end at start + limit. Reservations are found with the allocator in the loop:
/// expected completions are replayed on a copy of the machine (with a copy of the
/// allocator) until the job's topology-constrained allocation fits; a backfilled job that
/// would still run at that time may not take the reserved nodes, and for allocators with
/// placement rules (TA) it must leave the reservation placeable (Pollard SC'18 §IV, TA
/// plug-in). BackfillPolicy::Auction needs an allocator with a window scheduler
/// (std::invalid_argument otherwise); the wall time of each auction is shared equally by
/// the jobs of its window.
SimulationResult simulate(const Topology& topology, const std::vector<SimulationJob>& jobs, Allocator& allocator,
                          const SimulationOptions& options = {});

} // namespace placement
