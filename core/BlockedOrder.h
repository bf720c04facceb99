// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <vector>

namespace placement {

class TorusTopology;

/// One level of the chain that orders the blocks, fastest level first.
struct BlockChainLevel
{
    int dimension = 0; ///< 0 = x, 1 = y, 2 = z, ...
    /// 0: walk every block of the range the outer levels leave. n > 0: walk inside a strip of
    /// n blocks; a later (outer) level of the same dimension steps from strip to strip
    /// (Balanced: x inside strips of 2 blocks, then y, then the next x strip).
    int strip = 0;
};

/// An ALPS-like blocked node order (Titan SC'16 §VI, docs/simulation.md "Blocked orders").
///
/// The routers are cut into 2x2x2 groups aligned at even coordinates (a group is one router
/// thin at the end of an odd extent), and into blocks of `blockExtents` routers aligned at
/// multiples of the block (the last block of an extent that is not a multiple is cut short).
/// Blocks are visited in `chain` order; inside a block its groups are walked by a
/// boustrophedon, and inside a group its routers by the 2x2x2 Hilbert curve (a reflected
/// Gray code). The boustrophedon and the Hilbert curve of each block and group are rotated
/// ("block rotations", §VI-A) to start next to where the previous one ended and to end next
/// to the one that follows.
struct BlockedLayout
{
    std::string name;
    std::vector<int> blockExtents; ///< routers per block per dimension: even, or 1
    std::vector<BlockChainLevel> chain; ///< fastest first; every dimension at least once
    /// true: each chain level walks back the other way on its next pass ("build in the
    /// opposite direction", the transition-reducing ZXY and Balanced lists of §VI-A/B);
    /// false: each pass starts again at the low end ("back to front": the default list and
    /// the 3D variants of §VI-D).
    bool serpentine = false;
    /// Dimensions, most preferred first: which of equally good rotations to take, and which
    /// dimensions a group's Hilbert curve walks first. Empty: x, y, z, ...
    std::vector<int> preference;
};

/// The lists of Titan SC'16 §VI, all with 4x2x4 (X x Y x Z) blocks of 2x2x2 Hilbert groups:
/// - Zyx: the default ALPS list (§VI, Fig. 10): blocks along Z, then Y, then X, each pass
///   starting again at the low end (wrapping round the torus).
/// - Zxy: the bandwidth layout (§VI-A, Fig. 11): Z, then X, then Y, building back the other
///   way at each transition.
/// - Balanced (§VI-B, Fig. 12): Z columns of blocks, the step after each alternating between
///   X and Y: a ladder two blocks wide in X climbing Y, then the next two-block strip.
/// - Zxy3d, Balanced3d (§VI-D): the same chains built back to front at every transition.
enum class AlpsLayout { Zyx, Zxy, Balanced, Zxy3d, Balanced3d };

/// The layout's parameters, to inspect or vary (block size, chain).
BlockedLayout alpsLayout(AlpsLayout layout);

/// The node order of a blocked layout. Lists every node once, the nodes of one router together
/// in slot order. Throws std::invalid_argument for a layout that does not fit the torus.
std::vector<int> blockedOrder(const TorusTopology& torus, const BlockedLayout& layout);

/// alpsLayout() on a 3D torus; throws std::invalid_argument for other tori.
std::vector<int> alpsOrder(const TorusTopology& torus, AlpsLayout layout);

} // namespace placement
