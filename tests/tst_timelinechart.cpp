// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/TimelineDock.h"
#include "core/DemoWorkload.h"
#include "core/MachineSpec.h"
#include "core/Timeline.h"
#include "core/Topology.h"
#include "views/GanttChart.h"
#include "views/UtilizationChart.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace placement;

namespace {

/// The y of a polyline at x, as a step chart reads: the last point at or before x.
double valueAt(const QList<QPointF>& points, double x)
{
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double value, const QPointF& point) { return value < point.x(); });
    return after == points.begin() ? std::nan("") : (after - 1)->y();
}

/// The greatest value `series` takes in [from, to), second by second.
int bruteForceMax(const StepSeries& series, std::int64_t from, std::int64_t to)
{
    int high = series.valueAt(from);
    for (std::int64_t t = from; t < to; ++t)
        high = std::max(high, series.valueAt(t));
    return high;
}

struct Run
{
    std::unique_ptr<Topology> topology;
    std::vector<Job> jobs;
    std::int64_t first = 0;
    std::int64_t last = 0;
};

/// The demo's torus and its seeded workload, as the explorer shows it.
Run demoRun()
{
    Run run;
    run.topology = parseMachineSpec("torus extents=8x8x8");
    run.jobs = generateDemoWorkload(*run.topology);
    run.first = run.jobs.front().start;
    run.last = run.jobs.front().end;
    for (const Job& job : run.jobs) {
        run.first = std::min(run.first, job.submit);
        run.last = std::max(run.last, job.end);
    }
    return run;
}

} // namespace

class TestTimelineChart : public QObject
{
    Q_OBJECT
private slots:
    void aMachineFullyBusyTopsAtAHundredPercent()
    {
        // 44 nodes all busy (the WAGAP trace's machine): 44 × (100 / 44) is a hair above 100
        // in doubles, which once drew the axis to 110 %. Only more nodes held than the
        // machine has (a log that overlaps jobs) goes above 100 %.
        for (const auto& [held, top] : {std::pair(44, 100.0), std::pair(40, 100.0), std::pair(47, 110.0)}) {
            auto busy = std::make_shared<StepSeries>();
            busy->append(1000, held);
            busy->append(2000, 0);
            UtilizationChart chart;
            chart.resize(600, 180);
            chart.setSeries(busy, StepSeries(), 44, 1000, 2000);
            const QList<QAbstractAxis*> axes = chart.utilizationSeries()->attachedAxes();
            const auto vertical = std::find_if(axes.begin(), axes.end(),
                                               [](QAbstractAxis* axis) { return axis->orientation() == Qt::Vertical; });
            QVERIFY(vertical != axes.end());
            QCOMPARE(qobject_cast<QValueAxis*>(*vertical)->max(), top);
        }
    }

    void seriesFollowTheRunsSteps()
    {
        const Run run = demoRun();
        const int nodes = run.topology->nodeCount();
        const StepSeries busy = busyNodesOverTime(run.jobs);
        const StepSeries queued = queuedJobsOverTime(run.jobs);
        UtilizationChart chart;
        chart.resize(1400, 180);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setJobs(&run.jobs, nodes, run.first, run.last);
        QTRY_VERIFY(chart.plotArea().width() > 1000);
        // A few hundred changes on a wide plot: every step.
        QVERIFY(chart.isExact());
        const QList<QPointF> utilization = chart.utilizationSeries()->upperSeries()->points();
        const QList<QPointF> queue = chart.queueSeries()->points();
        for (int sample = 0; sample <= 500; ++sample) {
            const std::int64_t t = run.first + (run.last - run.first) * sample / 500;
            QCOMPARE(valueAt(utilization, static_cast<double>(t)), busy.valueAt(t) * 100.0 / nodes);
            QCOMPARE(valueAt(queue, static_cast<double>(t)), static_cast<double>(queued.valueAt(t)));
        }
        for (size_t i = 0; i < busy.size(); i += 7) // at the changes themselves
            QCOMPARE(valueAt(utilization, static_cast<double>(busy.time(i))), busy.value(i) * 100.0 / nodes);

        // Narrow: more changes than buckets, so each bucket's range and peak.
        chart.resize(260, 180);
        QTRY_VERIFY(!chart.isExact());
        const double plotWidth = chart.plotArea().width();
        QVERIFY(std::abs(chart.bucketCount() - plotWidth / 1.5) <= 0.25 * plotWidth / 1.5);
        const QList<QPointF> peaks = chart.utilizationSeries()->upperSeries()->points();
        const QList<QPointF> queuePeaks = chart.queueSeries()->points();
        QVERIFY(peaks.size() <= 2 * plotWidth + 4);
        QVERIFY(queuePeaks.size() <= 2 * plotWidth + 4);
        const StepEnvelope buckets = stepEnvelope(busy, run.first, run.last, chart.bucketCount());
        for (int sample = 0; sample < 300; ++sample) {
            const std::int64_t t = run.first + (run.last - run.first) * sample / 300;
            const size_t bucket = buckets.bucketOf(t);
            const std::int64_t from = buckets.bucketStart(bucket), to = buckets.bucketStart(bucket + 1);
            QCOMPARE(valueAt(peaks, static_cast<double>(t)), bruteForceMax(busy, from, to) * 100.0 / nodes);
            QCOMPARE(valueAt(queuePeaks, static_cast<double>(t)), static_cast<double>(bruteForceMax(queued, from, to)));
            // The dips: where the bucket's value varies, a point at its start at its least.
            int low = busy.valueAt(from);
            for (std::int64_t s = from; s < to; ++s)
                low = std::min(low, busy.valueAt(s));
            if (low < bruteForceMax(busy, from, to))
                QVERIFY(std::any_of(peaks.begin(), peaks.end(), [&](const QPointF& point) {
                    return point.x() == static_cast<double>(from) && std::abs(point.y() - low * 100.0 / nodes) < 1e-9;
                }));
        }
    }

