// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/MainWindow.h"

#include "app/ChartDataLoader.h"
#include "app/ComparePane.h"
#include "app/ExportActions.h"
#include "app/ImportDialog.h"
#include "app/InspectorDock.h"
#include "app/JobTableModel.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TimelineDock.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "views/ChartsDock.h"
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
#include <QLabel>
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

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
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
    centre->addWidget(m_view);
    m_comparePane = new ComparePane(centre);
    centre->addWidget(m_comparePane);
    m_comparePane->hide();
    centre->setStretchFactor(1, 1);
    m_comparePane->followCamera(m_view);
    setCentralWidget(centre);
    m_view->setMinimumSize(320, 240);
    createDocks();
    createActions();

    m_statusTime = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusTime);
    statusBar()->showMessage(tr("Click a node to see which job holds it; drag to rotate, wheel to zoom."));

    connect(m_view, &MachineView::nodePicked, this, &MainWindow::showNode);
    connect(m_view, &MachineView::linkPicked, this, [this](int link, QPointF position) {
        if (m_current)
            showPickedText(describeLink(*m_current, m_owners, link), position);
    });
    connect(m_view, &MachineView::switchPicked, this, [this](int vertex, QPointF position) {
        if (m_current)
            showPickedText(describeSwitch(*m_current, m_owners, vertex), position);
    });
    m_view->setNodeToolTip([this](int node) { return nodeToolTip(node); });
    connect(m_timelineDock, &TimelineDock::timeChanged, this, &MainWindow::setCurrentTime);
    connect(m_timelineDock->gantt(), &GanttChart::jobClicked, this, [this](int job) {
        if (m_current && job >= 0 && static_cast<size_t>(job) < m_current->jobs.size())
            showJob(QString::fromStdString(m_current->jobs[static_cast<size_t>(job)].id));
    });
    connect(m_machineBox, &QComboBox::activated, this, &MainWindow::selectMachine);
    connect(m_runBox, &QComboBox::activated, this, &MainWindow::selectRunAt);
    restoreSettings();
}

MainWindow::~MainWindow()
{
    // The job table computes metrics on a worker thread from the machine about to go;
    // stop it first (the docks themselves are deleted after the members).
    m_jobsDock->setMachine(nullptr, {});
}

void MainWindow::chooseDatabase()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), QFileInfo(m_databasePath).path(),
                                                      tr("Placement databases (*.sqlite *.db);;All files (*)"));
    if (!path.isEmpty() && !openDatabase(path))
        QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
}

