// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CoreSimulation.h"

#include "core/Allocator.h"
#include "core/SetPacking.h"
#include "core/Simulator.h"
#include "core/Slurm2205Allocators.h"
#include "core/SwitchHierarchy.h"

#include <queue>

#include <algorithm>
#include <deque>
#include <limits>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>

namespace placement {

namespace {

constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();

/// Whether the request can be met on the empty machine at all.
bool possibleOn(const CoreMachine& machine, const ResourceRequest& request)
{
    if (request.nodes < 0 || request.cores < 0 || request.gpusPerNode < 0)
        return false;
    if (request.wholeNodes())
        return request.nodes >= 1 && request.nodes <= machine.topology().usableNodeCount();
    if (request.nodes > 0 && request.cores < request.nodes)
        return false;
    std::vector<int> cores;
    for (int node = 0; node < machine.nodeCount(); ++node)
        if (machine.cores(node) > 0 && machine.gpus(node) >= request.gpusPerNode) // not an empty slot
            cores.push_back(machine.cores(node));
    if (request.nodes > 0) {
        if (static_cast<int>(cores.size()) < request.nodes)
            return false;
        std::partial_sort(cores.begin(), cores.begin() + request.nodes, cores.end(), std::greater<>());
        return std::accumulate(cores.begin(), cores.begin() + request.nodes, 0) >= request.cores;
    }
    return std::accumulate(cores.begin(), cores.end(), 0) >= request.cores;
}

/// Grows a grant node by node as Slurm's `_cpus_to_use` shares cores: a node gives its free
/// cores up to what the job still needs less one for each node it still needs after this
/// one. Whole nodes give everything.
class GrantBuilder
{
public:
    GrantBuilder(const CoreMachine& resources, const ResourceRequest& request)
        : m_resources(resources)
        , m_request(request)
        , m_remainingCores(request.cores)
    {}

    bool done() const
    {
        if (m_request.wholeNodes())
            return static_cast<int>(m_grant.nodes.size()) >= m_request.nodes;
        if (m_request.nodes > 0)
            return static_cast<int>(m_grant.nodes.size()) >= m_request.nodes;
        return m_remainingCores <= 0;
    }
    bool satisfied() const { return done() && m_remainingCores <= 0; }

    void add(int node)
    {
        m_grant.nodes.push_back(node);
        if (m_request.wholeNodes()) {
            m_grant.cores.push_back(m_resources.cores(node));
            m_grant.gpus.push_back(m_resources.gpus(node));
            return;
        }
        const int after = m_request.nodes > 0 ? m_request.nodes - static_cast<int>(m_grant.nodes.size()) : 0;
        const int give = std::max(1, std::min(m_resources.freeCores(node), m_remainingCores - after));
        m_grant.cores.push_back(give);
        m_grant.gpus.push_back(m_request.gpusPerNode);
        m_remainingCores -= give;
    }

    Grant finish()
    {
        if (!satisfied())
            return {};
        std::vector<size_t> order(m_grant.nodes.size());
        std::iota(order.begin(), order.end(), size_t{0});
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return m_grant.nodes[a] < m_grant.nodes[b]; });
        Grant sorted;
        for (size_t k : order) {
            sorted.nodes.push_back(m_grant.nodes[k]);
            sorted.cores.push_back(m_grant.cores[k]);
            sorted.gpus.push_back(m_grant.gpus[k]);
        }
        return sorted;
    }

private:
    const CoreMachine& m_resources;
    ResourceRequest m_request;
    int m_remainingCores;
    Grant m_grant;
};

int neededNodes(const ResourceRequest& request)
{
    return std::max(request.nodes, 1);
}

} // namespace

std::vector<Grant> ResourceAllocator::placeWindow(const CoreMachine& resources,
                                                  const std::vector<ResourceRequest>& window)
{
    CoreMachine left = resources;
    std::vector<Grant> grants;
    for (const ResourceRequest& request : window) {
        Grant grant = allocate(left, request);
        if (!grant.empty())
            left.take(grant);
        grants.push_back(std::move(grant));
    }
    return grants;
}

