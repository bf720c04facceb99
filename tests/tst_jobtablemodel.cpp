// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobFilterModel.h"
#include "app/JobTableModel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace placement;

class TestJobTableModel : public QObject
{
    Q_OBJECT
private slots:
    void rowsAndColumns()
    {
        const std::vector<Job> jobs{
            {"7", "alice", {0, 1, 2}, 1709251200, 1709251260, 1709254860},
            {"12", "bob", {3}, 1709251300, 1709251300, 1709251400},
            {"9_1", "", {4, 5}, 1709251400, 1709252000, 1709260000},
        };
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setJobs(&jobs);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(JobTableModel::NumColumns));
        QCOMPARE(model.index(0, JobTableModel::IdColumn).data().toString(), QStringLiteral("7"));
        QCOMPARE(model.index(0, JobTableModel::NodesColumn).data().toInt(), 3);
        QCOMPARE(model.index(0, JobTableModel::StartColumn).data().toString(), QStringLiteral("2024-03-01 00:01:00"));
        QCOMPARE(model.index(0, JobTableModel::WaitColumn).data().toString(), QStringLiteral("1 min 00 s"));
        QCOMPARE(model.index(2, JobTableModel::WaitColumn).data().toString(), QStringLiteral("10 min 00 s"));
        QCOMPARE(model.index(1, JobTableModel::IdColumn).data(JobTableModel::SortRole).toLongLong(), 12);
        QCOMPARE(model.index(2, JobTableModel::IdColumn).data(JobTableModel::SortRole).toString(),
                 QStringLiteral("9_1"));
        QCOMPARE(model.index(2, 0).data(JobTableModel::JobIndexRole).toInt(), 2);
        // Without names and states (no labels) those columns do not apply; neither do the
        // tree metrics on a torus, nor routers on a tree.
        QVERIFY(!model.columnApplies(JobTableModel::NameColumn));
        QVERIFY(!model.columnApplies(JobTableModel::StateColumn));
        QVERIFY(model.columnApplies(JobTableModel::LeavesColumn));
        QVERIFY(!model.columnApplies(JobTableModel::RoutersColumn));
        QVERIFY(!model.index(0, JobTableModel::AphColumn).data().isValid()); // no metrics yet

        JobFilterModel filter;
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setTime(1709251350); // jobs 7 and 12 run
        QCOMPARE(filter.rowCount(), 2);
        filter.setTime(1709251400); // 12 ended (exclusive end); 9_1 not started yet
        QCOMPARE(filter.rowCount(), 1);
        filter.setRunningOnly(false);
        QCOMPARE(filter.rowCount(), 3);

        model.setJobs(nullptr);
        QCOMPARE(filter.rowCount(), 0);
    }

    void durations()
    {
        QCOMPARE(formatDuration(0), QStringLiteral("0 s"));
        QCOMPARE(formatDuration(59), QStringLiteral("59 s"));
        QCOMPARE(formatDuration(3600 * 3 + 5 * 60 + 9), QStringLiteral("3 h 05 min"));
        QCOMPARE(formatTime(0), QStringLiteral("1970-01-01 00:00:00"));
    }
};

QTEST_GUILESS_MAIN(TestJobTableModel)
#include "tst_jobtablemodel.moc"
