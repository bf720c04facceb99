// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"
#include "tests/support/ParsedLog.h"
#include "tests/support/ResolvedLog.h"

#include <QTest>

#include <map>

using namespace placement;

namespace {

using Parsed = test::ParsedLog;
using test::describeAll;
using test::issuesOf;
using test::outcomeOf;

Parsed parse(const QString& path, LogFormat format, std::int64_t utcOffsetSeconds)
{
    ImportOptions options;
    options.utcOffsetSeconds = utcOffsetSeconds;
    return test::parseLog(path, format, options);
}

// docs/formats/slurm-jobcomp.md: the composed examples are slurmctld local time, UTC+1.
constexpr std::int64_t centralEuropeanTime = 3600;

QString filetxt()
{
    return QFINDTESTDATA("data/importers/jobcomp/filetxt.log");
}

} // namespace

class TestJobcompParser : public QObject
{
    Q_OBJECT
private slots:
    void readsRecords_data()
    {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("job");
        QTest::newRow("complete record")
            << 1
            << "81234 user=alice account=chem partition=batch qos=normal state=COMPLETED exit=0 "
               "submit=2024-03-02T09:58:11Z eligible=2024-03-02T09:58:11Z start=2024-03-02T10:15:03Z "
               "end=2024-03-02T14:02:47Z limit=28800 reqNodes=4 reqCpus=512 nodes=4 cpus=512 "
               "on=cn017,cn018,cn019,cn020 name=md_run_7";
        QTest::newRow("array task keys in the middle")
            << 2
            << "81240_7 user=bob account=astro partition=gpu qos=high state=TIMEOUT exit=143 "
               "submit=2024-03-02T11:00:00Z eligible=2024-03-02T11:00:00Z start=2024-03-02T11:04:10Z "
               "end=2024-03-03T11:04:31Z limit=86400 reqNodes=2 reqCpus=16 nodes=2 cpus=16 on=gpu03,gpu11 "
               "name=sweep";
        QTest::newRow("space in name, (null) nodes, Unknown start")
            << 3
            << "81260 user=carol account=bio partition=batch qos=normal state=CANCELLED exit=0 "
               "submit=2024-03-02T12:00:05Z eligible=2024-03-02T12:00:05Z end=2024-03-02T12:30:00Z limit=7200 "
               "reqNodes=1 reqCpus=8 nodes=0 cpus=0 name=blast db";
        QTest::newRow("het component") << 5
                                       << "90001+1 user=erin account=clim partition=gpu qos=normal state=COMPLETED "
                                          "exit=0 submit=2024-03-04T08:00:00Z eligible=2024-03-04T08:00:00Z "
                                          "start=2024-03-04T08:00:09Z end=2024-03-04T08:31:40Z limit=3600 "
                                          "reqNodes=1 reqCpus=64 nodes=1 cpus=64 on=gpu07 name=coupled";
        QTest::newRow("resize record kept")
            << 6
            << "81420 user=alice account=chem partition=batch qos=normal state=RESIZING exit=0 "
               "submit=2024-03-04T23:59:00Z eligible=2024-03-04T23:59:00Z start=2024-03-05T00:00:00Z "
               "end=2024-03-05T00:10:00Z limit=3600 reqNodes=2 reqCpus=128 nodes=2 cpus=128 on=cn001,cn002 "
               "name=grow";
        QTest::newRow("'=' and double space in name, space in WorkDir")
            << 7
            << "81401 user=alice account=chem partition=batch qos=normal state=COMPLETED exit=0 "
               "submit=2024-03-05T00:59:00Z eligible=2024-03-05T00:59:00Z start=2024-03-05T01:00:00Z "
               "end=2024-03-05T01:10:00Z limit=3600 reqNodes=1 reqCpus=64 nodes=1 cpus=64 on=cn003 "
               "name=run  x=1";
        QTest::newRow("Slurm 1.x record") << 8
                                          << "100 user=frank partition=batch state=COMPLETED "
                                             "start=2008-01-01T09:00:00Z end=2008-01-01T09:30:00Z limit=1800 "
                                             "nodes=2 on=cn1,cn2 name=legacy";
    }
    void readsRecords()
    {
        QFETCH(int, line);
        QFETCH(QString, job);
        const Parsed parsed = parse(filetxt(), LogFormat::Jobcomp, centralEuropeanTime);
        QString actual;
        for (const ImportedJob& each : parsed.jobs)
            if (each.line == static_cast<std::size_t>(line))
                actual = QString::fromStdString(describe(each));
        QCOMPARE(actual, job);
    }

    void rejectsMalformedLines()
    {
        const Parsed parsed = parse(filetxt(), LogFormat::Jobcomp, centralEuropeanTime);
        QStringList issues;
        for (const ImportIssue& issue : parsed.summary.issues)
            issues << QString::number(issue.line) + ": " + QString::fromStdString(issue.reason);
        const QStringList expected = {
            "9: node count mismatch (3 nodes in NodeList, NodeCnt 2)",
            "10: repeated key (JobId)",
            "11: bad time limit (1:00:00)",
            "12: bad time (StartTime '03/05-02:00:00')",
            "13: bad node list ('[' without ']' at offset 2)",
            "14: not a jobcomp record (no JobId= at the start)",
            "15: bad job id (81506x)",
            "16: truncated last line (no line end)",
        };
        QCOMPARE(issues, expected);
        QCOMPARE(parsed.summary.linesRead, std::size_t(16));
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(8));
    }

    // The same jobs in sacct (TZ=UTC) and jobcomp (UTC+1) exports must agree.
    void agreesWithSacct()
    {
        const Parsed jobcomp = parse(filetxt(), LogFormat::Jobcomp, centralEuropeanTime);
        const Parsed sacct = parse(QFINDTESTDATA("data/importers/sacct/xdmod.log"), LogFormat::Sacct, 0);
        std::map<std::string, const ImportedJob*> byId;
        for (const ImportedJob& job : sacct.jobs)
            byId.emplace(job.id, &job);
        int compared = 0;
        for (const ImportedJob& job : jobcomp.jobs) {
            const auto match = byId.find(job.id);
            if (match == byId.end())
                continue;
            ++compared;
            QCOMPARE(job.start, match->second->start);
            QCOMPARE(job.end, match->second->end);
            QCOMPARE(job.submit, match->second->submit);
            QCOMPARE(job.nodeNames, match->second->nodeNames);
            QCOMPARE(job.allocatedCpus, match->second->allocatedCpus);
            QCOMPARE(job.state, match->second->state);
            QCOMPARE(job.exitCode, match->second->exitCode);
        }
        QCOMPARE(compared, 5); // 81234, 81240_7, 81260, 81301, 90001+1
    }

    // The import resolves node lists while parsing (ImportOptions::nodeIndex): the same jobs,
    // the same rejected lines, and the nodes the names would have been looked up as.
    void resolvesNodeListsAsNamed()
    {
        ImportOptions options;
        options.utcOffsetSeconds = centralEuropeanTime;
        QCOMPARE(test::differenceOfResolvedAndNamed(filetxt(), LogFormat::Jobcomp, options), QString());
    }
};

QTEST_APPLESS_MAIN(TestJobcompParser)
#include "tst_jobcompparser.moc"
