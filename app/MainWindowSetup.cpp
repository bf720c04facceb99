// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MainWindow.h"

// Building the window: menus and toolbar, docks, and the settings that restore them.

#include "app/ChartDataLoader.h"
#include "app/ChartsDock.h"
#include "app/ComparePane.h"
#include "app/ExportActions.h"
#include "app/ImportDialog.h"
#include "app/InspectorDock.h"
#include "app/JobTableModel.h"
#include "app/RecentFiles.h"
#include "app/ReplayDialog.h"
#include "app/RunTableModel.h"
#include "app/RunsDock.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "app/TimelineDock.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "views/GanttChart.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newDatabase = file->addAction(tr("&New Database…"), this, &MainWindow::chooseNewDatabase);
    newDatabase->setObjectName(QStringLiteral("newDatabaseAction"));
    newDatabase->setShortcut(QKeySequence::New);
    QAction* open = file->addAction(tr("&Open Database…"), this, &MainWindow::chooseDatabase);
    open->setShortcut(QKeySequence::Open);
    QAction* import = file->addAction(tr("&Import Logs…"), this, [this] { chooseImport(); });
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    QAction* importSlurm = file->addAction(tr("Import from &Slurm…"), this, &MainWindow::chooseSlurmImport);
    importSlurm->setObjectName(QStringLiteral("importFromSlurmAction"));
    m_recentMenu = file->addMenu(tr("&Recent Files"));
    file->addSeparator();
    m_exportActions = new ExportActions(this);
    m_exportActions->addTo(file, menuBar()->addMenu(tr("&Edit")));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Reset Camera"), QKeySequence(Qt::Key_R), m_view, &MachineView::resetCamera);
    view->addAction(tr("Go to &Busiest Moment"), this, [this] {
        if (const MachineData* machine = m_session->machine())
            m_session->setTime(machine->openingTime);
    });
    QAction* goToTime = view->addAction(tr("&Go to Time…"), this, &MainWindow::chooseTime);
    goToTime->setObjectName(QStringLiteral("goToTimeAction"));
    goToTime->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    QAction* record = view->addAction(tr("Record &Replay…"), this, [this] { chooseReplayRecording(this); });
    record->setObjectName(QStringLiteral("recordReplayAction"));
    view->addSeparator();
    m_linksAction = view->addAction(tr("Show &Links"));
    m_linksAction->setObjectName(QStringLiteral("showLinksAction"));
    m_linksAction->setCheckable(true);
    m_linksAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_linksAction, &QAction::toggled, m_session, &ExplorerSession::setLinksShown);
    QMenu* linkColors = view->addMenu(tr("Link &Colours"));
    auto* linkModes = new QActionGroup(this);
    const std::array<QString, 3> linkModeNames{tr("By &Owning Job"), tr("By Number of &Jobs That Can Use Them"),
                                               tr("By &Bandwidth")};
    for (size_t mode = 0; mode < linkModeNames.size(); ++mode) {
        QAction* action = linkColors->addAction(linkModeNames[mode]);
        action->setCheckable(true);
        linkModes->addAction(action);
        connect(action, &QAction::triggered, m_session,
                [this, mode] { m_session->setLinkColorMode(static_cast<LinkColorMode>(mode)); });
        m_linkModeActions[mode] = action;
    }
    m_wrapLinksAction = view->addAction(tr("&Wrap-Around Links"));
    m_wrapLinksAction->setCheckable(true);
    connect(m_wrapLinksAction, &QAction::toggled, m_session, &ExplorerSession::setWrapLinks);
    view->addSeparator();
    view->addAction(m_jobsDock->toggleViewAction());
    view->addAction(m_metricsDock->toggleViewAction());
    view->addAction(m_inspectorDock->toggleViewAction());
    view->addAction(m_timelineDock->toggleViewAction());
    view->addAction(m_runsDock->toggleViewAction());
    view->addAction(m_chartsDock->toggleViewAction());
    view->addAction(m_tasksDock->toggleViewAction());

    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    QAction* simulate = simulation->addAction(tr("&Simulate…"), this, &MainWindow::chooseSimulation);
    simulate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    simulate->setObjectName(QStringLiteral("simulateAction"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Placement Explorer"), this, [this] {
        QMessageBox::about(this, tr("About Placement Explorer"),
                           tr("<b>Placement Explorer %1</b><p>Where HPC jobs ran, and where they could have run.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar* toolbar = addToolBar(tr("Machine"));
    toolbar->setObjectName(QStringLiteral("machineToolBar"));
    toolbar->addWidget(new QLabel(tr(" Machine: ")));
    m_machineBox->setObjectName(QStringLiteral("machineBox"));
    m_machineBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    toolbar->addWidget(m_machineBox);
    toolbar->addWidget(new QLabel(tr("  Run: ")));
    m_runBox->setObjectName(QStringLiteral("runBox"));
    m_runBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runBox->setToolTip(tr("Which placements the views show: the logged ones or a simulated run"));
    toolbar->addWidget(m_runBox);
    toolbar->addWidget(new QLabel(tr("  Compare with: ")));
    m_compareBox = new QComboBox(this);
    m_compareBox->setObjectName(QStringLiteral("compareBox"));
    m_compareBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_compareBox->setToolTip(tr("Show another run beside this one: same time, same camera, jobs placed alike dimmed"));
    toolbar->addWidget(m_compareBox);
    connect(m_compareBox, &QComboBox::activated, this, [this](int index) {
        if (!compareWithRun(index <= 0 ? QString() : m_compareBox->itemText(index)))
            QMessageBox::warning(this, tr("Cannot compare"), m_lastError);
    });
    rebuildRecentMenu();
}

void MainWindow::createDocks()
{
    m_jobsDock = new JobsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_jobsDock);
    connect(m_jobsDock, &JobsDock::jobSelected, m_session, &ExplorerSession::selectJob);

    m_metricsDock = new QDockWidget(tr("Metrics"), this);
    m_metricsDock->setObjectName(QStringLiteral("metricsDock"));
    m_summary = new QLabel;
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMargin(6);
    m_summary->setWordWrap(true);
    m_metricsDock->setWidget(m_summary);
    addDockWidget(Qt::RightDockWidgetArea, m_metricsDock);

    // The fragmentation inspector: a tab beside the metrics.
    m_inspectorDock = new InspectorDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_inspectorDock);
    tabifyDockWidget(m_metricsDock, m_inspectorDock);
    m_metricsDock->raise();

    m_timelineDock = new TimelineDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);

    m_runModel = new RunTableModel(this);
    auto* runsDock = new RunsDock(m_session, m_runModel, this);
    m_runsDock = runsDock;
    addDockWidget(Qt::BottomDockWidgetArea, m_runsDock);
    tabifyDockWidget(m_timelineDock, m_runsDock);
    m_timelineDock->raise();
    connect(runsDock->table(), &QTableView::doubleClicked, this, [this, runsDock](const QModelIndex& index) {
        const int row = runsDock->filterModel()->mapToSource(index).row();
        if (row >= 0 && !m_session->selectRunId(m_runModel->run(row).id, ExplorerSession::Reading::InBackground))
            QMessageBox::warning(this, tr("Cannot load run"), m_session->lastError());
    });

    // Hidden until a simulation starts (or View › Tasks): a tab beside the timeline.
    m_tasksDock = new TaskListDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_tasksDock);
    tabifyDockWidget(m_runsDock, m_tasksDock);
    m_tasksDock->hide();
    m_timelineDock->raise();

    // Hidden until asked for (View › Charts): it reads every job of the runs it draws.
    m_chartsDock = new ChartsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_chartsDock);
    tabifyDockWidget(m_metricsDock, m_chartsDock);
    m_chartsDock->hide();
    // Shown for the first time beside the 3D view, a dock of the width of the others leaves
    // the charts unreadable: give it 40% of the window's width and the side's height.
    connect(m_chartsDock, &QDockWidget::visibilityChanged, this, [this, widened = false](bool visible) mutable {
        // Hidden also while the window is destroyed (its docks go before its connections):
        // ask the window nothing then.
        if (!visible || widened)
            return;
        const Qt::DockWidgetArea area = dockWidgetArea(m_chartsDock);
        if (m_chartsDock->isFloating() || (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea))
            return;
        widened = true;
        if (m_chartsDock->width() < width() * 35 / 100)
            resizeDocks({m_chartsDock}, {width() * 40 / 100}, Qt::Horizontal);
        if (!m_jobsDock->isHidden() && dockWidgetArea(m_jobsDock) == area)
            resizeDocks({m_jobsDock, m_chartsDock}, {height() * 40 / 100, height() * 60 / 100}, Qt::Vertical);
    });
    // The run list is rebuilt whenever the machine, the run shown or the stored runs change.
    connect(m_runModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateChartRuns);
    connect(m_session, &ExplorerSession::runFilterChanged, this, &MainWindow::updateSweepChart);
}

