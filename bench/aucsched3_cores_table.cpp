// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// AUCSCHED3's Table 4 (Soner & Özturan §4) by the model: the paper's workloads 1-6 on its
// 1,024-node machine of 16 cores and 3 GPUs a node, 7 seeds each, under AUCSCHED3 (the
// auction by cores and GPUs) and the model of Slurm's backfill with topology/tree (cons_tres
// 22.05 best fit under EASY), printed as a Markdown table beside the paper's numbers; with
// --slurm DIR, also real Slurm 22.05's runs of the same workloads (bench/aucsched3-slurm.sh).
//
//     aucsched3_cores_table [--seeds N] [--window W] [--node-limit B] [--workloads 1,2,...]
//                           [--slurm DIR --time-scale K] [--no-model]
//     aucsched3_cores_table --print-jobs W S
//
// --print-jobs writes workload W, seed S, one job a line: id, cores, nodes (0: any),
// GPUs per node, run time in seconds. --slurm reads DIR/w<W>-s<S>.sacct (SlurmAucsched3.h)
// for every workload and seed of the table that has one; K is the factor by which the runs
// were shortened.

#include "core/Aucsched3Workload.h"
#include "core/CoreSimulation.h"
#include "core/MachineSpec.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "SlurmAucsched3.h"

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
    int notCompleted = 0, differentCpus = 0, differentNodes = 0, differentGpus = 0;
    double extraSeconds = 0; ///< summed over runs

    void add(const CoreRunSummary& s)
    {
        const double jobs = s.mapping.jobs;
        n += jobs;
        level += jobs * s.mapping.lowestCommonSwitch.mean;
        level2 += jobs
            * (s.mapping.lowestCommonSwitch.deviation * s.mapping.lowestCommonSwitch.deviation
               + s.mapping.lowestCommonSwitch.mean * s.mapping.lowestCommonSwitch.mean);
        spread += jobs * s.mapping.spread.mean;
        spread2 += jobs
            * (s.mapping.spread.deviation * s.mapping.spread.deviation + s.mapping.spread.mean * s.mapping.spread.mean);
        utilization += s.coreUtilization;
        gpu += s.gpuUtilization;
        nodes += s.nodeUtilization;
        neverFit += s.neverFit;
        ++runs;
    }
};

void printRow(int workload, const char* plugin, const PaperRow& row, const Pool& pool, const std::string& notes)
{
    const double level = pool.level / pool.n, spread = pool.spread / pool.n;
    const double levelSd = std::sqrt(std::max(0.0, pool.level2 / pool.n - level * level));
    const double spreadSd = std::sqrt(std::max(0.0, pool.spread2 / pool.n - spread * spread));
    std::printf("| %d | %d | %s | %.2f ± %.2f | %s | %.1f ± %.1f | %s | %.0f | %d | %.0f | %.0f | %d | %s | %.1f |\n",
                workload, pool.runs, plugin, level, levelSd, row.level, spread, spreadSd, row.spread,
                100 * pool.utilization / pool.runs, row.utilization, 100 * pool.gpu / pool.runs,
                100 * pool.nodes / pool.runs, pool.neverFit, notes.c_str(), pool.seconds);
    std::fflush(stdout);
}

