// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace placement {

/// jobs.node_cores (schema version 9): the CPUs a job held on each node of its node list, in
/// the list's order, as text: "" (stored as NULL) when the log does not say, one number when
/// every node held the same ("4"), else one number per node ("80,3,12").
std::string encodeNodeCores(const std::vector<int>& cores);
/// The counts for a job of `nodeCount` nodes. Throws std::invalid_argument for text that is
/// not such a list, or one whose length is neither 1 nor nodeCount.
std::vector<int> decodeNodeCores(std::string_view text, int nodeCount);

} // namespace placement
