// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"
#include "importers/SlurmConfLines.h"

#include <string>
#include <vector>

namespace placement {

/// Whether a topology.conf line belongs to topology/block (its first key is BlockName= or
/// BlockSizes=).
bool isSlurmBlockLine(const SlurmConfLine& line, const std::string& path);

/// Reads the lines of a topology.conf written for Slurm's topology/block (topology.conf(5);
/// block_record.c of SchedMD/slurm, tag slurm-24-11-7-1) into a switch tree whose leaf
/// switches are the base blocks and whose upper switches are the aggregated blocks
/// (docs/formats/slurm-topology.md, "topology/block"):
///
/// - `BlockName=NAME Nodes=HOSTLIST`, one base block a line, in file order; `BlockSizes=`
///   (at most once) lists the base block size in nodes, then the sizes of the aggregated
///   levels, each a power-of-two multiple of the first. Without it, every base block must
///   hold at least as many nodes as the first (bblock_node_cnt) and levels 0-4 are allowed.
/// - Aggregated blocks as block_record_validate() makes them: for each allowed level above
///   0 (up to the first that holds every base block), runs of 2^level consecutive base
///   blocks; a run at the end that the level below already covers is not made.
/// - The tree: a base block's parent is the smallest aggregated block holding it, an
///   aggregated block's the smallest of a higher level; a virtual root joins the top blocks.
///   Hops are thus counted through the block hierarchy, a model: topology/block itself says
///   nothing about the links between blocks.
///
/// Errors, as Slurm's fatal() ones, throw ImportError with the file, line and reason: a
/// duplicate block name, a block without Nodes=, one smaller than bblock_node_cnt, an
/// invalid BlockSizes value, a node in two blocks, unknown keys, SwitchName= lines in the
/// same file (topology/tree and topology/block are separate plugins).
ImportedMachine readSlurmBlockConf(const std::vector<SlurmConfLine>& lines, const std::string& path);

} // namespace placement
