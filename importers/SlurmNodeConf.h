// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedMachine.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace placement {

/// One node defined by a `NodeName=` line of slurm.conf.
struct SlurmConfNode
{
    std::string name;
    std::uint32_t weight = 1; ///< Slurm's scheduling weight (slurm.conf `Weight=`, default 1)
    /// The node's CPUs: `CPUs=`, else Sockets x CoresPerSocket x ThreadsPerCore when the line
    /// (or a NodeName=DEFAULT line) gives any of them; -1 when it says nothing (Slurm then
    /// counts the node's hardware, which the file does not show).
    int cpus = -1;
    /// GPUs: the counts of the `gpu` entries of `Gres=` (gpu:3, gpu:a100:4(S:0-1)); 0 for a
    /// Gres= without gpu entries; -1 when no Gres= applies.
    int gpus = -1;
    std::string file; ///< the file and 1-based line defining it (slurm.conf or an included file)
    std::size_t line = 0;
};

/// The nodes of a slurm.conf in the order its `NodeName=` lines define them, which is
/// Slurm's node index (docs/formats/slurm-topology.md, "slurm.conf: NodeName= lines"). Read
/// as Slurm's parser reads it (importers/SlurmConfLines.h): keys in any case, comments,
/// continued lines, `NodeName=DEFAULT` lines giving later lines their defaults, names as
/// hostlist expressions (`n[001-128]`), `Include FILE` followed (a relative path from the
/// including file's folder). Other lines and other keys of NodeName lines are not read.
/// Throws ImportError naming the file and line for a bad hostlist, a `Weight=` that is not
/// a whole number from 0 to 4294967294, a node defined twice, an include that cannot be
/// read or includes itself, or no NodeName= line at all.
std::vector<SlurmConfNode> readSlurmConfNodes(const std::string& path);

/// Orders the nodes of a switch tree read from topology.conf as Slurm orders them for
/// selection: within each leaf switch by weight, then by position in slurm.conf (`nodes`,
/// from readSlurmConfNodes() of `path`). Leaves keep topology.conf's order, which is the
/// order of Slurm's switch table. Nodes topology.conf names and slurm.conf does not define
/// follow the others of their leaf, in topology.conf order. Adds a note to the machine
/// saying what changed (and which nodes slurm.conf does not define). Machines that are not
/// switch trees are left as they are.
void applySlurmNodeOrder(ImportedMachine& machine, const std::vector<SlurmConfNode>& nodes, const std::string& path);

} // namespace placement
