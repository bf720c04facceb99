// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/ListAllocators.h"

#include "core/BoundedSort.h"
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
    sortBounded(nodes, state.nodeCount());
    return nodes;
}

void SlurmTreeAllocator::prepare(const SwitchHierarchy& tree, int nodeCount)
{
    if (m_tree == &tree)
        return;
    m_tree = &tree;
    const size_t groups = tree.parent.size();
    std::vector<std::vector<int>> children(groups);
    for (size_t g = 0; g < groups; ++g)
        if (tree.parent[g] >= 0)
            children[static_cast<size_t>(tree.parent[g])].push_back(static_cast<int>(g));
    // Preorder: the groups below g are m_preorder[m_first[g] .. m_last[g]).
    m_preorder.clear();
    m_first.assign(groups, 0);
    m_last.assign(groups, 0);
    std::vector<std::pair<int, size_t>> stack{{tree.root, 0}};
    m_first[static_cast<size_t>(tree.root)] = 0;
    m_preorder.push_back(tree.root);
    while (!stack.empty()) {
        auto& [group, next] = stack.back();
        const auto& below = children[static_cast<size_t>(group)];
        if (next == below.size()) {
            m_last[static_cast<size_t>(group)] = static_cast<int>(m_preorder.size());
            stack.pop_back();
            continue;
        }
        const int child = below[next++];
        m_first[static_cast<size_t>(child)] = static_cast<int>(m_preorder.size());
        m_preorder.push_back(child);
        stack.emplace_back(child, 0);
    }
    m_deepestFirst.resize(groups);
    for (size_t g = 0; g < groups; ++g)
        m_deepestFirst[g] = static_cast<int>(g);
    std::stable_sort(m_deepestFirst.begin(), m_deepestFirst.end(), [&](int a, int b) {
        return tree.depth[static_cast<size_t>(a)] > tree.depth[static_cast<size_t>(b)];
    });
    m_nodesOf.assign(groups, {});
    for (int node = 0; node < nodeCount; ++node)
        m_nodesOf[static_cast<size_t>(tree.groupOfNode[static_cast<size_t>(node)])].push_back(node);
}

std::vector<int> SlurmTreeAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const SwitchHierarchy* tree = state.topology().hierarchy();
    if (!tree)
        throw std::invalid_argument("the Slurm tree allocator needs a tree-shaped machine");
    if (request.nodes > state.freeCount())
        return {};
    prepare(*tree, state.nodeCount());
    const size_t groups = tree->parent.size();
    const auto at = [](auto& vector, int index) -> auto&
    {
        return vector[static_cast<size_t>(index)];
    };
    // Free nodes on each group nodes hang off, and per group below it: the counts added up
    // from the deepest groups to the root, children before parents.
    std::vector<int> onLeaf(groups, 0);
    for (int node = 0; node < state.nodeCount(); ++node)
        if (state.isFree(node))
            ++at(onLeaf, at(tree->groupOfNode, node));
    std::vector<int> free = onLeaf;
    for (int g : m_deepestFirst)
        if (at(tree->parent, g) != -1)
            at(free, at(tree->parent, g)) += at(free, g);
    // The lowest switch that holds the job; among equals the best fit.
    int top = -1;
    for (size_t g = 0; g < groups; ++g) {
        if (free[g] < request.nodes)
            continue;
        const auto better = [&](int a, int b) {
            const int la = at(tree->level, a), lb = at(tree->level, b);
            return la != lb ? la < lb : at(free, a) < at(free, b);
        };
        if (top < 0 || better(static_cast<int>(g), top))
            top = static_cast<int>(g);
    }
    if (top < 0)
        return {};
    // Candidate leaves: groups under `top` with free nodes on them. `open[g]`: candidates
    // below g not chosen yet.
    std::vector<char> chosen(groups, 0), meets(groups, 0);
    std::vector<int> open(groups, 0);
    for (int i = at(m_first, top); i < at(m_last, top); ++i) {
        const int g = at(m_preorder, i);
        if (at(onLeaf, g) > 0)
            for (int up = g; up != -1; up = at(tree->parent, up))
                ++at(open, up);
    }
    std::vector<int> meeting; // groups above a chosen leaf
    std::vector<int> nodes;
    int left = request.nodes;
    while (left > 0) {
        // The leaves closest to those chosen are below the deepest groups that are above a
        // chosen leaf and still have candidates (all of them at that depth: ties); before
        // the first choice, every candidate.
        std::vector<int> scopes;
        int deepest = -1;
        // Groups without candidates left never get one back: dropped, so that a job over
        // hundreds of leaves does not walk every chosen leaf again at each choice.
        std::erase_if(meeting, [&](int g) { return at(open, g) == 0; });
        for (int g : meeting) {
            if (at(tree->depth, g) > deepest) {
                deepest = at(tree->depth, g);
                scopes.clear();
            }
            if (at(tree->depth, g) == deepest)
                scopes.push_back(g);
        }
        if (meeting.empty())
            scopes.push_back(top);
        // Among them the tightest leaf that holds what is left, else the roomiest; the
        // lowest group index among equals (Slurm walks switches in index order).
        int best = -1;
        const auto rank = [&](int leaf) {
            const int have = at(onLeaf, leaf);
            return have >= left ? std::pair<int, int>{0, have} : std::pair<int, int>{1, -have};
        };
        for (int scope : scopes)
            for (int i = at(m_first, scope); i < at(m_last, scope); ++i) {
                const int leaf = at(m_preorder, i);
                if (at(onLeaf, leaf) == 0 || at(chosen, leaf))
                    continue;
                if (best < 0 || rank(leaf) < rank(best) || (rank(leaf) == rank(best) && leaf < best))
                    best = leaf;
            }
        if (best < 0)
            return {};
        at(chosen, best) = 1;
        for (int g = best; g != -1; g = at(tree->parent, g)) {
            --at(open, g);
            if (!at(meets, g)) {
                at(meets, g) = 1;
                meeting.push_back(g);
            }
        }
        int take = std::min(left, at(onLeaf, best));
        left -= take;
        for (int node : at(m_nodesOf, best)) {
            if (take == 0)
                break;
            if (state.isFree(node)) {
                nodes.push_back(node);
                --take;
            }
        }
    }
    sortBounded(nodes, state.nodeCount());
    return nodes;
}

} // namespace placement
