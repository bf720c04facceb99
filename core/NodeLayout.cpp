// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeLayout.h"

#include "core/DragonflyTopology.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <cmath>
#include <numbers>
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

/// Where a dragonfly's router cells stand: groups around a ring in the xy plane, each group a
/// grid of router cells (rows outwards, columns along the ring; an all-to-all group as a near
/// square grid), the nodes of a router side by side along the ring inside its cell.
struct DragonflyFrame
{
    const DragonflyTopology& df;
    int gridColumns = 1;
    int gridRows = 1;
    double cellWidth = 1;
    double radius = 1;

    explicit DragonflyFrame(const DragonflyTopology& topology)
        : df(topology)
    {
        const int perGroup = df.routersPerGroup();
        if (df.shape().rows > 1) {
            gridColumns = df.shape().columns;
            gridRows = df.shape().rows;
        } else {
            gridColumns = std::max(1, static_cast<int>(std::ceil(std::sqrt(perGroup * 2.0 / df.nodesPerRouter()))));
            gridColumns = std::min(gridColumns, perGroup);
            gridRows = (perGroup + gridColumns - 1) / gridColumns;
        }
        cellWidth = df.nodesPerRouter() + 0.6;
        const double groupWidth = gridColumns * cellWidth;
        // Groups side by side round the ring; two groups face each other across a gap of
        // half a group's width (room for their global links), not a whole ring apart.
        radius = df.groups() <= 2
            ? gridRows * 1.5 + groupWidth / 4
            : std::max(groupWidth * 1.35 * df.groups() / (2 * std::numbers::pi), groupWidth + gridRows * 1.5 * 2);
    }

    /// The centre of slot `slot` of router `router` (slot -1: the router's cell centre).
    Vec3 place(int router, double slot) const
    {
        const int group = df.groupOfRouter(router);
        const int local = router % df.routersPerGroup();
        const int column = local % gridColumns;
        const int row = local / gridColumns;
        const double angle = 2 * std::numbers::pi * group / std::max(1, df.groups()) + std::numbers::pi / 2;
        const double along
            = (column - (gridColumns - 1) / 2.0) * cellWidth + (slot < 0 ? 0 : slot - (df.nodesPerRouter() - 1) / 2.0);
        const double out = radius + row * 1.5;
        // Radial unit (cos, sin), tangent (-sin, cos).
        return {out * std::cos(angle) - along * std::sin(angle), out * std::sin(angle) + along * std::cos(angle), 0};
    }
};

NodeLayout layoutDragonfly(const DragonflyTopology& df)
{
    const DragonflyFrame frame(df);
    NodeLayout layout;
    // Boxes stay axis-aligned while the groups turn round the ring: nodes one unit apart
    // along any direction are at least 1/sqrt(2) apart along x or y.
    layout.boxSize = {0.65, 0.65, 0.65};
    layout.centers.reserve(static_cast<size_t>(df.nodeCount()));
    for (int node = 0; node < df.nodeCount(); ++node)
        layout.centers.push_back(frame.place(df.routerOf(node), node % df.nodesPerRouter()));
    return layout;
}

} // namespace

Vec3 dragonflyRouterPosition(const DragonflyTopology& topology, int router)
{
    Vec3 at = DragonflyFrame(topology).place(router, -1);
    at.z = -1.5;
    return at;
}

Vec3 dragonflyGroupCentre(const DragonflyTopology& topology, int group)
{
    const DragonflyFrame frame(topology);
    const double angle = 2 * std::numbers::pi * group / std::max(1, topology.groups()) + std::numbers::pi / 2;
    const double out = frame.radius - 1.5;
    return {out * std::cos(angle), out * std::sin(angle), -1.5};
}

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
    if (const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology))
        return layoutDragonfly(*dragonfly);
    throw std::invalid_argument("layoutNodes: unsupported topology");
}

} // namespace placement
