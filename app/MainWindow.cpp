#include "app/MainWindow.h"

#include "app/ImportDialog.h"
#include "app/JobTableModel.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TimelineDock.h"
#include "core/Occupancy.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"

#include <QAction>
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
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_view(new MachineView(this))
    , m_machineBox(new QComboBox(this))
    , m_runBox(new QComboBox(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Placement Explorer"));
    setCentralWidget(m_view);
    m_view->setMinimumSize(320, 240);
    createDocks();
    createActions();

    m_statusTime = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusTime);
    statusBar()->showMessage(tr("Click a node to see which job holds it; drag to rotate, wheel to zoom."));

    connect(m_view, &MachineView::nodePicked, this, &MainWindow::showNode);
    connect(m_timelineDock, &TimelineDock::timeChanged, this, &MainWindow::setCurrentTime);
    connect(m_machineBox, &QComboBox::activated, this, &MainWindow::selectMachine);
    connect(m_runBox, &QComboBox::activated, this, &MainWindow::selectRunAt);
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Database…"), this, &MainWindow::chooseDatabase);
    open->setShortcut(QKeySequence::Open);
    QAction* import = file->addAction(tr("&Import Logs…"), this, &MainWindow::chooseImport);
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_recentMenu = file->addMenu(tr("&Recent Files"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Reset Camera"), QKeySequence(Qt::Key_R), m_view, &MachineView::resetCamera);
    view->addAction(tr("Go to &Busiest Moment"), this, [this] {
        if (m_current)
            setCurrentTime(m_current->openingTime);
    });
    view->addSeparator();
    view->addAction(m_jobsDock->toggleViewAction());
    view->addAction(m_metricsDock->toggleViewAction());
    view->addAction(m_timelineDock->toggleViewAction());
    view->addAction(m_runsDock->toggleViewAction());

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
    m_machineBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    toolbar->addWidget(m_machineBox);
    toolbar->addWidget(new QLabel(tr("  Run: ")));
    m_runBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runBox->setToolTip(tr("Which placements the views show: the logged ones or a simulated run"));
    toolbar->addWidget(m_runBox);
    rebuildRecentMenu();
}

void MainWindow::createDocks()
{
    m_jobsDock = new QDockWidget(tr("Jobs"), this);
    m_jobsDock->setObjectName(QStringLiteral("jobsDock"));
    auto* jobsContent = new QWidget;
    auto* jobsLayout = new QVBoxLayout(jobsContent);
    jobsLayout->setContentsMargins(4, 4, 4, 4);
    auto* runningOnly = new QCheckBox(tr("Only jobs running at the current time"));
    runningOnly->setChecked(true);
    m_jobModel = new JobTableModel(this);
    m_jobFilter = new RunningJobsFilter(this);
    m_jobFilter->setSourceModel(m_jobModel);
    m_jobFilter->setSortRole(JobTableModel::SortRole);
    m_jobTable = new QTableView;
    m_jobTable->setModel(m_jobFilter);
    m_jobTable->setSortingEnabled(true);
    m_jobTable->sortByColumn(JobTableModel::NodesColumn, Qt::DescendingOrder);
    m_jobTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_jobTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_jobTable->verticalHeader()->hide();
    m_jobTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    jobsLayout->addWidget(runningOnly);
    jobsLayout->addWidget(m_jobTable);
    m_jobsDock->setWidget(jobsContent);
    addDockWidget(Qt::RightDockWidgetArea, m_jobsDock);
    connect(runningOnly, &QCheckBox::toggled, m_jobFilter, &RunningJobsFilter::setEnabled);
    connect(m_jobTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                highlightJob(current.isValid() ? current.data(JobTableModel::JobIndexRole).toInt() : -1);
            });

    m_metricsDock = new QDockWidget(tr("Metrics"), this);
    m_metricsDock->setObjectName(QStringLiteral("metricsDock"));
    m_summary = new QLabel;
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMargin(6);
    m_summary->setWordWrap(true);
    m_metricsDock->setWidget(m_summary);
    addDockWidget(Qt::RightDockWidgetArea, m_metricsDock);

    m_timelineDock = new TimelineDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);

    m_runsDock = new QDockWidget(tr("Runs"), this);
    m_runsDock->setObjectName(QStringLiteral("runsDock"));
    m_runModel = new RunTableModel(this);
    auto* runFilter = new QSortFilterProxyModel(this);
    runFilter->setSourceModel(m_runModel);
    runFilter->setSortRole(RunTableModel::SortRole);
    auto* runTable = new QTableView;
    runTable->setModel(runFilter);
    runTable->setSortingEnabled(true);
    runTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    runTable->setSelectionMode(QAbstractItemView::SingleSelection);
    runTable->verticalHeader()->hide();
    runTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    runTable->setToolTip(tr("The stored runs of this machine side by side; double-click one to show it"));
    runTable->setMinimumHeight(40); // tabbed with the timeline: keep the 3D view its height
    m_runsDock->setWidget(runTable);
    addDockWidget(Qt::BottomDockWidgetArea, m_runsDock);
    tabifyDockWidget(m_timelineDock, m_runsDock);
    m_timelineDock->raise();
    connect(runTable, &QTableView::doubleClicked, this, [this, runFilter](const QModelIndex& index) {
        const int row = runFilter->mapToSource(index).row();
        if (row >= 0)
            selectRun(QString::fromStdString(m_runModel->run(row).name));
    });
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
                                    if (!openDatabase(path))
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

void MainWindow::chooseDatabase()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), QFileInfo(m_databasePath).path(),
                                                      tr("Placement databases (*.sqlite *.db);;All files (*)"));
    if (!path.isEmpty() && !openDatabase(path))
        QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
}

