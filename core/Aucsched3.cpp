// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Aucsched3.h"

#include "core/SetPacking.h"
#include "core/SwitchHierarchy.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace placement {

namespace {

const SwitchHierarchy& treeOf(const Topology& topology)
{
    const SwitchHierarchy* tree = topology.hierarchy();
    if (!tree)
        throw std::invalid_argument("aucsched3 needs a machine with switches (a tree), not a " + topology.describe());
    return *tree;
}

/// A window of `nodes` consecutive free nodes of the switch-order scan, starting at
/// `start`, with what ranks it among the job's candidates.
struct Candidate
{
    int level;
    int runs;
    int load; ///< bids of higher-priority jobs on its nodes
    int tightness; ///< free nodes under its switch
    int start;
    bool operator<(const Candidate& o) const
    {
        if (level != o.level)
            return level < o.level;
        if (runs != o.runs)
            return runs < o.runs;
        if (load != o.load)
            return load < o.load;
        if (tightness != o.tightness)
            return tightness < o.tightness;
        return start < o.start;
    }
};

} // namespace

Aucsched3Auction::Aucsched3Auction(const Topology& topology, Aucsched3Options options)
    : m_topology(topology)
    , m_options(options)
{
    const SwitchHierarchy& tree = treeOf(topology);
    const size_t groups = tree.parent.size();
    // Depth-first switch order: a switch's own nodes, then its children in the order of
    // their lowest node, so every switch's nodes are one stretch of the order.
    std::vector<int> lowestNode(groups, std::numeric_limits<int>::max());
    std::vector<std::vector<int>> nodesOf(groups);
    for (int node = 0; node < topology.nodeCount(); ++node) {
        const int leaf = tree.groupOfNode[static_cast<size_t>(node)];
        nodesOf[static_cast<size_t>(leaf)].push_back(node);
        for (int g = leaf; g != -1; g = tree.parent[static_cast<size_t>(g)])
            lowestNode[static_cast<size_t>(g)] = std::min(lowestNode[static_cast<size_t>(g)], node);
    }
    std::vector<std::vector<int>> children(groups);
    for (size_t g = 0; g < groups; ++g)
        if (tree.parent[g] >= 0)
            children[static_cast<size_t>(tree.parent[g])].push_back(static_cast<int>(g));
    for (auto& list : children)
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            return lowestNode[static_cast<size_t>(a)] < lowestNode[static_cast<size_t>(b)];
        });
    std::vector<int> stack{tree.root};
    while (!stack.empty()) {
        const int g = stack.back();
        stack.pop_back();
        const auto& own = nodesOf[static_cast<size_t>(g)];
        m_order.insert(m_order.end(), own.begin(), own.end());
        const auto& kids = children[static_cast<size_t>(g)];
        stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
    m_position.assign(static_cast<size_t>(topology.nodeCount()), 0);
    for (size_t i = 0; i < m_order.size(); ++i)
        m_position[static_cast<size_t>(m_order[i])] = static_cast<int>(i);
    m_stretchBegin.assign(groups, std::numeric_limits<int>::max());
    m_stretchEnd.assign(groups, 0);
    for (int node = 0; node < topology.nodeCount(); ++node)
        for (int g = tree.groupOfNode[static_cast<size_t>(node)]; g != -1; g = tree.parent[static_cast<size_t>(g)]) {
            m_stretchBegin[static_cast<size_t>(g)]
                = std::min(m_stretchBegin[static_cast<size_t>(g)], m_position[static_cast<size_t>(node)]);
            m_stretchEnd[static_cast<size_t>(g)]
                = std::max(m_stretchEnd[static_cast<size_t>(g)], m_position[static_cast<size_t>(node)] + 1);
        }
    m_maxLevel = tree.level[static_cast<size_t>(tree.root)];
}

double Aucsched3Auction::priority(int position, int size)
{
    return static_cast<double>(size + 1 - position);
}

