// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/Schema.h"

#include "core/MachineSpec.h"
#include "core/NodeSharing.h"
#include "core/Topology.h"
#include "store/NodeListBlob.h"
#include "store/SqliteDatabase.h"

#include <algorithm>
#include <limits>
#include <sqlite3.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {
namespace {

void createVersion1(SqliteDatabase& db)
{
    db.execute(R"sql(
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE machines (
        id   INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        spec TEXT NOT NULL
    );
    CREATE TABLE jobs (
        id         INTEGER PRIMARY KEY,
        machine_id INTEGER NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
        job_ref    TEXT NOT NULL,
        user       TEXT,
        submit     INTEGER NOT NULL,
        start      INTEGER NOT NULL,
        end        INTEGER NOT NULL
    );
    CREATE INDEX jobs_by_machine_time ON jobs(machine_id, start, end);
    CREATE TABLE job_nodes (
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        node   INTEGER NOT NULL,
        PRIMARY KEY (job_id, node)
    ) WITHOUT ROWID;
    )sql");
}

// Version 2: node names, imported sources, the fields of real scheduler logs, node lists
// stored compactly with each job (one row per job, not per node: imports of a million jobs
// stay fast), simulated runs and per-job metrics.
void upgradeToVersion2(SqliteDatabase& db)
{
    db.execute(R"sql(
    CREATE TABLE nodes (
        machine_id INTEGER NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
        idx        INTEGER NOT NULL,
        name       TEXT NOT NULL,
        PRIMARY KEY (machine_id, idx)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX nodes_by_name ON nodes(machine_id, name);
    CREATE TABLE sources (
        id             INTEGER PRIMARY KEY,
        path           TEXT NOT NULL,
        size           INTEGER NOT NULL,
        content_hash   TEXT NOT NULL,
        format         TEXT NOT NULL,
        imported_at    INTEGER NOT NULL,
        lines_read     INTEGER NOT NULL,
        jobs_imported  INTEGER NOT NULL,
        lines_rejected INTEGER NOT NULL
    );
    ALTER TABLE jobs ADD COLUMN name TEXT;
    ALTER TABLE jobs ADD COLUMN account TEXT;
    ALTER TABLE jobs ADD COLUMN partition TEXT;
    ALTER TABLE jobs ADD COLUMN qos TEXT;
    ALTER TABLE jobs ADD COLUMN state TEXT;
    ALTER TABLE jobs ADD COLUMN exit_code INTEGER;
    ALTER TABLE jobs ADD COLUMN eligible INTEGER;
    ALTER TABLE jobs ADD COLUMN time_limit INTEGER;
    ALTER TABLE jobs ADD COLUMN requested_nodes INTEGER;
    ALTER TABLE jobs ADD COLUMN requested_cpus INTEGER;
    ALTER TABLE jobs ADD COLUMN allocated_cpus INTEGER;
    ALTER TABLE jobs ADD COLUMN node_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE jobs ADD COLUMN nodes BLOB;
    ALTER TABLE jobs ADD COLUMN nodes_incomplete INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE jobs ADD COLUMN source_id INTEGER REFERENCES sources(id) ON DELETE SET NULL;
    ALTER TABLE jobs ADD COLUMN source_line INTEGER;
    CREATE INDEX jobs_by_machine_size ON jobs(machine_id, node_count);
    CREATE TABLE runs (
        id         INTEGER PRIMARY KEY,
        machine_id INTEGER NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
        name       TEXT NOT NULL,
        parameters TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (machine_id, name)
    );
    CREATE TABLE placements (
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        start  INTEGER NOT NULL,
        end    INTEGER NOT NULL,
        nodes  BLOB NOT NULL,
        PRIMARY KEY (run_id, job_id)
    ) WITHOUT ROWID;
    CREATE INDEX placements_by_time ON placements(run_id, start, end);
    CREATE TABLE job_metrics (
        job_id        INTEGER PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
        aph           REAL NOT NULL,
        aph_all_links REAL NOT NULL,
        min_aph       REAL NOT NULL,
        partitions    INTEGER NOT NULL,
        routers       INTEGER,
        leaves        INTEGER,
        pods          INTEGER,
        llcs          INTEGER,
        spread        INTEGER NOT NULL
    );
    )sql");
    // Move each job's node rows into its node list.
    SqliteStatement read(db, "SELECT job_id, node FROM job_nodes ORDER BY job_id, node");
    SqliteStatement write(db, "UPDATE jobs SET nodes = ?2, node_count = ?3 WHERE id = ?1");
    std::vector<int> nodes;
    std::int64_t current = -1;
    auto flush = [&] {
        if (current >= 0)
            write.bind(1, current)
                .bindBlob(2, encodeLegacyNodeList(nodes)) // what version 2 stored
                .bind(3, static_cast<std::int64_t>(nodes.size()))
                .run();
        nodes.clear();
    };
    while (read.step()) {
        if (read.integer(0) != current) {
            flush();
            current = read.integer(0);
        }
        nodes.push_back(static_cast<int>(read.integer(1)));
    }
    flush();
    db.execute("DROP TABLE job_nodes");
}

// Version 3: simulated runs carry what the replay decided beyond start, end and nodes:
// the submission time it used (workload transforms move arrivals), the wall time the
// allocator spent on the job, and the run's system metrics as JSON.
void upgradeToVersion3(SqliteDatabase& db)
{
    db.execute(R"sql(
    ALTER TABLE runs ADD COLUMN summary TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE placements ADD COLUMN submit INTEGER;
    ALTER TABLE placements ADD COLUMN scheduling_us REAL;
    )sql");
}

// Version 4: what isolating allocators hold beyond the nodes a job runs on: the links it
// owns (Jigsaw, LaaS) and the nodes allocated to it but left idle (LaaS's whole leaves).
// NULL where the run's policy holds neither.
void upgradeToVersion4(SqliteDatabase& db)
{
    db.execute(R"sql(
    ALTER TABLE placements ADD COLUMN links BLOB;
    ALTER TABLE placements ADD COLUMN idle_nodes BLOB;
    )sql");
}

/// SQL function for the version 5 step: a node list blob of 4 bytes per id, re-encoded as
/// runs. A blob that is not a whole number of ids (damaged before) keeps its bytes behind a
/// format byte of 0, which decodeNodeList refuses as before: that job fails to read, the
/// database still opens.
void reencodeNodeList(sqlite3_context* context, int, sqlite3_value** arguments)
{
    const void* data = sqlite3_value_blob(arguments[0]);
    const int bytes = sqlite3_value_bytes(arguments[0]);
    std::string blob;
    if (bytes % 4 != 0) {
        blob.push_back('\0');
        blob.append(static_cast<const char*>(data), static_cast<size_t>(bytes));
    } else {
        try {
            encodeNodeList(decodeLegacyNodeList(data, bytes), blob);
        } catch (const std::exception& error) {
            sqlite3_result_error(context, error.what(), -1);
            return;
        }
    }
    sqlite3_result_blob(context, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
}

// Version 5: node lists (jobs.nodes, placements.nodes, .links and .idle_nodes) as runs of
// consecutive ids instead of 4 bytes per id (store/NodeListBlob.h): a million-job Slurm
// import's table shrinks by half, and with it the write-ahead log, the fsyncs and the
// checkpoint (docs/benchmarks.md). NULL and empty blobs stay as they are.
void upgradeToVersion5(SqliteDatabase& db)
{
    const char* name = "placement_reencode_node_list";
    if (sqlite3_create_function_v2(db.handle(), name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, reencodeNodeList,
                                   nullptr, nullptr, nullptr)
        != SQLITE_OK)
        db.fail("cannot register the node list migration");
    struct Unregister
    {
        SqliteDatabase& db;
        const char* name;
        ~Unregister()
        {
            sqlite3_create_function_v2(db.handle(), name, 1, SQLITE_UTF8, nullptr, nullptr, nullptr, nullptr, nullptr);
        }
    } unregister{db, name};
    db.execute(R"sql(
    UPDATE jobs SET nodes = placement_reencode_node_list(nodes) WHERE length(nodes) > 0;
    UPDATE placements SET nodes = placement_reencode_node_list(nodes) WHERE length(nodes) > 0;
    UPDATE placements SET links = placement_reencode_node_list(links) WHERE length(links) > 0;
    UPDATE placements SET idle_nodes = placement_reencode_node_list(idle_nodes) WHERE length(idle_nodes) > 0;
    )sql");
}

// Version 6: a job's identity, so that importing the same job again neither stores it twice
// nor is refused (docs/importing.md, "Importing again"): the machine, the origin of its id
// (empty: the machine's scheduler; for SWF the trace), the scheduler's job id and the start
// of the run. Sources count the jobs they found stored already, updated or in conflict. The
// file is marked as ours (PRAGMA application_id).
//
// The identity's index leads with the machine and the start, so it also serves what
// jobs_by_machine_time (machine, start, end) did, which it replaces: one index to update per
// job, as before, and an import of a million jobs as fast (docs/benchmarks.md).
//
// Jobs imported from SWF before keep an origin of their own source file (the trace's header
// was not kept). Runs stored twice before (the same machine, origin, id and start) are all
// kept; every copy but the first is marked in its origin, so that the identity is unique.
void upgradeToVersion6(SqliteDatabase& db)
{
    db.execute(R"sql(
    ALTER TABLE jobs ADD COLUMN origin TEXT NOT NULL DEFAULT '';
    ALTER TABLE sources ADD COLUMN jobs_unchanged INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sources ADD COLUMN jobs_updated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sources ADD COLUMN conflicts INTEGER NOT NULL DEFAULT 0;
    UPDATE jobs SET origin = 'swf source ' || source_id
        WHERE source_id IN (SELECT id FROM sources WHERE format = 'swf');
    CREATE INDEX jobs_by_identity_before_6 ON jobs(machine_id, start, job_ref, origin);
    UPDATE jobs SET origin = origin || ' (stored again before schema 6: a copy of job ' || (
            SELECT min(first.id) FROM jobs first WHERE first.machine_id = jobs.machine_id
                AND first.origin = jobs.origin AND first.job_ref = jobs.job_ref AND first.start = jobs.start) || ')'
        WHERE id != (SELECT min(first.id) FROM jobs first WHERE first.machine_id = jobs.machine_id
                AND first.origin = jobs.origin AND first.job_ref = jobs.job_ref AND first.start = jobs.start);
    DROP INDEX jobs_by_identity_before_6;
    DROP INDEX jobs_by_machine_time;
    CREATE UNIQUE INDEX jobs_by_identity ON jobs(machine_id, start, job_ref, origin);
    )sql");
    // Marks the file as ours (application_id): other programs' SQLite files are not taken for one.
    db.execute("PRAGMA application_id = " + std::to_string(ProgramApplicationId));
}

// Version 7: jobs whose log gives no start time (the Parallel Workloads Archive's cleaned
// LLNL logs have wait -1 on every job) but their submission, size, run time and limit: the
// simulator replays them. start_known = 0 marks them; their start and end then hold submit
// and submit + run time, so that end - start is the run time, and no view or metric that
// needs the logged start reads them (Store::jobs() leaves them out).
void upgradeToVersion7(SqliteDatabase& db)
{
    SqliteStatement columns(db, "SELECT 1 FROM pragma_table_info('jobs') WHERE name = 'start_known'");
    if (!columns.step())
        db.execute("ALTER TABLE jobs ADD COLUMN start_known INTEGER NOT NULL DEFAULT 1");
}

// Version 8: jobs.shares_nodes marks a job that holds a node another job holds at the same
// time (core/NodeSharing.h; logs of machines that give nodes to several jobs, such as
// wagap-2013.swf). The jobs of an older database are marked in the migration.
void upgradeToVersion8(SqliteDatabase& db)
{
    SqliteStatement columns(db, "SELECT 1 FROM pragma_table_info('jobs') WHERE name = 'shares_nodes'");
    if (!columns.step())
        db.execute("ALTER TABLE jobs ADD COLUMN shares_nodes INTEGER NOT NULL DEFAULT 0");
    SqliteStatement machines(db, "SELECT id FROM machines");
    while (machines.step())
        markJobsSharingNodes(db, machines.integer(0), std::numeric_limits<std::int64_t>::min(),
                             std::numeric_limits<std::int64_t>::max());
}

// Version 9: what nodes offer and what jobs hold of them besides whole nodes
// (docs/importing.md, "Cores and GPUs"): nodes.cores and nodes.gpus (NULL: no description
// said), jobs.node_cores (the CPUs held on each node of the node list, store/NodeCores.h;
// NULL: the log does not say per node) and jobs.gpus (NULL: unknown). An older database's
// jobs and nodes keep NULL: their logs were read without these.
void upgradeToVersion9(SqliteDatabase& db)
{
    const auto addColumn = [&](const char* table, const char* column, const char* type) {
        SqliteStatement columns(
            db, std::string("SELECT 1 FROM pragma_table_info('") + table + "') WHERE name = '" + column + "'");
        if (!columns.step())
            db.execute(std::string("ALTER TABLE ") + table + " ADD COLUMN " + column + " " + type);
    };
    addColumn("nodes", "cores", "INTEGER");
    addColumn("nodes", "gpus", "INTEGER");
    addColumn("jobs", "node_cores", "TEXT");
    addColumn("jobs", "gpus", "INTEGER");
}

// Version 10: the sweeps a run belongs to (docs/simulation.md, "Sweeps"). A sweep that meets
// a point another sweep stored already does not store it again; the run then belongs to
// both, so each sweep's table and chart show all of its points. A run of an older database
// belongs to the sweep that stored it (runs.parameters' "sweep").
void upgradeToVersion10(SqliteDatabase& db)
{
    db.execute("CREATE TABLE IF NOT EXISTS sweep_runs ("
               "run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, "
               "sweep TEXT NOT NULL, PRIMARY KEY (run_id, sweep)) WITHOUT ROWID");
    db.execute("CREATE INDEX IF NOT EXISTS sweep_runs_by_sweep ON sweep_runs (sweep)");
    db.execute("INSERT OR IGNORE INTO sweep_runs (run_id, sweep) "
               "SELECT id, json_extract(parameters, '$.sweep') FROM runs "
               "WHERE json_valid(parameters) AND json_type(parameters, '$.sweep') = 'text'");
}

/// The index on (machine, node count) goes: no query needs it (the identity index serves a
/// machine's jobs), and each import of a million jobs spent about a third of its writing
/// time inserting into it at random places (docs/benchmarks.md).
void upgradeToVersion11(SqliteDatabase& db)
{
    db.execute("DROP INDEX IF EXISTS jobs_by_machine_size");
}

// Version 12: a machine's slots without a node (a Cray table's service and empty slots, a
// torus coordinates file's holes), known before only by their names, are in its spec
// (`empty=`), so that no simulation places a job there and no count takes them for nodes.
void upgradeToVersion12(SqliteDatabase& db)
{
    std::vector<std::pair<std::int64_t, std::string>> machines;
    {
        SqliteStatement select(db, "SELECT id, spec FROM machines ORDER BY id");
        while (select.step())
            machines.emplace_back(select.integer(0), select.text(1));
    }
    for (auto& [machine, spec] : machines) {
        std::vector<int> empty;
        SqliteStatement slots(db,
                              "SELECT idx FROM nodes WHERE machine_id = ? AND (name LIKE '(no node %)' "
                              "OR name LIKE '(empty % slot %)') ORDER BY idx");
        slots.bind(1, machine);
        while (slots.step())
            empty.push_back(static_cast<int>(slots.integer(0)));
        if (empty.empty())
            continue;
        std::unique_ptr<Topology> topology;
        try {
            topology = parseMachineSpec(spec);
            if (!topology->emptySlots().empty())
                continue; // written by a program that knows them already
            topology->setEmptySlots(empty);
        } catch (const std::invalid_argument&) {
            continue; // a spec this program cannot read is left as it is (it says so on opening)
        }
        SqliteStatement update(db, "UPDATE machines SET spec = ? WHERE id = ?");
        update.bind(1, machineSpecOf(*topology));
        update.bind(2, machine);
        update.step();
    }
}

// Version 13: runs replayed by cores (docs/simulation.md, "Replaying a machine's jobs by
// cores"): placements.node_cores and placements.node_gpus, the cores and GPUs a job held on
// each node of its node list (store/NodeCores.h's text). NULL, as in every run of an older
// database: the job held its nodes whole.
void upgradeToVersion13(SqliteDatabase& db)
{
    for (const char* column : {"node_cores", "node_gpus"}) {
        SqliteStatement columns(
            db, std::string("SELECT 1 FROM pragma_table_info('placements') WHERE name = '") + column + "'");
        if (!columns.step())
            db.execute(std::string("ALTER TABLE placements ADD COLUMN ") + column + " TEXT");
    }
}

// Version 14: the machine list's counts of jobs without a start and of jobs sharing nodes
// from two partial indexes, each holding those jobs only (Store::machines()): without them
// the list read every job of every machine, 0.6 s for 3 million jobs, at each opening and
// each refresh. Imports write to them only for such jobs.
void upgradeToVersion14(SqliteDatabase& db)
{
    db.execute(R"sql(
    CREATE INDEX IF NOT EXISTS jobs_without_start ON jobs(machine_id) WHERE start_known = 0;
    CREATE INDEX IF NOT EXISTS jobs_sharing_nodes ON jobs(machine_id) WHERE shares_nodes = 1;
    )sql");
}

} // namespace

std::int64_t markJobsSharingNodes(SqliteDatabase& db, std::int64_t machineId, std::int64_t from, std::int64_t to,
                                  NewRuns* added)
{
    // The jobs stored before, overlapping the span.
    CompactRuns stored;
    std::vector<std::int64_t> storedIds;
    std::vector<char> storedMarked;
    const std::int64_t storedUpTo = added ? added->storedBefore : std::numeric_limits<std::int64_t>::max();
    if (storedUpTo > 0) {
        SqliteStatement query(db,
                              "SELECT id, start, end, nodes, shares_nodes FROM jobs WHERE machine_id = ?1 "
                              "AND start_known = 1 AND node_count > 0 AND start < ?3 AND end > ?2 AND id <= ?4");
        query.bind(1, machineId).bind(2, from).bind(3, to).bind(4, storedUpTo);
        while (query.step()) {
            std::vector<int> nodes;
            try {
                nodes = decodeNodeList(query.blob(3), query.bytes(3));
            } catch (const std::invalid_argument&) {
                continue; // a damaged node list: no view reads the job (Store::jobs() refuses it)
            }
            stored.add(query.integer(1), query.integer(2), nodes);
            storedIds.push_back(query.integer(0));
            storedMarked.push_back(query.integer(4) != 0 ? 1 : 0);
        }
    }
    CompactRuns runs;
    std::vector<std::int64_t> ids;
    std::vector<char> marked;
    if (added) {
        ids = std::move(added->ids);
        marked = std::move(added->marked);
        marked.resize(ids.size(), 0);
        if (added->shareNothing && storedIds.empty())
            return 0; // none of the new runs shares a node with another, nor is stored marked
        const auto notKept = static_cast<std::ptrdiff_t>(std::min(added->notKept, ids.size()));
        std::vector<std::int64_t> readIds;
        const auto firstStored
            = std::find_if(ids.begin(), ids.begin() + notKept, [](std::int64_t id) { return id > 0; });
        if (firstStored != ids.begin() + notKept) {
            // The runs not kept are the runs among the rows the import stored from the first of
            // them to the last (rows are numbered in file order; a run is a row with a known
            // start and nodes): read back. None of them was stored marked.
            const auto lastStored = *std::find_if(std::make_reverse_iterator(ids.begin() + notKept), ids.rend(),
                                                  [](std::int64_t id) { return id > 0; });
            SqliteStatement query(db,
                                  "SELECT id, start, end, nodes FROM jobs WHERE id BETWEEN ?1 AND ?2 "
                                  "AND start_known = 1 AND node_count > 0 ORDER BY id");
            query.bind(1, *firstStored).bind(2, lastStored);
            while (query.step()) {
                runs.add(query.integer(1), query.integer(2), decodeNodeList(query.blob(3), query.bytes(3)));
                readIds.push_back(query.integer(0));
            }
        }
        if (readIds.empty())
            runs = std::move(added->runs);
        else
            runs.append(added->runs);
        added->runs = CompactRuns();
        marked.erase(marked.begin(), marked.begin() + notKept);
        marked.insert(marked.begin(), readIds.size(), 0);
        ids.erase(ids.begin(), ids.begin() + notKept);
        ids.insert(ids.begin(), readIds.begin(), readIds.end());
    }
    const std::size_t newRuns = ids.size();
    if (ids.empty())
        runs = std::move(stored);
    else
        runs.append(stored);
    ids.insert(ids.end(), storedIds.begin(), storedIds.end());
    marked.insert(marked.end(), storedMarked.begin(), storedMarked.end());
    // Only jobs overlapping [from, to) are read, so a mark is only ever added here: the jobs
    // a marked job shares with outside the span were read when they were imported.
    const std::vector<char> sharing = runs.sharingNodes();
    std::vector<std::int64_t> toMark;
    std::int64_t newlyMarked = 0; // with the new rows stored marked
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] <= 0)
            continue;
        if (sharing[i] && !marked[i])
            toMark.push_back(ids[i]);
        newlyMarked += i < newRuns ? (sharing[i] || marked[i]) : (sharing[i] && !marked[i]);
    }
    std::sort(toMark.begin(), toMark.end());
    // One statement per run of consecutive ids: an import's rows are numbered in file order.
    SqliteStatement mark(db, "UPDATE jobs SET shares_nodes = 1 WHERE id BETWEEN ?1 AND ?2");
    for (size_t i = 0; i < toMark.size();) {
        size_t j = i;
        while (j + 1 < toMark.size() && toMark[j + 1] == toMark[j] + 1)
            ++j;
        mark.bind(1, toMark[i]).bind(2, toMark[j]).run();
        i = j + 1;
    }
    return newlyMarked;
}

void migrateSchema(SqliteDatabase& db, int version)
{
    switch (version) {
    case 1: createVersion1(db); break;
    case 2: upgradeToVersion2(db); break;
    case 3: upgradeToVersion3(db); break;
    case 4: upgradeToVersion4(db); break;
    case 5: upgradeToVersion5(db); break;
    case 6: upgradeToVersion6(db); break;
    case 7: upgradeToVersion7(db); break;
    case 8: upgradeToVersion8(db); break;
    case 9: upgradeToVersion9(db); break;
    case 10: upgradeToVersion10(db); break;
    case 11: upgradeToVersion11(db); break;
    case 12: upgradeToVersion12(db); break;
    case 13: upgradeToVersion13(db); break;
    case 14: upgradeToVersion14(db); break;
    default: db.fail("no migration to schema version " + std::to_string(version));
    }
}

} // namespace placement
