// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/fuzz/MachineChecks.h"

#include "tests/fuzz/FuzzSupport.h"

#include <algorithm>
#include <set>
#include <vector>

namespace placement::test {

void checkMachine(const ImportedMachine& machine, std::string_view input)
{
    const auto where = [&] { return " from " + printable(input); };
    FUZZ_CHECK(machine.topology, "a machine without a topology" + where());
    const int nodes = machine.topology->nodeCount();
    FUZZ_CHECK(nodes > 0, "a machine without nodes" + where());
    FUZZ_CHECK(machine.nodeNames.size() == static_cast<std::size_t>(nodes),
               std::to_string(machine.nodeNames.size()) + " names for " + std::to_string(nodes) + " nodes" + where());
    std::vector<std::string_view> names(machine.nodeNames.begin(), machine.nodeNames.end());
    std::sort(names.begin(), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) {
        FUZZ_CHECK(!names[i].empty(), "an empty node name" + where());
        FUZZ_CHECK(i == 0 || names[i] != names[i - 1], "node " + printable(names[i]) + " named twice" + where());
    }
    // The first, last and some nodes between.
    std::set<int> sample;
    for (int i = 0; i < 8; ++i)
        sample.insert(static_cast<int>(static_cast<long long>(nodes - 1) * i / 7));
    for (const int a : sample) {
        FUZZ_CHECK(machine.topology->hops(a, a) == 0, "hops from node " + std::to_string(a) + " to itself" + where());
        for (const int b : sample) {
            const int there = machine.topology->hops(a, b);
            FUZZ_CHECK(there >= 0 && there == machine.topology->hops(b, a),
                       "hops between nodes " + std::to_string(a) + " and " + std::to_string(b) + where());
        }
    }
}

} // namespace placement::test
