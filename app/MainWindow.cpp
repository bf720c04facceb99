// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MainWindow.h"

#include "app/ChartDataLoader.h"
#include "app/ChartsDock.h"
#include "app/ComparePane.h"
#include "app/ExportActions.h"
#include "app/InspectionText.h"
#include "app/InspectorDock.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "app/TimelineDock.h"
#include "app/ViewLegend.h"
#include "app/WhatIfPanel.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
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
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new ExplorerSession(this))
    , m_view(new MachineView(this))
    , m_machineBox(new QComboBox(this))
    , m_runBox(new QComboBox(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setWindowTitle(tr("Placement Explorer"));
    auto* centre = new EvenSplitter(this);
    centre->setObjectName(QStringLiteral("centreSplitter"));
    centre->setChildrenCollapsible(false);
    centre->setStretchFactor(0, 1);
    // The main view, with the name of its run above it in compare mode.
    auto* left = new QWidget(centre);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(2);
    m_runLabel = new QLabel(left);
    m_runLabel->setObjectName(QStringLiteral("runLabel"));
    m_runLabel->setContentsMargins(6, 2, 6, 2);
    m_runLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the view
    m_runLabel->hide();
    leftLayout->addWidget(m_runLabel);
    leftLayout->addWidget(m_view, 1);
    centre->addWidget(left);
    m_comparePane = new ComparePane(centre);
    centre->addWidget(m_comparePane);
    m_comparePane->hide();
    centre->setStretchFactor(1, 1);
    m_comparePane->followCamera(m_view);
    // What the colours mean, under the views: under both in compare mode, so that the two
    // views keep one size and one camera fits both.
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(2);
    centralLayout->addWidget(centre, 1);
    centralLayout->addWidget(new ViewLegend(m_session, central));
    setCentralWidget(central);
    m_view->setMinimumSize(320, 240);
    createDocks();
    createActions();

    m_statusTime = new QLabel(this);
    m_statusTime->setObjectName(QStringLiteral("statusTime"));
    statusBar()->addPermanentWidget(m_statusTime);
    statusBar()->showMessage(tr("Click a node to see which job holds it; drag to rotate, wheel to zoom."));

    connect(m_view, &MachineView::nodePicked, this, &MainWindow::showNode);
    connect(m_view, &MachineView::linkPicked, this, [this](int link, QPointF position) {
        if (const MachineData* machine = m_session->machine())
            showPickedText(describeLink(*machine, m_session->owners(), link), position);
    });
    connect(m_view, &MachineView::switchPicked, this, [this](int vertex, QPointF position) {
        if (const MachineData* machine = m_session->machine())
            showPickedText(describeSwitch(*machine, m_session->owners(), vertex), position);
    });
    m_view->setNodeToolTip([this](int node) { return nodeToolTip(node); });
    connect(m_machineBox, &QComboBox::activated, this, [this](int index) {
        if (!m_session->selectMachine(index, ExplorerSession::Reading::InBackground)) {
            m_lastError = m_session->lastError();
            QMessageBox::warning(this, tr("Cannot load machine"), m_lastError);
        }
    });
    connect(m_runBox, &QComboBox::activated, this, [this](int index) {
        // Read while the window stays usable: a run of millions of jobs takes seconds.
        if (!m_session->selectRun(index == 0 ? QString() : m_runBox->itemText(index),
                                  ExplorerSession::Reading::InBackground))
            QMessageBox::warning(this, tr("Cannot load run"), m_session->lastError());
    });
    connectSession();
    restoreSettings();
}

MainWindow::~MainWindow()
{
    // Simulations still running stop now: they report to this window.
    delete m_tasksDock;
    m_tasksDock = nullptr;
    // The job table computes metrics on a worker thread: stop it before the docks go.
    m_jobsDock->setMachine(nullptr, {});
    // QWidget's destructor hides the docks, which emit visibilityChanged; the export actions
    // would then ask this window, already destroyed, for its docks and session.
    delete m_exportActions;
    m_exportActions = nullptr;
}

void MainWindow::connectSession()
{
    // The docks and the compare pane follow the session themselves; the window redraws the
    // 3D view, the toolbar, the summary and the status bar.
    m_jobsDock->follow(m_session);
    m_inspectorDock->follow(m_session, m_jobsDock->metricsCache());
    // The summary's minimum APH of the selected job comes from the same cache.
    connect(m_jobsDock->metricsCache(), &JobMetricsCache::minimumAphUpdated, this, [this] {
        if (m_session->machine() && m_session->selectedJob() >= 0)
            updateSummary();
    });
    // Where the inspector's what-if policy would have placed the selected job: its nodes marked.
    connect(m_inspectorDock->whatIfPanel(), &WhatIfPanel::changed, this,
            [this] { m_view->setMarkedNodes(m_inspectorDock->whatIfPanel()->chosenNodes()); });
    m_timelineDock->follow(m_session);
    m_comparePane->follow(m_session);
    connect(m_session, &ExplorerSession::databaseChanged, this, &MainWindow::showDatabase);
    connect(m_session, &ExplorerSession::machinesChanged, this, &MainWindow::showMachineList);
    connect(m_session, &ExplorerSession::machineChanged, this, &MainWindow::showMachine);
    connect(m_session, &ExplorerSession::readingEnded, this, [this] {
        if (m_session->machine() || m_session->machines().empty() || m_session->isReading())
            return;
        m_lastError = m_session->lastError();
        auto* box
            = new QMessageBox(QMessageBox::Warning, tr("Cannot read the run"), m_lastError, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // the window stays usable: another machine or database can be opened
    });
    connect(m_session, &ExplorerSession::runsChanged, this, &MainWindow::showRuns);
    connect(m_session, &ExplorerSession::comparedChanged, this, &MainWindow::showCompared);
    connect(m_session, &ExplorerSession::timeChanged, this, &MainWindow::showTime);
    connect(m_session, &ExplorerSession::selectedJobChanged, this, &MainWindow::showSelectedJob);
    connect(m_session, &ExplorerSession::linkColorModeChanged, this, [this](LinkColorMode mode) {
        m_linkModeActions[static_cast<size_t>(mode)]->setChecked(true);
        recolor();
    });
    connect(m_session, &ExplorerSession::linksShownChanged, this, [this](bool shown) {
        m_linksAction->setChecked(shown);
        m_view->setLinksVisible(shown);
        recolor();
    });
    connect(m_session, &ExplorerSession::wrapLinksChanged, this, [this](bool wrap) {
        m_wrapLinksAction->setChecked(wrap);
        showNetwork();
        recolor();
    });
}

void MainWindow::chooseDatabase()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), QFileInfo(databasePath()).path(),
                                                      tr("Placement databases (*.sqlite *.db);;All files (*)"));
    if (!path.isEmpty() && !openDatabase(path, {}, {}, ExplorerSession::Reading::InBackground))
        QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
}