void MainWindow::chooseImport()
{
    QStringList machines;
    for (const MachineRecord& machine : m_machines)
        machines << QString::fromStdString(machine.name);
    ImportDialog dialog(machines, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ImportRequest request = dialog.request();
    QString error;
    const ImportResult result = ImportRunner::run(m_databasePath, request, this, &error);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Import failed"), error);
        return;
    }
    QMessageBox box(result.committed ? QMessageBox::Information : QMessageBox::Warning,
                    result.committed ? tr("Import finished") : tr("Nothing imported"),
                    result.committed
                        ? tr("The logs were imported into machine %1.").arg(QString::fromStdString(result.machine))
                        : QString::fromStdString(result.failure),
                    QMessageBox::Ok, this);
    box.setDetailedText(QString::fromStdString(formatImportReport(result)));
    box.exec();
    if (!result.committed)
        return;
    openDatabase(m_databasePath);
    for (int index = 0; index < machineCount(); ++index)
        if (m_machines[static_cast<size_t>(index)].name == result.machine)
            selectMachine(index);
}

bool MainWindow::openDatabase(const QString& path)
{
    std::vector<MachineRecord> machines;
    std::unique_ptr<MachineData> first;
    try {
        Store store = Store::openExisting(path.toStdString());
        machines = store.machines();
        if (machines.empty())
            throw StoreError(path.toStdString() + ": the database holds no machine");
        first = std::make_unique<MachineData>(MachineData::load(store, machines.front()));
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        statusBar()->showMessage(m_lastError);
        return false;
    }
    m_databasePath = QFileInfo(path).absoluteFilePath();
    m_machines = std::move(machines);
    m_lastError.clear();
    RecentFiles::add(m_databasePath);
    rebuildRecentMenu();
    setWindowTitle(tr("%1 — Placement Explorer").arg(QFileInfo(path).fileName()));

    const QSignalBlocker blocker(m_machineBox);
    m_machineBox->clear();
    for (const MachineRecord& machine : m_machines)
        m_machineBox->addItem(QString::fromStdString(machine.name));
    m_machineBox->setCurrentIndex(0);

    install(std::move(first));
    return true;
}