namespace {

/// The local files of a drag, or nothing when any of it is not a local file.
QStringList droppedFiles(const QMimeData* data)
{
    QStringList files;
    if (!data || !data->hasUrls())
        return {};
    for (const QUrl& url : data->urls()) {
        if (!url.isLocalFile() || !QFileInfo(url.toLocalFile()).isFile())
            return {};
        files << url.toLocalFile();
    }
    return files;
}

bool isDatabaseFile(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("sqlite") || suffix == QLatin1String("db") || suffix == QLatin1String("sqlite3");
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    // Open the dialog after the drop returns: the drag source is not kept waiting.
    QTimer::singleShot(0, this, [this, files] {
        if (files.size() == 1 && isDatabaseFile(files.front())) {
            if (!openDatabase(files.front()))
                QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
            return;
        }
        chooseImport(files);
    });
}

void MainWindow::chooseImport(const QStringList& files)
{
    QStringList machines;
    for (const MachineRecord& machine : m_machines)
        machines << QString::fromStdString(machine.name);
    ImportDialog dialog(machines, this);
    if (!files.isEmpty())
        dialog.setFiles(files);
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
    m_jobsDock->setMachine(nullptr, {}); // before the machine it shows goes
    m_inspectorDock->setMachine(nullptr, {});
    m_timelineDock->setJobs(nullptr, 1, 0, 1);
    m_comparePane->clear(); // compares with the machine that goes
    m_comparePane->hide();
    m_current = std::move(machine);
    m_highlightedJob = -1;
    m_jobsDock->setMachine(m_current.get(), m_databasePath);
    m_inspectorDock->setMachine(m_current.get(), m_databasePath, m_jobsDock->metricsCache());
    m_view->setNodeLayout(m_current->layout);
    m_view->setNetworkLayout(layoutNetwork(*m_current->topology, m_current->layout,
                                           m_wrapLinksAction && m_wrapLinksAction->isChecked()));
    m_linkMode = defaultLinkColorMode(*m_current);
    if (m_linkModeActions[0])
        m_linkModeActions[static_cast<size_t>(m_linkMode)]->setChecked(true);
    m_timelineDock->setRange(m_current->firstTime, m_current->lastTime);
    m_timelineDock->setJobs(&m_current->jobs, m_current->topology->nodeCount(), m_current->firstTime,
                            m_current->lastTime);
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
    if (m_compareBox) {
        const QSignalBlocker compareBlocker(m_compareBox);
        m_compareBox->clear();
        m_compareBox->addItem(tr("(nothing)"));
        m_compareBox->addItem(tr("logged"));
        for (const RunRecord& run : m_runs)
            m_compareBox->addItem(QString::fromStdString(run.name));
    }
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
    m_jobsDock->setTime(m_time);
    m_inspectorDock->setTime(m_time, &m_owners);
    if (comparing())
        m_comparePane->setTime(m_time);
    recolor();
    updateSummary();
}

void MainWindow::highlightJob(int jobIndex)
{
    m_highlightedJob = jobIndex;
    m_inspectorDock->setJob(jobIndex);
    m_timelineDock->gantt()->setHighlightedJob(jobIndex);
    // The chosen job's fragments outlined (its partitions: core/NetworkLayout.h).
    const bool known = m_current && jobIndex >= 0 && static_cast<size_t>(jobIndex) < m_current->jobs.size();
    m_view->setOutlines(known ? fragmentBoxes(*m_current->topology, m_current->layout,
                                              m_current->jobs[static_cast<size_t>(jobIndex)].nodes)
                              : std::vector<std::pair<Vec3, Vec3>>{});
    if (comparing())
        m_comparePane->setHighlightedJob(jobIndex);
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
        m_jobsDock->selectJob(static_cast<int>(index));
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
    // Compare mode without a chosen job: jobs placed alike in both runs are dimmed.
    const std::vector<char>* differs = comparing() && !highlighting ? &m_comparePane->comparison().firstDiffers : nullptr;
    for (size_t node = 0; node < m_owners.size(); ++node) {
        const int owner = m_owners[node];
        QRgb color = owner < 0 ? idleNodeColor() : m_jobColors(owner);
        const bool dim = highlighting ? owner != m_highlightedJob // everything but the chosen job
                                      : differs && owner >= 0 && !(*differs)[static_cast<size_t>(owner)];
        if (dim)
            color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
        colors[node] = color;
    }
    // Nodes allocated to a running job but left idle (LaaS rounds jobs up to whole leaves):
    // the job's colour, faded.
    for (size_t job = 0; m_current && job < m_current->holdings.size(); ++job) {
        if (m_current->holdings[job].idleNodes.empty() || !m_current->jobs[job].runsAt(m_time))
            continue;
        for (int node : m_current->holdings[job].idleNodes) {
            QRgb color = jobColor(static_cast<int>(job));
            color = qRgb((qRed(color) + 2 * 70) / 3, (qGreen(color) + 2 * 74) / 3, (qBlue(color) + 2 * 82) / 3);
            if (highlighting && static_cast<int>(job) != m_highlightedJob)
                color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
            if (static_cast<size_t>(node) < colors.size())
                colors[static_cast<size_t>(node)] = color;
        }
    }
    m_view->setNodeColors(colors);
    if (m_current && m_view->linksVisible())
        m_view->setLinkColors(linkColors(*m_current, m_owners, m_linkMode, m_highlightedJob));
}

bool MainWindow::comparing() const
{
    return m_comparePane->isLoaded() && !m_comparePane->isHidden();
}

bool MainWindow::compareWithRun(const QString& name)
{
    if (name.isEmpty() || !m_current) {
        m_comparePane->clear();
        m_comparePane->hide();
        if (m_compareBox)
            m_compareBox->setCurrentIndex(0);
        recolor();
        return true;
    }
    std::int64_t runId = -1;
    if (name == QLatin1String("logged"))
        runId = 0;
    for (const RunRecord& run : m_runs)
        if (QString::fromStdString(run.name) == name)
            runId = run.id;
    if (runId < 0) {
        m_lastError = tr("machine '%1' has no run '%2'").arg(QString::fromStdString(m_current->record.name), name);
        return false;
    }
    try {
        m_comparePane->load(m_databasePath, *m_current, runId, name);
    } catch (const std::exception& error) {
        m_lastError = QString::fromUtf8(error.what());
        return false;
    }
    m_comparePane->show();
    m_comparePane->setTime(m_time);
    m_comparePane->setHighlightedJob(m_highlightedJob);
    m_comparePane->view()->setCameraState(m_view->cameraState());
    if (m_compareBox) {
        const QSignalBlocker blocker(m_compareBox);
        m_compareBox->setCurrentIndex(std::max(0, m_compareBox->findText(name)));
    }
    if (auto* centre = qobject_cast<EvenSplitter*>(centralWidget()))
        centre->evenOut();
    recolor();
    return true;
}

QString MainWindow::nodeToolTip(int node) const
{
    if (!m_current || node < 0 || node >= m_current->topology->nodeCount())
        return {};
    QString text = tr("<b>%1</b><br>%2")
                       .arg(QString::fromStdString(m_current->nodeName(node)).toHtmlEscaped(),
                            QString::fromStdString(m_current->topology->nodeLocation(node)).toHtmlEscaped());
    const int owner = static_cast<size_t>(node) < m_owners.size() ? m_owners[static_cast<size_t>(node)] : -1;
    if (owner >= 0) {
        const Job& job = m_current->jobs[static_cast<size_t>(owner)];
        text += tr("<br>Job %1 (%2), %3 nodes")
                    .arg(QString::fromStdString(job.id).toHtmlEscaped(), QString::fromStdString(job.user).toHtmlEscaped())
                    .arg(job.nodes.size());
    } else {
        const auto held = std::find_if(m_current->holdings.begin(), m_current->holdings.end(), [&](const RunHoldings& h) {
            const auto index = &h - m_current->holdings.data();
            return m_current->jobs[static_cast<size_t>(index)].runsAt(m_time)
                   && std::binary_search(h.idleNodes.begin(), h.idleNodes.end(), node);
        });
        text += held == m_current->holdings.end()
                    ? tr("<br>Idle")
                    : tr("<br>Allocated to job %1 but unused (whole leaves)")
                          .arg(QString::fromStdString(
                                   m_current->jobs[static_cast<size_t>(held - m_current->holdings.begin())].id)
                                   .toHtmlEscaped());
    }
    return text;
}

void MainWindow::setLinksShown(bool shown)
{
    if (m_linksAction->isChecked() != shown) {
        m_linksAction->setChecked(shown); // comes back here through toggled()
        return;
    }
    m_view->setLinksVisible(shown);
    recolor();
}

void MainWindow::setLinkColorMode(LinkColorMode mode)
{
    m_linkMode = mode;
    m_linkModeActions[static_cast<size_t>(mode)]->setChecked(true);
    recolor();
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
    if (!m_current || node < 0 || node >= m_current->topology->nodeCount()) {
        m_jobsDock->clearSelection();
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
    m_jobsDock->selectJob(owner);
    highlightJob(owner);
    const Job& job = m_current->jobs[static_cast<size_t>(owner)];
    statusBar()->showMessage(tr("%1 · job %2 (%3, %4 nodes)")
                                 .arg(where, QString::fromStdString(job.id), QString::fromStdString(job.user))
                                 .arg(job.nodes.size()));
}

} // namespace placement
