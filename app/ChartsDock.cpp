// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartsDock.h"

#include "views/RunCharts.h"

#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <exception>

namespace placement {

ChartsDock::ChartsDock(QWidget* parent)
    : QDockWidget(tr("Charts"), parent)
    , m_model(new RunChoiceModel(this))
    , m_runList(new QListView)
    , m_whiskers(new QComboBox)
    , m_tabs(new QTabWidget)
    , m_status(new QLabel)
    , m_splitter(new QSplitter)
    , m_controls(new QBoxLayout(QBoxLayout::TopToBottom))
    , m_sweepMetric(new QComboBox)
    , m_sweepX(new QComboBox)
    , m_sweepSeries(new QComboBox)
{
    setObjectName(QStringLiteral("chartsDock"));

    m_runList->setModel(m_model);
    m_runList->setToolTip(tr("Tick runs of this machine to compare them with the one shown"));
    m_runList->setUniformItemSizes(true);
    m_whiskers->addItem(tr("Whiskers: min to max (Pollard)"), static_cast<int>(WhiskerRule::MinMax));
    m_whiskers->addItem(tr("Whiskers: 1.5 IQR (Tukey)"), static_cast<int>(WhiskerRule::Tukey));
    m_whiskers->setToolTip(tr("Where the whiskers of the box plots end: at the smallest and largest value, as "
                              "Pollard SC'18 draws them, or at the last value within 1.5 interquartile ranges "
                              "of the box"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    const QString tips[NumCharts]
        = {tr("APH of each job by job size, one box per run (Pollard SC'18 Fig. 7); jobs of 2 nodes or more"),
           tr("Utilization of each minute from the first submission to the last completion (Pollard SC'18 Fig. 8)"),
           tr("Mean wait from submission to start by job size (Pollard SC'18 Fig. 10)"),
           tr("A metric of the runs listed in the Runs dock against one of their parameters, one bar per value "
              "of a second parameter (a sweep's runs: pick the sweep in the Runs dock)")};
    const QString names[NumCharts] = {tr("APH by size"), tr("Utilization"), tr("Wait by size"), tr("Sweep")};
    for (int chart = 0; chart < NumCharts; ++chart) {
        auto* view = new QChartView(new QChart);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(240, 200);
        m_views[chart] = view;
        if (chart == SweepChart) {
            // The metric and the parameters above the chart.
            m_sweepMetric->setObjectName(QStringLiteral("sweepMetric"));
            m_sweepX->setObjectName(QStringLiteral("sweepX"));
            m_sweepSeries->setObjectName(QStringLiteral("sweepSeries"));
            for (const SweepMetric& metric : sweepChartMetrics())
                m_sweepMetric->addItem(metric.unit.isEmpty() ? metric.label
                                                             : QStringLiteral("%1 (%2)").arg(metric.label, metric.unit),
                                       metric.key);
            m_sweepSeries->addItem(tr("one series"), QString());
            for (const auto& [key, heading] : sweepChartParameters()) {
                m_sweepX->addItem(heading, key);
                m_sweepSeries->addItem(heading, key);
            }
            auto* page = new QWidget;
            auto* pageLayout = new QVBoxLayout(page);
            pageLayout->setContentsMargins(0, 0, 0, 0);
            auto* axes = new QHBoxLayout;
            axes->addWidget(m_sweepMetric, 1);
            axes->addWidget(new QLabel(tr("against")));
            axes->addWidget(m_sweepX, 1);
            axes->addWidget(new QLabel(tr("bars per")));
            axes->addWidget(m_sweepSeries, 1);
            pageLayout->addLayout(axes);
            pageLayout->addWidget(view, 1);
            m_tabs->addTab(page, names[chart]);
        } else {
            m_tabs->addTab(view, names[chart]);
        }
        m_tabs->setTabToolTip(chart, tips[chart]);
    }
    const auto chosen = [this] {
        m_sweepAxesChosen = true;
        redrawSweep();
    };
    connect(m_sweepMetric, &QComboBox::activated, this, chosen);
    connect(m_sweepX, &QComboBox::activated, this, chosen);
    connect(m_sweepSeries, &QComboBox::activated, this, chosen);

    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Runs drawn:")));
    sideLayout->addWidget(m_runList, 1);
    m_controls->setContentsMargins(0, 0, 0, 0);
    m_controls->addWidget(m_whiskers);
    m_controls->addWidget(m_status, 1);
    sideLayout->addLayout(m_controls);
    m_splitter->addWidget(side);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    auto* content = new QWidget;
    auto* layout = new QHBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_splitter);
    setWidget(content);
    // Beside the 3D view the run list goes above the charts; below it (or floating), beside.
    arrangeFor(Qt::NoDockWidgetArea);
    connect(this, &QDockWidget::dockLocationChanged, this, &ChartsDock::arrangeFor);
    connect(this, &QDockWidget::topLevelChanged, this, [this](bool floating) {
        if (floating)
            arrangeFor(Qt::NoDockWidgetArea);
    });

    connect(m_model, &RunChoiceModel::checkedRunsChanged, this, &ChartsDock::refresh);
    connect(m_whiskers, &QComboBox::currentIndexChanged, this, &ChartsDock::redraw);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_dirty)
            refresh();
    });
}

