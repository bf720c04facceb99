// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Databases of earlier schema versions opened by the importer: migrated, their jobs kept.

#include "tests/support/JobImportSupport.h"

using namespace placement;
using namespace placement::test;

class TestJobMigration : public QObject
{
    Q_OBJECT

private slots:
    void migratesADatabaseOfTheReleaseBefore()
    {
        // A database written before job identities (schema 5), with three jobs stored twice
        // by overlapping exports: opened, it is migrated in place; nothing is lost, and the
        // same export imported again adds nothing.
        QTemporaryDir dir;
        std::int64_t version = 0;
        const QString path = copyOfOldDatabase(dir, QStringLiteral("schema5.sqlite"), version);
        QVERIFY(!path.isEmpty());
        QCOMPARE(version, std::int64_t(5));
        const auto placements = rawInteger(path, "SELECT count(*) FROM placements");
        QVERIFY(placements > 0);
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sqlite_master WHERE name = 'jobs_by_machine_size'"),
                 std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(43));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE origin LIKE '%a copy of job%'"), std::int64_t(3));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE origin LIKE 'swf source %'"), std::int64_t(34));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM placements"), placements);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sqlite_master WHERE name = 'jobs_by_identity'"),
                 std::int64_t(1));
        // Version 14: the machine list's counts from partial indexes.
        QCOMPARE(rawInteger(path,
                            "SELECT count(*) FROM sqlite_master WHERE name IN ('jobs_without_start', "
                            "'jobs_sharing_nodes')"),
                 std::int64_t(2));

        const ImportResult again = importOntoCluster(store, {fixture(QStringLiteral("day2.sacct"))});
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(5));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(43));
    }

    void migratesADatabaseOfSchemaVersion6()
    {
        // A database written with job identities, before start_known (schema 6): opened, it
        // is migrated in place; every job keeps its logged start, and the same logs imported
        // again add nothing.
        QTemporaryDir dir;
        std::int64_t version = 0;
        const QString path = copyOfOldDatabase(dir, QStringLiteral("schema6.sqlite"), version);
        QVERIFY(!path.isEmpty());
        QCOMPARE(version, std::int64_t(6));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM pragma_table_info('jobs') WHERE name = 'start_known'"),
                 std::int64_t(0));
        const auto placements = rawInteger(path, "SELECT count(*) FROM placements");
        QVERIFY(placements > 0);
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(rawInteger(path, "SELECT value FROM meta WHERE key = 'schema_version'"),
                 std::int64_t(Store::SchemaVersion));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(40));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE start_known = 1"), std::int64_t(40));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM placements"), placements);
        const std::optional<MachineRecord> seth = store.machine("seth");
        QVERIFY(seth);
        QCOMPARE(seth->jobsWithoutStart, std::int64_t(0));
        QCOMPARE(store.jobs(seth->id).size(), size_t(34));

        const ImportResult again = importOnto(store, "seth", {fixture(QStringLiteral("hpc2n-head.swf"))});
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(34));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(40));
    }

    void migratesSchema7MarkingJobsThatShareNodes()
    {
        // wagap-2013.swf's first 200 jobs on its 44 hosts: jobs run several to a node. A
        // database of schema 7 (before shares_nodes) is marked when it is opened, as an
        // import marks it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        const QString log = dir.filePath(QStringLiteral("wagap-head.swf"));
        int lines = 0;
        copyLines(testData(QStringLiteral("traces/wagap-2013.swf")).toStdString(), log,
                  [&](const std::string&) { return ++lines <= 200; });
        std::int64_t sharing = 0;
        {
            Store store = Store::openOrCreate(path.toStdString());
            ImportRequest request;
            request.files = {log.toStdString()};
            request.topology = testData(QStringLiteral("traces/wagap-2013.topology.conf")).toStdString();
            request.machine = "wagap";
            const ImportResult result = importJobLogs(store, request);
            QVERIFY2(result.committed, result.failure.c_str());
            sharing = result.jobsSharingNodes;
            QVERIFY(sharing > 0 && sharing < 200);
            QCOMPARE(store.machine("wagap")->jobsSharingNodes, sharing);
            QVERIFY(formatImportReport(result).find(std::to_string(sharing) + " jobs share nodes with concurrent jobs")
                    != std::string::npos);
            // Imported again: the same jobs, the same marks (a job does not share with its
            // own stored copy).
            const ImportResult again = importOnto(store, "wagap", {log});
            QVERIFY2(again.committed, again.failure.c_str());
            QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(200));
            QCOMPARE(again.jobsSharingNodes, sharing);
        }
        rawExecute(path,
                   "DROP INDEX jobs_sharing_nodes; DROP INDEX jobs_without_start; " // version 14's
                   "ALTER TABLE jobs DROP COLUMN shares_nodes; "
                   "UPDATE meta SET value = '7' WHERE key = 'schema_version'");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE shares_nodes = 1"), sharing);
        // Counted from the index the migration to version 14 built, as from the jobs.
        QCOMPARE(store.machine("wagap")->jobsSharingNodes, sharing);
        QCOMPARE(store.machine("wagap")->jobCount, rawInteger(path, "SELECT count(*) FROM jobs"));
        QCOMPARE(store.machine("wagap")->jobsWithoutStart,
                 rawInteger(path, "SELECT count(*) FROM jobs WHERE start_known = 0"));
    }

    void migratesSchema8WithoutCoreCounts()
    {
        // wagap-2013.swf's first 300 jobs on its 44 hosts with the cores of its .machines
        // file. A database of schema 8 (before nodes.cores, jobs.node_cores, jobs.gpus) opens
        // migrated: every job kept, its total CPUs (allocated_cpus, stored since version 2)
        // still read, per-node counts and node cores unknown, not guessed; the same log
        // imported again adds nothing and conflicts with nothing.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        const QString log = dir.filePath(QStringLiteral("wagap-head.swf"));
        int lines = 0;
        copyLines(testData(QStringLiteral("traces/wagap-2013.swf")).toStdString(), log,
                  [&](const std::string&) { return ++lines <= 300; });
        std::vector<JobHolding> before;
        std::size_t jobCount = 0;
        {
            Store store = Store::openOrCreate(path.toStdString());
            ImportRequest request;
            request.files = {log.toStdString()};
            request.topology = testData(QStringLiteral("traces/wagap-2013.topology.conf")).toStdString();
            request.aleaMachines = testData(QStringLiteral("traces/wagap-2013.swf.machines")).toStdString();
            request.machine = "wagap";
            const ImportResult result = importJobLogs(store, request);
            QVERIFY2(result.committed, result.failure.c_str());
            const std::int64_t id = store.machine("wagap")->id;
            QCOMPARE(store.nodeResources(id).totalCores(), std::int64_t(18 * 80 + 26 * 12));
            before = store.jobHoldings(id);
            jobCount = store.jobs(id).size();
            QVERIFY(jobCount > 200);
            QVERIFY(rawInteger(path, "SELECT count(*) FROM jobs WHERE node_cores IS NOT NULL") > 0);
        }
        rawExecute(path,
                   "ALTER TABLE jobs DROP COLUMN node_cores; ALTER TABLE jobs DROP COLUMN gpus; "
                   "ALTER TABLE nodes DROP COLUMN cores; ALTER TABLE nodes DROP COLUMN gpus; "
                   "UPDATE meta SET value = '8' WHERE key = 'schema_version'");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QVERIFY(Store::SchemaVersion >= 9);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE node_cores IS NOT NULL OR gpus IS NOT NULL"),
                 std::int64_t(0));
        const std::int64_t id = store.machine("wagap")->id;
        QCOMPARE(store.jobs(id).size(), jobCount);
        const NodeResources resources = store.nodeResources(id);
        QCOMPARE(resources.cores.size(), size_t(44));
        QCOMPARE(resources.totalCores(), std::int64_t(-1));
        const std::vector<JobHolding> after = store.jobHoldings(id);
        QCOMPARE(after.size(), before.size());
        for (size_t i = 0; i < after.size(); ++i) {
            QCOMPARE(after[i].cores, before[i].cores);
            // Per node: known after the migration only for one-node jobs (their total).
            if (before[i].nodeCores().size() == 1)
                QCOMPARE(after[i].nodeCores(), before[i].nodeCores());
            else
                QVERIFY(after[i].nodeCores().empty());
        }
        const ImportResult again = importOnto(store, "wagap", {log});
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].conflicts, std::int64_t(0));
        QCOMPARE(store.jobs(id).size(), jobCount);
    }

    void version11DropsTheIndexBySize()
    {
        // A database of version 10 (its index on machine and node count made again): opened,
        // the index is gone, its jobs are all there, and a machine's jobs are found through
        // the identity index.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v10.sqlite"));
        std::size_t jobCount = 0;
        {
            Store store = Store::openOrCreate(path.toStdString());
            QCOMPARE(rawInteger(path, "SELECT count(*) FROM sqlite_master WHERE name = 'jobs_by_machine_size'"),
                     std::int64_t(0));
            ImportRequest request;
            request.files = {testData(QStringLiteral("traces/wagap-2013.swf")).toStdString()};
            request.topology = testData(QStringLiteral("traces/wagap-2013.topology.conf")).toStdString();
            request.machine = "wagap";
            const ImportResult result = importJobLogs(store, request);
            QVERIFY2(result.committed, result.failure.c_str());
            jobCount = store.jobs(store.machine("wagap")->id).size();
            QVERIFY(jobCount > 200);
        }
        rawExecute(path,
                   "CREATE INDEX jobs_by_machine_size ON jobs(machine_id, node_count); "
                   "UPDATE meta SET value = '10' WHERE key = 'schema_version'");
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sqlite_master WHERE name = 'jobs_by_machine_size'"),
                 std::int64_t(0));
        QCOMPARE(store.jobs(store.machine("wagap")->id).size(), jobCount);
        SqliteStatement plan(store.database(),
                             "EXPLAIN QUERY PLAN SELECT id, nodes FROM jobs WHERE machine_id = 1 AND node_count > 0");
        QVERIFY(plan.step());
        QVERIFY2(plan.text(3).find("jobs_by_identity") != std::string::npos, plan.text(3).c_str());
    }
};

QTEST_GUILESS_MAIN(TestJobMigration)
#include "tst_jobmigration.moc"
