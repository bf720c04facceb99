// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/DatabaseFiles.h"
#include "store/DemoDatabase.h"
#include "store/NodeListBlob.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/RawSql.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <climits>
#include <random>
#include <sqlite3.h>

using namespace placement;
using namespace placement::test;

namespace {

std::vector<Job> sampleJobs()
{
    return {
        {"101", "alice", {0, 1, 2}, 1000, 1010, 2000},
        {"102_7", "", {5}, 1005, 1020, 1500},
        {"103", "bob", {0, 3, 4, 7}, 1100, 2000, 2600},
    };
}

/// 4 bytes per id, little-endian: how schema versions 2 to 4 stored node lists, written
/// here by hand rather than with the code under test.
QByteArray legacyBlob(const std::vector<int>& nodes)
{
    QByteArray bytes;
    for (int node : nodes) {
        const auto value = static_cast<std::uint32_t>(node);
        for (int shift = 0; shift < 32; shift += 8)
            bytes.append(static_cast<char>((value >> shift) & 0xFF));
    }
    return bytes;
}

/// Runs `sql` once per blob, binding the blob as ?1 and the index as ?2.
void rawWriteBlobs(const QString& path, const char* sql, const std::vector<std::pair<std::int64_t, QByteArray>>& rows)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, sql, -1, &statement, nullptr), SQLITE_OK);
    for (const auto& [key, blob] : rows) {
        sqlite3_bind_blob(statement, 1, blob.constData(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(statement, 2, key);
        QCOMPARE(sqlite3_step(statement), SQLITE_DONE);
        QCOMPARE(sqlite3_changes(db), 1);
        sqlite3_reset(statement);
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
}

/// Random node lists: runs of consecutive ids (as Slurm allocates), scattered ids, repeats,
/// descending stretches, ids up to INT_MAX and down to INT_MIN.
std::vector<int> randomNodeList(std::mt19937& random)
{
    std::vector<int> nodes;
    const int pieces = std::uniform_int_distribution<int>(0, 12)(random);
    std::uniform_int_distribution<int> kind(0, 5);
    for (int piece = 0; piece < pieces; ++piece) {
        switch (kind(random)) {
        case 0: { // a run
            const int first = std::uniform_int_distribution<int>(0, 5000)(random);
            const int length = std::uniform_int_distribution<int>(1, 300)(random);
            for (int k = 0; k < length; ++k)
                nodes.push_back(first + k);
            break;
        }
        case 1: // scattered
            for (int k = std::uniform_int_distribution<int>(1, 20)(random); k > 0; --k)
                nodes.push_back(std::uniform_int_distribution<int>(0, 100000)(random));
            break;
        case 2: // a repeat of an earlier id
            if (!nodes.empty())
                nodes.push_back(nodes[std::uniform_int_distribution<size_t>(0, nodes.size() - 1)(random)]);
            break;
        case 3: // descending
            for (int k = std::uniform_int_distribution<int>(2, 10)(random), top = 1000; k > 0; --k)
                nodes.push_back(top + k);
            break;
        case 4: { // near the ends of int, runs up to INT_MAX included
            const int length = std::uniform_int_distribution<int>(1, 4)(random);
            for (int k = length - 1; k >= 0; --k)
                nodes.push_back(INT_MAX - k);
            nodes.push_back(std::uniform_int_distribution<int>(INT_MIN, INT_MAX)(random));
            break;
        }
        default: // any int
            nodes.push_back(static_cast<int>(random()));
        }
    }
    return nodes;
}

template <typename Action> QString errorOf(Action action)
{
    try {
        action();
    } catch (const StoreError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

} // namespace

class TestStore : public QObject
{
    Q_OBJECT
private slots:
    void machinesAndJobsRoundTrip()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("a.sqlite")).toStdString();
        {
            Store store = Store::openOrCreate(path);
            QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
            store.addMachine("small", "torus extents=2x4", sampleJobs());
            store.addMachine("empty", "fattree radix=8", std::vector<Job>{});
        }
        Store store = Store::openExisting(path);
        const auto machines = store.machines();
        QCOMPARE(machines.size(), size_t(2));
        QCOMPARE(machines[0].name, std::string("small"));
        QCOMPARE(machines[0].spec, std::string("torus extents=2x4"));
        QCOMPARE(machines[0].jobCount, std::int64_t(3));
        QCOMPARE(machines[1].jobCount, std::int64_t(0));
        const auto uncounted = store.uncountedMachines(); // the same machines, counts left at 0
        QCOMPARE(uncounted.size(), machines.size());
        for (size_t i = 0; i < machines.size(); ++i) {
            QCOMPARE(uncounted[i].id, machines[i].id);
            QCOMPARE(uncounted[i].name, machines[i].name);
            QCOMPARE(uncounted[i].spec, machines[i].spec);
            QCOMPARE(uncounted[i].jobCount, std::int64_t(0));
        }
        const std::vector<Job> jobs = store.jobs(machines[0].id);
        const std::vector<Job> expected = sampleJobs();
        QCOMPARE(jobs.size(), expected.size());
        for (size_t i = 0; i < jobs.size(); ++i) {
            QCOMPARE(jobs[i].id, expected[i].id);
            QCOMPARE(jobs[i].user, expected[i].user);
            QCOMPARE(jobs[i].submit, expected[i].submit);
            QCOMPARE(jobs[i].start, expected[i].start);
            QCOMPARE(jobs[i].end, expected[i].end);
            QCOMPARE(jobs[i].nodes, expected[i].nodes);
        }
        QVERIFY(store.jobs(machines[1].id).empty());
    }

    void migratesAVersion1Database()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v1.sqlite"));
        // The version 1 schema, written by hand as an older program did.
        rawExecute(path, R"sql(
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema_version', '1');
            CREATE TABLE machines (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL);
            CREATE TABLE jobs (id INTEGER PRIMARY KEY, machine_id INTEGER NOT NULL, job_ref TEXT NOT NULL,
                               user TEXT, submit INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL);
            CREATE INDEX jobs_by_machine_time ON jobs(machine_id, start, end);
            CREATE TABLE job_nodes (job_id INTEGER NOT NULL, node INTEGER NOT NULL, PRIMARY KEY (job_id, node))
                WITHOUT ROWID;
            INSERT INTO machines VALUES (1, 'small', 'torus extents=2x4');
            INSERT INTO jobs VALUES (10, 1, '101', 'alice', 1000, 1010, 2000);
            INSERT INTO jobs VALUES (11, 1, '102', NULL, 1005, 1020, 1500);
            INSERT INTO job_nodes VALUES (10, 2), (10, 0), (10, 1), (11, 5);
        )sql");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        const auto jobs = store.jobs(1);
        QCOMPARE(jobs.size(), size_t(2));
        QCOMPARE(jobs[0].nodes, (std::vector<int>{0, 1, 2}));
        QCOMPARE(jobs[1].nodes, (std::vector<int>{5}));
        QVERIFY(store.nodeNames(1).empty()); // old machines have no stored names
    }

    void nodeListsRoundTrip_data()
    {
        QTest::addColumn<std::vector<int>>("nodes");
        QTest::addColumn<int>("maxBytes"); // what the encoding must not exceed
        QTest::newRow("empty") << std::vector<int>{} << 0;
        QTest::newRow("one") << std::vector<int>{7} << 2;
        QTest::newRow("zero") << std::vector<int>{0} << 2;
        QTest::newRow("one run") << std::vector<int>{4, 5, 6, 7} << 3;
        std::vector<int> twoRuns; // a 64-node Slurm allocation in two runs: cab[100-131,164-195]
        for (int k = 0; k < 32; ++k)
            twoRuns.push_back(100 + k);
        for (int k = 0; k < 32; ++k)
            twoRuns.push_back(164 + k);
        QTest::newRow("two runs") << twoRuns << 7;
        QTest::newRow("descending") << std::vector<int>{9, 8, 7, 3, 2, 1, 0} << 15;
        QTest::newRow("unsorted") << std::vector<int>{5, 3, 9, 1, 4} << 11;
        QTest::newRow("duplicates") << std::vector<int>{5, 5, 5, 6, 5, 6, 7, 7} << 17;
        QTest::newRow("largest ids") << std::vector<int>{INT_MAX, 0, INT_MAX - 1, INT_MAX} << 41;
        QTest::newRow("run to INT_MAX") << std::vector<int>{INT_MAX - 2, INT_MAX - 1, INT_MAX, 0} << 21;
        QTest::newRow("negative") << std::vector<int>{-1, 0, 1, INT_MIN, INT_MIN + 1, -7} << 31;
        std::vector<int> machine(100000); // every node of a large machine, in order
        for (int k = 0; k < 100000; ++k)
            machine[static_cast<size_t>(k)] = k;
        QTest::newRow("whole machine") << machine << 5;
    }
    void nodeListsRoundTrip()
    {
        QFETCH(std::vector<int>, nodes);
        QFETCH(int, maxBytes);
        const std::string blob = encodeNodeList(nodes);
        QVERIFY2(static_cast<int>(blob.size()) <= maxBytes, std::to_string(blob.size()).c_str());
        QCOMPARE(decodeNodeList(blob.data(), static_cast<int>(blob.size())), nodes);
        std::string reused = "left over from a longer list";
        encodeNodeList(nodes, reused);
        QCOMPARE(reused, blob);
    }

    void randomNodeListsRoundTrip()
    {
        std::mt19937 random(20261122);
        std::string blob;
        for (int round = 0; round < 3000; ++round) {
            const std::vector<int> nodes = randomNodeList(random);
            encodeNodeList(nodes, blob);
            const std::vector<int> decoded = decodeNodeList(blob.data(), static_cast<int>(blob.size()));
            if (decoded != nodes)
                QFAIL(qPrintable(QStringLiteral("round %1: %2 ids came back different").arg(round).arg(nodes.size())));
            // Never much larger than the 4 bytes per id of before (a scattered id takes at
            // most 5 bytes, a run of two or more at most 10).
            QVERIFY(blob.size() <= 1 + 5 * nodes.size());
        }
        // A random permutation of a machine's nodes: scattered ids cost about 2 bytes each.
        std::vector<int> shuffled(1296);
        for (int k = 0; k < 1296; ++k)
            shuffled[static_cast<size_t>(k)] = k;
        std::shuffle(shuffled.begin(), shuffled.end(), random);
        encodeNodeList(shuffled, blob);
        QVERIFY2(blob.size() < 2 * shuffled.size() + 1, std::to_string(blob.size()).c_str());
        QCOMPARE(decodeNodeList(blob.data(), static_cast<int>(blob.size())), shuffled);
    }

    void damagedNodeListsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("blob");
        QTest::newRow("unknown format") << QByteArray("\x02\x04", 2);
        QTest::newRow("old format") << QByteArray("\x00\x00\x00\x00", 4);
        QTest::newRow("truncated varint") << QByteArray("\x01\x84", 2);
        QTest::newRow("truncated run") << QByteArray("\x01\x05", 2);
        QTest::newRow("varint too long") << QByteArray("\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 12);
        // First id 2^31: past INT_MAX.
        QTest::newRow("id past INT_MAX") << QByteArray("\x01\x80\x80\x80\x80\x20", 6);
        // A run of 2 from INT_MAX.
        QTest::newRow("run past INT_MAX") << QByteArray("\x01\xfd\xff\xff\xff\x1f\x00", 7);
        // A run of 2^40 ids: refused before anything is allocated.
        QTest::newRow("huge run") << QByteArray("\x01\x01\x80\x80\x80\x80\x80\x20", 8);
        // Three runs of 2^27 ids from 0: more than maxNodeListSize in all.
        QTest::newRow("too many ids") << QByteArray("\x01\x01\xfe\xff\xff\x3f\x01\xfe\xff\xff\x3f\x01\xfe\xff\xff\x3f",
                                                    16);
    }
    void damagedNodeListsAreRefused()
    {
        QFETCH(QByteArray, blob);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 decodeNodeList(blob.constData(), static_cast<int>(blob.size())));
    }

    void migratesAVersion4Database()
    {
        // A database as schema version 4 left it: the same tables, node lists as 4 bytes per
        // id. Written with today's code, then its blobs rewritten by hand in the old format.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v4.sqlite"));
        std::vector<Job> jobs = sampleJobs();
        jobs[0].nodes = {2, 0, 1, 1000, 1001, 1002, 7};
        jobs[1].nodes = {};
        jobs[2].nodes = {4095, 4094, 4093, 0};
        std::vector<RunPlacement> placements;
        std::int64_t machine = 0;
        {
            Store store = Store::openOrCreate(path.toStdString());
            machine = store.addMachine("big", "torus extents=64x64", jobs);
            store.addMachine("damaged", "torus extents=2x4", sampleJobs());
            const StoredWorkload workload = loadWorkload(store, machine);
            for (size_t i = 0; i < workload.jobIds.size(); ++i) {
                RunPlacement placement;
                placement.jobId = workload.jobIds[i];
                placement.start = 5000 + static_cast<std::int64_t>(i);
                placement.end = placement.start + 10;
                placement.nodes = {static_cast<int>(i) + 10, static_cast<int>(i) + 11, 3};
                if (i == 1) {
                    placement.links = {300, 301, 302, 17};
                    placement.idleNodes = {12, 40};
                }
                placement.submit = 0;
                placements.push_back(placement);
            }
            saveRun(store, machine, "replay", "{}", "{}", placements);
        }
        rawExecute(path, "UPDATE meta SET value = '4' WHERE key = 'schema_version'");
        // Without what version 6 added (job identities, counts per source).
        rawExecute(path,
                   "DROP INDEX jobs_by_identity; CREATE INDEX jobs_by_machine_time ON jobs(machine_id, start, end); "
                   "ALTER TABLE jobs DROP COLUMN origin; ALTER TABLE sources DROP COLUMN jobs_unchanged; "
                   "ALTER TABLE sources DROP COLUMN jobs_updated; ALTER TABLE sources DROP COLUMN conflicts");
        std::vector<std::pair<std::int64_t, QByteArray>> jobBlobs, nodeBlobs, linkBlobs, idleBlobs;
        const std::int64_t firstJob = rawInteger(path, "SELECT min(id) FROM jobs");
        for (size_t i = 0; i < jobs.size(); ++i)
            jobBlobs.emplace_back(firstJob + static_cast<std::int64_t>(i), legacyBlob(jobs[i].nodes.toVector()));
        // The other machine's first job: a blob that is not a whole number of ids.
        jobBlobs.emplace_back(firstJob + 3, QByteArray("\x01\x00\x00\x00\x02", 5));
        for (const RunPlacement& placement : placements) {
            nodeBlobs.emplace_back(placement.jobId, legacyBlob(placement.nodes));
            if (!placement.links.empty()) {
                linkBlobs.emplace_back(placement.jobId, legacyBlob(placement.links));
                idleBlobs.emplace_back(placement.jobId, legacyBlob(placement.idleNodes));
            }
        }
        rawWriteBlobs(path, "UPDATE jobs SET nodes = ?1 WHERE id = ?2", jobBlobs);
        rawWriteBlobs(path, "UPDATE placements SET nodes = ?1 WHERE job_id = ?2", nodeBlobs);
        rawWriteBlobs(path, "UPDATE placements SET links = ?1 WHERE job_id = ?2", linkBlobs);
        rawWriteBlobs(path, "UPDATE placements SET idle_nodes = ?1 WHERE job_id = ?2", idleBlobs);
        QCOMPARE(rawInteger(path, "SELECT sum(length(nodes)) FROM jobs WHERE machine_id = 1"),
                 std::int64_t(4 * (7 + 0 + 4)));

        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        const std::vector<Job> migrated = store.jobs(machine);
        QCOMPARE(migrated.size(), jobs.size());
        for (size_t i = 0; i < jobs.size(); ++i)
            QCOMPARE(migrated[i].nodes, jobs[i].nodes);
        std::vector<RunHoldings> holdings;
        const std::vector<Job> run = runJobs(store, runs(store, machine).at(0).id, &holdings);
        QCOMPARE(run.size(), placements.size());
        for (size_t i = 0; i < run.size(); ++i) {
            QCOMPARE(run[i].nodes, placements[i].nodes);
            QCOMPARE(holdings[i].links, placements[i].links);
            QCOMPARE(holdings[i].idleNodes, placements[i].idleNodes);
        }
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM placements WHERE links IS NULL"),
                 static_cast<std::int64_t>(placements.size()) - 1);
        // Re-encoded, not copied: less than the 44 bytes of 4 bytes per id.
        QVERIFY(rawInteger(path, "SELECT sum(length(nodes)) FROM jobs WHERE machine_id = 1") < 4 * (7 + 4));
        // The damaged blob stays damaged (the database opens; that machine's jobs do not read).
        QVERIFY(errorOf([&] { store.jobs(store.machine("damaged")->id); }).contains("damaged"));
    }

    void foreignKeyChecksComeBackOn()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("f.sqlite")).toStdString());
        SqliteDatabase& db = store.database();
        auto enforced = [&db] {
            SqliteStatement pragma(db, "PRAGMA foreign_keys");
            return pragma.step() && pragma.integer(0) == 1;
        };
        const char* orphan = "INSERT INTO jobs (machine_id, job_ref, submit, start, end) VALUES (99, 'x', 0, 0, 1)";
        QVERIFY(enforced());
        {
            ForeignKeysOff off(db);
            QVERIFY(off.active());
            QVERIFY(!enforced());
            SqliteTransaction transaction(db);
            db.execute(orphan); // no machine 99: accepted while the checks are off
        } // rolled back, then the checks are back on
        QVERIFY(enforced());
        QVERIFY(!errorOf([&] { db.execute(orphan); }).isEmpty());
        try {
            ForeignKeysOff off(db);
            throw std::runtime_error("an import failing half-way");
        } catch (const std::runtime_error&) {}
        QVERIFY(enforced());
        {
            SqliteTransaction outer(db); // inside a transaction the setting cannot change
            ForeignKeysOff off(db);
            QVERIFY(!off.active());
            QVERIFY(enforced());
        }
        QVERIFY(enforced());
    }

    void temporaryFilesGoBackToWhereTheyWere()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("t.sqlite")).toStdString());
        SqliteDatabase& db = store.database();
        auto setting = [&db] {
            SqliteStatement pragma(db, "PRAGMA temp_store");
            return pragma.step() ? pragma.integer(0) : -1;
        };
        db.execute("PRAGMA temp_store = FILE");
        {
            TemporaryFilesInMemory memory(db);
            QCOMPARE(setting(), std::int64_t(2));
        }
        QCOMPARE(setting(), std::int64_t(1));
        try {
            TemporaryFilesInMemory memory(db);
            throw std::runtime_error("an import failing half-way");
        } catch (const std::runtime_error&) {}
        QCOMPARE(setting(), std::int64_t(1));
        {
            SqliteTransaction outer(db); // inside a transaction: left as it is
            TemporaryFilesInMemory memory(db);
            QCOMPARE(setting(), std::int64_t(1));
        }
    }

    void nodeNamesAndSources()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("n.sqlite")).toStdString());
        const auto cab = store.addMachine("cab", "cab");
        QCOMPARE(store.nodeNames(cab).size(), size_t(1296));
        QCOMPARE(store.nodeNames(cab)[0], std::string("cab1"));
        const auto named = store.addMachine("two", "torus extents=2", std::vector<std::string>{"alpha", "beta"});
        QCOMPARE(store.nodeNames(named), (std::vector<std::string>{"alpha", "beta"}));
        QVERIFY(
            !errorOf([&] { store.addMachine("three", "torus extents=3", std::vector<std::string>{"a"}); }).isEmpty());
        QVERIFY(!errorOf([&] {
                     store.addMachine("dupes", "torus extents=2", std::vector<std::string>{"a", "a"});
                 }).isEmpty());
        QVERIFY(!store.machine("three") && !store.machine("dupes"));

        SourceRecord source;
        source.path = "/logs/sacct.txt";
        source.size = 1234;
        source.contentHash = "abc";
        source.format = "sacct";
        {
            JobWriter writer(store, named, source);
            JobRecord record;
            record.job = {"7", "bob", {1}, 10, 20, 30};
            record.state = "COMPLETED";
            writer.add(record);
            // No commit: the writer's end undoes everything.
        }
        QVERIFY(store.jobs(named).empty());
        QVERIFY(store.sources().empty() || store.sources().back().path != source.path);
        {
            JobWriter writer(store, named, source);
            JobRecord record;
            record.job = {"7", "bob", {1, 0}, 10, 20, 30};
            writer.add(record);
            writer.commit(5, 1);
        }
        QCOMPARE(store.jobs(named).size(), size_t(1));
        QCOMPARE(store.jobs(named)[0].nodes, (std::vector<int>{1, 0}));
        const SourceRecord stored = store.sources().back();
        QCOMPARE(stored.path, source.path);
        QCOMPARE(stored.linesRead, std::int64_t(5));
        QCOMPARE(stored.jobsImported, std::int64_t(1));
        QCOMPARE(stored.linesRejected, std::int64_t(1));
    }

    void jobRecordsAreStoredAsGiven()
    {
        // Every field of a record, as the jobs table holds it: empty text and negative
        // counts as NULL (the job id excepted), in one batch mixing records whose node lists
        // were encoded before (as an import does) with records the writer encodes.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.sqlite"));
        {
            Store store = Store::openOrCreate(path.toStdString());
            const std::int64_t machine = store.addMachine("small", "torus extents=2x4", std::vector<std::string>{});
            SourceRecord source;
            source.path = "/logs/a.sacct";
            source.format = "sacct";
            JobWriter writer(store, machine, source);
            std::vector<JobRecord> records(3);
            records[0].job = {"4711_3", "alice", {3, 4, 5, 0}, 100, 110, 220};
            records[0].name = "relax";
            records[0].account = "phys";
            records[0].partition = "batch";
            records[0].qos = "normal";
            records[0].state = "COMPLETED";
            records[0].exitCode = 0;
            records[0].eligible = 105;
            records[0].timeLimit = 3600;
            records[0].requestedNodes = 4;
            records[0].requestedCpus = 144;
            records[0].allocatedCpus = 144;
            records[0].nodesIncomplete = true;
            records[0].sourceLine = 17;
            records[1].job = {"", "", {}, 200, 200, 201};
            records[1].sourceLine = 18;
            records[2].job = {"4713", "bob", {7}, 300, 301, 302};
            records[2].exitCode = -9;
            records[2].requestedNodes = 0;
            NodeListEncoder encoder = writer.nodeListEncoder();
            encoder.encode(records[0]);
            writer.add(records);
            writer.commit(3, 0);
        }
        auto row = [&](int index) {
            sqlite3* db = nullptr;
            sqlite3_open(path.toUtf8().constData(), &db);
            sqlite3_stmt* query = nullptr;
            sqlite3_prepare_v2(db,
                               "SELECT quote(job_ref), quote(user), submit, start, end, quote(name), quote(account), "
                               "quote(partition), quote(qos), quote(state), quote(exit_code), quote(eligible), "
                               "quote(time_limit), quote(requested_nodes), quote(requested_cpus), "
                               "quote(allocated_cpus), node_count, typeof(nodes), nodes_incomplete, source_id, "
                               "source_line FROM jobs ORDER BY id LIMIT 1 OFFSET ?1",
                               -1, &query, nullptr);
            sqlite3_bind_int(query, 1, index);
            QStringList values;
            if (sqlite3_step(query) == SQLITE_ROW)
                for (int c = 0; c < sqlite3_column_count(query); ++c)
                    values << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(query, c)));
            sqlite3_finalize(query);
            sqlite3_close(db);
            return values.join(QLatin1Char(' '));
        };
        QCOMPARE(row(0),
                 QStringLiteral("'4711_3' 'alice' 100 110 220 'relax' 'phys' 'batch' 'normal' 'COMPLETED' 0 105 "
                                "3600 4 144 144 4 blob 1 1 17"));
        QCOMPARE(row(1),
                 QStringLiteral("'' NULL 200 200 201 NULL NULL NULL NULL NULL NULL NULL NULL NULL NULL NULL 0 "
                                "blob 0 1 18"));
        QCOMPARE(row(2),
                 QStringLiteral("'4713' 'bob' 300 301 302 NULL NULL NULL NULL NULL -9 NULL NULL 0 NULL NULL 1 "
                                "blob 0 1 0"));
        Store store = Store::openExisting(path.toStdString());
        const std::vector<Job> jobs = store.jobs(store.machine("small")->id);
        QCOMPARE(jobs.size(), size_t(3));
        QCOMPARE(jobs[0].nodes, (std::vector<int>{3, 4, 5, 0}));
        QVERIFY(jobs[1].nodes.empty());
        QCOMPARE(jobs[2].nodes, (std::vector<int>{7}));
    }

    void failedAddLeavesDatabaseUnchanged()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("a.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        store.addMachine("small", "torus extents=2x4", sampleJobs());

        // The same name again: refused, nothing of the second machine stored.
        QVERIFY(errorOf([&] { store.addMachine("small", "torus extents=9", sampleJobs()); }).contains("a.sqlite"));
        // A job listing a node twice fails half-way through: all of it is rolled back.
        std::vector<Job> broken = sampleJobs();
        broken[2].nodes = {1, 1};
        QVERIFY(!errorOf([&] { store.addMachine("other", "torus extents=2x4", broken); }).isEmpty());

        QCOMPARE(store.machines().size(), size_t(1));
        Store reopened = Store::openExisting(path);
        QCOMPARE(reopened.machines().size(), size_t(1));
        QCOMPARE(reopened.jobs(reopened.machines()[0].id).size(), size_t(3));
    }

    void openExistingNeverCreates()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing.sqlite"));
        QVERIFY(errorOf([&] { Store::openExisting(path.toStdString()); }).contains(path));
        QVERIFY(!QFile::exists(path));

        const QString empty = dir.filePath(QStringLiteral("empty.sqlite"));
        QFile file(empty);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(errorOf([&] { Store::openExisting(empty.toStdString()); }).contains("not a Placement Explorer"));
        QCOMPARE(QFileInfo(empty).size(), 0);
    }

    void refusesFilesThatAreNotOurs()
    {
        QTemporaryDir dir;
        const QString text = dir.filePath(QStringLiteral("notes.sqlite"));
        QFile file(text);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("this is not a database, just text that is long enough to have a header.\n");
        file.close();
        const QString error = errorOf([&] { Store::openExisting(text.toStdString()); });
        QVERIFY2(error.contains(text) && error.contains("not a database"), qPrintable(error));

        const QString foreign = dir.filePath(QStringLiteral("foreign.sqlite"));
        rawExecute(foreign, "CREATE TABLE t (x); INSERT INTO t VALUES (42);");
        QVERIFY(errorOf([&] { Store::openOrCreate(foreign.toStdString()); }).contains("not a Placement Explorer"));
        rawExecute(foreign, "SELECT x FROM t"); // still intact
    }

    void refusesNewerSchema()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.sqlite"));
        {
            Store::openOrCreate(path.toStdString());
        }
        rawExecute(path, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
        const QString error = errorOf([&] { Store::openExisting(path.toStdString()); });
        QVERIFY2(error.contains("newer") && error.contains("99"), qPrintable(error));
    }

    void metaValues()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("m.sqlite")).toStdString());
        QCOMPARE(store.metaValue("title", "none"), std::string("none"));
        store.setMetaValue("title", "x");
        store.setMetaValue("title", "y'); DROP TABLE jobs; --");
        QCOMPARE(store.metaValue("title"), std::string("y'); DROP TABLE jobs; --"));
        QVERIFY(store.machines().empty()); // the jobs table is still there
    }

    void storesJobMetricsTheCallerMeasures()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t machine = store.addMachine("small", "torus extents=2x4", sampleJobs());
        std::vector<std::vector<int>> asked;
        const auto measure = [&](const std::vector<int>& nodes) {
            asked.push_back(nodes);
            StoredJobMetrics row;
            row.partitions = static_cast<int>(nodes.size());
            row.leaves = 7;
            return row;
        };
        QCOMPARE(store.saveJobMetrics(machine, measure), std::int64_t(3));
        QCOMPARE(store.saveJobMetrics(machine, measure), std::int64_t(3)); // replaces, does not add
        QCOMPARE(asked.size(), std::size_t(6));
        QCOMPARE(asked[2], (std::vector<int>{0, 3, 4, 7}));
        sqlite3* db = nullptr;
        sqlite3_open(path.toUtf8().constData(), &db);
        sqlite3_stmt* query = nullptr;
        sqlite3_prepare_v2(db, "SELECT count(*), sum(partitions), sum(leaves), count(routers) FROM job_metrics", -1,
                           &query, nullptr);
        QCOMPARE(sqlite3_step(query), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(query, 0), 3);
        QCOMPARE(sqlite3_column_int(query, 1), 3 + 1 + 4);
        QCOMPARE(sqlite3_column_int(query, 2), 21);
        QCOMPARE(sqlite3_column_int(query, 3), 0); // empty counts are NULL
        sqlite3_finalize(query);
        sqlite3_close(db);
    }

    void demoDatabaseIsComplete()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(path.toStdString());
        QVERIFY(!QFile::exists(path + QStringLiteral(".partial")));
        Store store = Store::openExisting(path.toStdString());
        const auto machines = store.machines();
        QCOMPARE(machines.size(), size_t(2));
        QCOMPARE(machines[0].name, std::string("demo-torus"));
        QCOMPARE(machines[1].name, std::string("cab"));
        QVERIFY(machines[0].jobCount >= 200);
        QVERIFY(machines[1].jobCount >= 200);
        QVERIFY(isCurrentDemoDatabase(path.toStdString()));
        store.setMetaValue("demo_version", "0");
        QVERIFY(!isCurrentDemoDatabase(path.toStdString()));
        QVERIFY(!isCurrentDemoDatabase(dir.filePath(QStringLiteral("absent.sqlite")).toStdString()));

        // An unwritable destination fails cleanly and leaves nothing behind.
        const QString bad = dir.filePath(QStringLiteral("no/such/folder/demo.sqlite"));
        QVERIFY(errorOf([&] { writeDemoDatabase(bad.toStdString()); }).contains("no/such/folder"));
        QVERIFY(!QFile::exists(bad));
    }

    void demoNeverReplacesADatabase()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
        {
            Store store = Store::openOrCreate(path.toStdString());
            store.addMachine("imported", "torus extents=2x4", sampleJobs());
        }
        QByteArray before;
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            before = file.readAll();
        }
        QVERIFY(errorOf([&] { writeDemoDatabase(path.toStdString()); }).contains("already"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
        QCOMPARE(Store::openExisting(path.toStdString()).machines().size(), size_t(1));

        // A -wal left beside a path: a database renamed there would be read through it.
        const QString other = dir.filePath(QStringLiteral("other.sqlite"));
        QFile wal(other + QStringLiteral("-wal"));
        QVERIFY(wal.open(QIODevice::WriteOnly));
        wal.write("not ours");
        wal.close();
        QVERIFY(errorOf([&] { writeDemoDatabase(other.toStdString()); }).contains("-wal"));
        QVERIFY(!QFile::exists(other));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2); // demo.sqlite, other.sqlite-wal
    }

    void aNewDatabaseIsBuiltUnpublishedAndPublishedWhole()
    {
        // `placement import --db NEW` and the demo build a database under a name no other
        // program knows, in SQLite's rollback journal without syncing (each page written
        // once), and publish it synced and in write-ahead-log mode, as any other of ours.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("new.sqlite")).toStdString();
        const std::string building = newFileBeside(path);
        {
            Store store = Store::createUnpublished(building);
            QCOMPARE(rawText(QString::fromStdString(building), "PRAGMA journal_mode"), QStringLiteral("delete"));
            store.addMachine("small", "torus extents=2x4", sampleJobs());
            // A failed transaction is still undone whole.
            QVERIFY(!errorOf([&] { store.addMachine("small", "torus extents=2x4", sampleJobs()); }).isEmpty());
            store.finishNew();
        }
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
        publishNewDatabase(building, path);
        QVERIFY(!QFile::exists(QString::fromStdString(building)));
        const QString published = QString::fromStdString(path);
        QCOMPARE(rawText(published, "PRAGMA journal_mode"), QStringLiteral("wal"));
        QCOMPARE(rawText(published, "PRAGMA integrity_check"), QStringLiteral("ok"));
        Store store = Store::openExisting(path);
        QCOMPARE(store.machines().size(), size_t(1));
        QCOMPARE(store.jobs(store.machines()[0].id).size(), sampleJobs().size());

        // Only an empty new file is built into: never a database that has content.
        QByteArray before;
        {
            QFile file(published);
            QVERIFY(file.open(QIODevice::ReadOnly));
            before = file.readAll();
        }
        QVERIFY(errorOf([&] { Store::createUnpublished(path); }).contains("not an empty new file"));
        QFile file(published);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), before);
    }

    void migratesAVersion9DatabaseIntoSweepMembership()
    {
        // Version 10 keeps which sweeps a run belongs to; a run of version 9 belongs to the
        // sweep named in its parameters.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v9.sqlite"));
        std::int64_t machine = 0;
        {
            Store store = Store::openOrCreate(path.toStdString());
            machine = store.addMachine("m", "torus extents=2x4", sampleJobs());
            saveRun(store, machine, "a: first-fit", R"({"policy":"first-fit","sweep":"a","sweep_point":"p1"})", "{}",
                    {});
            saveRun(store, machine, "by hand", R"({"policy":"ta"})", "{}", {});
            saveRun(store, machine, "odd", R"({"sweep":3})", "{}", {});
            saveRun(store, machine, "damaged", "not json", "{}", {});
        }
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sweep_runs"), std::int64_t(1));
        rawExecute(path, "DROP TABLE sweep_runs; UPDATE meta SET value = '9' WHERE key = 'schema_version'");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        const std::vector<RunRecord> stored = runs(store, machine);
        QCOMPARE(stored.size(), size_t(4));
        QCOMPARE(stored[0].sweeps, std::vector<std::string>{"a"});
        for (size_t i = 1; i < stored.size(); ++i)
            QVERIFY(stored[i].sweeps.empty());
        // A later sweep meeting the same point: the run belongs to both, its own sweep first.
        QCOMPARE(addRunsToSweep(store, machine, "0-earlier-name", {"p1", "p2"}), std::int64_t(1));
        QCOMPARE(addRunsToSweep(store, machine, "0-earlier-name", {"p1"}), std::int64_t(0));
        QCOMPARE(runs(store, machine)[0].sweeps, (std::vector<std::string>{"a", "0-earlier-name"}));
    }
};

QTEST_APPLESS_MAIN(TestStore)
#include "tst_store.moc"
