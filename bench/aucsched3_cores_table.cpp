// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// AUCSCHED3's Table 4 (Soner & Özturan §4) by the model: the paper's workloads 1-6 on its
// 1,024-node machine of 16 cores and 3 GPUs a node, 7 seeds each, under AUCSCHED3 (the
// auction by cores and GPUs) and the model of Slurm's backfill with topology/tree (cons_tres
// 22.05 best fit under EASY), printed as a Markdown table beside the paper's numbers.
//
//     aucsched3_cores_table [--seeds N] [--window W] [--node-limit B] [--workloads 1,2,...]

#include "core/Aucsched3Workload.h"
#include "core/CoreSimulation.h"
#include "core/MachineSpec.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace placement;

namespace {

/// Table 4 of the paper: workload, plugin, level mean ± sd, spread mean ± sd, utilization %.
struct PaperRow
{
    int workload;
    const char* plugin;
    const char* level;
    const char* spread;
    int utilization;
};

const PaperRow paper[] = {
    {1, "AUCSCHED3", "1.05 ± 0.68", "77.2 ± 165.6", 90}, {1, "SLURM/Backfill", "1.06 ± 0.77", "110.7 ± 230.7", 89},
    {2, "AUCSCHED3", "1.17 ± 0.62", "90.9 ± 179.5", 96}, {2, "SLURM/Backfill", "1.19 ± 0.69", "131.9 ± 250.3", 95},
    {3, "AUCSCHED3", "1.04 ± 0.58", "65.4 ± 140.3", 78}, {3, "SLURM/Backfill", "1.26 ± 0.68", "139.4 ± 262.6", 82},
    {4, "AUCSCHED3", "1.04 ± 0.58", "61.1 ± 134.8", 85}, {4, "SLURM/Backfill", "1.36 ± 0.69", "167.8 ± 298", 88},
    {5, "AUCSCHED3", "1.01 ± 0.67", "63.5 ± 151.4", 83}, {5, "SLURM/Backfill", "1.24 ± 0.72", "144.3 ± 272.7", 81},
    {6, "AUCSCHED3", "0.98 ± 0.56", "60.9 ± 137.5", 89}, {6, "SLURM/Backfill", "1.33 ± 0.70", "162.7 ± 293.7", 87},
};

const PaperRow& paperRow(int workload, bool aucsched)
{
    for (const PaperRow& row : paper)
        if (row.workload == workload && (std::strcmp(row.plugin, "AUCSCHED3") == 0) == aucsched)
            return row;
    std::abort();
}

/// Pools the per-job measures of several seeds: mean and population deviation over every
/// job of every seed (the paper's "average of 7 tests" of per-job averages is the same mean
/// when the seeds have equal job counts).
struct Pool
{
    double n = 0, level = 0, level2 = 0, spread = 0, spread2 = 0, utilization = 0, gpu = 0, nodes = 0;
    double seconds = 0;
    int runs = 0, neverFit = 0;
    long auctions = 0, stopped = 0;
};

} // namespace

int main(int argc, char** argv)
{
    int seeds = 7, window = 50, nodeLimit = 5000;
    std::vector<int> workloads{1, 2, 3, 4, 5, 6};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seeds" && i + 1 < argc)
            seeds = std::atoi(argv[++i]);
        else if (arg == "--window" && i + 1 < argc)
            window = std::atoi(argv[++i]);
        else if (arg == "--node-limit" && i + 1 < argc)
            nodeLimit = std::atoi(argv[++i]);
        else if (arg == "--workloads" && i + 1 < argc) {
            workloads.clear();
            for (const char* p = argv[++i]; *p;) {
                workloads.push_back(std::atoi(p));
                while (*p && *p != ',')
                    ++p;
                if (*p == ',')
                    ++p;
            }
        } else {
            std::fprintf(
                stderr,
                "usage: aucsched3_cores_table [--seeds N] [--window W] [--node-limit B] [--workloads 1,2,...]\n"
                "unknown argument: %s\n",
                argv[i]);
            return 2;
        }
    }
    const auto topology = parseMachineSpec(aucsched3MachineSpec());
    const NodeResources machine(*topology, 16, 3);
    std::printf(
        "| workload | plugin | lowest level common switch (model) | (paper) | spread (model) | (paper) | "
        "utilization by cores, %% (model) | (paper) | GPUs, %% | nodes, %% | jobs never placed | auctions (stopped at "
        "the node limit) | replay s |\n");
    std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int workload : workloads) {
        for (bool aucsched : {true, false}) {
            Pool pool;
            for (int seed = 1; seed <= seeds; ++seed) {
                const std::vector<CoreJob> jobs
                    = generateAucsched3Workload({workload, static_cast<std::uint64_t>(seed), 1024, 16});
                CoreAucsched3Allocator auction(*topology, 15, nodeLimit);
                CoreSlurmConsTresAllocator consTres;
                const auto begin = std::chrono::steady_clock::now();
                const CoreSimulationResult result = aucsched
                    ? simulateCores(machine, jobs, auction, {CoreBackfill::Auction, window})
                    : simulateCores(machine, jobs, consTres, {CoreBackfill::Easy, window});
                pool.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
                const CoreRunSummary s = summarizeCoreRun(machine, jobs, result);
                const double n = s.mapping.jobs;
                pool.n += n;
                pool.level += n * s.mapping.lowestCommonSwitch.mean;
                pool.level2 += n
                    * (s.mapping.lowestCommonSwitch.deviation * s.mapping.lowestCommonSwitch.deviation
                       + s.mapping.lowestCommonSwitch.mean * s.mapping.lowestCommonSwitch.mean);
                pool.spread += n * s.mapping.spread.mean;
                pool.spread2 += n
                    * (s.mapping.spread.deviation * s.mapping.spread.deviation
                       + s.mapping.spread.mean * s.mapping.spread.mean);
                pool.utilization += s.coreUtilization;
                pool.gpu += s.gpuUtilization;
                pool.nodes += s.nodeUtilization;
                pool.neverFit += s.neverFit;
                pool.auctions += auction.auctions();
                pool.stopped += auction.stoppedAuctions();
                ++pool.runs;
            }
            const double level = pool.level / pool.n, spread = pool.spread / pool.n;
            const double levelSd = std::sqrt(std::max(0.0, pool.level2 / pool.n - level * level));
            const double spreadSd = std::sqrt(std::max(0.0, pool.spread2 / pool.n - spread * spread));
            const PaperRow& row = paperRow(workload, aucsched);
            const std::string auctions
                = aucsched ? std::to_string(pool.auctions) + " (" + std::to_string(pool.stopped) + ")" : "—";
            std::printf(
                "| %d | %s | %.2f ± %.2f | %s | %.1f ± %.1f | %s | %.0f | %d | %.0f | %.0f | %d | %s | %.1f |\n",
                workload, aucsched ? "AUCSCHED3 (auction)" : "SLURM/Backfill (cons_tres tree best fit, EASY)", level,
                levelSd, row.level, spread, spreadSd, row.spread, 100 * pool.utilization / pool.runs, row.utilization,
                100 * pool.gpu / pool.runs, 100 * pool.nodes / pool.runs, pool.neverFit, auctions.c_str(),
                pool.seconds);
            std::fflush(stdout);
        }
    }
    return 0;
}
