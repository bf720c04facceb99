// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/TorusTopology.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace placement {

TorusTopology::TorusTopology(std::vector<int> extents, std::vector<bool> wraps, int nodesPerRouter,
                             std::string namePrefix, std::vector<std::vector<double>> bandwidths)
    : m_extents(std::move(extents))
    , m_wraps(std::move(wraps))
    , m_bandwidths(std::move(bandwidths))
    , m_nodesPerRouter(nodesPerRouter)
    , m_namePrefix(std::move(namePrefix))
{
    if (m_extents.empty())
        throw std::invalid_argument("a torus needs at least one dimension");
    if (m_wraps.size() != m_extents.size())
        throw std::invalid_argument("a torus needs one wrap flag per dimension");
    if (m_nodesPerRouter < 1)
        throw std::invalid_argument("a torus needs at least one node per router");
    if (m_bandwidths.empty())
        m_bandwidths.assign(m_extents.size(), {1.0});
    if (m_bandwidths.size() != m_extents.size())
        throw std::invalid_argument("a torus needs one bandwidth pattern per dimension");
    for (const auto& pattern : m_bandwidths) {
        if (pattern.empty())
            throw std::invalid_argument("a bandwidth pattern needs at least one value");
        for (double value : pattern)
            if (!(value > 0))
                throw std::invalid_argument("link bandwidths must be positive");
    }
    long long routers = 1;
    for (int extent : m_extents) {
        if (extent < 1)
            throw std::invalid_argument("torus extents must be positive");
        m_strides.push_back(static_cast<int>(routers));
        routers *= extent;
        if (routers * m_nodesPerRouter > 100'000'000)
            throw std::invalid_argument("torus too large (more than 100 million nodes)");
    }
    m_routerCount = static_cast<int>(routers);
}

std::string TorusTopology::nodeName(int node) const
{
    char digits[16];
    std::snprintf(digits, sizeof digits, "%05d", node);
    return m_namePrefix + digits;
}

std::string TorusTopology::nodeLocation(int node) const
{
    std::string text = "router (";
    for (int dim = 0; dim < dimensions(); ++dim)
        text += (dim ? "," : "") + std::to_string(coordinate(node, dim));
    text += ")";
    if (m_nodesPerRouter > 1)
        text += " slot " + std::to_string(node % m_nodesPerRouter);
    return text;
}

int TorusTopology::distance(int dim, int x, int y) const
{
    const int delta = std::abs(x - y);
    return m_wraps[static_cast<size_t>(dim)] ? std::min(delta, m_extents[static_cast<size_t>(dim)] - delta) : delta;
}

int TorusTopology::hops(int a, int b) const
{
    const int ra = routerOf(a);
    const int rb = routerOf(b);
    int total = 0;
    for (int dim = 0; dim < dimensions(); ++dim)
        total += distance(dim, routerCoordinate(ra, dim), routerCoordinate(rb, dim));
    return total;
}

std::string TorusTopology::describe() const
{
    bool allWrap = true;
    bool noneWrap = true;
    std::string shape;
    for (size_t dim = 0; dim < m_extents.size(); ++dim) {
        shape += (dim ? "x" : "") + std::to_string(m_extents[dim]);
        allWrap = allWrap && m_wraps[dim];
        noneWrap = noneWrap && !m_wraps[dim];
    }
    const std::string kind = allWrap ? "torus" : noneWrap ? "mesh" : "partial torus";
    return std::to_string(m_extents.size()) + "D " + kind + " " + shape + ", " + std::to_string(m_nodesPerRouter)
        + (m_nodesPerRouter == 1 ? " node" : " nodes") + " per router, "
        + describeNodeCount(std::to_string(usableNodeCount()));
}

const std::vector<Link>& TorusTopology::links() const
{
    std::call_once(m_linksBuilt, [this] {
        const int nodes = nodeCount();
        const int dims = dimensions();
        m_links.reserve(static_cast<size_t>(nodes) + static_cast<size_t>(m_routerCount) * static_cast<size_t>(dims));
        for (int node = 0; node < nodes; ++node)
            m_links.push_back({node, nodes + routerOf(node), 1.0});
        m_plusLink.assign(static_cast<size_t>(m_routerCount) * static_cast<size_t>(dims), -1);
        for (int router = 0; router < m_routerCount; ++router) {
            for (int dim = 0; dim < dims; ++dim) {
                const int extent = m_extents[static_cast<size_t>(dim)];
                const int x = routerCoordinate(router, dim);
                if (extent < 2 || (x + 1 == extent && !m_wraps[static_cast<size_t>(dim)]))
                    continue;
                const int next = x + 1 == extent ? router - x * stride(dim) : router + stride(dim);
                const auto& pattern = m_bandwidths[static_cast<size_t>(dim)];
                m_plusLink[static_cast<size_t>(router) * static_cast<size_t>(dims) + static_cast<size_t>(dim)]
                    = static_cast<int>(m_links.size());
                m_links.push_back({nodes + router, nodes + next, pattern[static_cast<size_t>(x) % pattern.size()]});
            }
        }
    });
    return m_links;
}

int TorusTopology::linkTowardsPlus(int router, int dim) const
{
    links();
    return m_plusLink[static_cast<size_t>(router) * static_cast<size_t>(dimensions()) + static_cast<size_t>(dim)];
}

bool TorusTopology::appendRoute(int from, int to, std::vector<Channel>& route) const
{
    // Dimension-order routing: dimension 0 first, each the short way round (ties: +).
    if (from == to)
        return true;
    route.push_back(2 * from); // node -> its router
    int router = routerOf(from);
    const int target = routerOf(to);
    for (int dim = 0; dim < dimensions(); ++dim) {
        const int extent = m_extents[static_cast<size_t>(dim)];
        const int x = routerCoordinate(router, dim);
        const int y = routerCoordinate(target, dim);
        if (x == y)
            continue;
        int forward = (y - x + extent) % extent;
        bool plus = m_wraps[static_cast<size_t>(dim)] ? forward <= extent - forward : y > x;
        int steps = m_wraps[static_cast<size_t>(dim)] ? (plus ? forward : extent - forward) : std::abs(y - x);
        for (int step = 0; step < steps; ++step) {
            const int at = routerCoordinate(router, dim);
            if (plus) {
                route.push_back(2 * linkTowardsPlus(router, dim));
                router += at + 1 == extent ? -at * stride(dim) : stride(dim);
            } else {
                const int previous = at == 0 ? router + (extent - 1) * stride(dim) : router - stride(dim);
                route.push_back(2 * linkTowardsPlus(previous, dim) + 1);
                router = previous;
            }
        }
    }
    route.push_back(2 * to + 1); // router -> destination node
    return true;
}

} // namespace placement
