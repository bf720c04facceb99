// `placement import` and `placement simulate` on logs that used to be imported wrongly or
// in silence: the command line's exit codes, reports and messages.
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
};

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_importcli.moc"
