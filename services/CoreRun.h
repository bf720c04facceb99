// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreSimulation.h"
#include "core/SystemMetrics.h"
#include "store/Runs.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace placement {

class Store;

/// A replay of a machine's stored jobs by cores and GPUs (core/CoreSimulation.h): jobs hold
/// cores of nodes and may share a node, as in the log they came from (store/Runs.h,
/// loadCoreWorkload). Stored like any run (storeCoreRun), with the cores and GPUs each job held
/// on each of its nodes (schema version 13).
struct CoreRunSetup
{
    std::string machine;
    /// first-fit, slurm-tree (cons_tres 22.05's best fit on topology/tree) or aucsched3.
    std::string policy;
    CoreBackfill backfill = CoreBackfill::Easy;
    int window = 50;
    /// Cores of a node whose count the machine's description does not give; 0: such a
    /// machine is refused.
    int coresPerNode = 0;
    /// The stored run's name; empty: the policy, the backfilling and "by cores"
    /// (defaultCoreRunName).
    std::string runName;
};

struct CoreRunOutcome
{
    std::string machine;
    std::int64_t jobsRead = 0; ///< stored jobs of the machine
    CoreRunSummary summary;
    std::int64_t machineCores = 0, machineGpus = 0;
    std::map<std::string, std::int64_t> skippedByReason; ///< not replayed, with the never-fitting
    double seconds = 0; ///< the replay's wall time
    /// The system metrics every run has (core/SystemMetrics.h), measured as the logged run of
    /// a machine whose jobs share nodes is (core/LoggedRun.h): utilization counts a busy node
    /// once however many jobs it holds.
    SystemMetrics metrics;
    double meanAph = 0; ///< over the placed jobs of 2 nodes or more
    int jobsWithPairs = 0;
    std::int64_t machineId = 0;
    /// The placed jobs with their database ids and what they held on each node.
    std::vector<RunPlacement> placements;
    std::int64_t runId = 0; ///< once stored
    std::string runName;
};

/// Throws std::invalid_argument for an unknown machine or policy, a backfill the policy does
/// not take (auction is AUCSCHED3's), or a machine whose nodes' cores are unknown without
/// `coresPerNode`; StoreError for the database.
CoreRunOutcome runStoredCoreSimulation(Store& store, const CoreRunSetup& setup);

/// Stores the run with every placed job's start, end, nodes and cores and GPUs per node in one
/// short write transaction (the name chosen under the lock; a name given in `setup.runName`
/// that is taken is refused with StoreError, nothing written); fills `outcome.runId` and
/// `runName`. A run in which no job was placed is not stored: returns 0.
std::int64_t storeCoreRun(Store& store, const CoreRunSetup& setup, const std::string& version, CoreRunOutcome& outcome);

/// "slurm-tree easy by cores", "aucsched3 auction window 10 by cores": the policy, the
/// backfilling, the window where it is not 50, the cores per node where given.
std::string defaultCoreRunName(const CoreRunSetup& setup);

/// The parameters of such a run as stored (runs.parameters): policy, backfill, window, "by":
/// "cores", cores_per_node where given, the program's version.
std::string coreRunParametersJson(const CoreRunSetup& setup, const std::string& version);

/// The name of a backfill by cores (fcfs, easy, auction) and back; parse throws
/// std::invalid_argument naming the text.
const char* coreBackfillName(CoreBackfill backfill);

/// The outcome as a JSON object (docs/simulation.md, "Replaying a machine's jobs by cores"):
/// what `simulate --by-cores` prints and runs.summary holds, with the system metrics under
/// the keys of every run's summary (writeSystemMetricsJson()).
std::string coreRunJson(const CoreRunSetup& setup, const CoreRunOutcome& outcome);

} // namespace placement
