// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <vector>

namespace placement {

/// Changes whenever a minimum APH search (trees, tori, dragonflies) may find another value
/// for the same machine and size: values kept from an earlier search are then not used.
constexpr int minimumAphSearchVersion = 2;

class TorusTopology;
struct SwitchHierarchy;

/// The smallest APH of `size` nodes on an arbitrary switch tree, exactly: the total hops
/// over ordered pairs is the sum over group-to-parent edges of 2 m (n - m) (m: the job's
/// nodes below the edge), minimised by dynamic programming over the tree in O(groups · n²)
/// at worst, O(nodes · n) in practice.
double minimumSwitchTreeAph(const SwitchHierarchy& tree, int size);

/// Routers taken one at a time from the middle of a torus, each the free router closest in
/// total to those taken: one of minimumBoxAph()'s candidates, shared by every size (a
/// PlacementAnalyzer keeps one). Only minimumBoxAph() reads or changes it.
struct TorusGrowth
{
    std::vector<int> order; ///< routers in the order taken
    std::vector<std::int64_t> hopsWhenTaken; ///< per router taken, its hops to those taken before
    std::vector<char> taken; ///< per router
    /// Per dimension and coordinate, the hops along that dimension to every router taken.
    std::vector<std::vector<std::int64_t>> hopsAlong;
};

/// The smallest APH found for `size` nodes on a torus or mesh (the exact minimum is a hard
/// combinatorial problem). Candidates: every box of routers that holds the job, filled
/// layer by layer with a part-filled layer centred, then improved by single moves; growth
/// from the middle of the machine; peeling the most outlying routers off the whole machine
/// (the last two within a work bound, so on machines of Titan's size boxes only). Every
/// router is full but one, the most outlying. Equal to exhaustive search on the small tori
/// and meshes of the tests; elsewhere an upper bound of the true minimum. On a machine with
/// empty slots (Topology::emptySlots()), minimumAphAroundEmptySlots().
double minimumBoxAph(const TorusTopology& torus, int size, TorusGrowth* growth = nullptr);

/// A placement found by a minimum-APH search, and its APH.
struct MinimumAphPlacement
{
    double aph = 0;
    std::vector<int> nodes; ///< ascending, none of them an empty slot
};

/// The smallest APH found for `size` (2 .. usable nodes) nodes on a torus or mesh with empty
/// slots, among placements on nodes that exist: an upper bound of the true minimum, never
/// below it. Candidates: the three best boxes on full routers, each moved to where the
/// fewest of its slots are empty; growth from every router (small machines) or from the
/// middle; the whole machine peeled; the nodes in index order when all those are over
/// their work bounds. Each is brought to `size` nodes by adding the free
/// slots closest to it or dropping its most outlying nodes, then improved by moving single
/// nodes while that lowers the total. Throws std::invalid_argument for a size that does not fit.
MinimumAphPlacement minimumAphAroundEmptySlots(const TorusTopology& torus, int size);

} // namespace placement
