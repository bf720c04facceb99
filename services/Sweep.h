// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"

#include <atomic>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace placement {

/// A sweep: every combination of the listed values of the swept parameters, replayed on the
/// jobs of one machine of one database (docs/simulation.md, "Sweeps").
///
/// The parameters that can be swept, by the names the command line and plan files use:
/// `policy`, `order`, `backfill`, `window`, `speedup`, `seed`, `arrivals`, `scale-nodes`.
/// Every other setting comes from `base`.
struct SweepTarget
{
    std::string database; ///< path of the database
    SimulationSetup base; ///< the machine and every setting that is not swept
    /// Parameter name → its values, in the order given; the points are their cross product.
    std::vector<std::pair<std::string, std::vector<std::string>>> dimensions;
    /// A point matching every entry of one exclusion (parameter name → value) is left out.
    std::vector<std::map<std::string, std::string>> exclusions;
};

/// One point of a sweep.
struct SweepPoint
{
    size_t target = 0; ///< index of its SweepTarget
    SimulationSetup setup;
    std::map<std::string, std::string> values; ///< the swept parameters' values
    /// Stable id: XXH3-128 of the point's parameters (the machine, every setting), the
    /// identity of the machine's stored jobs and the code version (32 hex digits). The same
    /// point of a later sweep on the same jobs, by the same program, has the same id.
    std::string id;
};

class Store;

/// The sweep point ids the stored runs of a machine carry (`parameters.sweep_point`).
std::set<std::string> storedSweepPoints(Store& store, std::int64_t machineId);
/// The same by the machine's name; throws std::invalid_argument for an unknown machine.
std::set<std::string> storedSweepPoints(Store& store, const std::string& machine);

/// The parameter names a sweep accepts, in a stable order.
const std::vector<std::string>& sweepParameters();

/// Sets one parameter of a setup from its text, as the command line's option of that name
/// does; throws std::invalid_argument naming the parameter and the value.
void applySweepParameter(SimulationSetup& setup, const std::string& name, const std::string& value);

struct SweepOptions
{
    std::string name = "sweep"; ///< the sweep's name: runs are named "NAME: <default run name>"
    std::string version; ///< the program's version and commit, stored with each run
    int workers = 1; ///< points replayed at once
    /// Set (from a signal handler, say) to stop: no point is started after it, points being
    /// replayed are abandoned, finished points stay stored.
    std::atomic<bool>* stop = nullptr;
    /// Non-empty: runs go into this result file (services/SweepResults.h), not into the
    /// databases, which are only read (a Slurm array task); points already in the file or in
    /// the database are skipped.
    std::string resultFile;
};

/// What happened to one point.
struct SweepPointOutcome
{
    enum class State { Stored, AlreadyStored, Empty, Failed, Stopped } state = State::Stored;
    const SweepPoint* point = nullptr;
    std::int64_t runId = 0;
    std::string runName;
    std::string error; ///< Failed: why (an unknown order, a policy the machine cannot have, ...)
    double seconds = 0; ///< wall time of the replay
};

struct SweepProgress
{
    int finished = 0; ///< points stored, skipped as stored before, empty or failed so far
    int total = 0;
    double elapsedSeconds = 0;
    double etaSeconds = -1; ///< < 0 while not known
};

/// Expands the targets into points (cross product less exclusions), with their ids. Reads
/// each machine's jobs once (for the ids). Throws std::invalid_argument for an unknown
/// parameter, a value that does not parse, an unknown machine; StoreError for a database
/// that cannot be opened.
std::vector<SweepPoint> expandSweep(const std::vector<SweepTarget>& targets, const std::string& version);

/// Replays every point not stored yet, `options.workers` at a time, and stores each run as
/// it finishes (one short write transaction per run, waiting for other writers). A point
/// whose id a run of its machine already carries is skipped, so a stopped sweep resumes
/// where it stopped. `report` is called, from the calling thread or a worker, one call at a
/// time, after each point. Returns every point's outcome, in point order.
std::vector<SweepPointOutcome>
runSweep(const std::vector<SweepTarget>& targets, const std::vector<SweepPoint>& points, const SweepOptions& options,
         const std::function<void(const SweepPointOutcome&, const SweepProgress&)>& report = {});

} // namespace placement
