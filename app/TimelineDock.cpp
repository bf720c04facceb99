// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/TimelineDock.h"

#include "app/ExplorerSession.h"
#include "app/JobTableModel.h"
#include "app/MachineData.h"
#include "core/CoreHoldings.h"
#include "views/GanttChart.h"
#include "views/UtilizationChart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <optional>

namespace placement {

TimelineDock::TimelineDock(QWidget* parent)
    : QDockWidget(tr("Timeline"), parent)
    , m_gantt(new GanttChart)
    , m_chart(new UtilizationChart)
    , m_slider(new QSlider(Qt::Horizontal))
    , m_scroll(new QScrollBar(Qt::Horizontal))
    , m_label(new QLabel)
    , m_back(new QToolButton)
    , m_play(new QToolButton)
    , m_forward(new QToolButton)
    , m_speed(new QComboBox)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("timelineDock"));
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(4, 2, 4, 2);
    // One column, so that the Gantt and the chart share their width and x: the chart's
    // plot area sets where both draw time (alignTimeAxes).
    auto* charts = new QSplitter(Qt::Vertical);
    charts->setObjectName(QStringLiteral("timelineSplitter"));
    charts->setChildrenCollapsible(false);
    charts->setHandleWidth(4); // with the size hints (140 and 80): 224 pixels, leaving the 3D view its height
    charts->addWidget(m_gantt);
    charts->addWidget(m_chart);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 1);
    charts->setSizes({3 * m_chart->sizeHint().height(), m_chart->sizeHint().height()});
    column->addWidget(charts, 1);
    // Pans the charts' time axis when zoomed in (wheel on the charts; Shift+wheel pans too).
    m_scroll->setObjectName(QStringLiteral("timeScroll"));
    m_scroll->setToolTip(tr("Pan the time axis (wheel on the charts zooms, Shift+wheel pans)"));
    m_scroll->hide();
    column->addWidget(m_scroll);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this](int offset) { scrollTo(m_first + offset); });
    m_gantt->installEventFilter(this);
    m_chart->viewport()->installEventFilter(this);
    m_chart->setMinimumPlotMargins(GanttChart::MinimumLeftMargin, GanttChart::MinimumRightMargin);
    auto* layout = new QHBoxLayout;
    layout->setContentsMargins(0, 0, 0, 0);
    column->addLayout(layout);
    m_slider->setSingleStep(60);
    m_slider->setPageStep(3600);
    m_slider->setToolTip(tr("Time (arrow keys: one minute, Page Up/Down: one hour)"));
    m_label->setObjectName(QStringLiteral("timeLabel"));
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00:00 UTC  ")));
    m_label->setToolTip(tr("The time cursor, UTC (View › Go to Time… moves it)"));
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_back->setToolTip(tr("Previous event (a job starts or ends)"));
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play / pause the replay"));
    m_play->setCheckable(true);
    m_forward->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    m_forward->setToolTip(tr("Next event (a job starts or ends)"));
    for (const auto& [label, seconds] :
         {std::pair{tr("1 min/s"), 60}, std::pair{tr("10 min/s"), 600}, std::pair{tr("1 h/s"), 3600},
          std::pair{tr("6 h/s"), 21600}, std::pair{tr("1 day/s"), 86400}})
        m_speed->addItem(label, seconds);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Replay speed: workload time per second"));
    m_back->setObjectName(QStringLiteral("stepBack"));
    m_play->setObjectName(QStringLiteral("play"));
    m_forward->setObjectName(QStringLiteral("stepForward"));
    layout->addWidget(m_back);
    layout->addWidget(m_play);
    layout->addWidget(m_forward);
    layout->addWidget(m_speed);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_label);
    setWidget(content);
    // Up to 60 steps a second; each step advances by the time that really passed, so a slow
    // frame does not slow the replay down.
    m_timer->setInterval(16);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &TimelineDock::advance);
    connect(m_gantt, &GanttChart::timeClicked, this, &TimelineDock::moveTo);
    connect(m_chart, &UtilizationChart::timeClicked, this, &TimelineDock::moveTo);
    connect(m_chart, &UtilizationChart::plotAreaChanged, this, &TimelineDock::alignTimeAxes);
    connect(m_play, &QToolButton::toggled, this, &TimelineDock::setPlaying);
    connect(m_back, &QToolButton::clicked, this, &TimelineDock::stepBack);
    connect(m_forward, &QToolButton::clicked, this, &TimelineDock::stepForward);

    connect(m_slider, &QSlider::valueChanged, this, [this](int offset) {
        const std::int64_t time = m_first + offset;
        if (time == m_time)
            return;
        m_time = time;
        updateLabel();
        emit timeChanged(m_time);
    });
    updateLabel();
}

