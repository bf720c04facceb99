// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"

#include <string>

namespace placement {

class Store;

/// Replays the jobs of `setup.machine` as stored (workload transforms applied) with the
/// chosen allocator and backfilling, computes the run's system metrics, and, if `save`,
/// stores the run with every job's start, end and node set in one short transaction taken
/// after the replay (a run in which no job was placed is not stored: runId stays 0). Throws
/// StoreError (database) or std::invalid_argument (unknown machine, policy, order, ...).
SimulationSummary runStoredSimulation(Store& store, const SimulationSetup& setup, const std::string& version,
                                      bool save = true);

} // namespace placement
