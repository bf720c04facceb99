// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Allocator.h"

#include "core/SplitMix64.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace placement {

std::uint64_t newIdentity()
{
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

MachineState::MachineState(const MachineState& other)
    : m_topology(other.m_topology)
    , m_owner(other.m_owner)
    , m_free(other.m_free)
    , m_marks(ChangeMarks::copyOf(other.m_marks, other.m_identity, other.m_version))
{}

MachineState::MachineState(MachineState&& other) noexcept
    : m_topology(other.m_topology)
    , m_owner(std::move(other.m_owner))
    , m_free(other.m_free)
    , m_marks(ChangeMarks::copyOf(std::move(other.m_marks), other.m_identity, other.m_version))
{
    other.m_identity = newIdentity(); // what it holds now is not what it held
}

MachineState& MachineState::operator=(const MachineState& other)
{
    if (this == &other)
        return *this;
    m_topology = other.m_topology;
    m_owner = other.m_owner;
    m_free = other.m_free;
    m_identity = newIdentity();
    m_version = 0;
    m_marks = ChangeMarks::copyOf(other.m_marks, other.m_identity, other.m_version);
    return *this;
}

MachineState& MachineState::operator=(MachineState&& other) noexcept
{
    m_topology = other.m_topology;
    m_owner = std::move(other.m_owner);
    m_free = other.m_free;
    m_identity = newIdentity();
    m_version = 0;
    m_marks = ChangeMarks::copyOf(std::move(other.m_marks), other.m_identity, other.m_version);
    other.m_identity = newIdentity();
    return *this;
}

MachineState::MachineState(const Topology& topology)
    : m_topology(&topology)
    , m_owner(static_cast<size_t>(topology.nodeCount()), -1)
    , m_free(topology.nodeCount())
{
    // A slot without a node is held for good: no allocator sees it free.
    take(topology.emptySlots(), emptySlotOwner);
}

void MachineState::take(const std::vector<int>& nodes, int job)
{
    if (job < 0)
        throw std::logic_error("nodes must be taken by a job or a reservation");
    int* owner = m_owner.data();
    for (int node : nodes) {
        if (owner[node] >= 0)
            throw std::logic_error("node " + std::to_string(node) + " is taken twice");
        owner[node] = job;
    }
    m_free -= static_cast<int>(nodes.size());
    ++m_version;
    m_marks.mark(nodes, m_version);
}

void MachineState::markChanges()
{
    m_marks.start(nodeCount(), m_version);
}

void MachineState::release(const std::vector<int>& nodes)
{
    int* owner = m_owner.data();
    for (int node : nodes) {
        if (owner[node] == emptySlotOwner)
            throw std::logic_error("node " + std::to_string(node) + " is an empty slot: it is never released");
        owner[node] = -1;
    }
    m_free += static_cast<int>(nodes.size());
    ++m_version;
    m_marks.mark(nodes, m_version);
}

bool MachineState::changedSince(std::uint64_t identity, std::uint64_t version, std::vector<int>& blocks) const
{
    return m_marks.since(m_identity, m_version, identity, version, blocks);
}

FirstFitAllocator::FirstFitAllocator(std::vector<int> order, std::string name)
    : m_order(std::move(order))
    , m_name(std::move(name))
{}

std::vector<int> FirstFitAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    std::vector<int> nodes;
    nodes.reserve(static_cast<size_t>(request.nodes));
    const int count = m_order.empty() ? state.nodeCount() : static_cast<int>(m_order.size());
    for (int i = 0; i < count && static_cast<int>(nodes.size()) < request.nodes; ++i) {
        const int node = m_order.empty() ? i : m_order[static_cast<size_t>(i)];
        if (state.isFree(node))
            nodes.push_back(node);
    }
    if (static_cast<int>(nodes.size()) < request.nodes)
        return {};
    return nodes;
}

RandomAllocator::RandomAllocator(std::uint64_t seed)
    : m_state(seed)
{}

std::vector<int> RandomAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes > state.freeCount())
        return {};
    // Selection sampling (Knuth, TAOCP vol. 2, Algorithm S): one pass over the free nodes
    // picks each remaining one with probability needed / left, so every set of the requested
    // size is equally likely and the result comes out in index order, without a sort.
    std::vector<int> chosen;
    chosen.reserve(static_cast<size_t>(request.nodes));
    SplitMix64 random(m_state);
    int left = state.freeCount();
    int needed = request.nodes;
    for (int node = 0; node < state.nodeCount() && needed > 0; ++node) {
        if (!state.isFree(node))
            continue;
        if (random.uniform() * left < needed) {
            chosen.push_back(node);
            --needed;
        }
        --left;
    }
    m_state = random.next(); // the next draw differs
    return chosen;
}

} // namespace placement
