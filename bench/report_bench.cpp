// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The report of `placement report` (services/Report.h) for 3 runs of a 100,000-job trace:
// gathering its content from the database (the runs' summaries and placements, the chart
// numbers, the most fragmented jobs, link sharing at the busiest moment) and writing the
// HTML with its figures. The reference measured in the same run is what `placement runs
// --json` reads (the logged run measured from its jobs, the stored runs listed).
//
// The trace: sizes and run times drawn 1:1 from theta_2022.swf and hpc2n.swf as in
// simulate_bench, arriving every 40 s on average (seeded), on jigsaw-1458. Its "logged"
// placements are a first-fit EASY replay; the other runs are TA and random, EASY, stored by
// services/Simulation.h as `placement simulate` stores them. Setting up is not timed.
//
// With --placement BIN (the `placement` command; under a display, e.g. xvfb-run), also the
// whole `placement report ... --pdf` with the 3D snapshots and the PDF, run as a user runs it
// (the explorer started by the command), median of the rounds.
//
//   report_bench [--jobs 100000] [--repeat 3] [--db FILE] [--placement build/bin/placement]

#include "core/AllocatorFactory.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"
#include "importers/JobLog.h"
#include "services/LoggedRun.h"
#include "services/Report.h"
#include "services/Simulation.h"
#include "store/Store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/TraceSamples.h"

using namespace placement;

namespace {

double secondsSince(std::chrono::steady_clock::time_point begin)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

} // namespace

int main(int argc, char* argv[])
{
    int jobCount = 100'000;
    int repeat = 3;
    std::string path = (std::filesystem::temp_directory_path() / "report_bench.sqlite").string();
    std::string placementCommand;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--jobs"))
            jobCount = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeat"))
            repeat = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--db"))
            path = argv[i + 1];
        else if (!std::strcmp(argv[i], "--placement"))
            placementCommand = argv[i + 1];
        else {
            std::fprintf(stderr, "report_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    const std::string spec = "jigsaw-1458";
    const auto machine = parseMachineSpec(spec);
    std::filesystem::remove(path);

    auto begin = std::chrono::steady_clock::now();
    const std::string traces = PLACEMENT_TRACE_DIR; // tests/data/traces
    const std::vector<Sample> theta = traceSamples(traces + "/theta_2022.swf", 1);
    const std::vector<Sample> hpc2n = traceSamples(traces + "/hpc2n.swf", 2);
    SplitMix64 random(2026);
    std::vector<SimulationJob> jobs;
    std::int64_t submit = 0;
    while (static_cast<int>(jobs.size()) < jobCount) {
        const std::vector<Sample>& pool = random.uniform() < 0.5 ? theta : hpc2n;
        const Sample& sample = pool[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(pool.size()) - 1))];
        if (sample.nodes > machine->nodeCount())
            continue;
        submit += random.between(0, 80);
        jobs.push_back({std::to_string(jobs.size() + 1), submit, sample.runTime, sample.timeLimit, sample.nodes});
    }
    AllocatorChoice firstFit;
    firstFit.policy = "first-fit";
    const auto allocator = makeAllocator(*machine, firstFit);
    const SimulationResult logged = simulate(*machine, jobs, *allocator);
    std::vector<Job> placed;
    for (size_t i = 0; i < jobs.size(); ++i)
        placed.push_back({jobs[i].id, "user" + std::to_string(i % 97), logged.jobs[i].nodes, jobs[i].submit,
                          logged.jobs[i].start, logged.jobs[i].end});
    {
        Store store = Store::openOrCreate(path);
        store.addMachine("bench", spec, placed);
        for (const char* policy : {"ta", "random"}) {
            SimulationSetup setup;
            setup.machine = "bench";
            setup.allocator.policy = policy;
            runStoredSimulation(store, setup, "bench");
        }
    }
    std::printf("%d jobs (theta_2022 + hpc2n samples 1:1, one every 40 s on average) on %s (%d nodes): "
                "logged (first-fit EASY), ta easy, random easy; set up in %.1f s, %s\n\n",
                jobCount, spec.c_str(), machine->nodeCount(), secondsSince(begin), path.c_str());

    std::vector<double> reference, gather, html, full;
    std::size_t bytes = 0;
    for (int round = 0; round < repeat; ++round) {
        Store store = Store::openExisting(path);
        const MachineRecord record = *store.machine("bench");
        begin = std::chrono::steady_clock::now();
        const RunRecord loggedRecord = loggedRun(store, record);
        const std::vector<RunRecord> stored = runs(store, record.id);
        reference.push_back(secondsSince(begin));
        if (stored.size() != 2 || loggedRecord.summary.empty()) {
            std::fprintf(stderr, "report_bench: expected the logged run and 2 stored runs\n");
            return 1;
        }

        begin = std::chrono::steady_clock::now();
        const ReportContent content = buildReport(store, "bench", {"logged", "ta easy", "random easy"}, {}, "bench");
        gather.push_back(secondsSince(begin));
        begin = std::chrono::steady_clock::now();
        bytes = reportHtml(content, {}, "no snapshots in the bench").size();
        html.push_back(secondsSince(begin));
    }
    if (!placementCommand.empty()) {
        const std::string out = path + ".report";
        const std::string command = "'" + placementCommand + "' report --db '" + path
            + "' --machine bench --runs 'logged,ta easy,random easy' --out '" + out + ".html' --pdf '" + out
            + ".pdf' > '" + out + ".log' 2>&1";
        for (int round = 0; round < repeat; ++round) {
            begin = std::chrono::steady_clock::now();
            if (std::system(command.c_str()) != 0) {
                std::fprintf(stderr, "report_bench: %s failed (see %s.log)\n", command.c_str(), out.c_str());
                return 1;
            }
            full.push_back(secondsSince(begin));
        }
    }
    const auto median = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return values[values.size() / 2];
    };
    const double total = median(gather) + median(html);
    std::printf("%-44s %8s\n", "step (median of the rounds)", "s");
    std::printf("%-44s %8.2f\n", "reference: what placement runs --json reads", median(reference));
    std::printf("%-44s %8.2f\n", "report content (3 runs)", median(gather));
    std::printf("%-44s %8.3f  (%zu bytes)\n", "report HTML with the SVG figures", median(html), bytes);
    std::printf("%-44s %8.2f  (%.1fx the reference; target 10 s)\n", "report, total", total, total / median(reference));
    if (!full.empty()) {
        const double whole = median(full);
        std::printf("%-44s %8.2f  (%.1fx the reference; target 10 s)\n", "placement report with 3D snapshots and PDF",
                    whole, whole / median(reference));
        return total <= 10 && whole <= 10 ? 0 : 1;
    }
    return total <= 10 ? 0 : 1;
}
