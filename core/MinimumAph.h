// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

namespace placement {

class TorusTopology;
struct SwitchHierarchy;

/// The smallest APH of `size` nodes on an arbitrary switch tree, exactly: the total hops
/// over ordered pairs is the sum over group-to-parent edges of 2 m (n - m) (m: the job's
/// nodes below the edge), minimised by dynamic programming over the tree in O(groups · n²)
/// at worst, O(nodes · n) in practice.
double minimumSwitchTreeAph(const SwitchHierarchy& tree, int size);

/// The smallest APH found for `size` nodes on a torus or mesh (the exact minimum is a hard
/// combinatorial problem). Candidates: every box of routers that holds the job, filled
/// layer by layer with a part-filled layer centred, then improved by single moves; growth
/// from the middle of the machine; peeling the most outlying routers off the whole machine
/// (the last two within a work bound, so on machines of Titan's size boxes only). Every
/// router is full but one, the most outlying. Equal to exhaustive search on the small tori
/// and meshes of the tests; elsewhere an upper bound of the true minimum.
double minimumBoxAph(const TorusTopology& torus, int size);

} // namespace placement
