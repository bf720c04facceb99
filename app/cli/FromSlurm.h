// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobImport.h"

#include <string>

namespace placement {

/// What `placement import --from-slurm` asks the site's Slurm for.
struct FromSlurmRequest
{
    std::string machine; ///< empty: Slurm's ClusterName
    std::string cluster; ///< sacct --clusters; empty: the local one
    std::string since = "1970-01-01T00:00:00"; ///< sacct -S
    std::string until = "now"; ///< sacct -E
    std::string workDirectory; ///< where the export (and a topology.conf) are written
};

/// What the ordinary import then reads (docs/slurm.md).
struct SlurmExport
{
    std::string machine;
    std::string sacctFile; ///< the jobs not yet stored for the machine, sacct -P with its header
    std::string topologyFile; ///< empty when the machine exists already
    /// Slurm's slurm.conf (SLURM_CONF of `scontrol show config`) when the machine is new and
    /// the file is readable here: its NodeName= lines order the nodes. Else empty.
    std::string slurmConfFile;
    int jobs = 0; ///< allocations sacct reported
    int known = 0; ///< of those, already stored for the machine (left out)
};

/// Runs the Slurm clients on PATH (sacct, scontrol) with TZ=UTC and the recommended sacct
/// fields, one line per allocation. When the database (which need not exist yet; it is
/// only read) has no such machine, it is
/// described by the topology.conf beside Slurm's configuration file, else by
/// `scontrol show topology`. Throws std::runtime_error naming the command and its message
/// when a client fails, or saying that sacct is not on PATH.
SlurmExport exportFromSlurm(const std::string& databasePath, const FromSlurmRequest& request);

/// The import of what exportFromSlurm() wrote: its sacct file onto its machine, created
/// when new from the topology, with the nodes in slurm.conf's order. The command line and
/// the explorer both import this.
ImportRequest slurmImportRequest(const SlurmExport& exported);

} // namespace placement
