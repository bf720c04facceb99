// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/AleaMachines.h"
#include "importers/JobLog.h"
#include "importers/SwfParser.h"
#include "tests/support/ParsedLog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <set>
#include <sstream>
#include <zlib.h>

using namespace placement;

namespace {

using Parsed = test::ParsedLog;
using test::describeAll;
using test::issuesOf;
using test::outcomeOf;

Parsed parse(const QString& path, const ImportOptions& options = {})
{
    return test::parseLog(path, LogFormat::Swf, options);
}

QString describeJobAtLine(const Parsed& parsed, int line)
{
    for (const ImportedJob& job : parsed.jobs)
        if (job.line == static_cast<std::size_t>(line))
            return QString::fromStdString(describe(job));
    return "(no job on line " + QString::number(line) + ")";
}

QString issueAtLine(const Parsed& parsed, int line)
{
    for (const ImportIssue& issue : parsed.summary.issues)
        if (issue.line == static_cast<std::size_t>(line))
            return QString::fromStdString(issue.reason);
    return "(no issue on line " + QString::number(line) + ")";
}

/// A real trace in tests/data/traces (its README.md says where each comes from).
QString tracePath(const char* name)
{
    return QFINDTESTDATA(QStringLiteral("data/traces/") + name);
}

#define REQUIRE_FILE(path) QVERIFY2(QFile::exists(path), qPrintable((path) + " is missing from tests/data/traces"))

/// Writes `source` gzip-compressed to `target`.
void gzipFile(const QString& source, const QString& target)
{
    std::ifstream in(source.toStdString(), std::ios::binary);
    std::stringstream content;
    content << in.rdbuf();
    const std::string bytes = content.str();
    gzFile out = gzopen(target.toStdString().c_str(), "wb");
    QVERIFY(out);
    QCOMPARE(gzwrite(out, bytes.data(), static_cast<unsigned>(bytes.size())), static_cast<int>(bytes.size()));
    QCOMPARE(gzclose(out), Z_OK);
}

} // namespace

