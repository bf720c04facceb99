// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <vector>

namespace placement {

/// Switches of a DAG (several parents per switch allowed) merged into groups that form a
/// forest, so that the tree model (one parent per switch) can hold them.
struct SwitchGroups
{
    std::size_t count = 0; ///< groups, numbered in the order of their lowest-numbered switch
    std::vector<int> groupOf; ///< per switch
    std::vector<int> parent; ///< per group: the parent group, -1 for a root
};

/// Merges switches until every group has at most one parent group and the groups form no
/// loop, repeating two steps until nothing changes: (1) all parent groups of one group become
/// one group; (2) groups on a loop of the group graph become one group. `parentsOf[s]`: the
/// switches listing s as a child; the switch graph itself must be acyclic.
SwitchGroups groupSwitches(const std::vector<std::vector<int>>& parentsOf);

} // namespace placement