void MainWindow::updateChartRuns()
{
    const MachineData* shown = m_session->machine();
    if (!shown)
        return;
    std::vector<RunChoice> choices{{0, tr("logged")}};
    for (const RunRecord& run : m_session->runs())
        choices.push_back({run.id, QString::fromStdString(run.name)});
    const MachineRecord& machine = shown->record;
    m_chartsDock->setRuns(QStringLiteral("%1#%2#%3").arg(databasePath()).arg(machine.id).arg(machine.jobCount),
                          QString::fromStdString(machine.name), std::move(choices), shown->runId,
                          [path = databasePath().toStdString(), machine](std::int64_t runId) {
                              return loadRunChartData(path, machine, runId);
                          });
    updateSweepChart();
}

void MainWindow::updateSweepChart()
{
    // The simulated runs the Runs dock shows.
    const RunFilter& filter = m_session->runFilter();
    std::vector<SweepChartRun> runs;
    for (int row = 0; row < m_runModel->rowCount(); ++row)
        if (m_runModel->run(row).id != 0 && m_runModel->accepts(row, filter))
            runs.push_back({QString::fromStdString(m_runModel->run(row).name), m_runModel->parameters(row),
                            m_runModel->summary(row)});
    const MachineData* shown = m_session->machine();
    QString title = shown ? QString::fromStdString(shown->record.name) : QString();
    if (!filter.sweep.isEmpty())
        title += tr(", sweep %1").arg(filter.sweep);
    if (!filter.parameter.isEmpty())
        title += tr(", %1 = %2").arg(filter.parameter, filter.value);
    m_chartsDock->setSweepRuns(std::move(runs), title);
}

