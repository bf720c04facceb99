// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/AllocatorFactory.h"
#include "core/MachineSpec.h"
#include "core/MetricsReport.h"
#include "core/Topology.h"
#include "services/Import.h"
#include "services/Metrics.h"
#include "services/OptionParsers.h"
#include "services/WhatIf.h"
#include "store/DatabaseFiles.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>
#include <sstream>

using namespace placement;

namespace {

/// The real wagap log (17,898 jobs, most of them sharing nodes) and its topology.conf.
ImportRequest wagapRequest()
{
    ImportRequest request;
    request.files = {QFINDTESTDATA("data/traces/wagap-2013.swf").toStdString()};
    request.machine = "wagap";
    request.topology = QFINDTESTDATA("data/traces/wagap-2013.topology.conf").toStdString();
    return request;
}

std::string pragma(const std::string& path, const char* sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* query = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &query, nullptr);
    std::string value;
    if (sqlite3_step(query) == SQLITE_ROW)
        value = reinterpret_cast<const char*>(sqlite3_column_text(query, 0));
    sqlite3_finalize(query);
    sqlite3_close(db);
    return value;
}

QString thrown(const std::function<void()>& call)
{
    try {
        call();
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("(nothing thrown)");
}

} // namespace

class TestServices : public QObject
{
    Q_OBJECT

private slots:
    void everyOfferedChoiceParsesBackToItself()
    {
        for (BackfillPolicy backfill : backfillChoices())
            QCOMPARE(parseBackfill(backfillName(backfill)), backfill);
        QCOMPARE(backfillChoices().front(), BackfillPolicy::Easy); // the dialogs' default
        QCOMPARE(backfillChoices().size(), std::size_t(4));
        for (LogFormat format : logFormatChoices())
            QCOMPARE(parseLogFormat(logFormatName(format)), std::optional<LogFormat>(format));
        QCOMPARE(parseLogFormat("auto"), std::optional<LogFormat>());
        for (EndingSecond rule : {EndingSecond::Released, EndingSecond::Held})
            QCOMPARE(parseEndingSecond(endingSecondName(rule)), rule);
        for (CoreBackfill backfill : {CoreBackfill::Fcfs, CoreBackfill::Easy, CoreBackfill::Auction})
            QCOMPARE(parseCoreBackfillSetting(coreBackfillName(backfill)), backfill);
        for (const AllocatorPolicyInfo& policy : allocatorPolicies())
            QCOMPARE(parsePolicy(policy.name), std::string(policy.name));
    }

