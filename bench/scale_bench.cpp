// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Year-scale replays: a RICC-2010-like or CEA-Curie-2011-like trace (bench/ArchiveLikeTrace.h,
// the logs' job counts, real arrival spreads) replayed with EASY backfilling under each
// policy. Reports each policy's wall time as a ratio to first-fit's in the same run (the
// goal: at most 5), and the longest single scheduling decision (one allocator call or one
// reservation check; the goal: at most 50 ms) and the longest per-job total.
//
//   scale_bench [--trace ricc-2010|curie-2011] [--jobs N] [--machine jigsaw-1458]
//               [--window 50] [--seed 1] [--policies a,b,...] [--write-swf FILE]
//
// --jobs 0 (the default) generates the log's job count; --write-swf also writes the trace,
// which `placement simulate` reads like any SWF log.

#include "core/AllocatorFactory.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/ArchiveLikeTrace.h"

using namespace placement;

int main(int argc, char* argv[])
{
    std::string traceName = "ricc-2010";
    std::string machineName;
    std::string swfPath;
    int jobCount = 0;
    int window = 50;
    std::uint64_t seed = 1;
    std::vector<std::string> policies{"first-fit", "dual-ended", "slurm-tree", "ta", "jigsaw", "laas", "lcs"};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--trace"))
            traceName = argv[i + 1];
        else if (!std::strcmp(argv[i], "--jobs"))
            jobCount = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--machine"))
            machineName = argv[i + 1];
        else if (!std::strcmp(argv[i], "--window"))
            window = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--policies")) {
            policies.clear();
            const std::string list = argv[i + 1];
            for (size_t from = 0; from <= list.size();) {
                const size_t comma = std::min(list.find(',', from), list.size());
                policies.push_back(list.substr(from, comma - from));
                from = comma + 1;
            }
        } else if (!std::strcmp(argv[i], "--write-swf"))
            swfPath = argv[i + 1];
        else {
            std::fprintf(stderr, "scale_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    const bench::ArchiveLikeShape shape = bench::archiveLikeShape(traceName);
    if (machineName.empty())
        machineName = traceName == "curie-2011" ? "jigsaw-5488" : "jigsaw-1458";
    const auto machine = parseMachineSpec(machineName);
    std::vector<SimulationJob> jobs = bench::archiveLikeTrace(shape, jobCount, seed);
    if (!swfPath.empty())
        bench::writeSwf(swfPath, shape, jobs);
    double nodeSeconds = 0;
    for (const SimulationJob& job : jobs)
        nodeSeconds += static_cast<double>(job.nodes) * static_cast<double>(job.runTime);
    const double span = static_cast<double>(jobs.back().submit - jobs.front().submit);
    std::printf("%zu %s-like jobs over %.0f days on %s (%d nodes; offered load %.2f), EASY window %d, seed %llu\n\n",
                jobs.size(), traceName.c_str(), span / 86400, machineName.c_str(), machine->nodeCount(),
                nodeSeconds / (span * machine->nodeCount()), window, static_cast<unsigned long long>(seed));
    std::printf("%-12s %9s %9s %14s %14s %12s %10s\n", "policy", "total s", "vs ff", "decision max ms",
                "job total max ms", "sched p99 us", "never fit");
    double firstFit = 0;
    for (const std::string& policy : policies) {
        AllocatorChoice choice;
        choice.policy = policy;
        choice.seed = seed;
        const auto allocator = makeAllocator(*machine, choice);
        SimulationOptions options;
        options.backfill = BackfillPolicy::Easy;
        options.window = window;
        const auto begin = std::chrono::steady_clock::now();
        const SimulationResult result = simulate(*machine, jobs, *allocator, options);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        if (policy == "first-fit")
            firstFit = seconds;
        double decision = 0, total = 0;
        std::vector<double> perJob;
        perJob.reserve(result.jobs.size());
        for (const SimulatedJob& run : result.jobs) {
            decision = std::max(decision, run.longestDecisionMicroseconds);
            total = std::max(total, run.schedulingMicroseconds);
            perJob.push_back(run.schedulingMicroseconds);
        }
        const size_t at = perJob.size() * 99 / 100;
        std::nth_element(perJob.begin(), perJob.begin() + static_cast<std::ptrdiff_t>(at), perJob.end());
        std::printf("%-12s %9.2f %9.2f %14.2f %14.2f %12.1f %10d\n", policy.c_str(), seconds,
                    firstFit > 0 ? seconds / firstFit : 0.0, decision / 1000, total / 1000, perJob[at],
                    result.neverFit);
        std::fflush(stdout);
    }
    return 0;
}