void MainWindow::install(std::unique_ptr<MachineData> machine)
{
    m_jobModel->setJobs(nullptr);
    m_current = std::move(machine);
    m_highlightedJob = -1;
    m_jobModel->setJobs(&m_current->jobs);
    m_view->setNodeLayout(m_current->layout);
    m_timelineDock->setRange(m_current->firstTime, m_current->lastTime);
    std::vector<std::int64_t> events;
    events.reserve(2 * m_current->jobs.size());
    for (const Job& job : m_current->jobs) {
        events.push_back(job.start);
        events.push_back(job.end);
    }
    m_timelineDock->setEvents(std::move(events));
    rebuildRunBox();
    m_time = m_current->openingTime - 1; // force the refresh below
    setCurrentTime(m_current->openingTime);
}

void MainWindow::rebuildRunBox()
{
    m_runs.clear();
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        m_runs = runs(store, m_current->record.id);
    } catch (const std::exception& error) {
        statusBar()->showMessage(QString::fromUtf8(error.what()));
    }
    m_runModel->setRuns(m_runs);
    const QSignalBlocker blocker(m_runBox);
    m_runBox->clear();
    m_runBox->addItem(tr("logged"));
    for (const RunRecord& run : m_runs) {
        m_runBox->addItem(QString::fromStdString(run.name));
        if (run.id == m_current->runId)
            m_runBox->setCurrentIndex(m_runBox->count() - 1);
    }
}

QString MainWindow::currentRunName() const
{
    for (const RunRecord& run : m_runs)
        if (m_current && run.id == m_current->runId)
            return QString::fromStdString(run.name);
    return {};
}

QStringList MainWindow::runNames() const
{
    QStringList names;
    for (const RunRecord& run : m_runs)
        names << QString::fromStdString(run.name);
    return names;
}

bool MainWindow::selectRun(const QString& name)
{
    if (name.isEmpty() || name == QLatin1String("logged")) {
        selectRunAt(0);
        return true;
    }
    const int index = m_runBox->findText(name);
    if (index <= 0)
        return false;
    selectRunAt(index);
    return true;
}

void MainWindow::selectRunAt(int index)
{
    if (!m_current || index < 0 || index > static_cast<int>(m_runs.size()))
        return;
    const std::int64_t runId = index == 0 ? 0 : m_runs[static_cast<size_t>(index - 1)].id;
    if (runId == m_current->runId)
        return;
    std::unique_ptr<MachineData> loaded;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        loaded = std::make_unique<MachineData>(MachineData::load(store, m_current->record, runId));
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        QMessageBox::warning(this, tr("Cannot load run"), m_lastError);
        return;
    }
    install(std::move(loaded));
    statusBar()->showMessage(index == 0 ? tr("Showing the logged placements.")
                                        : tr("Showing simulated run %1.").arg(m_runBox->itemText(index)));
}

void MainWindow::chooseSimulation()
{
    if (!m_current)
        return;
    SimulateDialog dialog(m_current->record.name, *m_current->topology, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    SimulationSetup setup;
    try {
        setup = dialog.setup();
    } catch (const std::invalid_argument& error) {
        QMessageBox::warning(this, tr("Cannot simulate"), QString::fromUtf8(error.what()));
        return;
    }
    const SimulationOutcome outcome = SimulationRunner::run(m_databasePath, setup, this);
    if (outcome.cancelled) {
        statusBar()->showMessage(tr("Simulation cancelled; nothing was stored."));
        return;
    }
    if (!outcome.finished) {
        QMessageBox::warning(this, tr("Simulation failed"), outcome.error);
        return;
    }
    const SystemMetrics& m = outcome.summary.metrics;
    rebuildRunBox();
    selectRun(QString::fromStdString(outcome.summary.runName));
    QMessageBox::information(
        this, tr("Simulation finished"),
        tr("<b>%1</b><br>%2 jobs, utilization %3% (steady state), mean wait %4 h, mean APH %5, "
           "%6 µs per job to place.%7")
            .arg(QString::fromStdString(outcome.summary.runName).toHtmlEscaped())
            .arg(m.jobs)
            .arg(100 * m.steadyUtilization, 0, 'f', 1)
            .arg(m.wait.mean / 3600, 0, 'f', 2)
            .arg(outcome.summary.meanAph, 0, 'f', 2)
            .arg(m.schedulingMicroseconds.mean, 0, 'f', 1)
            .arg(outcome.summary.neverFit.empty()
                     ? QString()
                     : tr("<br>%1 jobs larger than the machine were skipped.").arg(outcome.summary.neverFit.size())));
}

void MainWindow::selectMachine(int index)
{
    if (index < 0 || index >= machineCount())
        return;
    std::unique_ptr<MachineData> loaded;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        loaded = std::make_unique<MachineData>(MachineData::load(store, m_machines[static_cast<size_t>(index)]));
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        QMessageBox::warning(this, tr("Cannot load machine"), m_lastError);
        return;
    }
    const QSignalBlocker blocker(m_machineBox);
    m_machineBox->setCurrentIndex(index);
    install(std::move(loaded));
}

