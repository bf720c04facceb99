// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"
#include "importers/SlurmConfLines.h"

#include <string>
#include <vector>

namespace placement {

/// Reads a Slurm topology.conf written for topology/tree (topology.conf(5), the Slurm
/// topology notes) into a SwitchTreeTopology. The file is small and describes the whole
/// machine, so it is read all or nothing: every problem throws ImportError naming the file,
/// the 1-based line and the reason, and nothing partial is returned.
///
/// Syntax, as Slurm's configuration parser reads it: one switch per line, `Key=Value` pairs
/// separated by blanks, key names in any case, `#` to the end of the line is a comment, a
/// line ending in `\` continues on the next one (errors name the first of them), a value may
/// be double-quoted. `SwitchName=` is required on every line and unique; `Nodes=` and
/// `Switches=` are hostlist expressions (either, both or neither); `LinkSpeed=` is accepted
/// and ignored, as the scheduler ignores it.
///
/// Rules chosen where the format leaves a choice:
///
/// - **Unknown keys are errors**, as in Slurm's own parser: a misspelt `Node=` would
///   otherwise drop nodes silently. A file whose first line is a `BlockName=` or
///   `BlockSizes=` line is read for topology/block (importers/SlurmBlockConf.h); such lines
///   among `SwitchName=` lines, and `RingName=` lines (topology/ring), are rejected with that
///   reason. A key given twice on one line is an error too.
/// - **Several parents.** Slurm allows a switch under several parents (the guide's fat tree
///   lists four spines, each with the same `Switches=`); the structure is then a DAG. The
///   tree model needs one parent per switch, so switches are merged into switch groups,
///   repeating until nothing changes: (1) all parent groups of one group become one group;
///   (2) groups that would form a loop become one group (only possible when a switch is
///   listed at two levels). A group is one switch of the topology, as a pod's L2 switches or
///   the spine layer are one group in the fat-tree model: going up from a leaf to any spine
///   is one hop, which is what lowest-common-ancestor distance over all parents gives on a
///   regular fat tree. Each merged group gets a note naming its members.
/// - **Islands.** Several roots (leaves without a common ancestor) get a virtual root above
///   them, with a note: hops between islands then pass through it, although Slurm runs no
///   job across islands unless `TopologyParam=TopoOptional`.
/// - **Errors**: a duplicate `SwitchName`; a node listed twice (under two switches or twice
///   under one; Slurm tolerates multi-homing, but a node needs one leaf for distances); a
///   child listed twice by one switch; a switch referenced in `Switches=` but never defined
///   (the line that references it); a cycle (the line whose `Switches=` closes it, found by
///   a depth-first walk in file order); malformed hostlists; no switches; no nodes.
///
/// Numbering: switch groups in the order of their first line in the file (a virtual root
/// last); nodes switch group by switch group, within a group by member switch in file order,
/// within a switch in `Nodes=` order. `nodeNames` follows exactly this numbering, which is
/// SwitchTreeTopology's (nodes numbered switch by switch in switch order).
ImportedMachine readSlurmTopologyConf(const std::string& path);

/// The topology/tree part of readSlurmTopologyConf(): the file's non-empty lines, read.
ImportedMachine readSlurmTreeConf(const std::vector<SlurmConfLine>& lines, const std::string& path);

} // namespace placement