void MainWindow::chooseTime()
{
    const MachineData* machine = m_session->machine();
    if (!machine)
        return;
    bool ok = false;
    const QString text = QInputDialog::getText(
        this, tr("Go to Time"),
        tr("Date and time (ISO 8601, UTC unless it names a zone), between %1 and %2 UTC:")
            .arg(formatTime(machine->firstTime), formatTime(machine->lastTime)),
        QLineEdit::Normal, formatTime(m_session->time()).replace(QLatin1Char(' '), QLatin1Char('T')), &ok);
    if (!ok)
        return;
    const std::optional<std::int64_t> time = parseIsoTime(text);
    if (!time) {
        QMessageBox::warning(this, tr("Go to Time"),
                             tr("'%1' is not a date and time like 2024-03-01T12:00:00 (UTC) or "
                                "2024-03-01T12:00:00+01:00.")
                                 .arg(text));
        return;
    }
    if (*time < machine->firstTime || *time > machine->lastTime)
        statusBar()->showMessage(
            tr("%1 UTC is outside the run (%2 to %3 UTC): the cursor stops at its edge.")
                .arg(formatTime(*time), formatTime(machine->firstTime), formatTime(machine->lastTime)));
    m_session->setTime(*time);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    event->accept();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = RecentFiles::load();
    for (const QString& path : files) {
        m_recentMenu->addAction(QFileInfo(path).fileName() + QStringLiteral("  (") + path + QLatin1Char(')'), this,
                                [this, path] {
                                    if (!openDatabase(path, {}, {}, ExplorerSession::Reading::InBackground))
                                        QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
                                });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [this] {
        RecentFiles::clear();
        rebuildRecentMenu();
    });
}

} // namespace placement
