// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"
#include "importers/SlurmFields.h"
#include "tests/support/ParsedLog.h"
#include "tests/support/ResolvedLog.h"

#include <QTest>

using namespace placement;

namespace {

using Parsed = test::ParsedLog;
using test::describeAll;
using test::issuesOf;
using test::outcomeOf;

Parsed parse(const QString& path, const ImportOptions& options = {})
{
    return test::parseLog(path, LogFormat::Sacct, options);
}

QString fixture(const char* name)
{
    return QFINDTESTDATA(QString("data/importers/sacct/") + name);
}

} // namespace

class TestSacctParser : public QObject
{
    Q_OBJECT
private slots:
    // Open XDMoD's 26-field -P -n export (docs/formats/slurm-sacct.md): recognised without a header.
    void readsXdmodExport_data()
    {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("job");
        QTest::newRow("plain job") << 1
                                   << "81234 user=alice account=chem partition=batch qos=normal state=COMPLETED "
                                      "exit=0 submit=2024-03-02T09:58:11Z eligible=2024-03-02T09:58:11Z "
                                      "start=2024-03-02T10:15:03Z end=2024-03-02T14:02:47Z limit=28800 "
                                      "reqCpus=512 nodes=4 cpus=512 on=cn017,cn018,cn019,cn020 name=md run 7";
        QTest::newRow("array task, signal, day limit")
            << 2
            << "81240_7 user=bob account=astro partition=gpu qos=high state=TIMEOUT exit=143 "
               "submit=2024-03-02T11:00:00Z eligible=2024-03-02T11:00:00Z start=2024-03-02T11:04:10Z "
               "end=2024-03-03T11:04:31Z limit=86400 reqCpus=16 nodes=2 cpus=16 on=gpu03,gpu11 name=sweep";
        QTest::newRow("cancelled by uid, None assigned, Unknown start")
            << 3
            << "81260 user=carol account=bio partition=batch qos=normal state=CANCELLED exit=0 "
               "submit=2024-03-02T12:00:05Z eligible=2024-03-02T12:00:05Z end=2024-03-02T12:30:00Z limit=7200 "
               "reqNodes=1 reqCpus=8 nodes=0 cpus=0 name=blast";
        QTest::newRow("het component 0, UNLIMITED")
            << 5
            << "90001+0 user=erin account=clim partition=batch qos=normal state=OUT_OF_MEMORY exit=253 "
               "submit=2024-03-04T08:00:00Z eligible=2024-03-04T08:00:00Z start=2024-03-04T08:00:09Z "
               "end=2024-03-04T08:31:40Z reqCpus=256 nodes=2 cpus=256 on=nid00010,nid00011 name=coupled";
        QTest::newRow("het component 1, Partition_Limit")
            << 6
            << "90001+1 user=erin account=clim partition=gpu qos=normal state=COMPLETED exit=0 "
               "submit=2024-03-04T08:00:00Z eligible=2024-03-04T08:00:00Z start=2024-03-04T08:00:09Z "
               "end=2024-03-04T08:31:40Z reqCpus=64 nodes=1 cpus=64 on=gpu07 name=coupled";
        QTest::newRow("running, delimiter in last field, MM:SS limit")
            << 7
            << "81400 user=alice account=chem partition=batch qos=normal state=RUNNING exit=0 "
               "submit=2024-03-05T00:00:00Z start=2024-03-05T00:01:00Z limit=1800 reqCpus=128 nodes=2 cpus=128 "
               "on=cn001,cn002 name=pipe|in|name";
        QTest::newRow("requeue run 1, empty limit")
            << 8
            << "81410 user=alice account=chem partition=batch qos=normal state=REQUEUED exit=0 "
               "submit=2024-03-05T01:00:00Z eligible=2024-03-05T01:00:00Z start=2024-03-05T01:00:10Z "
               "end=2024-03-05T01:20:00Z reqCpus=64 nodes=1 cpus=64 on=cn005 name=requeued";
        QTest::newRow("requeue run 2, other node")
            << 9
            << "81410 user=alice account=chem partition=batch qos=normal state=COMPLETED exit=0 "
               "submit=2024-03-05T01:20:05Z eligible=2024-03-05T01:20:05Z start=2024-03-05T01:25:00Z "
               "end=2024-03-05T02:00:00Z limit=14400 reqCpus=64 nodes=1 cpus=64 on=cn009 name=requeued";
    }
    void readsXdmodExport()
    {
        QFETCH(int, line);
        QFETCH(QString, job);
        const Parsed parsed = parse(fixture("xdmod.log"));
        QString actual;
        for (const ImportedJob& each : parsed.jobs)
            if (each.line == static_cast<std::size_t>(line))
                actual = QString::fromStdString(describe(each));
        QCOMPARE(actual, job);
    }