Grant CoreFirstFitAllocator::allocate(const CoreMachine& resources, const ResourceRequest& request)
{
    GrantBuilder builder(resources, request);
    for (int node = 0; node < resources.nodeCount() && !builder.done(); ++node)
        if (resources.usable(node, request))
            builder.add(node);
    return builder.finish();
}

Grant CoreSlurmConsTresAllocator::allocate(const CoreMachine& resources, const ResourceRequest& request)
{
    const SwitchHierarchy* tree = resources.topology().hierarchy();
    if (!tree)
        throw std::invalid_argument("slurm-tree-22.05-cons-tres needs a tree-shaped machine");
    // node_map: the nodes that can run the job now (_select_nodes drops nodes without a free
    // core or the GPUs asked per node), as a machine state whose free nodes are those.
    MachineState usable(resources.topology());
    std::vector<int> unusable;
    for (int node = 0; node < resources.nodeCount(); ++node)
        if (!resources.usable(node, request) && usable.isFree(node)) // empty slots are held already
            unusable.push_back(node);
    usable.take(unusable, MachineState::reservationOwner);
    const int needed = neededNodes(request);
    if (usable.freeCount() < needed)
        return {};
    const SlurmSwitchTable table(*tree, usable);
    const int switches = table.switchCount();
    // The top switch: the last of the highest level with enough nodes (_enough_nodes counts
    // nodes only, not CPUs).
    int top = -1;
    for (int s = 0; s < switches; ++s)
        if (table.freeCount(s) >= needed && (top == -1 || table.level(s) >= table.level(top)))
            top = s;
    if (top == -1)
        return {};
    // "sufficient": the CPUs of the usable nodes under the top switch cover the request.
    if (!request.wholeNodes()) {
        long under = 0;
        for (int node : table.freeNodes(top))
            under += resources.freeCores(node);
        if (under < request.cores)
            return {};
    }
    std::vector<int> count(static_cast<size_t>(switches), 0);
    for (int s = 0; s < switches; ++s)
        count[static_cast<size_t>(s)] = table.isAncestorOrSelf(top, s) ? table.freeCount(s)
            : table.isAncestorOrSelf(s, top)                           ? table.freeCount(top)
                                                                       : 0;
    std::vector<int> distance(static_cast<size_t>(switches), 0);
    GrantBuilder builder(resources, request);
    int remainingNodes = needed; // rem_nodes: may go below 0 for a job of cores on any nodes
    while (!builder.done()) {
        const int best = slurmBestLeaf(table, count, distance, remainingNodes);
        if (best == -1)
            return {}; // stalled
        for (int s = 0; s < switches; ++s)
            distance[static_cast<size_t>(s)] += table.distance(best, s);
        for (int node : table.freeNodes(best)) {
            if (builder.done())
                break;
            builder.add(node);
            --remainingNodes;
        }
        count[static_cast<size_t>(best)] = 0; // "Used all"
    }
    return builder.finish();
}

CoreAucsched3Allocator::CoreAucsched3Allocator(const Topology& topology, int maxBidsPerJob, int nodeLimit)
    : m_topology(&topology)
    , m_maxBids(std::max(1, maxBidsPerJob))
    , m_nodeLimit(nodeLimit)
{
    const SwitchHierarchy* tree = topology.hierarchy();
    if (!tree)
        throw std::invalid_argument("aucsched3 needs a machine with switches (a tree), not a " + topology.describe());
    // Depth-first switch order, children in the order of their lowest node (as
    // Aucsched3Auction): every switch's nodes are one stretch of it.
    const size_t groups = tree->parent.size();
    std::vector<int> lowestNode(groups, std::numeric_limits<int>::max());
    std::vector<std::vector<int>> nodesOf(groups), children(groups);
    for (int node = 0; node < topology.nodeCount(); ++node) {
        const int leaf = tree->groupOfNode[static_cast<size_t>(node)];
        nodesOf[static_cast<size_t>(leaf)].push_back(node);
        for (int g = leaf; g != -1; g = tree->parent[static_cast<size_t>(g)])
            lowestNode[static_cast<size_t>(g)] = std::min(lowestNode[static_cast<size_t>(g)], node);
    }
    for (size_t g = 0; g < groups; ++g)
        if (tree->parent[g] >= 0)
            children[static_cast<size_t>(tree->parent[g])].push_back(static_cast<int>(g));
    for (auto& list : children)
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            return lowestNode[static_cast<size_t>(a)] < lowestNode[static_cast<size_t>(b)];
        });
    std::vector<int> stack{tree->root};
    while (!stack.empty()) {
        const int g = stack.back();
        stack.pop_back();
        const auto& own = nodesOf[static_cast<size_t>(g)];
        m_order.insert(m_order.end(), own.begin(), own.end());
        const auto& kids = children[static_cast<size_t>(g)];
        stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
    m_maxLevel = tree->level[static_cast<size_t>(tree->root)];
}

