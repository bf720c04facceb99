// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"
#include "services/CoreRun.h"
#include "services/Sweep.h"

#include <QDialog>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace placement {

class TaskListDock;

/// A sweep asked for in the Simulate dialog: every combination of its policies, speed-ups
/// and seeds, the dialog's other settings for all (what `placement sweep` does).
struct SweepRequest
{
    SweepTarget target;
    std::string name; ///< the sweep's name (placement sweep --name)
    int workers = 1; ///< points replayed at once, here
    bool slurm = false; ///< submitted to the Slurm cluster as a job array instead
    /// The `placement sweep` arguments that make the same sweep (with --slurm for Slurm).
    QStringList commandLine() const;
};
class Topology;
struct TaskProgress;

/// Asks how to replay a machine's jobs: policy, node order, backfilling, window, speed-up,
/// seed and workload transforms (what `placement simulate` asks on the command line).
///
/// The values chosen last for a machine come back the next time (QSettings, by machine
/// name). Policies this machine cannot have are listed, disabled, with the reason. Given the
/// workload (setWorkload), the dialog shows the load it offers the machine and warns when it
/// is more than the machine can do.
class SimulateDialog : public QDialog
{
    Q_OBJECT
public:
    SimulateDialog(const std::string& machine, const Topology& topology, QWidget* parent = nullptr);

    /// The stored jobs of machine `machineId` in the database at `databasePath`: the dialog
    /// computes the load they offer as transformed by its settings.
    void setWorkload(const QString& databasePath, std::int64_t machineId);
    /// The offered load (core/OfferedLoad.h) for the current settings; nothing before
    /// setWorkload() or when the submits span no time.
    std::optional<double> offeredLoad() const { return m_loadValue; }
    /// What the dialog says about the load (and any policy this machine cannot have).
    QString loadText() const;

    /// Throws std::invalid_argument for a policy this machine cannot have (the reason).
    SimulationSetup setup() const;
    /// Whether the machine's nodes say how many cores they have: a replay by cores needs it.
    void setCoresKnown(bool known);
    /// The replay by cores asked for, when "by cores" is ticked (services/CoreRun.h): the
    /// policy, backfilling, window and name of the form; throws std::invalid_argument for a
    /// backfilling a replay by cores does not have (conservative).
    std::optional<CoreRunSetup> coreSetup() const;
    /// The sweep asked for, when "Sweep" is ticked; throws std::invalid_argument for a list
    /// that does not parse (naming the list and the value).
    std::optional<SweepRequest> sweepRequest() const;
    /// Whether sweeps can go to a Slurm cluster from here (sbatch on the PATH, the
    /// `placement` command beside the explorer); if not, why in `why`.
    static bool slurmAvailable(QString* why = nullptr);

    void accept() override;

private:
    void policyChanged();
    void updateEnabled();
    void restoreSettings();
    void saveSettings() const;
    void updateLoad();
    WorkloadTransform transform() const;
    /// The settings without checking that this machine can have the policy chosen.
    SimulationSetup baseSetup() const;

    std::string m_machine;
    QComboBox* m_policy;
    QComboBox* m_order;
    QComboBox* m_backfill;
    QSpinBox* m_window;
    QComboBox* m_speedup;
    QSpinBox* m_seed;
    QSpinBox* m_scaleNodes;
    QComboBox* m_arrivals;
    QDoubleSpinBox* m_arrivalScale;
    QSpinBox* m_cpusPerNode;
    QLineEdit* m_name;
    QCheckBox* m_byCores;
    bool m_coresKnown = false;
    QGroupBox* m_sweep;
    QLineEdit* m_sweepPolicies;
    QLineEdit* m_sweepSpeedups;
    QLineEdit* m_sweepSeeds;
    QLineEdit* m_sweepName;
    QComboBox* m_sweepWhere;
    QSpinBox* m_sweepWorkers;
    QLabel* m_sweepError;
    QLabel* m_load;
    QLabel* m_unavailable;
    QTimer* m_loadTimer;
    int m_machineNodes = 0;
    std::optional<double> m_loadValue;
    QString m_databasePath;
    std::int64_t m_machineId = 0;
    int m_workloadCpus = 0; ///< processors per node the cached workload was read with
    std::vector<SimulationJob> m_workload;
    std::map<QString, QString> m_refused; ///< policy: why this machine cannot have it
};

