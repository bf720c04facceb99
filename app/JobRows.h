// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobMetricsCache.h"
#include "core/CoreHoldings.h"
#include "core/Job.h"

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

class JobLabels;

/// What the job table keeps. Every part is optional; all given parts must hold.
struct JobFilterCriteria
{
    /// Part of the job id, name or user, ignoring ASCII case; empty: any.
    std::string text;
    std::optional<std::string> user; ///< exactly this user ("" for jobs without one)
    std::optional<std::string> state; ///< exactly this final state
    int minNodes = 0;
    int maxNodes = INT_MAX;
    /// Running at this instant: start <= t < end (the "running at the cursor" toggle).
    std::optional<std::int64_t> runningAt;
    /// Running at some instant of [from, to]: start <= to and end > from (nodes are held on
    /// [start, end)); either end may be open.
    std::optional<std::int64_t> from;
    std::optional<std::int64_t> to;

    bool operator==(const JobFilterCriteria&) const = default;
};

/// One job as the filter sees it.
struct JobFilterFields
{
    std::string_view id, name, user, state;
    int nodes = 0;
    std::int64_t start = 0, end = 0;
};

/// The filter predicate, free of Qt models so it can be tested on its own.
bool jobMatches(const JobFilterCriteria& criteria, const JobFilterFields& job);

/// The jobs of the shown run as the job table reads them: pointers to data its owner keeps,
/// and the metric tables shared. A copy may be read on a worker thread while the owner keeps
/// the data alive and unchanged (JobTableModel::setJobs()); nothing in it changes on reading.
struct JobRows
{
    const std::vector<Job>* jobs = nullptr;
    const JobLabels* labels = nullptr; ///< names and states; may be null
    const std::vector<int>* sizes = nullptr; ///< logged sizes (core/Job.h's jobSize()); may be null
    const std::vector<JobHolding>* holdings = nullptr; ///< cores and GPUs; may be null
    std::shared_ptr<const JobMetricsTable> metrics; ///< null: not computed yet
    std::shared_ptr<const MinimumAphTable> minimumAph;
    bool torus = false;
    bool anyCores = false; ///< some job says how many cores it held
    bool anyGpus = false;

    std::size_t size() const { return jobs ? jobs->size() : 0; }
    /// Nodes of the job: its node list's length, else its logged size (0: unknown).
    int nodes(std::size_t row) const;
    JobFilterFields filterFields(std::size_t row) const;
    /// A metric cell (JobTableModel's metric, cores and GPUs columns) as a number; false
    /// when blank: not applicable on this machine, not computed, no nodes.
    bool metricValue(std::size_t row, int column, double& value) const;
};

/// The rows `criteria` keep, in the order of the job table sorted by `column` (a
/// JobTableModel::Columns; -1: not sorted, rows in their own order). Values ascending, or
/// descending; ties by row in either order; cells without a value (metrics) last in either
/// order, by row. Ids sort naturally: by their leading number (9 < 10 < 10_2), then as text,
/// ids without one after all others. Returns early, incomplete, once `cancel` is true.
///
/// Sorting puts the rows in the order of a 32-bit key made for each in one pass, not of the
/// jobs, in place (a radix sort: 8 bytes a row with the rows returned): three million rows
/// sort in well under half a second (docs/benchmarks.md).
std::vector<std::uint32_t> orderJobRows(const JobRows& rows, const JobFilterCriteria& criteria, int column,
                                        bool descending, const std::atomic<bool>* cancel = nullptr);

} // namespace placement
