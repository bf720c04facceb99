// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"
#include "importers/LineReader.h"
#include "importers/MoabParser.h"
#include "tests/support/ParsedLog.h"

#include <QTest>

using namespace placement;

namespace {

using Parsed = test::ParsedLog;
using test::describeAll;
using test::issuesOf;
using test::outcomeOf;

QString fixture(const QString& name)
{
    return QFINDTESTDATA("data/importers/moab/" + name);
}

Parsed parse(const QString& path)
{
    return test::parseLog(path, LogFormat::Moab);
}

/// Line 2 of events.docs (documented layout) with other tasks requested (field 7), tasks
/// allocated (26) and processors per task (36).
std::string documentedJobEnd(const char* tasksRequested, const char* tasksAllocated, const char* processorsPerTask)
{
    return std::string("17:00:00 1709398800 job 81291 JOBEND 2 ") + tasksRequested
        + " bob astro 3600 Completed [batch:1] 1709390000 1709391000 1709391000 1709394600 [NONE] [NONE] [NONE] >= 0 "
          ">= 0 [NONE] 1709390000 "
        + tasksAllocated + " 1 normal - astro /home/bob/b.out - 0 7200.00 DEFAULT " + processorsPerTask
        + " 0 0 0 0 0 node001,node004 torque - - -";
}

} // namespace

