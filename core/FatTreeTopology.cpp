#include "core/FatTreeTopology.h"

#include <stdexcept>

namespace placement {

FatTreeTopology::FatTreeTopology(Shape shape, std::string namePrefix)
    : m_shape(shape)
    , m_namePrefix(std::move(namePrefix))
{
    if (m_shape.radix < 2 || m_shape.pods < 1 || m_shape.leavesPerPod < 1 || m_shape.nodesPerLeaf < 1
        || m_shape.uplinksPerLeaf < 1)
        throw std::invalid_argument("fat-tree parameters must be positive (radix at least 2)");
    if (m_shape.nodesPerLeaf + m_shape.uplinksPerLeaf > m_shape.radix)
        throw std::invalid_argument("a leaf's nodes plus up-links exceed the switch radix");
    if (static_cast<long long>(m_shape.pods) * m_shape.leavesPerPod * m_shape.nodesPerLeaf > 100'000'000)
        throw std::invalid_argument("fat-tree too large (more than 100 million nodes)");
}

std::string FatTreeTopology::nodeName(int node) const
{
    // Cluster names count from 1 (cab1 ... cab1296).
    return m_namePrefix + std::to_string(node + 1);
}

std::string FatTreeTopology::nodeLocation(int node) const
{
    return "pod " + std::to_string(podOf(node)) + ", leaf " + std::to_string(leafInPod(node)) + ", port "
        + std::to_string(slotOf(node));
}

int FatTreeTopology::hops(int a, int b) const
{
    // Pollard §IV-C: switch-to-switch links only; same leaf 0, same pod 2, else 4.
    if (leafOf(a) == leafOf(b))
        return 0;
    if (podOf(a) == podOf(b))
        return 2;
    return 4;
}

std::string FatTreeTopology::describe() const
{
    return "fat-tree radix " + std::to_string(m_shape.radix) + ", " + std::to_string(m_shape.pods) + " pods x "
        + std::to_string(m_shape.leavesPerPod) + " leaves x " + std::to_string(m_shape.nodesPerLeaf) + " nodes, "
        + std::to_string(nodeCount()) + " nodes";
}

} // namespace placement
