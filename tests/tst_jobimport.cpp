// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/support/JobImportSupport.h"

using namespace placement;
using namespace placement::test;

class TestJobImport : public QObject
{
    Q_OBJECT
private slots:
    void importsSacctOntoNamedNodes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t machine = addClusterMachine(store);
        ImportRequest request;
        request.files = {fixture(QStringLiteral("cluster.sacct")).toStdString()};
        request.machine = "cluster";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        const std::vector<Job> jobs = store.jobs(machine);
        QCOMPARE(static_cast<std::int64_t>(jobs.size()), result.files[0].jobsStored);
        QVERIFY(!jobs.empty());
        // Job 5001 ran on cn[017-020]: node ids 16..19.
        QCOMPARE(jobs.size(), size_t(3)); // 5002 is on unknown nodes: stored, flagged; 5004 rejected; 5003 never ran
        const auto job = std::find_if(jobs.begin(), jobs.end(), [](const Job& j) { return j.id == "5001"; });
        QVERIFY(job != jobs.end());
        QCOMPARE(job->nodes, (std::vector<int>{16, 17, 18, 19}));
        QCOMPARE(job->user, std::string("alice"));
        QCOMPARE(store.sources().size(), size_t(1));
        QCOMPARE(store.sources()[0].format, std::string("sacct"));
        QVERIFY(formatImportReport(result).find("committed") != std::string::npos);
        QVERIFY(foreignKeysEnforced(store));
        // Statement journals were kept in memory for the import, and the setting is back.
        SqliteStatement tempStore(store.database(), "PRAGMA temp_store");
        QVERIFY(tempStore.step());
        QCOMPARE(tempStore.integer(0), std::int64_t(0));
    }

    void runsReadBeforeTheFirstOverlapAreMarkedToo()
    {
        // Jobs 1 to 3 share no node at any instant, so the import keeps none of them in memory;
        // job 4 overlaps jobs 1 and 3 on cn001 (3 is the job read last there): the runs read
        // before it are read back from their rows and 1, 3 and 4 are marked, 2 and 5 not.
        ClusterDatabase db;
        const QString log = db.dir.filePath(QStringLiteral("late.sacct"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("JobID|User|State|Start|End|NNodes|NodeList\n"
                   "1|a|COMPLETED|2024-03-01T00:00:00|2024-03-01T01:00:00|1|cn001\n"
                   "2|a|COMPLETED|2024-03-01T00:00:00|2024-03-01T01:00:00|1|cn002\n"
                   "3|a|COMPLETED|2024-03-01T02:00:00|2024-03-01T03:00:00|1|cn001\n"
                   "4|a|COMPLETED|2024-03-01T00:30:00|2024-03-01T02:30:00|1|cn001\n"
                   "5|a|COMPLETED|2024-03-01T04:00:00|2024-03-01T05:00:00|1|cn002\n");
        file.close();
        ImportRequest request;
        request.files = {log.toStdString()};
        request.machine = "cluster";
        const ImportResult result = importJobLogs(db.store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        QCOMPARE(result.jobsSharingNodes, std::int64_t(3));
        SqliteStatement marked(db.store.database(),
                               "SELECT group_concat(job_ref) FROM (SELECT job_ref FROM jobs "
                               "WHERE shares_nodes = 1 ORDER BY job_ref)");
        QVERIFY(marked.step());
        QCOMPARE(marked.text(0), std::string("1,3,4"));
    }

    void jobsWithUnknownStartAreStoredForSimulation()
    {
        // Real HPC2N jobs with wait -1, as the cleaned LLNL logs have on every job: 40 jobs,
        // 6 of them with run time -1 too, 2 of those left with no size (README).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        const std::int64_t machine = store.addMachine("seth", "torus extents=4x4x8");
        ImportRequest request;
        request.files = {importerData(QStringLiteral("swf/wait-unknown.swf"))};
        request.machine = "seth";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        QVERIFY(result.warnings.empty());
        QCOMPARE(result.files[0].jobsStored, std::int64_t(34));
        QCOMPARE(result.files[0].jobsWithoutStart, std::int64_t(34));
        QCOMPARE(result.files[0].jobsWithoutRun, std::int64_t(6));
        const std::string report = formatImportReport(result);
        QVERIFY2(report.find("34 jobs have no start time") != std::string::npos, report.c_str());

        // No view sees a start the log does not give ...
        QVERIFY(store.jobs(machine).empty());
        QCOMPARE(store.machine("seth")->jobCount, std::int64_t(34));
        QCOMPARE(store.machine("seth")->jobsWithoutStart, std::int64_t(34));
        // ... the simulator gets submit, size, run time and limit.
        const StoredWorkload workload = loadWorkload(store, machine, 2);
        QCOMPARE(workload.jobs.size(), size_t(32));
        QCOMPARE(workload.jobsWithoutSize, 2);
        QCOMPARE(workload.jobs[0].id, std::string("1"));
        QCOMPARE(workload.jobs[0].submit, std::int64_t(1027839845));
        QCOMPARE(workload.jobs[0].runTime, std::int64_t(31405));
        QCOMPARE(workload.jobs[0].timeLimit, std::int64_t(37980));
        QCOMPARE(workload.jobs[0].nodes, 15);
    }

    // A job without a start is identified by its submission time, the start it is stored
    // with: the trace imported again stores nothing new and is no "no jobs stored" warning.
    void jobsWithUnknownStartAreStoredOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        store.addMachine("seth", "torus extents=4x4x8");
        const QString trace = QString::fromStdString(importerData(QStringLiteral("swf/wait-unknown.swf")));
        const ImportResult first = importOnto(store, "seth", {trace});
        QVERIFY2(first.committed, first.failure.c_str());
        QCOMPARE(first.files[0].jobsStored, std::int64_t(34));

        const ImportResult again = importOnto(store, "seth", {trace});
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(34));
        QCOMPARE(again.files[0].jobsUpdated, std::int64_t(0));
        QCOMPARE(again.files[0].conflicts, std::int64_t(0));
        QVERIFY2(again.warnings.empty(), formatImportReport(again).c_str());
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(34));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE start_known = 0"), std::int64_t(34));
        QCOMPARE(store.machine("seth")->jobsWithoutStart, std::int64_t(34));
    }

    // A job stored without its start (wait -1) and a log of it imported again: the same log
    // keeps it unknown; a log that gives its start fills the start in, once, whether the start
    // is its submission time (the identity it was stored under) or later; a log without the
    // start of a job stored with it changes nothing. Never a second copy of the job.
    void reimportKeepsAJobsStartKnowledge_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::addColumn<bool>("knownAfter");
        QTest::addColumn<qint64>("startAfter");
        QTest::addColumn<int>("updated");
        QTest::addColumn<int>("unchanged");
        // Job 1 submitted at 1700000100 with run time 600; job 2 always known.
        QTest::newRow("unknown, same log") << "-1"
                                           << "-1" << false << qint64(1700000100) << 0 << 2;
        QTest::newRow("unknown, then started later") << "-1"
                                                     << "30" << true << qint64(1700000130) << 1 << 1;
        QTest::newRow("unknown, then started at once") << "-1"
                                                       << "0" << true << qint64(1700000100) << 1 << 1;
        QTest::newRow("known, then unknown") << "30"
                                             << "-1" << true << qint64(1700000130) << 0 << 2;
        QTest::newRow("known at once, then unknown") << "0"
                                                     << "-1" << true << qint64(1700000100) << 0 << 2;
    }
    void reimportKeepsAJobsStartKnowledge()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QFETCH(bool, knownAfter);
        QFETCH(qint64, startAfter);
        QFETCH(int, updated);
        QFETCH(int, unchanged);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        store.addMachine("seth", "torus extents=4x4x8");
        const auto log = [&](const QString& name, const QString& wait) {
            const QString file = dir.filePath(name);
            std::ofstream out(file.toStdString());
            out << "; UnixStartTime: 1700000000\n"
                << "1 100 " << wait.toStdString() << " 600 4 -1 -1 4 3600 -1 1 1 1 1 1 1 -1 -1\n"
                << "2 200 50 600 4 -1 -1 4 3600 -1 1 1 1 1 1 1 -1 -1\n";
            return file;
        };
        const ImportResult once = importOnto(store, "seth", {log(QStringLiteral("a.swf"), first)});
        QVERIFY2(once.committed, once.failure.c_str());
        QCOMPARE(once.files[0].jobsStored, std::int64_t(2));
        const ImportResult again = importOnto(store, "seth", {log(QStringLiteral("b.swf"), second)});
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].jobsUpdated, std::int64_t(updated));
        QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(unchanged));
        QCOMPARE(again.files[0].conflicts, std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(2));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE job_ref = '1'"), std::int64_t(1));
        QCOMPARE(rawInteger(path, "SELECT start_known FROM jobs WHERE job_ref = '1'"), std::int64_t(knownAfter));
        QCOMPARE(rawInteger(path, "SELECT start FROM jobs WHERE job_ref = '1'"), std::int64_t(startAfter));
        QCOMPARE(rawInteger(path, "SELECT end - start FROM jobs WHERE job_ref = '1'"), std::int64_t(600));
        QCOMPARE(rawInteger(path, "SELECT submit FROM jobs WHERE job_ref = '1'"), std::int64_t(1700000100));
        QCOMPARE(store.machine("seth")->jobsWithoutStart, std::int64_t(knownAfter ? 0 : 1));
    }

    void anImportThatStoresNoJobsIsNotAPlainSuccess()
    {
        // Only the jobs of the file above that have no run time either: nothing to store.
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("no-runs.swf"));
        copyLines(importerData(QStringLiteral("swf/wait-unknown.swf")), log, [](const std::string& line) {
            std::istringstream fields(line);
            std::string field;
            for (int i = 0; i < 4; ++i)
                fields >> field;
            return field == "-1"; // field 4, the run time
        });
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        store.addMachine("seth", "torus extents=4x4x8");
        ImportRequest request;
        request.files = {log.toStdString()};
        request.machine = "seth";
        request.options.strict = true;
        const ImportResult strict = importJobLogs(store, request);
        QVERIFY(!strict.committed);
        QVERIFY2(strict.failure.find("no-runs.swf: no jobs stored") != std::string::npos, strict.failure.c_str());
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sources"), std::int64_t(0));

        request.options.strict = false;
        const ImportResult lenient = importJobLogs(store, request);
        QVERIFY(lenient.committed);
        QCOMPARE(lenient.files[0].jobsWithoutRun, std::int64_t(6));
        QCOMPARE(lenient.warnings.size(), size_t(1));
        QVERIFY2(lenient.warnings[0].find("no-runs.swf: no jobs stored") != std::string::npos,
                 lenient.warnings[0].c_str());
        QVERIFY(formatImportReport(lenient).find("warning: ") != std::string::npos);
    }

    void aNodeNamedTwiceRejectsItsLine_data()
    {
        QTest::addColumn<bool>("strict");
        QTest::newRow("lenient") << false;
        QTest::newRow("strict") << true;
    }
    void aNodeNamedTwiceRejectsItsLine()
    {
        // cn002 and cn002.example.org are one node (names compare without their domain):
        // the job names 2 hosts but has 1 node, so its line is rejected with its place.
        QFETCH(bool, strict);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        const QString log = dir.filePath(QStringLiteral("twice.swf"));
        {
            std::ofstream out(log.toStdString());
            out << "; two runs, the second names one host twice\n"
                << "1 0 5 100 1 -1 -1 1 200 -1 1 1 1 -1 1 -1 -1 -1 {cn001}\n"
                << "2 10 5 100 2 -1 -1 2 200 -1 1 1 1 -1 1 -1 -1 -1 {cn002,cn002.example.org}\n"
                << "3 20 5 100 1 -1 -1 1 200 -1 1 1 1 -1 1 -1 -1 -1 {cn003}\n";
        }
        Store store = Store::openOrCreate(db.toStdString());
        const std::int64_t machine = addClusterMachine(store);
        ImportRequest request;
        request.files = {log.toStdString()};
        request.machine = "cluster";
        request.format = LogFormat::Swf;
        request.options.strict = strict;
        if (strict) {
            try {
                importJobLogs(store, request);
                QFAIL("a strict import accepted a job that names a node twice");
            } catch (const ImportError& error) {
                QCOMPARE(error.line, size_t(3));
                QVERIFY2(std::string(error.what()).find("cn002 twice") != std::string::npos, error.what());
            }
            QVERIFY(store.jobs(machine).empty()); // nothing stored
            return;
        }
        const ImportResult result = importJobLogs(store, request);
        QVERIFY(result.committed);
        QCOMPARE(store.jobs(machine).size(), size_t(2));
        const FileImportResult& file = result.files[0];
        QCOMPARE(file.summary.rejectedLines(), size_t(1));
        QCOMPARE(file.summary.issues.back().line, size_t(3));
        const std::string report = formatImportReport(result);
        QVERIFY2(report.find("twice.swf:3: job 2 names node cn002 twice") != std::string::npos, report.c_str());
    }

    void unknownNodesAreReported()
    {
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
        addClusterMachine(store);
        ImportRequest request;
        request.files = {fixture(QStringLiteral("cluster.sacct")).toStdString()};
        request.machine = "cluster";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY(result.committed);
        const FileImportResult& file = result.files[0];
        QVERIFY(file.unknownNodeCount > 0);
        QCOMPARE(file.unknownNodes, (std::vector<std::string>{"gpu03", "gpu11"}));
        QCOMPARE(file.jobsWithUnknownNodes, std::int64_t(1));
        QCOMPARE(file.jobsWithoutRun, std::int64_t(1)); // 5003 never started
        QCOMPARE(file.summary.rejectedLines(), size_t(1)); // 5004: 2 nodes listed, NNodes 3
        QCOMPARE(file.summary.issues[0].line, size_t(6));
        const std::string report = formatImportReport(result);
        QVERIFY2(report.find("cluster.sacct:6: node count mismatch") != std::string::npos, report.c_str());
    }

    void strictCancelledAndFailedImportsStoreNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        addClusterMachine(store);
        ImportRequest first;
        first.files = {fixture(QStringLiteral("cluster.sacct")).toStdString()};
        first.machine = "cluster";
        QVERIFY(importJobLogs(store, first).committed);
        const auto jobsBefore = rawInteger(path, "SELECT count(*) FROM jobs");
        const auto sourcesBefore = rawInteger(path, "SELECT count(*) FROM sources");

        ImportRequest strict;
        strict.files = {fixture(QStringLiteral("cluster.sacct")).toStdString()};
        strict.machine = "cluster";
        strict.options.strict = true;
        const ImportResult stopped = importJobLogs(store, strict);
        QVERIFY(!stopped.committed);
        QVERIFY(foreignKeysEnforced(store));
        QVERIFY2(stopped.failure.find("cluster.sacct:6") != std::string::npos, stopped.failure.c_str());

        ImportRequest cancelled;
        cancelled.files = {testData(QStringLiteral("traces/theta_2022.swf")).toStdString()};
        cancelled.machine = "cluster";
        int calls = 0;
        cancelled.options.progress = [&](std::uint64_t, std::uint64_t) { return ++calls < 3; };
        const ImportResult cancel = importJobLogs(store, cancelled);
        QVERIFY(!cancel.committed);
        QVERIFY(cancel.files[0].summary.cancelled);

        ImportRequest twice = first; // the same content again: its jobs are stored already
        const ImportResult again = importJobLogs(store, twice);
        QVERIFY(again.committed);
        QCOMPARE(again.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(again.files[0].jobsUnchanged, std::int64_t(3));
        QCOMPARE(again.files[0].sameContentAs,
                 QFileInfo(fixture(QStringLiteral("cluster.sacct"))).absoluteFilePath().toStdString());

        ImportRequest newMachine;
        newMachine.files = {testData(QStringLiteral("traces/hpc2n.swf")).toStdString(), "/no/such/file.log"};
        newMachine.topology = "cab";
        QVERIFY_THROWS_EXCEPTION(ImportError, importJobLogs(store, newMachine));
        QVERIFY(!store.machine("cab")); // the machine it would have created is gone too
        QVERIFY(foreignKeysEnforced(store));

        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), jobsBefore);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sources"), sourcesBefore + 1);
    }

    void realTraces_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("lines");
        QTest::addColumn<int>("rejected");
        QTest::newRow("hpc2n") << "traces/hpc2n.swf" << 3194 << 0;
        QTest::newRow("theta") << "traces/theta_2022.swf" << 23914 << 0;
        QTest::newRow("wagap") << "traces/wagap-2013.swf" << 17900 << 2;
    }
    void realTraces()
    {
        QFETCH(QString, trace);
        QFETCH(int, lines);
        QFETCH(int, rejected);
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
        ImportRequest request;
        request.files = {testData(trace).toStdString()};
        request.topology = "torus extents=64x64";
        request.machine = "any";
        const ImportResult result = importJobLogs(store, request);
        QVERIFY2(result.committed, result.failure.c_str());
        const FileImportResult& file = result.files[0];
        QCOMPARE(static_cast<int>(file.summary.linesRead), lines);
        QCOMPARE(static_cast<int>(file.summary.rejectedLines()), rejected);
        QCOMPARE(file.jobsStored + file.jobsWithoutRun + static_cast<std::int64_t>(rejected),
                 static_cast<std::int64_t>(file.summary.jobsParsed) + rejected);
        QCOMPARE(static_cast<std::int64_t>(store.jobs(store.machine("any")->id).size()), file.jobsStored);
        if (trace.contains(QStringLiteral("wagap"))) {
            // Jobs 4185 and 4199 have negative run times: reported on their lines, not stored.
            QCOMPARE(file.summary.issues[0].line, size_t(4186));
            QCOMPARE(file.summary.issues[1].line, size_t(4200));
        }
    }

    void killedImportLeavesTheDatabaseAsItWas()
    {
        // A large log, an import killed half-way (SIGKILL): the database opens and holds
        // exactly what it held before.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        {
            Store store = Store::openOrCreate(path.toStdString());
            addClusterMachine(store);
        }
        const QString log = dir.filePath(QStringLiteral("big.swf"));
        {
            std::ofstream out(log.toStdString());
            out << "; UnixStartTime: 1700000000\n";
            for (int job = 1; job <= 400000; ++job)
                out << job << ' ' << job * 10 << " 5 600 4 -1 -1 4 3600 -1 1 1 1 1 1 1 -1 -1\n";
        }
        QProcess import;
        import.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                     {QStringLiteral("import"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                      QStringLiteral("cluster"), log});
        QVERIFY(import.waitForStarted());
        // Kill it once it is writing: the write-ahead log grows.
        const QString wal = path + QStringLiteral("-wal");
        QVERIFY(QTest::qWaitFor([&] { return QFileInfo(wal).size() > 2'000'000; }, 20000));
        import.kill();
        QVERIFY(import.waitForFinished());
        QCOMPARE(import.exitStatus(), QProcess::CrashExit);
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sources"), std::int64_t(0));
        Store store = Store::openExisting(path.toStdString());
        QCOMPARE(store.machines().size(), size_t(1));
        sqlite3* db = nullptr;
        sqlite3_open(path.toUtf8().constData(), &db);
        sqlite3_stmt* check = nullptr;
        sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &check, nullptr);
        QCOMPARE(sqlite3_step(check), SQLITE_ROW);
        QCOMPARE(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(check, 0))), QStringLiteral("ok"));
        sqlite3_finalize(check);
        sqlite3_close(db);
    }

    void differentContentHasADifferentFingerprint()
    {
        // Variants of one sacct export that differ in two letters of its job names and users,
        // each at the last byte of an 8-byte word: 17 x 17 = 289 inputs of one length. The
        // fingerprint used before (FNV-1a over 64-bit words) kept such differences in its top
        // byte, so they took at most 256 values and some variants were refused as imported
        // already. Every variant is its own content.
        QFile original(fixture(QStringLiteral("cluster.sacct")));
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray text = original.readAll();
        std::vector<qsizetype> positions; // letters of the User and JobName fields of job lines
        for (const QByteArray& line : text.split('\n')) {
            if (line.isEmpty() || line.startsWith("JobID"))
                continue;
            const qsizetype begin = text.indexOf(line);
            const QList<QByteArray> fields = line.split('|');
            for (const int field : {1, int(fields.size()) - 1}) {
                qsizetype at = begin;
                for (int i = 0; i < field; ++i)
                    at += fields[i].size() + 1;
                for (qsizetype i = 0; i < fields[field].size(); ++i)
                    if ((at + i) % 8 == 7 && std::isalpha(static_cast<unsigned char>(text[at + i]))
                        && (positions.empty() || (at + i) / 8 != positions.back() / 8))
                        positions.push_back(at + i);
            }
        }
        QVERIFY(positions.size() >= 2);
        QTemporaryDir dir;
        Store store = Store::openOrCreate(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
        addClusterMachine(store);
        int variants = 0;
        for (char first = 'a'; first < 'a' + 17; ++first) {
            for (char second = 'a'; second < 'a' + 17; ++second) {
                QByteArray variant = text;
                variant[positions[0]] = first;
                variant[positions[1]] = second;
                const QString path = dir.filePath(QStringLiteral("variant-%1.sacct").arg(++variants));
                QFile file(path);
                QVERIFY(file.open(QIODevice::WriteOnly));
                file.write(variant);
                file.close();
                ImportRequest request;
                request.files = {path.toStdString()};
                request.machine = "cluster";
                try {
                    QVERIFY2(importJobLogs(store, request).committed, qPrintable(path));
                } catch (const ImportError& error) {
                    QFAIL(error.what());
                }
            }
        }
        std::set<std::string> hashes;
        for (const SourceRecord& source : store.sources())
            hashes.insert(source.contentHash);
        QCOMPARE(hashes.size(), size_t(variants));
    }

    void pipesFifosAndDevicesAreReadOnce()
    {
        // A log given as a pipe (bash's <(zcat ...)), a FIFO and /dev/zero, each to a real
        // `placement import`. Before, the pipe's content went into the fingerprint and the
        // parser read nothing (0 jobs, exit 0), and the FIFO and /dev/zero never ended.
        QTemporaryDir dir;
        const QString placement = QStringLiteral(PLACEMENT_BIN_DIR "/placement");
        const QString log = fixture(QStringLiteral("cluster.sacct"));
        const QString gz = dir.filePath(QStringLiteral("cluster.sacct.gz"));
        const auto runBash = [](const QStringList& arguments, QString* errors = nullptr) {
            QProcess bash;
            bash.start(QStringLiteral("bash"), arguments);
            if (!bash.waitForFinished(30000)) {
                bash.kill();
                bash.waitForFinished();
                return -2; // still running after 30 s
            }
            if (errors)
                *errors = QString::fromUtf8(bash.readAllStandardError());
            return bash.exitStatus() == QProcess::NormalExit ? bash.exitCode() : -1;
        };
        QCOMPARE(runBash({QStringLiteral("-c"), QStringLiteral("gzip -c \"$0\" > \"$1\""), log, gz}), 0);

        const QString piped = dir.filePath(QStringLiteral("piped.sqlite"));
        QCOMPARE(runBash({QStringLiteral("-c"),
                          QStringLiteral("\"$0\" import --db \"$1\" --topology cab --machine m <(zcat \"$2\")"),
                          placement, piped, gz}),
                 0);
        QCOMPARE(rawInteger(piped, "SELECT count(*) FROM jobs"), std::int64_t(3));
        QCOMPARE(rawInteger(piped, "SELECT jobs_imported FROM sources"), std::int64_t(3));

        const QString fifo = dir.filePath(QStringLiteral("log.fifo"));
        QCOMPARE(mkfifo(fifo.toUtf8().constData(), 0600), 0);
        const QString fromFifo = dir.filePath(QStringLiteral("fifo.sqlite"));
        QCOMPARE(runBash({QStringLiteral("-c"),
                          QStringLiteral("cat \"$3\" > \"$2\" & \"$0\" import --db \"$1\" --topology cab "
                                         "--machine m \"$2\""),
                          placement, fromFifo, fifo, log}),
                 0);
        QCOMPARE(rawInteger(fromFifo, "SELECT count(*) FROM jobs"), std::int64_t(3));

        // Not text: refused, naming the input, nothing stored.
        const QString binary = dir.filePath(QStringLiteral("binary.log"));
        {
            QFile file(binary);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QFile text(log);
            QVERIFY(text.open(QIODevice::ReadOnly));
            file.write(text.readAll());
            file.write(QByteArray(64, '\0'));
        }
        for (const QString& input : {QStringLiteral("/dev/zero"), binary}) {
            QString errors;
            QCOMPARE(runBash({QStringLiteral("-c"),
                              QStringLiteral("\"$0\" import --db \"$1\" --format sacct --machine m \"$2\""), placement,
                              piped, input},
                             &errors),
                     1);
            QVERIFY2(errors.contains(input + QStringLiteral(": not a text log")), qPrintable(errors));
        }
        QCOMPARE(rawInteger(piped, "SELECT count(*) FROM jobs"), std::int64_t(3));
    }

    void theSameJobIsStoredOnce()
    {
        ClusterDatabase database;
        const QString& path = database.path;
        Store& store = database.store;
        const auto import
            = [&](const QStringList& files, bool strict = false) { return importOntoCluster(store, files, strict); };
        const auto jobs = [&] { return rawInteger(path, "SELECT count(*) FROM jobs"); };

        // Overlapping daily exports: 6 jobs, 3 of them in both (before: 9 rows).
        ImportResult days = import({fixture(QStringLiteral("day1.sacct")), fixture(QStringLiteral("day2.sacct"))});
        QVERIFY2(days.committed, days.failure.c_str());
        QCOMPARE(days.files[0].jobsStored, std::int64_t(4));
        QCOMPARE(days.files[1].jobsStored, std::int64_t(2));
        QCOMPARE(days.files[1].jobsUnchanged, std::int64_t(3));
        QCOMPARE(jobs(), std::int64_t(6));
        // Array task and het components by JobID, not JobIDRaw; step lines are no jobs.
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE job_ref IN ('81240_7', '90001+0', '90001+1')"), 3);

        // The same file twice in one command; a .gz copy and a CRLF copy.
        const ImportResult twice
            = import({fixture(QStringLiteral("day1.sacct")), fixture(QStringLiteral("day1.sacct"))});
        QVERIFY(twice.committed);
        QCOMPARE(twice.files[0].jobsStored + twice.files[1].jobsStored, std::int64_t(0));
        QCOMPARE(twice.files[1].jobsUnchanged, std::int64_t(4));
        QFile day2(fixture(QStringLiteral("day2.sacct")));
        QVERIFY(day2.open(QIODevice::ReadOnly));
        const QByteArray text = day2.readAll();
        const QString crlf = database.dir.filePath(QStringLiteral("day2-crlf.sacct"));
        {
            QFile file(crlf);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(text).replace("\n", "\r\n"));
        }
        const QString gz = database.dir.filePath(QStringLiteral("day2.sacct.gz"));
        QCOMPARE(QProcess::execute(QStringLiteral("bash"),
                                   {QStringLiteral("-c"), QStringLiteral("gzip -c \"$0\" > \"$1\""),
                                    fixture(QStringLiteral("day2.sacct")), gz}),
                 0);
        const ImportResult copies = import({crlf, gz});
        QVERIFY2(copies.committed, copies.failure.c_str());
        QCOMPARE(copies.files[0].jobsUnchanged + copies.files[1].jobsUnchanged, std::int64_t(10));
        QCOMPARE(jobs(), std::int64_t(6));

        // jobcomp of the same jobs: recognised by the array and het ids it gives.
        const ImportResult jobcomp = import({fixture(QStringLiteral("jobcomp.log"))});
        QVERIFY2(jobcomp.committed, jobcomp.failure.c_str());
        QCOMPARE(jobcomp.files[0].jobsStored, std::int64_t(0));
        QCOMPARE(jobcomp.files[0].conflicts, std::int64_t(0));
        QCOMPARE(jobcomp.files[0].jobsUnchanged + jobcomp.files[0].jobsUpdated, std::int64_t(4));
        QCOMPARE(jobs(), std::int64_t(6));

        // A job stored while it ran (as a log that keeps running jobs has it), logged again
        // when it has ended: updated.
        {
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "UPDATE jobs SET state = 'RUNNING', end = end - 600 WHERE job_ref = '81310'",
                                  nullptr, nullptr, nullptr),
                     SQLITE_OK);
            sqlite3_close(db);
        }
        const ImportResult ended = import({fixture(QStringLiteral("day2.sacct"))});
        QVERIFY(ended.committed);
        QCOMPARE(ended.files[0].jobsUpdated, std::int64_t(1));
        QCOMPARE(ended.files[0].conflicts, std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs WHERE job_ref = '81310' AND state = 'COMPLETED'"), 1);
        QCOMPARE(jobs(), std::int64_t(6));

        // A job id repeated within one file, with another end: a conflict, by file and line.
        const QString repeated = database.dir.filePath(QStringLiteral("repeated.sacct"));
        {
            const QList<QByteArray> lines = text.split('\n');
            QFile file(repeated);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(lines[0] + '\n' + lines[6] + '\n' + QByteArray(lines[6]).replace("T09:02:00", "T09:03:00")
                       + '\n');
        }
        const ImportResult conflict = import({repeated});
        QVERIFY(conflict.committed);
        QCOMPARE(conflict.files[0].jobsUnchanged, std::int64_t(1));
        QCOMPARE(conflict.files[0].conflicts, std::int64_t(1));
        QCOMPARE(conflict.files[0].summary.issues.size(), size_t(1));
        QCOMPARE(conflict.files[0].summary.issues[0].line, size_t(3));
        QVERIFY2(conflict.files[0].summary.issues[0].reason.find("day2.sacct:7") != std::string::npos,
                 conflict.files[0].summary.issues[0].reason.c_str());
        QVERIFY(formatImportReport(conflict).find("repeated.sacct:3: job 81310") != std::string::npos);
        const auto sources = rawInteger(path, "SELECT count(*) FROM sources");
        const ImportResult strict = import({repeated}, true);
        QVERIFY(!strict.committed);
        QVERIFY2(strict.failure.find("repeated.sacct:3") != std::string::npos, strict.failure.c_str());
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sources"), sources);
        QCOMPARE(jobs(), std::int64_t(6));
    }

    void swfJobsAreIdentifiedWithinTheirTrace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("db.sqlite"));
        Store store = Store::openOrCreate(path.toStdString());
        store.addMachine("seth", "torus extents=8x8");
        const auto import = [&](const QString& file) {
            ImportRequest request;
            request.files = {file.toStdString()};
            request.machine = "seth";
            const ImportResult result = importJobLogs(store, request);
            return result.committed ? result.files[0] : FileImportResult{};
        };
        const FileImportResult first = import(fixture(QStringLiteral("hpc2n-head.swf")));
        QVERIFY(first.jobsStored > 30);
        // The trace again, with other line ends and spacing: the same trace, the same jobs.
        QFile original(fixture(QStringLiteral("hpc2n-head.swf")));
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QString copy = dir.filePath(QStringLiteral("copy.swf"));
        {
            QFile file(copy);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(original.readAll().replace("\n", " \r\n"));
        }
        const FileImportResult again = import(copy);
        QCOMPARE(again.jobsStored, std::int64_t(0));
        QCOMPARE(again.jobsUnchanged, first.jobsStored);
        // Another trace numbers its jobs from 1 too: its jobs are its own.
        const FileImportResult theta = import(fixture(QStringLiteral("theta-head.swf")));
        QVERIFY(theta.jobsStored > 30);
        QCOMPARE(theta.jobsUnchanged, std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(DISTINCT origin) FROM jobs WHERE job_ref = '1'"), std::int64_t(2));
    }

    void compressedLogsAndArchivesAreReadWhole()
    {
        // day1.sacct compressed with xz, bzip2 and zstd; day1 and day2 in a .tgz and a .zip;
        // and a .tar.xz with a binary file between them (tests/data/import/README.md).
        ClusterDatabase database;
        const QString& path = database.path;
        Store& store = database.store;
        const auto import = [&](QStringList files) {
            for (QString& file : files)
                file = fixture(QStringLiteral("compressed/") + file);
            return importOntoCluster(store, files);
        };
        const ImportResult compressed = import(
            {QStringLiteral("day1.sacct.xz"), QStringLiteral("day1.sacct.bz2"), QStringLiteral("day1.sacct.zst")});
        QVERIFY2(compressed.committed, compressed.failure.c_str());
        QCOMPARE(compressed.files.size(), size_t(3));
        QCOMPARE(compressed.files[0].jobsStored, std::int64_t(4));
        QCOMPARE(compressed.files[1].jobsUnchanged, std::int64_t(4));
        QCOMPARE(compressed.files[2].jobsUnchanged, std::int64_t(4));
        for (const FileImportResult& file : compressed.files)
            QCOMPARE(file.summary.rejectedLines(), size_t(0));

        const ImportResult tgz = import({QStringLiteral("exports.tgz")});
        QVERIFY2(tgz.committed, tgz.failure.c_str());
        QCOMPARE(tgz.files.size(), size_t(2)); // its two files, each a log of its own
        QVERIFY(tgz.files[0].path.ends_with("exports.tgz:exports/day1.sacct"));
        QVERIFY(tgz.files[1].path.ends_with("exports.tgz:exports/day2.sacct"));
        QCOMPARE(tgz.files[1].jobsStored, std::int64_t(2));
        QCOMPARE(tgz.files[1].summary.rejectedLines(), size_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM jobs"), std::int64_t(6));
        const ImportResult zip = import({QStringLiteral("exports.zip")});
        QVERIFY2(zip.committed, zip.failure.c_str());
        QCOMPARE(zip.files.size(), size_t(2));
        QCOMPARE(zip.files[0].jobsUnchanged + zip.files[1].jobsUnchanged, std::int64_t(9));

        // A binary file in an archive: refused, naming it, and nothing of the archive is stored.
        const auto sources = rawInteger(path, "SELECT count(*) FROM sources");
        ClusterDatabase fresh;
        const QString& otherPath = fresh.path;
        try {
            importOntoCluster(fresh.store, {fixture(QStringLiteral("compressed/with-binary.tar.xz"))});
            QFAIL("a binary file in an archive was imported");
        } catch (const ImportError& error) {
            QVERIFY2(std::string(error.what()).find("with-binary.tar.xz:exports/notes.bin: not a text log")
                         != std::string::npos,
                     error.what());
        }
        QCOMPARE(rawInteger(otherPath, "SELECT count(*) FROM jobs"), std::int64_t(0));
        QCOMPARE(rawInteger(otherPath, "SELECT count(*) FROM sources"), std::int64_t(0));
        QCOMPARE(rawInteger(path, "SELECT count(*) FROM sources"), sources);
    }
};

QTEST_GUILESS_MAIN(TestJobImport)
#include "tst_jobimport.moc"
