// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/support/RawSql.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

struct Result
{
    int exitCode = -1;
    QString output;
    QString errors;
};

enum class Graphics { Inherited, None };

/// Where the programs run by run() keep their settings and data: not in the user's home.
const QTemporaryDir& privateHome()
{
    static QTemporaryDir home;
    return home;
}

/// Starts one of the programs; finish() waits for it.
void start(QProcess& process, const QString& program, const QStringList& arguments,
           Graphics graphics = Graphics::Inherited)
{
    const QTemporaryDir& home = privateHome();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (graphics == Graphics::None)
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/") + program, arguments);
}

Result finish(QProcess& process)
{
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

Result run(const QString& program, const QStringList& arguments, Graphics graphics = Graphics::Inherited)
{
    QProcess process;
    start(process, program, arguments, graphics);
    return finish(process);
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
        const QString trace = QFINDTESTDATA("data/traces/hpc2n.swf");
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

    void runsListsTheLoggedRunFirst()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        // An SWF trace without host lists: the logged run has times and sizes, no nodes.
        QCOMPARE(run(QStringLiteral("placement"),
                     {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
                      QStringLiteral("fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8"),
                      QStringLiteral("--machine"), QStringLiteral("seth"), QFINDTESTDATA("data/traces/hpc2n.swf")})
                     .exitCode,
                 0);
        for (const QStringList& policy :
             {QStringList{QStringLiteral("first-fit")},
              QStringList{QStringLiteral("ta"), QStringLiteral("--backfill"), QStringLiteral("fcfs"),
                          QStringLiteral("--seed"), QStringLiteral("3")}})
            QCOMPARE(run(QStringLiteral("placement"),
                         QStringList{QStringLiteral("simulate"), QStringLiteral("--db"), db,
                                     QStringLiteral("--machine"), QStringLiteral("seth"),
                                     QStringLiteral("--cpus-per-node"), QStringLiteral("2"), QStringLiteral("--policy")}
                             + policy)
                         .exitCode,
                     0);
        const QStringList runs{QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--machine"),
                               QStringLiteral("seth")};
        const auto stored = [&](const char* column, int id) {
            const QString sql = QStringLiteral("SELECT %1 FROM runs WHERE id = %2").arg(QLatin1String(column)).arg(id);
            return QJsonDocument::fromJson(placement::test::rawText(db, sql.toUtf8().constData()).toUtf8()).object();
        };

        const Result json = run(QStringLiteral("placement"), runs + QStringList{QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray list
            = QJsonDocument::fromJson(json.output.toUtf8()).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(list.size(), 3);
        const QJsonObject logged = list[0].toObject();
        QCOMPARE(logged.value(QStringLiteral("name")).toString(), QStringLiteral("logged"));
        QCOMPARE(logged.value(QStringLiteral("id")).toInt(), 0);
        QVERIFY(logged.value(QStringLiteral("logged")).toBool());
        const QJsonObject loggedSummary = logged.value(QStringLiteral("summary")).toObject();
        QCOMPARE(loggedSummary.value(QStringLiteral("jobs")).toInt(), 3145);
        QCOMPARE(loggedSummary.value(QStringLiteral("jobs_with_node_lists")).toInt(), 0);
        // The logged run reads processors as the latest run did.
        QCOMPARE(logged.value(QStringLiteral("parameters")).toObject().value(QStringLiteral("cpus_per_node")).toInt(),
                 2);
        for (int id : {1, 2}) {
            const QJsonObject simulated = list[id].toObject();
            QCOMPARE(simulated.value(QStringLiteral("id")).toInt(), id);
            QVERIFY(!simulated.value(QStringLiteral("logged")).toBool());
            QCOMPARE(simulated.value(QStringLiteral("parameters")).toObject(), stored("parameters", id));
            QCOMPARE(simulated.value(QStringLiteral("summary")).toObject(), stored("summary", id));
        }
        QCOMPARE(
            list[2].toObject().value(QStringLiteral("parameters")).toObject().value(QStringLiteral("seed")).toInt(), 3);

        const Result csv = run(QStringLiteral("placement"), runs + QStringList{QStringLiteral("--csv")});
        QCOMPARE(csv.exitCode, 0);
        const QStringList lines = csv.output.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        const QStringList header = lines[0].split(QLatin1Char(','));
        for (const char* column : {"run_id", "utilization_fraction", "makespan_s", "mean_wait_s", "median_wait_s",
                                   "mean_bounded_slowdown", "mean_wait_1-4_s"})
            QVERIFY2(header.contains(QLatin1String(column)), qPrintable(lines[0]));
        const auto field = [&](int line, const char* column) {
            return lines[line].split(QLatin1Char(','))[header.indexOf(QLatin1String(column))];
        };
        QCOMPARE(field(1, "run"), QStringLiteral("logged"));
        QCOMPARE(field(2, "run_id"), QStringLiteral("1"));
        QCOMPARE(field(3, "policy"), QStringLiteral("ta"));
        QCOMPARE(field(3, "backfill"), QStringLiteral("fcfs"));
        // Plain numbers, equal to the stored ones.
        for (int id : {1, 2}) {
            const QJsonObject summary = stored("summary", id);
            QCOMPARE(field(id + 1, "utilization_fraction").toDouble(),
                     summary.value(QStringLiteral("utilization")).toDouble());
            QCOMPARE(field(id + 1, "mean_wait_s").toDouble(), summary.value(QStringLiteral("mean_wait")).toDouble());
            QCOMPARE(field(id + 1, "makespan_s"),
                     QString::number(summary.value(QStringLiteral("makespan")).toInteger()));
        }
        QCOMPARE(field(1, "median_wait_s").toDouble(), loggedSummary.value(QStringLiteral("median_wait")).toDouble());
        QVERIFY(!field(1, "utilization_fraction").contains(QLatin1Char('e')));

        const Result text = run(QStringLiteral("placement"), runs);
        QCOMPARE(text.exitCode, 0);
        const QStringList rows = text.output.split(QLatin1Char('\n'));
        const auto rowOf = [&](const QString& name) {
            for (int row = 0; row < rows.size(); ++row)
                if (rows[row].startsWith(name + QLatin1Char(' ')))
                    return row;
            return -1;
        };
        QVERIFY2(rowOf(QStringLiteral("logged")) >= 0, qPrintable(text.output));
        QVERIFY(rowOf(QStringLiteral("logged")) < rowOf(QStringLiteral("first-fit easy 2 cpus/node")));
        QVERIFY(rowOf(QStringLiteral("first-fit easy 2 cpus/node"))
                < rowOf(QStringLiteral("ta fcfs seed 3 2 cpus/node")));
        QVERIFY2(text.output.contains(QStringLiteral("this log has no node lists")), qPrintable(text.output));

        // Errors name the argument; an unknown machine lists those present.
        const Result unknown = run(
            QStringLiteral("placement"),
            {QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--machine"), QStringLiteral("nope")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.errors.contains(QStringLiteral("--machine 'nope'"))
                     && unknown.errors.contains(QStringLiteral("machines: seth")),
                 qPrintable(unknown.errors));
        const Result noDb = run(QStringLiteral("placement"),
                                {QStringLiteral("runs"), QStringLiteral("--machine"), QStringLiteral("seth")});
        QCOMPARE(noDb.exitCode, 2);
        QVERIFY2(noDb.errors.contains(QStringLiteral("--db")), qPrintable(noDb.errors));
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

    void explorerOpensTheMachineNamed()
    {
        // --machine picks a machine by its stored name: the run asked for is looked for
        // among that machine's runs (only cab has one here), and an unknown name is refused.
        QTemporaryDir dir;
        const QString demo = dir.filePath(QStringLiteral("demo.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), demo}).exitCode, 0);
        const Result simulated
            = run(QStringLiteral("placement"),
                  {QStringLiteral("simulate"), QStringLiteral("--db"), demo, QStringLiteral("--machine"),
                   QStringLiteral("cab"), QStringLiteral("--policy"), QStringLiteral("first-fit")});
        QVERIFY2(simulated.exitCode == 0, qPrintable(simulated.errors));
        const auto explorer = [&](const QString& machine) {
            return run(QStringLiteral("placement-explorer"),
                       {demo, QStringLiteral("--machine"), machine, QStringLiteral("--run"),
                        QStringLiteral("first-fit easy"), QStringLiteral("--startup-report")});
        };
        const Result cab = explorer(QStringLiteral("cab"));
        QVERIFY2(cab.exitCode == 0, qPrintable(cab.errors));
        QVERIFY2(cab.output.contains(QStringLiteral("first frame after")), qPrintable(cab.output));
        const Result torus = explorer(QStringLiteral("demo-torus"));
        QCOMPARE(torus.exitCode, 1);
        QVERIFY2(torus.errors.contains(QStringLiteral("machine 'demo-torus' has no run 'first-fit easy'")),
                 qPrintable(torus.errors));
        const Result unknown = explorer(QStringLiteral("nope"));
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.errors.contains(QStringLiteral("no machine called 'nope'")), qPrintable(unknown.errors));
    }

    void explorerOpensWithEveryJobListed()
    {
        // --all-jobs turns "Running at the cursor" off before the window shows (how the scale
        // benchmark measures the memory of every row listed), on a tree and on a torus.
        QTemporaryDir dir;
        const QString demo = dir.filePath(QStringLiteral("demo.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), demo}).exitCode, 0);
        for (const QString& machine : {QStringLiteral("cab"), QStringLiteral("demo-torus")}) {
            const Result result
                = run(QStringLiteral("placement-explorer"),
                      {demo, QStringLiteral("--machine"), machine, QStringLiteral("--all-jobs"),
                       QStringLiteral("--dock"), QStringLiteral("jobs"), QStringLiteral("--startup-report")});
            QVERIFY2(result.exitCode == 0, qPrintable(result.errors));
            QVERIFY2(result.output.contains(QStringLiteral("first frame after")), qPrintable(result.output));
        }
        const Result help = run(QStringLiteral("placement-explorer"), {QStringLiteral("--help")}, Graphics::None);
        QVERIFY2(help.output.contains(QStringLiteral("--all-jobs")), qPrintable(help.output));
    }

    void explorerKeepsTheUsersDemoDatabase()
    {
        // The explorer's copy of the demo, from an older demo version, with a machine the
        // user imported: it is theirs, and is opened as it is, not replaced.
        const QString folder = privateHome().filePath(QStringLiteral("data/PlacementExplorer/placement-explorer"));
        QVERIFY(QDir().mkpath(folder));
        const QString demo = folder + QStringLiteral("/demo.sqlite");
        QFile::remove(demo);
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), demo}).exitCode, 0);
        const QString log = QFINDTESTDATA("data/import/cluster.sacct");
        const Result imported
            = run(QStringLiteral("placement"),
                  {QStringLiteral("import"), QStringLiteral("--db"), demo, QStringLiteral("--topology"),
                   QStringLiteral("cab"), QStringLiteral("--machine"), QStringLiteral("mine"), log});
        QCOMPARE(imported.exitCode, 0);
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(demo.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "UPDATE meta SET value = '0' WHERE key = 'demo_version'", nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        const qint64 jobs = placement::test::rawInteger(demo, "SELECT count(*) FROM jobs");
        QVERIFY(placement::test::rawInteger(demo,
                                            "SELECT count(*) FROM jobs WHERE machine_id = "
                                            "(SELECT id FROM machines WHERE name = 'mine')")
                > 0);

        const QString png = QDir(folder).filePath(QStringLiteral("shot.png"));
        const Result result = run(QStringLiteral("placement-explorer"),
                                  {QStringLiteral("--demo"), QStringLiteral("--size"), QStringLiteral("640x480"),
                                   QStringLiteral("--screenshot"), png});
        QVERIFY2(result.exitCode == 0, qPrintable(result.errors));
        QCOMPARE(placement::test::rawInteger(demo, "SELECT count(*) FROM jobs"), jobs);
        QCOMPARE(placement::test::rawInteger(demo, "SELECT count(*) FROM machines WHERE name = 'mine'"), 1);
        QCOMPARE(placement::test::rawInteger(demo, "SELECT value FROM meta WHERE key = 'demo_version'"), 0);

        // `placement demo` onto it is refused, and changes nothing either.
        const Result again = run(QStringLiteral("placement"), {QStringLiteral("demo"), demo});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.errors.contains(QStringLiteral("not replaced"))
                     || again.errors.contains(QStringLiteral("already")),
                 qPrintable(again.errors));
        QCOMPARE(placement::test::rawInteger(demo, "SELECT count(*) FROM jobs"), jobs);
    }

    void writersWaitForEachOther()
    {
        // Another program holds the write lock of a real database file (and writes meanwhile): an import and a
        // simulation started then wait for it, say so, and succeed. Before, both failed at once with "database is
        // locked".
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("shared.sqlite"));
        QCOMPARE(run(QStringLiteral("placement"), {QStringLiteral("demo"), db}).exitCode, 0);
        const QString log = QFINDTESTDATA("data/import/cluster.sacct");
        const QStringList import{QStringLiteral("import"),
                                 QStringLiteral("--db"),
                                 db,
                                 QStringLiteral("--topology"),
                                 QStringLiteral("cab"),
                                 QStringLiteral("--machine"),
                                 QStringLiteral("second"),
                                 log};
        const QStringList simulate{
            QStringLiteral("simulate"),  QStringLiteral("--db"),   db,
            QStringLiteral("--machine"), QStringLiteral("cab"),    QStringLiteral("--policy"),
            QStringLiteral("ta"),        QStringLiteral("--json"), dir.filePath(QStringLiteral("ta.json"))};
        for (const QStringList& arguments : {import, simulate}) {
            sqlite3* other = nullptr;
            QCOMPARE(sqlite3_open(db.toUtf8().constData(), &other), SQLITE_OK);
            QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE; INSERT OR REPLACE INTO meta VALUES ('note', 'other writer')",
                                  nullptr, nullptr, nullptr),
                     SQLITE_OK);
            QProcess process;
            start(process, QStringLiteral("placement"), arguments);
            QVERIFY(process.waitForStarted());
            // The lock is held until the program says it waits (or ends, failing the test).
            QString errors;
            while (!errors.contains(QStringLiteral("another program is writing")) && !process.waitForFinished(100))
                errors += QString::fromUtf8(process.readAllStandardError());
            QCOMPARE(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(other);
            Result result = finish(process);
            errors += result.errors;
            QVERIFY2(result.exitCode == 0, qPrintable(errors));
            QVERIFY2(errors.contains(QStringLiteral("another program is writing")), qPrintable(errors));
        }
        QCOMPARE(placement::test::rawInteger(db, "SELECT count(*) FROM machines WHERE name = 'second'"), 1);
        QCOMPARE(placement::test::rawInteger(db, "SELECT count(*) FROM runs"), 1);

        // Two imports at once, each of its own machine: both are stored.
        QProcess first, second;
        start(first, QStringLiteral("placement"),
              {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
               QStringLiteral("cab"), QStringLiteral("--machine"), QStringLiteral("third"), log});
        start(second, QStringLiteral("placement"),
              {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
               QStringLiteral("cab"), QStringLiteral("--machine"), QStringLiteral("fourth"), log});
        const Result one = finish(first);
        const Result two = finish(second);
        QVERIFY2(one.exitCode == 0, qPrintable(one.errors));
        QVERIFY2(two.exitCode == 0, qPrintable(two.errors));
        QCOMPARE(placement::test::rawInteger(db, "SELECT count(*) FROM machines WHERE name IN ('third', 'fourth')"), 2);
    }

    void databasesAreCreatedWholeMarkedAndReadEverywhere()
    {
        QTemporaryDir dir;
        const QString log = QFINDTESTDATA("data/import/cluster.sacct");
        const QString trace = QFINDTESTDATA("data/import/hpc2n-head.swf");
        const QString placement = QStringLiteral("placement");

        // A failed import into a new database leaves no file behind (also in strict mode).
        const QString fresh = dir.filePath(QStringLiteral("fresh.sqlite"));
        const Result failed = run(placement,
                                  {QStringLiteral("import"), QStringLiteral("--db"), fresh, QStringLiteral("--machine"),
                                   QStringLiteral("nope"), log});
        QCOMPARE(failed.exitCode, 1);
        QVERIFY2(failed.errors.contains(fresh + QStringLiteral(": no machine called 'nope'")),
                 qPrintable(failed.errors));
        const Result strict
            = run(placement,
                  {QStringLiteral("import"), QStringLiteral("--db"), fresh, QStringLiteral("--topology"),
                   QStringLiteral("cab"), QStringLiteral("--strict"), log});
        QCOMPARE(strict.exitCode, 1);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList());

        // A new database is marked as ours; an SQLite file of another program is not taken
        // for one, by the command line or the explorer.
        const QString db = dir.filePath(QStringLiteral("seth.sqlite"));
        QCOMPARE(run(placement,
                     {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
                      QStringLiteral("torus extents=8x8"), QStringLiteral("--machine"), QStringLiteral("seth"), trace})
                     .exitCode,
                 0);
        // Built without a write-ahead log under another name, it appears whole, in the
        // write-ahead-log mode the explorer reads beside writers, and nothing else is left.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("seth.sqlite")});
        QCOMPARE(placement::test::rawText(db, "PRAGMA journal_mode"), QStringLiteral("wal"));
        QCOMPARE(placement::test::rawText(db, "PRAGMA integrity_check"), QStringLiteral("ok"));
        QCOMPARE(placement::test::rawInteger(db, "PRAGMA application_id"), std::int64_t(0x506C4578));
        const QString foreign = dir.filePath(QStringLiteral("foreign.sqlite"));
        sqlite3* other = nullptr;
        QCOMPARE(sqlite3_open(foreign.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other,
                              "PRAGMA application_id = 42; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); "
                              "INSERT INTO meta VALUES ('schema_version', '5')",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(other);
        for (const QString& program : {placement, QStringLiteral("placement-explorer")}) {
            const Result refused = run(
                program, program == placement ? QStringList{QStringLiteral("info"), foreign} : QStringList{foreign});
            QCOMPARE(refused.exitCode, 1);
            QVERIFY2(refused.errors.contains(QStringLiteral("not a Placement Explorer database")),
                     qPrintable(refused.errors));
        }
        QCOMPARE(placement::test::rawInteger(foreign, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"),
                 std::int64_t(1));

        // `simulate --json` to a path that cannot be written fails before the run is stored;
        // a run in which no job ran is not stored.
        const QStringList simulate{
            QStringLiteral("simulate"),  QStringLiteral("--db"),     db,
            QStringLiteral("--machine"), QStringLiteral("seth"),     QStringLiteral("--cpus-per-node"),
            QStringLiteral("2"),         QStringLiteral("--policy"), QStringLiteral("first-fit")};
        const QString badJson = dir.filePath(QStringLiteral("no/such/folder/run.json"));
        const Result bad = run(placement, simulate + QStringList{QStringLiteral("--json"), badJson});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.errors.contains(badJson), qPrintable(bad.errors));
        QCOMPARE(placement::test::rawInteger(db, "SELECT count(*) FROM runs"), std::int64_t(0));
        const Result empty = run(placement,
                                 simulate
                                     + QStringList{QStringLiteral("--from"), QStringLiteral("2030-01-01"),
                                                   QStringLiteral("--to"), QStringLiteral("2030-01-02")});
        QCOMPARE(empty.exitCode, 0);
        QCOMPARE(placement::test::rawInteger(db, "SELECT count(*) FROM runs"), std::int64_t(0));

        // A database in a folder the user may not write to can still be read.
        const QString folder = dir.filePath(QStringLiteral("read-only"));
        QVERIFY(QDir().mkpath(folder));
        const QString shared = folder + QStringLiteral("/seth.sqlite");
        QVERIFY(QFile::copy(db, shared));
        const auto readable = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther;
        const auto traversable = QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
        QVERIFY(QFile::setPermissions(dir.path(), readable | traversable | QFile::WriteOwner));
        QVERIFY(QFile::setPermissions(folder, readable | traversable));
        QVERIFY(QFile::setPermissions(shared, readable));
        QProcess info;
        if (geteuid() == 0) // root writes anywhere: read as another user
            info.start(QStringLiteral("setpriv"),
                       {QStringLiteral("--reuid=nobody"), QStringLiteral("--regid=nogroup"),
                        QStringLiteral("--clear-groups"), QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                        QStringLiteral("info"), shared});
        else
            start(info, placement, {QStringLiteral("info"), shared});
        const Result read = finish(info);
        QVERIFY(QFile::setPermissions(folder, readable | traversable | QFile::WriteOwner));
        QVERIFY2(read.exitCode == 0, qPrintable(read.errors));
        QVERIFY2(read.output.contains(QStringLiteral("seth: 2D torus 8x8")), qPrintable(read.output));
        QVERIFY(!QFile::exists(shared + QStringLiteral("-wal")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
