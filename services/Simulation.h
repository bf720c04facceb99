// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"
#include "core/SyntheticWorkload.h"
#include "store/Runs.h"

#include <string>
#include <vector>

namespace placement {

class Store;
class Topology;

/// A replay and what it produced: the summary, and the placements to store.
struct ComputedRun
{
    SimulationSummary summary;
    std::vector<RunPlacement> placements; ///< the jobs placed, with their database ids
};

/// Replays `jobs` on `topology` with the allocator and backfilling of `setup` and computes
/// the run's summary (system metrics, APH, mapping, offered load, jobs that never fit). The
/// one place a replay is summarized: stored runs, synthetic runs and sweeps all come here.
/// `result`, when given, gets the replay itself.
SimulationSummary replayAndSummarize(const Topology& topology, const std::vector<SimulationJob>& jobs,
                                     const SimulationSetup& setup, SimulationResult* result = nullptr);

/// The identity of a workload as replayed: an XXH3-128 digest (32 hex digits) of every job's
/// id, submit time, size, run time and time limit, in order.
std::string workloadDigest(const std::vector<SimulationJob>& jobs);

/// A machine's stored jobs, read once, ready to be replayed under any number of setups (a
/// sweep reads each machine's jobs once).
struct StoredInput
{
    std::int64_t machineId = 0;
    std::string machineName;
    std::string spec; ///< the machine spec (core/MachineSpec.h)
    StoredWorkload workload;
};

/// Reads a machine's jobs. Throws std::invalid_argument for an unknown machine.
StoredInput loadStoredInput(Store& store, const std::string& machine, int cpusPerNode);

/// Replays stored jobs under `setup` (its workload transforms applied) without touching the
/// database: safe to call from several threads at once on one `input`. Fills
/// `setup.inputDigest` from the transformed workload. `setup.options.progress` may stop it
/// (SimulationCancelled).
ComputedRun computeStoredRun(const StoredInput& input, SimulationSetup& setup);

/// Stores a computed run in one short write transaction (the run's name chosen under the
/// lock, so that two programs storing runs at once cannot take one name) and returns its id;
/// `run.summary` gets the id and name. An empty run is not stored: returns 0.
std::int64_t storeComputedRun(Store& store, const StoredInput& input, const SimulationSetup& setup,
                              const std::string& version, ComputedRun& run);

/// Replays the jobs of `setup.machine` as stored (workload transforms applied) with the
/// chosen allocator and backfilling, computes the run's system metrics, and, if `save`,
/// stores the run with every job's start, end and node set in one short transaction taken
/// after the replay (a run in which no job was placed is not stored: runId stays 0). Throws
/// StoreError (database) or std::invalid_argument (unknown machine, policy, order, ...).
SimulationSummary runStoredSimulation(Store& store, const SimulationSetup& setup, const std::string& version,
                                      bool save = true);

/// Replays Jigsaw's synthetic trace on `setup.machine`, a preset or machine spec; nothing is
/// read or stored.
SimulationSummary runSyntheticSimulation(const SimulationSetup& setup, SyntheticTraceOptions trace);

} // namespace placement
