// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LcsAllocator.h"

#include "core/FatTreeTopology.h"
#include "core/LcsSearch.h"
#include "core/SplitMix64.h"

#include <algorithm>
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

namespace {

/// Bit sets over indices (leaves, switches): which to read again.
class TouchedSet
{
public:
    void reset(size_t size) { m_words.assign((size + 63) / 64, 0); }
    void setRange(size_t first, size_t last) // [first, last]
    {
        for (size_t at = first; at <= last; ++at)
            m_words[at / 64] |= std::uint64_t(1) << (at % 64);
    }
    template <typename Apply> void forEach(Apply&& apply) const
    {
        for (size_t word = 0; word < m_words.size(); ++word)
            for (std::uint64_t bits = m_words[word]; bits; bits &= bits - 1)
                apply(word * 64 + static_cast<size_t>(__builtin_ctzll(bits)));
    }

private:
    std::vector<std::uint64_t> m_words;
};

/// The terms of a view's free nodes in its hash (FatTreeFreeView::hash()).
std::uint64_t leafHashOf(const FatTreeFreeView& view)
{
    std::uint64_t hash = 0;
    for (size_t leaf = 0; leaf < view.leafFree.size(); ++leaf)
        hash += FatTreeFreeView::term(leaf, static_cast<std::uint64_t>(view.leafFree[leaf]));
    return hash;
}

} // namespace

void LcsAllocator::refreshView(const MachineState& state, int units)
{
    const ViewCache::Key& was = m_viewCache.previous();
    if (!m_ledger.everyJobHolds(state)) {
        // The loads on this view are not the ledger's (jobs gone on it): read whole.
        buildView(*m_tree, state, m_ledger, units, m_view);
        m_leafHash = leafHashOf(m_view);
        m_portsHash = m_view.hash() - m_leafHash;
        m_viewOwnLoads = false;
        return;
    }
    // Reservation replays end a few jobs at a time on a copy of the machine, and the copy
    // starts as the machine the last view was built on: only the leaves and switches of the
    // jobs that ended change.
    thread_local std::vector<int> blocks;
    blocks.clear();
    if (state.changedSince(was.state, was.stateVersion, blocks)) {
        updateLeaves(state, blocks);
    } else {
        m_view.countFree(*m_tree, state);
        m_leafHash = leafHashOf(m_view);
    }
    blocks.clear();
    if (m_viewOwnLoads && was.demand == units && m_ledger.changedSince(was.ledger, was.ledgerVersion, blocks))
        updatePorts(m_view.leafPorts, m_view.l2Ports, m_portsHash, units, blocks);
    else
        setPorts(units);
    m_viewOwnLoads = true;
}

void LcsAllocator::updateLeaves(const MachineState& state, const std::vector<int>& blocks)
{
    const FatTreeTopology& tree = *m_tree;
    const int nodesPerLeaf = tree.shape().nodesPerLeaf;
    const int nodeCount = tree.nodeCount();
    thread_local TouchedSet touched;
    touched.reset(m_view.leafFree.size());
    for (int block : blocks) {
        const int first = block * MachineState::changeBlock;
        const int last = std::min(first + MachineState::changeBlock, nodeCount) - 1;
        touched.setRange(static_cast<size_t>(tree.leafOf(first)), static_cast<size_t>(tree.leafOf(last)));
    }
    const int* owner = state.owners().data();
    touched.forEach([&](size_t leaf) {
        const int free = countNegative(owner + leaf * static_cast<size_t>(nodesPerLeaf), nodesPerLeaf);
        const int before = m_view.leafFree[leaf];
        if (free == before)
            return;
        m_leafHash += FatTreeFreeView::term(leaf, static_cast<std::uint64_t>(free))
            - FatTreeFreeView::term(leaf, static_cast<std::uint64_t>(before));
        m_view.leafFree[leaf] = free;
        m_view.podFree[static_cast<size_t>(tree.podOfLeaf(static_cast<int>(leaf)))] += free - before;
    });
}

