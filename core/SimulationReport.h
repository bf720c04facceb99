// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/AllocatorFactory.h"
#include "core/Simulator.h"
#include "core/SystemMetrics.h"
#include "core/TopologyMapping.h"
#include "core/WorkloadTransforms.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace placement {

class JsonWriter;
class Topology;

/// Everything that defines a simulated run: recorded with it, so it can be repeated.
struct SimulationSetup
{
    std::string machine; ///< the machine's name in the database
    AllocatorChoice allocator;
    SimulationOptions options;
    WorkloadTransform transform;
    int cpusPerNode = 1; ///< for logs that count processors only (SWF)
    std::vector<int> sizeBins = defaultSizeBins();
    std::string runName; ///< empty: made from the policy, the backfilling and the speed-up
    /// The identity of the replayed jobs (services/Simulation.h: a digest of every job's id,
    /// submit time, size, run time and limit as replayed); empty when not known.
    std::string inputDigest;
    /// The sweep the run belongs to and its point's id (services/Sweep.h); empty outside one.
    std::string sweep, sweepPoint;
};

/// What a run produced beyond the placements.
struct SimulationSummary
{
    std::int64_t runId = 0;
    std::string runName;
    SystemMetrics metrics;
    double meanAph = 0; ///< over jobs of 2 nodes or more (1-node jobs have no pairs)
    int jobsWithPairs = 0;
    TopologyMapping mapping; ///< lowest common switch and spread (AUCSCHED3 Table 4)
    std::vector<std::string> neverFit; ///< ids of the jobs larger than the machine
    /// Every stored job the replay left out, by reason ("no size", "submitted outside
    /// --from/--to", "larger than the machine"); reasons with no job are absent.
    std::map<std::string, std::int64_t> skippedByReason;
    /// The load the workload offered the machine (core/OfferedLoad.h): above 1 it cannot keep up.
    std::optional<double> offeredLoad;
    double simulationSeconds = 0; ///< wall time of the replay
};

/// Mean APH of the placements of a run, over the jobs of 2 nodes or more; `counted` gets
/// how many there were.
double meanAph(const Topology& topology, const SimulationResult& result, int* counted = nullptr);

/// The default run name: the policy and the backfilling, then each parameter that differs
/// from its default ("ta easy", "first-fit:zyx conservative speedup v2 16 cpus/node").
std::string defaultRunName(const SimulationSetup& setup);

/// The parameters of a run as JSON (also `version`, the program's version).
std::string simulationParametersJson(const SimulationSetup& setup, const std::string& version);

/// The system metrics of a run as members of the JSON object being written (machine_nodes,
/// jobs, utilization, makespan, waits, ..., by_size): the same keys in the summary of every
/// run, simulated or logged.
void writeSystemMetricsJson(JsonWriter& json, const SystemMetrics& metrics);

/// The summary of a run as JSON: what `placement simulate --json` writes and `runs.summary`
/// holds.
std::string simulationSummaryJson(const SimulationSetup& setup, const SimulationSummary& summary);

} // namespace placement