double Aucsched3Auction::cost(int nodes, int level) const
{
    // Eq. 5 without generic resources (G_i / G_max = 0); a one-switch machine has no level term.
    const double levelTerm = m_maxLevel > 0 ? static_cast<double>(level) / m_maxLevel : 0.0;
    return 1.0 + static_cast<double>(nodes) / m_topology.nodeCount() + levelTerm;
}

Auction Aucsched3Auction::prepare(const MachineState& state, const std::vector<AllocationRequest>& window) const
{
    return bidsFor(state, window, std::max(1, m_options.maxBidsPerJob));
}

std::vector<int> Aucsched3Auction::cheapestBid(const MachineState& state, const AllocationRequest& request) const
{
    Auction auction = bidsFor(state, {request}, 1);
    return auction.bids.empty() ? std::vector<int>{} : std::move(auction.bids.front().nodes);
}

Auction Aucsched3Auction::bidsFor(const MachineState& state, const std::vector<AllocationRequest>& window,
                                  int keepPerJob) const
{
    const SwitchHierarchy& tree = treeOf(m_topology);
    if (state.nodeCount() != m_topology.nodeCount())
        throw std::invalid_argument("aucsched3: the machine state is not of this machine");
    Auction auction;
    const int size = static_cast<int>(window.size());
    auction.chosen.assign(window.size(), -1);
    for (int j = 0; j < size; ++j)
        auction.priorities.push_back(priority(j, size));
    // Eq. 6-7: the smallest difference between two priorities of the window. With one job
    // any alpha > 0 gives the same choice; 1 keeps alpha = 1/3 throughout.
    std::vector<double> sorted = auction.priorities;
    std::sort(sorted.begin(), sorted.end());
    double minimumDifference = sorted.size() < 2 ? 1.0 : std::numeric_limits<double>::max();
    for (size_t i = 1; i < sorted.size(); ++i)
        minimumDifference = std::min(minimumDifference, sorted[i] - sorted[i - 1]);
    auction.alpha = minimumDifference / 3.0;

    // The free nodes in switch order; gaps[k]: breaks between runs up to position k.
    std::vector<int> free;
    free.reserve(static_cast<size_t>(state.freeCount()));
    for (int node : m_order)
        if (state.isFree(node))
            free.push_back(node);
    const int count = static_cast<int>(free.size());
    std::vector<int> gaps(static_cast<size_t>(count), 0);
    for (int k = 1; k < count; ++k)
        gaps[static_cast<size_t>(k)] = gaps[static_cast<size_t>(k - 1)]
            + (m_position[static_cast<size_t>(free[static_cast<size_t>(k)])]
               != m_position[static_cast<size_t>(free[static_cast<size_t>(k - 1)])] + 1);
    std::vector<int> freeUnder(tree.parent.size(), 0);
    for (int node : free)
        for (int g = tree.groupOfNode[static_cast<size_t>(node)]; g != -1; g = tree.parent[static_cast<size_t>(g)])
            ++freeUnder[static_cast<size_t>(g)];
    std::vector<int> load(static_cast<size_t>(count) + 1, 0); // bids per free position (difference array below)
    std::vector<int> loadPrefix(static_cast<size_t>(count) + 1, 0);
    std::vector<Candidate> candidates;
    for (int j = 0; j < size; ++j) {
        const int n = window[static_cast<size_t>(j)].nodes;
        if (n < 1 || n > count)
            continue;
        for (int k = 0; k < count; ++k)
            loadPrefix[static_cast<size_t>(k) + 1] = loadPrefix[static_cast<size_t>(k)] + load[static_cast<size_t>(k)];
        candidates.clear();
        for (int k = 0; k + n <= count; ++k) {
            const int first = free[static_cast<size_t>(k)];
            const int last = free[static_cast<size_t>(k + n - 1)];
            const int common = tree.lowestCommonGroup(tree.groupOfNode[static_cast<size_t>(first)],
                                                      tree.groupOfNode[static_cast<size_t>(last)]);
            // Aligned: the window starts a run of free nodes of its switch (nothing free just
            // before it there) or ends one.
            const auto position
                = [&](int at) { return m_position[static_cast<size_t>(free[static_cast<size_t>(at)])]; };
            const bool startsRun = k == 0 || position(k - 1) + 1 != position(k)
                || position(k - 1) < m_stretchBegin[static_cast<size_t>(common)];
            const bool endsRun = k + n == count || position(k + n - 1) + 1 != position(k + n)
                || position(k + n) >= m_stretchEnd[static_cast<size_t>(common)];
            if (!startsRun && !endsRun)
                continue;
            candidates.push_back({tree.level[static_cast<size_t>(common)],
                                  1 + gaps[static_cast<size_t>(k + n - 1)] - gaps[static_cast<size_t>(k)],
                                  loadPrefix[static_cast<size_t>(k + n)] - loadPrefix[static_cast<size_t>(k)],
                                  freeUnder[static_cast<size_t>(common)], k});
        }
        const size_t keep = std::min(candidates.size(), static_cast<size_t>(keepPerJob));
        std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(keep), candidates.end());
        std::vector<int> added(static_cast<size_t>(count) + 1, 0);
        for (size_t c = 0; c < keep; ++c) {
            const Candidate& chosen = candidates[c];
            AuctionBid bid;
            bid.job = j;
            bid.nodes.assign(free.begin() + chosen.start, free.begin() + chosen.start + n);
            std::sort(bid.nodes.begin(), bid.nodes.end());
            bid.level = chosen.level;
            bid.runs = chosen.runs;
            bid.cost = cost(n, chosen.level);
            bid.value = auction.priorities[static_cast<size_t>(j)] - auction.alpha * bid.cost;
            auction.bids.push_back(std::move(bid));
            ++added[static_cast<size_t>(chosen.start)];
            --added[static_cast<size_t>(chosen.start + n)];
        }
        for (int k = 0, running = 0; k < count; ++k) {
            running += added[static_cast<size_t>(k)];
            load[static_cast<size_t>(k)] += running;
        }
    }
    return auction;
}