double CoreAucsched3Allocator::cost(int nodes, int level, int gpusPerNode, int maxGpusPerNode) const
{
    const double levelTerm = m_maxLevel > 0 ? static_cast<double>(level) / m_maxLevel : 0.0;
    const double gresTerm = maxGpusPerNode > 0 ? static_cast<double>(gpusPerNode) / maxGpusPerNode : 0.0;
    return 1.0 + static_cast<double>(nodes) / m_topology->nodeCount() + levelTerm - gresTerm;
}

std::vector<ResourceBid> CoreAucsched3Allocator::bids(const CoreMachine& resources,
                                                      const std::vector<ResourceRequest>& window, int keep) const
{
    const SwitchHierarchy& tree = *m_topology->hierarchy();
    const int size = static_cast<int>(window.size());
    // Priorities P_j = |W| + 1 - j (queue order): P_min_diff = 1, alpha = 1/3.
    const double alpha = 1.0 / 3.0;
    std::vector<int> load(static_cast<size_t>(resources.nodeCount()), 0); // bids of earlier jobs per node
    std::vector<ResourceBid> all;
    struct Candidate
    {
        double cost;
        int runs;
        int load;
        int tightness;
        int first; // position in the usable scan
        int count;
    };
    std::vector<int> freeUnder(tree.parent.size(), 0);
    for (int j = 0; j < size; ++j) {
        const ResourceRequest& request = window[static_cast<size_t>(j)];
        // The usable nodes in switch order, their positions, and prefix sums of free cores.
        std::vector<int> usable;
        for (int node : m_order)
            if (resources.usable(node, request))
                usable.push_back(node);
        const int n = static_cast<int>(usable.size());
        if (n == 0)
            continue;
        std::fill(freeUnder.begin(), freeUnder.end(), 0);
        for (int node : usable)
            for (int g = tree.groupOfNode[static_cast<size_t>(node)]; g != -1; g = tree.parent[static_cast<size_t>(g)])
                ++freeUnder[static_cast<size_t>(g)];
        std::vector<long> coresPrefix(static_cast<size_t>(n) + 1, 0), loadPrefix(static_cast<size_t>(n) + 1, 0);
        std::vector<int> gaps(static_cast<size_t>(n), 0), position(static_cast<size_t>(resources.nodeCount()), -1);
        for (size_t i = 0; i < m_order.size(); ++i)
            position[static_cast<size_t>(m_order[i])] = static_cast<int>(i);
        for (int k = 0; k < n; ++k) {
            const int node = usable[static_cast<size_t>(k)];
            coresPrefix[static_cast<size_t>(k) + 1] = coresPrefix[static_cast<size_t>(k)]
                + (request.wholeNodes() ? resources.cores(node) : resources.freeCores(node));
            loadPrefix[static_cast<size_t>(k) + 1]
                = loadPrefix[static_cast<size_t>(k)] + load[static_cast<size_t>(node)];
            if (k > 0)
                gaps[static_cast<size_t>(k)] = gaps[static_cast<size_t>(k) - 1]
                    + (position[static_cast<size_t>(node)]
                       != position[static_cast<size_t>(usable[static_cast<size_t>(k) - 1])] + 1);
        }
        std::vector<Candidate> candidates;
        for (int k = 0; k < n; ++k) {
            int count = 0;
            if (request.nodes > 0) {
                count = request.nodes;
                if (k + count > n)
                    break;
                if (!request.wholeNodes()
                    && coresPrefix[static_cast<size_t>(k + count)] - coresPrefix[static_cast<size_t>(k)]
                        < request.cores)
                    continue;
            } else {
                // As few nodes from k on as give the cores.
                const long target = coresPrefix[static_cast<size_t>(k)] + request.cores;
                const auto end = std::lower_bound(coresPrefix.begin() + k + 1, coresPrefix.end(), target);
                if (end == coresPrefix.end())
                    break;
                count = static_cast<int>(end - coresPrefix.begin()) - k;
            }
            const int first = usable[static_cast<size_t>(k)];
            const int last = usable[static_cast<size_t>(k + count - 1)];
            const int common = tree.lowestCommonGroup(tree.groupOfNode[static_cast<size_t>(first)],
                                                      tree.groupOfNode[static_cast<size_t>(last)]);
            const int level = tree.level[static_cast<size_t>(common)];
            candidates.push_back(
                {cost(count, level, request.gpusPerNode, resources.maxGpusPerNode()),
                 1 + gaps[static_cast<size_t>(k + count - 1)] - gaps[static_cast<size_t>(k)],
                 static_cast<int>(loadPrefix[static_cast<size_t>(k + count)] - loadPrefix[static_cast<size_t>(k)]),
                 freeUnder[static_cast<size_t>(common)], k, count});
        }
        const size_t kept = std::min(candidates.size(), static_cast<size_t>(keep));
        std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(kept), candidates.end(),
                          [](const Candidate& a, const Candidate& b) {
                              if (a.cost != b.cost)
                                  return a.cost < b.cost;
                              if (a.runs != b.runs)
                                  return a.runs < b.runs;
                              if (a.load != b.load)
                                  return a.load < b.load;
                              if (a.tightness != b.tightness)
                                  return a.tightness < b.tightness;
                              return a.first < b.first;
                          });
        const double priority = static_cast<double>(size + 1 - j);
        for (size_t c = 0; c < kept; ++c) {
            GrantBuilder builder(resources, request);
            for (int k = candidates[c].first; k < candidates[c].first + candidates[c].count; ++k)
                builder.add(usable[static_cast<size_t>(k)]);
            ResourceBid bid;
            bid.job = j;
            bid.grant = builder.finish();
            if (bid.grant.empty())
                continue;
            const int common = tree.lowestCommonGroup(tree.groupOfNode[static_cast<size_t>(bid.grant.nodes.front())],
                                                      tree.groupOfNode[static_cast<size_t>(bid.grant.nodes.back())]);
            bid.level = tree.level[static_cast<size_t>(common)];
            bid.cost = candidates[c].cost;
            bid.value = priority - alpha * bid.cost;
            for (int node : bid.grant.nodes)
                ++load[static_cast<size_t>(node)];
            all.push_back(std::move(bid));
        }
    }
    return all;
}

