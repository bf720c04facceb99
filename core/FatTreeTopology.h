// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SwitchHierarchy.h"
#include "core/Topology.h"

#include <mutex>

namespace placement {

/// A three-level fat-tree (Pollard SC'18 §III-A, Jigsaw HPDC'21 §3): pods of leaf (L1) and
/// L2 switches, fully bipartite inside a pod, joined by spine (L3) switches.
///
/// - Every leaf has `nodesPerLeaf` nodes and one link to each of the pod's `uplinksPerLeaf`
///   L2 switches (fewer up-links than nodes: a tapered tree).
/// - L2 switch i of every pod connects to spine group i (Jigsaw's T_i*): `spinesPerGroup`
///   spines, its `uplinksPerL2` up-links spread evenly over them (parallel links when the
///   machine has fewer pods than the radix allows, as on Cab: 36 spines, 9 links from each
///   L2 to each of its 2 spines).
/// Nodes are numbered leaf by leaf, pod by pod; switches follow in the vertex numbering:
/// leaves, then L2 switches (pod by pod), then spines (group by group).
class FatTreeTopology final : public Topology
{
public:
    struct Shape
    {
        int radix = 36;
        int pods = 4;
        int leavesPerPod = 18;
        int nodesPerLeaf = 18;
        int uplinksPerLeaf = 18; ///< also the number of L2 switches per pod
        int uplinksPerL2 = 0; ///< 0: radix - leavesPerPod
        int spinesPerGroup = 0; ///< 0: the fewest whose ports hold every pod's links
    };

    explicit FatTreeTopology(Shape shape, std::string namePrefix = "n");

    TopologyKind kind() const override { return TopologyKind::FatTree; }
    int nodeCount() const override { return m_shape.pods * nodesPerPod(); }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    std::string describe() const override;
    int hops(int a, int b) const override;
    int switchCount() const override { return leafCount() + l2Count() + spineCount(); }
    const std::vector<Link>& links() const override;
    bool appendRoute(int from, int to, std::vector<Channel>& route) const override;
    const SwitchHierarchy* hierarchy() const override { return &m_hierarchy; }

    /// The shape with every automatic value resolved.
    const Shape& shape() const { return m_shape; }
    const std::string& namePrefix() const { return m_namePrefix; }
    int nodesPerPod() const { return m_shape.leavesPerPod * m_shape.nodesPerLeaf; }
    int leafCount() const { return m_shape.pods * m_shape.leavesPerPod; }
    int l2PerPod() const { return m_shape.uplinksPerLeaf; }
    int l2Count() const { return m_shape.pods * l2PerPod(); }
    int spineCount() const { return l2PerPod() * m_shape.spinesPerGroup; }
    int parallelLinks() const { return m_shape.uplinksPerL2 / m_shape.spinesPerGroup; }

    int leafOf(int node) const { return node / m_shape.nodesPerLeaf; }
    int podOf(int node) const { return node / nodesPerPod(); }
    int podOfLeaf(int leaf) const { return leaf / m_shape.leavesPerPod; }
    int slotOf(int node) const { return node % m_shape.nodesPerLeaf; }
    int leafInPod(int node) const { return leafOf(node) % m_shape.leavesPerPod; }

    // Link ids (see links()).
    int leafUplink(int leaf, int l2Index) const { return nodeCount() + leaf * l2PerPod() + l2Index; }
    /// Up-link `port` (0 .. uplinksPerL2-1) of L2 switch `l2Index` in `pod`; it goes to spine
    /// port % spinesPerGroup of group l2Index.
    int l2Uplink(int pod, int l2Index, int port) const
    {
        return nodeCount() + leafCount() * l2PerPod() + (pod * l2PerPod() + l2Index) * m_shape.uplinksPerL2 + port;
    }
    int leafVertex(int leaf) const { return nodeCount() + leaf; }
    int l2Vertex(int pod, int l2Index) const { return nodeCount() + leafCount() + pod * l2PerPod() + l2Index; }
    int spineVertex(int group, int member) const
    {
        return nodeCount() + leafCount() + l2Count() + group * m_shape.spinesPerGroup + member;
    }

private:
    Shape m_shape;
    std::string m_namePrefix;
    SwitchHierarchy m_hierarchy;
    mutable std::once_flag m_linksBuilt;
    mutable std::vector<Link> m_links;
};

/// Pollard SC'18 §III-B job types by requested size: T1 fits on one leaf (N <= nodes per
/// leaf), T2 in one pod (N <= nodes per pod), T3 spans pods. The text's "<=" is used; the
/// paper's Algorithm 1 writes "<".
enum class TaJobType { T1 = 1, T2 = 2, T3 = 3 };
TaJobType taJobType(const FatTreeTopology& tree, int nodes);

} // namespace placement
