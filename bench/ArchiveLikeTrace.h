// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement::bench {

/// A year-scale log shaped like one of the Parallel Workloads Archive's (Feitelson, Tsafrir
/// and Krakov, JPDC 74(10) 2014; tests/data/traces/README.md), generated because the logs
/// themselves are not shipped. What each shape takes from the archive's description of the
/// log, and what is modelled, is said at its definition in ArchiveLikeTrace.cpp.
struct ArchiveLikeShape
{
    std::string name; ///< "ricc-2010", "curie-2011"
    int jobs = 0; ///< the log's job count
    std::int64_t days = 0; ///< the log's duration
    int machineNodes = 0; ///< the logged machine's nodes
    double serialShare = 0; ///< jobs on one node
    double powerOfTwoShare = 0; ///< of the parallel jobs, sizes that are powers of two
    int largestJob = 0; ///< nodes
    double shortShare = 0; ///< jobs under a minute (failed starts, tests)
    std::int64_t longestRun = 0; ///< s, the queues' longest limit
};

/// The shapes known by name: ricc-2010, curie-2011. Throws std::invalid_argument otherwise.
ArchiveLikeShape archiveLikeShape(const std::string& name);

/// `count` jobs (0: the log's count) of `shape`, arriving at the log's mean rate (a Poisson
/// process with a daily cycle), seeded: the same seed gives the same jobs.
std::vector<SimulationJob> archiveLikeTrace(const ArchiveLikeShape& shape, int count, std::uint64_t seed);

/// Writes `jobs` as SWF (docs/formats/swf.md: fields 1-5, 8, 9; one node per processor).
void writeSwf(const std::string& path, const ArchiveLikeShape& shape, const std::vector<SimulationJob>& jobs);

} // namespace placement::bench
