// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunTableModel.h"
#include "importers/JobImport.h"
#include "services/LoggedRun.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

using namespace placement;

class TestRunTableModel : public QObject
{
    Q_OBJECT
private slots:
    void showsStoredRunsSideBySide()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("runs.sqlite")).toStdString();
        writeDemoDatabase(path);
        Store store = Store::openExisting(path);
        const MachineRecord cab = *store.machine("cab");
        std::vector<SimulationSummary> summaries;
        for (const char* policy : {"first-fit", "ta", "random"}) {
            SimulationSetup setup;
            setup.machine = "cab";
            setup.allocator.policy = policy;
            summaries.push_back(runStoredSimulation(store, setup, "test"));
        }

        RunTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(runs(store, cab.id));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(RunTableModel::NumColumns));
        for (int row = 0; row < 3; ++row) {
            const SimulationSummary& summary = summaries[static_cast<size_t>(row)];
            QCOMPARE(model.index(row, RunTableModel::NameColumn).data().toString(),
                     QString::fromStdString(summary.runName));
            QCOMPARE(model.index(row, RunTableModel::JobsColumn).data().toInt(), summary.metrics.jobs);
            QCOMPARE(model.index(row, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble(),
                     summary.metrics.steadyUtilization);
            QCOMPARE(model.index(row, RunTableModel::MeanAphColumn).data(RunTableModel::SortRole).toDouble(),
                     summary.meanAph);
            QCOMPARE(model.index(row, RunTableModel::MeanWaitColumn).data(RunTableModel::SortRole).toDouble(),
                     summary.metrics.wait.mean);
            QCOMPARE(model.index(row, RunTableModel::NameColumn).data(RunTableModel::RunIdRole).toLongLong(),
                     summary.runId);
        }
        QCOMPARE(model.index(1, RunTableModel::PolicyColumn).data().toString(), QStringLiteral("ta"));
        QVERIFY(model.index(0, RunTableModel::UtilizationColumn).data().toString().endsWith(QLatin1Char('%')));

        // Sorted by mean APH, TA's compact placements come first.
        QSortFilterProxyModel sorted;
        QAbstractItemModelTester sortedTester(&sorted, QAbstractItemModelTester::FailureReportingMode::QtTest);
        sorted.setSourceModel(&model);
        sorted.setSortRole(RunTableModel::SortRole);
        sorted.sort(RunTableModel::MeanAphColumn);
        QCOMPARE(sorted.index(0, RunTableModel::PolicyColumn).data().toString(), QStringLiteral("ta"));

        model.setRuns({});
        QCOMPARE(model.rowCount(), 0);
    }

    // The logged run of a log without node lists, beside a simulated run of its jobs: its
    // metrics as its summary has them, no APH or scheduling time, and why.
    void showsTheLoggedRunBesideTheSimulatedOnes()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("logged.sqlite")).toStdString();
        Store store = Store::openOrCreate(path);
        ImportRequest request;
        request.files = {QFINDTESTDATA("data/import/hpc2n-head.swf").toStdString()};
        request.machine = "seth";
        request.topology = "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8";
        QVERIFY(importJobLogs(store, request).committed);
        SimulationSetup setup;
        setup.machine = "seth";
        setup.allocator.policy = "first-fit";
        setup.cpusPerNode = 2;
        const SimulationSummary simulated = runStoredSimulation(store, setup, "test");
        const MachineRecord seth = *store.machine("seth");
        const RunRecord logged = loggedRun(store, seth);
        const QJsonObject summary = QJsonDocument::fromJson(QByteArray::fromStdString(logged.summary)).object();

        RunTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<RunRecord> rows{logged};
        for (const RunRecord& run : runs(store, seth.id))
            rows.push_back(run);
        model.setRuns(rows);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, RunTableModel::NameColumn).data().toString(), QStringLiteral("logged"));
        QCOMPARE(model.index(0, RunTableModel::NameColumn).data(RunTableModel::RunIdRole).toLongLong(), 0);
        QCOMPARE(model.index(0, RunTableModel::PolicyColumn).data().toString(), QStringLiteral("logged"));
        QCOMPARE(model.index(0, RunTableModel::JobsColumn).data().toInt(),
                 summary.value(QStringLiteral("jobs")).toInt());
        QVERIFY(model.index(0, RunTableModel::JobsColumn).data().toInt() > 0);
        QCOMPARE(model.index(0, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble(),
                 summary.value(QStringLiteral("utilization")).toDouble());
        QCOMPARE(model.index(0, RunTableModel::MeanWaitColumn).data(RunTableModel::SortRole).toDouble(),
                 summary.value(QStringLiteral("mean_wait")).toDouble());
        // Processors read as the simulated run read them.
        QCOMPARE(model.index(0, RunTableModel::ParametersColumn).data().toString(),
                 QStringLiteral("2 cpus/node, no node lists"));
        QVERIFY(!model.index(0, RunTableModel::MeanAphColumn).data(RunTableModel::SortRole).isValid());
        QCOMPARE(model.index(0, RunTableModel::MeanAphColumn).data().toString(), QStringLiteral("\u2013"));
        QCOMPARE(model.index(0, RunTableModel::SchedulingColumn).data().toString(), QStringLiteral("\u2013"));
        QVERIFY(model.index(0, RunTableModel::NameColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("no node lists")));
        QCOMPARE(model.index(1, RunTableModel::NameColumn).data().toString(),
                 QString::fromStdString(simulated.runName));
        QCOMPARE(model.index(1, RunTableModel::MeanAphColumn).data(RunTableModel::SortRole).toDouble(),
                 simulated.meanAph);
        QVERIFY(!model.index(1, RunTableModel::NameColumn).data(Qt::ToolTipRole).isValid());
    }
};

QTEST_MAIN(TestRunTableModel)
#include "tst_runtablemodel.moc"