namespace {

/// The usable ports of each switch (leaves first, then L2 switches) for a job that leaves
/// `room` on each link of it.
class PortReader
{
public:
    PortReader(const FatTreeTopology& tree, const int* load, int room)
        : m_leaves(static_cast<size_t>(tree.leafCount()))
        , m_leafLoads(load + tree.leafUplink(0, 0))
        , m_l2Loads(load + tree.l2Uplink(0, 0, 0))
        , m_l2PerPod(tree.l2PerPod())
        , m_upPorts(tree.shape().uplinksPerL2)
        , m_room(room)
    {}
    std::uint64_t operator()(size_t at) const
    {
        return at < m_leaves
            ? atMostMask(m_leafLoads + at * static_cast<size_t>(m_l2PerPod), m_l2PerPod, m_room)
            : atMostMask(m_l2Loads + (at - m_leaves) * static_cast<size_t>(m_upPorts), m_upPorts, m_room);
    }

private:
    size_t m_leaves;
    const int* m_leafLoads;
    const int* m_l2Loads;
    int m_l2PerPod, m_upPorts, m_room;
};

} // namespace

void LcsAllocator::updatePorts(std::vector<std::uint64_t>& leafPorts, std::vector<std::uint64_t>& l2Ports,
                               std::uint64_t& hash, int units, const std::vector<int>& blocks) const
{
    // Leaf up-links follow the node links, L2 up-links follow those (FatTreeTopology).
    const FatTreeTopology& tree = *m_tree;
    const size_t leaves = leafPorts.size();
    const int l2PerPod = tree.l2PerPod();
    const int upPorts = tree.shape().uplinksPerL2;
    const int firstLeafUplink = tree.leafUplink(0, 0);
    const int firstL2Uplink = tree.l2Uplink(0, 0, 0);
    const int endL2Uplinks = firstL2Uplink + tree.l2Count() * upPorts;
    const auto switchOf = [&](int link) {
        return static_cast<size_t>(link >= firstL2Uplink ? static_cast<int>(leaves) + (link - firstL2Uplink) / upPorts
                                                         : (link - firstLeafUplink) / l2PerPod);
    };
    thread_local TouchedSet touched;
    touched.reset(leaves + l2Ports.size());
    for (int block : blocks) {
        const int first = std::max(block * BandwidthLedger::changeBlock, firstLeafUplink);
        const int last = std::min((block + 1) * BandwidthLedger::changeBlock, endL2Uplinks) - 1;
        if (first <= last)
            touched.setRange(switchOf(first), switchOf(last));
    }
    const PortReader portsOf(tree, m_ledger.loads().data(), m_ledger.capacity() - units);
    touched.forEach([&](size_t at) {
        std::uint64_t& ports = at < leaves ? leafPorts[at] : l2Ports[at - leaves];
        const std::uint64_t now = portsOf(at);
        if (now == ports)
            return;
        hash += FatTreeFreeView::term(leaves + at, now) - FatTreeFreeView::term(leaves + at, ports);
        ports = now;
    });
}

void LcsAllocator::setPorts(int units)
{
    // The masks kept for this class, brought up to the ledger by the switches whose loads
    // changed since; else read whole.
    PortMasks& kept = (*m_ports)[static_cast<size_t>(units - 1)];
    thread_local std::vector<int> blocks;
    blocks.clear();
    if (kept.ledger != 0 && m_ledger.changedSince(kept.ledger, kept.version, blocks)) {
        if (m_copy) { // shared with the allocator copied from: brought up in the view only
            m_view.leafPorts = kept.leafPorts;
            m_view.l2Ports = kept.l2Ports;
            m_portsHash = kept.hash;
            updatePorts(m_view.leafPorts, m_view.l2Ports, m_portsHash, units, blocks);
            return;
        }
        updatePorts(kept.leafPorts, kept.l2Ports, kept.hash, units, blocks);
        kept.version = m_ledger.version();
        m_view.leafPorts = kept.leafPorts;
        m_view.l2Ports = kept.l2Ports;
        m_portsHash = kept.hash;
        return;
    }
    const FatTreeTopology& tree = *m_tree;
    const auto leaves = static_cast<size_t>(tree.leafCount());
    m_view.leafPorts.resize(leaves);
    m_view.l2Ports.resize(static_cast<size_t>(tree.l2Count()));
    const PortReader portsOf(tree, m_ledger.loads().data(), m_ledger.capacity() - units);
    m_portsHash = 0;
    for (size_t at = 0; at < leaves + m_view.l2Ports.size(); ++at) {
        const std::uint64_t ports = portsOf(at);
        (at < leaves ? m_view.leafPorts[at] : m_view.l2Ports[at - leaves]) = ports;
        m_portsHash += FatTreeFreeView::term(leaves + at, ports);
    }
    if (!m_copy)
        kept = {m_ledger.identity(), m_ledger.version(), m_view.leafPorts, m_view.l2Ports, m_portsHash};
}

