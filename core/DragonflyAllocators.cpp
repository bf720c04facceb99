// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DragonflyAllocators.h"

#include "core/DragonflyTopology.h"
#include "core/SplitMix64.h"

#include <algorithm>
#include <stdexcept>

namespace placement {
namespace {

/// The free nodes of each router, in index order.
std::vector<std::vector<int>> freeByRouter(const DragonflyTopology& df, const MachineState& state)
{
    std::vector<std::vector<int>> routers(static_cast<size_t>(df.switchCount()));
    for (int node = 0; node < state.nodeCount(); ++node)
        if (state.isFree(node))
            routers[static_cast<size_t>(df.routerOf(node))].push_back(node);
    return routers;
}

} // namespace

GroupPackedAllocator::GroupPackedAllocator(const DragonflyTopology& topology)
    : m_topology(&topology)
{}

std::vector<int> GroupPackedAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    const DragonflyTopology& df = *m_topology;
    if (request.nodes <= 0 || request.nodes > state.freeCount())
        return {};
    const std::vector<std::vector<int>> routers = freeByRouter(df, state);
    std::vector<int> freeInGroup(static_cast<size_t>(df.groups()), 0);
    for (int router = 0; router < df.switchCount(); ++router)
        freeInGroup[static_cast<size_t>(df.groupOfRouter(router))]
            += static_cast<int>(routers[static_cast<size_t>(router)].size());
    std::vector<int> order(static_cast<size_t>(df.groups()));
    for (int group = 0; group < df.groups(); ++group)
        order[static_cast<size_t>(group)] = group;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return freeInGroup[static_cast<size_t>(a)] > freeInGroup[static_cast<size_t>(b)];
    });
    std::vector<int> chosen;
    int rest = request.nodes;
    std::vector<char> used(static_cast<size_t>(df.groups()), 0);
    while (rest > 0) {
        // Best fit for the rest: the group with the fewest free nodes that holds it.
        int fit = -1;
        for (int group : order)
            if (!used[static_cast<size_t>(group)] && freeInGroup[static_cast<size_t>(group)] >= rest
                && (fit < 0 || freeInGroup[static_cast<size_t>(group)] < freeInGroup[static_cast<size_t>(fit)]))
                fit = group;
        if (fit < 0) { // none holds it: the group with the most free nodes, whole
            for (int group : order)
                if (!used[static_cast<size_t>(group)]) {
                    fit = group;
                    break;
                }
        }
        used[static_cast<size_t>(fit)] = 1;
        chosen.push_back(fit);
        rest -= std::min(rest, freeInGroup[static_cast<size_t>(fit)]);
    }
    std::vector<int> nodes;
    nodes.reserve(static_cast<size_t>(request.nodes));
    for (int group : chosen) {
        std::vector<int> inGroup;
        for (int r = 0; r < df.routersPerGroup(); ++r)
            inGroup.push_back(group * df.routersPerGroup() + r);
        std::stable_sort(inGroup.begin(), inGroup.end(), [&](int a, int b) {
            return routers[static_cast<size_t>(a)].size() > routers[static_cast<size_t>(b)].size();
        });
        for (int router : inGroup)
            for (int node : routers[static_cast<size_t>(router)])
                if (static_cast<int>(nodes.size()) < request.nodes)
                    nodes.push_back(node);
    }
    return nodes;
}

RandomRoutersAllocator::RandomRoutersAllocator(const DragonflyTopology& topology, std::uint64_t seed)
    : m_topology(&topology)
    , m_state(seed)
{}

std::vector<int> RandomRoutersAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes <= 0 || request.nodes > state.freeCount())
        return {};
    const std::vector<std::vector<int>> routers = freeByRouter(*m_topology, state);
    std::vector<int> candidates;
    for (size_t router = 0; router < routers.size(); ++router)
        if (!routers[router].empty())
            candidates.push_back(static_cast<int>(router));
    SplitMix64 random(m_state);
    m_state = random.next();
    std::vector<int> nodes;
    for (size_t i = 0; i < candidates.size() && static_cast<int>(nodes.size()) < request.nodes; ++i) {
        std::swap(candidates[i],
                  candidates[static_cast<size_t>(
                      random.between(static_cast<std::int64_t>(i), static_cast<std::int64_t>(candidates.size()) - 1))]);
        for (int node : routers[static_cast<size_t>(candidates[i])])
            if (static_cast<int>(nodes.size()) < request.nodes)
                nodes.push_back(node);
    }
    return nodes;
}

