// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <vector>

namespace placement {

class FatTreeTopology;
class MachineState;
struct FatTreeFreeView;

/// The placement search of LC+S (Smith and Lowenthal, HPDC'21 §5.2.3): the first placement
/// of N nodes that meets Jigsaw's conditions (1)-(6) of §3.2, gives every switch as many
/// up-links as down-links and N = N requested, on the nodes free on a machine and the links
/// a view marks usable. It is "least constrained": unlike Jigsaw (§4) an allocation that
/// spans trees may use partial leaves (any n_L), so every legal placement is reachable.
///
/// Enumeration order (the first allocation found is returned; the search is exhaustive, so
/// it finds one whenever one exists, unless the limits stop it first):
/// 1. Two-level (one tree) first: n_L from min(N, nodes per leaf) down to 1 (L_T = N / n_L,
///    n_L^r = N mod n_L: the fewest leaves first), pods from fewest to most free nodes,
///    leaves by backtracking in index order, as Jigsaw's FIND_L2.
/// 2. Then three-level: n_L from min(nodes per leaf, L2 switches per pod) down to 1, and for
///    each L_T from the most leaves a tree can give down to 1 (so the fewest leaves, then
///    the fewest trees first; n_L = nodes per leaf are Jigsaw's own whole-leaf shapes). For
///    each, T = N / (L_T n_L) full trees, a remainder tree of L_T^r leaves of n_L and a
///    remainder leaf of n_L^r. The L2 set S (n_L indices) is chosen by a depth-first search
///    in increasing index order, pruned as soon as too few pods keep L_T leaves with n_L
///    free nodes and up-links to all of S, or L2 switches with L_T usable up-links; for a
///    complete S the remainder tree is taken in index order, then the full trees in index
///    order by backtracking (pods with the same usable spine ports tried once per step,
///    dead ends remembered), as Jigsaw's FIND_L3.
/// Within a leaf the lowest free nodes are taken; of the usable links the lowest ports.
///
/// Limits: a step is one node of the search tree (a leaf, an L2 index, a tree tried). The
/// step budget makes a cut-off reproducible; the wall-clock limit is the paper's timeout
/// (§5.3, §5.4.3: 5 s per job scheduling event).
class LcsSearch
{
public:
    enum class Outcome {
        Found,
        NotFound, ///< no legal placement on this view
        OutOfTime, ///< the step budget or the time limit ran out first
    };
    struct Limits
    {
        std::int64_t steps = 0; ///< > 0: stop after this many steps
        double seconds = 0; ///< > 0: stop after this much wall time
    };
    struct Result
    {
        Outcome outcome = Outcome::NotFound;
        std::vector<int> nodes; ///< in index order
        std::vector<int> links; ///< ids of the tree's links()
        std::int64_t steps = 0; ///< steps taken
    };

    /// Searches `view` (free nodes of `state`, usable links as masks) for `nodes` nodes.
    static Result run(const FatTreeTopology& tree, const MachineState& state, const FatTreeFreeView& view, int nodes,
                      const Limits& limits);
};

} // namespace placement
