// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A log without node lists in the explorer: the notice, the status bar, the inspector, the
// job table and the logged run beside the simulated ones.

#include "app/ComparePane.h"
#include "app/ImportDialog.h"
#include "app/InspectorDock.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TimelineDock.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "core/RunComparison.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/GanttChart.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QApplication>
#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <QUrl>
#include <QWindow>

#include <functional>
#include <set>

using namespace placement;
using namespace placement::test;

class TestNoNodeLists : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_nonodelists"));
    }

    void saysWhenTheLogHasNoNodeLists()
    {
        const QString path = m_dir.filePath(QStringLiteral("no-node-lists.sqlite"));
        ImportRequest request;
        request.files = {QFINDTESTDATA("data/traces/hpc2n.swf").toStdString()};
        request.machine = "seth";
        request.topology = "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8";
        const auto simulate = [&](const char* policy, int cpusPerNode) {
            Store store = Store::openExisting(path.toStdString());
            SimulationSetup setup;
            setup.machine = "seth";
            setup.allocator.policy = policy;
            setup.cpusPerNode = cpusPerNode;
            runStoredSimulation(store, setup, "test");
        };
        QString error;
        Store::openOrCreate(path.toStdString());
        const ImportResult result = ImportRunner::run(path, request, nullptr, &error);
        QVERIFY2(result.committed, qPrintable(error + QString::fromStdString(result.failure)));
        simulate("first-fit", 2);
        MainWindow window;
        window.resize(1400, 900);
        QVERIFY(window.openDatabase(path));
        QVERIFY2(window.machineView()->notice().contains(QStringLiteral("no node lists")),
                 qPrintable(window.machineView()->notice()));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("no node lists")),
                 qPrintable(window.statusBar()->currentMessage()));

        auto* runsDock = window.findChild<QDockWidget*>(QStringLiteral("runsDock"));
        QVERIFY(runsDock);
        auto* runTable = runsDock->findChild<QTableView*>();
        QVERIFY(runTable);
        const QAbstractItemModel* runs = runTable->model();
        QCOMPARE(runs->rowCount(), 2);
        QCOMPARE(runs->index(0, RunTableModel::NameColumn).data().toString(), QStringLiteral("logged"));
        QCOMPARE(runs->index(0, RunTableModel::JobsColumn).data().toInt(), 3145);
        QVERIFY(runs->index(0, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble() > 0);
        QVERIFY(runs->index(0, RunTableModel::MeanWaitColumn).data(RunTableModel::SortRole).toDouble() > 0);
        QVERIFY2(
            runs->index(0, RunTableModel::ParametersColumn).data().toString().contains(QStringLiteral("no node lists")),
            qPrintable(runs->index(0, RunTableModel::ParametersColumn).data().toString()));
        QCOMPARE(runs->index(1, RunTableModel::NameColumn).data().toString(),
                 QStringLiteral("first-fit easy 2 cpus/node"));
        QVERIFY(runs->index(0, RunTableModel::ParametersColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("2 cpus/node")));
        simulate("random", 4); // a run reading 4 processors per node: the logged run follows it
        const double utilization
            = runs->index(0, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble();
        window.session()->reloadRuns();
        QCOMPARE(runs->rowCount(), 3);
        QVERIFY(runs->index(0, RunTableModel::ParametersColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("4 cpus/node")));
        QVERIFY(runs->index(0, RunTableModel::UtilizationColumn).data(RunTableModel::SortRole).toDouble()
                < utilization);

        window.inspectorDock()->show();
        window.inspectorDock()->raise();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.session()->selectJob(0);
        const auto inspectorSays = [&](const QString& words) {
            for (const QLabel* label : window.inspectorDock()->findChildren<QLabel*>())
                if (label->isVisible() && label->text().contains(words))
                    return true;
            return false;
        };
        QTRY_VERIFY(inspectorSays(QStringLiteral("no node lists")));
        QVERIFY(inspectorSays(QStringLiteral("names no nodes for this job")));

        // The job table gives each job its logged size, the status bar does not claim idle nodes.
        auto* jobsDock = qobject_cast<JobsDock*>(window.jobsDock());
        QVERIFY(jobsDock);
        const QAbstractItemModel* jobTable = jobsDock->table()->model();
        QVERIFY(jobTable->rowCount() > 0);
        const MachineData* shown = window.session()->machine();
        for (int row = 0; row < jobTable->rowCount(); ++row) {
            const int job = jobTable->index(row, 0).data(JobTableModel::JobIndexRole).toInt();
            QCOMPARE(jobTable->index(row, JobTableModel::NodesColumn).data(JobTableModel::SortRole).toInt(),
                     shown->nodeCounts[static_cast<size_t>(job)]);
            QVERIFY(shown->nodeCounts[static_cast<size_t>(job)] > 0);
        }
        QLabel* status = nullptr;
        for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral(" running")))
                status = label;
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("nodes busy unknown (no node lists)")),
                 qPrintable(status->text()));
        waitForFrames(window.machineView()->renderWidget(), 2);
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        grabWithRenderViews(&window).save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/no-node-lists.png"));

        // A simulated run places the jobs: nothing to explain.
        QVERIFY(window.selectRun(QStringLiteral("first-fit easy 2 cpus/node")));
        QVERIFY(window.machineView()->notice().isEmpty());
        QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("no node lists")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestNoNodeLists)
#include "tst_nonodelists.moc"