void MainWindow::setCurrentTime(std::int64_t time)
{
    if (!m_current || time == m_time)
        return;
    m_time = time;
    m_owners = nodeOwnersAt(m_current->jobs, m_current->topology->nodeCount(), m_time);
    m_timelineDock->setTime(m_time);
    m_jobFilter->setTime(m_time);
    recolor();
    updateSummary();
}

void MainWindow::highlightJob(int jobIndex)
{
    m_highlightedJob = jobIndex;
    recolor();
    if (m_current && jobIndex >= 0 && static_cast<size_t>(jobIndex) < m_current->jobs.size()) {
        const Job& job = m_current->jobs[static_cast<size_t>(jobIndex)];
        statusBar()->showMessage(tr("Job %1 (%2): %3 nodes, %4 → %5 UTC")
                                     .arg(QString::fromStdString(job.id), QString::fromStdString(job.user))
                                     .arg(job.nodes.size())
                                     .arg(formatTime(job.start), formatTime(job.end)));
    }
    if (m_current)
        updateSummary();
}

bool MainWindow::showJob(const QString& id)
{
    if (!m_current)
        return false;
    const std::string wanted = id.toStdString();
    for (size_t index = 0; index < m_current->jobs.size(); ++index) {
        const Job& job = m_current->jobs[index];
        if (job.id != wanted)
            continue;
        if (!job.runsAt(m_time))
            setCurrentTime(job.start);
        const QModelIndex shown = m_jobFilter->mapFromSource(m_jobModel->index(static_cast<int>(index), 0));
        if (shown.isValid()) {
            m_jobTable->selectRow(shown.row());
            m_jobTable->scrollTo(shown);
        }
        highlightJob(static_cast<int>(index));
        return true;
    }
    return false;
}

QString MainWindow::jobMetricsText(int jobIndex) const
{
    const Job& job = m_current->jobs[static_cast<size_t>(jobIndex)];
    if (job.nodes.empty())
        return {};
    PlacementAnalyzer& analyzer = *m_current->analyzer;
    PlacementMetrics m;
    double minimum = 0;
    try {
        m = analyzer.measure(job.nodes);
        minimum = analyzer.minimumAph(m.nodes);
    } catch (const std::invalid_argument& error) {
        return tr("<b>Job %1</b><br>%2")
            .arg(QString::fromStdString(job.id).toHtmlEscaped(), QString::fromUtf8(error.what()).toHtmlEscaped());
    }
    QString text
        = tr("<b>Job %1</b> (%2), %3 nodes<br>"
             "APH %4 hops (minimum for %3 nodes: %5)<br>"
             "<small>switch-to-switch links; +2 counting node links</small><br>")
              .arg(QString::fromStdString(job.id).toHtmlEscaped(), QString::fromStdString(job.user).toHtmlEscaped())
              .arg(m.nodes)
              .arg(m.aph, 0, 'f', 2)
              .arg(minimum, 0, 'f', 2);
    if (m.routers >= 0)
        text += tr("%1 partitions on %2 routers<br>").arg(m.partitions).arg(m.routers);
    else
        text += tr("%1 leaves in %2 pods; lowest common switch level %3<br>")
                    .arg(m.leaves)
                    .arg(m.pods)
                    .arg(m.lowestCommonLevel);
    return text
        + tr("Spread %1 (node %2 to %3)")
              .arg(m.spread)
              .arg(*std::min_element(job.nodes.begin(), job.nodes.end()))
              .arg(*std::max_element(job.nodes.begin(), job.nodes.end()));
}

