// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SwitchHierarchy.h"
#include "core/Topology.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace placement {

/// A machine of Slurm's topology/block (topology.conf `BlockName=` and `BlockSizes=` lines,
/// docs/formats/slurm-topology.md): its leaf switches are the base blocks, in file order;
/// the switches above them are the aggregated blocks. What topology/block needs besides the
/// tree: bblock_node_cnt and the allowed block levels (bit l: blocks of 2^l base blocks).
struct SlurmBlockLayout
{
    int baseSize = 0; ///< bblock_node_cnt
    std::uint32_t levels = 0; ///< 0: not a block machine

    bool any() const { return levels != 0; }
};

/// An arbitrary tree of switches, as Slurm's topology.conf describes one: each switch has a
/// parent (one root) and any number of nodes; nothing needs to be regular. Nodes are
/// numbered switch by switch in switch order. Routes are unique: up to the lowest common
/// switch and down.
class SwitchTreeTopology final : public Topology
{
public:
    /// `parents[s]`: parent switch of s (-1 for the root); `nodesPerSwitch[s]`: nodes on s.
    SwitchTreeTopology(std::vector<int> parents, std::vector<int> nodesPerSwitch, std::string namePrefix = "n");

    TopologyKind kind() const override { return TopologyKind::SwitchTree; }
    int nodeCount() const override { return static_cast<int>(m_hierarchy.groupOfNode.size()); }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    std::string describe() const override;
    int hops(int a, int b) const override { return m_hierarchy.hops(a, b); }
    int switchCount() const override { return static_cast<int>(m_hierarchy.parent.size()); }
    const std::vector<Link>& links() const override { return m_links; }
    bool appendRoute(int from, int to, std::vector<Channel>& route) const override;
    const SwitchHierarchy* hierarchy() const override { return &m_hierarchy; }

    const std::vector<int>& nodesPerSwitch() const { return m_nodesPerSwitch; }
    const std::string& namePrefix() const { return m_namePrefix; }

    /// Marks the tree as a topology/block machine (its leaves the base blocks).
    void setBlockLayout(SlurmBlockLayout layout) { m_blocks = layout; }
    const SlurmBlockLayout& blockLayout() const { return m_blocks; }
    /// The nodes of every switch that has nodes, in switch order: a block machine's base blocks.
    std::vector<std::vector<int>> nodesBySwitch() const;

private:
    std::vector<int> m_nodesPerSwitch;
    std::string m_namePrefix;
    SlurmBlockLayout m_blocks;
    SwitchHierarchy m_hierarchy;
    std::vector<Link> m_links; ///< nodes' links, then link nodeCount() + s joins switch s to its parent
};

} // namespace placement
