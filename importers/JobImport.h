// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedJob.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace placement {

class Store;

/// What to import into a database, and onto which machine.
struct ImportRequest
{
    std::vector<std::string> files;
    std::optional<LogFormat> format; ///< nullopt: detect per file
    /// The machine the jobs ran on: an existing one, or the name of the machine `topology`
    /// creates (default: the topology's name).
    std::string machine;
    /// Empty, or a description to create the machine from: a preset name or machine spec
    /// (core/MachineSpec.h), a Slurm topology.conf or topology.yaml, a node coordinates CSV or a Cray coordinates
    /// table.
    std::string topology;
    /// Empty, or Slurm's slurm.conf: a machine created from a topology.conf then numbers the
    /// nodes of each leaf as Slurm orders them, by `Weight=` and then by position in its
    /// `NodeName=` lines (importers/SlurmNodeConf.h).
    std::string slurmConf;
    /// Empty, or an Alea simulator .machines file: a machine created from a topology.conf
    /// gives each node the CPUs per node of the cluster named as its leaf switch (or of the
    /// only cluster) (docs/importing.md, "Cores and GPUs").
    std::string aleaMachines;
    /// For a machine created here: the cores and GPUs of every node no file above describes
    /// (0 / -1: not said).
    int coresPerNode = 0;
    int gpusPerNode = -1;
    ImportOptions options; ///< strictness, time zone, progress and cancel
};

struct FileImportResult
{
    std::string path;
    LogFormat format = LogFormat::Swf;
    ImportSummary summary;
    std::int64_t jobsStored = 0; ///< new jobs
    /// Jobs stored already (the same identity, store/Store.h's JobWriter): with the same
    /// values (skipped), updated, or with other values (conflicts, also among the issues).
    std::int64_t jobsUnchanged = 0, jobsUpdated = 0, conflicts = 0;
    /// The path of a source imported before with the same content, if any.
    std::string sameContentAs;
    /// Runs skipped because they never started or have not ended, or whose log gives
    /// neither a start nor a run time (no placement in time, nothing to simulate).
    std::int64_t jobsWithoutRun = 0;
    /// Of the jobs read (new or stored already), jobs whose log gives no start time (nor end)
    /// but their submission and run time (SWF wait -1): stored for simulation, left out of
    /// the logged views.
    std::int64_t jobsWithoutStart = 0;
    /// Jobs that named nodes the machine does not have (stored, flagged incomplete).
    std::int64_t jobsWithUnknownNodes = 0;
    std::vector<std::string> unknownNodes; ///< distinct names, the first 20
    std::int64_t unknownNodeCount = 0; ///< distinct names
};

struct ImportResult
{
    std::string machine;
    bool machineCreated = false;
    std::vector<std::string> machineNotes; ///< what reading the machine's description assumed
    bool committed = false;
    /// Why nothing was stored, when committed is false (cancelled, strict stop, error).
    std::string failure;
    /// What a committed import should not pass over in silence: a file that gave no jobs,
    /// a doubtful line (ImportSummary::warnings), as "file:line: reason" or "file: reason".
    /// Under ImportOptions::strict each of these fails the import instead.
    std::vector<std::string> warnings;
    std::vector<FileImportResult> files;
    /// Jobs of the machine, after the import, that hold a node another job holds at the same
    /// time (jobs.shares_nodes; docs/importing.md, "Jobs that share nodes").
    std::int64_t jobsSharingNodes = 0;
};

/// Imports job logs into `store` as one transaction: every file and the machine it creates
/// are stored whole, or, on cancel, a strict-mode rejection or any error, nothing at all.
/// Throws ImportError or StoreError for a file or database that cannot be used at all
/// (nothing is stored then either).
ImportResult importJobLogs(Store& store, const ImportRequest& request);

/// A report for people: per file lines read, jobs stored, skipped lines by reason with the
/// first few file:line: reason, unknown nodes.
std::string formatImportReport(const ImportResult& result, std::size_t issuesPerFile = 10);

} // namespace placement