Auction Aucsched3Auction::run(const MachineState& state, const std::vector<AllocationRequest>& window) const
{
    Auction auction = prepare(state, window);
    if (auction.bids.empty())
        return auction;
    // The integer program (1)-(3): one conflict set per job (constraint 2) and per node
    // (constraint 3: a node's capacity is one job).
    SetPackingProblem program;
    program.nodeLimit = m_options.nodeLimit;
    program.conflicts.resize(window.size());
    std::vector<std::vector<int>> onNode(static_cast<size_t>(m_topology.nodeCount()));
    for (size_t b = 0; b < auction.bids.size(); ++b) {
        const AuctionBid& bid = auction.bids[b];
        program.values.push_back(bid.value);
        program.conflicts[static_cast<size_t>(bid.job)].push_back(static_cast<int>(b));
        for (int node : bid.nodes)
            onNode[static_cast<size_t>(node)].push_back(static_cast<int>(b));
    }
    for (auto& bids : onNode)
        if (bids.size() > 1)
            program.conflicts.push_back(std::move(bids));
    const SetPackingSolution solution = solveSetPacking(program);
    auction.optimal = solution.optimal;
    for (int b : solution.chosen) {
        const AuctionBid& bid = auction.bids[static_cast<size_t>(b)];
        auction.chosen[static_cast<size_t>(bid.job)] = b;
        auction.objective += bid.value;
    }
    return auction;
}

std::vector<std::vector<int>> Aucsched3Auction::place(const MachineState& state,
                                                      const std::vector<AllocationRequest>& window)
{
    const Auction auction = run(state, window);
    ++m_auctions;
    m_stopped += auction.optimal ? 0 : 1;
    std::vector<std::vector<int>> placements(window.size());
    for (size_t j = 0; j < window.size(); ++j)
        if (auction.chosen[j] >= 0)
            placements[j] = auction.bids[static_cast<size_t>(auction.chosen[j])].nodes;
    return placements;
}

Aucsched3Allocator::Aucsched3Allocator(const Topology& topology, Aucsched3Options options)
    : m_auction(topology, options)
{}

std::vector<int> Aucsched3Allocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    return m_auction.cheapestBid(state, request);
}

} // namespace placement