void MainWindow::recolor()
{
    std::vector<QRgb> colors(m_owners.size());
    const bool highlighting = m_highlightedJob >= 0;
    for (size_t node = 0; node < m_owners.size(); ++node) {
        const int owner = m_owners[node];
        QRgb color = owner < 0 ? idleNodeColor() : jobColor(owner);
        if (highlighting && owner != m_highlightedJob) // dim everything but the chosen job
            color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
        colors[node] = color;
    }
    m_view->setNodeColors(colors);
}

void MainWindow::updateSummary()
{
    const Topology& topology = *m_current->topology;
    const int nodeCount = topology.nodeCount();
    int busy = 0;
    std::vector<bool> seen(m_current->jobs.size(), false);
    int running = 0;
    for (int owner : m_owners) {
        if (owner < 0)
            continue;
        ++busy;
        if (!seen[static_cast<size_t>(owner)]) {
            seen[static_cast<size_t>(owner)] = true;
            ++running;
        }
    }
    const double percent = nodeCount ? 100.0 * busy / nodeCount : 0;
    m_statusTime->setText(tr("%1 UTC · %2 jobs running · %3 of %4 nodes busy (%5%)")
                              .arg(formatTime(m_time))
                              .arg(running)
                              .arg(busy)
                              .arg(nodeCount)
                              .arg(percent, 0, 'f', 1));
    m_summary->setText(
        tr("<b>%1</b><br>%2<br>%11<br><br>%3 jobs from %4 to %5 UTC<br><br>"
           "<b>At %6 UTC</b><br>%7 jobs running<br>%8 of %9 nodes busy (%10%)")
            .arg(QString::fromStdString(m_current->record.name).toHtmlEscaped(),
                 QString::fromStdString(topology.describe()).toHtmlEscaped())
            .arg(m_current->jobs.size())
            .arg(formatTime(m_current->firstTime), formatTime(m_current->lastTime), formatTime(m_time))
            .arg(running)
            .arg(busy)
            .arg(nodeCount)
            .arg(percent, 0, 'f', 1)
            .arg(m_current->runId ? tr("Simulated run <i>%1</i>").arg(currentRunName().toHtmlEscaped())
                                  : tr("Logged placements"))
        + (m_highlightedJob >= 0 ? QStringLiteral("<br><br>") + jobMetricsText(m_highlightedJob) : QString()));
}

void MainWindow::showNode(int node)
{
    if (!m_current || node < 0 || node >= m_current->topology->nodeCount()) {
        m_jobTable->clearSelection();
        highlightJob(-1);
        statusBar()->showMessage(tr("No node there."), 3000);
        return;
    }
    const Topology& topology = *m_current->topology;
    const QString where = QString::fromStdString(m_current->nodeName(node) + " · " + topology.nodeLocation(node));
    const int owner = m_owners[static_cast<size_t>(node)];
    if (owner < 0) {
        highlightJob(-1);
        statusBar()->showMessage(tr("%1 · idle").arg(where));
        return;
    }
    const QModelIndex source = m_jobModel->index(owner, JobTableModel::IdColumn);
    const QModelIndex shown = m_jobFilter->mapFromSource(source);
    if (shown.isValid()) {
        m_jobTable->selectRow(shown.row());
        m_jobTable->scrollTo(shown);
    }
    highlightJob(owner);
    const Job& job = m_current->jobs[static_cast<size_t>(owner)];
    statusBar()->showMessage(tr("%1 · job %2 (%3, %4 nodes)")
                                 .arg(where, QString::fromStdString(job.id), QString::fromStdString(job.user))
                                 .arg(job.nodes.size()));
}

} // namespace placement
