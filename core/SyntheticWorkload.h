// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

#include <cstdint>
#include <vector>

namespace placement {

/// The synthetic traces of Jigsaw HPDC'21 §5.1 (generated as the LaaS paper's, after
/// Jülich's JUROPA): job sizes exponential, run times uniform, every job arriving at 0.
struct SyntheticTraceOptions
{
    int jobs = 10'000;
    double meanNodes = 16; ///< Synth-16; the paper also uses 22 and 28
    std::int64_t minRunTime = 20; ///< seconds
    std::int64_t maxRunTime = 3000; ///< seconds
    int maxNodes = 0; ///< > 0: larger draws are drawn again (a machine's size); 0: no cap
    std::uint64_t seed = 1;
};

/// Jobs "1".."N", all submitted at 0. A size is ceil of an exponential draw with the given
/// mean (so at least one node); a run time is uniform over the whole seconds of [min, max].
/// The time limit is left unknown (0): the simulator then estimates each job by its run
/// time, exact estimates, as the synthetic traces have no requested wall times. The same
/// options always give the same jobs (SplitMix64).
std::vector<SimulationJob> generateSyntheticTrace(const SyntheticTraceOptions& options = {});

} // namespace placement
