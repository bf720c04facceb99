// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLog.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// A job of a real trace as the benches draw from it: its size and times.
struct Sample
{
    int nodes;
    std::int64_t runTime, timeLimit;
};

/// The jobs of the SWF trace `path` that ran (start and end given, some processors), sized
/// in nodes of `cpusPerNode` processors where the trace gives processors only.
inline std::vector<Sample> traceSamples(const std::string& path, int cpusPerNode)
{
    std::vector<Sample> samples;
    parseJobLog(path, LogFormat::Swf, {}, [&](ImportedJob&& job) {
        const int cpus = job.allocatedCpus > 0 ? job.allocatedCpus : job.requestedCpus;
        if (!job.start || !job.end || *job.end <= *job.start || cpus <= 0)
            return;
        const int nodes = job.allocatedNodes > 0 ? job.allocatedNodes : (cpus + cpusPerNode - 1) / cpusPerNode;
        samples.push_back({nodes, *job.end - *job.start, job.timeLimit.value_or(0)});
    });
    return samples;
}

} // namespace placement
