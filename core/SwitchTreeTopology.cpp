// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SwitchTreeTopology.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

SwitchTreeTopology::SwitchTreeTopology(std::vector<int> parents, std::vector<int> nodesPerSwitch,
                                       std::string namePrefix)
    : m_nodesPerSwitch(std::move(nodesPerSwitch))
    , m_namePrefix(std::move(namePrefix))
{
    if (m_nodesPerSwitch.size() != parents.size())
        throw std::invalid_argument("a switch tree needs a node count for every switch");
    std::vector<int> groupOfNode;
    for (size_t s = 0; s < m_nodesPerSwitch.size(); ++s) {
        if (m_nodesPerSwitch[s] < 0)
            throw std::invalid_argument("node counts of switches cannot be negative");
        if (groupOfNode.size() + static_cast<size_t>(m_nodesPerSwitch[s]) > 100'000'000)
            throw std::invalid_argument("switch tree too large (more than 100 million nodes)");
        groupOfNode.insert(groupOfNode.end(), static_cast<size_t>(m_nodesPerSwitch[s]), static_cast<int>(s));
    }
    m_hierarchy = SwitchHierarchy::fromParents(std::move(parents), std::move(groupOfNode));
    const int nodes = nodeCount();
    for (int node = 0; node < nodes; ++node)
        m_links.push_back({node, nodes + m_hierarchy.groupOfNode[static_cast<size_t>(node)], 1.0});
    for (int s = 0; s < switchCount(); ++s) {
        const int parent = m_hierarchy.parent[static_cast<size_t>(s)];
        m_links.push_back(parent < 0 ? Link{-1, -1, 0.0} : Link{nodes + s, nodes + parent, 1.0});
    }
}

std::string SwitchTreeTopology::nodeName(int node) const
{
    return m_namePrefix + std::to_string(node);
}

std::string SwitchTreeTopology::nodeLocation(int node) const
{
    const int s = m_hierarchy.groupOfNode[static_cast<size_t>(node)];
    return "switch " + std::to_string(s) + " (level " + std::to_string(m_hierarchy.level[static_cast<size_t>(s)]) + ")";
}

std::vector<std::vector<int>> SwitchTreeTopology::nodesBySwitch() const
{
    std::vector<std::vector<int>> blocks;
    int node = 0;
    for (const int count : m_nodesPerSwitch) {
        if (count == 0)
            continue;
        blocks.emplace_back(static_cast<size_t>(count));
        for (int& member : blocks.back())
            member = node++;
    }
    return blocks;
}

std::string SwitchTreeTopology::describe() const
{
    const int levels = m_hierarchy.level[static_cast<size_t>(m_hierarchy.root)] + 1;
    if (m_blocks.any())
        return "Slurm block topology, " + std::to_string(nodesBySwitch().size()) + " base blocks of "
            + std::to_string(m_blocks.baseSize) + " nodes, " + std::to_string(nodeCount()) + " nodes";
    return "switch tree, " + std::to_string(switchCount()) + " switches on " + std::to_string(levels)
        + (levels == 1 ? " level, " : " levels, ") + std::to_string(nodeCount()) + " nodes";
}

bool SwitchTreeTopology::appendRoute(int from, int to, std::vector<Channel>& route) const
{
    if (from == to)
        return true;
    const int nodes = nodeCount();
    int a = m_hierarchy.groupOfNode[static_cast<size_t>(from)];
    int b = m_hierarchy.groupOfNode[static_cast<size_t>(to)];
    const int common = m_hierarchy.lowestCommonGroup(a, b);
    route.push_back(2 * from);
    for (; a != common; a = m_hierarchy.parent[static_cast<size_t>(a)])
        route.push_back(2 * (nodes + a));
    const size_t downStart = route.size();
    for (; b != common; b = m_hierarchy.parent[static_cast<size_t>(b)])
        route.push_back(2 * (nodes + b) + 1);
    std::reverse(route.begin() + static_cast<std::ptrdiff_t>(downStart), route.end());
    route.push_back(2 * to + 1);
    return true;
}

} // namespace placement
