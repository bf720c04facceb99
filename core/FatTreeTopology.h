#pragma once

#include "core/Topology.h"

namespace placement {

/// A three-level fat-tree of identical leaves grouped into pods (Pollard SC'18 §III-A,
/// Jigsaw HPDC'21 §3). Nodes are numbered leaf by leaf, pod by pod.
class FatTreeTopology final : public Topology
{
public:
    struct Shape
    {
        int radix = 36;
        int pods = 4;
        int leavesPerPod = 18;
        int nodesPerLeaf = 18;
        int uplinksPerLeaf = 18; ///< fewer than nodesPerLeaf for a tapered tree
    };

    explicit FatTreeTopology(Shape shape, std::string namePrefix = "n");

    TopologyKind kind() const override { return TopologyKind::FatTree; }
    int nodeCount() const override { return m_shape.pods * nodesPerPod(); }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    int hops(int a, int b) const override;
    std::string describe() const override;

    const Shape& shape() const { return m_shape; }
    const std::string& namePrefix() const { return m_namePrefix; }
    int nodesPerPod() const { return m_shape.leavesPerPod * m_shape.nodesPerLeaf; }
    int leafOf(int node) const { return node / m_shape.nodesPerLeaf; }
    int podOf(int node) const { return node / nodesPerPod(); }
    int slotOf(int node) const { return node % m_shape.nodesPerLeaf; }
    int leafInPod(int node) const { return leafOf(node) % m_shape.leavesPerPod; }

private:
    Shape m_shape;
    std::string m_namePrefix;
};

} // namespace placement
