// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// `placement import` and `placement simulate` on logs that used to be imported wrongly or
// in silence: the command line's exit codes, reports and messages.
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Outcome
{
    int exitCode = -1;
    QString output, errors;
};

Outcome placement(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"), arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString data(const QString& name)
{
    return QFINDTESTDATA(QStringLiteral("data/importers/") + name);
}

/// `placement import --db DB --topology SPEC --machine NAME ARGUMENTS...`
Outcome importOnto(const QString& db, const QString& spec, const QStringList& arguments)
{
    return placement(QStringList{QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
                                 spec, QStringLiteral("--machine"), QStringLiteral("m")}
                     + arguments);
}

const QString seth = QStringLiteral("torus extents=4x4x8");

/// Writes `text` to `path`; false if it cannot.
bool writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestImportCli : public QObject
{
    Q_OBJECT
private slots:
    void jobsWithUnknownStartAreImportedAndSimulated()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        const Outcome imported = importOnto(db, seth, {data(QStringLiteral("swf/wait-unknown.swf"))});
        QCOMPARE(imported.exitCode, 0);
        QVERIFY2(imported.output.contains(QStringLiteral("34 jobs imported")), qPrintable(imported.output));
        QVERIFY2(imported.output.contains(QStringLiteral("34 jobs have no start time")), qPrintable(imported.output));
        QVERIFY2(!imported.errors.contains(QStringLiteral("warning")), qPrintable(imported.errors));

        const Outcome info = placement({QStringLiteral("info"), db});
        QVERIFY2(info.output.contains(QStringLiteral("34 without a start time")), qPrintable(info.output));

        const Outcome simulated
            = placement({QStringLiteral("simulate"), QStringLiteral("--db"), db, QStringLiteral("--machine"),
                         QStringLiteral("m"), QStringLiteral("--policy"), QStringLiteral("first-fit"),
                         QStringLiteral("--cpus-per-node"), QStringLiteral("2"), QStringLiteral("--no-store")});
        QCOMPARE(simulated.exitCode, 0);
        const QJsonObject summary = QJsonDocument::fromJson(simulated.output.toUtf8()).object();
        QCOMPARE(summary.value(QStringLiteral("jobs")).toInt(), 32);
    }

    void anEmptyImportWarnsAndFailsWhenStrict()
    {
        QTemporaryDir dir;
        // Every job without a run time: a non-empty file that gives no job.
        const QString log = dir.filePath(QStringLiteral("no-runs.swf"));
        {
            QFile in(data(QStringLiteral("swf/wait-unknown.swf")));
            QFile out(log);
            QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
            while (!in.atEnd()) {
                const QByteArray line = in.readLine();
                const QList<QByteArray> fields = line.simplified().split(' ');
                if (line.startsWith(';') || (fields.size() > 3 && fields[3] == "-1"))
                    out.write(line);
            }
        }
        const Outcome strict
            = importOnto(dir.filePath(QStringLiteral("strict.sqlite")), seth, {QStringLiteral("--strict"), log});
        QCOMPARE(strict.exitCode, 1);
        QVERIFY2(strict.errors.contains(QStringLiteral("no-runs.swf: no jobs stored")), qPrintable(strict.errors));

        const Outcome lenient = importOnto(dir.filePath(QStringLiteral("lenient.sqlite")), seth, {log});
        QCOMPARE(lenient.exitCode, 0);
        QVERIFY2(lenient.errors.contains(QStringLiteral("warning: ")), qPrintable(lenient.errors));
        QVERIFY2(lenient.errors.contains(QStringLiteral("no-runs.swf: no jobs stored")), qPrintable(lenient.errors));
    }

    void aSacctHeaderWithoutNodeListWarnsAndFailsWhenStrict()
    {
        QTemporaryDir dir;
        QByteArray text = readFile(QFINDTESTDATA(QStringLiteral("data/import/cluster.sacct")));
        QVERIFY(text.startsWith("JobID|"));
        text.replace("|NodeList|", "|Nodelists|");
        const QString log = dir.filePath(QStringLiteral("misspelled.sacct"));
        QVERIFY(writeFile(log, text));
        const Outcome lenient = importOnto(dir.filePath(QStringLiteral("lenient.sqlite")), seth, {log});
        QCOMPARE(lenient.exitCode, 0);
        QVERIFY2(lenient.errors.contains(QStringLiteral("misspelled.sacct:1: no NodeList field")),
                 qPrintable(lenient.errors));
        const Outcome strict
            = importOnto(dir.filePath(QStringLiteral("strict.sqlite")), seth, {QStringLiteral("--strict"), log});
        QCOMPARE(strict.exitCode, 1);
        QVERIFY2(strict.errors.contains(QStringLiteral("misspelled.sacct:1: no NodeList field")),
                 qPrintable(strict.errors));
    }

    void simulateCountsEverySkippedJobByReason()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        QCOMPARE(importOnto(db, seth, {data(QStringLiteral("swf/wait-unknown.swf"))}).exitCode, 0);
        // 34 stored jobs: 2 without a size; job 1 submitted at 1027839845, before --from; none
        // larger than the 128 nodes of the machine.
        const QString json = dir.filePath(QStringLiteral("run.json"));
        const Outcome simulated
            = placement({QStringLiteral("simulate"), QStringLiteral("--db"), db, QStringLiteral("--machine"),
                         QStringLiteral("m"), QStringLiteral("--policy"), QStringLiteral("first-fit"),
                         QStringLiteral("--cpus-per-node"), QStringLiteral("2"), QStringLiteral("--from"),
                         QStringLiteral("1027839846"), QStringLiteral("--json"), json});
        QCOMPARE(simulated.exitCode, 0);
        const QJsonObject summary = QJsonDocument::fromJson(readFile(json)).object();
        QCOMPARE(summary.value(QStringLiteral("jobs")).toInt(), 31);
        const QJsonObject skipped = summary.value(QStringLiteral("skipped")).toObject();
        QCOMPARE(skipped.value(QStringLiteral("no size")).toInt(), 2);
        QCOMPARE(skipped.value(QStringLiteral("submitted outside --from/--to")).toInt(), 1);
        QCOMPARE(skipped.size(), 2);
        QVERIFY2(simulated.errors.contains(QStringLiteral("skipped 2 jobs: no size")), qPrintable(simulated.errors));
        QVERIFY2(simulated.errors.contains(QStringLiteral("skipped 1 job: submitted outside --from/--to")),
                 qPrintable(simulated.errors));
    }

    void messagesNameTheFileAndTheReason_data()
    {
        QTest::addColumn<QByteArray>("sql"); // makes the database; empty: a text file
        QTest::addColumn<QString>("message");
        QTest::newRow("another program's meta table")
            << QByteArray("CREATE TABLE meta (name TEXT, value TEXT);")
            << "other.db: not a Placement Explorer database (its meta table has no key and value)";
        QTest::newRow("a version that is not a number")
            << QByteArray(
                   "CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('schema_version', 'abc');")
            << "other.db: not a Placement Explorer database (schema version 'abc')";
        QTest::newRow("a version beyond int")
            << QByteArray("CREATE TABLE meta (key TEXT, value TEXT); "
                          "INSERT INTO meta VALUES ('schema_version', '99999999999999');")
            << "other.db: not a Placement Explorer database (schema version '99999999999999')";
        QTest::newRow("not a database") << QByteArray() << "other.db: cannot read the database: file is not a database";
    }
    void messagesNameTheFileAndTheReason()
    {
        QFETCH(QByteArray, sql);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("other.db"));
        if (sql.isEmpty()) {
            QVERIFY(writeFile(db, "JobID|State\n"));
        } else {
            QProcess sqlite;
            sqlite.start(QStringLiteral("sqlite3"), {db, QString::fromUtf8(sql)});
            QVERIFY(sqlite.waitForFinished(30000) && sqlite.exitCode() == 0);
        }
        const Outcome info = placement({QStringLiteral("info"), db});
        QCOMPARE(info.exitCode, 1);
        QVERIFY2(info.errors.contains(message), qPrintable(info.errors));
        for (const char* internal : {"SELECT", "stoi", "not an error"})
            QVERIFY2(!info.errors.contains(QLatin1String(internal)), qPrintable(info.errors));
    }

    void aMissingLogAndABadHostlistAreNamedWithTheReason()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.log"));
        const Outcome imported = importOnto(dir.filePath(QStringLiteral("db.sqlite")), seth, {missing});
        QCOMPARE(imported.exitCode, 1);
        QVERIFY2(imported.errors.contains(missing + QStringLiteral(": cannot open: no such file")),
                 qPrintable(imported.errors));
        const Outcome hostlist = placement({QStringLiteral("hostlist"), QStringLiteral("cn[1-")});
        QCOMPARE(hostlist.exitCode, 1);
        QVERIFY2(hostlist.errors.contains(QStringLiteral("hostlist 'cn[1-': '[' without ']' at offset 2")),
                 qPrintable(hostlist.errors));
    }

    void aByteOrderMarkAndCarriageReturnLineEndsAreRead_data()
    {
        QTest::addColumn<QByteArray>("prefix");
        QTest::addColumn<QByteArray>("lineEnd");
        QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF") << QByteArray("\n");
        QTest::newRow("byte order mark, CRLF") << QByteArray("\xEF\xBB\xBF") << QByteArray("\r\n");
        QTest::newRow("CR only") << QByteArray() << QByteArray("\r");
    }
    void aByteOrderMarkAndCarriageReturnLineEndsAreRead()
    {
        QFETCH(QByteArray, prefix);
        QFETCH(QByteArray, lineEnd);
        QTemporaryDir dir;
        const QString original = QFINDTESTDATA(QStringLiteral("data/import/cluster.sacct"));
        const Outcome plain = importOnto(dir.filePath(QStringLiteral("plain.sqlite")), seth, {original});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY2(plain.output.contains(QStringLiteral("7 lines, 3 jobs imported")), qPrintable(plain.output));
        QByteArray text = readFile(original);
        text.replace("\n", lineEnd);
        const QString variant = dir.filePath(QStringLiteral("variant.sacct"));
        QVERIFY(writeFile(variant, prefix + text));
        // Detected as sacct, read alike.
        const Outcome read = importOnto(dir.filePath(QStringLiteral("variant.sqlite")), seth, {variant});
        QCOMPARE(read.exitCode, 0);
        QVERIFY2(read.output.contains(QStringLiteral("(sacct): 7 lines, 3 jobs imported")), qPrintable(read.output));
        QCOMPARE(QString(read.output).remove(variant), QString(plain.output).remove(original));
    }

    void outOfRangeArgumentsAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("offset of -2^63 s")
            << QStringList{QStringLiteral("--utc-offset"), QStringLiteral("-9223372036854775808")}
            << "--utc-offset: '-9223372036854775808' is not a UTC offset";
        QTest::newRow("offset of 25 h") << QStringList{QStringLiteral("--utc-offset"), QStringLiteral("+25:00")}
                                        << "--utc-offset: '+25:00' is not a UTC offset";
        QTest::newRow("offset of 90 min") << QStringList{QStringLiteral("--utc-offset"), QStringLiteral("+01:90")}
                                          << "--utc-offset: '+01:90' is not a UTC offset";
        QTest::newRow("unknown zone") << QStringList{QStringLiteral("--timezone"), QStringLiteral("Mars/Olympus")}
                                      << "--timezone: time zone 'Mars/Olympus' is not in the system's time zone "
                                         "database";
        QTest::newRow("zone and offset") << QStringList{QStringLiteral("--timezone"), QStringLiteral("Europe/Berlin"),
                                                        QStringLiteral("--utc-offset"), QStringLiteral("+01:00")}
                                         << "give --timezone or --utc-offset, not both";
    }
    void outOfRangeArgumentsAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        const Outcome imported
            = importOnto(db, seth, arguments + QStringList{QFINDTESTDATA(QStringLiteral("data/import/cluster.sacct"))});
        QCOMPARE(imported.exitCode, 2);
        QVERIFY2(imported.errors.contains(message), qPrintable(imported.errors));
        QVERIFY(!QFile::exists(db));
    }

    void anArrivalScaleBeyondTimeIsRefused()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        QCOMPARE(importOnto(db, seth, {data(QStringLiteral("swf/wait-unknown.swf"))}).exitCode, 0);
        for (const char* scale : {"scale:1e20", "scale:inf"}) {
            const Outcome simulated
                = placement({QStringLiteral("simulate"), QStringLiteral("--db"), db, QStringLiteral("--machine"),
                             QStringLiteral("m"), QStringLiteral("--policy"), QStringLiteral("first-fit"),
                             QStringLiteral("--cpus-per-node"), QStringLiteral("2"), QStringLiteral("--arrivals"),
                             QString::fromLatin1(scale)});
            QCOMPARE(simulated.exitCode, 1);
            QVERIFY2(simulated.errors.contains(QStringLiteral("arrival")), qPrintable(simulated.errors));
            QVERIFY(simulated.output.isEmpty());
        }
    }

    void aHostListLargerThanTheMachineIsRefusedQuickly()
    {
        // 50 jobs of cluster.sacct's first record, each on a million nodes of a 128-node machine.
        QTemporaryDir dir;
        const QByteArray text = readFile(QFINDTESTDATA(QStringLiteral("data/import/cluster.sacct")));
        const QList<QByteArray> lines = text.split('\n');
        QByteArray log = lines[0] + '\n';
        for (int job = 0; job < 50; ++job) {
            QByteArray record = lines[1];
            record.replace("5001|", QByteArray::number(6000 + job) + '|');
            record.replace("|4|256|cn[017-020]|", "|1000000|1000000|cn[1-1000000]|");
            log += record + '\n';
        }
        QVERIFY(log.contains("|1000000|1000000|cn[1-1000000]|"));
        const QString path = dir.filePath(QStringLiteral("huge.sacct"));
        QVERIFY(writeFile(path, log));
        QElapsedTimer timer;
        timer.start();
        const Outcome imported = importOnto(dir.filePath(QStringLiteral("db.sqlite")), seth, {path});
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(imported.exitCode, 0);
        QVERIFY2(imported.output.contains(QStringLiteral("rejected 50 lines: node list larger than the machine")),
                 qPrintable(imported.output));
        QVERIFY2(imported.output.contains(QStringLiteral("huge.sacct:2: node list larger than the machine (more than "
                                                         "its 128 nodes)")),
                 qPrintable(imported.output));
    }

    void daylightSavingTimesAreReportedByLine()
    {
        QTemporaryDir dir;
        const QString log = data(QStringLiteral("sacct/dst-berlin.log"));
        const Outcome imported = importOnto(dir.filePath(QStringLiteral("db.sqlite")), seth,
                                            {QStringLiteral("--timezone"), QStringLiteral("Europe/Berlin"), log});
        QCOMPARE(imported.exitCode, 0);
        QVERIFY2(imported.output.contains(QStringLiteral("5 lines, 3 jobs imported")), qPrintable(imported.output));
        QVERIFY2(imported.output.contains(log
                                          + QStringLiteral(":3: nonexistent local time (Start "
                                                           "'2024-03-31T02:30:00' in Europe/Berlin")),
                 qPrintable(imported.output));
        QVERIFY2(imported.errors.contains(QStringLiteral("warning: ") + log
                                          + QStringLiteral(":5: ambiguous local time (Submit '2024-10-27T02:30:00'")),
                 qPrintable(imported.errors));
        const Outcome strict = importOnto(
            dir.filePath(QStringLiteral("strict.sqlite")), seth,
            {QStringLiteral("--timezone"), QStringLiteral("Europe/Berlin"), QStringLiteral("--strict"), log});
        QCOMPARE(strict.exitCode, 1);
    }

    // "+0100" is one hour, not 100 seconds.
    void compactOffsetsAreHoursAndMinutes()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("db.sqlite"));
        const Outcome imported = importOnto(db, seth,
                                            {QStringLiteral("--utc-offset"), QStringLiteral("+0100"),
                                             QFINDTESTDATA(QStringLiteral("data/import/cluster.sacct"))});
        QCOMPARE(imported.exitCode, 0);
        QProcess sqlite;
        sqlite.start(QStringLiteral("sqlite3"), {db, QStringLiteral("SELECT start FROM jobs WHERE job_ref = '5001'")});
        QVERIFY(sqlite.waitForFinished(30000));
        // 2024-03-02T09:05:00 at +01:00
        QCOMPARE(QString::fromUtf8(sqlite.readAllStandardOutput()).trimmed(), QStringLiteral("1709366700"));
    }
};

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_importcli.moc"
