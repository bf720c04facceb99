#pragma once

#include "app/MachineData.h"
#include "store/Runs.h"

#include <QMainWindow>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QTableView;

namespace placement {

class RunTableModel;

class JobTableModel;
class MachineView;
class RunningJobsFilter;
class TimelineDock;

/// The explorer's main window: the 3D machine view in the centre, docks for the job table,
/// metrics and the timeline. Window state and recent files persist in QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a database and shows its first machine at its busiest moment. On failure the
    /// current database stays open and lastError() says why (naming the file).
    bool openDatabase(const QString& path);
    QString lastError() const { return m_lastError; }
    QString databasePath() const { return m_databasePath; }

    int machineCount() const { return static_cast<int>(m_machines.size()); }
    void selectMachine(int index);
    const MachineData* currentMachine() const { return m_current.get(); }
    /// Shows the placements of the current machine's stored run `name` ("" or "logged": the
    /// logged placements). False if there is no such run.
    bool selectRun(const QString& name);
    QStringList runNames() const;
    /// The name of the run shown; empty for the logged placements.
    QString currentRunName() const;

    void setCurrentTime(std::int64_t time);
    std::int64_t currentTime() const { return m_time; }
    /// Highlights one job (index into the current machine's jobs), -1 for none.
    void highlightJob(int jobIndex);
    /// Shows the job with this id: moves the time into its run if needed, selects and
    /// highlights it. False when the current machine has no such job.
    bool showJob(const QString& id);

    MachineView* machineView() const { return m_view; }
    QDockWidget* jobsDock() const { return m_jobsDock; }
    QDockWidget* metricsDock() const { return m_metricsDock; }
    QDockWidget* runsDock() const { return m_runsDock; }
    TimelineDock* timelineDock() const { return m_timelineDock; }

    void saveSettings() const;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createDocks();
    void restoreSettings();
    void rebuildRecentMenu();
    void chooseDatabase();
    void chooseImport();
    void chooseSimulation();
    void rebuildRunBox();
    void selectRunAt(int index);
    /// Shows `data` in every view, at its busiest moment.
    void install(std::unique_ptr<MachineData> machine);
    void showNode(int node);
    void recolor();
    void updateSummary();
    QString jobMetricsText(int jobIndex) const;

    MachineView* m_view;
    QComboBox* m_machineBox;
    QComboBox* m_runBox;
    QDockWidget* m_jobsDock = nullptr;
    QDockWidget* m_metricsDock = nullptr;
    QDockWidget* m_runsDock = nullptr;
    RunTableModel* m_runModel = nullptr;
    TimelineDock* m_timelineDock = nullptr;
    QTableView* m_jobTable = nullptr;
    JobTableModel* m_jobModel = nullptr;
    RunningJobsFilter* m_jobFilter = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_statusTime = nullptr;
    QMenu* m_recentMenu = nullptr;

    QString m_databasePath;
    QString m_lastError;
    std::vector<MachineRecord> m_machines;
    std::vector<RunRecord> m_runs; ///< the stored runs of the current machine
    std::unique_ptr<MachineData> m_current;
    std::vector<int> m_owners; ///< job index per node at m_time
    std::int64_t m_time = 0;
    int m_highlightedJob = -1;
};

} // namespace placement
