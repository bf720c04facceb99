#pragma once

#include "core/Allocator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// How queued jobs may overtake each other (REFERENCE §4).
enum class BackfillPolicy {
    Fcfs, ///< strictly in queue order
    Easy, ///< one reservation, for the head job; later jobs start if they do not delay it
    Conservative, ///< a reservation for every queued job; a job starts only if it delays none
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
    int window = 50; ///< EASY: queued jobs after the head considered for backfilling (Jigsaw: 50)
};

struct SimulatedJob
{
    std::int64_t start = -1;
    std::int64_t end = -1;
    std::vector<int> nodes;
    double schedulingMicroseconds = 0; ///< wall time spent in the allocator for this job
    bool neverFits = false; ///< larger than the machine: reported and skipped
};

struct SimulationResult
{
    std::vector<SimulatedJob> jobs; ///< in the order of the input
    int neverFit = 0;
};

/// Replays `jobs` on `topology` with `allocator` choosing nodes: an event-driven simulation
/// (submit, start, end) with the queue in submission order. A job runs for its logged run
/// time capped at its time limit (jobs killed at the limit stay killed); backfilling
/// decisions use the time limit, the only estimate a scheduler has. Reservations are found
/// with the allocator in the loop: completions are replayed on a copy of the machine (with
/// a copy of the allocator) until the job's topology-constrained allocation fits, and a
/// backfilled job that would still run at that time may not take the reserved nodes
/// (Pollard SC'18 §IV, TA plug-in).
SimulationResult simulate(const Topology& topology, const std::vector<SimulationJob>& jobs, Allocator& allocator,
                          const SimulationOptions& options = {});

} // namespace placement
