// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/Store.h"

#include "core/MachineSpec.h"
#include "core/Topology.h"
#include "store/JobBatchTable.h"
#include "store/LoggedJobs.h"
#include "store/NodeCores.h"
#include "store/NodeListBlob.h"
#include "store/Schema.h"
#include "store/StoredJobComparison.h"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <filesystem>
#include <limits>
#include <sqlite3.h>
#include <unordered_map>

namespace placement {

Store::Store(const std::string& path, SqliteDatabase::Mode mode, Journal journal, SqliteDatabase::Threads threads,
             StopCheck stop)
    : m_db(path, mode, threads)
{
    migrate(mode, journal);
    registerJobBatchTable(m_db);
    m_db.setStopCheck(std::move(stop)); // not before: a migration is never stopped half-way
}

Store Store::openExisting(const std::string& path)
{
    return Store(path, SqliteDatabase::Mode::OpenExisting);
}

Store Store::openForOneThread(const std::string& path)
{
    return Store(path, SqliteDatabase::Mode::OpenExisting, Journal::WriteAheadLog, SqliteDatabase::Threads::OneThread);
}

Store Store::openSibling() const
{
    return Store(path(), SqliteDatabase::Mode::OpenExisting, Journal::WriteAheadLog, SqliteDatabase::Threads::OneThread,
                 m_db.stopCheck());
}

Store Store::openOrCreate(const std::string& path)
{
    return Store(path, SqliteDatabase::Mode::CreateIfMissing);
}

Store Store::createUnpublished(const std::string& unpublished)
{
    std::error_code error;
    if (std::filesystem::file_size(unpublished, error) != 0 || error)
        throw StoreError(unpublished + ": not an empty new file; a database is built only in a new one");
    return Store(unpublished, SqliteDatabase::Mode::OpenExisting, Journal::UnpublishedFile);
}

void Store::finishNew()
{
    m_db.execute("PRAGMA synchronous = FULL");
    SqliteStatement journal(m_db, "PRAGMA journal_mode = WAL");
    journal.step();
}

int Store::schemaVersion()
{
    SqliteStatement hasMeta(m_db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
    if (!hasMeta.step())
        return 0;
    // Another program's database may have a meta table of its own: without our columns, or
    // with a version that is not a number.
    SqliteStatement columns(m_db, "SELECT count(*) FROM pragma_table_info('meta') WHERE name IN ('key', 'value')");
    if (!columns.step() || columns.integer(0) != 2)
        throw StoreError(m_db.path() + ": not a Placement Explorer database (its meta table has no key and value)");
    SqliteStatement version(m_db, "SELECT value FROM meta WHERE key = 'schema_version'");
    if (!version.step())
        return 0;
    const std::string text = version.text(0);
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 1)
        throw StoreError(m_db.path() + ": not a Placement Explorer database (schema version '" + text + "')");
    return value;
}

void Store::migrate(SqliteDatabase::Mode mode, Journal journal)
{
    if (journal == Journal::UnpublishedFile)
        mode = SqliteDatabase::Mode::CreateIfMissing; // the file is there, empty, and ours
    std::error_code sizeError;
    if (mode == SqliteDatabase::Mode::CreateIfMissing && std::filesystem::file_size(m_db.path(), sizeError) == 0
        && !sizeError) {
        // A new, empty file gets 16 KiB pages instead of 4 KiB: a job table in a quarter of
        // the pages makes imports faster (fewer b-tree splits, WAL frames and page look-ups;
        // docs/benchmarks.md). It has to be set before the first transaction reads the file,
        // and only an empty file takes it, so existing databases keep their page size.
        m_db.execute("PRAGMA page_size = 16384");
    }
    // Reading sqlite_master is also what tells a non-database file apart ("file is not a database").
    int version = schemaVersion();
    checkSchemaVersion(version, mode);
    if (version < SchemaVersion && m_db.readOnly())
        throw StoreError(m_db.path() + ": schema version " + std::to_string(version)
                         + " needs migrating, and the database can only be read here (a read-only folder or "
                           "file); open it once where it can be written");
    if (version < SchemaVersion) {
        // The write lock is taken only when there is something to migrate: a database that is
        // up to date opens without it, also while another program writes to it.
        SqliteTransaction transaction(m_db);
        version = schemaVersion(); // another program may have migrated it meanwhile
        checkSchemaVersion(version, mode);
        for (++version; version <= SchemaVersion; ++version) {
            migrateSchema(m_db, version);
            setMetaValue("schema_version", std::to_string(version));
        }
        transaction.commit();
    }
    if (m_db.readOnly())
        return;
    if (journal == Journal::UnpublishedFile) {
        // No reader can come (no program knows the file), and nothing need survive a crash
        // before publishNewDatabase syncs it: SQLite's rollback journal, unsynced.
        m_db.execute("PRAGMA synchronous = OFF");
        return;
    }
    // Readers (the explorer) never block a writer (an import) and the other way round.
    SqliteStatement walMode(m_db, "PRAGMA journal_mode = WAL");
    walMode.step();
}

void Store::checkSchemaVersion(int version, SqliteDatabase::Mode mode)
{
    SqliteStatement application(m_db, "PRAGMA application_id");
    const std::int64_t id = application.step() ? application.integer(0) : 0;
    if (id != 0 && id != ApplicationId)
        throw StoreError(m_db.path()
                         + ": not a Placement Explorer database (an SQLite database of another program, "
                           "application_id "
                         + std::to_string(id) + ")");
    if (id == 0 && version > 0) {
        // Written before databases were marked: ours only if it has our tables too.
        SqliteStatement tables(m_db,
                               "SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                               "AND name IN ('machines', 'jobs', 'nodes', 'sources')");
        tables.step();
        if (tables.integer(0) != (version >= 2 ? 4 : 2))
            throw StoreError(m_db.path() + ": not a Placement Explorer database (its tables are not ours)");
    }
    if (version > SchemaVersion)
        throw StoreError(m_db.path() + ": schema version " + std::to_string(version)
                         + " is newer than this program understands (" + std::to_string(SchemaVersion) + ")");
    if (version == 0) {
        SqliteStatement tables(m_db, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        tables.step();
        if (tables.integer(0) != 0 || mode == SqliteDatabase::Mode::OpenExisting)
            throw StoreError(m_db.path() + ": not a Placement Explorer database (no schema version)");
    }
}

std::string Store::metaValue(const std::string& key, const std::string& fallback)
{
    SqliteStatement query(m_db, "SELECT value FROM meta WHERE key = ?1");
    query.bind(1, key);
    return query.step() ? query.text(0) : fallback;
}

void Store::setMetaValue(const std::string& key, const std::string& value)
{
    SqliteStatement upsert(m_db,
                           "INSERT INTO meta (key, value) VALUES (?1, ?2) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, key).bind(2, value).run();
}

std::int64_t Store::addMachine(const std::string& name, const std::string& spec,
                               const std::vector<std::string>& nodeNames)
{
    std::unique_ptr<Topology> topology;
    try {
        topology = parseMachineSpec(spec);
    } catch (const std::invalid_argument& error) {
        throw StoreError(m_db.path() + ": machine '" + name + "': " + error.what());
    }
    if (!nodeNames.empty() && static_cast<int>(nodeNames.size()) != topology->nodeCount())
        throw StoreError(m_db.path() + ": machine '" + name + "' has " + std::to_string(topology->nodeCount())
                         + " nodes but " + std::to_string(nodeNames.size()) + " node names were given");
    SqliteTransaction transaction(m_db);
    SqliteStatement machine(m_db, "INSERT INTO machines (name, spec) VALUES (?1, ?2) RETURNING id");
    machine.bind(1, name).bind(2, spec);
    if (!machine.step())
        m_db.fail("cannot add machine '" + name + "'");
    const std::int64_t machineId = machine.integer(0);
    machine.reset();
    SqliteStatement node(m_db, "INSERT INTO nodes (machine_id, idx, name) VALUES (?1, ?2, ?3)");
    for (int index = 0; index < topology->nodeCount(); ++index) {
        const std::string nodeName
            = nodeNames.empty() ? topology->nodeName(index) : nodeNames[static_cast<size_t>(index)];
        node.bind(1, machineId).bind(2, static_cast<std::int64_t>(index)).bind(3, nodeName).run();
    }
    transaction.commit();
    return machineId;
}

std::int64_t Store::addMachine(const std::string& name, const std::string& spec, const std::vector<Job>& jobs)
{
    SqliteTransaction transaction(m_db);
    const std::int64_t machineId = addMachine(name, spec, std::vector<std::string>());
    SourceRecord source;
    source.path = "(generated)";
    source.format = "generated";
    JobWriter writer(*this, machineId, source);
    std::vector<JobRecord> batch;
    for (size_t i = 0; i < jobs.size(); ++i) {
        batch.emplace_back().job = jobs[i];
        if (batch.size() == 2048 || i + 1 == jobs.size()) {
            writer.add(batch);
            batch.clear();
        }
    }
    writer.commit(static_cast<std::int64_t>(jobs.size()), 0);
    markJobsSharingNodes(m_db, machineId, std::numeric_limits<std::int64_t>::min(),
                         std::numeric_limits<std::int64_t>::max());
    transaction.commit();
    return machineId;
}

std::vector<MachineRecord> Store::machines()
{
    SqliteStatement query(m_db,
                          // Each count from an index: the identity index for all jobs, the partial
                          // indexes of schema version 14 for the other two (Schema.cpp).
                          "SELECT m.id, m.name, m.spec, "
                          "(SELECT count(*) FROM jobs j WHERE j.machine_id = m.id), "
                          "(SELECT count(*) FROM jobs j WHERE j.machine_id = m.id AND j.start_known = 0), "
                          "(SELECT count(*) FROM jobs j WHERE j.machine_id = m.id AND j.shares_nodes = 1) "
                          "FROM machines m ORDER BY m.id");
    std::vector<MachineRecord> result;
    while (query.step())
        result.push_back(
            {query.integer(0), query.text(1), query.text(2), query.integer(3), query.integer(4), query.integer(5)});
    return result;
}

std::vector<MachineRecord> Store::uncountedMachines()
{
    SqliteStatement query(m_db, "SELECT id, name, spec FROM machines ORDER BY id");
    std::vector<MachineRecord> result;
    while (query.step())
        result.push_back({query.integer(0), query.text(1), query.text(2), 0, 0, 0});
    return result;
}

std::optional<MachineRecord> Store::machine(const std::string& name)
{
    for (MachineRecord& record : machines())
        if (record.name == name)
            return record;
    return std::nullopt;
}

std::vector<std::string> Store::nodeNames(std::int64_t machineId)
{
    SqliteStatement query(m_db, "SELECT name FROM nodes WHERE machine_id = ?1 ORDER BY idx");
    query.bind(1, machineId);
    std::vector<std::string> names;
    while (query.step())
        names.push_back(query.text(0));
    return names;
}

std::vector<Job> Store::jobs(std::int64_t machineId)
{
    return readLoggedJobs(*this, machineId, LoggedJobList).jobs;
}

void Store::setNodeResources(std::int64_t machineId, const NodeResources& resources)
{
    SqliteTransaction transaction(m_db);
    SqliteStatement update(m_db, "UPDATE nodes SET cores = ?3, gpus = ?4 WHERE machine_id = ?1 AND idx = ?2");
    const std::size_t count = std::max(resources.cores.size(), resources.gpus.size());
    for (std::size_t node = 0; node < count; ++node) {
        const int cores = node < resources.cores.size() ? resources.cores[node] : -1;
        const int gpus = node < resources.gpus.size() ? resources.gpus[node] : -1;
        update.bind(1, machineId).bind(2, static_cast<std::int64_t>(node));
        update.bindOptional(3, cores >= 0 ? std::optional<std::int64_t>(cores) : std::nullopt);
        update.bindOptional(4, gpus >= 0 ? std::optional<std::int64_t>(gpus) : std::nullopt);
        update.run();
    }
    transaction.commit();
}

NodeResources Store::nodeResources(std::int64_t machineId)
{
    NodeResources result;
    SqliteStatement query(m_db,
                          "SELECT idx, coalesce(cores, -1), coalesce(gpus, -1) FROM nodes "
                          "WHERE machine_id = ?1 ORDER BY idx");
    query.bind(1, machineId);
    while (query.step()) {
        const auto node = static_cast<std::size_t>(query.integer(0));
        result.cores.resize(node + 1, -1);
        result.gpus.resize(node + 1, -1);
        result.cores[node] = static_cast<int>(query.integer(1));
        result.gpus[node] = static_cast<int>(query.integer(2));
    }
    return result;
}

std::vector<JobHolding> Store::jobHoldings(std::int64_t machineId)
{
    return readLoggedJobs(*this, machineId, LoggedHoldings).holdings;
}

std::vector<int> Store::jobCores(std::int64_t machineId)
{
    return readLoggedJobs(*this, machineId, LoggedCores).cores;
}

std::vector<SourceRecord> Store::sources()
{
    SqliteStatement query(m_db,
                          "SELECT id, path, size, content_hash, format, imported_at, lines_read, "
                          "jobs_imported, lines_rejected FROM sources ORDER BY id");
    std::vector<SourceRecord> result;
    while (query.step())
        result.push_back({query.integer(0),
                          query.text(1),
                          query.integer(2),
                          query.text(3),
                          query.text(4),
                          query.integer(5),
                          query.integer(6),
                          query.integer(7),
                          query.integer(8),
                          {}});
    return result;
}

std::int64_t Store::saveJobMetrics(std::int64_t machineId,
                                   const std::function<StoredJobMetrics(const std::vector<int>& nodes)>& measure)
{
    SqliteTransaction transaction(m_db);
    SqliteStatement query(m_db,
                          "SELECT id, nodes FROM jobs WHERE machine_id = ?1 AND node_count > 0 "
                          "AND nodes_incomplete = 0");
    query.bind(1, machineId);
    SqliteStatement save(m_db,
                         "INSERT OR REPLACE INTO job_metrics (job_id, aph, aph_all_links, min_aph, partitions, "
                         "routers, leaves, pods, llcs, spread) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    std::int64_t done = 0;
    while (query.step()) {
        const StoredJobMetrics m = measure(decodeNodeList(query.blob(1), query.bytes(1)));
        SqliteStatement& row = save.bind(1, query.integer(0));
        row.bindReal(2, m.aph);
        row.bindReal(3, m.aphAllLinks);
        row.bindReal(4, m.minimumAph);
        row.bind(5, static_cast<std::int64_t>(m.partitions))
            .bindOptional(6, m.routers)
            .bindOptional(7, m.leaves)
            .bindOptional(8, m.pods)
            .bindOptional(9, m.lowestCommonLevel)
            .bind(10, static_cast<std::int64_t>(m.spread))
            .run();
        ++done;
    }
    transaction.commit();
    return done;
}

JobWriter::JobWriter(Store& store, std::int64_t machineId, SourceRecord source)
    : m_store(store)
    , m_transaction(store.database())
    , m_machineId(machineId)
    , m_origin(source.origin)
    , m_insert(store.database(),
               "INSERT INTO jobs (machine_id, job_ref, user, submit, start, end, name, account, partition, qos, state, "
               "exit_code, eligible, time_limit, requested_nodes, requested_cpus, allocated_cpus, node_count, nodes, "
               "nodes_incomplete, source_id, source_line, origin, start_known, shares_nodes, node_cores, gpus) "
               "SELECT ?2, job_ref, user, submit, start, end, name, account, partition, qos, state, exit_code, "
               "eligible, time_limit, requested_nodes, requested_cpus, allocated_cpus, node_count, nodes, "
               "nodes_incomplete, ?3, source_line, ?4, start_known, shares_nodes, node_cores, gpus "
               "FROM placement_job_batch(?1) WHERE true "
               "ON CONFLICT (machine_id, start, job_ref, origin) DO NOTHING")
    , m_find(store.database(),
             std::string("SELECT id, source_id, source_line, ") + StoredJobColumns
                 + ", start_known FROM jobs WHERE machine_id = ?1 AND origin = ?2 AND job_ref = ?3 AND start = ?4")
    , m_startKnowledge(store.database(), machineId, source.origin)
{
    SqliteStatement insert(store.database(),
                           "INSERT INTO sources (path, size, content_hash, format, imported_at, lines_read, "
                           "jobs_imported, lines_rejected) VALUES (?1, ?2, ?3, ?4, ?5, 0, 0, 0) RETURNING id");
    insert.bind(1, source.path)
        .bind(2, source.size)
        .bind(3, source.contentHash)
        .bind(4, source.format)
        .bind(5, source.importedAt ? source.importedAt : static_cast<std::int64_t>(std::time(nullptr)));
    if (!insert.step())
        store.database().fail("cannot record the source " + source.path);
    m_sourceId = insert.integer(0);
    SqliteStatement spec(store.database(), "SELECT spec FROM machines WHERE id = ?1");
    spec.bind(1, machineId);
    if (!spec.step())
        throw StoreError(store.path() + ": no machine with id " + std::to_string(machineId));
    try {
        m_nodeCount = parseMachineSpec(spec.text(0))->nodeCount();
    } catch (const std::invalid_argument& error) {
        throw StoreError(store.path() + ": " + error.what());
    }
    m_encoder.emplace(store.path(), m_nodeCount);
    m_insert.bind(2, m_machineId).bind(3, m_sourceId).bind(4, m_origin); // the same for every job: bound once
}

void JobWriter::add(std::span<const JobRecord> records)
{
    if (records.empty())
        return;
    JobBatch batch{records, &m_encodedHere};
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].nodesEncoded)
            continue;
        if (m_encodedHere.size() < records.size())
            m_encodedHere.resize(records.size());
        m_encoder->encode(records[i].job, m_encodedHere[i]);
    }
    m_insert.bindPointer(1, &batch, JobBatchPointerType);
    m_insert.runKeepingBindings(); // ?2, ?3 and ?4 stay bound
    m_insert.bindPointer(1, nullptr, JobBatchPointerType);
    // The unique identity index left out the jobs stored already: rare, so only then is each
    // job of the batch looked up.
    const auto inserted = static_cast<std::int64_t>(sqlite3_changes64(m_store.database().handle()));
    m_added += inserted;
    const std::size_t first = m_rowIds.size();
    m_rowIds.resize(first + records.size(), 0);
    std::int64_t* rowIds = m_rowIds.data() + first;
    if (inserted == static_cast<std::int64_t>(records.size())) {
        // One statement appended every row: their ids follow one another (SQLite gives a new
        // row the largest id plus one), up to the last inserted.
        const std::int64_t last = sqlite3_last_insert_rowid(m_store.database().handle());
        for (std::size_t i = 0; i < records.size(); ++i)
            rowIds[i] = last - static_cast<std::int64_t>(records.size() - 1 - i);
    } else {
        compareWithStored(records, rowIds);
    }
    if (m_startKnowledge.anyStored())
        reconcileStarts(records, rowIds);
}

const std::string& JobWriter::nodeBlob(std::span<const JobRecord> records, std::size_t index) const
{
    return records[index].nodesEncoded ? records[index].encodedNodes : m_encodedHere[index];
}

std::string JobWriter::describeSource(std::int64_t sourceId, std::int64_t line)
{
    if (sourceId == m_sourceId)
        return "line " + std::to_string(line) + " of this file";
    SqliteStatement path(m_store.database(), "SELECT path FROM sources WHERE id = ?1");
    path.bind(1, sourceId);
    return path.step() ? path.text(0) + ":" + std::to_string(line) : "an earlier import";
}

void JobWriter::compareWithStored(std::span<const JobRecord> records, std::int64_t* rowIds)
{
    SqliteDatabase& db = m_store.database();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const JobRecord& record = records[i];
        m_find.bind(1, m_machineId).bind(2, m_origin).bind(3, record.job.id).bind(4, record.job.start);
        if (!m_find.step())
            throw StoreError(db.path() + ": job " + record.job.id + " was neither stored nor found stored");
        if (m_find.integer(1) == m_sourceId && m_find.integer(2) == record.sourceLine) {
            rowIds[i] = m_find.integer(0);
            m_find.reset(); // stored by this batch
            continue;
        }
        const std::int64_t storedId = m_find.integer(0);
        const std::string& blob = nodeBlob(records, i);
        const StoredJobComparison comparison(m_find, record, blob);
        const std::int64_t storedSource = m_find.integer(1), storedLine = m_find.integer(2);
        // A job stored without its start, logged now with a start at its submission time
        // (the start its identity was stored under): the start is a value it lacked.
        const bool startFound = record.startKnown && m_find.integer(19) == 0;
        m_find.reset();
        if (comparison.identical() && !startFound) {
            ++m_unchanged;
        } else if (comparison.differences.empty()) {
            // The log adds what the stored one lacks (another export's fields): filled in.
            SqliteStatement fill(db,
                                 "UPDATE jobs SET " + storedJobAssignments(true)
                                     + ", start_known = max(start_known, ?18) WHERE id = ?1");
            fill.bind(1, storedId).bind(18, std::int64_t(record.startKnown ? 1 : 0));
            bindStoredJobValues(fill, record, blob);
            fill.run();
            ++m_updated;
        } else if (comparison.storedNotEnded) {
            // The stored run had not ended when it was logged; this log has its end.
            SqliteStatement replace(db,
                                    "UPDATE jobs SET " + storedJobAssignments(false)
                                        + ", node_count = ?18, source_id = ?19, source_line = ?20 WHERE id = ?1");
            replace.bind(1, storedId);
            bindStoredJobValues(replace, record, blob);
            replace.bind(18, static_cast<std::int64_t>(record.job.nodes.size()))
                .bind(19, m_sourceId)
                .bind(20, record.sourceLine)
                .run();
            SqliteStatement metrics(db, "DELETE FROM job_metrics WHERE job_id = ?1"); // of the old nodes
            metrics.bind(1, storedId).run();
            ++m_updated;
        } else {
            addConflict(record, storedSource, storedLine, comparison.differences);
        }
    }
}

void JobWriter::addConflict(const JobRecord& record, std::int64_t storedSource, std::int64_t storedLine,
                            const std::vector<std::string>& differences)
{
    std::string reason = "job " + record.job.id + " is stored already (from " + describeSource(storedSource, storedLine)
        + ") with other values: ";
    for (std::size_t d = 0; d < differences.size(); ++d)
        reason += (d ? ", " : "") + differences[d];
    m_conflicts.push_back({record.sourceLine, reason + "; kept as stored"});
}

void JobWriter::reconcileStarts(std::span<const JobRecord> records, std::int64_t* rowIds)
{
    SqliteDatabase& db = m_store.database();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const JobRecord& record = records[i];
        const std::optional<StartKnowledge::Stored> other
            = m_startKnowledge.otherKind(record.job.id, record.job.submit, record.startKnown);
        if (!other || other->start == record.job.start)
            continue; // none, or the same identity: compareWithStored() saw it
        // The row this batch stored for the record: the job again, with the other kind of start.
        m_find.bind(1, m_machineId).bind(2, m_origin).bind(3, record.job.id).bind(4, record.job.start);
        const bool storedHere
            = m_find.step() && m_find.integer(1) == m_sourceId && m_find.integer(2) == record.sourceLine;
        const std::int64_t newId = storedHere ? m_find.integer(0) : 0;
        m_find.reset();
        if (!storedHere)
            continue;
        SqliteStatement drop(db, "DELETE FROM jobs WHERE id = ?1");
        drop.bind(1, newId).run();
        --m_added;
        rowIds[i] = 0;

        // Compared as if the log said what the stored job says about its start.
        JobRecord probe = record;
        probe.job.end = other->start + (record.job.end - record.job.start);
        SqliteStatement stored(
            db, std::string("SELECT id, source_id, source_line, ") + StoredJobColumns + " FROM jobs WHERE id = ?1");
        stored.bind(1, other->id);
        if (!stored.step())
            throw StoreError(db.path() + ": job " + record.job.id + " was found stored and then not");
        const std::string& blob = nodeBlob(records, i);
        const StoredJobComparison comparison(stored, probe, blob);
        std::vector<std::string> differences = comparison.differences;
        // A job stored without its start (an SWF line with wait -1) usually has no nodes
        // either: the log that gives the start gives them too.
        const bool storedWithoutNodes = stored.bytes(17) == 0 && stored.integer(18) == 0;
        if (record.startKnown && storedWithoutNodes)
            std::erase(differences, std::string("node list"));
        if (!differences.empty()) {
            addConflict(record, stored.integer(1), stored.integer(2), differences);
            continue;
        }
        if (record.startKnown) {
            // The stored job's start is known now: start, end and the values it lacked.
            SqliteStatement fill(db,
                                 "UPDATE jobs SET " + storedJobAssignments(true)
                                     + ", start = ?18, end = ?19, start_known = 1, nodes = CASE WHEN "
                                       "length(nodes) > 0 THEN nodes ELSE ?16 END, node_count = CASE WHEN "
                                       "length(nodes) > 0 THEN node_count ELSE ?20 END WHERE id = ?1");
            fill.bind(1, other->id);
            bindStoredJobValues(fill, probe, blob);
            fill.bind(18, record.job.start)
                .bind(19, record.job.end)
                .bind(20, static_cast<std::int64_t>(record.job.nodes.size()))
                .run();
            SqliteStatement metrics(db, "DELETE FROM job_metrics WHERE job_id = ?1");
            metrics.bind(1, other->id).run();
            m_startKnowledge.startFound(other->id);
            ++m_updated;
        } else if (comparison.addsValues) {
            SqliteStatement fill(db, "UPDATE jobs SET " + storedJobAssignments(true) + " WHERE id = ?1");
            fill.bind(1, other->id);
            bindStoredJobValues(fill, probe, blob);
            fill.run();
            ++m_updated;
        } else {
            ++m_unchanged; // the stored job keeps its start
        }
    }
}

