#pragma once

#include "core/Topology.h"

#include <array>
#include <vector>

namespace placement {

/// An n-dimensional torus (or mesh, where a dimension does not wrap) of routers with
/// a fixed number of nodes on each router (Titan §II, Pascual §3.2).
///
/// Router index = x0 + L0 * (x1 + L1 * (x2 + ...)); node = router * nodesPerRouter + slot.
class TorusTopology final : public Topology
{
public:
    TorusTopology(std::vector<int> extents, std::vector<bool> wraps, int nodesPerRouter,
                  std::string namePrefix = "nid");

    TopologyKind kind() const override { return TopologyKind::Torus; }
    int nodeCount() const override { return m_routerCount * m_nodesPerRouter; }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    int hops(int a, int b) const override;
    std::string describe() const override;

    int dimensions() const { return static_cast<int>(m_extents.size()); }
    const std::vector<int>& extents() const { return m_extents; }
    const std::vector<bool>& wraps() const { return m_wraps; }
    int nodesPerRouter() const { return m_nodesPerRouter; }
    int routerCount() const { return m_routerCount; }
    const std::string& namePrefix() const { return m_namePrefix; }

    int routerOf(int node) const { return node / m_nodesPerRouter; }
    /// Coordinate of the node's router along dimension `dim`.
    int coordinate(int node, int dim) const;

private:
    std::vector<int> m_extents;
    std::vector<bool> m_wraps;
    std::vector<int> m_strides;
    int m_nodesPerRouter;
    int m_routerCount = 1;
    std::string m_namePrefix;
};

} // namespace placement
