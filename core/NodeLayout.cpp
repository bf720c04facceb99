// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeLayout.h"

#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace placement {
namespace {

NodeLayout layoutTorus(const TorusTopology& torus)
{
    NodeLayout layout;
    const int perRouter = torus.nodesPerRouter();
    const double slotWidth = 0.7 / perRouter;
    layout.boxSize = {slotWidth * 0.85, 0.55, 0.55};
    layout.centers.reserve(static_cast<size_t>(torus.nodeCount()));
    for (int node = 0; node < torus.nodeCount(); ++node) {
        double coords[3] = {0, 0, 0};
        double stack = 1;
        for (int dim = 0; dim < torus.dimensions(); ++dim) {
            const int value = torus.coordinate(node, dim);
            if (dim < 3) {
                coords[dim] = value;
            } else {
                stack *= torus.extents()[static_cast<size_t>(dim - 1)];
                coords[2] += value * stack;
            }
        }
        const int slot = node % perRouter;
        coords[0] += (slot - (perRouter - 1) / 2.0) * slotWidth;
        layout.centers.push_back({coords[0], coords[1], coords[2]});
    }
    return layout;
}

NodeLayout layoutTree(const SwitchHierarchy& tree)
{
    // Columns of nodes, one per leaf group in node order; the gap before a column grows
    // with the level at which it meets the previous one (leaves of one pod stand together).
    NodeLayout layout;
    layout.boxSize = {0.8, 0.8, 0.8};
    layout.centers.reserve(tree.groupOfNode.size());
    double x = 0;
    int slot = 0;
    for (size_t node = 0; node < tree.groupOfNode.size(); ++node) {
        const int group = tree.groupOfNode[node];
        if (node > 0 && group != tree.groupOfNode[node - 1]) {
            const int common = tree.lowestCommonGroup(group, tree.groupOfNode[node - 1]);
            x += 1 + 2 * std::max(0, tree.level[static_cast<size_t>(common)] - 1);
            slot = 0;
        }
        layout.centers.push_back({x, static_cast<double>(slot++), 0});
    }
    return layout;
}

} // namespace

std::vector<int> outerNodes(const NodeLayout& layout)
{
    const size_t count = layout.centers.size();
    std::vector<char> outer(count, 0);
    std::vector<int> order(count);
    auto key = [](double value) { return static_cast<long long>(std::llround(value * 1024)); };
    for (int axis = 0; axis < 3; ++axis) {
        auto along = [&](int node) {
            const Vec3& c = layout.centers[static_cast<size_t>(node)];
            return axis == 0 ? c.x : axis == 1 ? c.y : c.z;
        };
        auto row = [&](int node) {
            const Vec3& c = layout.centers[static_cast<size_t>(node)];
            return axis == 0 ? std::pair{key(c.y), key(c.z)}
                : axis == 1  ? std::pair{key(c.x), key(c.z)}
                             : std::pair{key(c.x), key(c.y)};
        };
        for (size_t i = 0; i < count; ++i)
            order[i] = static_cast<int>(i);
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            const auto ra = row(a), rb = row(b);
            return ra != rb ? ra < rb : along(a) < along(b);
        });
        for (size_t i = 0; i < count; ++i) {
            const bool first = i == 0 || row(order[i - 1]) != row(order[i]);
            const bool last = i + 1 == count || row(order[i + 1]) != row(order[i]);
            if (first || last)
                outer[static_cast<size_t>(order[i])] = 1;
        }
    }
    std::vector<int> nodes;
    for (size_t i = 0; i < count; ++i)
        if (outer[i])
            nodes.push_back(static_cast<int>(i));
    return nodes;
}

NodeLayout layoutNodes(const Topology& topology)
{
    if (const auto* torus = dynamic_cast<const TorusTopology*>(&topology))
        return layoutTorus(*torus);
    if (const SwitchHierarchy* tree = topology.hierarchy())
        return layoutTree(*tree);
    throw std::invalid_argument("layoutNodes: unsupported topology");
}

} // namespace placement
