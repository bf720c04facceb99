// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"

#include <QString>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace placement::test {

/// The jobs of an SWF trace (docs/formats/swf.md) as the simulator replays them: id (field
/// 1), submit (2), run time (4), time limit (9, when positive) and processors (5) turned
/// into nodes of `cpusPerNode`; rows without a run time or processors are left out. At most
/// `limit` jobs, in file order. Kept apart from the importers on purpose: the simulator's
/// tests replay the same jobs whatever the importers learn to read.
inline std::vector<SimulationJob> readSwf(const QString& path, int cpusPerNode, size_t limit)
{
    std::ifstream in(path.toStdString());
    std::vector<SimulationJob> jobs;
    std::string line;
    while (std::getline(in, line) && jobs.size() < limit) {
        if (line.empty() || line[0] == ';')
            continue;
        std::istringstream fields(line);
        std::vector<double> f;
        double value = 0;
        while (fields >> value)
            f.push_back(value);
        if (f.size() < 9 || f[3] < 0 || f[4] <= 0)
            continue;
        SimulationJob job;
        job.id = std::to_string(static_cast<long long>(f[0]));
        job.submit = static_cast<std::int64_t>(f[1]);
        job.runTime = static_cast<std::int64_t>(f[3]);
        job.timeLimit = f[8] > 0 ? static_cast<std::int64_t>(f[8]) : 0;
        job.nodes = (static_cast<int>(f[4]) + cpusPerNode - 1) / cpusPerNode;
        jobs.push_back(job);
    }
    return jobs;
}

} // namespace placement::test