    void timeAxisLinesUpWithTheGantt()
    {
        const Run run = demoRun();
        TimelineDock dock;
        dock.setRange(run.first, run.last);
        dock.setJobs(&run.jobs, run.topology->nodeCount(), run.first, run.last);
        dock.resize(1100, 420);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        GanttChart* gantt = dock.gantt();
        UtilizationChart* chart = dock.utilizationChart();
        QVERIFY(gantt->isVisible() && chart->isVisible());
        // The Gantt above the chart, most of the height.
        QVERIFY(gantt->mapTo(&dock, QPoint()).y() < chart->mapTo(&dock, QPoint()).y());
        QVERIFY(gantt->height() > chart->height());
        auto misalignment = [&] {
            double worst = 0;
            for (int step = 0; step <= 8; ++step) {
                const std::int64_t t = run.first + (run.last - run.first) * step / 8;
                const double ganttX = gantt->mapTo(&dock, QPointF(gantt->xOf(t), 0)).x();
                const double chartX = chart->mapTo(&dock, QPointF(chart->xOf(t), 0)).x();
                worst = std::max(worst, std::abs(ganttX - chartX));
            }
            return worst;
        };
        QTRY_VERIFY2(misalignment() <= 2, qPrintable(QString::number(misalignment())));
        // The chart keeps room for the Gantt's node labels.
        QVERIFY(gantt->barArea().left() >= GanttChart::MinimumLeftMargin);
        QVERIFY(chart->plotArea().left() >= GanttChart::MinimumLeftMargin - 1);
        dock.resize(760, 380);
        QTRY_VERIFY(chart->width() < 760);
        QTRY_VERIFY2(misalignment() <= 2, qPrintable(QString::number(misalignment())));

        // The cursor line stands where the chart maps the time, over the whole plot.
        const std::int64_t middle = (run.first + run.last) / 2;
        dock.setTime(middle);
        const QLineF cursor = chart->cursorLine();
        QVERIFY(!cursor.isNull());
        QVERIFY(std::abs(cursor.x1() - chart->xOf(middle)) <= 1);
        QCOMPARE(cursor.x1(), cursor.x2());
        QVERIFY(std::abs(std::abs(cursor.dy()) - chart->plotArea().height()) <= 1);
        const double ganttCursor = gantt->mapTo(&dock, QPointF(gantt->xOf(dock.time()), 0)).x();
        QVERIFY(std::abs(chart->mapTo(&dock, QPointF(cursor.x1(), 0)).x() - ganttCursor) <= 2);
    }

    void clickingTheChartMovesTheTime()
    {
        const Run run = demoRun();
        TimelineDock dock;
        dock.setRange(run.first, run.last);
        dock.setJobs(&run.jobs, run.topology->nodeCount(), run.first, run.last);
        dock.setTime(run.first);
        dock.resize(1000, 400);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        UtilizationChart* chart = dock.utilizationChart();
        QTRY_VERIFY(chart->plotArea().width() > 500);
        QSignalSpy clicked(chart, &UtilizationChart::timeClicked);
        QSignalSpy moved(&dock, &TimelineDock::timeChanged);
        for (double fraction : {0.2, 0.55, 0.9}) {
            const QRectF area = chart->plotArea();
            const QPoint click(static_cast<int>(area.left() + fraction * area.width()),
                               static_cast<int>(area.center().y()));
            // Where the click lands, from the axis range alone.
            const double expected = static_cast<double>(run.first)
                + (click.x() - area.left()) / area.width() * static_cast<double>(run.last - run.first);
            const double bucket = static_cast<double>(run.last - run.first) / chart->bucketCount();
            QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, click);
            QCOMPARE(clicked.size(), 1);
            const auto time = clicked.takeFirst().at(0).value<std::int64_t>();
            QVERIFY2(std::abs(static_cast<double>(time) - expected) <= bucket,
                     qPrintable(QStringLiteral("%1 instead of %2").arg(time).arg(expected, 0, 'f', 0)));
            QCOMPARE(dock.time(), time);
            QCOMPARE(moved.takeLast().at(0).value<std::int64_t>(), time);
            QVERIFY(std::abs(chart->cursorLine().x1() - click.x()) <= 2);
        }
        // Above the plot (the legend) is not the time axis.
        QTest::mouseClick(chart->viewport(), Qt::LeftButton, {},
                          QPoint(static_cast<int>(chart->plotArea().center().x()), 2));
        QCOMPARE(clicked.size(), 0);
    }
};

QTEST_MAIN(TestTimelineChart)
#include "tst_timelinechart.moc"
