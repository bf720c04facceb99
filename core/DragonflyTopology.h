// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace placement {

/// A dragonfly (Kim et al., ISCA'08): groups of routers, nodes on each router, local links
/// inside a group and global links between groups (docs/metrics.md §Dragonfly).
///
/// Inside a group the routers stand in `rows` x `columns`; a router is linked to every other
/// router of its row and of its column. With one row that is the all-to-all group of
/// Slingshot; with 6 rows (chassis) of 16 (slots) it is Cray Aries' two-dimensional
/// all-to-all (green links along a chassis, black links across the chassis of a group).
///
/// Every pair of groups is joined by `globalPerPair` global links. Which router of a group
/// ends each one follows an arrangement (Hastings et al., Cluster'15): the group's global
/// ports are numbered round by round over the other groups, one port per other group per
/// round, and handed out to routers in order (`ceil(ports / routers)` per router). Absolute:
/// in a round the other groups come in index order; relative: by offset j - i mod G;
/// circulant: by offsets +1, -1, +2, -2, ...
///
/// Router index = group * routersPerGroup + row * columns + column;
/// node = router * nodesPerRouter + slot. A machine may have fewer nodes than node slots
/// (`nodes`): the first `nodes` slots exist, the routers of the others still route.
class DragonflyTopology final : public Topology
{
public:
    enum class Arrangement { Absolute, Relative, Circulant };
    enum class Naming { Plain, Cray };

    struct Shape
    {
        int groups = 5;
        int rows = 1;
        int columns = 4;
        int nodesPerRouter = 2;
        int globalPerPair = 1;
        Arrangement arrangement = Arrangement::Relative;
        int nodes = 0; ///< 0: every node slot
        /// GB/s per direction where known, else relative: row (Aries green), column (black), global
        double rowBandwidth = 1.0;
        double columnBandwidth = 1.0;
        double globalBandwidth = 1.0;
        Naming naming = Naming::Plain;
        std::string prefix = "n";
        int digits = 0; ///< plain names: zero-padded to this many digits
        int first = 0; ///< plain names: the number of node 0
        int cabinetColumns = 0; ///< Cray names: cabinets per row of cabinets (0: one row)
    };

    explicit DragonflyTopology(Shape shape);

    TopologyKind kind() const override { return TopologyKind::Dragonfly; }
    int nodeCount() const override { return m_nodes; }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    std::string describe() const override;
    int hops(int a, int b) const override { return routerHops(routerOf(a), routerOf(b)); }
    int switchCount() const override { return m_routers; }
    const std::vector<Link>& links() const override;
    bool appendRoute(int from, int to, std::vector<Channel>& route) const override;

    const Shape& shape() const { return m_shape; }
    int groups() const { return m_shape.groups; }
    int routersPerGroup() const { return m_perGroup; }
    int nodesPerRouter() const { return m_shape.nodesPerRouter; }
    int routerOf(int node) const { return node / m_shape.nodesPerRouter; }
    int groupOf(int node) const { return routerOf(node) / m_perGroup; }
    int groupOfRouter(int router) const { return router / m_perGroup; }
    /// Row and column of a router inside its group.
    int rowOf(int router) const { return (router % m_perGroup) / m_shape.columns; }
    int columnOf(int router) const { return router % m_shape.columns; }

    /// Hops between two routers of one group: 0, 1 (same row or column), else 2.
    int localHops(int a, int b) const
    {
        if (a == b)
            return 0;
        return rowOf(a) == rowOf(b) || columnOf(a) == columnOf(b) ? 1 : 2;
    }
    /// Minimal routing: local hops, one global link, local hops, through whichever of the
    /// global links between the two groups makes the route shortest.
    int routerHops(int a, int b) const;
    /// The router of group `group` that ends global link `copy` towards group `other`.
    int gateway(int group, int other, int copy) const
    {
        return m_gateway[(static_cast<size_t>(group) * m_shape.groups + other) * m_shape.globalPerPair + copy];
    }
    /// One global link seen from the router that ends it: the other group, and the router
    /// of that group at its far end.
    struct GlobalPort
    {
        int other = 0;
        int far = 0;
    };
    /// The global links router `router` ends, by other group then copy.
    std::span<const GlobalPort> globalPorts(int router) const
    {
        const auto first = static_cast<size_t>(m_portStart[static_cast<size_t>(router)]);
        return {m_ports.data() + first, static_cast<size_t>(m_portStart[static_cast<size_t>(router) + 1]) - first};
    }
    /// The other groups router `router` has global links to, each once, ascending, then
    /// groups() up to globalPortsPerRouter() entries (every router at the same stride).
    std::span<const std::uint16_t> farGroupSlots(int router) const
    {
        return {m_farGroups.data() + static_cast<size_t>(router) * m_portsPerRouter,
                static_cast<size_t>(m_portsPerRouter)};
    }
    /// The routers of higher index that router `router` has a global link to, each once
    /// (each linked pair of routers is listed at its lower router), then switchCount() up to
    /// globalPortsPerRouter() entries.
    std::span<const int> linkedAboveSlots(int router) const
    {
        return {m_farRouters.data() + static_cast<size_t>(router) * m_portsPerRouter,
                static_cast<size_t>(m_portsPerRouter)};
    }
    /// Global ports per router, the most any router has.
    int globalPortsPerRouter() const { return m_portsPerRouter; }
    /// Link id of global link `copy` between two groups.
    int globalLink(int group, int other, int copy) const;
    /// Link id of the local link between two routers of one group in the same row or column.
    int localLink(int a, int b) const;
    int globalLinkCount() const { return m_shape.groups * (m_shape.groups - 1) / 2 * m_shape.globalPerPair; }
    int firstGlobalLink() const { return m_firstGlobal; }
    int firstLocalLink() const { return m_nodes; }

    static std::string arrangementName(Arrangement arrangement);

private:
    /// Appends the channels of the local route from router a to router b (row first).
    void appendLocal(int a, int b, std::vector<Channel>& route) const;
    int bestCopy(int a, int b) const;

    Shape m_shape;
    int m_perGroup = 0;
    int m_routers = 0;
    int m_nodes = 0;
    int m_localPerGroup = 0;
    int m_firstGlobal = 0;
    std::vector<int> m_localIndex; ///< a * perGroup + b -> local link index in a group, or -1
    std::vector<int> m_gateway; ///< (group * G + other) * k + copy -> router
    std::vector<int> m_portStart; ///< router -> first of its entries in m_ports (routers + 1)
    std::vector<GlobalPort> m_ports; ///< router by router
    std::vector<std::uint16_t> m_farGroups; ///< farGroupSlots(), router by router
    std::vector<int> m_farRouters; ///< linkedAboveSlots(), router by router
    int m_portsPerRouter = 0;
    mutable std::once_flag m_linksBuilt;
    mutable std::vector<Link> m_links;
};

} // namespace placement
