// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreSimulation.h"
#include "core/Topology.h"

#include <string>
#include <vector>

namespace placement {

/// A workload of AUCSCHED3's evaluation as real Slurm ran it (bench/aucsched3-slurm.sh):
/// the jobs were submitted held as `a3-w<W>-s<S>-j<id>` with `-n cores [-N nodes]
/// [--gres=gpu:g]`, released at once, and slept their run time divided by the time scale.
/// `sacct -P -n -X --format=JobName,Eligible,Start,End,NCPUS,NNodes,NodeList,AllocTRES,State`
/// gives the file read here.
///
/// The result is the schedule Slurm made, in the workload's seconds: a job starts at
/// (Start - first Eligible) x scale and holds its nodes for its generated run time (sacct's
/// whole seconds and the jobs' launch and epilog are not counted as run time). Slurm's
/// accounting does not say how a job's cores were spread over its nodes: the grant shares
/// them out evenly, which leaves the totals and the nodes, all the measures read, exact.
struct SlurmRun
{
    CoreSimulationResult result;
    int records = 0;
    int notCompleted = 0; ///< state other than COMPLETED: not placed
    /// Grants that differ from the request: CPUs other than the cores asked, a node count
    /// other than the nodes asked (types B-E), GPUs other than gpus x nodes.
    int differentCpus = 0, differentNodes = 0, differentGpus = 0;
    /// Mean over completed jobs of sacct's End - Start, times the scale, less the run time:
    /// how much longer than its sleep a job held its nodes (launch, completion, whole seconds).
    double meanExtraSeconds = 0;
};

/// Throws std::runtime_error naming the file and line for a record it cannot read, a job
/// name that is not one of `jobs`, a job listed twice, a node the topology does not have.
SlurmRun readSlurmRun(const std::string& path, const std::vector<CoreJob>& jobs, const Topology& topology,
                      double timeScale);

} // namespace placement
