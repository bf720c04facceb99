#pragma once

#include "core/Topology.h"

#include <memory>
#include <string>

namespace placement {

/// A machine written as one line of text, as stored in a database and typed on the
/// command line:
///
///     torus extents=8x8x8 wrap=yyy nodes-per-router=1 prefix=nid
///     fattree radix=36 pods=4 leaves-per-pod=18 nodes-per-leaf=18 uplinks-per-leaf=18 prefix=cab
///
/// `wrap` has one letter per dimension, y (wraps) or n (mesh); it defaults to all y.
/// Throws std::invalid_argument naming the offending word.
std::unique_ptr<Topology> parseMachineSpec(const std::string& spec);

/// The spec that parseMachineSpec() turns back into an equal topology.
std::string machineSpecOf(const Topology& topology);

} // namespace placement
