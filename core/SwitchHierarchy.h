// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <vector>

namespace placement {

/// A tree-shaped network seen as a rooted tree of switch groups, for metrics that only
/// depend on where paths meet (hops, APH, lowest common switch, leaves and pods touched).
///
/// Each node hangs off one leaf group. On a regular fat-tree the groups are a leaf switch,
/// a pod (all the L2 switches of a two-level tree) and the spine layer; every path between
/// two nodes climbs to the same groups whichever physical switch it uses. On an imported
/// switch tree (Slurm topology.conf) the groups are the switches themselves.
struct SwitchHierarchy
{
    std::vector<int> parent; ///< per group; -1 for the root
    std::vector<int> depth; ///< root 0
    std::vector<int> level; ///< 0 for groups without child groups, else 1 + highest child level
    std::vector<int> groupOfNode; ///< the leaf group each node hangs off
    int root = 0;
    bool uniformDepth = true; ///< every node hangs at the same depth

    /// Builds depth and level from parents; throws std::invalid_argument if the parents do
    /// not form one tree or a node hangs off a group that does not exist.
    static SwitchHierarchy fromParents(std::vector<int> parents, std::vector<int> groupOfNode);

    int lowestCommonGroup(int groupA, int groupB) const;
    /// Switch-to-switch links between two nodes: up from one leaf group to the lowest common
    /// group and down to the other.
    int hops(int a, int b) const;
};

} // namespace placement