class TestMoabParser : public QObject
{
    Q_OBJECT
private slots:
    // docs/formats/moab-workload.md: the host list index is decided per file, never hard-coded.
    void detectsHostListFieldPerFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("hostListField");
        QTest::newRow("Moab 9 source layout") << "events.Sat_Mar_02_2024" << 41;
        QTest::newRow("documented layout") << "events.docs" << 42;
        QTest::newRow("Maui trace") << "maui.trace" << 38;
    }
    void detectsHostListFieldPerFile()
    {
        QFETCH(QString, file);
        QFETCH(int, hostListField);
        MoabParser parser;
        LineReader reader(fixture(file).toStdString());
        LineReader::Line line;
        while (reader.next(line) && parser.hostListField() == 0)
            parser.parseLine({line.text, line.terminated});
        QCOMPARE(parser.hostListField(), hostListField);
    }

    void readsMoab9Events()
    {
        const Parsed parsed = parse(fixture("events.Sat_Mar_02_2024"));
        const QStringList jobs = {
            // One host entry per task, reduced to unique hosts.
            "6: 81234 user=alice account=chem partition=batch qos=normal state=COMPLETED "
            "submit=2024-03-02T09:58:11Z eligible=2024-03-02T09:58:11Z start=2024-03-02T10:15:03Z "
            "end=2024-03-02T14:02:47Z limit=28800 reqNodes=2 reqCpus=8 nodes=2 cpus=8 on=cn017,cn018 "
            "name=/home/alice/md.sh",
            // Cancelled while idle: no start, no hosts; the server suffix is dropped.
            "7: 81290 user=bob account=astro partition=batch state=REMOVED submit=2024-03-03T08:40:00Z "
            "eligible=2024-03-03T08:40:00Z end=2024-03-03T09:40:00Z limit=3600 reqNodes=1 reqCpus=16 nodes=0 "
            "cpus=0 name=/home/bob/a.out",
            // host:count items, array id, 8 processors per task.
            "8: 81300_2 user=carol account=bio partition=gpu qos=high state=COMPLETED submit=2024-03-02T09:00:00Z "
            "eligible=2024-03-02T09:00:00Z start=2024-03-02T09:01:40Z end=2024-03-02T10:01:40Z limit=3600 "
            "reqNodes=2 reqCpus=32 nodes=2 cpus=32 on=gpu03,gpu11 name=run.sh",
            // Compressed range expression (COMPRESSHOSTLIST).
            "9: 81301 user=dave account=phys partition=batch qos=normal state=COMPLETED "
            "submit=2024-03-02T09:00:00Z eligible=2024-03-02T09:00:00Z start=2024-03-02T09:01:40Z "
            "end=2024-03-02T10:01:40Z limit=3600 reqNodes=4 reqCpus=4 nodes=4 cpus=4 on=cn017,cn018,cn019,cn020 "
            "name=qcd",
            "10: 81302 user=dave account=phys partition=batch qos=normal state=VACATED submit=2024-03-02T09:00:00Z "
            "eligible=2024-03-02T09:00:00Z start=2024-03-02T09:01:40Z end=2024-03-02T10:01:40Z limit=3600 "
            "reqNodes=1 reqCpus=4 nodes=1 cpus=4 on=cn021 name=qcd",
            // Without the human-readable time column.
            "16: 81306 user=frank account=acct partition=batch qos=normal state=COMPLETED "
            "submit=2024-03-02T09:00:00Z eligible=2024-03-02T09:00:00Z start=2024-03-02T09:01:40Z "
            "end=2024-03-02T10:01:40Z limit=3600 reqNodes=1 reqCpus=2 nodes=1 cpus=2 on=cn022 name=exe",
        };
        QCOMPARE(describeAll(parsed), jobs);
        const QStringList issues = {
            "11: host list length mismatch (6 tasks in host list, 8 allocated)",
            "12: end before start",
            "13: unexpected field layout (host list in field 42, file uses 41)",
            "14: wrong field count (41, expected at least 42)",
            "15: bad time (field 13 'soon')",
            "17: bad host list ('[' without ']' at offset 2)",
            "18: truncated last line (no line end)",
        };
        QCOMPARE(issuesOf(parsed), issues);
        const std::map<std::string, std::size_t> ignored
            = {{"JOBSTART event", 1}, {"JOBSUBMIT event", 1}, {"node event", 1}, {"sched event", 1}};
        QCOMPARE(parsed.summary.ignoredByKind, ignored);
        QCOMPARE(parsed.summary.linesRead, std::size_t(18));
    }

    void readsDocumentedLayout()
    {
        const Parsed parsed = parse(fixture("events.docs"));
        const QStringList jobs = {
            "1: 81290 user=bob account=astro partition=batch qos=normal state=REMOVED submit=2024-03-03T08:40:00Z "
            "eligible=2024-03-03T08:40:00Z end=2024-03-03T09:40:00Z limit=3600 reqNodes=1 reqCpus=16 nodes=0 "
            "cpus=0 name=/home/bob/a.out",
            "2: 81291 user=bob account=astro partition=batch qos=normal state=COMPLETED "
            "submit=2024-03-02T14:33:20Z eligible=2024-03-02T14:33:20Z start=2024-03-02T14:50:00Z "
            "end=2024-03-02T15:50:00Z limit=3600 reqNodes=2 reqCpus=2 nodes=2 cpus=2 on=node001,node004 "
            "name=/home/bob/b.out",
        };
        QCOMPARE(describeAll(parsed), jobs);
        QCOMPARE(issuesOf(parsed), QStringList{"3: unexpected field layout (host list in field 41, file uses 42)"});
    }

    // Tasks times processors per task is taken in 64 bits: the int product overflowed
    // (fuzz_moab). Past parseCount's bound an allocation is a bad number, a request unknown.
    void boundsProcessorCounts_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("outcome");
        const QString job = "81291 user=bob account=astro partition=batch qos=normal state=COMPLETED "
                            "submit=2024-03-02T14:33:20Z eligible=2024-03-02T14:33:20Z start=2024-03-02T14:50:00Z "
                            "end=2024-03-02T15:50:00Z limit=3600 reqNodes=2 ";
        QTest::newRow("allocated past the bound") << QString::fromStdString(documentedJobEnd("2", "2000000000", "2"))
                                                  << "bad number (allocated processors 2000000000 x 2)";
        QTest::newRow("requested past the bound") << QString::fromStdString(documentedJobEnd("2000000000", "2", "2"))
                                                  << job + "nodes=2 cpus=4 on=node001,node004 name=/home/bob/b.out";
        QTest::newRow("allocated at the bound")
            << QString::fromStdString(documentedJobEnd("1000000000", "1000000000", "2"))
            << job + "reqCpus=2000000000 nodes=2 cpus=2000000000 on=node001,node004 name=/home/bob/b.out";
    }
    void boundsProcessorCounts()
    {
        QFETCH(QString, line);
        QFETCH(QString, outcome);
        MoabParser parser;
        const std::string text = line.toStdString();
        QCOMPARE(outcomeOf(parser.parseLine({text, true})), outcome);
    }

    void readsMauiTrace()
    {
        const Parsed parsed = parse(fixture("maui.trace"));
        const QStringList jobs = {
            // Colon-separated host list without repetition.
            "2: 4711 user=carol account=bio partition=batch qos=DEFAULT state=COMPLETED submit=2005-01-01T00:00:00Z "
            "eligible=2005-01-01T00:00:00Z start=2005-01-01T00:01:00Z end=2005-01-01T01:00:00Z limit=7200 "
            "reqNodes=2 reqCpus=16 nodes=2 cpus=16 on=n001,n002 name=/home/carol/run.sh",
            "3: 4712 user=carol account=bio partition=batch qos=DEFAULT state=REMOVED submit=2005-01-01T00:00:00Z "
            "eligible=2005-01-01T00:00:00Z end=2005-01-01T00:01:40Z limit=600 reqNodes=1 reqCpus=2 nodes=0 cpus=0 "
            "name=/home/carol/run.sh",
            // Colon list with one entry per task.
            "4: 4713 user=carol account=bio partition=batch qos=DEFAULT state=COMPLETED submit=2005-01-01T00:00:00Z "
            "eligible=2005-01-01T00:00:00Z start=2005-01-01T00:00:00Z end=2005-01-01T00:01:40Z limit=600 "
            "reqNodes=1 reqCpus=2 nodes=1 cpus=2 on=n003 name=/home/carol/run.sh",
        };
        QCOMPARE(describeAll(parsed), jobs);
        QVERIFY(parsed.summary.issues.empty());
    }
};

QTEST_APPLESS_MAIN(TestMoabParser)
#include "tst_moabparser.moc"
