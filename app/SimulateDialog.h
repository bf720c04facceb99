// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"

#include <QDialog>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace placement {

class TaskListDock;
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

    void accept() override;

private:
    void policyChanged();
    void updateEnabled();
    void restoreSettings();
    void saveSettings() const;
    void updateLoad();
    WorkloadTransform transform() const;

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
};

} // namespace placement
