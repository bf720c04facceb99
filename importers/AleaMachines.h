// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// One cluster line of an Alea simulator `.machines` file (tests/data/traces/README.md, "Format of the
/// `.machines` files"; Alea's MachineLoader.java): the machine an SWF trace ran on.
struct AleaCluster
{
    int id = 0;
    std::string name;
    int nodes = 0;
    int cpusPerNode = 0;
    double cpuSpeed = 0;
    std::int64_t ramPerNodeKb = 0;
};

/// Reads every cluster of a `.machines` file (plain or .gz). The file is small and describes
/// the whole machine, so it is read all or nothing: a malformed line throws ImportError with
/// its line number. Blank lines are skipped.
std::vector<AleaCluster> readAleaMachines(const std::string& path);

} // namespace placement