Grant CoreAucsched3Allocator::allocate(const CoreMachine& resources, const ResourceRequest& request)
{
    std::vector<ResourceBid> found = bids(resources, {request}, 1);
    return found.empty() ? Grant{} : std::move(found.front().grant);
}

std::vector<Grant> CoreAucsched3Allocator::placeWindow(const CoreMachine& resources,
                                                       const std::vector<ResourceRequest>& window)
{
    std::vector<ResourceBid> all = bids(resources, window, m_maxBids);
    std::vector<Grant> grants(window.size());
    if (all.empty())
        return grants;
    // The program (1)-(4): a row per job (2), and per node one for cores (3) and one for GPUs
    // (4) where the bids on the node could over-commit it.
    CapacityPackingProblem program;
    program.nodeLimit = m_nodeLimit;
    std::vector<PackingRow> jobRows(window.size());
    const auto nodes = static_cast<size_t>(resources.nodeCount());
    std::vector<PackingRow> coreRows(nodes), gpuRows(nodes);
    std::vector<long> coreDemand(nodes, 0), gpuDemand(nodes, 0);
    for (size_t b = 0; b < all.size(); ++b) {
        const ResourceBid& bid = all[b];
        program.values.push_back(bid.value);
        jobRows[static_cast<size_t>(bid.job)].items.push_back(static_cast<int>(b));
        jobRows[static_cast<size_t>(bid.job)].coefficients.push_back(1.0);
        for (size_t k = 0; k < bid.grant.nodes.size(); ++k) {
            const auto node = static_cast<size_t>(bid.grant.nodes[k]);
            coreRows[node].items.push_back(static_cast<int>(b));
            coreRows[node].coefficients.push_back(bid.grant.cores[k]);
            coreDemand[node] += bid.grant.cores[k];
            if (bid.grant.gpus[k] > 0) {
                gpuRows[node].items.push_back(static_cast<int>(b));
                gpuRows[node].coefficients.push_back(bid.grant.gpus[k]);
                gpuDemand[node] += bid.grant.gpus[k];
            }
        }
    }
    for (PackingRow& row : jobRows)
        if (row.items.size() > 1)
            program.rows.push_back(std::move(row));
    // Rows of nodes that the bids could over-commit; nodes inside long nodesets often have
    // the same bids with the same coefficients and capacity: such a row is written once.
    std::set<std::tuple<double, std::vector<int>, std::vector<double>>> written;
    const auto add = [&](PackingRow& row, double capacity) {
        row.capacity = capacity;
        if (written.emplace(capacity, row.items, row.coefficients).second)
            program.rows.push_back(std::move(row));
    };
    for (size_t node = 0; node < nodes; ++node) {
        if (coreDemand[node] > resources.freeCores(static_cast<int>(node)))
            add(coreRows[node], resources.freeCores(static_cast<int>(node)));
        if (gpuDemand[node] > resources.freeGpus(static_cast<int>(node)))
            add(gpuRows[node], resources.freeGpus(static_cast<int>(node)));
    }
    const SetPackingSolution solution = solveCapacityPacking(program);
    ++m_auctions;
    m_stopped += solution.optimal ? 0 : 1;
    for (int b : solution.chosen)
        grants[static_cast<size_t>(all[static_cast<size_t>(b)].job)] = std::move(all[static_cast<size_t>(b)].grant);
    return grants;
}

