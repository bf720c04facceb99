// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace placement {

class Allocator;
class MachineState;
class Topology;

/// The free fragments of a machine (docs/reference.md §5, "fragmentation over time"): the sizes of
/// the connected components of its free nodes (owner < 0), largest first. Two free nodes are
/// joined when they are at most one hop apart, the rule of partitions (Titan SC'16 §IV-B),
/// so a job placed on exactly one fragment has one partition. On a torus a fragment is a
/// set of directly linked routers with free nodes; on a tree it is the free nodes of one
/// leaf switch (two leaves are always two or more hops apart), or of a switch and the
/// switches linked to it where a tree hangs nodes at several levels.
///
/// O(nodes + links): cheap enough to follow the time cursor.
std::vector<int> freeFragmentSizes(const Topology& topology, const std::vector<int>& owners);

/// The answer of largestPlaceableJob().
struct PlaceableSearch
{
    int largest = 0; ///< the largest N found placeable; 0 when none is
    bool exact = true; ///< false: stopped before every larger N was tried (a lower bound)
    int calls = 0; ///< calls to allocate()
};

/// The largest job (node count) `allocator` would place now on `state`: the largest N in
/// 1 .. free nodes for which allocate() returns at least N nodes.
///
/// A binary search finds a placeable N in about log2(free nodes) calls, exact when a policy
/// that can place N nodes can also place fewer. Not every policy can: Pollard's TA keeps a
/// job of more than a leaf's and at most a pod's nodes inside one pod, on leaves free of
/// such jobs, while a larger job may span pods (SC'18 Algorithm 1; the tests find such
/// machines). So every N above the one found is tried too, from the free
/// count down, unless the policy places any free nodes (list policies: the answer is the
/// free count) or `stop` says to stop (a time budget, a cancelled request); then `exact` is
/// false and `largest` a lower bound.
PlaceableSearch largestPlaceableJob(Allocator& allocator, const MachineState& state,
                                    const std::function<bool()>& stop = {});

/// Jobs submitted by `time` that have not started then (submit <= time < start): the queue
/// that idle nodes keep waiting (external fragmentation).
int jobsWaitingAt(const std::vector<Job>& jobs, std::int64_t time);

} // namespace placement