void TimelineDock::setMachine(std::shared_ptr<const MachineData> machine)
{
    setPlaying(false);
    setJobs(nullptr, 1, 0, 1); // before the jobs it draws go
    m_curveWork.cancel();
    m_machine = std::move(machine);
    if (!m_machine) {
        setRange(0, 0);
        return;
    }
    setRange(m_machine->firstTime, m_machine->lastTime);
    const int nodeCount = m_machine->topology->nodeCount();
    m_gantt->setJobs(&m_machine->jobs, nodeCount, m_machine->firstTime, m_machine->lastTime);
    // The curve of nodes held came with the machine; the queue is found on a worker thread
    // (a second for millions of jobs) and drawn when it arrives.
    m_chart->setSeries(m_machine->busyNodes, {}, nodeCount, m_machine->firstTime, m_machine->lastTime);
    startCoreViews(nodeCount);
    m_curveWork.startJob([machine = m_machine](const JobControl&) { return queuedJobsOverTime(machine->jobs); },
                         [this, machine = m_machine](StepSeries queued) {
                             if (machine == m_machine)
                                 m_chart->setQueued(std::move(queued));
                         });
}

void TimelineDock::follow(ExplorerSession* session)
{
    connect(session, &ExplorerSession::machineChanged, this, [this, session] {
        setMachine(session->sharedMachine());
        m_gantt->setHighlightedJob(-1);
        setTime(session->time());
    });
    connect(session, &ExplorerSession::timeChanged, this, &TimelineDock::setTime);
    connect(session, &ExplorerSession::selectedJobChanged, m_gantt, &GanttChart::setHighlightedJob);
    connect(this, &TimelineDock::timeChanged, session, &ExplorerSession::setTime);
    connect(m_gantt, &GanttChart::jobClicked, session, &ExplorerSession::selectJob);
}

void TimelineDock::setRange(std::int64_t first, std::int64_t last)
{
    m_first = first;
    m_last = std::max(first, last);
    const QSignalBlocker blocker(m_slider);
    m_slider->setRange(0, static_cast<int>(std::min<std::int64_t>(m_last - m_first, INT32_MAX)));
    m_slider->setValue(static_cast<int>(std::clamp(m_time, m_first, m_last) - m_first));
    m_viewFirst = m_first;
    m_viewLast = m_last;
    m_scroll->hide();
}

void TimelineDock::setView(std::int64_t first, std::int64_t last)
{
    if (m_last <= m_first)
        return; // nothing to zoom into
    const std::int64_t span = std::max<std::int64_t>(1, m_last - m_first);
    const std::int64_t width = std::clamp<std::int64_t>(last - first, std::min<std::int64_t>(60, span), span);
    first = std::clamp(first, m_first, m_last - width);
    m_viewFirst = first;
    m_viewLast = first + width;
    m_gantt->setRange(m_viewFirst, m_viewLast);
    m_chart->setRange(m_viewFirst, m_viewLast);
    const bool zoomed = width < span;
    const QSignalBlocker blocker(m_scroll);
    m_scroll->setRange(0, static_cast<int>(std::min<std::int64_t>(span - width, INT32_MAX)));
    m_scroll->setPageStep(static_cast<int>(std::min<std::int64_t>(width, INT32_MAX)));
    m_scroll->setSingleStep(static_cast<int>(std::max<std::int64_t>(1, width / 20)));
    m_scroll->setValue(static_cast<int>(m_viewFirst - m_first));
    m_scroll->setVisible(zoomed);
}

