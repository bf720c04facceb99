// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreSimulation.h"

#include <cstdint>
#include <map>
#include <string>

namespace placement {

class Store;

/// A replay of a machine's stored jobs by cores and GPUs (core/CoreSimulation.h): jobs hold
/// cores of nodes and may share a node, as in the log they came from (store/Runs.h,
/// loadCoreWorkload). Not stored: a run's placements hold whole nodes.
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
};

struct CoreRunOutcome
{
    std::string machine;
    std::int64_t jobsRead = 0; ///< stored jobs of the machine
    CoreRunSummary summary;
    std::int64_t machineCores = 0, machineGpus = 0;
    std::map<std::string, std::int64_t> skippedByReason; ///< not replayed, with the never-fitting
    double seconds = 0; ///< the replay's wall time
};

/// Throws std::invalid_argument for an unknown machine or policy, a backfill the policy does
/// not take (auction is AUCSCHED3's), or a machine whose nodes' cores are unknown without
/// `coresPerNode`; StoreError for the database.
CoreRunOutcome runStoredCoreSimulation(Store& store, const CoreRunSetup& setup);

/// The name of a backfill by cores (fcfs, easy, auction) and back; parse throws
/// std::invalid_argument naming the text.
const char* coreBackfillName(CoreBackfill backfill);

/// The outcome as a JSON object (docs/simulation.md, "Replaying a machine's jobs by cores").
std::string coreRunJson(const CoreRunSetup& setup, const CoreRunOutcome& outcome);

} // namespace placement
