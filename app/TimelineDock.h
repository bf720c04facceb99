// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "core/CoreHoldings.h"
#include "core/Job.h"

#include <QDockWidget>
#include <QElapsedTimer>

#include <cstdint>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QScrollBar;
class QSlider;
class QTimer;
class QToolButton;

namespace placement {

class ExplorerSession;
struct MachineData;
class GanttChart;
class UtilizationChart;

/// The time axis of the loaded workload: a Gantt chart of the jobs on node index over time
/// and beneath it, on the same time axis, a chart of utilization and queue length; a slider
/// from the first job start to the last job end, one-minute steps, and replay: play/pause at
/// a chosen speed, and steps to the previous or next event (a job starting or ending).
class TimelineDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TimelineDock(QWidget* parent = nullptr);
    /// Machines of at most this many nodes get the Gantt chart's rows split by cores.
    static constexpr int MaxNodesForCoreRows = 1024;

    /// Shows the jobs of `machine` (null: none) from its first start to its last end and
    /// steps through their starts and ends; the dock keeps it until the next call.
    void setMachine(std::shared_ptr<const MachineData> machine);
    /// Shows what `session` shows from now on (its run, time cursor, selected job), and
    /// moves its cursor or selects a job where the user clicks here.
    void follow(ExplorerSession* session);
    void setRange(std::int64_t first, std::int64_t last);
    void setTime(std::int64_t time);
    /// The jobs drawn by the Gantt and the chart; `jobs` must outlive them or the next call,
    /// nullptr clears both.
    void setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last);
    GanttChart* gantt() const { return m_gantt; }
    UtilizationChart* utilizationChart() const { return m_chart; }
    std::int64_t time() const { return m_time; }

    /// Moves to the next (previous) event; false if there is none.
    bool stepForward();
    bool stepBack();
    void setPlaying(bool playing);
    bool isPlaying() const;
    /// Workload seconds per second of replay.
    void setSpeed(int secondsPerSecond);

    /// The time the Gantt and the chart draw: all of the range, or the part zoomed in on.
    std::int64_t visibleFirst() const { return m_viewFirst; }
    std::int64_t visibleLast() const { return m_viewLast; }
    /// Zooms the charts' time axis by `factor` (above 1: in) keeping `anchor` where it is on
    /// screen; the view stays within the range and at least a minute wide.
    void zoomAt(std::int64_t anchor, double factor);
    /// Shows from `first` on, the visible span kept (panning), within the range.
    void scrollTo(std::int64_t first);
    /// Shows the whole range again.
    void resetZoom();
    QScrollBar* timeScrollBar() const { return m_scroll; }

    /// How much one wheel notch (120 units) zooms.
    static constexpr double wheelZoom = 1.25;

signals:
    void timeChanged(std::int64_t time);

protected:
    /// Wheel on the Gantt or the chart: zoom around the time under the pointer; with Shift, pan.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setView(std::int64_t first, std::int64_t last);
    void updateLabel();
    void moveTo(std::int64_t time);
    void advance();
    void alignTimeAxes();
    /// Starts finding the cores views of the machine shown, on `nodeCount` nodes (-1: none).
    void startCoreViews(int nodeCount);

    GanttChart* m_gantt;
    UtilizationChart* m_chart;
    QSlider* m_slider;
    QScrollBar* m_scroll;
    QLabel* m_label;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QComboBox* m_speed;
    QTimer* m_timer;
    QElapsedTimer m_clock; ///< since the last replay step
    std::shared_ptr<const MachineData> m_machine;
    /// The logged jobs' cores on their nodes, for the Gantt chart (machines small enough for
    /// node rows of a few pixels, whose cores are known), found on a worker thread.
    std::shared_ptr<const CoreSlots> m_coreSlots;
    double m_carry = 0; ///< fractional seconds of replay not yet shown
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
    std::int64_t m_time = 0;
    std::int64_t m_viewFirst = 0; ///< the part of the range the charts draw
    std::int64_t m_viewLast = 0;
    /// The last members, destroyed first, so no result arrives at a half-destroyed dock: the
    /// workers finding the cores held over time and the core slots of the machine shown, and
    /// its queue over time.
    JobTracker m_coreWork{this};
    JobTracker m_curveWork{this};
};

} // namespace placement
