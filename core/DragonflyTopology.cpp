// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DragonflyTopology.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace placement {
namespace {

/// The place of group `other` in each round of group `group`'s global ports
/// (Hastings et al., Cluster'15: absolute, relative and circulant arrangements).
int portSlot(DragonflyTopology::Arrangement arrangement, int groups, int group, int other)
{
    const int offset = ((other - group) % groups + groups) % groups; // 1 .. groups - 1
    switch (arrangement) {
    case DragonflyTopology::Arrangement::Absolute: return other < group ? other : other - 1;
    case DragonflyTopology::Arrangement::Relative: return offset - 1;
    case DragonflyTopology::Arrangement::Circulant:
        if (2 * offset < groups)
            return 2 * (offset - 1); // +1, +2, ... on the even slots
        if (2 * offset > groups)
            return 2 * (groups - offset - 1) + 1; // -1, -2, ... on the odd ones
        return groups - 2; // the opposite group of an even ring
    }
    return 0;
}

std::string withThousands(long long value)
{
    std::string digits = std::to_string(value);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<size_t>(at), ",");
    return digits;
}

} // namespace

std::string DragonflyTopology::arrangementName(Arrangement arrangement)
{
    switch (arrangement) {
    case Arrangement::Absolute: return "absolute";
    case Arrangement::Relative: return "relative";
    case Arrangement::Circulant: return "circulant";
    }
    return "relative";
}

DragonflyTopology::DragonflyTopology(Shape shape)
    : m_shape(std::move(shape))
{
    const Shape& s = m_shape;
    if (s.groups < 1 || s.rows < 1 || s.columns < 1 || s.nodesPerRouter < 1 || s.globalPerPair < 1)
        throw std::invalid_argument("a dragonfly needs at least one group, router, node per router and global link");
    if (!(s.rowBandwidth > 0) || !(s.columnBandwidth > 0) || !(s.globalBandwidth > 0))
        throw std::invalid_argument("link bandwidths must be positive");
    const long long perGroup = static_cast<long long>(s.rows) * s.columns;
    const long long slots = perGroup * s.groups * s.nodesPerRouter;
    if (perGroup > 4096 || slots > 100'000'000)
        throw std::invalid_argument("dragonfly too large (more than 4,096 routers a group or 100 million nodes)");
    if (static_cast<long long>(s.groups) * (s.groups - 1) / 2 * s.globalPerPair > 10'000'000)
        throw std::invalid_argument("dragonfly too large (more than 10 million global links)");
    if (s.nodes < 0 || s.nodes > slots)
        throw std::invalid_argument("a dragonfly of " + std::to_string(slots) + " node slots cannot hold "
                                    + std::to_string(s.nodes) + " nodes");
    if (s.naming == Naming::Cray && s.rows % 3 != 0)
        throw std::invalid_argument("Cray names need 3 chassis (rows) per cabinet: rows must be a multiple of 3");
    m_perGroup = static_cast<int>(perGroup);
    m_routers = m_perGroup * s.groups;
    m_nodes = s.nodes ? s.nodes : static_cast<int>(slots);

    m_localIndex.assign(static_cast<size_t>(m_perGroup) * m_perGroup, -1);
    for (int a = 0; a < m_perGroup; ++a)
        for (int b = a + 1; b < m_perGroup; ++b)
            if (localHops(a, b) == 1) {
                m_localIndex[static_cast<size_t>(a) * m_perGroup + b] = m_localPerGroup;
                m_localIndex[static_cast<size_t>(b) * m_perGroup + a] = m_localPerGroup;
                ++m_localPerGroup;
            }
    m_firstGlobal = m_nodes + m_localPerGroup * s.groups;

    const int rounds = s.globalPerPair;
    const int ports = (s.groups - 1) * rounds;
    const int perRouter = std::max(1, (ports + m_perGroup - 1) / m_perGroup);
    m_gateway.assign(static_cast<size_t>(s.groups) * s.groups * rounds, -1);
    for (int group = 0; group < s.groups; ++group)
        for (int other = 0; other < s.groups; ++other)
            if (other != group)
                for (int copy = 0; copy < rounds; ++copy) {
                    const int port = copy * (s.groups - 1) + portSlot(s.arrangement, s.groups, group, other);
                    m_gateway[(static_cast<size_t>(group) * s.groups + other) * rounds + copy]
                        = group * m_perGroup + port / perRouter;
                }
    // Each router's ports, by other group then copy (counted, then placed).
    m_portStart.assign(static_cast<size_t>(m_routers) + 1, 0);
    for (const int router : m_gateway)
        if (router >= 0)
            ++m_portStart[static_cast<size_t>(router) + 1];
    for (size_t router = 0; router < static_cast<size_t>(m_routers); ++router)
        m_portStart[router + 1] += m_portStart[router];
    m_ports.assign(static_cast<size_t>(m_portStart.back()), {});
    std::vector<int> filled(m_portStart.begin(), m_portStart.end() - 1);
    for (int group = 0; group < s.groups; ++group)
        for (int other = 0; other < s.groups; ++other)
            if (other != group)
                for (int copy = 0; copy < rounds; ++copy) {
                    const int router = gateway(group, other, copy);
                    m_ports[static_cast<size_t>(filled[static_cast<size_t>(router)]++)]
                        = {other, gateway(other, group, copy)};
                }
    // The same ports, each far group and each linked router once, at a fixed stride (the
    // metrics' sums, core/DragonflyMetrics.cpp).
    m_portsPerRouter = perRouter;
    m_farGroups.assign(static_cast<size_t>(m_routers) * perRouter, static_cast<std::uint16_t>(s.groups));
    m_farRouters.assign(static_cast<size_t>(m_routers) * perRouter, m_routers);
    for (int router = 0; router < m_routers; ++router) {
        std::uint16_t* groupSlot = m_farGroups.data() + static_cast<size_t>(router) * perRouter;
        int* const linked = m_farRouters.data() + static_cast<size_t>(router) * perRouter;
        int* linkedEnd = linked;
        int lastGroup = -1;
        for (const GlobalPort& port : globalPorts(router)) {
            if (port.other != lastGroup) { // ports come by group
                lastGroup = port.other;
                *groupSlot++ = static_cast<std::uint16_t>(port.other);
            }
            if (port.far > router && std::find(linked, linkedEnd, port.far) == linkedEnd)
                *linkedEnd++ = port.far;
        }
    }
}

