// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Fragmentation.h"

#include "core/Allocator.h"
#include "core/Topology.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>

namespace placement {
namespace {

int findRoot(std::vector<int>& parent, int item)
{
    while (parent[static_cast<size_t>(item)] != item) {
        parent[static_cast<size_t>(item)] = parent[static_cast<size_t>(parent[static_cast<size_t>(item)])];
        item = parent[static_cast<size_t>(item)];
    }
    return item;
}

} // namespace

std::vector<int> freeFragmentSizes(const Topology& topology, const std::vector<int>& owners)
{
    const int nodeCount = topology.nodeCount();
    const std::vector<Link>& links = topology.links();
    // Free nodes of one switch are zero hops apart; switches one link apart are one hop
    // apart. So: count free nodes per switch, then join switches along single links.
    const int vertexCount = nodeCount + topology.switchCount();
    std::vector<int> freeBelow(static_cast<size_t>(vertexCount), 0);
    for (int node = 0; node < nodeCount && static_cast<size_t>(node) < owners.size(); ++node) {
        if (owners[static_cast<size_t>(node)] >= 0)
            continue;
        const Link& own = links[static_cast<size_t>(node)]; // link n joins node n to its switch
        ++freeBelow[static_cast<size_t>(own.a == node ? own.b : own.a)];
    }
    std::vector<int> parent(static_cast<size_t>(vertexCount));
    std::iota(parent.begin(), parent.end(), 0);
    for (size_t link = static_cast<size_t>(nodeCount); link < links.size(); ++link) {
        const Link& cable = links[link];
        if (cable.a < nodeCount || cable.b < nodeCount || cable.a >= vertexCount || cable.b >= vertexCount)
            continue; // node links, and the placeholder a switch tree keeps for its root
        if (freeBelow[static_cast<size_t>(cable.a)] == 0 || freeBelow[static_cast<size_t>(cable.b)] == 0)
            continue;
        const int a = findRoot(parent, cable.a);
        const int b = findRoot(parent, cable.b);
        if (a != b)
            parent[static_cast<size_t>(std::max(a, b))] = std::min(a, b);
    }
    std::vector<int> sizeOfRoot(static_cast<size_t>(vertexCount), 0);
    for (int vertex = nodeCount; vertex < vertexCount; ++vertex)
        if (freeBelow[static_cast<size_t>(vertex)] > 0)
            sizeOfRoot[static_cast<size_t>(findRoot(parent, vertex))] += freeBelow[static_cast<size_t>(vertex)];
    std::vector<int> sizes;
    for (int size : sizeOfRoot)
        if (size > 0)
            sizes.push_back(size);
    std::sort(sizes.begin(), sizes.end(), std::greater<>());
    return sizes;
}

PlaceableSearch largestPlaceableJob(Allocator& allocator, const MachineState& state, const std::function<bool()>& stop)
{
    PlaceableSearch search;
    // A job index no running job has: policies that remember proposals key them by job.
    const int probeJob = std::numeric_limits<int>::max() - 1;
    auto fits = [&](int nodes) {
        ++search.calls;
        const AllocationRequest request{probeJob, nodes, 0};
        return static_cast<int>(allocator.allocate(state, request).size()) >= nodes;
    };
    const int free = state.freeCount();
    if (free == 0)
        return search;
    if (fits(free)) { // an idle machine, or a list policy: one call
        search.largest = free;
        return search;
    }
    if (allocator.placesAnyFreeNodes()) // it would have placed every free node
        return search;
    int low = 0; // placeable (nothing always is)
    int high = free - 1;
    while (low < high) {
        const int middle = low + (high - low + 1) / 2;
        if (fits(middle))
            low = middle;
        else
            high = middle - 1;
        if (stop && stop()) {
            search.largest = low;
            search.exact = false;
            return search;
        }
    }
    search.largest = low;
    for (int nodes = free - 1; nodes > low; --nodes) {
        if (stop && stop()) {
            search.exact = false;
            return search;
        }
        if (fits(nodes)) {
            search.largest = nodes;
            return search;
        }
    }
    return search;
}

int jobsWaitingAt(const std::vector<Job>& jobs, std::int64_t time)
{
    return static_cast<int>(std::count_if(jobs.begin(), jobs.end(),
                                          [time](const Job& job) { return job.submit <= time && time < job.start; }));
}

} // namespace placement