ChartsDock::~ChartsDock() = default; // m_loads drops what is still loading and waits

void ChartsDock::setRuns(const QString& source, const QString& machine, std::vector<RunChoice> runs,
                         std::int64_t shownId, Loader loader)
{
    const bool sameSource = source == m_source;
    if (!sameSource) {
        m_loaded.clear();
        m_pending.clear();
        m_loads.cancel(); // loads not yet started never run; a running one is dropped
    }
    m_source = source;
    m_machine = machine;
    m_loader = std::move(loader);
    {
        const QSignalBlocker blocker(m_model);
        m_model->setRuns(std::move(runs), shownId, sameSource);
    }
    refresh();
}

void ChartsDock::setSweepRuns(std::vector<SweepChartRun> runs, const QString& title)
{
    m_sweepRuns = std::move(runs);
    m_sweepTitle = title;
    if (!m_sweepAxesChosen) {
        // Along the axis the first parameter that differs between the runs (the policy,
        // say), in series the next (the speed-up).
        const QStringList varying = varyingParameters(m_sweepRuns);
        const QString x = varying.value(0, QStringLiteral("policy"));
        QString series = varying.value(1);
        if (series == QLatin1String("sweep"))
            series = varying.value(2);
        const QSignalBlocker blockX(m_sweepX), blockSeries(m_sweepSeries);
        m_sweepX->setCurrentIndex(std::max(0, m_sweepX->findData(x)));
        m_sweepSeries->setCurrentIndex(std::max(0, m_sweepSeries->findData(series)));
    }
    redrawSweep();
}

void ChartsDock::setSweepAxes(const QString& metric, const QString& x, const QString& series)
{
    m_sweepAxesChosen = true;
    m_sweepMetric->setCurrentIndex(std::max(0, m_sweepMetric->findData(metric)));
    m_sweepX->setCurrentIndex(std::max(0, m_sweepX->findData(x)));
    m_sweepSeries->setCurrentIndex(std::max(0, m_sweepSeries->findData(series)));
    redrawSweep();
}

void ChartsDock::redrawSweep()
{
    QString series = m_sweepSeries->currentData().toString();
    if (series == m_sweepX->currentData().toString())
        series.clear(); // the same parameter twice: one series
    m_sweepData = sweepChartData(m_sweepRuns, m_sweepMetric->currentData().toString(),
                                 m_sweepX->currentData().toString(), series);
    replaceChart(SweepChart, buildSweepChart(m_sweepData, m_sweepTitle));
    emit sweepChartUpdated();
}