/// What a simulation started from the explorer produced.
struct SimulationOutcome
{
    bool finished = false; ///< stored; false when cancelled or failed
    bool cancelled = false;
    QString error;
    SimulationSummary summary;
    /// A replay by cores: the share of the machine's cores its jobs held (over the makespan).
    std::optional<double> coreUtilization;
};

/// Runs a simulation off the GUI thread on its own database connection. A cancelled or
/// failed run stores nothing.
class SimulationRunner : public QObject
{
    Q_OBJECT
public:
    /// Behind a progress dialog with Cancel; blocks in a local event loop (the GUI stays
    /// live) until the run ends. `cancelAfter` > 0 presses Cancel once that many jobs are
    /// done (for tests).
    static SimulationOutcome run(const QString& databasePath, SimulationSetup setup, QWidget* parent,
                                 int cancelAfter = 0);
    /// As a row of `tasks` with its progress and Cancel, without waiting: `done` gets the
    /// outcome on the GUI thread and returns what the row says then. Returns the task.
    static int start(TaskListDock& tasks, const QString& databasePath, SimulationSetup setup,
                     std::shared_ptr<TaskProgress> progress, std::function<QString(const SimulationOutcome&)> done);
    /// A replay by cores, the same way; Cancel stops it from being stored (the replay itself
    /// runs to its end).
    static int start(TaskListDock& tasks, const QString& databasePath, CoreRunSetup setup,
                     std::shared_ptr<TaskProgress> progress, std::function<QString(const SimulationOutcome&)> done);
};

/// What a sweep started from the explorer did.
struct SweepRunOutcome
{
    int stored = 0, storedBefore = 0, failed = 0, empty = 0, stopped = 0;
    QString error; ///< the sweep could not start (or sbatch failed)
    QStringList failures; ///< the points that failed and why
    QString slurmJob; ///< the job array's id, when submitted to Slurm
    QString slurmOutput; ///< what `placement sweep --slurm` said
    /// Slurm: the points of the sweep, and of them stored in the database when following
    /// ended (by this or an earlier sweep), and neither stored nor finished then.
    int points = 0, inDatabase = 0, left = 0;
    QStringList taskProblems; ///< Slurm: array tasks that did not complete, with their logs
    bool followed = false; ///< Slurm: the array was followed until every task ended
};

/// What `placement sweep … --status` printed (app/cli/SweepCommand.cpp, showStatus).
struct SweepStatus
{
    bool valid = false; ///< the "points:" line was read
    int points = 0, inDatabase = 0, notCollected = 0, left = 0;
    std::map<QString, int> tasks; ///< array tasks by state (pending, running, completed, failed, ...)
    QStringList problems; ///< "JOB_TASK STATE: see LOG" lines
    /// Whether Slurm still has tasks of the sweep to run.
    bool tasksActive() const;
};
SweepStatus parseSweepStatus(const QString& text);

/// Runs a sweep from the explorer as a row of the Tasks dock (progress over the points,
/// Cancel stops it keeping the finished points), or submits it to Slurm through
/// `placement sweep --slurm` (the command's own code path).
class SweepRunner
{
public:
    /// Here, with request.workers points at a time, each stored as it finishes:
    /// `pointStored` runs on the GUI thread after each stored point; `done` gets the outcome
    /// on the GUI thread and returns what the row says then. Returns the task.
    static int start(TaskListDock& tasks, const SweepRequest& request, std::shared_ptr<TaskProgress> progress,
                     std::function<void()> pointStored, std::function<QString(const SweepRunOutcome&)> done);
    /// On Slurm: runs `placement sweep ... --slurm` in a task, then follows the array: every
    /// `pollSeconds` it collects the finished points into the database (`--collect`; then
    /// `pointStored` runs on the GUI thread) and reads `--status`, until every point is stored
    /// or no task is left to run. Cancel stops following only: the array goes on, and the
    /// same command with --collect stores its runs later.
    static int submit(TaskListDock& tasks, const SweepRequest& request, std::shared_ptr<TaskProgress> progress,
                      std::function<void()> pointStored, std::function<QString(const SweepRunOutcome&)> done,
                      int pollSeconds = 5);
    /// The `placement` command the explorer runs for Slurm: beside its own program, else
    /// on the PATH; empty when there is none.
    static QString placementProgram();
};

} // namespace placement