class TestSwfParser : public QObject
{
    Q_OBJECT
private slots:
    void readsJobs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("job");
        const QString edges = QFINDTESTDATA("data/importers/swf/edge-cases.swf");
        const QString hosts = QFINDTESTDATA("data/importers/swf/host-lists.swf");
        // UnixStartTime 1709251200 is 2024-03-01T00:00:00Z; start = base + submit + wait.
        QTest::newRow("header time base") << edges << 8
                                          << "1 user=1 partition=1 state=COMPLETED submit=2024-03-01T00:00:00Z "
                                             "start=2024-03-01T00:16:52Z end=2024-03-01T04:04:36Z limit=28800 "
                                             "reqCpus=512 cpus=512";
        QTest::newRow("tabs, status 0") << edges << 9
                                        << "2 user=2 partition=2 state=FAILED submit=2024-03-01T00:05:12Z "
                                           "start=2024-03-01T00:09:22Z end=2024-03-02T00:09:43Z limit=86400 "
                                           "reqCpus=16 cpus=16";
        QTest::newRow("cancelled, never started")
            << edges << 10
            << "3 user=3 partition=1 state=CANCELLED submit=2024-03-01T02:00:14Z limit=7200 reqCpus=8 cpus=0";
        QTest::newRow("fractional times rounded")
            << edges << 13
            << "4 user=4 partition=1 state=COMPLETED submit=2024-03-01T02:00:15Z start=2024-03-01T02:22:06Z "
               "end=2024-03-01T06:50:08Z limit=43200 reqCpus=8192 cpus=8192";
        QTest::newRow("unknowns stay unset")
            << edges << 14 << "5 submit=2024-03-01T02:01:40Z start=2024-03-01T02:01:50Z reqCpus=4 cpus=4";
        QTest::newRow("checkpoint part 1")
            << edges << 20
            << "11 user=6 partition=1 state=PARTIAL submit=2024-03-01T02:11:40Z start=2024-03-01T02:11:50Z "
               "end=2024-03-01T03:11:50Z limit=7200 reqCpus=4 cpus=4";
        QTest::newRow("checkpoint part 2, same number")
            << edges << 21
            << "11 user=6 partition=1 state=PARTIAL_COMPLETED submit=2024-03-01T02:11:40Z "
               "start=2024-03-01T03:18:20Z end=2024-03-01T03:38:20Z limit=7200 reqCpus=4 cpus=4";
        QTest::newRow("later header rebases") << edges << 24
                                              << "13 user=7 partition=1 state=PARTIAL_FAILED "
                                                 "submit=2024-04-01T19:33:20Z start=2024-04-01T19:33:25Z "
                                                 "end=2024-04-01T19:33:35Z limit=60 reqCpus=1 cpus=1";
        // No header: times are absolute. One host entry per processor, duplicates removed.
        QTest::newRow("host list") << hosts << 1
                                   << "100 user=62 partition=q_1d state=COMPLETED submit=2012-12-31T23:22:27Z "
                                      "start=2012-12-31T23:22:27Z end=2013-01-01T14:55:58Z limit=86400 reqCpus=4 "
                                      "nodes=2 cpus=4 on=1241,1242";
        QTest::newRow("host name in list") << hosts << 5
                                           << "104 user=62 partition=q_4h state=COMPLETED "
                                              "submit=2012-12-31T23:28:20Z start=2012-12-31T23:28:25Z "
                                              "end=2012-12-31T23:30:05Z limit=86400 reqCpus=1 nodes=1 cpus=1 "
                                              "on=zegox17";
        QTest::newRow("host list without queue")
            << hosts << 6
            << "105 user=62 state=COMPLETED submit=2012-12-31T23:30:00Z start=2012-12-31T23:30:05Z "
               "end=2012-12-31T23:31:45Z limit=86400 reqCpus=3 nodes=2 cpus=3 on=1243,1244";
    }
    void readsJobs()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, job);
        QCOMPARE(describeJobAtLine(parse(file), line), job);
    }

    void rejectsMalformedLines_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        const QString edges = QFINDTESTDATA("data/importers/swf/edge-cases.swf");
        const QString hosts = QFINDTESTDATA("data/importers/swf/host-lists.swf");
        const QString cut = QFINDTESTDATA("data/importers/swf/truncated.swf");
        QTest::newRow("17 fields") << edges << 15 << "wrong field count (17, expected 18)";
        QTest::newRow("19 fields, no host list") << edges << 16 << "wrong field count (19, expected 18)";
        QTest::newRow("negative run time") << edges << 17 << "negative value (field 4 run time -5)";
        QTest::newRow("letter in number") << edges << 18 << "non-numeric field (field 3 wait time '1O')";
        QTest::newRow("unknown status") << edges << 19 << "unknown status (9)";
        QTest::newRow("fractional processors") << edges << 22 << "non-integer count (field 5 allocated processors 2.5)";
        QTest::newRow("bad header") << edges << 25 << "bad header value (UnixStartTime 'soon')";
        QTest::newRow("host list shorter than processors")
            << hosts << 2 << "host list length mismatch (2 entries, 3 allocated processors)";
        QTest::newRow("empty host entry") << hosts << 3 << "bad host list (empty or malformed entry)";
        QTest::newRow("unclosed host list") << hosts << 4 << "bad host list (no closing '}')";
        QTest::newRow("22 fields") << hosts << 7 << "wrong field count (22, expected 18, or 19 to 21 with a host list)";
        QTest::newRow("truncated last line") << cut << 3 << "truncated last line (wrong field count (15, expected 18))";
    }
    void rejectsMalformedLines()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, reason);
        const Parsed parsed = parse(file);
        QCOMPARE(issueAtLine(parsed, line), reason);
        QCOMPARE(QString::fromStdString(parsed.summary.issues.front().file), file);
    }

    // The time base is bounded like the fields added to it: a larger one made base + submit
    // overflow (fuzz_swf). A job after the header is read with the base, or with 0 without one.
    void boundsTheTimeBase_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("largest base") << "; UnixStartTime: 1000000000000000"
                                      << "nothing";
        QTest::newRow("smallest base") << "; UnixStartTime: -1000000000000000"
                                       << "nothing";
        QTest::newRow("past the largest base") << "; UnixStartTime: 1000000000000001"
                                               << "bad header value (UnixStartTime '1000000000000001')";
        QTest::newRow("past the smallest base") << "; UnixStartTime: -1000000000000001"
                                                << "bad header value (UnixStartTime '-1000000000000001')";
        QTest::newRow("int64 maximum") << "; UnixStartTime: 9223372036854775807"
                                       << "bad header value (UnixStartTime '9223372036854775807')";
    }
    void boundsTheTimeBase()
    {
        QFETCH(QString, header);
        QFETCH(QString, outcome);
        SwfParser parser;
        const std::string text = header.toStdString();
        QCOMPARE(outcomeOf(parser.parseLine({text, true})), outcome);
        const std::int64_t base = outcome == "nothing" ? std::stoll(text.substr(text.find(':') + 1)) : 0;
        // The largest times a field may hold, after the base.
        const LineOutcome job = parser.parseLine(
            {"1 999999999999999 999999999999999 999999999999999 1 -1 -1 1 -1 -1 1 1 1 1 1 -1 -1 -1", true});
        QCOMPARE(job.kind, LineOutcome::Kind::Job);
        QCOMPARE(job.job.submit, std::optional<std::int64_t>(base + 999999999999999));
        QCOMPARE(job.job.end, std::optional<std::int64_t>(base + 3 * std::int64_t(999999999999999)));
    }

    void countsEveryLine()
    {
        const Parsed parsed = parse(QFINDTESTDATA("data/importers/swf/edge-cases.swf"));
        QCOMPARE(parsed.summary.linesRead, std::size_t(25));
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(8));
        QCOMPARE(parsed.jobs.size(), std::size_t(8));
        const std::map<std::string, std::size_t> expected = {
            {"bad header value", 1},  {"negative value", 1}, {"non-integer count", 1},
            {"non-numeric field", 1}, {"unknown status", 1}, {"wrong field count", 2},
        };
        QCOMPARE(parsed.summary.skippedByReason, expected);
        QCOMPARE(parsed.summary.issues.size(), std::size_t(7));
        QVERIFY(parsed.summary.ignoredByKind.empty());
        QVERIFY(!parsed.summary.cancelled);
        QVERIFY(!parsed.summary.stoppedAtStrictError);
    }

    void strictModeStopsAtFirstBadLine()
    {
        ImportOptions options;
        options.strict = true;
        const Parsed parsed = parse(QFINDTESTDATA("data/importers/swf/edge-cases.swf"), options);
        QVERIFY(parsed.summary.stoppedAtStrictError);
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(5));
        QCOMPARE(parsed.summary.linesRead, std::size_t(15));
        QCOMPARE(parsed.summary.issues.size(), std::size_t(1));
        QCOMPARE(parsed.summary.issues.front().line, std::size_t(15));
    }

    void readsGzipLikePlainText()
    {
        const QString plain = QFINDTESTDATA("data/importers/swf/edge-cases.swf");
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString compressed = directory.filePath("edge-cases.swf.gz");
        gzipFile(plain, compressed);
        QCOMPARE(detectLogFormat(compressed.toStdString()), std::optional<LogFormat>(LogFormat::Swf));
        const Parsed fromPlain = parse(plain);
        const Parsed fromGzip = parse(compressed);
        QCOMPARE(fromGzip.jobs.size(), fromPlain.jobs.size());
        for (std::size_t i = 0; i < fromPlain.jobs.size(); ++i) {
            QCOMPARE(describe(fromGzip.jobs[i]), describe(fromPlain.jobs[i]));
            QCOMPARE(fromGzip.jobs[i].line, fromPlain.jobs[i].line);
        }
        QCOMPARE(fromGzip.summary.skippedByReason, fromPlain.summary.skippedByReason);
    }

    void realTraces_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("lines");
        QTest::addColumn<int>("jobs");
        QTest::addColumn<int>("processors"); // sum of field 5 over the imported jobs
        QTest::addColumn<QStringList>("issues");
        // Counts from tests/data/traces/README.md; sums computed independently with awk.
        QTest::newRow("hpc2n") << "hpc2n.swf" << 3194 << 3170 << 63965 << QStringList{};
        QTest::newRow("theta") << "theta_2022.swf" << 23914 << 23911 << 7440818 << QStringList{};
        QTest::newRow("wagap") << "wagap-2013.swf" << 17900 << 17898 << 149384
                               << QStringList{"4186: negative value (field 4 run time -1359980917)",
                                              "4200: negative value (field 4 run time -1359981026)"};
    }
    void realTraces()
    {
        QFETCH(QString, trace);
        QFETCH(int, lines);
        QFETCH(int, jobs);
        QFETCH(int, processors);
        QFETCH(QStringList, issues);
        const QString path = tracePath(trace.toLatin1().constData());
        REQUIRE_FILE(path);
        const Parsed parsed = parse(path);
        QCOMPARE(parsed.summary.linesRead, std::size_t(lines));
        QCOMPARE(parsed.summary.jobsParsed, std::size_t(jobs));
        long long processorSum = 0;
        for (const ImportedJob& job : parsed.jobs)
            processorSum += job.allocatedCpus;
        QCOMPARE(processorSum, static_cast<long long>(processors));
        QStringList actual;
        for (const ImportIssue& issue : parsed.summary.issues)
            actual << QString::number(issue.line) + ": " + QString::fromStdString(issue.reason);
        QCOMPARE(actual, issues);
    }

    void hpc2nTimesCountFromUnixStartTime()
    {
        REQUIRE_FILE(tracePath("hpc2n.swf"));
        const Parsed parsed = parse(tracePath("hpc2n.swf"));
        // Last job: "7183 4950011 15715 129 50 ..." with UnixStartTime 1027839845.
        const ImportedJob& last = parsed.jobs.back();
        QCOMPARE(last.id, std::string("7183"));
        QCOMPARE(last.line, std::size_t(3193));
        QCOMPARE(last.submit, std::optional<std::int64_t>(1027839845 + 4950011));
        QCOMPARE(last.start, std::optional<std::int64_t>(1027839845 + 4950011 + 15715));
        QCOMPARE(last.end, std::optional<std::int64_t>(1027839845 + 4950011 + 15715 + 129));
        QVERIFY(last.nodeNames.empty());
    }

    // tests/data/traces/README.md §2: field 19 has one entry per allocated CPU in every job; 44 host ids.
    void wagapHostListsMatchProcessorCounts()
    {
        REQUIRE_FILE(tracePath("wagap-2013.swf"));
        const Parsed parsed = parse(tracePath("wagap-2013.swf"));
        QCOMPARE(parsed.summary.skippedByReason.count("host list length mismatch"), std::size_t(0));
        QCOMPARE(parsed.summary.skippedByReason.count("bad host list"), std::size_t(0));
        std::set<std::string> hostIds;
        long long hostsPerJobSum = 0;
        std::size_t mostHosts = 0;
        for (const ImportedJob& job : parsed.jobs) {
            QVERIFY(!job.nodeNames.empty());
            QCOMPARE(static_cast<std::size_t>(job.allocatedNodes), job.nodeNames.size());
            QVERIFY(job.allocatedNodes <= job.allocatedCpus);
            hostIds.insert(job.nodeNames.begin(), job.nodeNames.end());
            hostsPerJobSum += job.allocatedNodes;
            mostHosts = std::max(mostHosts, job.nodeNames.size());
        }
        QCOMPARE(hostIds.size(), std::size_t(44));
        QCOMPARE(*hostIds.begin(), std::string("1129"));
        QCOMPARE(*hostIds.rbegin(), std::string("1288"));
        QCOMPARE(hostsPerJobSum, 19194LL);
        QCOMPARE(mostHosts, std::size_t(10));
        QCOMPARE(describe(parsed.jobs.back()),
                 std::string("17899 user=1040 partition=q_1d state=COMPLETED submit=2013-03-30T22:23:03Z "
                             "start=2013-03-30T22:23:04Z end=2013-03-30T22:29:27Z limit=86400 reqCpus=12 "
                             "nodes=1 cpus=12 on=1269"));
    }

    void readsAleaMachines_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("clusters");
        QTest::newRow("hpc2n") << tracePath("hpc2n.swf.machines") << QStringList{"0 seth 120x2 speed 1 ram 1048576"};
        QTest::newRow("wagap") << tracePath("wagap-2013.swf.machines")
                               << QStringList{"0 zewura 20x80 speed 1 ram 529426432",
                                              "1 zegox 48x12 speed 1 ram 94035968"};
    }
    void readsAleaMachines()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, clusters);
        REQUIRE_FILE(file);
        QStringList actual;
        for (const AleaCluster& cluster : readAleaMachines(file.toStdString()))
            actual << QString("%1 %2 %3x%4 speed %5 ram %6")
                          .arg(cluster.id)
                          .arg(QString::fromStdString(cluster.name))
                          .arg(cluster.nodes)
                          .arg(cluster.cpusPerNode)
                          .arg(cluster.cpuSpeed)
                          .arg(cluster.ramPerNodeKb);
        QCOMPARE(actual, clusters);
    }

    void rejectsMalformedMachinesFile()
    {
        const QString file = QFINDTESTDATA("data/importers/swf/bad.machines");
        try {
            readAleaMachines(file.toStdString());
            QFAIL("accepted a malformed .machines file");
        } catch (const ImportError& error) {
            QCOMPARE(error.line, std::size_t(3));
            QCOMPARE(QString::fromUtf8(error.what()), file + ":3: wrong field count (3, expected 6)");
        }
    }
};

QTEST_APPLESS_MAIN(TestSwfParser)
#include "tst_swfparser.moc"