int printJobs(int workload, int seed)
{
    for (const CoreJob& job : generateAucsched3Workload({workload, static_cast<std::uint64_t>(seed), 1024, 16}))
        std::printf("%s %d %d %d %lld\n", job.id.c_str(), job.request.cores, job.request.nodes, job.request.gpusPerNode,
                    static_cast<long long>(job.runTime));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    int seeds = 7, window = 50, nodeLimit = 5000;
    std::string slurmDirectory;
    double timeScale = 0;
    bool model = true;
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
        } else if (arg == "--print-jobs" && i + 2 < argc) {
            return printJobs(std::atoi(argv[i + 1]), std::atoi(argv[i + 2]));
        } else if (arg == "--slurm" && i + 1 < argc) {
            slurmDirectory = argv[++i];
        } else if (arg == "--time-scale" && i + 1 < argc) {
            timeScale = std::atof(argv[++i]);
        } else if (arg == "--no-model") {
            model = false;
        } else {
            std::fprintf(
                stderr,
                "usage: aucsched3_cores_table [--seeds N] [--window W] [--node-limit B] [--workloads 1,2,...]\n"
                "                             [--slurm DIR --time-scale K] [--no-model]\n"
                "       aucsched3_cores_table --print-jobs W S\n"
                "unknown argument: %s\n",
                argv[i]);
            return 2;
        }
    }
    if (!slurmDirectory.empty() && !(timeScale > 0)) {
        std::fprintf(stderr, "aucsched3_cores_table: --slurm needs --time-scale K (K > 0)\n");
        return 2;
    }
    const auto topology = parseMachineSpec(aucsched3MachineSpec());
    const CoreMachine machine(*topology, 16, 3);
    std::printf(
        "| workload | seeds | plugin | lowest level common switch | (paper) | spread | (paper) | utilization by "
        "cores, %% | (paper) | GPUs, %% | nodes, %% | jobs never placed | notes | replay s |\n");
    std::printf("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
    for (int workload : workloads) {
        for (bool aucsched : {true, false}) {
            if (!model)
                continue;
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
                pool.add(summarizeCoreRun(machine, jobs, result));
                pool.auctions += auction.auctions();
                pool.stopped += auction.stoppedAuctions();
            }
            printRow(workload,
                     aucsched ? "AUCSCHED3 (model: auction)" : "SLURM/Backfill (model: cons_tres best fit, EASY)",
                     paperRow(workload, aucsched), pool,
                     aucsched ? std::to_string(pool.auctions) + " auctions, " + std::to_string(pool.stopped)
                             + " stopped at the node limit"
                              : std::string());
        }
        if (slurmDirectory.empty())
            continue;
        Pool pool;
        for (int seed = 1; seed <= seeds; ++seed) {
            const std::string path
                = slurmDirectory + "/w" + std::to_string(workload) + "-s" + std::to_string(seed) + ".sacct";
            if (!std::filesystem::exists(path))
                continue;
            const std::vector<CoreJob> jobs
                = generateAucsched3Workload({workload, static_cast<std::uint64_t>(seed), 1024, 16});
            try {
                const SlurmRun run = readSlurmRun(path, jobs, *topology, timeScale);
                if (run.records != static_cast<int>(jobs.size()))
                    std::fprintf(stderr, "%s: %d of the workload's %zu jobs are listed\n", path.c_str(), run.records,
                                 jobs.size());
                CoreRunSummary summary = summarizeCoreRun(machine, jobs, run.result);
                summary.neverFit = static_cast<int>(jobs.size()) - summary.jobs;
                pool.add(summary);
                pool.notCompleted += run.notCompleted;
                pool.differentCpus += run.differentCpus;
                pool.differentNodes += run.differentNodes;
                pool.differentGpus += run.differentGpus;
                pool.extraSeconds += run.meanExtraSeconds;
            } catch (const std::exception& error) {
                std::fprintf(stderr, "aucsched3_cores_table: %s\n", error.what());
                return 1;
            }
        }
        if (pool.runs == 0)
            continue;
        char notes[300];
        std::snprintf(notes, sizeof notes,
                      "time / %g; a job held its nodes %.0f s longer than its run time (mean); grants other than "
                      "asked: %d CPUs, %d node counts, %d GPUs; %d not completed",
                      timeScale, pool.extraSeconds / pool.runs, pool.differentCpus, pool.differentNodes,
                      pool.differentGpus, pool.notCompleted);
        printRow(workload, "SLURM/Backfill (real Slurm 22.05)", paperRow(workload, false), pool, notes);
    }
    return 0;
}
