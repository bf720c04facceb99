// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeFreeView.h"

#include "core/Allocator.h"
#include "core/FatTreeTopology.h"
#include "core/LinkLedger.h"
#include "core/LinkLedgerBase.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {

void FatTreeFreeView::countFree(const FatTreeTopology& tree, const MachineState& state)
{
    const int nodesPerLeaf = tree.shape().nodesPerLeaf;
    const int leavesPerPod = tree.shape().leavesPerPod;
    leafFree.resize(static_cast<size_t>(tree.leafCount()));
    podFree.resize(static_cast<size_t>(tree.shape().pods));
    // A node is free when its owner is negative.
    const int* owner = state.owners().data();
    for (int pod = 0, leaf = 0; pod < tree.shape().pods; ++pod) {
        int inPod = 0;
        for (int end = leaf + leavesPerPod; leaf < end; ++leaf, owner += nodesPerLeaf) {
            const int free = countNegative(owner, nodesPerLeaf);
            leafFree[static_cast<size_t>(leaf)] = free;
            inPod += free;
        }
        podFree[static_cast<size_t>(pod)] = inPod;
    }
}

void FatTreeFreeView::build(const FatTreeTopology& tree, const MachineState& state, const LinkLedger& ledger)
{
    const int l2PerPod = tree.l2PerPod();
    const int upPorts = tree.shape().uplinksPerL2;
    countFree(tree, state);
    // Up-link ids are consecutive per switch (leaf up-links leaf by leaf, L2 up-links switch
    // by switch), so a switch's busy ports are one run of the ledger's busy bits.
    ledger.busyBits(state, m_busy);
    const auto freePorts = [&](int firstLink, int width) {
        const auto word = static_cast<size_t>(firstLink / 64);
        const int shift = firstLink % 64;
        std::uint64_t busy = m_busy[word] >> shift;
        if (shift + width > 64)
            busy |= m_busy[word + 1] << (64 - shift);
        const std::uint64_t all = width == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << width) - 1;
        return ~busy & all;
    };
    leafPorts.resize(static_cast<size_t>(tree.leafCount()));
    for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
        leafPorts[static_cast<size_t>(leaf)] = freePorts(tree.leafUplink(leaf, 0), l2PerPod);
    l2Ports.resize(static_cast<size_t>(tree.l2Count()));
    for (int pod = 0; pod < tree.shape().pods; ++pod)
        for (int i = 0; i < l2PerPod; ++i)
            l2Ports[static_cast<size_t>(pod * l2PerPod + i)] = freePorts(tree.l2Uplink(pod, i, 0), upPorts);
}

void FatTreeFreeView::checkLinkMasks(const FatTreeTopology& tree, const char* policy)
{
    if (tree.l2PerPod() > 64 || tree.shape().uplinksPerL2 > 64)
        throw std::invalid_argument(std::string(policy)
                                    + " supports at most 64 L2 switches per pod and 64 up-links per L2 switch");
}

void FatTreeFreeView::takeFreeNodes(const FatTreeTopology& tree, const MachineState& state, int leaf, int count,
                                    std::vector<int>& nodes)
{
    const int first = leaf * tree.shape().nodesPerLeaf;
    for (int node = first; count > 0 && node < first + tree.shape().nodesPerLeaf; ++node)
        if (state.isFree(node)) {
            nodes.push_back(node);
            --count;
        }
    if (count > 0)
        throw std::logic_error("leaf " + std::to_string(leaf) + " has fewer free nodes than counted");
}

std::uint64_t FatTreeFreeView::hash() const
{
    std::uint64_t sum = 0;
    size_t position = 0;
    for (int free : leafFree)
        sum += term(position++, static_cast<std::uint64_t>(free));
    for (std::uint64_t ports : leafPorts)
        sum += term(position++, ports);
    for (std::uint64_t ports : l2Ports)
        sum += term(position++, ports);
    return sum;
}

size_t SearchMemo::entryFor(const FatTreeFreeView& view, std::uint64_t hash)
{
    // A hash only narrows the search: views are compared in full.
    if (const auto found = m_byHash.find(hash); found != m_byHash.end()) {
        const Entry& entry = m_entries[found->second];
        if (entry.leafFree == view.leafFree && entry.leafPorts == view.leafPorts && entry.l2Ports == view.l2Ports)
            return found->second;
    }
    // A new view (or another with the same hash, which it displaces from the index).
    ++m_generation;
    size_t at = m_entries.size();
    if (at < capacity) {
        m_entries.emplace_back();
        m_hashes.push_back(0);
    } else {
        at = m_next;
        m_next = (m_next + 1) % capacity;
        if (const auto old = m_byHash.find(m_hashes[at]); old != m_byHash.end() && old->second == at)
            m_byHash.erase(old);
    }
    Entry& entry = m_entries[at];
    entry.leafFree = view.leafFree;
    entry.leafPorts = view.leafPorts;
    entry.l2Ports = view.l2Ports;
    entry.fails.clear();
    entry.fits.clear();
    entry.recipes.clear();
    m_hashes[at] = hash;
    m_byHash[hash] = at;
    return at;
}

bool ViewCache::stale(const MachineState& state, const LinkLedgerBase& ledger, int demand)
{
    if (m_key.state == state.identity() && m_key.stateVersion == state.version() && m_key.ledger == ledger.identity()
        && m_key.ledgerVersion == ledger.version() && m_key.demand == demand)
        return false;
    m_previous = m_key;
    m_key = {state.identity(), state.version(), ledger.identity(), ledger.version(), demand};
    m_rebuilt = true;
    return true;
}

size_t ViewCache::entry(SearchMemo& memo, const FatTreeFreeView& view, std::uint64_t hash, bool hashed)
{
    if (m_rebuilt || m_memo != &memo || m_generation != memo.generation()) {
        m_entry = hashed ? memo.entryFor(view, hash) : memo.entryFor(view);
        m_memo = &memo;
        m_generation = memo.generation();
        m_rebuilt = false;
    }
    return m_entry;
}

const SearchMemo::Recipe* SearchMemo::recipe(size_t entry, int nodes) const
{
    for (const Recipe& recipe : m_entries[entry].recipes)
        if (recipe.nodes == nodes)
            return &recipe;
    return nullptr;
}

void SearchMemo::noteAllocation(size_t entry, const FatTreeTopology& tree, int nodes, const std::vector<int>& allocated,
                                const std::vector<int>& links)
{
    Recipe recipe;
    recipe.nodes = nodes;
    for (int node : allocated) {
        const int leaf = tree.leafOf(node);
        if (recipe.leaves.empty() || recipe.leaves.back().first != leaf)
            recipe.leaves.emplace_back(leaf, 0);
        ++recipe.leaves.back().second;
    }
    recipe.links = links;
    m_entries[entry].recipes.push_back(std::move(recipe));
}

std::vector<int> SearchMemo::nodesOf(const FatTreeTopology& tree, const MachineState& state, const Recipe& recipe)
{
    std::vector<int> nodes;
    for (const auto& [leaf, count] : recipe.leaves)
        FatTreeFreeView::takeFreeNodes(tree, state, leaf, count, nodes);
    return nodes;
}

} // namespace placement
