// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/AleaMachines.h"

#include "importers/ImportedJob.h"
#include "importers/LineReader.h"
#include "importers/TextFields.h"

namespace placement {

std::vector<AleaCluster> readAleaMachines(const std::string& path)
{
    std::vector<AleaCluster> clusters;
    LineReader reader(path);
    LineReader::Line line;
    while (reader.next(line)) {
        // The fields are tab-separated; names hold no blanks, so any run of blanks will do.
        const std::vector<std::string_view> fields = splitWhitespace(line.text);
        if (fields.empty())
            continue;
        if (fields.size() != 6)
            throw ImportError(path, line.number,
                              "wrong field count (" + std::to_string(fields.size()) + ", expected 6)");
        AleaCluster cluster;
        const std::optional<int> id = parseCount(fields[0]);
        const std::optional<int> nodes = parseCount(fields[2], 1);
        const std::optional<int> cpus = parseCount(fields[3], 1);
        const std::optional<double> speed = parseDecimal(fields[4]);
        const std::optional<std::int64_t> ram = parseInteger(fields[5]);
        if (!id || !nodes || !cpus || !speed || *speed <= 0 || !ram || *ram < 0)
            throw ImportError(path, line.number, "bad number");
        cluster.id = *id;
        cluster.name = std::string(fields[1]);
        cluster.nodes = *nodes;
        cluster.cpusPerNode = *cpus;
        cluster.cpuSpeed = *speed;
        cluster.ramPerNodeKb = *ram;
        clusters.push_back(std::move(cluster));
    }
    if (!reader.error().empty())
        throw ImportError(path, line.number + 1, "unreadable data (" + reader.error() + ")");
    return clusters;
}

} // namespace placement
