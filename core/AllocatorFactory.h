// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace placement {

struct LcsCounters; // core/LcsAllocator.h

/// Everything that selects and parameterises an allocator, by name: what the CLI's
/// `simulate` and the explorer's Simulate dialog ask for, and what a run records.
struct AllocatorChoice
{
    std::string policy = "first-fit"; ///< see allocatorPolicies()
    std::string order = "index"; ///< node order of the list-based policies (NodeOrders.h)
    std::uint64_t seed = 1; ///< random
    int sizeDemarcation = 16; ///< dual-ended: large above this many nodes
    std::int64_t wallTimeDemarcation = 0; ///< dual-ended: also large above this wall time, s
    int quadrantSide = 0; ///< quadrant: routers per square side; 0: 8 if it divides every extent, else 4, 2
    double searchTimeout = 5; ///< lcs: wall seconds per search (one job scheduling event); 0: none
    std::int64_t searchSteps = 0; ///< lcs: > 0: also a step budget per search (reproducible)
    /// lcs: when set, the allocator and its copies (reservation replays) count their searches
    /// and cut-offs here (core/LcsAllocator.h); its bandwidth classes are drawn from `seed`.
    std::shared_ptr<LcsCounters> searchCounters;
};

struct AllocatorPolicyInfo
{
    const char* name;
    const char* summary;
    bool usesOrder; ///< walks a node order (--order applies)
};

/// The policies makeAllocator() knows, in a stable order.
const std::vector<AllocatorPolicyInfo>& allocatorPolicies();

/// Builds the allocator; throws std::invalid_argument for an unknown policy or order, or a
/// policy the machine cannot have (slurm-tree needs switches; ta, jigsaw, laas and lcs a
/// three-level fat-tree).
std::unique_ptr<Allocator> makeAllocator(const Topology& topology, const AllocatorChoice& choice);

} // namespace placement
