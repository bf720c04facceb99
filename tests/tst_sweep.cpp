// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Sweeps (services/Sweep.h, `placement sweep`): the cross product less exclusions, stable
// point ids, resuming after a stop or a kill, and the same runs whatever the number of
// workers, on a real trace (tests/data/traces/hpc2n.swf) in real database files.

#include "importers/JobImport.h"
#include "services/Sweep.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/StoredRuns.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace placement;
using placement::test::storedRuns;

namespace {

const std::string kVersion = "test-version";

/// A database with the HPC2N trace on a 1,024-node fat-tree, jobs of the first four months.
std::string importedDatabase(const QTemporaryDir& dir, const QString& name)
{
    const std::string path = dir.filePath(name).toStdString();
    Store store = Store::openOrCreate(path);
    ImportRequest request;
    request.files = {QFINDTESTDATA("data/traces/hpc2n.swf").toStdString()};
    request.machine = "hpc2n";
    request.topology = "jigsaw-1024";
    importJobLogs(store, request);
    return path;
}

SweepTarget grid(const std::string& database)
{
    SweepTarget target;
    target.database = database;
    target.base.machine = "hpc2n";
    target.base.cpusPerNode = 2;
    target.base.transform.to = 1'030'000'000; // the first weeks of the trace: a quick replay
    target.dimensions = {{"policy", {"first-fit", "ta", "jigsaw"}}, {"speedup", {"none", "v2"}}, {"seed", {"1", "2"}}};
    target.exclusions = {{{"policy", "first-fit"}, {"speedup", "v2"}}};
    return target;
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private slots:
    void crossProductLessExclusions()
    {
        QTemporaryDir dir;
        const std::vector<SweepPoint> points = expandSweep({grid(importedDatabase(dir, "a.sqlite"))}, kVersion);
        // 3 policies x 2 speed-ups x 2 seeds, less first-fit under v2 (2 points).
        QCOMPARE(points.size(), size_t(10));
        std::set<std::string> ids, combinations;
        for (const SweepPoint& point : points) {
            ids.insert(point.id);
            combinations.insert(point.values.at("policy") + point.values.at("speedup") + point.values.at("seed"));
            QVERIFY(!(point.values.at("policy") == "first-fit" && point.values.at("speedup") == "v2"));
            QCOMPARE(point.setup.allocator.policy, point.values.at("policy"));
            QCOMPARE(point.setup.allocator.seed, std::stoull(point.values.at("seed")));
            QCOMPARE(point.setup.transform.speedup.name(), point.values.at("speedup"));
        }
        QCOMPARE(ids.size(), size_t(10));
        QCOMPARE(combinations.size(), size_t(10));
    }

    void pointIdsAreStableAndSayWhatChanged()
    {
        QTemporaryDir dir;
        const std::string a = importedDatabase(dir, "a.sqlite");
        const std::string b = importedDatabase(dir, "b.sqlite");
        const auto ids = [](const std::vector<SweepPoint>& points) {
            std::vector<std::string> list;
            for (const SweepPoint& point : points)
                list.push_back(point.id);
            return list;
        };
        const std::vector<std::string> first = ids(expandSweep({grid(a)}, kVersion));
        // The same parameters on the same jobs, in another file: the same ids.
        QCOMPARE(ids(expandSweep({grid(b)}, kVersion)), first);
        // Another program version: other ids.
        const std::vector<std::string> other = ids(expandSweep({grid(a)}, "other-version"));
        for (size_t i = 0; i < first.size(); ++i)
            QVERIFY(first[i] != other[i]);
        // Other jobs (a shorter span): other ids.
        SweepTarget shorter = grid(a);
        shorter.base.transform.to = 1'029'000'000;
        QVERIFY(ids(expandSweep({shorter}, kVersion)) != first);
        // A parameter not swept but set differently: other ids.
        SweepTarget window = grid(a);
        window.base.options.window = 10;
        const std::vector<std::string> windowed = ids(expandSweep({window}, kVersion));
        for (size_t i = 0; i < first.size(); ++i)
            QVERIFY(first[i] != windowed[i]);
    }

    void badParametersAreNamed_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown parameter") << "colour"
                                           << "red"
                                           << "'colour' cannot be swept";
        QTest::newRow("unknown policy") << "policy"
                                        << "best"
                                        << "unknown policy 'best'";
        QTest::newRow("window") << "window"
                                << "many"
                                << "window needs a whole number";
        QTest::newRow("backfill") << "backfill"
                                  << "lifo"
                                  << "backfill: 'lifo'";
    }

