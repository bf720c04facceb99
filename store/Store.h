// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreHoldings.h"
#include "core/Job.h"
#include "store/Schema.h"
#include "store/SqliteDatabase.h"
#include "store/StartKnowledge.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

struct MachineRecord
{
    std::int64_t id = 0;
    std::string name;
    std::string spec; ///< see core/MachineSpec.h
    std::int64_t jobCount = 0;
    /// Of those, jobs whose log gives no start time: replayed by the simulator, left out
    /// of Store::jobs() and so of every view and metric that needs the logged start.
    std::int64_t jobsWithoutStart = 0;
    /// Jobs holding a node another job holds at the same time (jobs.shares_nodes, schema
    /// version 8; core/NodeSharing.h).
    std::int64_t jobsSharingNodes = 0;
};

/// Everything a scheduler log says about one run of one job, as stored.
struct JobRecord
{
    Job job; ///< id, user, times, node ids (the logged run)
    std::string name, account, partition, qos, state;
    std::optional<int> exitCode;
    std::optional<std::int64_t> eligible, timeLimit;
    int requestedNodes = -1, requestedCpus = -1, allocatedCpus = -1;
    bool nodesIncomplete = false; ///< the log named nodes the machine does not have
    /// False: the log gives no start (nor end); job.start is then job.submit and job.end
    /// job.submit + the run time, for the simulator, and job.start the start of its identity
    /// (schema version 7).
    bool startKnown = true;
    /// Known to hold a node another job holds at the same time when it is stored (an
    /// import's quick check against the job read last on each node); the other jobs that
    /// share nodes are marked once all are stored (store/Schema.h, markJobsSharingNodes).
    bool sharesNodes = false;
    /// The CPUs (cores) the run held on each node of job.nodes, in the same order, where the
    /// log says so per node (an SWF host list naming a host once per CPU); empty: not per
    /// node (allocatedCpus may still give the total). Schema version 9.
    std::vector<int> nodeCores;
    int gpus = -1; ///< GPUs the run held in all (sacct AllocTRES gres/gpu); -1 unknown (version 9)
    std::int64_t sourceLine = 0;
    /// job.nodes as stored (store/NodeListBlob.h), when nodesEncoded: an import checks and
    /// encodes node lists on its parsing thread (NodeListEncoder), so that the thread that
    /// inserts does nothing but insert. Otherwise JobWriter::add does it.
    std::string encodedNodes;
    bool nodesEncoded = false;
};

/// The part of JobWriter::add that needs no database: checks a job's node list against the
/// machine and encodes it for storing. Each encoder is used by one thread at a time.
class NodeListEncoder
{
public:
    NodeListEncoder(std::string databasePath, int nodeCount);
    /// Throws StoreError for a node outside the machine or listed twice.
    void encode(const Job& job, std::string& blob);
    /// encode() into record.encodedNodes; sets record.nodesEncoded.
    void encode(JobRecord& record);

private:
    std::string m_path; ///< for messages
    int m_nodeCount = 0;
    std::vector<std::uint32_t> m_seen; ///< per node: the last job (stamp) listing it
    std::uint32_t m_stamp = 0;
};

/// One imported file.
/// One job's row of job_metrics: its placement metrics (core/PlacementMetrics.h) and the
/// minimum APH of its size; a count that does not apply to the machine's kind is empty.
struct StoredJobMetrics
{
    double aph = 0, aphAllLinks = 0, minimumAph = 0;
    int partitions = 0, spread = 0;
    std::optional<int> routers, leaves, pods, lowestCommonLevel;
};

struct SourceRecord
{
    std::int64_t id = 0;
    std::string path;
    std::int64_t size = 0;
    std::string contentHash; ///< XXH3-128 of the log's bytes, hex (FNV-1a 64 before schema 6)
    std::string format;
    std::int64_t importedAt = 0;
    std::int64_t linesRead = 0, jobsImported = 0, linesRejected = 0;
    /// Where its job ids are unique, with the machine: empty for a machine's scheduler (Slurm,
    /// PBS, Moab ids), the trace for SWF job numbers. Part of each job's identity; not stored
    /// in the sources table.
    std::string origin;
};

/// A job of an import that is stored already with other values (the same identity: machine,
/// origin, job id and start), and ended there: it is not stored again.
struct JobConflict
{
    std::int64_t line = 0;
    std::string reason;
};

