// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"
#include "importers/TorqueParser.h"
#include "tests/support/ParsedLog.h"

#include <QTest>

using namespace placement;

namespace {

using Parsed = test::ParsedLog;
using test::describeAll;
using test::issuesOf;
using test::outcomeOf;

Parsed parseFixture()
{
    return test::parseLog(QFINDTESTDATA("data/importers/torque/20240303"), LogFormat::Torque);
}

} // namespace

class TestTorqueParser : public QObject
{
    Q_OBJECT
private slots:
    void readsEndRecords_data()
    {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("job");
        // Epoch attributes, not the local record stamps (docs/formats/torque-accounting.md).
        QTest::newRow("slot ranges") << 3
                                     << "81234 user=alice partition=batch state=COMPLETED exit=0 "
                                        "submit=2024-03-02T09:58:11Z eligible=2024-03-02T09:58:11Z "
                                        "start=2024-03-02T10:15:03Z end=2024-03-02T14:02:47Z limit=28800 "
                                        "reqNodes=2 nodes=2 cpus=8 on=cn017,cn018 name=md7";
        QTest::newRow("deleted array task, one item per slot")
            << 5
            << "81260_3 user=carol partition=short state=CANCELLED exit=271 submit=2024-03-02T12:00:00Z "
               "eligible=2024-03-02T12:00:00Z start=2024-03-02T12:05:00Z end=2024-03-02T12:31:03Z limit=3600 "
               "reqNodes=1 nodes=1 cpus=4 on=cn044 name=blast";
        QTest::newRow("PBS Pro slot counts") << 6
                                             << "5501 user=dave partition=workq state=COMPLETED exit=0 "
                                                "submit=2024-03-03T02:10:00Z eligible=2024-03-03T02:10:00Z "
                                                "start=2024-03-03T02:12:44Z end=2024-03-03T06:22:44Z limit=43200 "
                                                "reqCpus=128 nodes=2 cpus=128 on=rk1n01,rk1n02 name=qcd";
        QTest::newRow("dash array id, slot lists, spaces in job name")
            << 8
            << "5502_4 user=erin partition=workq state=FAILED exit=1 submit=2024-03-03T07:46:40Z "
               "start=2024-03-03T07:48:20Z end=2024-03-03T09:00:00Z reqNodes=2 nodes=2 cpus=7 on=cn020,cn021 "
               "name=my array task";
        QTest::newRow("never ran") << 9
                                   << "5503 user=erin partition=workq state=FAILED exit=-4 "
                                      "submit=2024-03-03T07:46:40Z end=2024-03-03T09:10:00Z";
        QTest::newRow("rerun, first run") << 11
                                          << "5504 user=frank partition=workq state=FAILED exit=-11 "
                                             "submit=2024-03-03T07:13:20Z start=2024-03-03T07:30:00Z "
                                             "end=2024-03-03T09:20:01Z nodes=1 cpus=1 on=cn030";
        QTest::newRow("rerun, second run elsewhere") << 12
                                                     << "5504 user=frank partition=workq state=COMPLETED exit=0 "
                                                        "submit=2024-03-03T07:13:20Z start=2024-03-03T09:21:40Z "
                                                        "end=2024-03-03T09:40:00Z nodes=1 cpus=1 on=cn031";
    }
    void readsEndRecords()
    {
        QFETCH(int, line);
        QFETCH(QString, job);
        const Parsed parsed = parseFixture();
        QString actual;
        for (const ImportedJob& each : parsed.jobs)
            if (each.line == static_cast<std::size_t>(line))
                actual = QString::fromStdString(describe(each));
        QCOMPARE(actual, job);
    }

