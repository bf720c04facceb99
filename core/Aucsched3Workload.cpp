// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Aucsched3Workload.h"

#include "core/SplitMix64.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace placement {

std::vector<CoreJob> generateAucsched3Workload(const Aucsched3WorkloadOptions& options)
{
    if (options.workload < 1 || options.workload > 6)
        throw std::invalid_argument("AUCSCHED3 workload " + std::to_string(options.workload)
                                    + " does not exist (Table 3 has 1 to 6)");
    if (options.nodes < 1 || options.coresPerNode < 1)
        throw std::invalid_argument("AUCSCHED3 workload: the machine needs nodes and cores");
    const int count = options.workload % 2 == 1 ? 350 : 2095;
    std::vector<char> types;
    if (options.workload <= 2)
        types.assign(static_cast<size_t>(count), 'A');
    else if (options.workload <= 4)
        types.assign(static_cast<size_t>(count), 'B');
    else
        for (char type : {'A', 'B', 'C', 'D', 'E'})
            types.insert(types.end(), static_cast<size_t>(count / 5), type);
    SplitMix64 random(options.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(options.workload));
    // Fisher-Yates: the types in a random order.
    for (size_t i = types.size(); i > 1; --i)
        std::swap(types[i - 1], types[static_cast<size_t>(random.between(0, static_cast<std::int64_t>(i) - 1))]);
    const int systemCores = options.nodes * options.coresPerNode;
    std::vector<CoreJob> jobs;
    jobs.reserve(types.size());
    for (size_t i = 0; i < types.size(); ++i) {
        CoreJob job;
        job.id = std::to_string(i + 1);
        job.submit = 0;
        job.runTime = random.between(30, 300);
        job.timeLimit = job.runTime;
        const char type = types[i];
        while (true) {
            const int cores = static_cast<int>(random.between(1, systemCores));
            if (type == 'A') {
                job.request = {0, cores, 0};
                break;
            }
            int nodes = static_cast<int>(random.between(1, options.nodes));
            nodes = std::min(nodes, cores);
            if (cores > nodes * options.coresPerNode)
                continue; // Slurm refuses it: drawn again
            job.request = {nodes, cores, type == 'B' ? 0 : type - 'B'};
            break;
        }
        jobs.push_back(std::move(job));
    }
    return jobs;
}

char aucsched3JobType(const ResourceRequest& request)
{
    if (request.wholeNodes())
        return 'N';
    if (request.nodes == 0)
        return 'A';
    return static_cast<char>('B' + std::min(request.gpusPerNode, 3));
}

std::string aucsched3MachineSpec()
{
    std::ostringstream parents, nodes;
    parents << "-1";
    nodes << "0";
    for (int s = 0; s < 8; ++s) {
        parents << ",0";
        nodes << ",0";
    }
    for (int leaf = 0; leaf < 64; ++leaf) {
        parents << ',' << 1 + leaf / 8;
        nodes << ",16";
    }
    return "switchtree parents=" + parents.str() + " nodes=" + nodes.str() + " prefix=n";
}

} // namespace placement
