// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/SimulationReport.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace placement {

class Topology;

/// Asks how to replay a machine's jobs: policy, node order, backfilling, window, speed-up,
/// seed and workload transforms (what `placement simulate` asks on the command line).
class SimulateDialog : public QDialog
{
    Q_OBJECT
public:
    SimulateDialog(const std::string& machine, const Topology& topology, QWidget* parent = nullptr);

    SimulationSetup setup() const;

private:
    void policyChanged();
    void updateEnabled();

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
};

/// What a simulation started from the explorer produced.
struct SimulationOutcome
{
    bool finished = false; ///< stored; false when cancelled or failed
    bool cancelled = false;
    QString error;
    SimulationSummary summary;
};

/// Runs a simulation off the GUI thread behind a progress dialog with Cancel, on its own
/// database connection. A cancelled or failed run stores nothing.
class SimulationRunner : public QObject
{
    Q_OBJECT
public:
    /// Blocks in a local event loop (the GUI stays live) until the run ends. `cancelAfter`
    /// > 0 presses Cancel once that many jobs are done (for tests).
    static SimulationOutcome run(const QString& databasePath, SimulationSetup setup, QWidget* parent,
                                 int cancelAfter = 0);
};

} // namespace placement
