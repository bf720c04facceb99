// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreHoldings.h"
#include "core/Job.h"
#include "store/JobLabels.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace placement {

class Store;

/// What readLoggedJobs() reads: any of these, or'ed.
enum LoggedPart : unsigned {
    LoggedJobList = 1u << 0, ///< LoggedJobs::jobs
    LoggedNodeCounts = 1u << 1, ///< LoggedJobs::nodeCounts
    LoggedHoldings = 1u << 2, ///< LoggedJobs::holdings
    LoggedCores = 1u << 3, ///< LoggedJobs::cores
    LoggedLabels = 1u << 4, ///< LoggedJobs::labels
};

/// A machine's logged jobs, the ones whose start the log gives (MachineRecord::jobsWithoutStart
/// counts the others), by submission time and ties by job id, and what the views read beside
/// them in the same order. A part not asked for is left empty.
struct LoggedJobs
{
    std::vector<Job> jobs;
    /// Per job: its node list's length, else its size as the simulator reads it
    /// (storedJobSize() with the `cpusPerNode` given); 0 or less: unknown.
    std::vector<int> nodeCounts;
    /// What each job holds besides its nodes: its cores (allocated_cpus), per node
    /// (node_cores; a one-node job's total), its GPUs.
    std::vector<JobHolding> holdings;
    /// Each job's cores in all (JobHolding::cores, -1 unknown): 4 bytes a job, for a summary
    /// of millions of jobs.
    std::vector<int> cores;
    JobLabels labels; ///< names, final states and node sharing
};

/// Reads `parts` of a machine's logged jobs. Throws StoreError, naming the job, for a row
/// that cannot be decoded, and when the jobs changed while they were read.
///
/// The table is read in its own order (by job id) and sorted here: the walk through a time
/// index looks every row up at random in the table, and sorting 3 million rows in SQL takes
/// seconds per query. A large machine is read by two connections at once, each half of the
/// ids, when the caller holds no transaction.
LoggedJobs readLoggedJobs(Store& store, std::int64_t machineId, unsigned parts, int cpusPerNode = 1);

/// One logged job as a pass over them sees it (forEachLoggedJob()).
struct LoggedJobTimes
{
    Job job; ///< its times, without id, user or nodes
    int nodes = 0; ///< as LoggedJobs::nodeCounts
    int cores = -1; ///< as LoggedJobs::cores
    bool listed = false; ///< the log names its nodes
};

/// Calls `visit` with each of a machine's logged jobs in the order of the table (by id),
/// holding none of them: a pass over millions of jobs in a few megabytes. Reads in the
/// caller's transaction, if any. Throws StoreError.
void forEachLoggedJob(Store& store, std::int64_t machineId, int cpusPerNode,
                      const std::function<void(const LoggedJobTimes&)>& visit);

/// Calls `visit` with each of a machine's logged jobs marked as holding a node another job
/// holds at the same time (jobs.shares_nodes, set by the imports), with its times and nodes
/// (no id or user), by start, ties by submission and then as stored: what
/// countSharedNodesOnce() (core/LoggedRun.h) reads. Reads in the caller's transaction, if
/// any. Throws StoreError, naming the job, for a node list that cannot be decoded.
void forEachJobSharingNodes(Store& store, std::int64_t machineId, const std::function<void(const Job&)>& visit);

} // namespace placement