std::vector<int> LcsAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    m_lastCutOff = false;
    if (request.nodes < 1 || request.nodes > state.freeCount())
        return {};
    const int units = demand(request.job);
    if (m_viewCache.stale(state, m_ledger, units))
        refreshView(state, units);
    // What a search found, or that it found nothing, is a function of the view (the usable
    // links for this job's class); a cut-off is not (the clock or the budget decided).
    const size_t entry = m_viewCache.entry(*m_memo, m_view, m_leafHash + m_portsHash);
    if (m_memo->failed(entry, request.nodes))
        return {};
    if (const SearchMemo::Recipe* recipe = m_memo->recipe(entry, request.nodes)) {
        std::vector<int> nodes = SearchMemo::nodesOf(*m_tree, state, *recipe);
        if (m_copy)
            (*m_witnesses)[request.job] = {nodes, recipe->links};
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
    if (m_copy)
        (*m_witnesses)[request.job] = {found.nodes, found.links};
    m_ledger.propose(request.job, found.nodes, std::move(found.links), units);
    return std::move(found.nodes);
}

bool LcsAllocator::fits(const MachineState& state, const AllocationRequest& request)
{
    m_lastCutOff = false;
    if (const auto known = m_witnesses->find(request.job); known != m_witnesses->end()) {
        const Witness& witness = known->second;
        thread_local std::vector<int> scratch;
        const std::vector<int>& load = m_ledger.loadsOn(state, scratch);
        const int room = m_ledger.capacity() - demand(request.job);
        if (static_cast<int>(witness.nodes.size()) == request.nodes
            && std::all_of(witness.nodes.begin(), witness.nodes.end(), [&](int node) { return state.isFree(node); })
            && std::all_of(witness.links.begin(), witness.links.end(),
                           [&](int link) { return load[static_cast<size_t>(link)] <= room; }))
            return true;
    }
    return !allocate(state, request).empty();
}

bool LcsAllocator::keepsReservation(const AllocationRequest& head, const std::vector<int>& reservedNodes,
                                    const AllocationRequest& candidate, const std::vector<int>& nodes) const
{
    const auto known = m_witnesses->find(head.job);
    const std::vector<int>* candidateLinks = m_ledger.proposedLinks(candidate.job);
    if (known == m_witnesses->end() || !candidateLinks || known->second.nodes != reservedNodes)
        return false;
    const Witness& witness = known->second;
    // The reserved nodes are not the candidate's (EASY masks them); check all the same.
    for (int node : nodes)
        if (std::binary_search(reservedNodes.begin(), reservedNodes.end(), node))
            return false;
    // Loads now bound those at the reservation from above: until then jobs only end, and
    // the candidate adds its demand on its own links.
    thread_local std::vector<int> extra; // all 0 between calls
    const std::vector<int>& load = m_ledger.loads();
    if (extra.size() < load.size())
        extra.resize(load.size(), 0);
    const int candidateDemand = demand(candidate.job);
    for (int link : *candidateLinks)
        extra[static_cast<size_t>(link)] = candidateDemand;
    const int room = m_ledger.capacity() - demand(head.job);
    const bool keeps = std::all_of(witness.links.begin(), witness.links.end(), [&](int link) {
        return load[static_cast<size_t>(link)] + extra[static_cast<size_t>(link)] <= room;
    });
    for (int link : *candidateLinks)
        extra[static_cast<size_t>(link)] = 0;
    return keeps;
}

void LcsAllocator::started(const AllocationRequest& request, const std::vector<int>& nodes)
{
    m_ledger.commit(request.job, nodes);
    m_witnesses->erase(request.job);
}

void LcsAllocator::ended(const AllocationRequest& request, const std::vector<int>&)
{
    m_ledger.release(request.job);
}

} // namespace placement