void MainWindow::chooseNewDatabase()
{
    QFileDialog dialog(this, tr("New Database"), QFileInfo(databasePath()).path(),
                       tr("Placement databases (*.sqlite *.db)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("sqlite"));
    // An existing file is refused below, never replaced: do not ask to overwrite it.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    if (!createDatabase(dialog.selectedFiles().constFirst()))
        QMessageBox::warning(this, tr("Cannot create database"), m_lastError);
}

bool MainWindow::createDatabase(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (QFileInfo::exists(absolute)) {
        m_lastError = tr("%1: the file exists already; a new database is never written over a file").arg(absolute);
        return false;
    }
    try {
        Store::openOrCreate(absolute.toStdString());
    } catch (const std::exception& error) {
        m_lastError = QString::fromUtf8(error.what());
        return false;
    }
    return openDatabase(absolute);
}

namespace {

/// "<br>skipped N jobs: reason" for every reason the replay left jobs out.
QString skippedText(const SimulationSummary& summary)
{
    QString text;
    for (const auto& [reason, count] : summary.skippedByReason)
        text += QObject::tr("<br>Skipped %1 jobs: %2.").arg(count).arg(QString::fromStdString(reason).toHtmlEscaped());
    return text;
}

} // namespace

bool MainWindow::openDatabase(const QString& path, const QString& machine, const QString& run,
                              ExplorerSession::Reading reading)
{
    if (!m_session->openDatabase(path, machine, run, reading)) {
        m_lastError = m_session->lastError();
        statusBar()->showMessage(m_lastError);
        return false;
    }
    m_lastError.clear();
    return true;
}

void MainWindow::showDatabase()
{
    RecentFiles::add(databasePath());
    rebuildRecentMenu();
    setWindowTitle(tr("%1 — Placement Explorer").arg(QFileInfo(databasePath()).fileName()));
    showMachineList();
}

void MainWindow::showMachineList()
{
    const QSignalBlocker blocker(m_machineBox);
    m_machineBox->clear();
    for (const MachineRecord& machine : m_session->machines())
        m_machineBox->addItem(QString::fromStdString(machine.name));
    m_machineBox->setCurrentIndex(m_session->machineIndex());
}

void MainWindow::showMachine()
{
    // Everything derived from the machine and run shown starts again from the session.
    const std::shared_ptr<const MachineData> machine = m_session->sharedMachine();
    {
        const QSignalBlocker blocker(m_machineBox);
        m_machineBox->setCurrentIndex(m_session->machineIndex());
    }
    const MachineData* outline = machine ? machine.get() : m_session->machineBeingRead();
    m_view->setOutlines({});
    m_view->setNotice({});
    m_view->setNodeLayout(outline ? outline->layout : NodeLayout{});
    showNetwork();
    m_linkModeActions[static_cast<size_t>(m_session->linkColorMode())]->setChecked(true);
    showRuns();
    showCompared();
    m_compareBox->setEnabled(!m_session->isReading());
    m_lastPicked.clear();
    if (!machine && outline) { // its jobs are being read: the machine is drawn, nothing about its jobs
        const QString text = readingText(*outline);
        m_view->setNotice(text);
        m_summary->setText(text);
        m_statusTime->clear();
        statusBar()->showMessage(text);
        return;
    }
    if (!machine && !m_session->machines().empty()) { // its reading failed
        m_summary->setText(m_session->lastError().toHtmlEscaped()); // a file name or reason may hold "<"
        m_statusTime->clear();
        statusBar()->showMessage(m_session->lastError());
        return;
    }
    if (!machine) {
        m_summary->setText(tr("This database holds no machine yet: File › Import Logs… adds one."));
        m_statusTime->clear();
        statusBar()->showMessage(m_summary->text());
        return;
    }
    const QString missing = missingPlacementsText(*machine);
    m_view->setNotice(missing);
    statusBar()->showMessage(
        machine->runId ? tr("Showing simulated run %1 of %2.")
                             .arg(m_session->runName(), QString::fromStdString(machine->record.name))
            : machine->hasNoNodeLists()
            ? tr("Showing the logged run of %1: this log has no node lists.")
                  .arg(QString::fromStdString(machine->record.name))
            : tr("Showing the logged placements of %1.").arg(QString::fromStdString(machine->record.name)));
    showTime();
}

QString MainWindow::readingText(const MachineData& outline) const
{
    const QString name = QString::fromStdString(outline.record.name);
    if (outline.runId == 0)
        return tr("Reading the logged placements of %1…").arg(name);
    std::int64_t jobs = 0;
    for (const RunRecord& run : m_session->runs())
        jobs = run.id == outline.runId ? run.placements : jobs;
    return tr("Reading the %L1 jobs of run %2 of %3…").arg(jobs).arg(m_session->runName(), name);
}

void MainWindow::showNetwork()
{
    const MachineData* machine = m_session->machine() ? m_session->machine() : m_session->machineBeingRead();
    m_view->setNetworkLayout(machine ? layoutNetwork(*machine->topology, machine->layout, m_session->wrapLinks())
                                     : NetworkLayout{});
}

void MainWindow::showRuns()
{
    const std::vector<RunRecord>& runs = m_session->runs();
    const MachineData* machine = m_session->machine();
    const MachineData* outline = machine ? machine : m_session->machineBeingRead();
    std::vector<RunRecord> rows;
    if (machine)
        rows.push_back(m_session->loggedRun()); // the logged run first, beside every simulated one
    rows.insert(rows.end(), runs.begin(), runs.end());
    m_runModel->setRuns(std::move(rows));
    {
        const QSignalBlocker compareBlocker(m_compareBox);
        m_compareBox->clear();
        m_compareBox->addItem(tr("(nothing)"));
        m_compareBox->addItem(tr("logged"));
        for (const RunRecord& run : runs)
            m_compareBox->addItem(QString::fromStdString(run.name));
        m_compareBox->setCurrentIndex(std::max(0, m_compareBox->findText(m_session->comparedName())));
    }
    const QSignalBlocker blocker(m_runBox);
    m_runBox->clear();
    m_runBox->addItem(tr("logged"));
    for (const RunRecord& run : runs) {
        m_runBox->addItem(QString::fromStdString(run.name));
        if (outline && run.id == outline->runId)
            m_runBox->setCurrentIndex(m_runBox->count() - 1);
    }
}

QStringList MainWindow::runNames() const
{
    QStringList names;
    for (const RunRecord& run : m_session->runs())
        names << QString::fromStdString(run.name);
    return names;
}

bool MainWindow::selectRun(const QString& name)
{
    if (m_session->selectRun(name))
        return true;
    m_lastError = m_session->lastError();
    return false;
}

void MainWindow::selectMachine(int index)
{
    if (!m_session->selectMachine(index) && index >= 0 && index < machineCount()) {
        m_lastError = m_session->lastError();
        QMessageBox::warning(this, tr("Cannot load machine"), m_lastError);
    }
}

void MainWindow::chooseSimulation()
{
    const MachineData* machine = m_session->machine();
    if (!machine)
        return;
    SimulateDialog dialog(machine->record.name, *machine->topology, this);
    dialog.setWorkload(databasePath(), machine->record.id);
    dialog.setCoresKnown(machine->resources.totalCores() > 0);
    if (dialog.exec() != QDialog::Accepted)
        return;
    std::optional<SweepRequest> sweep;
    try {
        sweep = dialog.sweepRequest();
    } catch (const std::invalid_argument& error) {
        QMessageBox::warning(this, tr("Cannot sweep"), QString::fromUtf8(error.what()));
        return;
    }
    if (sweep) {
        startSweep(*sweep);
        return;
    }
    SimulationSetup setup;
    std::optional<CoreRunSetup> byCores;
    try {
        setup = dialog.setup();
        byCores = dialog.coreSetup();
    } catch (const std::invalid_argument& error) {
        QMessageBox::warning(this, tr("Cannot simulate"), QString::fromUtf8(error.what()));
        return;
    }
    // The window stays usable while it runs: the task's row shows its progress and Cancel.
    m_tasksDock->show();
    m_tasksDock->raise();
    const QString path = databasePath();
    const std::int64_t machineId = machine->record.id;
    const auto ended = [this, path, machineId](const SimulationOutcome& outcome) {
        return simulationEnded(outcome, path, machineId);
    };
    if (byCores)
        SimulationRunner::start(*m_tasksDock, path, *byCores, std::make_shared<TaskProgress>(), ended);
    else
        SimulationRunner::start(*m_tasksDock, path, setup, std::make_shared<TaskProgress>(), ended);
    statusBar()->showMessage(tr("Simulating in the background (Tasks dock)."));
}

int MainWindow::startSweep(const SweepRequest& request)
{
    m_tasksDock->show();
    m_tasksDock->raise();
    const QString path = databasePath();
    const QString name = QString::fromStdString(request.name);
    const auto ended = [this, name](const SweepRunOutcome& outcome) {
        if (!outcome.error.isEmpty()) {
            statusBar()->showMessage(tr("Sweep %1 failed: %2").arg(name, outcome.error));
            return tr("Failed: %1").arg(outcome.error.toHtmlEscaped());
        }
        if (!outcome.slurmJob.isEmpty()) {
            m_session->refreshFromDisk();
            const QString job = outcome.slurmJob.toHtmlEscaped();
            if (!outcome.followed) {
                statusBar()->showMessage(tr("Sweep %1: stopped following Slurm job %2.").arg(name, outcome.slurmJob));
                return tr("Slurm job %1 goes on; %2 of %3 points are stored. <tt>placement sweep … --collect</tt> "
                          "stores the others when its tasks are done (<tt>--status</tt> says how far it is).")
                    .arg(job)
                    .arg(outcome.inDatabase)
                    .arg(outcome.points);
            }
            statusBar()->showMessage(
                tr("Sweep %1 on Slurm: %2 of %3 points stored.").arg(name).arg(outcome.inDatabase).arg(outcome.points));
            QString text = tr("Slurm job %1 ended: %2 runs collected, %3 of %4 points stored")
                               .arg(job)
                               .arg(outcome.stored)
                               .arg(outcome.inDatabase)
                               .arg(outcome.points);
            if (outcome.left > 0)
                text += tr("; %1 not run: no task of the array is left to run them").arg(outcome.left);
            if (!outcome.taskProblems.isEmpty())
                text += QStringLiteral("<br>") + outcome.taskProblems.join(QStringLiteral("<br>")).toHtmlEscaped();
            return text;
        }
        m_session->refreshFromDisk();
        statusBar()->showMessage(tr("Sweep %1: %2 runs stored.").arg(name).arg(outcome.stored));
        QString text = tr("%1 stored, %2 stored before, %3 failed, %4 with no job placed")
                           .arg(outcome.stored)
                           .arg(outcome.storedBefore)
                           .arg(outcome.failed)
                           .arg(outcome.empty);
        if (outcome.stopped > 0)
            text += tr("; %1 not run (cancelled: start the same sweep again to resume)").arg(outcome.stopped);
        if (!outcome.failures.isEmpty())
            text += QStringLiteral("<br>") + outcome.failures.join(QStringLiteral("<br>")).toHtmlEscaped();
        return text;
    };
    // Each run joins the Runs dock as it is stored.
    m_session->setRunFilter({name, {}, {}});
    if (request.slurm) {
        statusBar()->showMessage(
            tr("Submitting sweep %1 to Slurm; its runs join the Runs dock as they are collected (Tasks dock).")
                .arg(name));
        return SweepRunner::submit(
            *m_tasksDock, request, std::make_shared<TaskProgress>(),
            [this, path] {
                if (path == databasePath())
                    m_session->refreshFromDisk();
            },
            ended);
    }
    statusBar()->showMessage(tr("Sweeping in the background (Tasks dock); runs join the Runs dock as they finish."));
    return SweepRunner::start(
        *m_tasksDock, request, std::make_shared<TaskProgress>(),
        [this, path] {
            if (path == databasePath())
                m_session->refreshFromDisk();
        },
        ended);
}

QString MainWindow::simulationEnded(const SimulationOutcome& outcome, const QString& path, std::int64_t machineId)
{
    if (outcome.cancelled) {
        statusBar()->showMessage(tr("Simulation cancelled; nothing was stored."));
        return tr("Cancelled; nothing was stored.");
    }
    if (!outcome.finished) {
        statusBar()->showMessage(tr("Simulation failed: %1").arg(outcome.error));
        return tr("Failed: %1").arg(outcome.error.toHtmlEscaped());
    }
    const SystemMetrics& m = outcome.summary.metrics;
    const QString name = QString::fromStdString(outcome.summary.runName);
    // The run joins the Run box if the window still shows its machine.
    if (path == databasePath() && m_session->machine() && m_session->machine()->record.id == machineId)
        m_session->reloadRuns();
    statusBar()->showMessage(tr("Simulation %1 finished: choose it in Run to see it.").arg(name));
    if (outcome.coreUtilization)
        return tr("Stored as <i>%1</i> (by cores): %2 jobs, %3% of the cores held (over the makespan), %4% of the "
                  "nodes busy (steady state), mean wait %5 h, mean APH %6.%7")
            .arg(name.toHtmlEscaped())
            .arg(m.jobs)
            .arg(100 * *outcome.coreUtilization, 0, 'f', 1)
            .arg(100 * m.steadyUtilization, 0, 'f', 1)
            .arg(m.wait.mean / 3600, 0, 'f', 2)
            .arg(outcome.summary.meanAph, 0, 'f', 2)
            .arg(skippedText(outcome.summary));
    return tr("Stored as <i>%1</i>: %2 jobs, utilization %3% (steady state), mean wait %4 h, mean APH %5, "
              "%6 µs per job to place.%7")
        .arg(name.toHtmlEscaped())
        .arg(m.jobs)
        .arg(100 * m.steadyUtilization, 0, 'f', 1)
        .arg(m.wait.mean / 3600, 0, 'f', 2)
        .arg(outcome.summary.meanAph, 0, 'f', 2)
        .arg(m.schedulingMicroseconds.mean, 0, 'f', 1)
        .arg(skippedText(outcome.summary));
}

void MainWindow::showTime()
{
    const MachineData* machine = m_session->machine();
    if (!machine)
        return;
    recolor();
    updateSummary();
}

void MainWindow::showSelectedJob()
{
    const MachineData* machine = m_session->machine();
    const int jobIndex = m_session->selectedJob();
    // The chosen job's fragments outlined (its partitions: core/NetworkLayout.h).
    m_view->setOutlines(machine && jobIndex >= 0
                            ? fragmentBoxes(*machine->topology, machine->layout,
                                            machine->jobs[static_cast<size_t>(jobIndex)].nodes.toVector())
                            : std::vector<std::pair<Vec3, Vec3>>{});
    recolor();
    if (!machine)
        return;
    if (jobIndex >= 0) {
        const Job& job = machine->jobs[static_cast<size_t>(jobIndex)];
        statusBar()->showMessage(tr("Job %1 (%2): %3, %4 → %5 UTC")
                                     .arg(QString::fromStdString(job.id), QString::fromStdString(job.user),
                                          job.nodes.empty() ? tr("nodes unknown (the log names none)")
                                                            : tr("%1 nodes").arg(job.nodes.size()))
                                     .arg(formatTime(job.start), formatTime(job.end)));
    } else {
        statusBar()->clearMessage();
    }
    updateSummary();
}

void MainWindow::recolor()
{
    const MachineData* machine = m_session->machine();
    const std::vector<int>& owners = m_session->owners();
    const int selected = m_session->selectedJob();
    const std::int64_t time = m_session->time();
    std::vector<QRgb> colors(machine ? owners.size() : 0);
    const bool highlighting = selected >= 0;
    // Compare mode without a chosen job: jobs placed alike in both runs are dimmed.
    const std::vector<char>* differs
        = comparing() && !highlighting ? &m_comparePane->comparison().firstDiffers : nullptr;
    const std::vector<int>& holders = m_session->occupancy().holders;
    const NodeList* selectedNodes = highlighting ? &machine->jobs[static_cast<size_t>(selected)].nodes : nullptr;
    for (size_t node = 0; node < colors.size(); ++node) {
        const int owner = owners[node];
        // A node several jobs hold at once shows as shared, not as one of them.
        const bool shared = holders[node] > 1;
        QRgb color = owner < 0 ? unheldColor(*machine->topology, node)
            : shared           ? sharedNodeColor()
                               : m_jobColors(owner);
        const bool held = shared && selectedNodes
            && std::find(selectedNodes->begin(), selectedNodes->end(), static_cast<int>(node)) != selectedNodes->end();
        const bool dim = highlighting ? owner != selected && !held // everything but the chosen job
                                      : differs && owner >= 0 && !shared && !(*differs)[static_cast<size_t>(owner)];
        if (dim)
            color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
        colors[node] = color;
    }
    // Nodes allocated to a running job but left idle (LaaS rounds jobs up to whole leaves):
    // the job's colour, faded.
    for (size_t job = 0; machine && job < machine->holdings.size(); ++job) {
        if (machine->holdings[job].idleNodes.empty() || !machine->jobs[job].runsAt(time))
            continue;
        for (int node : machine->holdings[job].idleNodes) {
            QRgb color = jobColor(static_cast<int>(job));
            color = qRgb((qRed(color) + 2 * 70) / 3, (qGreen(color) + 2 * 74) / 3, (qBlue(color) + 2 * 82) / 3);
            if (highlighting && static_cast<int>(job) != selected)
                color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
            if (static_cast<size_t>(node) < colors.size())
                colors[static_cast<size_t>(node)] = color;
        }
    }
    m_view->setNodeColors(colors);
    if (machine && m_view->linksVisible())
        m_view->setLinkColors(linkColors(*machine, owners, m_session->linkColorMode(), selected));
}

bool MainWindow::comparing() const
{
    return m_comparePane->isLoaded() && !m_comparePane->isHidden();
}

bool MainWindow::compareWithRun(const QString& name)
{
    if (m_session->compareWith(name))
        return true;
    m_lastError = m_session->lastError();
    return false;
}

void MainWindow::showCompared()
{
    const std::shared_ptr<const MachineData> other = m_session->sharedCompared();
    const MachineData* machine = m_session->machine();
    if (!other || !machine) {
        m_comparePane->clear();
        m_comparePane->hide();
        m_runLabel->hide();
        const QSignalBlocker blocker(m_compareBox);
        m_compareBox->setCurrentIndex(0);
        recolor();
        return;
    }
    const QString shownName = machine->runId ? m_session->runName() : tr("logged");
    // The pane follows the session's link settings from now on; it starts from them.
    m_comparePane->setWrapLinks(m_session->wrapLinks());
    m_comparePane->setLinkColorMode(m_session->linkColorMode());
    m_comparePane->setLinksVisible(m_session->linksShown());
    m_comparePane->setRuns(m_session->sharedMachine(), other, m_session->comparedName());
    m_runLabel->setText(tr("<b>%1</b> · the run shown").arg(shownName.toHtmlEscaped()));
    m_runLabel->show();
    m_comparePane->show();
    m_comparePane->setTime(m_session->time());
    m_comparePane->setHighlightedJob(m_session->selectedJob());
    m_comparePane->view()->setCameraState(m_view->cameraState());
    {
        const QSignalBlocker blocker(m_compareBox);
        m_compareBox->setCurrentIndex(std::max(0, m_compareBox->findText(m_session->comparedName())));
    }
    if (auto* centre = findChild<EvenSplitter*>(QStringLiteral("centreSplitter")))
        centre->evenOut();
    recolor();
}

void MainWindow::showPickedText(const QString& text, QPointF position)
{
    m_lastPicked = text;
    QToolTip::showText(m_view->renderWidget()->mapToGlobal(position.toPoint()), text, m_view->renderWidget());
    QString plain = text;
    plain.replace(QStringLiteral("<br>"), QStringLiteral(" · "));
    statusBar()->showMessage(QTextDocumentFragment::fromHtml(plain).toPlainText());
}

void MainWindow::showNode(int node)
{
    const MachineData* machine = m_session->machine();
    if (!machine || node < 0 || node >= machine->topology->nodeCount()) {
        m_session->selectJob(-1);
        statusBar()->showMessage(tr("No node there."), 3000);
        return;
    }
    const Topology& topology = *machine->topology;
    const QString where = QString::fromStdString(machine->nodeName(node) + " · " + topology.nodeLocation(node));
    const int owner = m_session->owners()[static_cast<size_t>(node)];
    if (owner < 0) {
        highlightJob(-1);
        statusBar()->showMessage(tr("%1 · idle").arg(where));
        return;
    }
    const std::vector<int> holding = jobsHoldingAt(machine->jobs, node, m_session->time());
    if (holding.size() > 1) {
        // A shared node: the first of its jobs is selected, all are named.
        m_session->selectJob(holding.front());
        QStringList ids;
        for (const int index : holding)
            ids << QString::fromStdString(machine->jobs[static_cast<size_t>(index)].id);
        statusBar()->showMessage(
            tr("%1 · shared by %2 jobs: %3").arg(where).arg(holding.size()).arg(ids.join(QStringLiteral(", "))));
        return;
    }
    m_session->selectJob(owner);
    const Job& job = machine->jobs[static_cast<size_t>(owner)];
    statusBar()->showMessage(tr("%1 · job %2 (%3, %4 nodes)")
                                 .arg(where, QString::fromStdString(job.id), QString::fromStdString(job.user))
                                 .arg(job.nodes.size()));
}

} // namespace placement
