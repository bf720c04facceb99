// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace placement {

/// A stored scalar as the run tables show it: a number or a text.
using RunValue = std::variant<double, std::string>;

/// The parameters of a stored run (`runs.parameters`), as core/SimulationReport.h's
/// simulationParametersJson() and core/LoggedRun.h's loggedRunParametersJson() write them.
/// The logged run stores its machine, policy ("logged"), processors per node and size bins
/// only; every other member is absent there, and a key a run lacks is nothing here.
struct RunParameters
{
    std::string machine;
    std::string policy;
    std::optional<std::string> order; ///< the node order ("index", ...)
    std::optional<std::string> backfill; ///< backfillName()
    std::optional<std::int64_t> window;
    std::optional<std::int64_t> seed; ///< the allocator's seed (an unsigned 64-bit stored as signed)
    std::optional<std::int64_t> sizeDemarcation, wallTimeDemarcation; ///< dual-ended only
    std::optional<std::int64_t> quadrantSide; ///< quadrant only
    std::optional<double> lcsTimeoutSeconds; ///< lcs only
    std::optional<std::int64_t> lcsStepBudget; ///< lcs only
    std::optional<std::string> speedup; ///< SpeedupModel::name()
    std::optional<std::int64_t> speedupSeed;
    std::optional<std::int64_t> scaleNodes;
    std::optional<std::string> arrivals;
    std::optional<std::int64_t> from, to; ///< stored null when the run has no bound
    std::optional<std::int64_t> cpusPerNode;
    /// "cores" for a run whose jobs held cores and GPUs of nodes (services/CoreRun.h); absent
    /// for a run of whole nodes, where value("by") gives "nodes" (nothing for the logged run).
    std::optional<std::string> by;
    std::optional<std::int64_t> coresPerNode; ///< a run by cores: cores of a node its description lacks
    std::vector<int> sizeBins;
    std::optional<std::string> version;
    std::optional<std::string> inputDigest; ///< absent when not known
    std::optional<std::string> sweep, sweepPoint; ///< absent outside a sweep

    /// A scalar parameter by its stored key ("policy", "window", "from", ...), as the run
    /// tables and the sweep chart pick a column; nothing when the run has none (or null).
    std::optional<RunValue> value(std::string_view key) const;
};

/// A mean and standard deviation as the summary stores them.
struct RunMeanDeviation
{
    double mean = 0, sd = 0;
};

/// A distribution as the summary stores it (writeSystemMetricsJson()).
struct RunDistribution
{
    double mean = 0, median = 0, p99 = 0, max = 0;
};

/// One entry of the summary's `by_size`.
struct RunSizeBin
{
    std::int64_t minNodes = 0;
    std::optional<std::int64_t> maxNodes; ///< null for the last bin: no upper end
    std::int64_t jobs = 0;
    double meanWait = 0, medianWait = 0, meanTurnaround = 0, meanBoundedSlowdown = 0;
};

/// The summary of a stored run (`runs.summary`), as core/SimulationReport.h's
/// simulationSummaryJson() and core/LoggedRun.h's loggedRunSummaryJson() write it. The
/// system metrics (writeSystemMetricsJson()) are in every summary; the rest in one kind of
/// run only: nothing (or empty) where a run lacks it. Numbers the writer wrote as null (not
/// finite) read as NaN.
struct RunSummary
{
    std::int64_t runId = 0;
    std::string runName, machine, policy;
    std::optional<std::string> backfill; ///< simulated runs

    // writeSystemMetricsJson()
    /// False for a summary without them (`{}`: a run stored before its summary was written):
    /// the numbers below are then not known, not zero, and number() gives none of them.
    bool hasSystemMetrics = false;
    std::int64_t machineNodes = 0, jobs = 0;
    double utilization = 0, utilizationOverMakespan = 0, internalFragmentation = 0;
    bool steadyStateFound = false;
    std::int64_t steadyFrom = 0, steadyTo = 0;
    std::int64_t makespan = 0;
    double meanWait = 0, medianWait = 0, meanTurnaround = 0, meanBoundedSlowdown = 0;
    RunDistribution wait, turnaround, boundedSlowdown;
    std::vector<RunSizeBin> bySize;

    std::optional<double> meanAph; ///< null in the logged run
    // simulated runs
    std::optional<RunMeanDeviation> lowestCommonSwitch; ///< null on tori
    std::optional<RunMeanDeviation> spread;
    std::optional<RunMeanDeviation> groupsPerJob; ///< dragonflies only
    std::optional<RunDistribution> schedulingUsPerJob; ///< mean, p99 and max (no median)
    std::optional<double> simulationSeconds;
    std::map<std::string, std::int64_t> skipped; ///< jobs left out by reason
    std::optional<double> offeredLoad; ///< null when not known
    std::optional<std::int64_t> neverFit;
    std::vector<std::string> neverFitJobs;
    struct Lcs
    {
        double timeoutSeconds = 0;
        std::int64_t stepBudget = 0, searches = 0, timeouts = 0, jobsTimedOut = 0, steps = 0;
    };
    std::optional<Lcs> lcs; ///< LC+S runs only
    // runs by cores (services/CoreRun.h): the shares of the machine's cores and GPUs held,
    // over the makespan
    std::optional<double> utilizationCores, utilizationGpus;
    // the logged run
    std::optional<std::int64_t> cpusPerNode, jobsWithNodeLists, jobsWithoutStart, jobsWithoutSize, jobsSharingNodes;

    /// A top-level number by its stored key ("jobs", "utilization", "mean_aph", ...), as the
    /// run tables and the sweep chart pick a column; nothing when the run has none, or null.
    std::optional<double> number(std::string_view key) const;
    /// The by_size entry for the bin starting at `minNodes`; nullptr if none.
    const RunSizeBin* sizeBin(std::int64_t minNodes) const;
};

/// Reads stored run parameters. Throws std::runtime_error on text that is no JSON object,
/// or naming the key whose value has the wrong type; keys it does not know are ignored (a
/// newer program may add some).
RunParameters readRunParameters(std::string_view json);
/// Reads a stored run summary, as readRunParameters().
RunSummary readRunSummary(std::string_view json);

} // namespace placement