    void expandsMultiBracketNodeList()
    {
        const Parsed parsed = parse(fixture("xdmod.log"));
        QCOMPARE(parsed.jobs.at(3).id, std::string("81301"));
        QCOMPARE(parsed.jobs.at(3).nodeNames.size(), std::size_t(64));
        QCOMPARE(parsed.jobs.at(3).nodeNames.at(31), std::string("rack1-node32"));
        QCOMPARE(parsed.jobs.at(3).nodeNames.at(32), std::string("rack2-node01"));
        QVERIFY(!parsed.jobs.at(3).timeLimit); // "INVALID"
    }

    void rejectsMalformedLines()
    {
        const Parsed parsed = parse(fixture("xdmod.log"));
        const QStringList expected = {
            "11: node count mismatch (2 nodes in NodeList, NNodes 3)",
            "12: bad node list ('[' without ']' at offset 2)",
            "13: bad time (Start '2024-03-02 10:00:00')",
            "14: bad duration (Timelimit 'forever')",
            "15: wrong field count (20, expected 26)",
            "16: bad exit code (x)",
            "17: end before start",
            "18: bad number (NNodes 'two')",
            "19: bad job id (abc)",
            "21: truncated last line (wrong field count (25, expected 26))",
        };
        QCOMPARE(issuesOf(parsed), expected);
        QCOMPARE(parsed.summary.linesRead, std::size_t(21));
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(9));
        QCOMPARE(parsed.summary.ignoredByKind, (std::map<std::string, std::size_t>{{"pending array tasks", 1}}));
        QCOMPARE(parsed.summary.rejectedLines(), std::size_t(10));
        QCOMPARE(parsed.summary.skippedByReason.at("truncated last line"), std::size_t(1));
    }

    void strictModeStopsAtFirstBadLine()
    {
        ImportOptions options;
        options.strict = true;
        const Parsed parsed = parse(fixture("xdmod.log"), options);
        QVERIFY(parsed.summary.stoppedAtStrictError);
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(9));
        QCOMPARE(issuesOf(parsed), QStringList{"11: node count mismatch (2 nodes in NodeList, NNodes 3)"});
    }

    void shiftsLocalTimesByOffset()
    {
        ImportOptions options;
        options.utcOffsetSeconds = 3600; // exported with TZ=Europe/Berlin in winter
        const Parsed parsed = parse(fixture("xdmod.log"), options);
        QCOMPARE(parsed.jobs.front().start, std::optional<std::int64_t>(1709374503 - 3600));
        QCOMPARE(parsed.jobs.front().end, std::optional<std::int64_t>(1709388167 - 3600));
    }

    // The older field list of XDMoD's docs (reqgres, no qos) has 26 fields too; CRLF line ends.
    void readsLegacyXdmodExportWithCrlf()
    {
        const Parsed parsed = parse(fixture("xdmod-legacy-crlf.log"));
        const QStringList expected = {
            "1: 7001 user=alice account=chem partition=batch state=COMPLETED exit=0 submit=2024-03-02T09:58:11Z "
            "eligible=2024-03-02T09:58:11Z start=2024-03-02T10:15:03Z end=2024-03-02T14:02:47Z limit=28800 "
            "reqCpus=64 nodes=2 cpus=64 on=cn1,cn2 name=legacy one",
            "2: 7002 user=alice account=chem partition=batch state=FAILED exit=2 submit=2024-03-02T09:58:11Z "
            "eligible=2024-03-02T09:58:11Z start=2024-03-02T10:15:03Z end=2024-03-02T14:02:47Z limit=129600 "
            "reqCpus=32 nodes=1 cpus=32 on=cn3 name=legacy two",
        };
        QCOMPARE(describeAll(parsed), expected);
        QVERIFY(parsed.summary.issues.empty());
    }

    // -p (trailing '|'), header repeated by concatenation, steps dropped.
    void dropsStepsOfParsableExport()
    {
        const Parsed parsed = parse(fixture("steps-parsable.log"));
        const QStringList jobs = {
            "2: 81234 state=COMPLETED nodes=4 on=cn017,cn018,cn019,cn020 name=md run 7",
            "9: 81235 state=FAILED nodes=0 name=x",
        };
        QCOMPARE(describeAll(parsed), jobs);
        const QStringList issues = {
            "10: missing trailing delimiter",
            "11: truncated last line (no trailing delimiter)",
        };
        QCOMPARE(issuesOf(parsed), issues);
        QCOMPARE(parsed.summary.ignoredByKind, (std::map<std::string, std::size_t>{{"job step", 4}}));
    }

    // The note's recommended command, with its header: ReqNodes, AllocCPUS, "None".
    void readsRecommendedFieldSet()
    {
        const Parsed parsed = parse(fixture("recommended.log"));
        const QStringList expected = {
            "2: 81234 user=alice account=chem partition=batch qos=normal state=COMPLETED exit=0 "
            "submit=2024-03-02T09:58:11Z eligible=2024-03-02T09:58:11Z start=2024-03-02T10:15:03Z "
            "end=2024-03-02T14:02:47Z limit=28800 reqNodes=4 nodes=4 cpus=512 on=cn017,cn018,cn019,cn020 "
            "name=md run 7",
            "3: 81260 user=carol account=bio partition=batch qos=normal state=CANCELLED exit=0 "
            "submit=2024-03-02T12:00:05Z eligible=2024-03-02T12:00:05Z end=2024-03-02T12:30:00Z limit=7200 "
            "reqNodes=2 nodes=0 cpus=0 name=blast",
        };
        QCOMPARE(describeAll(parsed), expected);
        QVERIFY(parsed.summary.issues.empty());
    }

    void usesDeclaredFieldsAndDelimiter()
    {
        ImportOptions options;
        options.sacctFields = {"JobID", "State", "Start", "End", "NodeList", "JobName%20"};
        options.sacctDelimiter = std::string(1, '\x1f'); // ASCII unit separator
        const Parsed parsed = parse(fixture("unit-separator.log"), options);
        QCOMPARE(describeAll(parsed),
                 QStringList{"1: 81234 state=COMPLETED start=2024-03-02T10:15:03Z "
                             "end=2024-03-02T14:02:47Z nodes=2 on=cn017,cn018 name=a|b name"});
    }

    void rejectsDeclaredFieldsWithoutJobId()
    {
        ImportOptions options;
        options.sacctFields = {"State", "Start", "End", "NodeList", "JobName"};
        const Parsed parsed = parse(fixture("unknown-layout.log"), options);
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(0));
        QCOMPARE(parsed.summary.skippedByReason, (std::map<std::string, std::size_t>{{"unknown field list", 2}}));
        QCOMPARE(parsed.summary.issues.front().reason,
                 std::string("unknown field list (the declared field list has no JobID)"));
    }

    void rejectsUnknownFieldList()
    {
        const Parsed parsed = parse(fixture("unknown-layout.log"));
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(0));
        const QStringList expected = {
            "1: unknown field list (4 fields, no header and no declared field list)",
            "2: unknown field list (4 fields, no header and no declared field list)",
        };
        QCOMPARE(issuesOf(parsed), expected);
    }

    // The import resolves node lists while parsing (ImportOptions::nodeIndex): the same jobs,
    // the same rejected lines, and the nodes the names would have been looked up as.
    void resolvesNodeListsAsNamed_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file : {"xdmod.log", "xdmod-legacy-crlf.log", "steps-parsable.log", "recommended.log"})
            QTest::newRow(file) << fixture(file);
        QTest::newRow("import fixture") << QFINDTESTDATA("data/import/cluster.sacct");
    }
    void resolvesNodeListsAsNamed()
    {
        QFETCH(QString, file);
        QCOMPARE(test::differenceOfResolvedAndNamed(file, LogFormat::Sacct), QString());
    }

    // Every Timelimit/Elapsed layout sacct prints (docs/formats/slurm-sacct.md), and near misses.
    void parsesDurations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("seconds"); // -1: rejected
        QTest::newRow("hours") << "04:00:00" << 14400LL;
        QTest::newRow("day") << "1-00:00:00" << 86400LL;
        QTest::newRow("days unpadded") << "12-01:02:03" << 12 * 86400 + 3723LL;
        QTest::newRow("minutes:seconds") << "30:00" << 1800LL;
        QTest::newRow("fraction") << "00:00:30.250" << 30LL;
        QTest::newRow("hours over a day") << "36:00:00" << 129600LL;
        QTest::newRow("days without hours") << "1-00:00" << -1LL;
        QTest::newRow("61 minutes") << "00:61:00" << -1LL;
        QTest::newRow("bare number") << "60" << -1LL;
        QTest::newRow("UNLIMITED") << "UNLIMITED" << -1LL;
        QTest::newRow("negative") << "-1:00:00" << -1LL;
        QTest::newRow("empty") << "" << -1LL;
        // Days get nine digits, as the other parts: more overflowed days * 86400 (fuzz_sacct).
        QTest::newRow("nine-digit days") << "999999999-00:00:00" << 999999999LL * 86400;
        QTest::newRow("ten-digit days") << "9999999999-00:00:00" << -1LL;
        QTest::newRow("int64-sized days") << "99999999999999999-00:00:00" << -1LL;
    }
    void parsesDurations()
    {
        QFETCH(QString, text);
        QFETCH(qlonglong, seconds);
        const std::optional<std::int64_t> parsed = parseSlurmDuration(text.toStdString());
        QCOMPARE(parsed ? static_cast<qlonglong>(*parsed) : -1LL, seconds);
    }
};

QTEST_APPLESS_MAIN(TestSacctParser)
#include "tst_sacctparser.moc"