void JobWriter::add(const JobRecord& record)
{
    add(std::span<const JobRecord>(&record, 1));
}

NodeListEncoder::NodeListEncoder(std::string databasePath, int nodeCount)
    : m_path(std::move(databasePath))
    , m_nodeCount(nodeCount)
    , m_seen(static_cast<size_t>(std::max(nodeCount, 0)), 0)
{}

void NodeListEncoder::encode(const Job& job, std::string& blob)
{
    if (++m_stamp == 0) { // after 2^32 jobs: start the stamps again
        std::fill(m_seen.begin(), m_seen.end(), 0);
        m_stamp = 1;
    }
    for (int node : job.nodes) {
        if (node < 0 || node >= m_nodeCount)
            throw StoreError(m_path + ": job " + job.id + " lists node " + std::to_string(node) + ", the machine has "
                             + std::to_string(m_nodeCount));
        if (m_seen[static_cast<size_t>(node)] == m_stamp)
            throw StoreError(m_path + ": job " + job.id + " lists node " + std::to_string(node) + " twice");
        m_seen[static_cast<size_t>(node)] = m_stamp;
    }
    encodeNodeList(job.nodes, blob);
}

void NodeListEncoder::encode(JobRecord& record)
{
    encode(record.job, record.encodedNodes);
    record.nodesEncoded = true;
}

std::int64_t JobWriter::commit(std::int64_t linesRead, std::int64_t linesRejected, const std::string& contentHash,
                               std::int64_t size)
{
    SqliteStatement update(m_store.database(),
                           "UPDATE sources SET lines_read = ?2, jobs_imported = ?3, lines_rejected = ?4, "
                           "content_hash = coalesce(?5, content_hash), size = coalesce(?6, size), jobs_unchanged = ?7, "
                           "jobs_updated = ?8, conflicts = ?9 WHERE id = ?1");
    update.bind(1, m_sourceId).bind(2, linesRead).bind(3, m_added).bind(4, linesRejected);
    update.bind(7, m_unchanged).bind(8, m_updated).bind(9, static_cast<std::int64_t>(m_conflicts.size()));
    if (!contentHash.empty())
        update.bind(5, contentHash).bind(6, size);
    update.run();
    m_transaction.commit();
    return m_sourceId;
}

} // namespace placement
