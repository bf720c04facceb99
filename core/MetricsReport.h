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
std::size_t writeMetricsCsv(std::ostream& out, const std::string& machine, const Topology& topology,
                            const std::vector<Job>& jobs);

} // namespace placement
