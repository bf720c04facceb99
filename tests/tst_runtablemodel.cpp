// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunTableModel.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "services/Simulation.h"
#include "store/Store.h"

#include <QAbstractItemModelTester>
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
};

QTEST_MAIN(TestRunTableModel)
#include "tst_runtablemodel.moc"