namespace {

class CoreReplay
{
public:
    CoreReplay(const CoreMachine& machine, const std::vector<CoreJob>& jobs, ResourceAllocator& allocator,
               const CoreSimulationOptions& options)
        : m_machine(machine)
        , m_jobs(jobs)
        , m_allocator(allocator)
        , m_options(options)
        , m_state(machine)
    {
        m_result.jobs.resize(jobs.size());
    }

    CoreSimulationResult run()
    {
        std::vector<int> order(m_jobs.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return job(a).submit < job(b).submit; });
        size_t next = 0;
        while (next < order.size() || !m_running.empty()) {
            std::int64_t now = never;
            if (next < order.size())
                now = job(order[next]).submit;
            if (!m_running.empty())
                now = std::min(now, m_running.top().first);
            while (!m_running.empty() && m_running.top().first == now) {
                const int done = m_running.top().second;
                m_running.pop();
                m_state.release(result(done).grant);
                m_expected.erase({expectedEnd(done), done});
            }
            while (next < order.size() && job(order[next]).submit == now) {
                const int arriving = order[next++];
                if (!possibleOn(m_machine, job(arriving).request)) {
                    result(arriving).neverFits = true;
                    ++m_result.neverFit;
                } else {
                    m_queue.push_back(arriving);
                }
            }
            schedule(now);
            // Nothing runs and the head was just offered the whole empty machine: this
            // allocator never places it. Reported and skipped.
            while (m_running.empty() && !m_queue.empty()) {
                result(m_queue.front()).neverFits = true;
                ++m_result.neverFit;
                m_queue.pop_front();
                schedule(now);
            }
        }
        return std::move(m_result);
    }

private:
    const CoreJob& job(int index) const { return m_jobs[static_cast<size_t>(index)]; }
    CoreSimulatedJob& result(int index) { return m_result.jobs[static_cast<size_t>(index)]; }
    std::int64_t runTime(int index) const
    {
        const CoreJob& j = job(index);
        const std::int64_t run = std::max<std::int64_t>(j.runTime, 0);
        return j.timeLimit > 0 ? std::min(run, j.timeLimit) : run;
    }
    std::int64_t estimate(int index) const
    {
        const CoreJob& j = job(index);
        return j.timeLimit > 0 ? j.timeLimit : std::max<std::int64_t>(j.runTime, 0);
    }
    std::int64_t expectedEnd(int index) { return result(index).start + estimate(index); }

