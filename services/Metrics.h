// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace placement {

class Store;

/// What metricsCsv() wrote.
struct MetricsCsvOutcome
{
    std::size_t rows = 0; ///< jobs written
    /// For each machine written whose log had jobs without a start time (not stored, so not
    /// measured): its name and how many.
    std::vector<std::pair<std::string, std::int64_t>> jobsWithoutStart;
};

/// The per-job placement metrics of the stored jobs of every machine, or only of the one
/// called `onlyMachine`, as CSV (core/MetricsReport.h: the header, then one row per job).
/// Throws StoreError when `onlyMachine` is not in the database. `threads` share the work of
/// each machine (core/MetricsReport.h); 0: as many as the system has cores.
MetricsCsvOutcome metricsCsv(Store& store, std::ostream& out, const std::string& onlyMachine = {}, int threads = 1);

/// Computes the placement metrics of every stored job of a machine with a complete node list,
/// and the minimum APH of its size, and stores them in job_metrics (replacing earlier ones),
/// in one transaction. Returns the jobs stored.
std::int64_t saveJobMetrics(Store& store, std::int64_t machineId);

} // namespace placement