void TimelineDock::zoomAt(std::int64_t anchor, double factor)
{
    if (factor <= 0)
        return;
    anchor = std::clamp(anchor, m_viewFirst, m_viewLast);
    const double width = static_cast<double>(m_viewLast - m_viewFirst) / factor;
    const double share = m_viewLast > m_viewFirst
        ? static_cast<double>(anchor - m_viewFirst) / static_cast<double>(m_viewLast - m_viewFirst)
        : 0.5;
    const auto first = anchor - static_cast<std::int64_t>(std::llround(share * width));
    setView(first, first + static_cast<std::int64_t>(std::llround(width)));
}

void TimelineDock::scrollTo(std::int64_t first)
{
    setView(first, first + (m_viewLast - m_viewFirst));
}

void TimelineDock::resetZoom()
{
    setView(m_first, m_last);
}

bool TimelineDock::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::Wheel || (watched != m_gantt && watched != m_chart->viewport()))
        return QDockWidget::eventFilter(watched, event);
    auto* wheel = static_cast<QWheelEvent*>(event);
    const double notches = wheel->angleDelta().y() / 120.0;
    if (notches == 0)
        return true;
    if (wheel->modifiers() & Qt::ShiftModifier) {
        const auto step = static_cast<std::int64_t>(static_cast<double>(m_viewLast - m_viewFirst) * 0.1 * notches);
        scrollTo(m_viewFirst - step);
        return true;
    }
    const double x = wheel->position().x();
    const std::int64_t anchor = watched == m_gantt ? m_gantt->timeAt(x) : m_chart->timeAt(x);
    zoomAt(anchor, std::pow(wheelZoom, notches));
    return true;
}

void TimelineDock::setTime(std::int64_t time)
{
    m_time = std::clamp(time, m_first, m_last);
    // Zoomed in, the view follows the cursor (a replay, Go to Time) when it leaves it.
    const bool zoomed = m_viewLast - m_viewFirst < m_last - m_first;
    if (zoomed && (m_time < m_viewFirst || m_time > m_viewLast))
        scrollTo(m_time - (m_viewLast - m_viewFirst) / 2);
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(static_cast<int>(m_time - m_first));
    m_gantt->setTime(m_time);
    m_chart->setTime(m_time);
    updateLabel();
}

void TimelineDock::setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last)
{
    m_gantt->setJobs(jobs, nodeCount, first, last);
    // The utilization counts jobs without node lists too, with their logged sizes.
    m_chart->setJobs(jobs, nodeCount, first, last, jobs && m_machine ? m_machine->nodeCounts : std::vector<int>{});
    if (jobs && m_machine && jobs == &m_machine->jobs)
        startCoreViews(nodeCount);
    else
        startCoreViews(-1);
}

