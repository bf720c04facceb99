// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <string>

namespace placement {

/// Reads Slurm's topology.yaml (Slurm 25.05+, topology.yaml(5); parsed by libyaml, as Slurm
/// does) into the machine of its default topology, chosen as topology_g_init() does in
/// src/interfaces/topology.c (SchedMD/slurm, tag slurm-25-05-3-1): the first topology with
/// `cluster_default: true`, else the first one.
///
/// The file is a list of topologies; each names itself (`topology:`, required, unique), may
/// say `cluster_default:`, and holds exactly one of
/// - `tree:` with `switches:`, a list of `{switch, children, nodes}`: read by the same rules
///   as topology.conf's SwitchName= lines (importers/SlurmTopologyConf.h);
/// - `block:` with `block_sizes:` (a list of node counts) and `blocks:`, a list of
///   `{block, nodes}`: read as BlockSizes= and BlockName= lines (importers/SlurmBlockConf.h);
/// - `flat: true`: no network, refused as the default (there is nothing to place on).
///
/// Errors throw ImportError naming the file, the 1-based line of the offending entry and the
/// reason: YAML syntax, an unknown key, a missing or repeated name, none or two of tree,
/// block and flat, and everything the tree and block readers refuse. A note names the
/// topology read and the others the file holds.
ImportedMachine readSlurmTopologyYaml(const std::string& path);

} // namespace placement
