// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/AllocatorFactory.h"

#include "core/Aucsched3.h"
#include "core/DragonflyAllocators.h"
#include "core/DragonflyTopology.h"
#include "core/FatTreeTopology.h"
#include "core/JigsawAllocator.h"
#include "core/LaasAllocator.h"
#include "core/LcsAllocator.h"
#include "core/ListAllocators.h"
#include "core/NodeOrders.h"
#include "core/QuadrantAllocator.h"
#include "core/Slurm2205Allocators.h"
#include "core/SwitchTreeTopology.h"
#include "core/TopologyAwareAllocator.h"
#include "core/TorusTopology.h"

#include <stdexcept>

namespace placement {

const std::vector<AllocatorPolicyInfo>& allocatorPolicies()
{
    static const std::vector<AllocatorPolicyInfo> policies{
        {"first-fit", "first free nodes in the node order (Jigsaw Baseline, Pollard TO)", true},
        {"random", "free nodes at random, seeded (Pascual)", false},
        {"dual-ended", "large jobs first-fit from the head of the node order, small from the tail (Titan SC'16)", true},
        {"slurm-tree", "Slurm topology/tree best fit (eval_nodes_tree.c)", false},
        {"slurm-tree-22.05-cons-tres",
         "Slurm 22.05 select/cons_tres on topology/tree (job_test.c _eval_nodes_topo, slurm-22-05-8-1)", false},
        {"slurm-tree-22.05-linear",
         "Slurm 22.05 select/linear on topology/tree (select_linear.c _job_test_topo, slurm-22-05-8-1)", false},
        {"ta", "Pollard SC'18 topology-aware, Algorithm 1 (three-level fat-trees)", false},
        {"jigsaw",
         "Smith & Lowenthal HPDC'21: nodes and dedicated links meeting Jigsaw's full-bandwidth conditions "
         "(three-level fat-trees)",
         false},
        {"laas",
         "Zahavi et al. Links as a Service: dedicated links; jobs spanning pods rounded up to whole leaves "
         "(three-level fat-trees)",
         false},
        {"lcs",
         "Smith & Lowenthal HPDC'21 LC+S, a theoretical bound: any placement meeting Jigsaw's conditions, links "
         "shared by bandwidth (4 classes of 0.5-2 GB/s per job, links capped at 4 of 5 GB/s), a search timeout "
         "(three-level fat-trees)",
         false},
        {"group-packed", "dragonflies: the fewest groups, then the fewest routers (best fit for the last group)",
         false},
        {"random-routers", "dragonflies: whole routers at random, seeded (Jain et al. SC'14)", false},
        {"slurm-block",
         "Slurm topology/block best fit (eval_nodes_block.c, slurm-24-11-7-1): the blocks of a topology.conf "
         "with BlockName= lines, or a dragonfly's groups as base blocks",
         false},
        {"quadrant", "Pascual: the torus split into equal squares, one job per square, row order inside", false},
        {"aucsched3",
         "Soner & Ozturan AUCSCHED3: an integer program (GLPK) picks bids under switches for a window of queued "
         "jobs; runs under --backfill auction (its default), elsewhere a window of one job (trees)",
         false},
    };
    return policies;
}

std::unique_ptr<Allocator> makeAllocator(const Topology& topology, const AllocatorChoice& choice)
{
    const std::string& policy = choice.policy;
    const auto order = [&]() {
        std::vector<int> nodes = nodeOrderByName(topology, choice.order);
        return nodes;
    };
    if (policy == "first-fit" || policy == "baseline")
        return std::make_unique<FirstFitAllocator>(order(), "first-fit");
    if (policy == "random")
        return std::make_unique<RandomAllocator>(choice.seed);
    if (policy == "dual-ended") {
        if (choice.sizeDemarcation < 0)
            throw std::invalid_argument("the dual-ended size demarcation must not be negative");
        return std::make_unique<DualEndedAllocator>(order(), choice.sizeDemarcation, choice.wallTimeDemarcation);
    }
    if (policy == "slurm-tree" || policy == "slurm-tree-22.05-cons-tres" || policy == "slurm-tree-22.05-linear") {
        if (!topology.hierarchy())
            throw std::invalid_argument(policy + " needs a machine with switches (a tree), not a "
                                        + topology.describe());
        if (policy == "slurm-tree-22.05-cons-tres")
            return std::make_unique<SlurmTree2205ConsTresAllocator>();
        if (policy == "slurm-tree-22.05-linear")
            return std::make_unique<SlurmTree2205LinearAllocator>();
        return std::make_unique<SlurmTreeAllocator>();
    }
    if (policy == "aucsched3") {
        if (!topology.hierarchy())
            throw std::invalid_argument("aucsched3 needs a machine with switches (a tree), not a "
                                        + topology.describe());
        return std::make_unique<Aucsched3Allocator>(topology);
    }
    if (policy == "jigsaw" || policy == "laas") {
        const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology);
        if (!tree)
            throw std::invalid_argument(policy + " needs a three-level fat-tree, not a " + topology.describe());
        if (policy == "jigsaw")
            return std::make_unique<JigsawAllocator>(*tree);
        return std::make_unique<LaasAllocator>(*tree);
    }
    if (policy == "lcs") {
        const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology);
        if (!tree)
            throw std::invalid_argument("lcs needs a three-level fat-tree, not a " + topology.describe());
        LcsOptions options;
        options.timeoutSeconds = choice.searchTimeout;
        options.stepBudget = choice.searchSteps;
        options.seed = choice.seed;
        return std::make_unique<LcsAllocator>(*tree, options, choice.searchCounters);
    }
    if (policy == "ta") {
        const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology);
        if (!tree)
            throw std::invalid_argument("ta needs a three-level fat-tree, not a " + topology.describe());
        return std::make_unique<TopologyAwareAllocator>(*tree);
    }
    if (policy == "slurm-block")
        if (const auto* tree = dynamic_cast<const SwitchTreeTopology*>(&topology); tree && tree->blockLayout().any())
            return std::make_unique<SlurmBlockAllocator>(tree->nodesBySwitch(), tree->blockLayout().baseSize,
                                                         tree->blockLayout().levels);
    if (policy == "group-packed" || policy == "random-routers" || policy == "slurm-block") {
        const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology);
        if (!dragonfly)
            throw std::invalid_argument(policy + " needs a dragonfly"
                                        + std::string(policy == "slurm-block" ? " or a topology/block machine" : "")
                                        + ", not a " + topology.describe());
        if (policy == "group-packed")
            return std::make_unique<GroupPackedAllocator>(*dragonfly);
        if (policy == "random-routers")
            return std::make_unique<RandomRoutersAllocator>(*dragonfly, choice.seed);
        return std::make_unique<SlurmBlockAllocator>(SlurmBlockAllocator::groupsOf(*dragonfly));
    }
    if (policy == "quadrant") {
        const auto* torus = dynamic_cast<const TorusTopology*>(&topology);
        if (!torus)
            throw std::invalid_argument("quadrant needs a torus, not a " + topology.describe());
        // Pascual et al. §3.2 split a 2D torus into squares. The cubes of a 3D torus are
        // another policy (an 8x8x8 torus is one cube: one job at a time), so it is refused.
        if (torus->dimensions() != 2)
            throw std::invalid_argument("quadrant (Pascual et al.) is defined for 2D tori; this machine is a "
                                        + topology.describe() + " (" + std::to_string(torus->dimensions())
                                        + " dimensions)");
        int side = choice.quadrantSide;
        for (int candidate : {8, 4, 2, 1}) {
            if (side > 0)
                break;
            bool divides = true;
            for (int extent : torus->extents())
                divides = divides && extent % candidate == 0;
            if (divides)
                side = candidate;
        }
        return std::make_unique<QuadrantAllocator>(*torus, side);
    }
    std::string known;
    for (const AllocatorPolicyInfo& info : allocatorPolicies())
        known += (known.empty() ? "" : ", ") + std::string(info.name);
    throw std::invalid_argument("unknown policy '" + policy + "' (known: " + known + ")");
}

} // namespace placement
