// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <mutex>
#include <vector>

namespace placement {

/// An n-dimensional torus (or mesh, where a dimension does not wrap) of routers with
/// a fixed number of nodes on each router (Titan §II, Pascual §3.2).
///
/// Router index = x0 + L0 * (x1 + L1 * (x2 + ...)); node = router * nodesPerRouter + slot.
/// Each dimension has a bandwidth pattern: the link from coordinate x to x + 1 has
/// bandwidth pattern[x % pattern.size()] (Titan: Y alternates 9.36 and 4.68 GB/s, every
/// 8th Z link is a 9.36 GB/s cable among 15 GB/s backplane links).
class TorusTopology final : public Topology
{
public:
    TorusTopology(std::vector<int> extents, std::vector<bool> wraps, int nodesPerRouter, std::string namePrefix = "nid",
                  std::vector<std::vector<double>> bandwidths = {});

    TopologyKind kind() const override { return TopologyKind::Torus; }
    int nodeCount() const override { return m_routerCount * m_nodesPerRouter; }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    std::string describe() const override;
    int hops(int a, int b) const override;
    int switchCount() const override { return m_routerCount; }
    const std::vector<Link>& links() const override;
    bool appendRoute(int from, int to, std::vector<Channel>& route) const override;

    int dimensions() const { return static_cast<int>(m_extents.size()); }
    const std::vector<int>& extents() const { return m_extents; }
    const std::vector<bool>& wraps() const { return m_wraps; }
    const std::vector<std::vector<double>>& bandwidths() const { return m_bandwidths; }
    int nodesPerRouter() const { return m_nodesPerRouter; }
    int routerCount() const { return m_routerCount; }
    const std::string& namePrefix() const { return m_namePrefix; }

    int routerOf(int node) const { return node / m_nodesPerRouter; }
    /// Coordinate of the node's router along dimension `dim`.
    int coordinate(int node, int dim) const { return routerCoordinate(routerOf(node), dim); }
    int routerCoordinate(int router, int dim) const
    {
        return (router / m_strides[static_cast<size_t>(dim)]) % m_extents[static_cast<size_t>(dim)];
    }
    int stride(int dim) const { return m_strides[static_cast<size_t>(dim)]; }
    /// Ring (or line) distance between two coordinates of one dimension.
    int distance(int dim, int x, int y) const;
    /// The link from router `router` to its +1 neighbour in `dim`, or -1 at a mesh edge.
    int linkTowardsPlus(int router, int dim) const;

private:
    std::vector<int> m_extents;
    std::vector<bool> m_wraps;
    std::vector<int> m_strides;
    std::vector<std::vector<double>> m_bandwidths;
    int m_nodesPerRouter;
    int m_routerCount = 1;
    std::string m_namePrefix;
    mutable std::once_flag m_linksBuilt;
    mutable std::vector<Link> m_links;
    mutable std::vector<int> m_plusLink; ///< router * dims + dim -> link id or -1
};

} // namespace placement
