// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreSimulation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// The workloads of Soner & Özturan's AUCSCHED3 evaluation (§3, Tables 2 and 3), as far as
/// the paper defines them (docs/simulation.md lists what it leaves open and what is chosen):
/// - workloads 1, 3, 5: 350 jobs; 2, 4, 6: 2,095 jobs;
/// - job types: 1 and 2 all A, 3 and 4 all B, 5 and 6 20 % each of A, B, C, D, E (exact
///   counts, in a shuffled order);
/// - A: x cores (srun -n x); B: x cores on y nodes (-n x -N y); C, D, E: as B with 1, 2, 3
///   GPUs on each node (--gres=gpu:1, 2, 3);
/// - run time uniform in 30..300 s; x uniform in 1..(system cores); y uniform in 1..(system
///   nodes).
/// Chosen where the paper is silent: every job is submitted at time 0 (the emulation submits
/// the workload at once); the time limit is the run time (exact estimates); a pair with
/// x < y gets y = x (what srun does: "can't run x processes on y nodes, setting nnodes to
/// x"); a pair with x > y x (cores per node) cannot run (Slurm refuses it at submission) and
/// is drawn again, so every workload has the paper's job count.
struct Aucsched3WorkloadOptions
{
    int workload = 1; ///< 1..6
    std::uint64_t seed = 1;
    int nodes = 1024;
    int coresPerNode = 16;
};

/// Throws std::invalid_argument for a workload outside 1..6 or a machine without nodes.
std::vector<CoreJob> generateAucsched3Workload(const Aucsched3WorkloadOptions& options);

/// The job type (A..E) of a generated job, from its request.
char aucsched3JobType(const ResourceRequest& request);

/// The 1,024-node machine of AUCSCHED3's Fig. 2 as a switch tree spec (core/MachineSpec.h):
/// the figure's drawing is not in the text, so this is a stand-in (docs/simulation.md): 64
/// leaf switches of 16 nodes, 8 switches of 8 leaves each above them, one root (levels 0, 1, 2).
std::string aucsched3MachineSpec();

} // namespace placement
