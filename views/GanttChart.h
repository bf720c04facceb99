// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/CoreHoldings.h"
#include "core/Job.h"
#include "core/Timeline.h"

#include <QImage>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace placement {

/// The jobs of a run on node index (down) over time (across), each in its job colour, with
/// the time cursor and the selected job outlined. The time axis is the UtilizationChart's
/// beneath it: setBarMargins() lines the bars up with that chart's plot area.
///
/// Clicking selects the job under the pointer (jobClicked) and moves the time cursor there
/// (timeClicked). The bars are drawn once into an image per size and data (straight into its
/// pixels: a million jobs take well under a second), when first painted; a paint draws that
/// image, the cursor and the outline.
class GanttChart : public QWidget
{
    Q_OBJECT
public:
    explicit GanttChart(QWidget* parent = nullptr);

    /// `jobs` must outlive the chart or the next setJobs(); nullptr clears it.
    void setJobs(const std::vector<Job>* jobs, int nodeCount, std::int64_t first, std::int64_t last);
    void setTime(std::int64_t time);
    void setHighlightedJob(int jobIndex);
    /// Core occupancy: where nodes are drawn at least `MinimumCoreRowHeight` pixels high, a
    /// job with known cores on a node fills the part of the node's row of the cores it holds
    /// (CoreSlots), so jobs sharing a node show one above the other. `coreSlots` must match the
    /// jobs and outlive the chart or the next call; `nodeCores` gives each node's cores.
    /// nullptr: whole nodes only.
    void setCoreSlots(const CoreSlots* coreSlots, std::vector<int> nodeCores);
    static constexpr double MinimumCoreRowHeight = 3.0;
    /// Whether the chart draws cores now (slots set and node rows high enough).
    bool drawsCores() const;

    /// Draws the time from `first` to `last` only (zoom); the jobs and the selection stay.
    void setRange(std::int64_t first, std::int64_t last);

    /// The job drawn at a widget position, or -1.
    int jobAt(QPointF position) const;
    /// The time at a widget x position (clamped to the range).
    std::int64_t timeAt(double x) const;
    /// The widget x position of a time.
    double xOf(std::int64_t time) const;
    QRectF barArea() const;

    /// The ground of the bar area, where no job runs.
    static constexpr QRgb EmptyColor = qRgb(44, 48, 56);
    /// Whether a job is outlined (setHighlightedJob()).
    bool hasHighlightedJob() const
    {
        return m_jobs && m_highlighted >= 0 && static_cast<size_t>(m_highlighted) < m_jobs->size();
    }

    /// What the outline of the highlighted job surrounds, in widget coordinates: its runs of
    /// nodes over its run time; where cores are drawn (drawsCores()), on each node the part of
    /// the row of the cores it holds (the whole row where they are not known). Empty without
    /// a highlighted job.
    QList<QRectF> highlightOutline() const;

    /// Room the node labels need left of the bars, and the least gap at the right.
    static constexpr int MinimumLeftMargin = 46;
    static constexpr int MinimumRightMargin = 8;
    /// Where the bars start and end: this far from the left and right edges (at least the
    /// minimum margins).
    void setBarMargins(int left, int right);
    int leftMargin() const { return m_leftMargin; }
    int rightMargin() const { return m_rightMargin; }

    QSize minimumSizeHint() const override { return {200, 60}; }
    QSize sizeHint() const override { return {800, 140}; }

signals:
    void jobClicked(int jobIndex);
    void timeClicked(std::int64_t time);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void rebuildImage();

    const std::vector<Job>* m_jobs = nullptr;
    const CoreSlots* m_slots = nullptr;
    std::vector<int> m_nodeCores;
    int m_leftMargin = MinimumLeftMargin;
    int m_rightMargin = MinimumRightMargin;
    int m_nodeCount = 1;
    std::int64_t m_first = 0;
    std::int64_t m_last = 1;
    std::int64_t m_time = 0;
    int m_highlighted = -1;
    QImage m_image; ///< bars and labels at the current size
    bool m_imageStale = true; ///< rebuilt at the next paint: nothing is drawn while hidden
};

} // namespace placement
