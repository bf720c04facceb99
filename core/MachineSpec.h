// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <memory>
#include <string>

namespace placement {

/// A machine written as one line of text, as stored in a database and typed on the
/// command line:
///
///     torus extents=25x16x24 wrap=yyy nodes-per-router=2 prefix=nid bandwidth=9.36/9.36,4.68/15
///     fattree radix=36 pods=4 leaves-per-pod=18 nodes-per-leaf=18 uplinks-per-leaf=18 prefix=cab
///     kary k=4 n=3 prefix=n
///     switchtree parents=-1,0,0 nodes=0,16,12 prefix=n
///     dragonfly groups=12 rows=6 columns=16 nodes-per-router=4 global-per-pair=8 arrangement=relative
///               nodes=4392 bandwidth=5.25,15.75,4.7 naming=cray cabinet-columns=12
///     cab                                   (a preset name: core/Presets.h)
///
/// Torus: `wrap` has one letter per dimension, y (wraps) or n (mesh), default all y;
/// `bandwidth` has one pattern per dimension separated by '/', values by ',' (default 1).
/// Fat-tree: also `uplinks-per-l2` and `spines-per-group` (see FatTreeTopology::Shape).
/// Switch tree: the parent of every switch (-1: the root) and the nodes on every switch; a
/// topology/block machine also `block-base=N` (bblock_node_cnt) and `block-levels=0,1,2`
/// (the allowed block levels: core/SwitchTreeTopology.h, SlurmBlockLayout).
/// Dragonfly (core/DragonflyTopology.h): `rows` x `columns` routers a group (one row: all-to-all),
/// `arrangement` absolute, relative or circulant, `nodes` the nodes that exist (default every
/// slot), `bandwidth` row,column,global; names `naming=plain` (prefix, zero-padded to `digits`,
/// numbered from `first`) or `naming=cray` (cnames, `cabinet-columns` cabinets a row).
/// Throws std::invalid_argument naming the offending word.
std::unique_ptr<Topology> parseMachineSpec(const std::string& spec);

/// The spec that parseMachineSpec() turns back into an equal topology.
std::string machineSpecOf(const Topology& topology);

} // namespace placement
