// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Job.h"
#include "core/Timeline.h"

#include <QChartView>

#include <cstdint>
#include <memory>
#include <vector>

class QAreaSeries;
class QCategoryAxis;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace placement {

/// The machine's utilization (share of its nodes busy, filled, left axis) and the number of
/// waiting jobs (line, right axis) over the time of a run, with the time cursor as a vertical
/// line and the time axis labelled in UTC. It sits beneath the GanttChart as the timeline's
/// time axis: setMinimumPlotMargins() keeps room for the Gantt's labels, and the Gantt's bars
/// follow plotArea().
///
/// A million jobs change the series two million times, more than Qt Charts can draw at an
/// interactive pace: each series holds at most three points per bucket of about 1.5 pixels
/// (the bucket's range as a vertical stroke, then its peak; core/Timeline.h stepEnvelope), or
/// the exact steps when there are fewer changes than buckets. Clicking moves the time cursor
/// (timeClicked).
class UtilizationChart : public QChartView
{
    Q_OBJECT
public:
    explicit UtilizationChart(QWidget* parent = nullptr);

    /// The jobs are read here and not kept; nullptr clears the chart.
    /// `jobSizes`: the sizes of jobs without nodes (core/Job.h jobSize()), may be empty.
    void setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last,
                 const std::vector<int>& jobSizes = {});
    /// The same from the curves themselves: nodes held (shared with whoever computed it;
    /// null: none) and jobs queued over time, for a chart whose data are computed elsewhere.
    void setSeries(std::shared_ptr<const StepSeries> busy, StepSeries queued, int nodeCount, std::int64_t first,
                   std::int64_t last);
    /// Jobs queued over time, once known (the curve of nodes held stays).
    void setQueued(StepSeries queued);
    /// Cores held over time (a line on the percent axis: cores held / `totalCores`);
    /// `totalCores` <= 0 or an empty series hides it (docs/importing.md, "Cores and GPUs").
    void setCores(StepSeries cores, std::int64_t totalCores);
    QLineSeries* coresSeries() const { return m_coresLine; }
    /// Moves the cursor line only: cheap enough for every replay step.
    void setTime(std::int64_t time);
    /// Draws the time from `first` to `last` only (zoom); the jobs stay.
    void setRange(std::int64_t first, std::int64_t last);
    /// The time zone the time axis is labelled in, as written under the axis.
    QString zoneLabel() const;
    std::int64_t time() const { return m_time; }

    /// The plot area starts at least `left` pixels from the widget's left edge and ends at
    /// least `right` pixels from its right edge.
    void setMinimumPlotMargins(int left, int right);
    /// The plot area in widget coordinates.
    QRectF plotArea() const;
    /// The widget x position of a time, as the chart maps it.
    double xOf(std::int64_t time) const;
    /// The time at a widget x position (clamped to the range).
    std::int64_t timeAt(double x) const;
    /// The time cursor in widget coordinates; null while hidden.
    QLineF cursorLine() const;

    /// Utilization in percent of the nodes, and waiting jobs, over time in seconds since the
    /// epoch (the x of every point).
    QAreaSeries* utilizationSeries() const { return m_utilization; }
    QLineSeries* queueSeries() const { return m_queue; }
    /// Whether the series hold every step (else the envelope of each bucket).
    bool isExact() const { return m_exact; }
    /// The buckets the series were last built for.
    int bucketCount() const { return m_buckets; }

    QSize minimumSizeHint() const override { return {200, 70}; }
    QSize sizeHint() const override { return {800, 80}; }

signals:
    void timeClicked(std::int64_t time);
    /// The plot area moved or changed size, in widget coordinates.
    void plotAreaChanged(const QRectF& area);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void plotAreaMoved(const QRectF& chartArea);
    void rebuildSeries();
    void rebuildTimeTicks();
    void placeCursor();
    void applyColors();
    void buildLegend();
    QPointF toWidget(QPointF chartPoint) const;
    QPointF toChart(QPointF widgetPoint) const;
    int bucketsFor(double plotWidth) const;

    QLineSeries* m_busyLine; ///< the upper edge of m_utilization
    QAreaSeries* m_utilization;
    QLineSeries* m_queue;
    QLineSeries* m_coresLine; ///< cores held, percent of the machine's cores
    QCategoryAxis* m_timeAxis;
    QValueAxis* m_percentAxis;
    QValueAxis* m_queueAxis;
    QGraphicsLineItem* m_cursor;
    /// The zone the time labels are in: UTC, as every time the explorer shows (the store
    /// keeps seconds since the epoch and no machine records a zone of its own).
    QGraphicsSimpleTextItem* m_zone;
    QGraphicsRectItem* m_legend = nullptr; ///< "Utilization" and "Queued jobs" on a plate
    std::shared_ptr<const StepSeries> m_busy = std::make_shared<const StepSeries>(); ///< never null
    StepSeries m_queued;
    StepSeries m_cores;
    std::int64_t m_totalCores = 0;
    int m_nodeCount = 1;
    std::int64_t m_first = 0;
    std::int64_t m_last = 1;
    std::int64_t m_time = 0;
    bool m_exact = true;
    int m_buckets = 0;
    std::int64_t m_tickStep = 0; ///< seconds between the time labels
    int m_minimumLeft = 0;
    int m_minimumRight = 0;
    int m_extraLeft = 0; ///< added to the chart's margins to honour the minimum plot margins
    int m_extraRight = 0;
    bool m_dragging = false; ///< a press in the plot: moves scrub the time
};

} // namespace placement
