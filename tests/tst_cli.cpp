#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result
{
    int exitCode = -1;
    QString output;
    QString errors;
};

enum class Graphics { Inherited, None };

Result run(const QString& program, const QStringList& arguments, Graphics graphics = Graphics::Inherited)
{
    // Keep the explorer's settings and demo data out of the user's home.
    static QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (graphics == Graphics::None)
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/") + program, arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void helpWorks_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("placement") << "placement"
                                   << "Commands:";
        QTest::newRow("placement-explorer") << "placement-explorer"
                                            << "--screenshot";
    }
    void helpWorks()
    {
        QFETCH(QString, program);
        QFETCH(QString, mentions);
        const Result result = run(program, {QStringLiteral("--help")});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.output.contains(mentions), qPrintable(result.output));
    }

    void explorerHelpAndVersionNeedNoDisplay()
    {
        const Result help = run(QStringLiteral("placement-explorer"), {QStringLiteral("--help")}, Graphics::None);
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.output.contains(QStringLiteral("--screenshot")), qPrintable(help.output + help.errors));
        const Result version = run(QStringLiteral("placement-explorer"), {QStringLiteral("--version")}, Graphics::None);
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(version.output.contains(QStringLiteral("placement-explorer")),
                 qPrintable(version.output + version.errors));
    }

    void quadrantIsRefusedOnA3DTorus()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), path}).exitCode, 0);
        const Result refused
            = run(QStringLiteral("placement"),
                  {QStringLiteral("simulate"), QStringLiteral("--db"), path, QStringLiteral("--machine"),
                   QStringLiteral("demo-torus"), QStringLiteral("--policy"), QStringLiteral("quadrant")});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.errors.contains(QStringLiteral("defined for 2D tori")), qPrintable(refused.errors));
    }

    void demoThenInfo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), path}).exitCode, 0);
        const Result info = run(QStringLiteral("placement"), {QStringLiteral("info"), path});
        QCOMPARE(info.exitCode, 0);
        QVERIFY2(info.output.contains(QStringLiteral("demo-torus: 3D torus 8x8x8")), qPrintable(info.output));
        QVERIFY(info.output.contains(QStringLiteral("cab: fat-tree radix 36, 4 pods x 18 leaves x 18 nodes, 1296")));
    }

    void errorsNameTheFile()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("nope.sqlite"));
        const Result info = run(QStringLiteral("placement"), {QStringLiteral("info"), missing});
        QCOMPARE(info.exitCode, 1);
        QVERIFY2(info.errors.contains(missing), qPrintable(info.errors));
        QVERIFY(!QFile::exists(missing));

        const Result explorer = run(QStringLiteral("placement-explorer"), {missing});
        QCOMPARE(explorer.exitCode, 1);
        QVERIFY2(explorer.errors.contains(missing), qPrintable(explorer.errors));
    }

    void simulateStoresARunAndWritesJson()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sim.sqlite"));
        const QString trace = qEnvironmentVariable("PLACEMENT_SHARED_DIR") + QStringLiteral("/traces/hpc2n.swf");
        const Result imported = run(QStringLiteral("placement"),
                                    {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
                                     QStringLiteral("fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8"),
                                     QStringLiteral("--machine"), QStringLiteral("seth"), trace});
        QCOMPARE(imported.exitCode, 0);
        const QString json = dir.filePath(QStringLiteral("ta.json"));
        const QStringList common{
            QStringLiteral("simulate"),  QStringLiteral("--db"),      db,
            QStringLiteral("--machine"), QStringLiteral("seth"),      QStringLiteral("--cpus-per-node"),
            QStringLiteral("2"),         QStringLiteral("--speedup"), QStringLiteral("v2")};
        const Result ta = run(
            QStringLiteral("placement"),
            common + QStringList{QStringLiteral("--policy"), QStringLiteral("ta"), QStringLiteral("--json"), json});
        QCOMPARE(ta.exitCode, 0);
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject summary = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(summary.value(QStringLiteral("jobs")).toInt(), 3145);
        QCOMPARE(summary.value(QStringLiteral("run_name")).toString(),
                 QStringLiteral("ta easy speedup v2 2 cpus/node"));
        const double utilization = summary.value(QStringLiteral("utilization")).toDouble();
        QVERIFY(utilization > 0.2 && utilization <= 1.0);
        QVERIFY(summary.value(QStringLiteral("mean_wait")).toDouble() > 0);
        QCOMPARE(summary.value(QStringLiteral("by_size")).toArray().size(), 5);
        // The load offered: the machine's node-seconds asked for, per node-second it has
        // while jobs arrive; warned about above 100 %. One processor per node asks more.
        const double load = summary.value(QStringLiteral("offered_load")).toDouble();
        QVERIFY(load > 0);
        QCOMPARE(ta.errors.contains(QStringLiteral("no policy keeps up")), load > 1);
        const QString single = dir.filePath(QStringLiteral("single.json"));
        QStringList oneCpu = common;
        oneCpu[oneCpu.indexOf(QStringLiteral("--cpus-per-node")) + 1] = QStringLiteral("1");
        const Result heavier = run(QStringLiteral("placement"),
                                   oneCpu
                                       + QStringList{QStringLiteral("--policy"), QStringLiteral("ta"),
                                                     QStringLiteral("--no-store"), QStringLiteral("--json"), single});
        QCOMPARE(heavier.exitCode, 0);
        QFile singleFile(single);
        QVERIFY(singleFile.open(QIODevice::ReadOnly));
        const double heavierLoad
            = QJsonDocument::fromJson(singleFile.readAll()).object().value(QStringLiteral("offered_load")).toDouble();
        QVERIFY2(heavierLoad > 1.3 * load, qPrintable(QStringLiteral("%1 and %2").arg(heavierLoad).arg(load)));
        QCOMPARE(heavier.errors.contains(QStringLiteral("no policy keeps up")), heavierLoad > 1);
        QVERIFY(summary.contains(QStringLiteral("mean_aph")));
        {
            // The run records the program's version and the commit it was built from.
            QProcess sqlite;
            sqlite.start(QStringLiteral("sqlite3"),
                         {db, QStringLiteral("SELECT json_extract(parameters, '$.version') FROM runs LIMIT 1")});
            QVERIFY(sqlite.waitForFinished(30000));
            QCOMPARE(QString::fromUtf8(sqlite.readAllStandardOutput()).trimmed(), QStringLiteral(PLACEMENT_BUILD_ID));
            QVERIFY(QStringLiteral(PLACEMENT_BUILD_ID).startsWith(QStringLiteral("0.")));
        }

        // Conservative to stdout; the second run is stored beside the first.
        const Result conservative
            = run(QStringLiteral("placement"),
                  common
                      + QStringList{QStringLiteral("--policy"), QStringLiteral("first-fit"),
                                    QStringLiteral("--backfill"), QStringLiteral("conservative")});
        QCOMPARE(conservative.exitCode, 0);
        const QJsonObject second = QJsonDocument::fromJson(conservative.output.toUtf8()).object();
        QCOMPARE(second.value(QStringLiteral("backfill")).toString(), QStringLiteral("conservative"));
        QVERIFY(second.value(QStringLiteral("run_id")).toInt() > summary.value(QStringLiteral("run_id")).toInt());

        // The link-isolating policies; the summary says how much was allocated but idle
        // (LaaS's whole leaves).
        for (const QString& policy : {QStringLiteral("jigsaw"), QStringLiteral("laas")}) {
            const Result isolated
                = run(QStringLiteral("placement"),
                      common + QStringList{QStringLiteral("--policy"), policy, QStringLiteral("--no-store")});
            QVERIFY2(isolated.exitCode == 0, qPrintable(isolated.errors));
            const QJsonObject result = QJsonDocument::fromJson(isolated.output.toUtf8()).object();
            QCOMPARE(result.value(QStringLiteral("jobs")).toInt(), 3145);
            QVERIFY(result.value(QStringLiteral("internal_fragmentation")).toDouble(-1) >= 0);
        }

        // LC+S: its search limits are stored with the run, and how often they cut a search
        // off with its summary.
        const Result bound
            = run(QStringLiteral("placement"),
                  common
                      + QStringList{QStringLiteral("--policy"), QStringLiteral("lcs"), QStringLiteral("--lcs-timeout"),
                                    QStringLiteral("0.5"), QStringLiteral("--lcs-steps"), QStringLiteral("3000"),
                                    QStringLiteral("--name"), QStringLiteral("bound")});
        QVERIFY2(bound.exitCode == 0, qPrintable(bound.errors));
        {
            QProcess sqlite;
            sqlite.start(QStringLiteral("sqlite3"),
                         {db,
                          QStringLiteral("SELECT json_extract(parameters, '$.lcs_timeout_seconds'), "
                                         "json_extract(parameters, '$.lcs_step_budget'), "
                                         "json_extract(summary, '$.lcs.searches') > 0, "
                                         "json_extract(summary, '$.lcs.step_budget') "
                                         "FROM runs WHERE name = 'bound'")});
            QVERIFY(sqlite.waitForFinished(30000));
            QCOMPARE(QString::fromUtf8(sqlite.readAllStandardOutput()).trimmed(), QStringLiteral("0.5|3000|1|3000"));
        }

        // AUCSCHED3 runs its auction by default; the summary has Table 4's measures. The
        // auction is for window policies only.
        const Result auction = run(
            QStringLiteral("placement"),
            common
                + QStringList{QStringLiteral("--policy"), QStringLiteral("aucsched3"), QStringLiteral("--no-store")});
        QVERIFY2(auction.exitCode == 0, qPrintable(auction.errors));
        const QJsonObject bids = QJsonDocument::fromJson(auction.output.toUtf8()).object();
        QCOMPARE(bids.value(QStringLiteral("backfill")).toString(), QStringLiteral("auction"));
        QCOMPARE(bids.value(QStringLiteral("jobs")).toInt(), 3145);
        QVERIFY(bids.value(QStringLiteral("lowest_common_switch")).toObject().value(QStringLiteral("mean")).toDouble(-1)
                >= 0);
        QVERIFY(bids.value(QStringLiteral("spread")).toObject().value(QStringLiteral("mean")).toDouble(-1) >= 0);
        const Result notWindowed = run(QStringLiteral("placement"),
                                       common
                                           + QStringList{QStringLiteral("--policy"), QStringLiteral("first-fit"),
                                                         QStringLiteral("--backfill"), QStringLiteral("auction")});
        QCOMPARE(notWindowed.exitCode, 1);
        QVERIFY2(notWindowed.errors.contains(QStringLiteral("aucsched3")), qPrintable(notWindowed.errors));

        // Bad input: a clear message, nothing stored.
        const Result bad = run(QStringLiteral("placement"),
                               common + QStringList{QStringLiteral("--policy"), QStringLiteral("best")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.errors.contains(QStringLiteral("unknown policy 'best'")), qPrintable(bad.errors));
        const Result badSpeedup = run(QStringLiteral("placement"),
                                      {QStringLiteral("simulate"), QStringLiteral("--db"), db,
                                       QStringLiteral("--machine"), QStringLiteral("seth"), QStringLiteral("--policy"),
                                       QStringLiteral("ta"), QStringLiteral("--speedup"), QStringLiteral("fast")});
        QCOMPARE(badSpeedup.exitCode, 1);
        QVERIFY2(badSpeedup.errors.contains(QStringLiteral("speed-up")), qPrintable(badSpeedup.errors));
    }

    void unknownCommandAndBadHostlist()
    {
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("frobnicate")}).exitCode, 2);
        QCOMPARE(run(QStringLiteral("placement"), {}).exitCode, 2);
        const Result hostlist
            = run(QStringLiteral("placement"), {QStringLiteral("hostlist"), QStringLiteral("n[3-1]")});
        QCOMPARE(hostlist.exitCode, 1);
        QVERIFY2(hostlist.errors.contains(QStringLiteral("backwards")), qPrintable(hostlist.errors));
        const Result good = run(QStringLiteral("placement"), {QStringLiteral("hostlist"), QStringLiteral("n[1-3]")});
        QCOMPARE(good.output, QStringLiteral("n1\nn2\nn3\n"));
    }

    void screenshotWritesAPicture()
    {
        QTemporaryDir dir;
        const QString demo = dir.filePath(QStringLiteral("demo.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), demo}).exitCode, 0);
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const Result result
            = run(QStringLiteral("placement-explorer"),
                  {demo, QStringLiteral("--size"), QStringLiteral("800x600"), QStringLiteral("--screenshot"), png});
        QCOMPARE(result.exitCode, 0);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800 && image.height() >= 600);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
