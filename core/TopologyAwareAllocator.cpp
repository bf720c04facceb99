// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

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
    const int nodesPerLeaf = tree.shape().nodesPerLeaf;
    // Free nodes per leaf and pod (a leaf's nodes are consecutive indices).
    std::vector<int>& leafFree = m_leafFree;
    std::vector<int>& podFree = m_podFree;
    leafFree.assign(static_cast<size_t>(tree.leafCount()), 0);
    podFree.assign(static_cast<size_t>(pods), 0);
    for (int leaf = 0, node = 0; leaf < tree.leafCount(); ++leaf) {
        int free = 0;
        for (int slot = 0; slot < nodesPerLeaf; ++slot, ++node)
            free += state.isFree(node) ? 1 : 0;
        leafFree[static_cast<size_t>(leaf)] = free;
        podFree[static_cast<size_t>(leaf / leavesPerPod)] += free;
    }
    const auto freeOn = [&](int leaf) { return leafFree[static_cast<size_t>(leaf)]; };
    std::vector<int>& podOrder = m_podOrder;
    podOrder.resize(static_cast<size_t>(pods));
    std::iota(podOrder.begin(), podOrder.end(), 0);
    std::vector<int>& leaves = m_leaves;
    leaves.clear();
    std::vector<int> nodes;
    // The first free nodes of `leaves`, leaf by leaf in that order, up to `count`; returned
    // in index order (how many each leaf gives is decided first, then leaves are read in
    // index order, which spares sorting the nodes).
    std::vector<int>& given = m_given;
    const auto take = [&](int count) {
        given.assign(static_cast<size_t>(tree.leafCount()), 0);
        int left = count;
        for (int leaf : leaves) {
            const int n = std::min(left, freeOn(leaf));
            given[static_cast<size_t>(leaf)] = n;
            left -= n;
            if (left == 0)
                break;
        }
        nodes.reserve(static_cast<size_t>(count - left));
        for (int leaf = 0; leaf < tree.leafCount(); ++leaf) {
            int n = given[static_cast<size_t>(leaf)];
            for (int node = leaf * nodesPerLeaf; n > 0; ++node)
                if (state.isFree(node)) {
                    nodes.push_back(node);
                    --n;
                }
        }
    };
    const auto byPodFree = [&](bool ascending) {
        std::stable_sort(podOrder.begin(), podOrder.end(), [&](int a, int b) {
            const int fa = podFree[static_cast<size_t>(a)], fb = podFree[static_cast<size_t>(b)];
            return ascending ? fa < fb : fa > fb;
        });
    };
    const auto mostFreeFirst = [&](std::vector<int>::iterator from) {
        std::stable_sort(from, leaves.end(), [&](int a, int b) { return freeOn(a) > freeOn(b); });
    };

    const int type = typeOf(want);
    if (type == 1) {
        byPodFree(true);
        for (int pod : podOrder) {
            // The least free leaf of the pod that holds the job (first among equals).
            int best = -1;
            for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod; ++leaf)
                if (freeOn(leaf) >= want && (best < 0 || freeOn(leaf) < freeOn(best)))
                    best = leaf;
            if (best >= 0) {
                leaves.push_back(best);
                take(want);
                return nodes;
            }
        }
        return {};
    }
    if (type == 2) {
        byPodFree(true);
        for (int pod : podOrder) {
            leaves.clear();
            int room = 0;
            for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod; ++leaf)
                if (!m_leafBigJobs[static_cast<size_t>(leaf)] && !m_leafT3[static_cast<size_t>(leaf)] && freeOn(leaf)) {
                    leaves.push_back(leaf);
                    room += freeOn(leaf);
                }
            if (room < want)
                continue;
            mostFreeFirst(leaves.begin());
            take(want);
            return nodes;
        }
        return {};
    }
    // T3
    byPodFree(false);
    int room = 0;
    for (int pod : podOrder) {
        if (m_podT3[static_cast<size_t>(pod)])
            continue;
        const auto first = static_cast<std::ptrdiff_t>(leaves.size());
        for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod; ++leaf)
            if (!m_leafBigJobs[static_cast<size_t>(leaf)] && freeOn(leaf)) {
                leaves.push_back(leaf);
                room += freeOn(leaf);
            }
        mostFreeFirst(leaves.begin() + first);
    }
    if (room < want)
        return {};
    take(want);
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
