// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "bench/ArchiveLikeTrace.h"

#include "core/SplitMix64.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numbers>
#include <stdexcept>

namespace placement::bench {

// Sources. RICC: the Parallel Workloads Archive's page of the log
// (https://www.cs.huji.ac.il/labs/parallel/workload/l_ricc/index.html): RIKEN Integrated
// Cluster of Clusters, its "massively parallel cluster" of 1,024 nodes of 8 cores, May to
// September 2010, 447,794 jobs; the scheduler falls back to FCFS without contention.
// Curie: the archive's CEA-Curie-2011 log. Its job count (312,807, as the project's importer
// reads the cleaned version) is the one the scale benchmarks were first measured with; the
// machine (the thin-node partition, taken as 5,040 nodes of 16 cores) and the period (taken
// as about 20 months from February 2011) are recalled, not checked against the archive's
// page, and are best read as assumptions of the shape. The pages publish no histogram of
// sizes or run times, so those are modelled here and named as such: a share
// of one-node jobs, parallel sizes log-uniform with a bias to small ones and most of them
// powers of two (Lublin and Feitelson, JPDC 63(11) 2003, observe both in every log), a share
// of jobs shorter than a minute, other run times log-uniform up to the longest queue limit,
// scaled so that the jobs offer 80 % of the logged machine's node-hours (a busy centre).
// Time limits are run times times 1 to 4, rounded up to 15 minutes (users overestimate:
// Tsafrir, Etsion and Feitelson, TPDS 18(6) 2007), a tenth of the jobs killed at their limit.
ArchiveLikeShape archiveLikeShape(const std::string& name)
{
    ArchiveLikeShape shape;
    shape.name = name;
    if (name == "ricc-2010") {
        shape.jobs = 447'794; // archive
        shape.days = 153; // archive: May to September 2010
        shape.machineNodes = 1024; // archive
        shape.largestJob = 1024;
        shape.serialShare = 0.55; // modelled
        shape.powerOfTwoShare = 0.7; // modelled
        shape.shortShare = 0.2; // modelled
        shape.longestRun = 72 * 3600; // modelled
        return shape;
    }
    if (name == "curie-2011") {
        shape.jobs = 312'807; // the count the first measurements used (see above)
        shape.days = 600; // assumed: about 20 months from February 2011
        shape.machineNodes = 5040; // assumed: the thin-node partition
        shape.largestJob = 4096;
        shape.serialShare = 0.35; // modelled
        shape.powerOfTwoShare = 0.6; // modelled
        shape.shortShare = 0.2; // modelled
        shape.longestRun = 24 * 3600; // modelled
        return shape;
    }
    throw std::invalid_argument("unknown trace shape '" + name + "' (known: ricc-2010, curie-2011)");
}

std::vector<SimulationJob> archiveLikeTrace(const ArchiveLikeShape& shape, int count, std::uint64_t seed)
{
    if (count <= 0)
        count = shape.jobs;
    SplitMix64 random(seed);
    // Fewer jobs than the log's arrive at its rate, over a part of its duration.
    const double span = static_cast<double>(shape.days) * 86400 * count / shape.jobs;
    std::vector<std::int64_t> submits;
    submits.reserve(static_cast<size_t>(count));
    while (static_cast<int>(submits.size()) < count) {
        // A daily cycle: twice as many arrivals at 14:00 as at 02:00 (thinning).
        const double at = random.uniform() * span;
        const double hour = std::fmod(at / 3600, 24);
        const double rate = 1 + 0.5 * std::sin((hour - 8) / 24 * 2 * std::numbers::pi);
        if (random.uniform() * 1.5 <= rate)
            submits.push_back(static_cast<std::int64_t>(at));
    }
    std::sort(submits.begin(), submits.end());

    std::vector<SimulationJob> jobs(static_cast<size_t>(count));
    const double largest = std::log2(static_cast<double>(shape.largestJob));
    double nodeSeconds = 0;
    for (int i = 0; i < count; ++i) {
        SimulationJob& job = jobs[static_cast<size_t>(i)];
        job.id = std::to_string(i + 1);
        job.submit = submits[static_cast<size_t>(i)];
        if (random.uniform() < shape.serialShare) {
            job.nodes = 1;
        } else {
            const double u = random.uniform();
            const double exponent = 1 + u * u * (largest - 1); // 2 .. largest, small ones favoured
            job.nodes = random.uniform() < shape.powerOfTwoShare ? 1 << static_cast<int>(std::lround(exponent))
                                                                 : static_cast<int>(std::lround(std::exp2(exponent)));
            job.nodes = std::clamp(job.nodes, 2, shape.largestJob);
        }
        job.runTime = random.uniform() < shape.shortShare
            ? random.between(1, 59)
            : static_cast<std::int64_t>(random.logUniform(60, static_cast<double>(shape.longestRun)));
        nodeSeconds += static_cast<double>(job.nodes) * static_cast<double>(job.runTime);
    }
    // Run times scaled to offer 80 % of the logged machine (short jobs stay short).
    const double scale = 0.8 * span * shape.machineNodes / nodeSeconds;
    for (SimulationJob& job : jobs) {
        if (job.runTime >= 60)
            job.runTime = std::clamp<std::int64_t>(std::llround(static_cast<double>(job.runTime) * scale), 60,
                                                   shape.longestRun);
        const double factor = random.uniform() < 0.1 ? 1 : 1 + 3 * random.uniform();
        const auto limit = static_cast<std::int64_t>(std::ceil(static_cast<double>(job.runTime) * factor / 900)) * 900;
        job.timeLimit = std::min(limit, shape.longestRun);
        job.runTime = std::min(job.runTime, job.timeLimit);
    }
    return jobs;
}

void writeSwf(const std::string& path, const ArchiveLikeShape& shape, const std::vector<SimulationJob>& jobs)
{
    std::ofstream out(path);
    if (!out)
        throw std::runtime_error("cannot write " + path);
    out << "; Generated: a " << shape.name << "-like trace (bench/ArchiveLikeTrace.cpp), not the archive's log\n"
        << "; MaxNodes: " << shape.machineNodes << "\n; MaxProcs: " << shape.machineNodes << "\n";
    for (const SimulationJob& job : jobs)
        out << job.id << ' ' << job.submit << " -1 " << job.runTime << ' ' << job.nodes << " -1 -1 " << job.nodes << ' '
            << job.timeLimit << " -1 1 -1 -1 -1 -1 -1 -1 -1\n";
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

} // namespace placement::bench
