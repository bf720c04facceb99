// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SwitchHierarchy.h"
#include "core/Topology.h"

#include <mutex>

namespace placement {

/// A k-ary n-tree (Petrini and Vanneschi; Pascual et al. §3.2): k^n nodes, n levels of
/// k^(n-1) switches with 2k ports, built from radix-2k switches.
///
/// The level-l switches (leaf level 1) serving the subtree of nodes [a k^l, (a+1) k^l) are
/// numbered b = 0 .. k^(l-1)-1; switch (l, a, b) has up-link u (0 .. k-1) to switch
/// (l+1, a / k, b + u k^(l-1)). Vertex of switch (l, a, b): nodes + (l-1) k^(n-1) + a k^(l-1) + b.
class KaryNTreeTopology final : public Topology
{
public:
    KaryNTreeTopology(int k, int n, std::string namePrefix = "n");

    TopologyKind kind() const override { return TopologyKind::KaryNTree; }
    int nodeCount() const override { return m_nodes; }
    std::string nodeName(int node) const override;
    std::string nodeLocation(int node) const override;
    std::string describe() const override;
    int hops(int a, int b) const override;
    int switchCount() const override { return m_n * m_switchesPerLevel; }
    const std::vector<Link>& links() const override;
    bool appendRoute(int from, int to, std::vector<Channel>& route) const override;
    const SwitchHierarchy* hierarchy() const override { return &m_hierarchy; }

    int arity() const { return m_k; }
    int height() const { return m_n; }
    const std::string& namePrefix() const { return m_namePrefix; }
    /// Level (1 = leaf) of the lowest switches above both nodes.
    int commonLevel(int a, int b) const;
    /// Link id of up-link u of switch (level, index) where index = a k^(level-1) + b.
    int uplink(int level, int index, int u) const
    {
        return m_nodes + ((level - 1) * m_switchesPerLevel + index) * m_k + u;
    }

private:
    int power(int exponent) const { return m_powers[static_cast<size_t>(exponent)]; }

    int m_k;
    int m_n;
    int m_nodes;
    int m_switchesPerLevel;
    std::vector<int> m_powers;
    std::string m_namePrefix;
    SwitchHierarchy m_hierarchy;
    mutable std::once_flag m_linksBuilt;
    mutable std::vector<Link> m_links;
};

} // namespace placement