std::string DragonflyTopology::nodeName(int node) const
{
    const Shape& s = m_shape;
    if (s.naming == Naming::Cray) {
        // Cray XC cname: cabinet column-row, chassis, slot (blade), node. Two cabinets of
        // three chassis make an Aries group of six (docs/metrics.md §Dragonfly).
        const int router = routerOf(node);
        const int row = rowOf(router);
        const int cabinetsPerGroup = s.rows / 3;
        const int cabinet = groupOfRouter(router) * cabinetsPerGroup + row / 3;
        const int perRow = s.cabinetColumns > 0 ? s.cabinetColumns : groups() * cabinetsPerGroup;
        return "c" + std::to_string(cabinet % perRow) + "-" + std::to_string(cabinet / perRow) + "c"
            + std::to_string(row % 3) + "s" + std::to_string(columnOf(router)) + "n"
            + std::to_string(node % s.nodesPerRouter);
    }
    std::string number = std::to_string(static_cast<long long>(node) + s.first);
    if (static_cast<int>(number.size()) < s.digits)
        number.insert(0, static_cast<size_t>(s.digits) - number.size(), '0');
    return s.prefix + number;
}

std::string DragonflyTopology::nodeLocation(int node) const
{
    const int router = routerOf(node);
    std::string text
        = "group " + std::to_string(groupOfRouter(router)) + ", router " + std::to_string(router % m_perGroup);
    if (m_shape.rows > 1)
        text += " (row " + std::to_string(rowOf(router)) + ", column " + std::to_string(columnOf(router)) + ")";
    if (m_shape.nodesPerRouter > 1)
        text += ", port " + std::to_string(node % m_shape.nodesPerRouter);
    return text;
}

std::string DragonflyTopology::describe() const
{
    const Shape& s = m_shape;
    std::string text = "dragonfly, " + std::to_string(s.groups) + (s.groups == 1 ? " group of " : " groups of ");
    if (s.rows > 1)
        text += std::to_string(s.rows) + "x" + std::to_string(s.columns) + " routers (rows and columns all-to-all)";
    else
        text += std::to_string(s.columns) + " routers (all-to-all)";
    text += ", " + std::to_string(s.nodesPerRouter) + " nodes per router, " + std::to_string(s.globalPerPair)
        + " global link" + (s.globalPerPair > 1 ? "s" : "") + " per group pair (" + arrangementName(s.arrangement)
        + "), " + describeNodeCount(withThousands(usableNodeCount()));
    return text;
}