    void rejectsMalformedRecords()
    {
        const Parsed parsed = parseFixture();
        QStringList issues;
        for (const ImportIssue& issue : parsed.summary.issues)
            issues << QString::number(issue.line) + ": " + QString::fromStdString(issue.reason);
        const QStringList expected = {
            "14: bad exec_host (item 'cn040')",
            "15: bad record stamp (3/3/2024 10:00:00)",
            "16: bad time (start 'soon')",
            "17: node count mismatch (3 hosts in exec_host, Resource_List.nodect 2)",
            "18: end before start",
            "19: bad walltime (1h)",
            "20: wrong field count (2, expected 4)",
            "21: bad exec_host (item 'cn040/3-1')",
            "22: truncated last line (no line end)",
        };
        QCOMPARE(issues, expected);
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(7));
        QCOMPARE(parsed.summary.linesRead, std::size_t(22));
    }

    void countsOtherRecordTypes()
    {
        const std::map<std::string, std::size_t> expected = {
            {"B record", 1}, {"D record", 1}, {"Q record", 1},
            {"R record", 1}, {"S record", 1}, {"array parent record", 1},
        };
        QCOMPARE(parseFixture().summary.ignoredByKind, expected);
    }

    // Slot counts are summed in 64 bits and bounded as parseCount bounds one count: the int
    // sums overflowed (fuzz_torque).
    void boundsSlotCounts_data()
    {
        QTest::addColumn<QString>("execHost");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("ranges of one item past the bound") << "cn040/0-1999999999,0-1999999999"
                                                           << "bad exec_host (item 'cn040/0-1999999999,0-1999999999')";
        QTest::newRow("items past the bound") << "cn040/0-1999999999+cn041/0-1999999999"
                                              << "bad exec_host (more than 2000000000 slots)";
        QTest::newRow("PBS Pro counts past the bound") << "cn040/0*2000000000+cn041/0*1"
                                                       << "bad exec_host (more than 2000000000 slots)";
        QTest::newRow("items at the bound") << "cn040/0-999999999+cn041/0-999999999"
                                            << "7001 user=gina nodes=2 cpus=2000000000 on=cn040,cn041";
    }
    void boundsSlotCounts()
    {
        QFETCH(QString, execHost);
        QFETCH(QString, outcome);
        TorqueParser parser;
        const std::string line = "03/03/2024 10:00:00;E;7001.pbs01;user=gina exec_host=" + execHost.toStdString();
        QCOMPARE(outcomeOf(parser.parseLine({line, true})), outcome);
    }

    // An end record of an array parent is a summary, not a job, also when its id is only
    // the brackets (fuzz_torque: "[]" was taken as a job).
    void ignoresEveryArrayParentRecord_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("with number and server") << "81260[].head";
        QTest::newRow("with number") << "81260[]";
        QTest::newRow("brackets only") << "[]";
    }
    void ignoresEveryArrayParentRecord()
    {
        QFETCH(QString, id);
        TorqueParser parser;
        const std::string line = "03/03/2024 09:50:00;E;" + id.toStdString()
            + ";user=gina start=1709459400 end=1709463000 exec_host=cn040/0";
        QCOMPARE(outcomeOf(parser.parseLine({line, true})), QStringLiteral("ignored: array parent record"));
    }

    void normalisesJobIds_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("normalised");
        QTest::newRow("server suffix") << "81234.head.example.org"
                                       << "81234";
        QTest::newRow("TORQUE array") << "81260[3].head.example.org"
                                      << "81260_3";
        QTest::newRow("array parent") << "81260[].head"
                                      << "81260[]";
        QTest::newRow("dash array") << "5502-4.pbs01"
                                    << "5502_4";
        QTest::newRow("bare") << "5501"
                              << "5501";
        QTest::newRow("Moab id") << "Moab.77"
                                 << "Moab.77";
    }
    void normalisesJobIds()
    {
        QFETCH(QString, id);
        QFETCH(QString, normalised);
        QCOMPARE(QString::fromStdString(TorqueParser::normalisedJobId(id.toStdString())), normalised);
    }
};

QTEST_APPLESS_MAIN(TestTorqueParser)
#include "tst_torqueparser.moc"
