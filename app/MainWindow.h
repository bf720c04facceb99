// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ExplorerSession.h"
#include "app/JobsDock.h"
#include "app/LinkColoring.h"
#include "app/MachineData.h"
#include "app/cli/FromSlurm.h"
#include "importers/JobImport.h"
#include "store/Runs.h"
#include "views/JobPalette.h"

#include <QMainWindow>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QTableView;

namespace placement {

class ComparePane;
class RunTableModel;

class MachineView;
class InspectorDock;
class TimelineDock;
class ChartsDock;
class ExportActions;
class TaskListDock;
struct SimulationOutcome;
struct SweepRequest;

/// The explorer's main window: the 3D machine view in the centre, docks for the job table,
/// metrics and the timeline. Window state and recent files persist in QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a database and shows its first machine at its busiest moment, or the machine
    /// and run named where the database has them (ExplorerSession::openDatabase()). On
    /// failure the current database stays open and lastError() says why (naming the file).
    /// With ExplorerSession::Reading::InBackground, the window shows the machine while its
    /// jobs are read, and says so; a reading that fails is reported when it ends.
    bool openDatabase(const QString& path, const QString& machine = {}, const QString& run = {},
                      ExplorerSession::Reading reading = ExplorerSession::Reading::Now);
    /// Creates an empty project database at `path` (never over an existing file) and
    /// switches to it; false (lastError()) if it cannot.
    bool createDatabase(const QString& path);
    QString lastError() const { return m_lastError; }
    /// Imports logs as a row of the Tasks dock (progress, Cancel) while the window stays
    /// usable; when it ends, the row says what was stored and the imported machine is shown.
    /// Returns the task's number.
    int importInBackground(const ImportRequest& request);
    /// File > Import from Slurm: the jobs Slurm's accounting reports and the database does not
    /// hold yet, as `placement import --from-slurm` imports them, as a row of the Tasks dock;
    /// the imported machine is shown when it ends. Returns the task's number.
    int importFromSlurmInBackground(const FromSlurmRequest& request);
    QString databasePath() const { return m_session->databasePath(); }

    /// What the window shows: every dock and view follows it.
    ExplorerSession* session() const { return m_session; }

    int machineCount() const { return static_cast<int>(m_session->machines().size()); }
    void selectMachine(int index);
    const MachineData* currentMachine() const { return m_session->machine(); }
    /// Shows the placements of the current machine's stored run `name` ("" or "logged": the
    /// logged placements). False if there is no such run.
    bool selectRun(const QString& name);
    QStringList runNames() const;
    /// The name of the run shown; empty for the logged placements.
    QString currentRunName() const { return m_session->runName(); }

    void setCurrentTime(std::int64_t time) { m_session->setTime(time); }
    std::int64_t currentTime() const { return m_session->time(); }
    /// Highlights one job (index into the current machine's jobs), -1 for none.
    void highlightJob(int jobIndex) { m_session->selectJob(jobIndex); }
    int highlightedJob() const { return m_session->selectedJob(); }
    /// Shows the job with this id: moves the time into its run if needed, selects and
    /// highlights it. False when the current machine has no such job.
    bool showJob(const QString& id) { return m_session->selectJobById(id); }

    /// Shows or hides the network's links (View > Show Links) and chooses their colouring.
    void setLinksShown(bool shown) { m_session->setLinksShown(shown); }
    /// What the 3D view's tooltip says about a node: name, location, the job on it now.
    QString nodeToolTip(int node) const;
    /// What the last click on a switch or link said (rich text), empty before any.
    QString lastPickedText() const { return m_lastPicked; }
    void setLinkColorMode(LinkColorMode mode) { m_session->setLinkColorMode(mode); }
    LinkColorMode linkColorMode() const { return m_session->linkColorMode(); }

    /// Compare mode: the run `name` ("logged": the logged placements) in a second view beside
    /// the main one, one time cursor, linked cameras, jobs placed alike dimmed on both sides;
    /// "" ends it. False (and a message in lastError()) if there is no such run.
    bool compareWithRun(const QString& name);
    ComparePane* comparePane() const { return m_comparePane; }
    bool comparing() const;
    /// The label above the main view naming its run in compare mode.
    QLabel* runLabel() const { return m_runLabel; }

    MachineView* machineView() const { return m_view; }
    QDockWidget* jobsDock() const { return m_jobsDock; }
    QDockWidget* metricsDock() const { return m_metricsDock; }
    InspectorDock* inspectorDock() const { return m_inspectorDock; }
    QDockWidget* runsDock() const { return m_runsDock; }
    TimelineDock* timelineDock() const { return m_timelineDock; }
    ChartsDock* chartsDock() const { return m_chartsDock; }
    /// Simulations running or done, each with its progress and Cancel.
    TaskListDock* tasksDock() const { return m_tasksDock; }

    void saveSettings() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    /// Log files dropped on the window open the Import dialog with them; a database file
    /// (.sqlite, .db) dropped alone is opened.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDocks();
    void connectSession();
    void restoreSettings();
    void rebuildRecentMenu();
    void chooseDatabase();
    void chooseNewDatabase();
    /// The Import dialog, with `files` already listed (dropped on the window).
    void chooseImport(const QStringList& files = {});
    void chooseSlurmImport();
    /// Shows the Tasks dock and `message` for an import starting; returns the database's path.
    QString showBackgroundImport(const QString& message);
    void chooseSimulation();
    /// What the simulation's task row says when it ended; the run list follows.
    QString importEnded(const ImportResult& result, const QString& failure, const QString& path);
    QString simulationEnded(const SimulationOutcome& outcome, const QString& path, std::int64_t machineId);
    void chooseTime();
    // What each change of the session redraws.
    void showDatabase();
    void showMachineList();
    void showMachine();
    void showRuns();
    void showCompared();
    void showTime();
    void showSelectedJob();
    void showNetwork();
    /// What the window says while the jobs of `outline` (machineBeingRead()) are read.
    QString readingText(const MachineData& outline) const;
    void showNode(int node);
    void showPickedText(const QString& text, QPointF position);
    void recolor();
    void updateSummary();
    QString jobMetricsText(int jobIndex) const;
    /// Gives the charts dock the current machine's runs (after every change of the run list).
    void updateChartRuns();

public:
    /// Starts a sweep (here, in the Tasks dock, or submitted to Slurm); returns its task.
    int startSweep(const SweepRequest& request);

private:
    /// The sweep chart draws the simulated runs the Runs dock shows.
    void updateSweepChart();

    ExplorerSession* m_session;
    MachineView* m_view;
    QLabel* m_runLabel = nullptr;
    QComboBox* m_machineBox;
    QComboBox* m_runBox;
    JobsDock* m_jobsDock = nullptr;
    InspectorDock* m_inspectorDock = nullptr;
    QDockWidget* m_metricsDock = nullptr;
    QDockWidget* m_runsDock = nullptr;
    RunTableModel* m_runModel = nullptr;
    TimelineDock* m_timelineDock = nullptr;
    ChartsDock* m_chartsDock = nullptr;
    TaskListDock* m_tasksDock = nullptr;
    ExportActions* m_exportActions = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_statusTime = nullptr;
    QMenu* m_recentMenu = nullptr;
    QString m_lastPicked;
    QString m_lastError;
    ComparePane* m_comparePane = nullptr;
    QComboBox* m_compareBox = nullptr;
    QAction* m_linksAction = nullptr;
    QAction* m_wrapLinksAction = nullptr;
    std::array<QAction*, 3> m_linkModeActions{};
    JobColors m_jobColors;
};

} // namespace placement
