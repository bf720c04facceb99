// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeLayout.h"
#include "core/NodeList.h"

#include <utility>
#include <vector>

namespace placement {

class Topology;

/// Where the switches and cables of a machine are drawn, around the nodes of its
/// NodeLayout: what the views need to show links coloured by owner, sharing or bandwidth.
struct NetworkLayout
{
    /// Every vertex of the topology: the nodes (at their NodeLayout centres), then the
    /// switches (routers).
    std::vector<Vec3> vertices;
    /// One drawn line segment of a switch-to-switch link. A torus link that wraps around
    /// is drawn as two short stubs leaving the machine's box, one at each end.
    struct Segment
    {
        Vec3 from;
        Vec3 to;
        int link = 0; ///< id in Topology::links()
    };
    std::vector<Segment> segments;
    int switchCount = 0;

    /// A straight piece of the drawing and the links it stands for (drawnPieces()).
    struct Piece
    {
        Vec3 from, to;
        std::vector<int> links;
    };
};

/// Trees: a row of leaf switches under the node columns, each higher level in its own row
/// below, spread evenly over the machine's width in the order of the switches they connect
/// down to (the L2 switches of a pod stand together, under the pod). Imported switch trees
/// (any depth, switches holding nodes and switches, islands under a virtual root): each
/// switch in the row of its height, at the mean x of the nodes below it. Tori: each router at
/// the centre of its nodes. Node links are not drawn (a node sits on its switch); wrap-around
/// links of a torus only when `wrapAround`; placeholder links (Link::exists()) never.
NetworkLayout layoutNetwork(const Topology& topology, const NodeLayout& nodes, bool wrapAround = false);

/// What to draw for `segments`: links that lie along one straight line and overlap (an
/// all-to-all row of a dragonfly group: 120 links over the 15 gaps between 16 routers) split
/// into the pieces between consecutive ends on the line, each standing for every link over
/// it; a link alone on its line stays whole. Pieces with the same ends are one piece
/// (parallel links). Every link of `segments` is in the pieces that cover it, and no two
/// pieces on one line overlap.
std::vector<NetworkLayout::Piece> drawnPieces(const std::vector<NetworkLayout::Segment>& segments);

/// How many of `jobs` (node lists of jobs running at one time) can use each link
/// (Topology::links() order): on trees Pollard SC'18's view (a job spanning leaves can use
/// every up-link of its leaves, one spanning pods every up-link of its pods' L2 switches);
/// on tori the links of the static routes between its nodes in node order (each node to
/// the next, a ring: the traffic of a nearest-neighbour code). Node links count their node's job.
std::vector<int> linkUserCounts(const Topology& topology, const std::vector<const std::vector<int>*>& jobs);

/// The fragments of a job's placement, as its partitions count them (core/PlacementMetrics):
/// on tori the connected groups of its nodes, two nodes joined when their routers are the
/// same or neighbours; on trees its nodes under each leaf switch. Each fragment ascending,
/// fragments by their first node.
std::vector<std::vector<int>> jobFragments(const Topology& topology, const std::vector<int>& nodes);

/// The box around each fragment of a job as drawn in `layout` (node boxes included), to
/// outline them in the views: {low corner, high corner} per fragment.
std::vector<std::pair<Vec3, Vec3>> fragmentBoxes(const Topology& topology, const NodeLayout& layout,
                                                 const std::vector<int>& nodes);

/// The links (ids, ascending) a job on these nodes can use, as linkUserCounts() counts them.
std::vector<int> usableLinks(const Topology& topology, const std::vector<int>& nodes);
std::vector<int> usableLinks(const Topology& topology, const NodeList& nodes);

} // namespace placement