/// A Placement Explorer database: machines, their nodes, imported sources and the jobs that
/// ran. WAL journal; every write is one transaction.
///
/// The `meta` table holds `schema_version`; opening an older database migrates it one
/// step per version inside one transaction, a newer one is refused.
class Store
{
public:
    static constexpr int SchemaVersion = CurrentSchemaVersion;
    /// PRAGMA application_id of our databases ("PlEx"): the explorer and the command line
    /// open no SQLite database of another program.
    static constexpr std::int64_t ApplicationId = ProgramApplicationId;

    /// Opens an existing database (never creates a file); throws StoreError naming the path.
    static Store openExisting(const std::string& path);
    /// openExisting() for one thread at a time (SqliteDatabase::Threads::OneThread): a reader
    /// of a whole run.
    static Store openForOneThread(const std::string& path);
    /// openForOneThread() on this store's file, with this store's stop check (a reader's
    /// helper connection, which stops when the reader does).
    Store openSibling() const;
    /// Opens or creates a database at `path`.
    static Store openOrCreate(const std::string& path);
    /// Creates a database in `unpublished`, an empty file no other program knows of yet
    /// (newFileBeside), to be published whole by publishNewDatabase once finishNew() has
    /// run and the store is closed. Nothing can read the file meanwhile, so it is written
    /// once, without a write-ahead log and without syncing: a bulk import into it writes
    /// each page once instead of twice (log, then checkpoint). publishNewDatabase syncs the
    /// file before it appears under its name; a crash before leaves only the unpublished file.
    static Store createUnpublished(const std::string& unpublished);
    /// After createUnpublished: switches the database to the write-ahead log every database
    /// of ours uses (docs/importing.md) and to syncing its commits.
    void finishNew();

    const std::string& path() const { return m_db.path(); }
    SqliteDatabase& database() { return m_db; }
    /// SqliteDatabase::setStopCheck() of this store's connection.
    void setStopCheck(StopCheck stop) { m_db.setStopCheck(std::move(stop)); }
    void throwIfStopped() const { m_db.throwIfStopped(); }
    int schemaVersion();

    std::string metaValue(const std::string& key, const std::string& fallback = {});
    void setMetaValue(const std::string& key, const std::string& value);

    /// Adds a machine; `nodeNames` (one per node, unique) default to the topology's own names.
    std::int64_t addMachine(const std::string& name, const std::string& spec,
                            const std::vector<std::string>& nodeNames = {});
    /// Adds a machine with its jobs, all or nothing. Returns the machine id.
    std::int64_t addMachine(const std::string& name, const std::string& spec, const std::vector<Job>& jobs);

    std::vector<MachineRecord> machines();
    /// The machines with their job counts left at 0: counting takes a pass over the jobs'
    /// index (0.2 s for 3 million jobs), which a caller may run elsewhere meanwhile.
    std::vector<MachineRecord> uncountedMachines();
    std::optional<MachineRecord> machine(const std::string& name);
    std::vector<std::string> nodeNames(std::int64_t machineId);
    /// The logged runs of a machine's jobs, by submission time: the jobs whose start the
    /// log gives (MachineRecord::jobsWithoutStart counts the others).
    std::vector<Job> jobs(std::int64_t machineId);
    std::vector<SourceRecord> sources();

    /// Stores what each node offers (nodes.cores, nodes.gpus; schema version 9): per node id,
    /// -1 where unknown. Vectors shorter than the machine leave the other nodes as they are.
    void setNodeResources(std::int64_t machineId, const NodeResources& resources);
    /// What the machine's nodes offer, one entry per node id (-1 unknown); empty vectors for
    /// a machine stored without node rows.
    NodeResources nodeResources(std::int64_t machineId);
    /// What each job of jobs(machineId) holds besides its nodes, in the same order: its
    /// cores (allocated_cpus), per node (node_cores; a one-node job's total), its GPUs.
    std::vector<JobHolding> jobHoldings(std::int64_t machineId);
    /// Each job's cores in all (JobHolding::cores: allocated_cpus, -1 unknown), in the order
    /// of jobHoldings(): 4 bytes a job, for a summary of millions of jobs.
    std::vector<int> jobCores(std::int64_t machineId);

