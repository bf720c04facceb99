// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "app/RunChoiceModel.h"
#include "core/BoxStatistics.h"
#include "core/RunChartData.h"
#include "views/SweepChart.h"

#include <QDockWidget>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <vector>

class QBoxLayout;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QListView;
class QSplitter;
class QTabWidget;

namespace placement {

/// The charts after Pollard SC'18 §V for the runs of one machine: APH by job size (Fig. 7),
/// utilization per minute (Fig. 8) and mean wait by job size (Fig. 10). A list with check
/// boxes chooses the runs drawn beside the one shown.
///
/// A run's numbers come from a loader called on a worker thread (reading a million jobs
/// from the database and measuring them takes seconds), one run at a time, and are kept
/// until the machine or its jobs change. Nothing is loaded while the dock is hidden.
class ChartsDock : public QDockWidget
{
    Q_OBJECT
public:
    enum Chart { AphChart, UtilizationChart, WaitChart, SweepChart, NumCharts };
    /// Computes one run's numbers (id 0: the logged placements). Runs on a worker thread: it
    /// must not touch widgets; what it throws (std::exception) is shown in the dock.
    using Loader = std::function<RunChartData(std::int64_t runId)>;

    explicit ChartsDock(QWidget* parent = nullptr);
    ~ChartsDock() override;

    /// The runs of the machine shown. `source` names the machine and its jobs (database,
    /// machine, job count): when it changes, the loaded numbers are dropped and only the
    /// shown run stays ticked.
    void setRuns(const QString& source, const QString& machine, std::vector<RunChoice> runs, std::int64_t shownId,
                 Loader loader);

    /// The runs the sweep chart draws (a metric against a parameter, one series per value of
    /// a second one): the simulated runs the Runs dock shows. `title` names them.
    void setSweepRuns(std::vector<SweepChartRun> runs, const QString& title);
    /// What the sweep chart draws: metric and parameter keys (sweepChartMetrics(),
    /// sweepChartParameters(); `series` empty: one series).
    void setSweepAxes(const QString& metric, const QString& x, const QString& series);
    const SweepChartData& sweepData() const { return m_sweepData; }
    /// What names the sweep chart's runs (setSweepRuns()).
    const QString& sweepTitle() const { return m_sweepTitle; }
    QComboBox* sweepMetricBox() const { return m_sweepMetric; }
    QComboBox* sweepXBox() const { return m_sweepX; }
    QComboBox* sweepSeriesBox() const { return m_sweepSeries; }

    RunChoiceModel* runModel() const { return m_model; }
    QChartView* chartView(Chart chart) const;
    QChartView* currentChartView() const;
    void setCurrentChart(Chart chart);
    void setWhiskerRule(WhiskerRule rule);
    WhiskerRule whiskerRule() const;
    /// True while a ticked run is being loaded.
    bool isLoading() const;
    QString statusText() const;

signals:
    /// The charts were drawn anew, with every ticked run that could be loaded.
    void chartsUpdated();
    /// The sweep chart was drawn anew (its runs or axes changed).
    void sweepChartUpdated();

private:
    /// Lays the run list out above the charts in a side dock area, beside them elsewhere.
    void arrangeFor(Qt::DockWidgetArea area);
    void refresh();
    void load(const RunChoice& run);
    struct Loaded
    {
        std::shared_ptr<const RunChartData> data; ///< null when loading failed
        QString error;
    };
    void loaded(std::int64_t runId, Loaded result);
    void redraw();
    void replaceChart(Chart chart, QChart* replacement);
    void redrawSweep();

    RunChoiceModel* m_model;
    QListView* m_runList;
    QComboBox* m_whiskers;
    QTabWidget* m_tabs;
    QLabel* m_status;
    QSplitter* m_splitter;
    QBoxLayout* m_controls; ///< the whisker choice and the status line
    QChartView* m_views[NumCharts] = {};
    QComboBox* m_sweepMetric;
    QComboBox* m_sweepX;
    QComboBox* m_sweepSeries;
    std::vector<SweepChartRun> m_sweepRuns;
    QString m_sweepTitle;
    SweepChartData m_sweepData;
    bool m_sweepAxesChosen = false; ///< the user picked the axes: they stay when the runs change

    QString m_source;
    QString m_machine;
    Loader m_loader;
    std::map<std::int64_t, Loaded> m_loaded; ///< by run id
    std::set<std::int64_t> m_pending; ///< run ids being loaded
    bool m_dirty = false; ///< the runs or their numbers changed while the dock was hidden
    JobTracker m_loads{this}; ///< last member: destroyed first
};

} // namespace placement
