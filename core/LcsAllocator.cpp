// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LcsAllocator.h"

#include "core/FatTreeTopology.h"
#include "core/LcsSearch.h"
#include "core/SplitMix64.h"

#include <stdexcept>

namespace placement {

LcsAllocator::LcsAllocator(const FatTreeTopology& tree, LcsOptions options, std::shared_ptr<LcsCounters> counters)
    : m_tree(&tree)
    , m_options(options)
    , m_counters(counters ? std::move(counters) : std::make_shared<LcsCounters>())
    , m_ledger(static_cast<int>(tree.links().size()), linkCapacity)
{
    FatTreeFreeView::checkLinkMasks(tree, "lcs");
    if (tree.shape().leavesPerPod > 64)
        throw std::invalid_argument("lcs supports at most 64 leaves per pod");
    if (options.timeoutSeconds < 0 || options.stepBudget < 0)
        throw std::invalid_argument("lcs: the search timeout and step budget must not be negative");
}

int LcsAllocator::demandOf(int job, std::uint64_t seed)
{
    // Jigsaw §5.4.2 assigns the classes "randomly"; one draw per (seed, job), so a job keeps
    // its class in every copy of the allocator and in every run with the same seed.
    SplitMix64 random(seed * 0x9E3779B97F4A7C15ULL ^ (static_cast<std::uint64_t>(job) + 0x4C432B53ULL));
    return 1 + static_cast<int>(random.next() % classes);
}

void LcsAllocator::buildView(const FatTreeTopology& tree, const MachineState& state, const BandwidthLedger& ledger,
                             int demand, FatTreeFreeView& view)
{
    const int l2PerPod = tree.l2PerPod();
    const int upPorts = tree.shape().uplinksPerL2;
    view.countFree(tree, state);
    thread_local std::vector<int> scratch; // kept between calls: one per search otherwise
    const int* load = ledger.loadsOn(state, scratch).data();
    const int room = ledger.capacity() - demand; // usable: load + demand <= capacity
    const auto usable = [&](int firstLink, int width) { return atMostMask(load + firstLink, width, room); };
    view.leafPorts.resize(static_cast<size_t>(tree.leafCount()));
    for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
        view.leafPorts[static_cast<size_t>(leaf)] = usable(tree.leafUplink(leaf, 0), l2PerPod);
    view.l2Ports.resize(static_cast<size_t>(tree.l2Count()));
    for (int pod = 0; pod < tree.shape().pods; ++pod)
        for (int i = 0; i < l2PerPod; ++i)
            view.l2Ports[static_cast<size_t>(pod * l2PerPod + i)] = usable(tree.l2Uplink(pod, i, 0), upPorts);
}

std::vector<int> LcsAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    m_lastCutOff = false;
    if (request.nodes < 1 || request.nodes > state.freeCount())
        return {};
    const int units = demand(request.job);
    if (m_viewCache.stale(state, m_ledger, units))
        buildView(*m_tree, state, m_ledger, units, m_view);
    // What a search found, or that it found nothing, is a function of the view (the usable
    // links for this job's class); a cut-off is not (the clock or the budget decided).
    const size_t entry = m_viewCache.entry(*m_memo, m_view);
    if (m_memo->failed(entry, request.nodes))
        return {};
    if (const SearchMemo::Recipe* recipe = m_memo->recipe(entry, request.nodes)) {
        std::vector<int> nodes = SearchMemo::nodesOf(*m_tree, state, *recipe);
        m_ledger.propose(request.job, nodes, recipe->links, units);
        return nodes;
    }
    LcsSearch::Limits limits;
    limits.seconds = m_options.timeoutSeconds;
    limits.steps = m_options.stepBudget;
    LcsSearch::Result found = LcsSearch::run(*m_tree, state, m_view, request.nodes, limits);
    ++m_counters->searches;
    m_counters->steps += found.steps;
    if (found.outcome == LcsSearch::Outcome::OutOfTime) {
        m_lastCutOff = true;
        ++m_counters->timeouts;
        m_counters->jobsTimedOut.insert(request.job);
    }
    if (found.outcome == LcsSearch::Outcome::NotFound)
        m_memo->noteFailure(entry, request.nodes);
    if (found.outcome != LcsSearch::Outcome::Found)
        return {};
    m_memo->noteAllocation(entry, *m_tree, request.nodes, found.nodes, found.links);
    m_ledger.propose(request.job, found.nodes, std::move(found.links), units);
    return std::move(found.nodes);
}

void LcsAllocator::started(const AllocationRequest& request, const std::vector<int>& nodes)
{
    m_ledger.commit(request.job, nodes);
}

void LcsAllocator::ended(const AllocationRequest& request, const std::vector<int>&)
{
    m_ledger.release(request.job);
}

} // namespace placement