SlurmBlockAllocator::SlurmBlockAllocator(std::vector<std::vector<int>> baseBlocks, int baseSize, std::uint32_t levels)
    : m_blocks(std::move(baseBlocks))
    , m_baseSize(baseSize)
    , m_levels(levels)
{
    if (m_blocks.empty())
        throw std::invalid_argument("slurm-block needs at least one block");
    if (m_baseSize <= 0)
        m_baseSize = static_cast<int>(m_blocks.front().size());
    if (m_baseSize <= 0)
        throw std::invalid_argument("slurm-block: the first block has no nodes");
    if ((m_levels & 1u) == 0) // bit_fls_from_bit() then finds no llblock level; level 0 is implied
        m_levels |= 1u;
}

std::vector<std::vector<int>> SlurmBlockAllocator::groupsOf(const DragonflyTopology& df)
{
    std::vector<std::vector<int>> blocks(static_cast<size_t>(df.groups()));
    for (int node = 0; node < df.nodeCount(); ++node)
        blocks[static_cast<size_t>(df.groupOf(node))].push_back(node);
    while (!blocks.empty() && blocks.back().empty())
        blocks.pop_back();
    return blocks;
}

std::vector<int> SlurmBlockAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    // eval_nodes_block(), slurm-24-11-7-1: src/plugins/topology/block/eval_nodes_block.c.
    int rem = request.nodes;
    if (rem <= 0 || rem > state.freeCount())
        return {};
    const int count = static_cast<int>(m_blocks.size());
    const int bblockPerBlockNeeded = (rem + m_baseSize - 1) / m_baseSize;
    int level = 0;
    while ((1 << level) < bblockPerBlockNeeded)
        ++level; // ceil(log2(bblock_per_block))
    int llLevel = 0;
    if (level > 0) { // bit_fls_from_bit(block_levels, block_level - 1)
        llLevel = -1;
        for (int l = level - 1; l >= 0 && llLevel < 0; --l)
            if (m_levels & (1u << l))
                llLevel = l;
        llLevel = std::max(llLevel, 0);
    }
    int blockLevel = -1; // bit_ffs_from_bit(block_levels, block_level)
    for (int l = level; l < 32 && blockLevel < 0; ++l)
        if (m_levels & (1u << l))
            blockLevel = l;
    const int bblockPerLl = 1 << llLevel;
    const int llSize = bblockPerLl * m_baseSize;
    int maxLl = (rem + llSize - 1) / llSize;
    const int bblockPerBlock = blockLevel < 0 || (1 << blockLevel) > count ? count : 1 << blockLevel;
    const int blockCount = (count + bblockPerBlock - 1) / bblockPerBlock;
    const bool useLl = bblockPerBlock != bblockPerLl * maxLl;
    const int llCount = (count + bblockPerLl - 1) / bblockPerLl;

    std::vector<std::vector<int>> freeNodes(static_cast<size_t>(count));
    for (int b = 0; b < count; ++b)
        for (int node : m_blocks[static_cast<size_t>(b)])
            if (state.isFree(node))
                freeNodes[static_cast<size_t>(b)].push_back(node);
    std::vector<int> onLl(static_cast<size_t>(llCount), 0);
    for (int b = 0; b < count; ++b)
        onLl[static_cast<size_t>(b / bblockPerLl)] += static_cast<int>(freeNodes[static_cast<size_t>(b)].size());

    // The block: enough nodes (within max_llblock llblocks), the fewest free nodes, the last on a tie.
    int chosen = -1;
    int chosenFree = 0;
    for (int block = 0; block < blockCount; ++block) {
        int free = 0;
        for (int b = block * bblockPerBlock; b < std::min(count, (block + 1) * bblockPerBlock); ++b)
            free += static_cast<int>(freeNodes[static_cast<size_t>(b)].size());
        int available = free;
        if (useLl) {
            const int llPerBlock
                = std::min(bblockPerBlock / bblockPerLl, llCount - block * (bblockPerBlock / bblockPerLl));
            std::vector<int> counts(onLl.begin() + block * (bblockPerBlock / bblockPerLl),
                                    onLl.begin() + block * (bblockPerBlock / bblockPerLl) + std::max(0, llPerBlock));
            std::sort(counts.begin(), counts.end(), std::greater<int>());
            available = 0;
            for (int j = 0; j < std::min(maxLl, static_cast<int>(counts.size())); ++j)
                available += counts[static_cast<size_t>(j)];
        }
        if (available < rem)
            continue;
        if (chosen < 0 || free <= chosenFree) {
            chosen = block;
            chosenFree = free;
        }
    }
    if (chosen < 0)
        return {};

    const int first = chosen * bblockPerBlock;
    const int last = std::min(count, first + bblockPerBlock);
    std::vector<int> onBblock(static_cast<size_t>(count), 0);
    std::fill(onLl.begin(), onLl.end(), 0);
    for (int b = first; b < last; ++b) {
        onBblock[static_cast<size_t>(b)] = static_cast<int>(freeNodes[static_cast<size_t>(b)].size());
        onLl[static_cast<size_t>(b / bblockPerLl)] += onBblock[static_cast<size_t>(b)];
    }
    std::vector<char> required(static_cast<size_t>(count), 0);
    auto sameLl = [llLevel](int a, int b) { return (a >> llLevel) == (b >> llLevel); };
    std::vector<int> nodes;
    int previous = rem + 1;
    while (rem > 0 && previous != rem) {
        previous = rem;
        int best = -1;
        bool bestFit = false;
        bool bestSame = true;
        for (int i = first; i < last; ++i) {
            if (required[static_cast<size_t>(i)])
                continue;
            // _choose_best_bblock()
            const bool fit = onBblock[static_cast<size_t>(i)] >= rem;
            if (useLl && !sameLl(best, i)) {
                bool same = false;
                const int low = i & ~((1 << llLevel) - 1);
                const int high = i | ((1 << llLevel) - 1);
                for (int j = low; j < count && j <= high && !same; ++j)
                    same = required[static_cast<size_t>(j)] && sameLl(j, i);
                if (best == -1 || (same && !bestSame)) {
                    best = i;
                    bestFit = fit;
                    bestSame = same;
                    continue;
                }
                if (!same && bestSame)
                    continue;
                const int bestLlCount = onLl[static_cast<size_t>(best >> llLevel)];
                const int llCountHere = onLl[static_cast<size_t>(i >> llLevel)];
                const bool llFit = llCountHere >= rem;
                const bool bestLlFit = bestLlCount >= rem;
                bool decided = true;
                bool take = false;
                if (llFit != bestLlFit)
                    take = llFit;
                else if (llCountHere != bestLlCount)
                    take = llFit ? llCountHere < bestLlCount : llCountHere > bestLlCount;
                else
                    decided = false;
                if (decided) {
                    if (take) {
                        best = i;
                        bestFit = fit;
                        bestSame = same;
                    }
                    continue;
                }
            }
            if (best == -1 || (fit && !bestFit)
                || (!fit && !bestFit && onBblock[static_cast<size_t>(i)] >= onBblock[static_cast<size_t>(best)])
                || (fit && onBblock[static_cast<size_t>(i)] <= onBblock[static_cast<size_t>(best)])) {
                best = i;
                bestFit = fit;
            }
        }
        if (best == -1)
            break;
        if (maxLl <= 0 && !bestSame)
            break;
        required[static_cast<size_t>(best)] = 1;
        for (int node : freeNodes[static_cast<size_t>(best)]) {
            if (rem == 0)
                break;
            nodes.push_back(node);
            --rem;
        }
        if (!bestSame)
            --maxLl;
    }
    if (rem > 0)
        return {};
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

} // namespace placement
