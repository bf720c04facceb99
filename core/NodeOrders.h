// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <vector>

namespace placement {

class Topology;
class TorusTopology;

/// Node orders a list-based allocator walks on a torus (Titan SC'16 §VI; Slurm's former
/// 3d_torus Hilbert ordering). Every order lists each node once; the nodes of one router
/// stay together, in slot order.

/// Dimension order: `dimensions` names the dimensions from the fastest-varying to the
/// slowest with x, y, z (then w, v, ... for more), e.g. "zyx" walks z first. A
/// `serpentine` order reverses the direction of every other row, plane, ... so that
/// consecutive routers are always neighbours. Throws std::invalid_argument for a bad name.
std::vector<int> dimensionOrder(const TorusTopology& torus, const std::string& dimensions, bool serpentine);

/// A Hilbert curve through the routers: the curve of the smallest power-of-two cube that
/// holds the torus, with the points outside the torus skipped (so on extents that are not
/// powers of two, consecutive routers are usually but not always neighbours). 1 to 3
/// dimensions.
std::vector<int> hilbertOrder(const TorusTopology& torus);

/// Pascual et al.'s shuffle placement on a tree: round-robin over the leaf switches (the
/// first node of every leaf, then the second of every leaf, ...). Their consecutive
/// placement is plain index order. Throws std::invalid_argument for a torus.
std::vector<int> shuffleOrder(const Topology& tree);

/// Pascual et al. §3.2 row order on a 2D torus: node (x, y) increasing first x, then y
/// ("rectangular sub-networks, wider than tall"); on more dimensions the others follow in
/// order. The same list as dimensionOrder(torus, "xy...", false).
std::vector<int> rowOrder(const TorusTopology& torus);

/// Pascual et al. §3.2 column order: increasing first y, then x (then the other dimensions).
/// Throws std::invalid_argument on a one-dimensional torus.
std::vector<int> columnOrder(const TorusTopology& torus);

/// Any of the orders above by name, as the CLI, the simulator and the explorer spell them:
///   index (also: consecutive)        node index order, every machine
///   shuffle                          Pascual's shuffle, trees
///   xyz, zyx, yx, ...                dimensionOrder(), fastest dimension first, tori
///   zyx-serpentine, ...              the serpentine versions
///   row, column                      Pascual's row and column orders, tori of 2+ dimensions
///   hilbert                          hilbertOrder(), tori of 1 to 3 dimensions
///   alps (= alps-zyx), alps-zxy, alps-balanced, alps-zxy-3d, alps-balanced-3d
///                                    the blocked ALPS-like orders (core/BlockedOrder.h), 3D tori
/// Throws std::invalid_argument naming the valid names for that machine.
std::vector<int> nodeOrderByName(const Topology& topology, const std::string& name);

/// The names nodeOrderByName() accepts on this machine, in a stable order.
std::vector<std::string> nodeOrderNames(const Topology& topology);

} // namespace placement