void TimelineDock::startCoreViews(int nodeCount)
{
    // Cores held, where the machine's cores are known (docs/importing.md, "Cores and GPUs"),
    // and, where node rows can be a few pixels high, which cores each job holds for the
    // Gantt chart: both found on a worker thread (seconds for millions of jobs), shown
    // when they arrive unless the machine changed meanwhile.
    m_chart->setCores({}, 0);
    m_gantt->setCoreSlots(nullptr, {});
    m_coreSlots.reset();
    const bool cores
        = nodeCount >= 0 && m_machine && m_machine->resources.totalCores() > 0 && !m_machine->jobHoldings.empty();
    if (!cores) {
        m_coreWork.cancel();
        return;
    }
    struct CoreViews
    {
        StepSeries held;
        std::shared_ptr<const CoreSlots> coreSlots;
    };
    const bool rows = nodeCount <= MaxNodesForCoreRows;
    m_coreWork.startJob(
        [machine = m_machine, rows](const JobControl&) {
            CoreViews views;
            views.held = coresHeldOverTime(machine->jobs, machine->jobHoldings);
            if (rows)
                views.coreSlots
                    = std::make_shared<const CoreSlots>(machine->jobs, machine->jobHoldings, machine->resources);
            return views;
        },
        [this, machine = m_machine](CoreViews views) {
            if (machine != m_machine)
                return;
            m_chart->setCores(std::move(views.held), m_machine->resources.totalCores());
            m_coreSlots = std::move(views.coreSlots);
            if (m_coreSlots)
                m_gantt->setCoreSlots(m_coreSlots.get(), m_machine->resources.cores);
        });
}

void TimelineDock::alignTimeAxes()
{
    // Same width and x in the splitter: the bars take the chart's plot margins.
    const QRectF area = m_chart->plotArea();
    m_gantt->setBarMargins(static_cast<int>(std::lround(area.left())),
                           static_cast<int>(std::lround(m_chart->width() - area.right())));
}

void TimelineDock::moveTo(std::int64_t time)
{
    time = std::clamp(time, m_first, m_last);
    if (time == m_time)
        return;
    setTime(time);
    emit timeChanged(m_time);
}

// The next (previous) start or end, from the jobs themselves: a pass over them costs a few
// milliseconds for a million jobs, where a sorted list of their times would hold 8 bytes
// for each start and end for the life of the run.
bool TimelineDock::stepForward()
{
    if (!m_machine)
        return false;
    std::int64_t next = INT64_MAX;
    for (const Job& job : m_machine->jobs) {
        if (job.start > m_time && job.start < next)
            next = job.start;
        if (job.end > m_time && job.end < next)
            next = job.end;
    }
    if (next == INT64_MAX || next > m_last)
        return false;
    moveTo(next);
    return true;
}

bool TimelineDock::stepBack()
{
    if (!m_machine)
        return false;
    std::int64_t previous = INT64_MIN;
    for (const Job& job : m_machine->jobs) {
        if (job.start < m_time && job.start > previous)
            previous = job.start;
        if (job.end < m_time && job.end > previous)
            previous = job.end;
    }
    if (previous == INT64_MIN || previous < m_first)
        return false;
    moveTo(previous);
    return true;
}

void TimelineDock::setPlaying(bool playing)
{
    if (playing == m_timer->isActive())
        return;
    const QSignalBlocker blocker(m_play);
    m_play->setChecked(playing);
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_carry = 0;
    if (playing) {
        if (m_time >= m_last)
            moveTo(m_first); // play again from the start
        m_clock.start();
        m_timer->start();
    } else {
        m_timer->stop();
    }
}

bool TimelineDock::isPlaying() const
{
    return m_timer->isActive();
}

void TimelineDock::setSpeed(int secondsPerSecond)
{
    const int index = m_speed->findData(secondsPerSecond);
    if (index >= 0) {
        m_speed->setCurrentIndex(index);
    } else {
        m_speed->addItem(tr("%1 s/s").arg(secondsPerSecond), secondsPerSecond);
        m_speed->setCurrentIndex(m_speed->count() - 1);
    }
}

void TimelineDock::advance()
{
    const double seconds = static_cast<double>(m_clock.restart()) / 1000.0;
    m_carry += m_speed->currentData().toInt() * seconds;
    const auto step = static_cast<std::int64_t>(m_carry);
    if (step == 0)
        return;
    m_carry -= static_cast<double>(step);
    moveTo(m_time + step);
    if (m_time >= m_last)
        setPlaying(false);
}

void TimelineDock::updateLabel()
{
    m_label->setText(m_machine ? formatTime(m_time) + QStringLiteral(" UTC") : QString()); // no time without jobs
}

} // namespace placement
