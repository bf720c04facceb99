// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// readAleaMachines (importers/AleaMachines.h): a small file read all or nothing. It reads a
// path, so each input goes through this process's scratch file.

#include "importers/AleaMachines.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace placement;
using namespace placement::test;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = textOf(data, size);
    const std::string& path = writeScratchFile(input);
    std::size_t lines = 0;
    forEachLine(input, [&](const LogLine&, std::size_t) { ++lines; });
    std::vector<AleaCluster> clusters;
    try {
        clusters = readAleaMachines(path);
    } catch (const ImportError& error) {
        // The documented error path: a malformed line, named by file and line.
        checkImportError(error, path, input);
        FUZZ_CHECK(error.line >= 1, "an error without a line in " + printable(input));
        return 0;
    }
    FUZZ_CHECK(clusters.size() <= lines, std::to_string(clusters.size()) + " clusters from " + std::to_string(lines));
    for (const AleaCluster& cluster : clusters) {
        const auto where = [&] { return " (cluster " + printable(cluster.name) + " of " + printable(input) + ")"; };
        FUZZ_CHECK(cluster.id >= 0 && !cluster.name.empty(), "no id or name" + where());
        FUZZ_CHECK(cluster.nodes >= 1 && cluster.cpusPerNode >= 1, "no nodes or processors" + where());
        FUZZ_CHECK(cluster.cpuSpeed > 0 && cluster.ramPerNodeKb >= 0, "a speed or memory out of range" + where());
    }
    return 0;
}