    void badParametersAreNamed()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir;
        SweepTarget target = grid(importedDatabase(dir, "a.sqlite"));
        target.dimensions.emplace_back(name.toStdString(), std::vector<std::string>{value.toStdString()});
        try {
            expandSweep({target}, kVersion);
            QFAIL("accepted");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
        }
    }

    void resumesAfterAStopWithoutDoubling()
    {
        QTemporaryDir dir;
        const std::vector<SweepTarget> targets{grid(importedDatabase(dir, "a.sqlite"))};
        const std::vector<SweepPoint> points = expandSweep(targets, kVersion);
        std::atomic<bool> stop{false};
        SweepOptions options;
        options.version = kVersion;
        options.workers = 2;
        options.stop = &stop;
        const auto firstPass
            = runSweep(targets, points, options, [&](const SweepPointOutcome&, const SweepProgress& p) {
                  if (p.finished >= 3)
                      stop = true;
              });
        int stored = 0;
        for (const SweepPointOutcome& outcome : firstPass)
            stored += outcome.state == SweepPointOutcome::State::Stored;
        QVERIFY2(stored >= 3 && stored < 10, qPrintable(QString::number(stored)));
        QCOMPARE(storedRuns(targets[0].database).size(), size_t(stored));

        stop = false;
        const auto secondPass = runSweep(targets, points, options);
        int before = 0, now = 0;
        for (const SweepPointOutcome& outcome : secondPass) {
            before += outcome.state == SweepPointOutcome::State::AlreadyStored;
            now += outcome.state == SweepPointOutcome::State::Stored;
        }
        QCOMPARE(before, stored);
        QCOMPARE(now, 10 - stored);
        const auto runs = storedRuns(targets[0].database);
        QCOMPARE(runs.size(), size_t(10));
        std::set<std::string> pointIds;
        for (const auto& [name, run] : runs) {
            QVERIFY2(QString::fromStdString(name).startsWith(QLatin1String("sweep: ")), name.c_str());
            pointIds.insert(run.substr(0, run.find('|')));
        }
        QCOMPARE(pointIds.size(), size_t(10));
    }

    void oneWorkerOrTwoStoreTheSameRuns()
    {
        QTemporaryDir dir;
        const std::vector<SweepTarget> one{grid(importedDatabase(dir, "one.sqlite"))};
        const std::vector<SweepTarget> two{grid(importedDatabase(dir, "two.sqlite"))};
        SweepOptions options;
        options.version = kVersion;
        options.workers = 1;
        runSweep(one, expandSweep(one, kVersion), options);
        options.workers = 2;
        runSweep(two, expandSweep(two, kVersion), options);
        const auto a = storedRuns(one[0].database);
        const auto b = storedRuns(two[0].database);
        QCOMPARE(a.size(), size_t(10));
        QVERIFY(a == b); // names, point ids and every placement
    }

    void commandResumesAfterAKill()
    {
        QTemporaryDir dir;
        const QString database = QString::fromStdString(importedDatabase(dir, "k.sqlite"));
        const QString placement = QStringLiteral(PLACEMENT_BIN_DIR "/placement");
        const QStringList arguments{QStringLiteral("sweep"),
                                    QStringLiteral("--db"),
                                    database,
                                    QStringLiteral("--machine"),
                                    QStringLiteral("hpc2n"),
                                    QStringLiteral("--policy"),
                                    QStringLiteral("first-fit,ta,jigsaw,laas"),
                                    QStringLiteral("--seed"),
                                    QStringLiteral("1,2,3"),
                                    QStringLiteral("--cpus-per-node"),
                                    QStringLiteral("2"),
                                    QStringLiteral("--jobs"),
                                    QStringLiteral("1")};
        QProcess sweep;
        sweep.start(placement, arguments);
        QVERIFY(sweep.waitForStarted());
        // Killed as soon as it reports its first stored run.
        QByteArray errors;
        while (!errors.contains("stored as run") && sweep.state() == QProcess::Running) {
            sweep.waitForReadyRead(100);
            errors += sweep.readAllStandardError();
        }
        sweep.kill();
        sweep.waitForFinished();
        const size_t afterKill = storedRuns(database.toStdString()).size();
        QVERIFY2(afterKill >= 1 && afterKill < 12, errors.constData());

        QProcess resume;
        resume.start(placement, arguments);
        QVERIFY(resume.waitForFinished(600'000));
        const QByteArray report = resume.readAllStandardError();
        QVERIFY2(resume.exitCode() == 0, report.constData());
        QVERIFY2(report.contains(QByteArray::number(qulonglong(afterKill)) + " stored before"), report.constData());
        QCOMPARE(storedRuns(database.toStdString()).size(), size_t(12));
    }

    void commandNamesBadArguments_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("exclusion of an unknown parameter")
            << QStringList{QStringLiteral("--exclude"), QStringLiteral("colour=red")} << "'colour' is not a parameter";
        QTest::newRow("malformed exclusion")
            << QStringList{QStringLiteral("--exclude"), QStringLiteral("ta")} << "expected PARAMETER=VALUE";
        QTest::newRow("unknown machine") << QStringList{} << "no machine named 'nowhere'";
    }

    void commandNamesBadArguments()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString database = QString::fromStdString(importedDatabase(dir, "e.sqlite"));
        QProcess sweep;
        const bool unknownMachine = extra.isEmpty();
        sweep.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                    QStringList{QStringLiteral("sweep"), QStringLiteral("--db"), database, QStringLiteral("--machine"),
                                unknownMachine ? QStringLiteral("nowhere") : QStringLiteral("hpc2n"),
                                QStringLiteral("--policy"), QStringLiteral("first-fit,ta")}
                        + extra);
        QVERIFY(sweep.waitForFinished(60'000));
        const QString errors = QString::fromUtf8(sweep.readAllStandardError());
        QVERIFY2(sweep.exitCode() != 0, qPrintable(errors));
        QVERIFY2(errors.contains(message), qPrintable(errors));
        QCOMPARE(storedRuns(database.toStdString()).size(), size_t(0));
    }

    void planFileSweepsSeveralTargets()
    {
        QTemporaryDir dir;
        importedDatabase(dir, "p.sqlite");
        QFile plan(dir.filePath(QStringLiteral("plan.json")));
        QVERIFY(plan.open(QIODevice::WriteOnly));
        plan.write(R"({"name": "policies",
                       "targets": [{"db": "p.sqlite", "machine": "hpc2n", "cpus-per-node": 2,
                                    "policy": ["first-fit", "ta"], "seed": [1, 2]}],
                       "exclude": [{"policy": "ta", "seed": 2}]})");
        plan.close();
        QProcess sweep;
        sweep.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                    {QStringLiteral("sweep"), QStringLiteral("--plan"), plan.fileName(), QStringLiteral("--jobs"),
                     QStringLiteral("2")});
        QVERIFY(sweep.waitForFinished(600'000));
        QVERIFY2(sweep.exitCode() == 0, sweep.readAllStandardError().constData());
        const auto runs = storedRuns(dir.filePath(QStringLiteral("p.sqlite")).toStdString());
        QCOMPARE(runs.size(), size_t(3));
        for (const auto& [name, run] : runs)
            QVERIFY2(QString::fromStdString(name).startsWith(QLatin1String("policies: ")), name.c_str());
        QVERIFY(!runs.count("policies: ta easy seed 2"));

        // placement runs --sweep: the logged run and the sweep's runs, a column per parameter.
        const auto listRuns = [&](const QStringList& extra) {
            QProcess list;
            list.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                       QStringList{QStringLiteral("runs"), QStringLiteral("--db"),
                                   dir.filePath(QStringLiteral("p.sqlite")), QStringLiteral("--machine"),
                                   QStringLiteral("hpc2n")}
                           + extra);
            list.waitForFinished(60'000);
            return QString::fromUtf8(list.readAllStandardOutput() + list.readAllStandardError());
        };
        const QStringList csv
            = listRuns({QStringLiteral("--sweep"), QStringLiteral("policies"), QStringLiteral("--csv")})
                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(csv.size(), 1 + 1 + 3); // header, logged, the sweep's runs
        const int sweepColumn = static_cast<int>(csv[0].split(QLatin1Char(',')).indexOf(QStringLiteral("sweep")));
        QVERIFY(sweepColumn > 0);
        for (int row = 2; row < csv.size(); ++row)
            QCOMPARE(csv[row].split(QLatin1Char(','))[sweepColumn], QStringLiteral("policies"));
        QVERIFY(listRuns({QStringLiteral("--sweep"), QStringLiteral("other")})
                    .contains(QLatin1String("no run of that sweep")));
    }

    /// A sweep that meets a point another sweep stored does not store it again: the run
    /// belongs to both, and each sweep lists all of its points (placement runs --sweep).
    void aPointStoredByAnotherSweepBelongsToBoth()
    {
        QTemporaryDir dir;
        const std::string database = importedDatabase(dir, "s.sqlite");
        const auto sweep = [&](const QString& name, const QString& policies) {
            QProcess process;
            process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                          {QStringLiteral("sweep"), QStringLiteral("--db"), QString::fromStdString(database),
                           QStringLiteral("--machine"), QStringLiteral("hpc2n"), QStringLiteral("--cpus-per-node"),
                           QStringLiteral("2"), QStringLiteral("--to"), QStringLiteral("1030000000"),
                           QStringLiteral("--name"), name, QStringLiteral("--policy"), policies,
                           QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--jobs"),
                           QStringLiteral("2")});
            QVERIFY(process.waitForFinished(600'000));
            QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        };
        const auto listed = [&](const QString& name) {
            QProcess list;
            list.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"),
                       {QStringLiteral("runs"), QStringLiteral("--db"), QString::fromStdString(database),
                        QStringLiteral("--machine"), QStringLiteral("hpc2n"), QStringLiteral("--sweep"), name,
                        QStringLiteral("--json")});
            list.waitForFinished(60'000);
            std::map<QString, QStringList> runs; // run name -> its sweeps
            for (const QJsonValue run : QJsonDocument::fromJson(list.readAllStandardOutput())
                                            .object()
                                            .value(QLatin1String("runs"))
                                            .toArray()) {
                if (run.toObject().value(QLatin1String("logged")).toBool())
                    continue;
                QStringList sweeps;
                for (const QJsonValue member : run.toObject().value(QLatin1String("sweeps")).toArray())
                    sweeps << member.toString();
                runs[run.toObject().value(QLatin1String("name")).toString()] = sweeps;
            }
            return runs;
        };
        sweep(QStringLiteral("first"), QStringLiteral("first-fit,ta"));
        sweep(QStringLiteral("second"), QStringLiteral("ta,jigsaw"));
        QCOMPARE(storedRuns(database).size(), size_t(3)); // ta seed 1 once
        const auto first = listed(QStringLiteral("first"));
        const auto second = listed(QStringLiteral("second"));
        QCOMPARE(first.size(), size_t(2));
        QCOMPARE(second.size(), size_t(2));
        // Run names: "SWEEP: POLICY easy 2 cpus/node to 1030000000".
        const auto named = [](const std::map<QString, QStringList>& runs, const QString& prefix) {
            for (const auto& [name, sweeps] : runs)
                if (name.startsWith(prefix))
                    return name;
            return QString();
        };
        const QString shared = named(first, QStringLiteral("first: ta "));
        QVERIFY(!shared.isEmpty());
        QVERIFY(second.count(shared));
        QCOMPARE(second.at(shared), (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
        QVERIFY(!named(second, QStringLiteral("second: jigsaw ")).isEmpty());
        QCOMPARE(first.at(named(first, QStringLiteral("first: first-fit "))), QStringList{QStringLiteral("first")});

        // Again: nothing stored, nothing joined twice.
        sweep(QStringLiteral("second"), QStringLiteral("ta,jigsaw"));
        QCOMPARE(storedRuns(database).size(), size_t(3));
        QCOMPARE(listed(QStringLiteral("second")), second);

        // Deleting the run takes it out of both sweeps.
        Store store = Store::openExisting(database);
        const std::int64_t machine = store.machine("hpc2n")->id;
        for (const RunRecord& run : runs(store, machine))
            if (run.name == shared.toStdString())
                deleteRun(store, run.id);
        QCOMPARE(listed(QStringLiteral("second")).size(), size_t(1));
        QCOMPARE(listed(QStringLiteral("first")).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
