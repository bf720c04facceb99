// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Geometry.h"

#include <vector>

namespace placement {

class DragonflyTopology;
class Topology;

/// Where each node of a machine is drawn: the centre of an axis-aligned box, all boxes
/// the same size. Units are abstract (one router or one leaf column = 1).
struct NodeLayout
{
    std::vector<Vec3> centers;
    Vec3 boxSize;
};

/// Torus: routers on the integer grid of their coordinates (dimensions beyond the third
/// are stacked along z), the nodes of a router side by side along x inside its cell.
/// Trees: one column per leaf switch (nodes stacked upwards), the leaves of a pod side by
/// side along x, a gap of two columns between pods (more between higher subtrees).
/// Dragonflies: groups around a ring in the xy plane, each a grid of router cells (Aries:
/// chassis outwards, slots along the ring), a router's nodes side by side in its cell.
NodeLayout layoutNodes(const Topology& topology);

/// A dragonfly router, under the centre of its cell (z = -1.5), and the inner edge of a group
/// on the ring, where its global links gather (core/NetworkLayout.cpp).
Vec3 dragonflyRouterPosition(const DragonflyTopology& topology, int router);
Vec3 dragonflyGroupCentre(const DragonflyTopology& topology, int group);

/// The nodes on the outside of a layout: in every row of nodes along x, y or z (nodes whose
/// other two centre coordinates agree), the first and the last. The others are inside: seen
/// from outside the layout's box, only through the gaps between nodes (the views draw just
/// these on very large machines). Ascending node ids.
std::vector<int> outerNodes(const NodeLayout& layout);

} // namespace placement
