// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/TaskListDock.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace placement {

TaskListDock::TaskListDock(QWidget* parent)
    : QDockWidget(tr("Tasks"), parent)
    , m_rows(new QVBoxLayout)
    , m_empty(new QLabel(tr("No simulation has run yet.")))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("tasksDock"));
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(6, 4, 6, 4);
    m_rows->setSpacing(6);
    column->addLayout(m_rows);
    column->addWidget(m_empty);
    column->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    setWidget(scroll);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, &TaskListDock::updateProgress);
}

TaskListDock::~TaskListDock()
{
    // Stop what still runs: a task must not outlive the window it reports to.
    for (Task& task : m_tasks)
        if (task.running)
            task.progress->cancel = true;
    for (Task& task : m_tasks)
        task.tracker.reset(); // waits for the job; its result is dropped
}

int TaskListDock::start(const QString& label, std::shared_ptr<TaskProgress> progress, std::function<void()> work,
                        std::function<QString()> done)
{
    const int number = static_cast<int>(m_tasks.size());
    Task& task = m_tasks.emplace_back();
    task.label = label;
    task.progress = std::move(progress);
    task.text = new QLabel(tr("<b>%1</b><br>running…").arg(label.toHtmlEscaped()));
    task.text->setWordWrap(true);
    task.text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    task.bar = new QProgressBar;
    task.bar->setRange(0, 1000);
    task.cancel = new QToolButton;
    task.cancel->setText(tr("Cancel"));
    task.cancel->setToolTip(tr("Stop this task; nothing of it is stored"));
    task.cancel->setObjectName(QStringLiteral("cancelTask%1").arg(number));
    auto* row = new QGridLayout;
    row->addWidget(task.text, 0, 0, 1, 2);
    row->addWidget(task.bar, 1, 0);
    row->addWidget(task.cancel, 1, 1);
    m_rows->addLayout(row);
    m_empty->hide();
    connect(task.cancel, &QToolButton::clicked, this, [this, number] {
        Task& t = m_tasks[static_cast<size_t>(number)];
        t.progress->cancel = true;
        t.cancel->setEnabled(false);
        t.text->setText(tr("<b>%1</b><br>cancelling…").arg(t.label.toHtmlEscaped()));
    });
    task.tracker = std::make_unique<JobTracker>(this);
    // Cancel sets the task's progress: the work stops early and its outcome still arrives.
    task.tracker->startJob([work = std::move(work)](const JobControl&) { work(); },
                           [this, number, done = std::move(done)] {
                               Task& t = m_tasks[static_cast<size_t>(number)];
                               t.running = false;
                               t.bar->setValue(1000);
                               t.cancel->hide();
                               t.text->setText(tr("<b>%1</b><br>%2").arg(t.label.toHtmlEscaped(), done()));
                               if (runningCount() == 0)
                                   m_timer->stop();
                               emit taskEnded(number);
                           },
                           task.progress);
    m_timer->start();
    return number;
}

int TaskListDock::runningCount() const
{
    int running = 0;
    for (const Task& task : m_tasks)
        running += task.running ? 1 : 0;
    return running;
}

QString TaskListDock::taskText(int task) const
{
    return task >= 0 && task < taskCount() ? m_tasks[static_cast<size_t>(task)].text->text() : QString();
}

QToolButton* TaskListDock::cancelButton(int task) const
{
    return task >= 0 && task < taskCount() ? m_tasks[static_cast<size_t>(task)].cancel : nullptr;
}

void TaskListDock::updateProgress()
{
    for (Task& task : m_tasks)
        if (task.running)
            task.bar->setValue(task.progress->permille.load());
}

} // namespace placement
