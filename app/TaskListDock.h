// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"

#include <QDockWidget>

#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QTimer;
class QToolButton;
class QVBoxLayout;

namespace placement {

/// Long work the window does not wait for (simulations): one row per task with its label,
/// a progress bar and Cancel, the outcome written in the row when it ends. Each task is the
/// job of a JobTracker of its own (so tasks run side by side); its result comes back on the GUI thread. The dock
/// cancels and waits for what still runs when it is destroyed.
class TaskListDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TaskListDock(QWidget* parent = nullptr);
    ~TaskListDock() override;

    /// Runs `work` on a new thread with `progress`; when it returns, `done` runs on the GUI
    /// thread (not when the dock is gone by then) and gives the text the row ends with.
    /// Returns the task's number.
    int start(const QString& label, std::shared_ptr<TaskProgress> progress, std::function<void()> work,
              std::function<QString()> done);

    int taskCount() const { return static_cast<int>(m_tasks.size()); }
    /// Tasks started and not yet ended.
    int runningCount() const;
    /// What row `task` says: its label and its state or outcome.
    QString taskText(int task) const;
    QToolButton* cancelButton(int task) const;

signals:
    /// A task ended (finished, failed or cancelled) and its `done` ran.
    void taskEnded(int task);

private:
    struct Task
    {
        QString label;
        std::shared_ptr<TaskProgress> progress;
        std::unique_ptr<JobTracker> tracker; ///< a worker of its own: tasks run side by side
        QLabel* text = nullptr;
        QProgressBar* bar = nullptr;
        QToolButton* cancel = nullptr;
        bool running = true;
    };
    void updateProgress();

    QVBoxLayout* m_rows;
    QLabel* m_empty;
    QTimer* m_timer;
    std::vector<Task> m_tasks;
};

} // namespace placement
