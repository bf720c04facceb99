// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SwitchHierarchy.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

SwitchHierarchy SwitchHierarchy::fromParents(std::vector<int> parents, std::vector<int> groupOfNode)
{
    SwitchHierarchy tree;
    const int count = static_cast<int>(parents.size());
    if (count == 0)
        throw std::invalid_argument("a switch tree needs at least one switch");
    tree.parent = std::move(parents);
    tree.groupOfNode = std::move(groupOfNode);
    tree.depth.assign(static_cast<size_t>(count), -1);
    tree.level.assign(static_cast<size_t>(count), 0);
    int roots = 0;
    for (int s = 0; s < count; ++s) {
        const int p = tree.parent[static_cast<size_t>(s)];
        if (p == -1) {
            tree.root = s;
            ++roots;
        } else if (p < 0 || p >= count || p == s) {
            throw std::invalid_argument("switch " + std::to_string(s) + " has an invalid parent");
        }
    }
    if (roots != 1)
        throw std::invalid_argument("a switch tree needs exactly one root, found " + std::to_string(roots));
    // Depths by walking up with memoisation; a cycle never reaches the root.
    for (int s = 0; s < count; ++s) {
        std::vector<int> path;
        int at = s;
        while (at != -1 && tree.depth[static_cast<size_t>(at)] < 0) {
            path.push_back(at);
            if (path.size() > static_cast<size_t>(count))
                throw std::invalid_argument("the switch parents form a cycle");
            at = tree.parent[static_cast<size_t>(at)];
        }
        int depth = at == -1 ? -1 : tree.depth[static_cast<size_t>(at)];
        for (auto it = path.rbegin(); it != path.rend(); ++it)
            tree.depth[static_cast<size_t>(*it)] = ++depth;
    }
    // Levels bottom-up: deepest groups first.
    std::vector<int> order(static_cast<size_t>(count));
    for (int s = 0; s < count; ++s)
        order[static_cast<size_t>(s)] = s;
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return tree.depth[static_cast<size_t>(a)] > tree.depth[static_cast<size_t>(b)]; });
    for (int s : order) {
        const int p = tree.parent[static_cast<size_t>(s)];
        if (p >= 0)
            tree.level[static_cast<size_t>(p)]
                = std::max(tree.level[static_cast<size_t>(p)], tree.level[static_cast<size_t>(s)] + 1);
    }
    int firstDepth = -1;
    for (int group : tree.groupOfNode) {
        if (group < 0 || group >= count)
            throw std::invalid_argument("a node hangs off switch " + std::to_string(group) + ", which does not exist");
        const int depth = tree.depth[static_cast<size_t>(group)];
        if (firstDepth < 0)
            firstDepth = depth;
        tree.uniformDepth = tree.uniformDepth && depth == firstDepth;
    }
    return tree;
}

int SwitchHierarchy::lowestCommonGroup(int a, int b) const
{
    while (depth[static_cast<size_t>(a)] > depth[static_cast<size_t>(b)])
        a = parent[static_cast<size_t>(a)];
    while (depth[static_cast<size_t>(b)] > depth[static_cast<size_t>(a)])
        b = parent[static_cast<size_t>(b)];
    while (a != b) {
        a = parent[static_cast<size_t>(a)];
        b = parent[static_cast<size_t>(b)];
    }
    return a;
}

int SwitchHierarchy::hops(int a, int b) const
{
    const int ga = groupOfNode[static_cast<size_t>(a)];
    const int gb = groupOfNode[static_cast<size_t>(b)];
    const int common = lowestCommonGroup(ga, gb);
    return depth[static_cast<size_t>(ga)] + depth[static_cast<size_t>(gb)] - 2 * depth[static_cast<size_t>(common)];
}

} // namespace placement