int DragonflyTopology::bestCopy(int a, int b) const
{
    const int ga = groupOfRouter(a);
    const int gb = groupOfRouter(b);
    int best = 0;
    int bestHops = 1 << 20;
    for (int copy = 0; copy < m_shape.globalPerPair; ++copy) {
        const int total = localHops(a, gateway(ga, gb, copy)) + localHops(gateway(gb, ga, copy), b);
        if (total < bestHops) {
            bestHops = total;
            best = copy;
        }
    }
    return best;
}

int DragonflyTopology::routerHops(int a, int b) const
{
    const int ga = groupOfRouter(a);
    const int gb = groupOfRouter(b);
    if (ga == gb)
        return localHops(a, b);
    const int copy = bestCopy(a, b);
    return localHops(a, gateway(ga, gb, copy)) + 1 + localHops(gateway(gb, ga, copy), b);
}

int DragonflyTopology::globalLink(int group, int other, int copy) const
{
    const int low = std::min(group, other);
    const int high = std::max(group, other);
    const int G = m_shape.groups;
    const int pair = low * G - low * (low + 1) / 2 + (high - low - 1);
    return m_firstGlobal + pair * m_shape.globalPerPair + copy;
}

int DragonflyTopology::localLink(int a, int b) const
{
    const int index = m_localIndex[static_cast<size_t>(a % m_perGroup) * m_perGroup + b % m_perGroup];
    if (index < 0 || groupOfRouter(a) != groupOfRouter(b))
        return -1;
    return m_nodes + groupOfRouter(a) * m_localPerGroup + index;
}

const std::vector<Link>& DragonflyTopology::links() const
{
    std::call_once(m_linksBuilt, [this] {
        const Shape& s = m_shape;
        m_links.reserve(static_cast<size_t>(m_firstGlobal + globalLinkCount()));
        for (int node = 0; node < m_nodes; ++node)
            m_links.push_back({node, m_nodes + routerOf(node), 1.0});
        std::vector<std::pair<int, int>> localPairs(static_cast<size_t>(m_localPerGroup));
        for (int a = 0; a < m_perGroup; ++a)
            for (int b = a + 1; b < m_perGroup; ++b) {
                const int index = m_localIndex[static_cast<size_t>(a) * m_perGroup + b];
                if (index >= 0)
                    localPairs[static_cast<size_t>(index)] = {a, b};
            }
        for (int group = 0; group < s.groups; ++group)
            for (const auto& [a, b] : localPairs)
                m_links.push_back({m_nodes + group * m_perGroup + a, m_nodes + group * m_perGroup + b,
                                   rowOf(a) == rowOf(b) ? s.rowBandwidth : s.columnBandwidth});
        for (int low = 0; low < s.groups; ++low)
            for (int high = low + 1; high < s.groups; ++high)
                for (int copy = 0; copy < s.globalPerPair; ++copy)
                    m_links.push_back(
                        {m_nodes + gateway(low, high, copy), m_nodes + gateway(high, low, copy), s.globalBandwidth});
    });
    return m_links;
}

void DragonflyTopology::appendLocal(int a, int b, std::vector<Channel>& route) const
{
    if (a == b)
        return;
    if (localHops(a, b) == 2) {
        // Row first, then column (Aries routes green before black on minimal paths).
        const int corner = groupOfRouter(a) * m_perGroup + rowOf(a) * m_shape.columns + columnOf(b);
        appendLocal(a, corner, route);
        appendLocal(corner, b, route);
        return;
    }
    route.push_back(2 * localLink(a, b) + (a < b ? 0 : 1));
}

bool DragonflyTopology::appendRoute(int from, int to, std::vector<Channel>& route) const
{
    if (from == to)
        return true;
    route.push_back(2 * from);
    const int a = routerOf(from);
    const int b = routerOf(to);
    const int ga = groupOfRouter(a);
    const int gb = groupOfRouter(b);
    if (ga == gb) {
        appendLocal(a, b, route);
    } else {
        const int copy = bestCopy(a, b);
        appendLocal(a, gateway(ga, gb, copy), route);
        route.push_back(2 * globalLink(ga, gb, copy) + (ga < gb ? 0 : 1));
        appendLocal(gateway(gb, ga, copy), b, route);
    }
    route.push_back(2 * to + 1);
    return true;
}

} // namespace placement
