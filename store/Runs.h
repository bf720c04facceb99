// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreHoldings.h"
#include "core/CoreSimulation.h"
#include "core/Job.h"
#include "core/Simulator.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace placement {

class JobLabels;

class SqliteStatement;
class Store;

/// The size of a stored job as the simulator asks for it: its requested node count, else the
/// nodes it was logged on, else its processors divided by `cpusPerNode` (rounded up), read
/// from the columns requested_nodes, node_count, requested_cpus, allocated_cpus of `row`,
/// starting at `column`. 0 or less: the log gives none.
std::int64_t storedJobSize(const SqliteStatement& row, int column, int cpusPerNode);

/// Runs `upper` on a thread of its own while `lower` runs on this one: two halves of a large
/// read, each on a connection of its own. Throws what `lower` throws; then ReadStopped when
/// `store` was told to stop (the other connection stopped too: not a failure); then a
/// StoreError with what `upper` threw.
void readInTwo(const Store& store, const std::function<void()>& lower, const std::function<void()>& upper);

/// A machine's logged jobs as a workload to replay: `jobs[i]` is the job with database id
/// `jobIds[i]`, by submission time.
struct StoredWorkload
{
    std::vector<std::int64_t> jobIds;
    std::vector<SimulationJob> jobs;
    int jobsWithoutSize = 0; ///< neither node nor processor counts: left out
};

/// Reads the workload of a machine. A job asks for its requested node count, else the nodes
/// it was logged on, else its processors divided by `cpusPerNode` (rounded up: SWF traces
/// count processors); it runs for its logged end - start, estimated by its time limit.
StoredWorkload loadWorkload(Store& store, std::int64_t machineId, int cpusPerNode = 1);

/// A machine's logged jobs as a workload to replay by cores and GPUs (core/CoreSimulation.h),
/// by submission time. Each job asks for what the log says it held:
/// - its CPUs (allocated, else requested) as cores on any nodes, the way a log that counts
///   processors is read (requestFromProcessors): Slurm's NCPUS, an SWF's processors;
/// - and, where the log gives GPUs, the same share of them on every node it ran on (its GPUs
///   over its logged node count, rounded up);
/// - without a CPU count, whole nodes: its requested, else logged, node count.
/// It runs for its logged end - start, estimated by its time limit. Jobs with neither a
/// CPU nor a node count are counted in `skippedByReason`, not replayed.
struct StoredCoreWorkload
{
    std::vector<std::int64_t> jobIds;
    std::vector<CoreJob> jobs;
    std::map<std::string, std::int64_t> skippedByReason;
};

StoredCoreWorkload loadCoreWorkload(Store& store, std::int64_t machineId);

/// One stored run: a logged-run alternative produced by the simulator.
struct RunRecord
{
    std::int64_t id = 0;
    std::int64_t machineId = 0;
    std::string name;
    std::string parameters; ///< JSON: policy, order, backfill, window, transforms, seed, version
    std::string summary; ///< JSON: the run's system metrics
    std::int64_t createdAt = 0;
    std::int64_t placements = 0;
    /// The sweeps it belongs to (docs/simulation.md, "Sweeps"): the one that stored it first
    /// (its parameters' "sweep"), then any later sweep that met the same point, by name.
    std::vector<std::string> sweeps;
};

/// What the run decided for one job.
struct RunPlacement
{
    std::int64_t jobId = 0; ///< jobs.id
    std::int64_t submit = 0; ///< after the workload transforms
    std::int64_t start = 0, end = 0;
    std::vector<int> nodes;
    double schedulingMicroseconds = 0;
    std::vector<int> links; ///< links the job owned (ids of Topology::links()); empty: none
    std::vector<int> idleNodes; ///< nodes allocated to it beyond `nodes` (LaaS's whole leaves)
    /// A run by cores: the cores and the GPUs it held on each node of `nodes`, same order
    /// (placements.node_cores, node_gpus; schema version 13). Empty: it held its nodes whole.
    std::vector<int> nodeCores, nodeGpus;
};

/// Adds the runs of a machine carrying one of `pointIds` (parameters' "sweep_point") to the
/// sweep `sweep`, in one transaction; a run already in it stays as it is. Returns the runs added.
std::int64_t addRunsToSweep(Store& store, std::int64_t machineId, const std::string& sweep,
                            const std::vector<std::string>& pointIds);