    void badSettingsAreRefusedByNameWithWhatIsAccepted_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("expected");
        QTest::newRow("backfill") << thrown([] { parseBackfill("lifo"); })
                                  << "--backfill: 'lifo' is not a backfilling (expected easy, fcfs, conservative or "
                                     "auction)";
        QTest::newRow("backfill in a dialog")
            << thrown([] { parseBackfill("", "Backfilling"); }) << "Backfilling: '' is not a backfilling";
        QTest::newRow("conservative by cores")
            << thrown([] { parseCoreBackfillSetting("conservative"); })
            << "--backfill: 'conservative' is not a backfilling by cores (expected easy, fcfs or auction)";
        QTest::newRow("format") << thrown([] { parseLogFormat("csv"); })
                                << "--format: 'csv' is not a log format (expected auto, sacct, jobcomp, moab, torque "
                                   "or swf)";
        QTest::newRow("format is case-sensitive")
            << thrown([] { parseLogFormat("SWF"); }) << "'SWF' is not a log format";
        QTest::newRow("offset of 25 h") << thrown([] { parseUtcOffsetSetting("+25:00"); })
                                        << "--utc-offset: '+25:00' is not a UTC offset";
        QTest::newRow("offset of 90 min") << thrown([] { parseUtcOffsetSetting("+01:90"); }) << "is not a UTC offset";
        QTest::newRow("zone") << thrown([] { parseTimeZoneSetting("Mars/Olympus"); })
                              << "--timezone: time zone 'Mars/Olympus' is not in the system's time zone database";
        QTest::newRow("zone or offset") << thrown([] { parseLogTimes("Mars/Olympus"); })
                                        << "Time zone: 'Mars/Olympus' is neither a UTC offset";
        QTest::newRow("ending second") << thrown([] { parseEndingSecond("sometimes"); })
                                       << "--ending-second: 'sometimes' (expected released or held)";
        QTest::newRow("policy") << thrown([] { parsePolicy("best"); }) << "--policy: unknown policy 'best'";
    }
    void badSettingsAreRefusedByNameWithWhatIsAccepted()
    {
        QFETCH(QString, message);
        QFETCH(QString, expected);
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void logTimesAreAnOffsetOrAZone()
    {
        const LogTimes utc = parseLogTimes("  ");
        QCOMPARE(utc.utcOffsetSeconds, std::int64_t(0));
        QVERIFY(utc.timeZone.empty());
        QCOMPARE(parseLogTimes("+01:00").utcOffsetSeconds, std::int64_t(3600));
        QCOMPARE(parseLogTimes(" -0530 ").utcOffsetSeconds, std::int64_t(-19800));
        const LogTimes berlin = parseLogTimes(" Europe/Berlin ");
        QCOMPARE(berlin.timeZone, std::string("Europe/Berlin"));
        ImportOptions options;
        options.utcOffsetSeconds = 7200;
        berlin.applyTo(options);
        QCOMPARE(options.timeZone, std::string("Europe/Berlin"));
        QCOMPARE(options.utcOffsetSeconds, std::int64_t(0));
        QCOMPARE(parseUtcOffsetSetting("3600"), std::int64_t(3600));
        QCOMPARE(parseTimeZoneSetting("UTC"), std::string("UTC"));
    }

    void aNewDatabaseAppearsOnlyWhenTheImportIsCommitted()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("wagap.sqlite")).toStdString();
        const ImportResult first = importIntoDatabase(path, wagapRequest());
        QVERIFY2(first.committed, first.failure.c_str());
        for (const QString& name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden))
            QVERIFY2(name == QLatin1String("wagap.sqlite") || name == QLatin1String("wagap.sqlite-wal")
                         || name == QLatin1String("wagap.sqlite-shm"),
                     qPrintable(name)); // nothing left of the private build
        QCOMPARE(pragma(path, "PRAGMA journal_mode"), std::string("wal"));
        QCOMPARE(pragma(path, "PRAGMA integrity_check"), std::string("ok"));
        QCOMPARE(pragma(path, "SELECT count(*) FROM jobs"), std::string("17898"));

        // The same log again, into the database that now exists: nothing is added.
        ImportRequest sameLog = wagapRequest();
        sameLog.topology.clear(); // the machine exists now
        const ImportResult again = importIntoDatabase(path, sameLog);
        QVERIFY2(again.committed, again.failure.c_str());
        QCOMPARE(pragma(path, "SELECT count(*) FROM jobs"), std::string("17898"));

        // A failed import into an existing database leaves it as it was.
        ImportRequest missing = wagapRequest();
        missing.files = {dir.filePath(QStringLiteral("no-such.swf")).toStdString()};
        missing.topology.clear();
        QVERIFY(thrown([&] {
                    const ImportResult result = importIntoDatabase(path, missing);
                    if (!result.committed)
                        throw std::runtime_error(result.failure);
                }).contains(QStringLiteral("no-such.swf")));
        QCOMPARE(pragma(path, "SELECT count(*) FROM jobs"), std::string("17898"));
    }

    void aFailedImportLeavesNoNewDatabase()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("new.sqlite")).toStdString();
        // A log whose format cannot be told.
        const QString unknown = dir.filePath(QStringLiteral("notes.txt"));
        QFile file(unknown);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("these are not jobs\n");
        file.close();
        ImportRequest request = wagapRequest();
        request.files = {unknown.toStdString()};
        QString message;
        try {
            const ImportResult result = importIntoDatabase(path, request);
            QVERIFY(!result.committed);
            message = QString::fromStdString(result.failure);
        } catch (const std::exception& error) {
            message = QString::fromUtf8(error.what());
            QVERIFY2(message.endsWith(QStringLiteral("(no database was created)")), qPrintable(message));
        }
        QVERIFY2(message.contains(QStringLiteral("notes.txt")), qPrintable(message));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("notes.txt")});

        // Cancelled halfway: no file either.
        request = wagapRequest();
        request.options.progress = [](std::uint64_t done, std::uint64_t) { return done == 0; };
        const ImportResult cancelled = importIntoDatabase(path, request);
        QVERIFY(!cancelled.committed);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("notes.txt")});
        QVERIFY(!databaseFilesExist(path));
    }

    void metricsCsvIsTheSameOnAnyNumberOfThreads()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("wagap.sqlite")).toStdString();
        QVERIFY(importIntoDatabase(path, wagapRequest()).committed);
        Store store = Store::openExisting(path);
        std::ostringstream one;
        const MetricsCsvOutcome single = metricsCsv(store, one, {}, 1);
        QVERIFY(single.rows > 17000);
        for (int threads : {2, 3, 0}) {
            std::ostringstream many;
            QCOMPARE(metricsCsv(store, many, {}, threads).rows, single.rows);
            QVERIFY2(many.str() == one.str(), qPrintable(QString::number(threads)));
        }
        // A node outside the machine is reported for the first job it concerns, as with one thread.
        const MachineRecord wagap = *store.machine("wagap");
        const auto topology = parseMachineSpec(wagap.spec);
        std::vector<Job> jobs = store.jobs(wagap.id);
        for (auto [job, node] : {std::pair{9000, 5}, std::pair{15000, 6}}) {
            std::vector<int> nodes = jobs[static_cast<size_t>(job)].nodes.toVector();
            nodes.back() = topology->nodeCount() + node;
            jobs[static_cast<size_t>(job)].nodes = nodes;
        }
        for (int threads : {1, 2}) {
            std::ostringstream out;
            const QString error = thrown([&] { writeMetricsCsv(out, "wagap", *topology, jobs, threads); });
            QVERIFY2(error.contains(QString::number(topology->nodeCount() + 5)), qPrintable(error));
        }
    }

    void whatIfOfAStoredRunIsTheCoreReplayOfItsJobs()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("wagap.sqlite")).toStdString();
        QVERIFY(importIntoDatabase(path, wagapRequest()).committed);
        Store store = Store::openExisting(path);
        WhatIfRequest request;
        request.machine = "wagap";
        request.policy = "first-fit";
        const WhatIfOutcome outcome = runWhatIf(store, request);
        QCOMPARE(outcome.runName, std::string("logged"));

        // The same replay, by hand from the core.
        const MachineRecord machine = *store.machine("wagap");
        const std::vector<Job> jobs = store.jobs(machine.id);
        const auto topology = parseMachineSpec(machine.spec);
        AllocatorChoice choice;
        choice.policy = "first-fit";
        const WhatIfReport expected = whatIf(*topology, jobs, {}, *makeAllocator(*topology, choice));
        QCOMPARE(outcome.jobs.size(), jobs.size());
        QCOMPARE(outcome.report.decisions.size(), expected.decisions.size());
        QVERIFY(outcome.report.summary.jobs > 1000);
        QCOMPARE(outcome.report.summary.agreeing, expected.summary.agreeing);
        QCOMPARE(outcome.report.summary.placed, expected.summary.placed);
        for (std::size_t i = 0; i < expected.decisions.size(); ++i)
            QCOMPARE(outcome.report.decisions[i].chosen, expected.decisions[i].chosen);

        // One job asked alone (the explorer's question) gets the decision of the whole replay.
        for (std::size_t i : {std::size_t(0), expected.decisions.size() / 2, expected.decisions.size() - 1}) {
            const WhatIfDecision& whole = expected.decisions[i];
            const WhatIfDecision alone = whatIfForOneJob(machine.spec, jobs, {}, "first-fit", whole.job, nullptr);
            QCOMPARE(alone.job, whole.job);
            QCOMPARE(alone.chosen, whole.chosen);
            QCOMPARE(alone.same, whole.same);
        }

        // Written out: one CSV row per decision, and JSON naming what was asked.
        const std::string csv = whatIfCsv(outcome);
        QCOMPARE(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), expected.decisions.size() + 1);
        QVERIFY(whatIfJson(outcome, request).find("\"ending_second\":\"released\"") != std::string::npos
                || whatIfJson(outcome, request).find("\"ending_second\": \"released\"") != std::string::npos);

        request.run = "no such run";
        QCOMPARE(thrown([&] { runWhatIf(store, request); }),
                 QStringLiteral("--run: machine 'wagap' has no stored run 'no such run'"));
        request.machine = "titan";
        QVERIFY(thrown([&] { runWhatIf(store, request); }).contains(QStringLiteral("has no machine 'titan'")));
    }

    void metricsAreWrittenAndStoredPerJob()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("m.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        const std::vector<Job> jobs{
            {"101", "alice", {0, 1, 2}, 1000, 1010, 2000},
            {"102_7", "", {5}, 1005, 1020, 1500},
            {"103", "bob", {0, 3, 4, 7}, 1100, 2000, 2600},
        };
        const std::int64_t machine = store.addMachine("small", "torus extents=2x4", jobs);
        store.addMachine("other", "torus extents=2x2", std::vector<Job>{{"1", "", {0, 1}, 0, 0, 10}});

        std::ostringstream all, one;
        QCOMPARE(metricsCsv(store, all).rows, std::size_t(4));
        const MetricsCsvOutcome small = metricsCsv(store, one, "small");
        QCOMPARE(small.rows, std::size_t(3));
        QVERIFY(one.str().rfind(metricsCsvHeader() + "\n", 0) == 0);
        const std::string text = one.str();
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 4L);
        std::ostringstream none;
        QVERIFY(
            thrown([&] { metricsCsv(store, none, "titan"); }).contains(QStringLiteral("no machine called 'titan'")));
        QVERIFY(none.str().empty()); // nothing written for a machine that is not there

        QCOMPARE(saveJobMetrics(store, machine), std::int64_t(3));
        QCOMPARE(saveJobMetrics(store, machine), std::int64_t(3)); // replaces, does not add
        QVERIFY_THROWS_EXCEPTION(StoreError, saveJobMetrics(store, machine + 7));
        // Job 101 on nodes 0,1,2 of a 2x4 torus: one component; job 102 one node; job 103 on
        // 0,3,4,7: (0,0) (1,1) (0,2) (1,3) - no two adjacent, four components.
        QCOMPARE(pragma(path, "SELECT count(*) FROM job_metrics"), std::string("3"));
        QCOMPARE(pragma(path, "SELECT sum(partitions) FROM job_metrics"), std::string("6"));
        QCOMPARE(pragma(path, "SELECT count(leaves) FROM job_metrics"), std::string("0")); // a torus has no leaves
        QCOMPARE(pragma(path, "SELECT count(routers) FROM job_metrics"), std::string("3"));
    }
};

QTEST_GUILESS_MAIN(TestServices)
#include "tst_services.moc"
