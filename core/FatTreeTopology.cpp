// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"

#include <stdexcept>

namespace placement {

FatTreeTopology::FatTreeTopology(Shape shape, std::string namePrefix)
    : m_shape(shape)
    , m_namePrefix(std::move(namePrefix))
{
    Shape& s = m_shape;
    if (s.radix < 2 || s.pods < 1 || s.leavesPerPod < 1 || s.nodesPerLeaf < 1 || s.uplinksPerLeaf < 1)
        throw std::invalid_argument("fat-tree parameters must be positive (radix at least 2)");
    if (s.nodesPerLeaf + s.uplinksPerLeaf > s.radix)
        throw std::invalid_argument("a leaf's nodes plus up-links exceed the switch radix");
    if (s.uplinksPerL2 == 0)
        s.uplinksPerL2 = s.radix - s.leavesPerPod;
    if (s.uplinksPerL2 < 1 || s.leavesPerPod + s.uplinksPerL2 > s.radix)
        throw std::invalid_argument("an L2 switch's leaf links plus up-links exceed the switch radix");
    if (s.pods > s.radix)
        throw std::invalid_argument("a three-level fat-tree has at most radix pods");
    if (s.spinesPerGroup == 0) {
        for (int spines = 1; spines <= s.uplinksPerL2 && s.spinesPerGroup == 0; ++spines)
            if (s.uplinksPerL2 % spines == 0 && s.pods * (s.uplinksPerL2 / spines) <= s.radix)
                s.spinesPerGroup = spines;
    }
    if (s.spinesPerGroup < 1 || s.uplinksPerL2 % s.spinesPerGroup != 0
        || s.pods * (s.uplinksPerL2 / s.spinesPerGroup) > s.radix)
        throw std::invalid_argument("no spine layout fits: an L2 switch's up-links must divide evenly over its "
                                    "spines, and every pod's links must fit a spine's radix");
    if (static_cast<long long>(s.pods) * s.leavesPerPod * s.nodesPerLeaf > 100'000'000)
        throw std::invalid_argument("fat-tree too large (more than 100 million nodes)");

    // Groups: leaves 0 .. L-1, pods L .. L+P-1, the spine layer L+P.
    std::vector<int> parents(static_cast<size_t>(leafCount() + s.pods + 1));
    for (int leaf = 0; leaf < leafCount(); ++leaf)
        parents[static_cast<size_t>(leaf)] = leafCount() + podOfLeaf(leaf);
    for (int pod = 0; pod < s.pods; ++pod)
        parents[static_cast<size_t>(leafCount() + pod)] = leafCount() + s.pods;
    parents.back() = -1;
    std::vector<int> groupOfNode(static_cast<size_t>(nodeCount()));
    for (int node = 0; node < nodeCount(); ++node)
        groupOfNode[static_cast<size_t>(node)] = leafOf(node);
    m_hierarchy = SwitchHierarchy::fromParents(std::move(parents), std::move(groupOfNode));
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
    std::string text = "fat-tree radix " + std::to_string(m_shape.radix) + ", " + std::to_string(m_shape.pods)
        + " pods x " + std::to_string(m_shape.leavesPerPod) + " leaves x " + std::to_string(m_shape.nodesPerLeaf)
        + " nodes, " + std::to_string(nodeCount()) + " nodes, " + std::to_string(spineCount()) + " spines";
    if (m_shape.uplinksPerLeaf < m_shape.nodesPerLeaf)
        text
            += " (tapered " + std::to_string(m_shape.nodesPerLeaf) + ":" + std::to_string(m_shape.uplinksPerLeaf) + ")";
    return text;
}

const std::vector<Link>& FatTreeTopology::links() const
{
    std::call_once(m_linksBuilt, [this] {
        for (int node = 0; node < nodeCount(); ++node)
            m_links.push_back({node, leafVertex(leafOf(node)), 1.0});
        for (int leaf = 0; leaf < leafCount(); ++leaf)
            for (int l2 = 0; l2 < l2PerPod(); ++l2)
                m_links.push_back({leafVertex(leaf), l2Vertex(podOfLeaf(leaf), l2), 1.0});
        for (int pod = 0; pod < m_shape.pods; ++pod)
            for (int l2 = 0; l2 < l2PerPod(); ++l2)
                for (int port = 0; port < m_shape.uplinksPerL2; ++port)
                    m_links.push_back({l2Vertex(pod, l2), spineVertex(l2, port % m_shape.spinesPerGroup), 1.0});
    });
    return m_links;
}

bool FatTreeTopology::appendRoute(int from, int to, std::vector<Channel>& route) const
{
    // Static D-mod-k routing (Zahavi): every up-port is chosen from the destination alone,
    // so all traffic towards one node converges on one path from a given leaf.
    if (from == to)
        return true;
    route.push_back(2 * from);
    const int fromLeaf = leafOf(from);
    const int toLeaf = leafOf(to);
    if (fromLeaf != toLeaf) {
        const int l2 = to % l2PerPod();
        route.push_back(2 * leafUplink(fromLeaf, l2));
        const int fromPod = podOf(from);
        const int toPod = podOf(to);
        if (fromPod != toPod) {
            const int port = (to / l2PerPod()) % m_shape.uplinksPerL2;
            route.push_back(2 * l2Uplink(fromPod, l2, port));
            route.push_back(2 * l2Uplink(toPod, l2, port) + 1);
        }
        route.push_back(2 * leafUplink(toLeaf, l2) + 1);
    }
    route.push_back(2 * to + 1);
    return true;
}

TaJobType taJobType(const FatTreeTopology& tree, int nodes)
{
    if (nodes <= tree.shape().nodesPerLeaf)
        return TaJobType::T1;
    return nodes <= tree.nodesPerPod() ? TaJobType::T2 : TaJobType::T3;
}

} // namespace placement