/// Stores a run and its placements in one transaction. Throws StoreError when the name is
/// taken on that machine (nothing is written).
std::int64_t saveRun(Store& store, std::int64_t machineId, const std::string& name, const std::string& parameters,
                     const std::string& summary, const std::vector<RunPlacement>& placements);

/// Stores a run whose summary names it, in one write transaction: its name is `requested`
/// (StoreError when the machine has a run of that name: nothing is written), else the first
/// free one of `base`, `base (2)`, ... (chosen under the lock, so two programs storing at once
/// cannot take one name); `summaryOf` then gives the summary from the run's id and name.
/// Returns the id and the name.
struct StoredRunName
{
    std::int64_t id = 0;
    std::string name;
};
StoredRunName saveNamedRun(Store& store, std::int64_t machineId, const std::string& machineName,
                           const std::string& requested, const std::string& base, const std::string& parameters,
                           const std::vector<RunPlacement>& placements,
                           const std::function<std::string(std::int64_t id, const std::string& name)>& summaryOf);

/// A name not yet used by a run of the machine: `base`, else `base (2)`, `base (3)`, ...
std::string uniqueRunName(Store& store, std::int64_t machineId, const std::string& base);

std::vector<RunRecord> runs(Store& store, std::int64_t machineId);
/// The parameters (JSON) of the run `runId`, nullopt when no such run is stored; without
/// counting its placements as runs() does (a fifth of a second for a run of 3 million jobs).
std::optional<std::string> runParameters(Store& store, std::int64_t runId);
/// The id of the machine's run called `name` (the latest of that name), nullopt when it has
/// none; without counting placements.
std::optional<std::int64_t> runNamed(Store& store, std::int64_t machineId, const std::string& name);

/// What a job of a run held beyond the nodes it ran on, under isolating policies.
struct RunHoldings
{
    std::vector<int> links; ///< the links it owned (Jigsaw, LaaS), ascending; empty: none
    std::vector<int> idleNodes; ///< nodes allocated to it but idle (LaaS's whole leaves)
};

/// The order of runJobs() (by start, ties by job id) for rows read in the placements table's
/// own order (`WHERE run_id = ? ORDER BY job_id`, which needs no sort): the place of each
/// such row. Reading that way and placing each row is several times faster on a large run
/// than reading through the time index.
class RunOrder
{
public:
    /// With `twoConnections`, a large run is read by a second connection too (the caller
    /// holds no transaction).
    RunOrder(Store& store, std::int64_t runId, bool twoConnections = false);
    std::size_t size() const { return m_jobIds.size(); }
    /// The job of row `row` (< size()).
    std::int64_t jobId(std::size_t row) const { return m_jobIds[row]; }
    std::uint32_t placeOf(std::size_t row) const { return m_place[row]; }
    /// The place of row `row`, which must be job `jobId`; StoreError when it is not (the run
    /// changed since the order was read).
    std::uint32_t place(const Store& store, std::size_t row, std::int64_t jobId) const;
    /// StoreError unless `rows` rows were read: the run changed.
    void checkComplete(const Store& store, std::size_t rows) const;

private:
    std::vector<std::int64_t> m_jobIds; ///< per row, in job id order
    std::vector<std::uint32_t> m_place;
};

/// The jobs of a run as Job values (id and user from the job, times and nodes from the run),
/// by start time: every view that shows a logged run shows a simulated one the same way.
/// `holdings`, when given, gets what each job held beyond its nodes, in the same order, or
/// nothing where no job of the run held links or idle nodes (every run but Jigsaw's and
/// LaaS's): a year of first-fit jobs keeps no empty entry per job.
/// `labels`, when given, gets the jobs' names and their logged states in the same order (a
/// run replays when jobs run, not how they end); `cores`, when given, what runJobHoldings()
/// gives, read in the same pass.
std::vector<Job> runJobs(Store& store, std::int64_t runId, std::vector<RunHoldings>* holdings = nullptr,
                         JobLabels* labels = nullptr, std::vector<JobHolding>* cores = nullptr);

/// What each job of a run by cores held on its nodes, in the order of runJobs(): its cores
/// in all and per node, its GPUs in all and per node. Empty for a run whose jobs held whole
/// nodes (every run stored before schema version 13, and every run not made by cores). The
/// `cores` of runJobs(), for a caller that needs nothing else.
std::vector<JobHolding> runJobHoldings(Store& store, std::int64_t runId);

/// Deletes a run and its placements; false if there was none.
bool deleteRun(Store& store, std::int64_t runId);

} // namespace placement