    void start(int index, Grant grant, std::int64_t now)
    {
        const std::string problem = checkGrant(m_state, job(index).request, grant);
        if (!problem.empty())
            throw std::logic_error(m_allocator.name() + " gave job " + job(index).id + " a wrong grant: " + problem);
        m_state.take(grant);
        CoreSimulatedJob& run = result(index);
        run.start = now;
        run.end = now + runTime(index);
        run.grant = std::move(grant);
        m_running.push({run.end, index});
        m_expected.insert({expectedEnd(index), index});
    }

    void schedule(std::int64_t now)
    {
        if (m_options.backfill == CoreBackfill::Auction) {
            auction(now);
            return;
        }
        while (!m_queue.empty()) {
            Grant grant = m_allocator.allocate(m_state, job(m_queue.front()).request);
            if (grant.empty())
                break;
            const int head = m_queue.front();
            m_queue.pop_front();
            start(head, std::move(grant), now);
        }
        if (m_options.backfill == CoreBackfill::Fcfs || m_queue.empty())
            return;
        const int head = m_queue.front();
        const std::int64_t reservation = reserve(head);
        int considered = 0;
        for (auto it = m_queue.begin() + 1; it != m_queue.end() && considered < m_options.window; ++considered) {
            const int candidate = *it;
            Grant grant = m_allocator.allocate(m_state, job(candidate).request);
            if (grant.empty()
                || (now + estimate(candidate) > reservation && !headStillFits(head, grant, reservation))) {
                ++it;
                continue;
            }
            start(candidate, std::move(grant), now);
            it = m_queue.erase(it);
        }
    }

    /// The time the head could start if nothing else started: expected ends replayed on a
    /// copy, with a copy of the allocator, until it is placed.
    std::int64_t reserve(int head)
    {
        CoreMachine future = m_state;
        std::unique_ptr<ResourceAllocator> allocator = m_allocator.clone();
        for (auto it = m_expected.begin(); it != m_expected.end();) {
            const std::int64_t at = it->first;
            for (; it != m_expected.end() && it->first == at; ++it)
                future.release(result(it->second).grant);
            if (!allocator->allocate(future, job(head).request).empty())
                return at;
        }
        return never;
    }

    /// Whether the head still gets placed at its reservation if `grant` runs past it.
    bool headStillFits(int head, const Grant& grant, std::int64_t reservation)
    {
        if (reservation == never)
            return true;
        CoreMachine future = m_state;
        future.take(grant);
        for (auto it = m_expected.begin(); it != m_expected.end() && it->first <= reservation; ++it)
            future.release(result(it->second).grant);
        std::unique_ptr<ResourceAllocator> allocator = m_allocator.clone();
        return !allocator->allocate(future, job(head).request).empty();
    }

    void auction(std::int64_t now)
    {
        while (!m_queue.empty() && m_state.totalFreeCores() > 0) {
            const size_t size = std::min(m_queue.size(), static_cast<size_t>(std::max(m_options.window, 0)) + 1);
            std::vector<ResourceRequest> window;
            for (size_t i = 0; i < size; ++i)
                window.push_back(job(m_queue[i]).request);
            std::vector<Grant> grants = m_allocator.placeWindow(m_state, window);
            if (grants.size() != size)
                throw std::logic_error("the window decision answered for " + std::to_string(grants.size())
                                       + " jobs, not " + std::to_string(size));
            std::deque<int> waiting;
            int started = 0;
            for (size_t i = 0; i < size; ++i) {
                if (grants[i].empty()) {
                    waiting.push_back(m_queue[i]);
                    continue;
                }
                start(m_queue[i], std::move(grants[i]), now);
                ++started;
            }
            waiting.insert(waiting.end(), m_queue.begin() + static_cast<std::ptrdiff_t>(size), m_queue.end());
            m_queue = std::move(waiting);
            if (started == 0)
                return;
        }
    }

    const CoreMachine& m_machine;
    const std::vector<CoreJob>& m_jobs;
    ResourceAllocator& m_allocator;
    CoreSimulationOptions m_options;
    CoreMachine m_state;
    CoreSimulationResult m_result;
    std::deque<int> m_queue;
    std::priority_queue<std::pair<std::int64_t, int>, std::vector<std::pair<std::int64_t, int>>, std::greater<>>
        m_running;
    std::set<std::pair<std::int64_t, int>> m_expected;
};

} // namespace

