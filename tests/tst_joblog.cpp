// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace placement;

Q_DECLARE_METATYPE(std::optional<placement::LogFormat>)

namespace {

/// A real trace in tests/data/traces (its README.md says where each comes from).
QString tracePath(const char* name)
{
    return QFINDTESTDATA(QStringLiteral("data/traces/") + name);
}

} // namespace

class TestJobLog : public QObject
{
    Q_OBJECT
private slots:
    void detectsFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<std::optional<LogFormat>>("format");
        const auto data = [](const char* name) { return QFINDTESTDATA(QString("data/importers/") + name); };
        QTest::newRow("swf with header") << data("swf/edge-cases.swf") << std::optional(LogFormat::Swf);
        QTest::newRow("swf with host lists") << data("swf/host-lists.swf") << std::optional(LogFormat::Swf);
        QTest::newRow("sacct headerless") << data("sacct/xdmod.log") << std::optional(LogFormat::Sacct);
        QTest::newRow("sacct legacy, CRLF") << data("sacct/xdmod-legacy-crlf.log") << std::optional(LogFormat::Sacct);
        QTest::newRow("sacct -p header") << data("sacct/steps-parsable.log") << std::optional(LogFormat::Sacct);
        QTest::newRow("jobcomp") << data("jobcomp/filetxt.log") << std::optional(LogFormat::Jobcomp);
        QTest::newRow("torque") << data("torque/20240303") << std::optional(LogFormat::Torque);
        QTest::newRow("moab events, comment first")
            << data("moab/events.Sat_Mar_02_2024") << std::optional(LogFormat::Moab);
        QTest::newRow("moab documented") << data("moab/events.docs") << std::optional(LogFormat::Moab);
        QTest::newRow("maui") << data("moab/maui.trace") << std::optional(LogFormat::Moab);
        QTest::newRow("not a job log") << data("swf/bad.machines") << std::optional<LogFormat>();
        QTest::newRow("hpc2n") << tracePath("hpc2n.swf") << std::optional(LogFormat::Swf);
        QTest::newRow("theta") << tracePath("theta_2022.swf") << std::optional(LogFormat::Swf);
        QTest::newRow("wagap") << tracePath("wagap-2013.swf") << std::optional(LogFormat::Swf);
    }
    void detectsFormat()
    {
        QFETCH(QString, file);
        QFETCH(std::optional<LogFormat>, format);
        QVERIFY2(QFile::exists(file), qPrintable(file + " is missing from tests/data/traces"));
        QCOMPARE(detectLogFormat(file.toStdString()), format);
    }

    void detectsNothingInEmptyFile()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath("empty.log");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QCOMPARE(detectLogFormat(path.toStdString()), std::optional<LogFormat>());
        const ImportSummary summary = parseJobLog(path.toStdString(), LogFormat::Sacct, {}, [](ImportedJob&&) {});
        QCOMPARE(summary.linesRead, std::size_t(0));
        QVERIFY(summary.issues.empty());
    }

    void reportsProgressInBytes()
    {
        const QString path = tracePath("wagap-2013.swf");
        QVERIFY2(QFile::exists(path), qPrintable(path + " is missing from tests/data/traces"));
        std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
        ImportOptions options;
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            calls.emplace_back(done, total);
            return true;
        };
        parseJobLog(path.toStdString(), LogFormat::Swf, options, [](ImportedJob&&) {});
        QVERIFY(calls.size() > 3);
        QCOMPARE(calls.front().first, std::uint64_t(0));
        QCOMPARE(calls.back().first, std::uint64_t(2'418'846)); // the size in tests/data/traces/README.md
        for (std::size_t i = 0; i < calls.size(); ++i) {
            QCOMPARE(calls[i].second, std::uint64_t(2'418'846));
            if (i > 0)
                QVERIFY(calls[i].first >= calls[i - 1].first);
        }
    }

    void cancelsWhenProgressSaysSo()
    {
        const QString path = tracePath("theta_2022.swf");
        QVERIFY2(QFile::exists(path), qPrintable(path + " is missing from tests/data/traces"));
        ImportOptions options;
        int calls = 0;
        options.progress = [&](std::uint64_t, std::uint64_t) { return ++calls < 3; };
        std::size_t jobs = 0;
        const ImportSummary summary
            = parseJobLog(path.toStdString(), LogFormat::Swf, options, [&](ImportedJob&&) { ++jobs; });
        QVERIFY(summary.cancelled);
        QCOMPARE(calls, 3);
        QCOMPARE(jobs, summary.jobsParsed);
        QVERIFY(jobs > 0);
        QVERIFY(jobs < 23911);
    }

    void capsStoredIssuesButCountsAll()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath("bad.swf");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 0; i < 10'005; ++i)
            file.write("1 2 3\n");
        file.write("1 0 10 20 4 -1 -1 4 600 -1 1 5 1 1 1 1 -1 -1\n");
        file.close();
        std::size_t jobs = 0;
        const ImportSummary summary
            = parseJobLog(path.toStdString(), LogFormat::Swf, {}, [&](ImportedJob&&) { ++jobs; });
        QCOMPARE(summary.issues.size(), ImportSummary::maxStoredIssues);
        QCOMPARE(summary.skippedByReason.at("wrong field count"), std::size_t(10'005));
        QCOMPARE(summary.rejectedLines(), std::size_t(10'005));
        QCOMPARE(jobs, std::size_t(1));
        QCOMPARE(summary.issues.back().line, std::size_t(10'000));
    }

    void namesFormats()
    {
        QCOMPARE(logFormatName(LogFormat::Sacct), "sacct");
        QCOMPARE(logFormatName(LogFormat::Jobcomp), "jobcomp");
        QCOMPARE(logFormatName(LogFormat::Moab), "moab");
        QCOMPARE(logFormatName(LogFormat::Torque), "torque");
        QCOMPARE(logFormatName(LogFormat::Swf), "swf");
    }
};

QTEST_APPLESS_MAIN(TestJobLog)
#include "tst_joblog.moc"
