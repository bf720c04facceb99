// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The isolating allocators on Jigsaw's synthetic trace (HPDC'21 §5.1: sizes exponential with
// mean 16, run times uniform 20-3000 s, every job at time 0; core/SyntheticWorkload.h),
// replayed with EASY backfilling (window 50) on Jigsaw's full fat-trees:
//
// 1. scheduling time per job (the allocator's wall time for it, reservation replays
//    included; mean and p99) of Jigsaw, LaaS and TA on jigsaw-1024, -1458, -2662 and -5488,
//    next to Jigsaw's Table 3 (about 1-10 ms per job);
// 2. average utilization over the steady state of first-fit (Jigsaw's Baseline), TA, LaaS
//    and Jigsaw side by side on the first machine, with Jigsaw's other enumeration order
//    (most leaves first) and LaaS's internal fragmentation;
// 3. LC+S (§5.2.3, the bound: links shared by bandwidth, 5 s search timeout) on every
//    machine, with the number of searches its timeout cut off.
//
//   isolation_bench [--jobs 10000] [--machines jigsaw-1024,jigsaw-1458,...] [--window 50]
//                   [--mean 16] [--seed 1]

#include "core/AllocatorFactory.h"
#include "core/FatTreeTopology.h"
#include "core/JigsawAllocator.h"
#include "core/LcsAllocator.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SyntheticWorkload.h"
#include "core/SystemMetrics.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/CommaList.h"

using namespace placement;

namespace {

std::unique_ptr<Allocator> allocatorFor(const Topology& machine, const std::string& policy,
                                        const std::shared_ptr<LcsCounters>& counters)
{
    if (policy == "jigsaw-most-leaves-first")
        return std::make_unique<JigsawAllocator>(dynamic_cast<const FatTreeTopology&>(machine),
                                                 JigsawOrder::MostLeavesFirst);
    AllocatorChoice choice;
    choice.policy = policy;
    choice.searchCounters = counters;
    return makeAllocator(machine, choice);
}

void runOne(const std::string& machineName, const Topology& machine, const std::vector<SimulationJob>& jobs,
            const std::string& policy, int window)
{
    const auto counters = std::make_shared<LcsCounters>();
    const auto allocator = allocatorFor(machine, policy, counters);
    SimulationOptions options;
    options.backfill = BackfillPolicy::Easy;
    options.window = window;
    const auto begin = std::chrono::steady_clock::now();
    const SimulationResult result = simulate(machine, jobs, *allocator, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const SystemMetrics metrics = computeSystemMetrics(machine.nodeCount(), jobs, result);
    const Distribution& sched = metrics.schedulingMicroseconds;
    const std::string timeouts = policy == "lcs" ? std::to_string(counters->timeouts) : "-";
    std::printf("%-12s %-25s %8.2f %10.3f %10.3f %10.3f %12.3f %9.3f %11.2f %9s\n", machineName.c_str(), policy.c_str(),
                seconds, sched.mean / 1000, sched.p99 / 1000, sched.max / 1000, metrics.steadyUtilization,
                metrics.steadyIdleAllocated, static_cast<double>(metrics.makespan) / 3600, timeouts.c_str());
    std::fflush(stdout);
}

} // namespace

int main(int argc, char* argv[])
{
    SyntheticTraceOptions trace;
    int window = 50;
    std::vector<std::string> machines{"jigsaw-1024", "jigsaw-1458", "jigsaw-2662", "jigsaw-5488"};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--jobs"))
            trace.jobs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--machines"))
            machines = splitCommaList(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--window"))
            window = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--mean"))
            trace.meanNodes = std::atof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            trace.seed = std::strtoull(argv[i + 1], nullptr, 10);
        else {
            std::fprintf(stderr, "isolation_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (machines.empty() || trace.jobs < 1) {
        std::fprintf(stderr, "isolation_bench: no machines or no jobs\n");
        return 2;
    }
    std::printf("Jigsaw synthetic trace: %d jobs, sizes exponential mean %.0f, run times 20-3000 s, all at 0, "
                "seed %llu; EASY window %d\n\n",
                trace.jobs, trace.meanNodes, static_cast<unsigned long long>(trace.seed), window);
    std::printf("%-12s %-25s %8s %10s %10s %10s %12s %9s %11s %9s\n", "machine", "policy", "total s", "sched ms",
                "p99 ms", "max ms", "utilization", "idle", "makespan h", "timeouts");
    for (size_t m = 0; m < machines.size(); ++m) {
        const auto machine = parseMachineSpec(machines[m]);
        SyntheticTraceOptions sized = trace;
        sized.maxNodes = machine->nodeCount();
        const std::vector<SimulationJob> jobs = generateSyntheticTrace(sized);
        // The first machine gets every policy (utilization side by side), the others the
        // isolating ones (scheduling time); LC+S, the bound, everywhere.
        std::vector<std::string> policies{"jigsaw", "laas", "ta", "lcs"};
        if (m == 0)
            policies = {"first-fit", "ta", "laas", "jigsaw", "jigsaw-most-leaves-first", "lcs"};
        for (const std::string& policy : policies)
            runOne(machines[m], *machine, jobs, policy, window);
    }
    return 0;
}
