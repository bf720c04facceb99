// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"
#include "core/SplitMix64.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace placement {

/// How much faster jobs run under an isolating policy (Pollard SC'18 §IV-B, Jigsaw HPDC'21
/// §5.4.1). A what-if: the run time of a sped-up job is reduced by the drawn share before
/// it is capped at the time limit.
enum class SpeedupScenario {
    None,
    Percent, ///< every job of more than four nodes by a fixed percentage (5, 10, 20)
    V1, ///< every job in a random bin 0-10, 0-20 or 0-30%, linear in node count inside it
    V2, ///< 5-128 nodes: bin 0-10 or 0-20%; above: 0-10, 10-20 or 10-30%; linear; 1-4: none
    Random, ///< Jigsaw: only jobs above 64 nodes, each 0, 5, 15 or 30% at random
};

struct Speedup
{
    SpeedupScenario scenario = SpeedupScenario::None;
    double percent = 0; ///< for SpeedupScenario::Percent

    /// "none", "5", "10", "20" (any percentage), "v1", "v2", "random"; throws
    /// std::invalid_argument naming the accepted values.
    static Speedup parse(const std::string& text);
    std::string name() const;
};

/// The share of its run time (0 to 1) a job of `nodes` nodes loses under `speedup`, drawing
/// from `random` where the scenario is random. The bins of V1 and V2 are entered linearly in
/// node count: the share is low + (high - low) * f with f rising from 0 at the smallest
/// size of the job's size class (V1: 1 node, V2: 5 or 129) to 1 at 512 nodes, and 1 above
/// ("jobs above 512 nodes get the top of their bin").
double speedupShare(const Speedup& speedup, int nodes, SplitMix64& random);

/// Pollard §IV-B's workload transforms, applied in this order: keep a submission range,
/// shift and scale arrivals, scale node counts, speed up. Jobs keep their ids.
struct WorkloadTransform
{
    std::optional<std::int64_t> from, to; ///< keep jobs submitted in [from, to)
    enum class Arrivals { Keep, Zero, Scale } arrivals = Arrivals::Keep;
    double arrivalScale = 1; ///< Scale: submit = first + (submit - first) * scale
    int nodeScale = 1; ///< Aug-2x, Aug-3x: node counts times k
    Speedup speedup;
    std::uint64_t seed = 1; ///< the random speed-up draws: per job from the seed and the job id,
                            ///< so a job draws the same share whatever else is kept

    /// "keep", "zero" or "scale:F" (F > 0); throws std::invalid_argument.
    void parseArrivals(const std::string& text);
    std::string arrivalsName() const;
};

/// The transformed workload; `kept` (if given) receives, per output job, its index in `jobs`.
std::vector<SimulationJob> transformWorkload(const std::vector<SimulationJob>& jobs, const WorkloadTransform& transform,
                                             std::vector<size_t>* kept = nullptr);

} // namespace placement
