// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/KaryNTreeTopology.h"

#include <stdexcept>

namespace placement {

KaryNTreeTopology::KaryNTreeTopology(int k, int n, std::string namePrefix)
    : m_k(k)
    , m_n(n)
    , m_namePrefix(std::move(namePrefix))
{
    if (k < 2 || n < 1)
        throw std::invalid_argument("a k-ary n-tree needs k >= 2 and n >= 1");
    long long value = 1;
    for (int i = 0; i <= n; ++i) {
        if (value > 100'000'000)
            throw std::invalid_argument("k-ary n-tree too large (more than 100 million nodes)");
        m_powers.push_back(static_cast<int>(value));
        value *= k;
    }
    m_nodes = power(n);
    m_switchesPerLevel = power(n - 1);

    // Groups: level-l subtrees (l = 1 .. n), numbered level by level; the level-n group is
    // the root. Every path between two nodes climbs to the same level whatever switch it uses.
    std::vector<int> parents;
    std::vector<int> firstOfLevel(static_cast<size_t>(n + 2), 0);
    for (int level = 1; level <= n; ++level) {
        firstOfLevel[static_cast<size_t>(level)] = static_cast<int>(parents.size());
        for (int subtree = 0; subtree < power(n - level); ++subtree)
            parents.push_back(-1);
    }
    for (int level = 1; level < n; ++level)
        for (int subtree = 0; subtree < power(n - level); ++subtree)
            parents[static_cast<size_t>(firstOfLevel[static_cast<size_t>(level)] + subtree)]
                = firstOfLevel[static_cast<size_t>(level + 1)] + subtree / k;
    std::vector<int> groupOfNode(static_cast<size_t>(m_nodes));
    for (int node = 0; node < m_nodes; ++node)
        groupOfNode[static_cast<size_t>(node)] = node / k;
    m_hierarchy = SwitchHierarchy::fromParents(std::move(parents), std::move(groupOfNode));
}

std::string KaryNTreeTopology::nodeName(int node) const
{
    return m_namePrefix + std::to_string(node);
}

std::string KaryNTreeTopology::nodeLocation(int node) const
{
    return "leaf switch " + std::to_string(node / m_k) + ", port " + std::to_string(node % m_k);
}

std::string KaryNTreeTopology::describe() const
{
    return std::to_string(m_k) + "-ary " + std::to_string(m_n) + "-tree, " + std::to_string(m_nodes) + " nodes, "
        + std::to_string(switchCount()) + " switches of radix " + std::to_string(2 * m_k);
}

int KaryNTreeTopology::commonLevel(int a, int b) const
{
    int level = 1;
    while (a / power(level) != b / power(level))
        ++level;
    return level;
}

int KaryNTreeTopology::hops(int a, int b) const
{
    return 2 * (commonLevel(a, b) - 1);
}

const std::vector<Link>& KaryNTreeTopology::links() const
{
    std::call_once(m_linksBuilt, [this] {
        for (int node = 0; node < m_nodes; ++node)
            m_links.push_back({node, m_nodes + node / m_k, 1.0});
        for (int level = 1; level <= m_n; ++level) {
            for (int index = 0; index < m_switchesPerLevel; ++index) {
                for (int u = 0; u < m_k; ++u) {
                    if (level == m_n) { // top switches have no up-links; keep ids dense
                        m_links.push_back({-1, -1, 0.0});
                        continue;
                    }
                    const int subtree = index / power(level - 1);
                    const int replica = index % power(level - 1);
                    const int upperIndex = (subtree / m_k) * power(level) + replica + u * power(level - 1);
                    m_links.push_back({m_nodes + (level - 1) * m_switchesPerLevel + index,
                                       m_nodes + level * m_switchesPerLevel + upperIndex, 1.0});
                }
            }
        }
    });
    return m_links;
}

bool KaryNTreeTopology::appendRoute(int from, int to, std::vector<Channel>& route) const
{
    // D-mod-k: going up from level l take up-port (to / k^(l-1)) mod k; the way down from
    // the common level is then unique.
    if (from == to)
        return true;
    route.push_back(2 * from);
    const int top = commonLevel(from, to);
    int replica = 0; // b of the current switch
    for (int level = 1; level < top; ++level) {
        const int subtree = from / power(level);
        const int u = (to / power(level - 1)) % m_k;
        route.push_back(2 * uplink(level, subtree * power(level - 1) + replica, u));
        replica += u * power(level - 1);
    }
    // Down: at level l the switch (l, to / k^l, replica) reached the child whose up-link
    // u = replica / k^(l-2) led here.
    std::vector<Channel> down;
    for (int level = top; level > 1; --level) {
        const int childReplica = replica % power(level - 2);
        const int u = replica / power(level - 2);
        const int childSubtree = to / power(level - 1);
        down.push_back(2 * uplink(level - 1, childSubtree * power(level - 2) + childReplica, u) + 1);
        replica = childReplica;
    }
    route.insert(route.end(), down.begin(), down.end());
    route.push_back(2 * to + 1);
    return true;
}

} // namespace placement
