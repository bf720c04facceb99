#include "store/DemoDatabase.h"
#include "store/Store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace placement;

namespace {

std::vector<Job> sampleJobs()
{
    return {
        {"101", "alice", 1000, 1010, 2000, {0, 1, 2}},
        {"102_7", "", 1005, 1020, 1500, {5}},
        {"103", "bob", 1100, 2000, 2600, {0, 3, 4, 7}},
    };
}

/// Raw SQLite access, independent of the code under test.
void rawExecute(const QString& path, const char* sql)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
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
            record.job = {"7", "bob", 10, 20, 30, {1}};
            record.state = "COMPLETED";
            writer.add(record);
            // No commit: the writer's end undoes everything.
        }
        QVERIFY(store.jobs(named).empty());
        QVERIFY(store.sources().empty() || store.sources().back().path != source.path);
        {
            JobWriter writer(store, named, source);
            JobRecord record;
            record.job = {"7", "bob", 10, 20, 30, {1, 0}};
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

    void savesJobMetrics()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t machine = store.addMachine("small", "torus extents=2x4", sampleJobs());
        QCOMPARE(store.saveJobMetrics(machine), std::int64_t(3));
        QCOMPARE(store.saveJobMetrics(machine), std::int64_t(3)); // replaces, does not add
        sqlite3* db = nullptr;
        sqlite3_open(path.toUtf8().constData(), &db);
        sqlite3_stmt* query = nullptr;
        sqlite3_prepare_v2(db, "SELECT count(*), sum(partitions), max(aph) FROM job_metrics", -1, &query, nullptr);
        QCOMPARE(sqlite3_step(query), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(query, 0), 3);
        // Job 101 on nodes 0,1,2 of a 2x4 torus: one component; job 102 one node; job 103 on
        // 0,3,4,7: (0,0) (1,1) (0,2) (1,3) - no two adjacent, four components.
        QCOMPARE(sqlite3_column_int(query, 1), 1 + 1 + 4);
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
};

QTEST_APPLESS_MAIN(TestStore)
#include "tst_store.moc"
