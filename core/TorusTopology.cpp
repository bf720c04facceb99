#include "core/TorusTopology.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace placement {

TorusTopology::TorusTopology(std::vector<int> extents, std::vector<bool> wraps, int nodesPerRouter,
                             std::string namePrefix)
    : m_extents(std::move(extents))
    , m_wraps(std::move(wraps))
    , m_nodesPerRouter(nodesPerRouter)
    , m_namePrefix(std::move(namePrefix))
{
    if (m_extents.empty())
        throw std::invalid_argument("a torus needs at least one dimension");
    if (m_wraps.size() != m_extents.size())
        throw std::invalid_argument("a torus needs one wrap flag per dimension");
    if (m_nodesPerRouter < 1)
        throw std::invalid_argument("a torus needs at least one node per router");
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

int TorusTopology::coordinate(int node, int dim) const
{
    return (routerOf(node) / m_strides[static_cast<size_t>(dim)]) % m_extents[static_cast<size_t>(dim)];
}

int TorusTopology::hops(int a, int b) const
{
    int total = 0;
    for (int dim = 0; dim < dimensions(); ++dim) {
        const int extent = m_extents[static_cast<size_t>(dim)];
        const int delta = std::abs(coordinate(a, dim) - coordinate(b, dim));
        total += m_wraps[static_cast<size_t>(dim)] ? std::min(delta, extent - delta) : delta;
    }
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
        + (m_nodesPerRouter == 1 ? " node" : " nodes") + " per router, " + std::to_string(nodeCount()) + " nodes";
}

} // namespace placement
