// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <vector>

namespace placement {

class Topology;

struct DemoWorkloadOptions
{
    std::uint64_t seed = 2024;
    int jobCount = 300;
    std::int64_t epoch = 1709251200; ///< first submission: 2024-03-01 00:00:00 UTC
    double offeredLoad = 1.1; ///< node-seconds asked for / node-seconds available
    int firstJobId = 1001;
};

/// A seeded synthetic workload for demos: log-uniform job sizes (1 node to a quarter of
/// the machine) and run times (10 minutes to 8 hours), Poisson arrivals at the offered
/// load, placed by strict FCFS with first-fit in node index order (the topology-oblivious
/// baseline of Jigsaw and Pollard). The same options always give the same jobs.
std::vector<Job> generateDemoWorkload(const Topology& topology, const DemoWorkloadOptions& options = {});

} // namespace placement