void ChartsDock::arrangeFor(Qt::DockWidgetArea area)
{
    const bool beside = area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
    m_splitter->setOrientation(beside ? Qt::Vertical : Qt::Horizontal);
    // Above the charts the controls share one row and leave the charts the height.
    m_controls->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_runList->setMinimumHeight(beside ? 40 : 80);
    m_splitter->setSizes(beside ? QList<int>{100, 1000} : QList<int>{200, 1000});
}

QChartView* ChartsDock::chartView(Chart chart) const
{
    return m_views[chart];
}

QChartView* ChartsDock::currentChartView() const
{
    return m_views[m_tabs->currentIndex()];
}

void ChartsDock::setCurrentChart(Chart chart)
{
    m_tabs->setCurrentIndex(chart);
}

void ChartsDock::setWhiskerRule(WhiskerRule rule)
{
    m_whiskers->setCurrentIndex(m_whiskers->findData(static_cast<int>(rule)));
}

WhiskerRule ChartsDock::whiskerRule() const
{
    return static_cast<WhiskerRule>(m_whiskers->currentData().toInt());
}

bool ChartsDock::isLoading() const
{
    return !m_pending.empty();
}

QString ChartsDock::statusText() const
{
    return m_status->text();
}

void ChartsDock::refresh()
{
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    int loading = 0;
    for (const RunChoice& run : m_model->checkedRuns()) {
        if (m_loaded.count(run.id))
            continue;
        ++loading;
        if (!m_pending.count(run.id))
            load(run);
    }
    if (loading > 0) {
        m_status->setText(tr("Loading %n run(s)…", nullptr, loading));
        return;
    }
    redraw();
}

void ChartsDock::load(const RunChoice& run)
{
    m_pending.insert(run.id);
    // One load at a time, in order (a million-job run needs its memory, and the machine has
    // the GUI to draw as well); the loader is copied: the job may outlive this machine.
    m_loads.queueJob(
        [loader = m_loader, runId = run.id](const JobControl&) {
            Loaded result;
            try {
                result.data = std::make_shared<const RunChartData>(loader(runId));
            } catch (const std::exception& failure) {
                result.error = QString::fromUtf8(failure.what());
            }
            return result;
        },
        [this, runId = run.id](Loaded result) { loaded(runId, std::move(result)); });
}

void ChartsDock::loaded(std::int64_t runId, Loaded result)
{
    m_pending.erase(runId);
    m_loaded[runId] = std::move(result);
    refresh();
}

void ChartsDock::redraw()
{
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    std::vector<ChartedRun> runs;
    QStringList errors;
    for (const RunChoice& run : m_model->checkedRuns()) {
        const auto loaded = m_loaded.find(run.id);
        if (loaded == m_loaded.end())
            return; // still loading: drawn when it arrives
        if (loaded->second.data)
            runs.push_back({run.name, loaded->second.data});
        else
            errors << tr("Cannot load %1: %2").arg(run.name, loaded->second.error);
    }
    const WhiskerRule rule = whiskerRule();
    replaceChart(AphChart, buildAphChart(runs, rule, m_machine));
    replaceChart(UtilizationChart, buildUtilizationChart(runs, rule, m_machine));
    replaceChart(WaitChart, buildWaitChart(runs, m_machine));
    int jobs = 0;
    for (const ChartedRun& run : runs)
        jobs = std::max(jobs, run.data->jobsByBin.back());
    m_status->setText(errors.isEmpty()
                          ? tr("%n run(s), up to %1 jobs each.", nullptr, static_cast<int>(runs.size())).arg(jobs)
                          : errors.join(QLatin1Char('\n')));
    emit chartsUpdated();
}

void ChartsDock::replaceChart(Chart chart, QChart* replacement)
{
    QChart* previous = m_views[chart]->chart();
    m_views[chart]->setChart(replacement); // the view gives up the previous chart
    delete previous;
}

} // namespace placement
