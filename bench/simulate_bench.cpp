// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Simulator speed: a 100,000-job workload whose sizes, run times and time limits are drawn
// from the real traces (theta_2022.swf, nodes; hpc2n.swf, 2 processors per node; 1:1), all
// arriving at time 0, replayed with EASY backfilling (window 50) on jigsaw-1458 under each
// allocator. Reports the whole replay's wall time and the distribution of the scheduling time
// per job (the wall time the allocator spent on it, reservation replays included).
//
//   simulate_bench [--jobs 100000] [--machine jigsaw-1458] [--window 50] [--policies a,b,...]

#include "core/AllocatorFactory.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"
#include "core/SystemMetrics.h"
#include "importers/JobLog.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/CommaList.h"
#include "bench/TraceSamples.h"

using namespace placement;

namespace {

/// The trace's jobs; stops the bench when it holds none.
std::vector<Sample> samplesOf(const std::string& path, int cpusPerNode)
{
    std::vector<Sample> samples = traceSamples(path, cpusPerNode);
    if (samples.empty()) {
        std::fprintf(stderr, "simulate_bench: no jobs read from %s\n", path.c_str());
        std::exit(1);
    }
    return samples;
}

} // namespace

int main(int argc, char* argv[])
{
    int jobCount = 100'000;
    int window = 50;
    std::string machineName = "jigsaw-1458";
    std::vector<std::string> policies{"first-fit", "random", "dual-ended", "slurm-tree", "ta"};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--jobs"))
            jobCount = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--machine"))
            machineName = argv[i + 1];
        else if (!std::strcmp(argv[i], "--window"))
            window = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--policies"))
            policies = splitCommaList(argv[i + 1]);
        else {
            std::fprintf(stderr, "simulate_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    const auto machine = parseMachineSpec(machineName);
    const std::string traces = PLACEMENT_TRACE_DIR; // tests/data/traces
    const std::vector<Sample> theta = samplesOf(traces + "/theta_2022.swf", 1);
    const std::vector<Sample> hpc2n = samplesOf(traces + "/hpc2n.swf", 2);

    SplitMix64 random(2026);
    std::vector<SimulationJob> jobs;
    jobs.reserve(static_cast<size_t>(jobCount));
    double meanNodes = 0;
    while (static_cast<int>(jobs.size()) < jobCount) {
        const std::vector<Sample>& pool = random.uniform() < 0.5 ? theta : hpc2n;
        const Sample& sample = pool[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(pool.size()) - 1))];
        if (sample.nodes > machine->nodeCount())
            continue; // drawn again: the bench measures scheduling, not skipping
        SimulationJob job;
        job.id = std::to_string(jobs.size());
        job.submit = 0;
        job.runTime = sample.runTime;
        job.timeLimit = sample.timeLimit;
        job.nodes = sample.nodes;
        meanNodes += job.nodes;
        jobs.push_back(std::move(job));
    }
    std::printf("%d jobs (theta_2022 + hpc2n samples 1:1, mean %.1f nodes), all at time 0, on %s (%d nodes), "
                "EASY window %d\n\n",
                jobCount, meanNodes / jobCount, machineName.c_str(), machine->nodeCount(), window);
    std::printf("%-12s %9s %9s %11s %9s %9s %9s %9s %11s\n", "policy", "total s", "us/job", "utilization", "sched us",
                "median", "p99", "max", "makespan d");
    for (const std::string& policy : policies) {
        AllocatorChoice choice;
        choice.policy = policy;
        const auto allocator = makeAllocator(*machine, choice);
        SimulationOptions options;
        options.backfill = BackfillPolicy::Easy;
        options.window = window;
        const auto begin = std::chrono::steady_clock::now();
        const SimulationResult result = simulate(*machine, jobs, *allocator, options);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        const SystemMetrics metrics = computeSystemMetrics(machine->nodeCount(), jobs, result);
        const Distribution& sched = metrics.schedulingMicroseconds;
        std::printf("%-12s %9.2f %9.1f %11.3f %9.1f %9.1f %9.1f %9.0f %11.1f\n", policy.c_str(), seconds,
                    seconds * 1e6 / jobCount, metrics.steadyUtilization, sched.mean, sched.median, sched.p99, sched.max,
                    static_cast<double>(metrics.makespan) / 86400);
        std::fflush(stdout);
    }
    return 0;
}
