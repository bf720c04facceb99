// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <memory>
#include <string>
#include <vector>

namespace placement {

/// A machine read from a file (or made from a preset): its topology and the real name of
/// every node. Job logs name nodes by these names; the topology numbers them 0 .. n-1.
struct ImportedMachine
{
    std::string name; ///< a default name: the preset or spec's first word, or the file's name
    std::unique_ptr<Topology> topology;
    std::vector<std::string> nodeNames; ///< index = node id; size == topology->nodeCount(), unique
    /// Switch trees read from topology.conf: a name for every switch of the topology (index =
    /// switch id): the file's name, "s4+s5" for merged switches, "(virtual root)". Else empty.
    std::vector<std::string> switchNames;
    std::vector<std::string> notes; ///< what was assumed, for the user
};

} // namespace placement
