// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <ostream>
#include <string>
#include <vector>

namespace placement {

class Topology;

/// The CSV header written by writeMetricsCsv().
std::string metricsCsvHeader();

/// One CSV row per job of one machine: machine, job, nodes, aph, aph_all_links, min_aph,
/// partitions, routers, leaves, pods, llcs, spread. Fields that do not apply to the
/// topology (leaves on a torus, routers on a tree) are empty. Jobs without nodes are
/// skipped. Returns the number of rows written.
///
/// With `threads` above 1 the work is shared by that many threads: first the minimum APH of
/// each job size (sizes dealt out largest first), then the jobs in blocks, each thread with
/// its own PlacementAnalyzer; the rows come out in the jobs' order, the same text as with one
/// thread. An error (a node outside the machine) is thrown for the first job it concerns.
std::size_t writeMetricsCsv(std::ostream& out, const std::string& machine, const Topology& topology,
                            const std::vector<Job>& jobs, int threads = 1);

} // namespace placement