    /// Stores (replacing earlier values) the placement metrics of every job of a machine that
    /// has a complete node list, in one transaction: `measure` gives them from the job's nodes
    /// (services/Metrics.h computes them). Returns the jobs done.
    std::int64_t saveJobMetrics(std::int64_t machineId,
                                const std::function<StoredJobMetrics(const std::vector<int>& nodes)>& measure);

private:
    enum class Journal { WriteAheadLog, UnpublishedFile };
    Store(const std::string& path, SqliteDatabase::Mode mode, Journal journal = Journal::WriteAheadLog,
          SqliteDatabase::Threads threads = SqliteDatabase::Threads::Shared, StopCheck stop = {});
    void migrate(SqliteDatabase::Mode mode, Journal journal);
    /// Throws for a newer schema, or for a file that is no database of ours.
    void checkSchemaVersion(int version, SqliteDatabase::Mode mode);

    SqliteDatabase m_db;
};

/// Writes one import: its source row and its jobs, all in one transaction. Nothing is
/// stored unless commit() is reached (also when the process dies half-way: the journal
/// undoes it).
///
/// A job is identified by its machine, its origin (SourceRecord::origin), its job id and the
/// start of its run (a requeued job's runs are separate jobs). A job whose identity is stored
/// already is not stored again: with the same values it is counted unchanged; with values
/// the stored one lacks, they are filled in, and a stored run that had not ended (RUNNING,
/// ...) is replaced, both counted updated; with other values it is a conflict, reported and
/// not stored (docs/importing.md, "Importing again").
class JobWriter
{
public:
    JobWriter(Store& store, std::int64_t machineId, SourceRecord source);
    /// Throws StoreError for a node outside the machine or listed twice (unless the job's
    /// node list was encoded already: then that encoder checked it).
    void add(const JobRecord& job);
    /// Adds jobs in file order, as add() one by one, in one run of one statement (a batch
    /// of a few thousand is what an import hands over).
    void add(std::span<const JobRecord> jobs);
    /// Records the counts (and, when given, the fingerprint and size of the source's content,
    /// known once it has been read) in the source row and commits. Returns the source id.
    std::int64_t commit(std::int64_t linesRead, std::int64_t linesRejected, const std::string& contentHash = {},
                        std::int64_t size = 0);
    /// Jobs stored as new; jobs found stored with the same values; jobs updated; conflicts.
    std::int64_t jobsAdded() const { return m_added; }
    std::int64_t jobsUnchanged() const { return m_unchanged; }
    std::int64_t jobsUpdated() const { return m_updated; }
    const std::vector<JobConflict>& conflicts() const { return m_conflicts; }
    /// Per job added, in order: the id of the row stored for it, 0 when none was (stored
    /// already, or a conflict).
    const std::vector<std::int64_t>& rowIds() const { return m_rowIds; }
    /// An encoder for this writer's machine, to prepare records on another thread.
    NodeListEncoder nodeListEncoder() const { return NodeListEncoder(m_store.path(), m_nodeCount); }

private:
    /// For each of `records` that the batch insert left out: unchanged, updated or conflict.
    void compareWithStored(std::span<const JobRecord> records, std::int64_t* rowIds);
    /// For each of `records` stored as new while the job is stored already with the other
    /// kind of start (StartKnowledge): the new row goes, the stored job is kept, given the
    /// start when the log has it, or the conflict is reported.
    void reconcileStarts(std::span<const JobRecord> records, std::int64_t* rowIds);
    /// Adds a conflict: the stored job (source, line) differs from `record` in `differences`.
    void addConflict(const JobRecord& record, std::int64_t storedSource, std::int64_t storedLine,
                     const std::vector<std::string>& differences);
    const std::string& nodeBlob(std::span<const JobRecord> records, std::size_t index) const;
    std::string describeSource(std::int64_t sourceId, std::int64_t line);

    Store& m_store;
    SqliteTransaction m_transaction;
    std::int64_t m_machineId;
    std::string m_origin;
    std::int64_t m_sourceId = 0;
    std::int64_t m_added = 0, m_unchanged = 0, m_updated = 0;
    std::vector<JobConflict> m_conflicts;
    std::vector<std::int64_t> m_rowIds;
    int m_nodeCount = 0;
    std::optional<NodeListEncoder> m_encoder; ///< for records not encoded before
    std::vector<std::string> m_encodedHere; ///< their node lists (the buffers are reused)
    SqliteStatement m_insert; ///< a batch of jobs, from placement_job_batch (JobBatchTable.h)
    SqliteStatement m_find; ///< the stored job of one identity
    StartKnowledge m_startKnowledge;
};

} // namespace placement
