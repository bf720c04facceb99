// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SplitMix64.h"
#include "core/SwitchTreeTopology.h"

#include <algorithm>
#include <string>
#include <vector>

namespace placement::test {

/// A seeded random switch tree of the shapes a site's topology.conf gives: depth 1 to 5
/// below the root, 1 to 40 children per switch, leaves at different depths, switches that
/// hold nodes and switches, leaf switches without nodes. At most about `maxSwitches`
/// switches, so that every seed stays small enough to draw. Always at least one node.
struct RandomSwitchTree
{
    std::vector<int> parents;
    std::vector<int> nodesPerSwitch;
    int depth = 0; ///< levels below the root
    int fanOut = 0; ///< most children of one switch

    explicit RandomSwitchTree(std::uint64_t seed, int maxSwitches = 600)
    {
        SplitMix64 random(seed);
        depth = static_cast<int>(random.between(1, 5));
        fanOut = static_cast<int>(random.between(1, 40));
        parents.push_back(-1);
        std::vector<int> switchDepth{0};
        for (size_t s = 0; s < parents.size(); ++s) {
            const int here = switchDepth[s];
            const bool inner = here < depth && static_cast<int>(parents.size()) < maxSwitches
                && (here == 0 || random.uniform() < 0.8);
            const int children = inner ? static_cast<int>(random.between(1, fanOut)) : 0;
            for (int c = 0; c < children && static_cast<int>(parents.size()) < maxSwitches; ++c) {
                parents.push_back(static_cast<int>(s));
                switchDepth.push_back(here + 1);
            }
            // Leaves mostly hold nodes (a few hold none); inner switches sometimes do.
            const bool leaf = children == 0;
            const bool holds = leaf ? random.uniform() < 0.9 : random.uniform() < 0.15;
            nodesPerSwitch.push_back(holds ? static_cast<int>(random.between(1, std::max(1, fanOut))) : 0);
        }
        if (std::all_of(nodesPerSwitch.begin(), nodesPerSwitch.end(), [](int n) { return n == 0; }))
            nodesPerSwitch.back() = 1;
    }

    SwitchTreeTopology topology() const { return SwitchTreeTopology(parents, nodesPerSwitch, "n"); }
};

} // namespace placement::test
