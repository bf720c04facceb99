#include "core/ListAllocators.h"

#include "core/SwitchHierarchy.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace placement {

DualEndedAllocator::DualEndedAllocator(std::vector<int> order, int sizeDemarcation, std::int64_t wallTimeDemarcation)
    : m_order(std::move(order))
    , m_sizeDemarcation(sizeDemarcation)
    , m_wallTimeDemarcation(wallTimeDemarcation)
{}

std::vector<int> DualEndedAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    const bool large
        = request.nodes > m_sizeDemarcation || (m_wallTimeDemarcation > 0 && request.wallTime > m_wallTimeDemarcation);
    const int count = m_order.empty() ? state.nodeCount() : static_cast<int>(m_order.size());
    std::vector<int> nodes;
    for (int i = 0; i < count && static_cast<int>(nodes.size()) < request.nodes; ++i) {
        const int position = large ? i : count - 1 - i;
        const int node = m_order.empty() ? position : m_order[static_cast<size_t>(position)];
        if (state.isFree(node))
            nodes.push_back(node);
    }
    if (static_cast<int>(nodes.size()) < request.nodes)
        return {};
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

std::vector<int> SlurmTreeAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const SwitchHierarchy* tree = state.topology().hierarchy();
    if (!tree)
        throw std::invalid_argument("the Slurm tree allocator needs a tree-shaped machine");
    if (request.nodes > state.freeCount())
        return {};
    const size_t groups = tree->parent.size();
    // Free nodes per group, and the free nodes of each leaf group in index order.
    std::vector<int> free(groups, 0);
    std::vector<std::vector<int>> freeOnLeaf(groups);
    for (int node = 0; node < state.nodeCount(); ++node) {
        if (!state.isFree(node))
            continue;
        const int leaf = tree->groupOfNode[static_cast<size_t>(node)];
        freeOnLeaf[static_cast<size_t>(leaf)].push_back(node);
        for (int g = leaf; g != -1; g = tree->parent[static_cast<size_t>(g)])
            ++free[static_cast<size_t>(g)];
    }
    // The lowest switch that holds the job; among equals the best fit.
    int top = -1;
    for (size_t g = 0; g < groups; ++g) {
        if (free[g] < request.nodes)
            continue;
        const auto better = [&](int a, int b) {
            const int la = tree->level[static_cast<size_t>(a)];
            const int lb = tree->level[static_cast<size_t>(b)];
            return la != lb ? la < lb : free[static_cast<size_t>(a)] < free[static_cast<size_t>(b)];
        };
        if (top < 0 || better(static_cast<int>(g), top))
            top = static_cast<int>(g);
    }
    if (top < 0)
        return {};
    std::vector<int> leaves; // leaf groups under `top` with free nodes
    for (size_t g = 0; g < groups; ++g) {
        if (freeOnLeaf[g].empty())
            continue;
        int up = static_cast<int>(g);
        while (up != -1 && up != top)
            up = tree->parent[static_cast<size_t>(up)];
        if (up == top)
            leaves.push_back(static_cast<int>(g));
    }
    std::vector<int> nodes;
    // Closeness of a leaf to those chosen: the depth of its deepest ancestor above a chosen
    // leaf (where its path meets theirs); deeper is closer.
    std::vector<char> chosen(groups, 0), meets(groups, 0);
    bool any = false;
    const auto closenessOf = [&](int leaf) {
        if (!any)
            return 0;
        for (int g = leaf; g != -1; g = tree->parent[static_cast<size_t>(g)])
            if (meets[static_cast<size_t>(g)])
                return tree->depth[static_cast<size_t>(g)];
        return 0;
    };
    int left = request.nodes;
    while (left > 0) {
        int best = -1;
        int bestCloseness = -1;
        for (int leaf : leaves) {
            if (chosen[static_cast<size_t>(leaf)])
                continue;
            const int closeness = closenessOf(leaf);
            const int have = static_cast<int>(freeOnLeaf[static_cast<size_t>(leaf)].size());
            if (best < 0 || closeness > bestCloseness) {
                best = leaf;
                bestCloseness = closeness;
                continue;
            }
            if (closeness < bestCloseness)
                continue;
            const int bestHave = static_cast<int>(freeOnLeaf[static_cast<size_t>(best)].size());
            const bool fits = have >= left;
            const bool bestFits = bestHave >= left;
            if ((fits && !bestFits) || (fits && bestFits && have < bestHave) || (!fits && !bestFits && have > bestHave))
                best = leaf;
        }
        if (best < 0)
            return {};
        chosen[static_cast<size_t>(best)] = 1;
        any = true;
        for (int g = best; g != -1 && !meets[static_cast<size_t>(g)]; g = tree->parent[static_cast<size_t>(g)])
            meets[static_cast<size_t>(g)] = 1;
        const auto& onLeaf = freeOnLeaf[static_cast<size_t>(best)];
        const int take = std::min<int>(left, static_cast<int>(onLeaf.size()));
        nodes.insert(nodes.end(), onLeaf.begin(), onLeaf.begin() + take);
        left -= take;
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

} // namespace placement