CoreSimulationResult simulateCores(const CoreMachine& machine, const std::vector<CoreJob>& jobs,
                                   ResourceAllocator& allocator, const CoreSimulationOptions& options)
{
    return CoreReplay(machine, jobs, allocator, options).run();
}

CoreRunSummary summarizeCoreRun(const CoreMachine& machine, const std::vector<CoreJob>& jobs,
                                const CoreSimulationResult& result)
{
    CoreRunSummary summary;
    summary.neverFit = result.neverFit;
    std::int64_t first = never, last = std::numeric_limits<std::int64_t>::min();
    double coreSeconds = 0, gpuSeconds = 0, waits = 0;
    SimulationResult asNodes;
    std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> intervals(static_cast<size_t>(machine.nodeCount()));
    std::vector<std::vector<int>> jobOf(static_cast<size_t>(machine.nodeCount()));
    for (size_t i = 0; i < jobs.size(); ++i) {
        const CoreSimulatedJob& run = result.jobs[i];
        if (run.start < 0 || run.grant.empty())
            continue;
        ++summary.jobs;
        first = std::min(first, jobs[i].submit);
        last = std::max(last, run.end);
        const double seconds = static_cast<double>(run.end - run.start);
        coreSeconds += seconds * run.grant.totalCores();
        gpuSeconds += seconds * std::accumulate(run.grant.gpus.begin(), run.grant.gpus.end(), 0);
        waits += static_cast<double>(run.start - jobs[i].submit);
        SimulatedJob placed;
        placed.start = run.start;
        placed.end = run.end;
        placed.nodes = run.grant.nodes;
        asNodes.jobs.push_back(std::move(placed));
        if (run.end > run.start)
            for (int node : run.grant.nodes) {
                intervals[static_cast<size_t>(node)].push_back({run.start, run.end});
                jobOf[static_cast<size_t>(node)].push_back(static_cast<int>(i));
            }
    }
    if (summary.jobs == 0)
        return summary;
    summary.makespan = last - first;
    summary.meanWait = waits / summary.jobs;
    double nodeSeconds = 0;
    std::vector<char> sharing(jobs.size(), 0);
    for (size_t node = 0; node < intervals.size(); ++node) {
        auto& list = intervals[node];
        std::vector<size_t> order(list.size());
        std::iota(order.begin(), order.end(), size_t{0});
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return list[a] < list[b]; });
        std::int64_t coveredUntil = std::numeric_limits<std::int64_t>::min();
        int longest = -1;
        for (size_t k : order) {
            const auto [begin, end] = list[k];
            const int index = jobOf[node][k];
            if (begin < coveredUntil) {
                sharing[static_cast<size_t>(index)] = 1;
                sharing[static_cast<size_t>(longest)] = 1;
            }
            // Busy time: the part of [begin, end) not covered yet.
            const std::int64_t from = std::max(begin, coveredUntil);
            if (end > from)
                nodeSeconds += static_cast<double>(end - from);
            if (end > coveredUntil) {
                coveredUntil = end;
                longest = index;
            }
        }
    }
    summary.jobsSharingNodes = static_cast<int>(std::count(sharing.begin(), sharing.end(), 1));
    if (summary.makespan > 0) {
        const double span = static_cast<double>(summary.makespan);
        summary.coreUtilization = coreSeconds / (machine.totalCores() * span);
        summary.gpuUtilization = machine.totalGpus() > 0 ? gpuSeconds / (machine.totalGpus() * span) : 0.0;
        summary.nodeUtilization = nodeSeconds / (machine.topology().usableNodeCount() * span);
    }
    summary.mapping = topologyMapping(machine.topology(), asNodes);
    return summary;
}

ResourceRequest requestFromProcessors(int processors, int coresPerNode, bool exclusive)
{
    ResourceRequest request;
    if (exclusive) {
        request.nodes = (processors + coresPerNode - 1) / std::max(coresPerNode, 1);
        return request;
    }
    request.cores = processors;
    return request;
}

} // namespace placement
