#include "core/TopologyAwareAllocator.h"

#include "core/FatTreeTopology.h"

#include <algorithm>
#include <numeric>

namespace placement {

TopologyAwareAllocator::TopologyAwareAllocator(const FatTreeTopology& tree)
    : m_tree(&tree)
    , m_nodeType(static_cast<size_t>(tree.nodeCount()), 0)
    , m_leafBigJobs(static_cast<size_t>(tree.leafCount()), 0)
    , m_leafT3(static_cast<size_t>(tree.leafCount()), 0)
    , m_podT3(static_cast<size_t>(tree.shape().pods), 0)
{}

int TopologyAwareAllocator::typeOf(int nodes) const
{
    return static_cast<int>(taJobType(*m_tree, nodes));
}

std::vector<int> TopologyAwareAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const FatTreeTopology& tree = *m_tree;
    const int want = request.nodes;
    if (want > state.freeCount())
        return {};
    const int pods = tree.shape().pods;
    const int leavesPerPod = tree.shape().leavesPerPod;
    std::vector<std::vector<int>> freeOnLeaf(static_cast<size_t>(tree.leafCount()));
    std::vector<int> podFree(static_cast<size_t>(pods), 0);
    for (int node = 0; node < tree.nodeCount(); ++node)
        if (state.isFree(node)) {
            freeOnLeaf[static_cast<size_t>(tree.leafOf(node))].push_back(node);
            ++podFree[static_cast<size_t>(tree.podOf(node))];
        }
    auto leafFree = [&](int leaf) { return static_cast<int>(freeOnLeaf[static_cast<size_t>(leaf)].size()); };
    std::vector<int> podOrder(static_cast<size_t>(pods));
    std::iota(podOrder.begin(), podOrder.end(), 0);
    const int type = typeOf(want);
    auto leavesOf = [&](int pod) {
        std::vector<int> leaves(static_cast<size_t>(leavesPerPod));
        std::iota(leaves.begin(), leaves.end(), pod * leavesPerPod);
        return leaves;
    };
    std::vector<int> nodes;
    auto take = [&](const std::vector<int>& leaves, int count) {
        for (int leaf : leaves)
            for (int node : freeOnLeaf[static_cast<size_t>(leaf)]) {
                if (static_cast<int>(nodes.size()) == count)
                    return;
                nodes.push_back(node);
            }
    };

    if (type == 1) {
        std::stable_sort(podOrder.begin(), podOrder.end(), [&](int a, int b) {
            return podFree[static_cast<size_t>(a)] < podFree[static_cast<size_t>(b)];
        });
        for (int pod : podOrder) {
            std::vector<int> leaves = leavesOf(pod);
            std::stable_sort(leaves.begin(), leaves.end(), [&](int a, int b) { return leafFree(a) < leafFree(b); });
            for (int leaf : leaves)
                if (leafFree(leaf) >= want) {
                    take({leaf}, want);
                    return nodes;
                }
        }
        return {};
    }
    if (type == 2) {
        std::stable_sort(podOrder.begin(), podOrder.end(), [&](int a, int b) {
            return podFree[static_cast<size_t>(a)] < podFree[static_cast<size_t>(b)];
        });
        for (int pod : podOrder) {
            std::vector<int> leaves;
            int room = 0;
            for (int leaf : leavesOf(pod))
                if (!m_leafBigJobs[static_cast<size_t>(leaf)] && !m_leafT3[static_cast<size_t>(leaf)]
                    && leafFree(leaf)) {
                    leaves.push_back(leaf);
                    room += leafFree(leaf);
                }
            if (room < want)
                continue;
            std::stable_sort(leaves.begin(), leaves.end(), [&](int a, int b) { return leafFree(a) > leafFree(b); });
            take(leaves, want);
            std::sort(nodes.begin(), nodes.end());
            return nodes;
        }
        return {};
    }
    // T3
    std::stable_sort(podOrder.begin(), podOrder.end(),
                     [&](int a, int b) { return podFree[static_cast<size_t>(a)] > podFree[static_cast<size_t>(b)]; });
    std::vector<int> leaves;
    for (int pod : podOrder) {
        if (m_podT3[static_cast<size_t>(pod)])
            continue;
        std::vector<int> inPod;
        for (int leaf : leavesOf(pod))
            if (!m_leafBigJobs[static_cast<size_t>(leaf)] && leafFree(leaf))
                inPod.push_back(leaf);
        std::stable_sort(inPod.begin(), inPod.end(), [&](int a, int b) { return leafFree(a) > leafFree(b); });
        leaves.insert(leaves.end(), inPod.begin(), inPod.end());
    }
    take(leaves, want);
    if (static_cast<int>(nodes.size()) < want)
        return {};
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

void TopologyAwareAllocator::started(const AllocationRequest& request, const std::vector<int>& nodes)
{
    const int type = typeOf(request.nodes);
    for (int node : nodes) {
        m_nodeType[static_cast<size_t>(node)] = type;
        if (type == 2)
            ++m_leafBigJobs[static_cast<size_t>(m_tree->leafOf(node))];
        if (type == 3) {
            ++m_leafT3[static_cast<size_t>(m_tree->leafOf(node))];
            ++m_podT3[static_cast<size_t>(m_tree->podOf(node))];
        }
    }
}

void TopologyAwareAllocator::ended(const AllocationRequest& request, const std::vector<int>& nodes)
{
    const int type = typeOf(request.nodes);
    for (int node : nodes) {
        m_nodeType[static_cast<size_t>(node)] = 0;
        if (type == 2)
            --m_leafBigJobs[static_cast<size_t>(m_tree->leafOf(node))];
        if (type == 3) {
            --m_leafT3[static_cast<size_t>(m_tree->leafOf(node))];
            --m_podT3[static_cast<size_t>(m_tree->podOf(node))];
        }
    }
}

} // namespace placement
