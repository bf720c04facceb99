// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/WhatIf.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <string>

class QComboBox;
class QLabel;

namespace placement {

class ExplorerSession;
struct MachineData;
class Topology;
class JobTracker;

/// Where the what-if policy would have placed the selected job.
struct InspectedWhatIf
{
    int job = -1; ///< index in the shown run's job list; -1: none asked
    std::string policy;
    bool done = false;
    std::string error; ///< why the policy cannot be asked on this machine
    WhatIfDecision decision; ///< when done without error
};

/// In the inspector: a policy picker and, for the selected job, the nodes that policy would
/// have chosen at the moment the job started, given what the run's other jobs held then
/// (core/WhatIf.h's whatIfForJob: the answer `placement whatif` gives for that job), with
/// both placements' APH, partitions and leaves. The replay runs on a worker thread; the
/// main window marks the chosen nodes in the 3D view (chosenNodes()).
class WhatIfPanel : public QWidget
{
    Q_OBJECT
public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    ~WhatIfPanel() override;

    /// Asks what `session` shows: its run, selected job and what-if policy.
    void follow(ExplorerSession* session);
    const InspectedWhatIf& inspected() const { return m_inspected; }
    /// The nodes to mark: the policy's, once it has answered and found room; else none.
    std::vector<int> chosenNodes() const;
    bool isBusy() const { return m_pending; }
    QComboBox* policyBox() const { return m_policyBox; }
    QString text() const;

signals:
    /// The answer (or the question) changed.
    void changed();

private:
    void refresh();
    void showAnswer();

    QComboBox* m_policyBox;
    QLabel* m_text;
    std::unique_ptr<JobTracker> m_work;
    ExplorerSession* m_session = nullptr;
    std::shared_ptr<const MachineData> m_machine;
    InspectedWhatIf m_inspected;
    bool m_pending = false;
};

} // namespace placement
