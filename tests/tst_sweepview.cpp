// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Sweeps in the explorer: the Runs dock groups runs by sweep and filters them by parameter,
// the sweep chart draws the numbers `placement runs --sweep NAME --json` prints, and the
// Simulate dialog starts a sweep whose runs are those of `placement sweep` for the same
// points. Real database files, the real `placement` command, real widgets.

#include "app/ChartsDock.h"
#include "app/ExplorerSession.h"
#include "app/ExportActions.h"
#include "app/Exporter.h"
#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/RunsDock.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "core/MachineSpec.h"
#include "core/Topology.h"
#include "importers/JobImport.h"
#include "services/LoggedRun.h"
#include "services/Simulation.h"
#include "services/Sweep.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/StoredRuns.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace placement;
using namespace placement::test;

namespace {

const QString kPlacement = QStringLiteral(PLACEMENT_BIN_DIR "/placement");

/// A database with the head of the HPC2N trace on a small fat-tree (machine "seth").
QString importedDatabase(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    Store store = Store::openOrCreate(path.toStdString());
    ImportRequest request;
    request.files = {QFINDTESTDATA("data/import/hpc2n-head.swf").toStdString()};
    request.machine = "seth";
    request.topology = "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8";
    importJobLogs(store, request);
    return path;
}

/// What `placement ARGUMENTS` writes on its standard output; nothing when it fails.
std::optional<QByteArray> runPlacement(const QStringList& arguments)
{
    QProcess process;
    process.start(kPlacement, arguments);
    if (!process.waitForFinished(300000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        qWarning() << arguments << process.readAllStandardError();
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

QStringList sweepArguments(const QString& db, const QString& name, const QString& policies, const QString& speedups,
                           const QString& seeds)
{
    return {QStringLiteral("sweep"),
            QStringLiteral("--db"),
            db,
            QStringLiteral("--machine"),
            QStringLiteral("seth"),
            QStringLiteral("--name"),
            name,
            QStringLiteral("--cpus-per-node"),
            QStringLiteral("2"),
            QStringLiteral("--policy"),
            policies,
            QStringLiteral("--speedup"),
            speedups,
            QStringLiteral("--seed"),
            seeds,
            QStringLiteral("--jobs"),
            QStringLiteral("2")};
}

/// The rows of the Runs dock as it shows them: the run names.
QStringList shownNames(const QAbstractItemModel& model)
{
    QStringList names;
    for (int row = 0; row < model.rowCount(); ++row)
        names << model.index(row, RunTableModel::NameColumn).data().toString();
    return names;
}

} // namespace

class TestSweepView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_sweepview"));
        QVERIFY2(QFile::exists(kPlacement), qPrintable(kPlacement));
    }

    // Each sweep's runs together after the runs outside any sweep, the logged run first; a
    // sweep and a parameter value pick rows, and the logged run stays first whatever the sort.
    void runsAreGroupedBySweepAndFiltered()
    {
        const QString db = importedDatabase(m_dir, QStringLiteral("grouped.sqlite"));
        // A run outside any sweep, then two sweeps, then another run outside any.
        {
            Store store = Store::openExisting(db.toStdString());
            SimulationSetup setup;
            setup.machine = "seth";
            setup.cpusPerNode = 2;
            setup.allocator.policy = "first-fit";
            runStoredSimulation(store, setup, "test");
        }
        QVERIFY(runPlacement(sweepArguments(db, QStringLiteral("alpha"), QStringLiteral("first-fit,ta"),
                                            QStringLiteral("none"), QStringLiteral("1,2")))
                    .has_value());
        // Seed 3: a point alpha stored already (same parameters, same jobs) is not stored again.
        QVERIFY(runPlacement(sweepArguments(db, QStringLiteral("beta"), QStringLiteral("ta"), QStringLiteral("none,v2"),
                                            QStringLiteral("3")))
                    .has_value());
        Store store = Store::openExisting(db.toStdString());
        {
            SimulationSetup setup;
            setup.machine = "seth";
            setup.cpusPerNode = 2;
            setup.allocator.policy = "ta";
            setup.runName = "late";
            runStoredSimulation(store, setup, "test");
        }
        const MachineRecord seth = *store.machine("seth");
        // Stored order interleaved: beta's, alpha's, the others'.
        std::vector<RunRecord> rows{loggedRun(store, seth)};
        std::vector<RunRecord> stored = runs(store, seth.id);
        QCOMPARE(stored.size(), size_t(8));
        std::reverse(stored.begin(), stored.end());
        rows.insert(rows.end(), stored.begin(), stored.end());

        RunTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(rows);
        QCOMPARE(model.rowCount(), 9);
        QCOMPARE(model.run(0).id, std::int64_t(0));
        QStringList sweeps;
        for (int row = 0; row < model.rowCount(); ++row)
            sweeps << model.index(row, RunTableModel::SweepColumn).data().toString();
        // Logged, the two runs outside any sweep, then beta's 2 runs, then alpha's 4 (beta's came first).
        QCOMPARE(sweeps, (QStringList{{}, {}, {}, "beta", "beta", "alpha", "alpha", "alpha", "alpha"}));
        QCOMPARE(model.sweeps(), (QStringList{"beta", "alpha"}));
        QCOMPARE(model.parameterValues(QStringLiteral("policy"), QStringLiteral("alpha")),
                 (QStringList{"first-fit", "ta"}));
        QCOMPARE(model.parameterValues(QStringLiteral("seed"), QStringLiteral("alpha")), (QStringList{"1", "2"}));

        RunFilterModel filtered(&model);
        QAbstractItemModelTester filteredTester(&filtered, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(filtered.rowCount(), 9);
        filtered.setFilter({QStringLiteral("alpha"), {}, {}});
        QCOMPARE(filtered.rowCount(), 5);
        QCOMPARE(filtered.index(0, 0).data(RunTableModel::RunIdRole).toLongLong(), 0);
        for (int row = 1; row < 5; ++row)
            QCOMPARE(filtered.index(row, RunTableModel::SweepColumn).data().toString(), QStringLiteral("alpha"));
        filtered.setFilter({QStringLiteral("alpha"), QStringLiteral("policy"), QStringLiteral("ta")});
        QCOMPARE(filtered.rowCount(), 3);
        for (int row = 1; row < 3; ++row)
            QCOMPARE(filtered.index(row, RunTableModel::PolicyColumn).data().toString(), QStringLiteral("ta"));
        // Without a sweep, the policy picks runs in and outside sweeps alike.
        filtered.setFilter({{}, QStringLiteral("policy"), QStringLiteral("ta")});
        QStringList names = shownNames(filtered);
        QCOMPARE(names.size(), 1 + 1 + 2 + 2); // logged, "late", beta's two, alpha's two
        QVERIFY(names.contains(QStringLiteral("late")));
        // Sorted either way, the logged run stays first.
        filtered.setFilter({});
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            filtered.sort(RunTableModel::UtilizationColumn, order);
            QCOMPARE(filtered.index(0, 0).data(RunTableModel::RunIdRole).toLongLong(), 0);
            for (int row = 2; row < filtered.rowCount(); ++row) {
                const double previous = filtered.index(row - 1, RunTableModel::UtilizationColumn)
                                            .data(RunTableModel::SortRole)
                                            .toDouble();
                const double value
                    = filtered.index(row, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble();
                QVERIFY(order == Qt::AscendingOrder ? previous <= value : previous >= value);
            }
        }

        // In the window: the dock's pickers set the session's filter and follow it.
        MainWindow window;
        window.resize(1400, 900);
        QVERIFY(window.openDatabase(db));
        auto* dock = qobject_cast<RunsDock*>(window.runsDock());
        QVERIFY(dock);
        QCOMPARE(dock->table()->model()->rowCount(), 9);
        QCOMPARE(dock->sweepBox()->count(), 3); // all runs, beta, alpha
        dock->sweepBox()->setCurrentIndex(dock->sweepBox()->findData(QStringLiteral("alpha")));
        emit dock->sweepBox()->activated(dock->sweepBox()->currentIndex());
        QCOMPARE(window.session()->runFilter().sweep, QStringLiteral("alpha"));
        QCOMPARE(dock->table()->model()->rowCount(), 5);
        window.session()->setRunFilter({QStringLiteral("alpha"), QStringLiteral("seed"), QStringLiteral("2")});
        QCOMPARE(dock->parameterBox()->currentData().toString(), QStringLiteral("seed"));
        QCOMPARE(dock->valueBox()->currentText(), QStringLiteral("2"));
        QCOMPARE(dock->table()->model()->rowCount(), 3);
        QCOMPARE(dock->countText(), QStringLiteral("2 of 8 simulated runs shown"));
        saveScreenshot(window, window.runsDock(), QStringLiteral("runs-dock-filtered.png"));
        window.session()->setRunFilter({});
        QCOMPARE(dock->table()->model()->rowCount(), 9);
        saveScreenshot(window, window.runsDock(), QStringLiteral("runs-dock-grouped.png"));
    }

    // The chart's bars are the numbers `placement runs --sweep NAME --json` prints, its CSV
    // too, with units in the column names.
    void chartHasTheNumbersOfTheCommandLine()
    {
        const QString db = importedDatabase(m_dir, QStringLiteral("chart.sqlite"));
        QVERIFY(runPlacement(sweepArguments(db, QStringLiteral("grid"), QStringLiteral("first-fit,ta,random"),
                                            QStringLiteral("none,v2"), QStringLiteral("1")))
                    .has_value());
        const QByteArray json = *runPlacement(
            {QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--machine"), QStringLiteral("seth"),
             QStringLiteral("--sweep"), QStringLiteral("grid"), QStringLiteral("--json")});
        const QJsonArray listed = QJsonDocument::fromJson(json).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(listed.size(), 7); // the logged run and 6 points

        MainWindow window;
        window.resize(1600, 1000);
        QVERIFY(window.openDatabase(db));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.session()->setRunFilter({QStringLiteral("grid"), {}, {}});
        ChartsDock* charts = window.chartsDock();
        charts->show();
        charts->setCurrentChart(ChartsDock::SweepChart);
        // By default: along the axis the policy, one series per speed-up (what differs).
        QCOMPARE(charts->sweepXBox()->currentData().toString(), QStringLiteral("policy"));
        QCOMPARE(charts->sweepSeriesBox()->currentData().toString(), QStringLiteral("speedup"));

        for (const char* metric : {"utilization", "mean_wait", "mean_bounded_slowdown", "mean_aph", "makespan"}) {
            charts->setSweepAxes(QLatin1String(metric), QStringLiteral("policy"), QStringLiteral("speedup"));
            const SweepChartData& data = charts->sweepData();
            QCOMPARE(data.runs, 6);
            QCOMPARE(data.categories, (QStringList{"first-fit", "random", "ta"}));
            QCOMPARE(data.lines.size(), size_t(2));
            const auto bars = charts->chartView(ChartsDock::SweepChart)->chart()->series();
            QCOMPARE(bars.size(), 1);
            const auto sets = qobject_cast<QBarSeries*>(bars.front())->barSets();
            QCOMPARE(sets.size(), 2);
            const double scale = QLatin1String(metric) == QLatin1String("utilization") ? 100
                : QLatin1String(metric) == QLatin1String("mean_wait")
                    || QLatin1String(metric) == QLatin1String("makespan")
                ? 1 / 3600.0
                : 1;
            for (const QJsonValue& value : listed) {
                const QJsonObject run = value.toObject();
                if (run.value(QStringLiteral("logged")).toBool())
                    continue;
                const QJsonObject parameters = run.value(QStringLiteral("parameters")).toObject();
                const auto category = static_cast<size_t>(
                    data.categories.indexOf(parameters.value(QStringLiteral("policy")).toString()));
                const QString speedup = parameters.value(QStringLiteral("speedup")).toString();
                const size_t line = data.lines[0].value == speedup ? 0 : 1;
                QCOMPARE(data.lines[line].value, speedup);
                QCOMPARE(data.lines[line].runs[category], 1);
                const double expected
                    = run.value(QStringLiteral("summary")).toObject().value(QLatin1String(metric)).toDouble();
                QCOMPARE(data.lines[line].mean(category), expected);
                QCOMPARE(sets[static_cast<qsizetype>(line)]->at(static_cast<qsizetype>(category)), expected * scale);
            }
        }

        // Utilization per policy, one series per speed-up: the CSV's numbers are the summary's.
        charts->setSweepAxes(QStringLiteral("utilization"), QStringLiteral("policy"), QStringLiteral("speedup"));
        const QStringList csv = sweepChartCsv(charts->sweepData()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(csv.front(), QStringLiteral("policy,speedup,utilization_fraction_mean,runs"));
        QCOMPARE(csv.size(), 7);
        for (const QJsonValue& value : listed) {
            const QJsonObject run = value.toObject();
            if (run.value(QStringLiteral("logged")).toBool())
                continue;
            const QJsonObject parameters = run.value(QStringLiteral("parameters")).toObject();
            const QString line = QStringLiteral("%1,%2,%3,1")
                                     .arg(parameters.value(QStringLiteral("policy")).toString(),
                                          parameters.value(QStringLiteral("speedup")).toString(),
                                          QString::number(run.value(QStringLiteral("summary"))
                                                              .toObject()
                                                              .value(QStringLiteral("utilization"))
                                                              .toDouble(),
                                                          'f', QLocale::FloatingPointShortest));
            QVERIFY2(csv.contains(line), qPrintable(line));
        }
        // Mean wait against the speed-up in one series: each bar is the mean of the three policies' runs.
        charts->setSweepAxes(QStringLiteral("mean_wait"), QStringLiteral("speedup"), QString());
        QCOMPARE(charts->sweepData().lines.size(), size_t(1));
        QCOMPARE(charts->sweepData().lines[0].runs, (std::vector<int>{3, 3}));
        charts->setSweepAxes(QStringLiteral("utilization"), QStringLiteral("policy"), QStringLiteral("speedup"));
        QTest::qWait(100);
        // Exported like the other charts: SVG with its texts as text, PNG.
        QChartView* view = charts->currentChartView();
        QCOMPARE(view, charts->chartView(ChartsDock::SweepChart));
        QString error;
        const QString svg = m_dir.filePath(QStringLiteral("sweep.svg"));
        QVERIFY2(saveChartSvg(*view, svg, &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QStringLiteral("first-fit")));
        QVERIFY(text.contains(QStringLiteral("Speed-up v2")));
        const QString png = m_dir.filePath(QStringLiteral("sweep.png"));
        QVERIFY2(saveChartPng(*view, png, 2, &error), qPrintable(error));
        QVERIFY(!QImage(png).isNull());
        // Captioned (File › Export › Caption Chart and Gantt Images): the band names the sweep's runs.
        const ImageCaption caption = window.findChild<ExportActions*>()->chartCaption(true);
        QVERIFY(!charts->sweepTitle().isEmpty());
        QCOMPARE(caption.run, charts->sweepTitle());
        const QString captionedSvg = m_dir.filePath(QStringLiteral("sweep-captioned.svg"));
        QVERIFY2(saveChartSvg(*view, captionedSvg, &error, caption), qPrintable(error));
        QFile captioned(captionedSvg);
        QVERIFY(captioned.open(QIODevice::ReadOnly));
        const QString captionedText = QString::fromUtf8(captioned.readAll());
        QVERIFY(captionedText.contains(QStringLiteral("run: ") + caption.run.toHtmlEscaped()));
        QVERIFY(!text.contains(QStringLiteral("run: ")));
        saveScreenshot(window, charts, QStringLiteral("sweep-chart.png"));
    }

    // The dialog's sweep, run here as a task of the Tasks dock, stores the runs `placement
    // sweep` stores for the same points (compared field by field, in two databases); its
    // Slurm choice is disabled, saying why, where sbatch is not on the PATH.
    void dialogStartsTheSweepOfTheCommandLine()
    {
        const QString here = importedDatabase(m_dir, QStringLiteral("dialog.sqlite"));
        const QString cli = importedDatabase(m_dir, QStringLiteral("cli.sqlite"));
        MainWindow window;
        QVERIFY(window.openDatabase(here));
        const MachineData* machine = window.session()->machine();
        QVERIFY(machine);
        SimulateDialog dialog(machine->record.name, *machine->topology);
        dialog.setWorkload(here, machine->record.id);
        dialog.findChild<QSpinBox*>(QStringLiteral("cpusPerNode"))->setValue(2);
        dialog.findChild<QGroupBox*>(QStringLiteral("sweep"))->setChecked(true);
        dialog.findChild<QLineEdit*>(QStringLiteral("sweepPolicies"))->setText(QStringLiteral("first-fit, ta"));
        dialog.findChild<QLineEdit*>(QStringLiteral("sweepSpeedups"))->setText(QStringLiteral("none,v2"));
        dialog.findChild<QLineEdit*>(QStringLiteral("sweepSeeds"))->setText(QStringLiteral("1,2"));
        dialog.findChild<QLineEdit*>(QStringLiteral("sweepName"))->setText(QStringLiteral("fromdialog"));
        dialog.findChild<QSpinBox*>(QStringLiteral("sweepWorkers"))->setValue(2);
        const std::optional<SweepRequest> request = dialog.sweepRequest();
        QVERIFY(request);
        QVERIFY(!request->slurm);
        QCOMPARE(request->target.dimensions.size(), size_t(3));

        QSignalSpy ended(window.tasksDock(), &TaskListDock::taskEnded);
        QSignalSpy runsChanged(window.session(), &ExplorerSession::runsChanged);
        const int task = window.startSweep(*request);
        QVERIFY(ended.wait(300000));
        QVERIFY2(window.tasksDock()->taskText(task).contains(QStringLiteral("8 stored")),
                 qPrintable(window.tasksDock()->taskText(task)));
        QVERIFY(runsChanged.count() >= 1);
        QCOMPARE(window.session()->runs().size(), size_t(8));
        QCOMPARE(window.session()->runFilter().sweep, QStringLiteral("fromdialog"));
        QCOMPARE(window.runsDock()->findChild<QTableView*>()->model()->rowCount(), 9);

        // The same sweep by the command line the dialog would hand to Slurm, run here.
        QStringList arguments = request->commandLine();
        arguments[arguments.indexOf(QStringLiteral("--db")) + 1] = cli;
        QVERIFY(runPlacement(arguments).has_value());
        const auto dialogRuns = storedRuns(here.toStdString());
        const auto cliRuns = storedRuns(cli.toStdString());
        QCOMPARE(dialogRuns.size(), size_t(8));
        QVERIFY(dialogRuns == cliRuns);
        // And as the user would type it.
        const QString typed = importedDatabase(m_dir, QStringLiteral("typed.sqlite"));
        QVERIFY(runPlacement(sweepArguments(typed, QStringLiteral("fromdialog"), QStringLiteral("first-fit,ta"),
                                            QStringLiteral("none,v2"), QStringLiteral("1,2")))
                    .has_value());
        QVERIFY(storedRuns(typed.toStdString()) == dialogRuns);

        // Started again: every point is stored, nothing is added.
        const int again = window.startSweep(*request);
        QVERIFY(ended.wait(300000));
        QVERIFY2(window.tasksDock()->taskText(again).contains(QStringLiteral("0 stored, 8 stored before")),
                 qPrintable(window.tasksDock()->taskText(again)));

        // Without sbatch on the PATH, Slurm is offered disabled, with the reason.
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", m_dir.path().toUtf8());
        SimulateDialog noSlurm(machine->record.name, *machine->topology);
        qputenv("PATH", path);
        auto* where = noSlurm.findChild<QComboBox*>(QStringLiteral("sweepWhere"));
        const auto* model = qobject_cast<QStandardItemModel*>(where->model());
        QVERIFY(!model->item(1)->isEnabled());
        QVERIFY(where->itemData(1, Qt::ToolTipRole).toString().contains(QStringLiteral("sbatch")));
    }

    // What the explorer reads of `placement sweep --status` while it follows a Slurm sweep.
    void slurmStatusIsRead()
    {
        const SweepStatus status = parseSweepStatus(
            QStringLiteral("points: 12; stored in the database: 5; finished, not collected: 3; left: 4\n"
                           "array tasks: completed 2, failed 1, pending 1, running 1\n"
                           "  70001_2 failed: see /db.sweep-x/logs/task-70001_2.out\n"));
        QVERIFY(status.valid);
        QCOMPARE(status.points, 12);
        QCOMPARE(status.inDatabase, 5);
        QCOMPARE(status.notCollected, 3);
        QCOMPARE(status.left, 4);
        QCOMPARE(status.tasks.at(QStringLiteral("failed")), 1);
        QVERIFY(status.tasksActive());
        QCOMPARE(status.problems, QStringList{QStringLiteral("70001_2 failed (/db.sweep-x/logs/task-70001_2.out)")});
        const SweepStatus ended = parseSweepStatus(QStringLiteral(
            "points: 4; stored in the database: 4; finished, not collected: 0; left: 0\narray tasks: completed 4\n"));
        QVERIFY(ended.valid && !ended.tasksActive());
        QVERIFY(!parseSweepStatus(QStringLiteral("no Slurm submission in /x\n")).valid);
    }

private:
    void saveScreenshot(QWidget& window, QWidget* widget, const QString& name)
    {
        const QByteArray folder = qgetenv("PLACEMENT_SCREENSHOT_DIR");
        if (folder.isEmpty())
            return;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        widget->show();
        widget->raise();
        QTest::qWait(200);
        QVERIFY(widget->grab().save(QDir(QString::fromUtf8(folder)).filePath(name)));
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSweepView)
#include "tst_sweepview.moc"
