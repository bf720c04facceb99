// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartsDock.h"
#include "app/MainWindow.h"
#include "app/RunChoiceModel.h"
#include "core/BoxStatistics.h"
#include "core/MachineSpec.h"
#include "core/NodeSharing.h"
#include "core/PlacementMetrics.h"
#include "core/RunChartData.h"
#include "core/SplitMix64.h"
#include "core/SystemMetrics.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"
#include "views/RunCharts.h"

#include <QAbstractItemModelTester>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace placement;
using namespace placement::test;

namespace {

/// The type-7 quantile as its definition reads: the piecewise linear curve through the
/// points (k / (n - 1), k-th smallest value), evaluated at p by finding its segment.
double referenceQuantile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    if (n == 1)
        return values[0];
    for (size_t k = 0; k + 1 < n; ++k) {
        const double from = static_cast<double>(k) / static_cast<double>(n - 1);
        const double to = static_cast<double>(k + 1) / static_cast<double>(n - 1);
        if (p >= from && p <= to)
            return values[k] + (p - from) / (to - from) * (values[k + 1] - values[k]);
    }
    return values.back();
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

std::vector<double> randomValues(SplitMix64& random, int count, bool ties)
{
    std::vector<double> values;
    for (int i = 0; i < count; ++i) {
        const double unit = static_cast<double>(random.next() >> 11) / 9007199254740992.0;
        // Ties: few distinct values; otherwise a skewed spread with far outliers now and then.
        values.push_back(ties ? std::floor(unit * 5) : (unit < 0.1 ? 1000 * unit : std::exp(4 * unit)));
    }
    return values;
}

int randomBelow(SplitMix64& random, int bound)
{
    return static_cast<int>(random.next() % static_cast<std::uint64_t>(bound));
}

/// Jobs on distinct random nodes at random times (they may overlap: the statistics do not care).
std::vector<Job> randomJobs(SplitMix64& random, int machineNodes, int count)
{
    std::vector<Job> jobs;
    for (int i = 0; i < count; ++i) {
        Job job;
        job.id = std::to_string(i);
        job.submit = 1000 + randomBelow(random, 5000);
        job.start = job.submit + (randomBelow(random, 3) == 0 ? 0 : randomBelow(random, 4000));
        job.end = job.start + randomBelow(random, 900); // some end when they start
        const int size = randomBelow(random, 8) == 0 ? 0 : 1 + randomBelow(random, std::min(machineNodes, 40));
        std::vector<int> all(static_cast<size_t>(machineNodes));
        for (int node = 0; node < machineNodes; ++node)
            all[static_cast<size_t>(node)] = node;
        for (int k = 0; k < size; ++k)
            std::swap(all[static_cast<size_t>(k)], all[static_cast<size_t>(k + randomBelow(random, machineNodes - k))]);
        std::sort(all.begin(), all.begin() + size);
        job.nodes.assign(all.begin(), all.begin() + size);
        jobs.push_back(job);
    }
    return jobs;
}

template <typename Series> std::vector<Series*> seriesOf(QChart* chart)
{
    std::vector<Series*> found;
    for (QAbstractSeries* series : chart->series())
        if (auto* typed = qobject_cast<Series*>(series))
            found.push_back(typed);
    return found;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_charts"));
    }

    void quartilesOfWorkedExamples()
    {
        // R: quantile(1:4) = 1, 1.75, 2.5, 3.25, 4; NumPy gives the same (definition 7).
        const std::vector<double> four{1, 2, 3, 4};
        QCOMPARE(quantileOfSorted(four, 0.25), 1.75);
        QCOMPARE(quantileOfSorted(four, 0.5), 2.5);
        QCOMPARE(quantileOfSorted(four, 0.75), 3.25);
        QCOMPARE(quantileOfSorted(four, 0), 1.0);
        QCOMPARE(quantileOfSorted(four, 1), 4.0);
        QCOMPARE(quantileOfSorted({7}, 0.3), 7.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, quantileOfSorted({}, 0.5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, quantileOfSorted(four, 1.5));
        // Tukey on 1..9 and 100: Q1 3.25, Q3 7.75, fences -3.5 and 14.5; 100 is an outlier.
        const BoxSummary box = summarizeBox({5, 100, 1, 2, 3, 4, 6, 7, 8, 9});
        QCOMPARE(box.lowerQuartile, 3.25);
        QCOMPARE(box.median, 5.5);
        QCOMPARE(box.upperQuartile, 7.75);
        QCOMPARE(box.tukeyLow, 1.0);
        QCOMPARE(box.tukeyHigh, 9.0);
        QCOMPARE(box.outliers, 1);
        QCOMPARE(box.upperWhisker(WhiskerRule::MinMax), 100.0);
        QCOMPARE(box.upperWhisker(WhiskerRule::Tukey), 9.0);
        QCOMPARE(box.mean, 14.5);
        QCOMPARE(summarizeBox({}).count, 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, summarizeBox({1, std::nan("")}));
    }

    void boxSummaryMatchesBruteForce_data()
    {
        QTest::addColumn<bool>("ties");
        QTest::newRow("continuous, with outliers") << false;
        QTest::newRow("few distinct values") << true;
    }

    void boxSummaryMatchesBruteForce()
    {
        QFETCH(bool, ties);
        SplitMix64 random(ties ? 11 : 12);
        for (int trial = 0; trial < 2000; ++trial) {
            const std::vector<double> values = randomValues(random, 1 + randomBelow(random, 40), ties);
            const BoxSummary box = summarizeBox(values);
            const QString where = QStringLiteral("trial %1, %2 values").arg(trial).arg(values.size());
            double sum = 0;
            double low = values[0];
            double high = values[0];
            for (double value : values) {
                sum += value;
                low = std::min(low, value);
                high = std::max(high, value);
            }
            QCOMPARE(box.count, static_cast<int>(values.size()));
            QVERIFY2(near(box.mean, sum / static_cast<double>(values.size())), qPrintable(where));
            QCOMPARE(box.min, low);
            QCOMPARE(box.max, high);
            QVERIFY2(near(box.lowerQuartile, referenceQuantile(values, 0.25)), qPrintable(where));
            QVERIFY2(near(box.median, referenceQuantile(values, 0.5)), qPrintable(where));
            QVERIFY2(near(box.upperQuartile, referenceQuantile(values, 0.75)), qPrintable(where));
            // Tukey by scanning every value against the fences.
            const double reach = 1.5 * (box.upperQuartile - box.lowerQuartile);
            double whiskerLow = box.lowerQuartile;
            double whiskerHigh = box.upperQuartile;
            int outliers = 0;
            for (double value : values) {
                if (value < box.lowerQuartile - reach || value > box.upperQuartile + reach) {
                    ++outliers;
                    continue;
                }
                whiskerLow = std::min(whiskerLow, value);
                whiskerHigh = std::max(whiskerHigh, value);
            }
            QCOMPARE(box.outliers, outliers);
            QCOMPARE(box.tukeyLow, whiskerLow);
            QCOMPARE(box.tukeyHigh, whiskerHigh);
            QVERIFY(box.min <= box.tukeyLow && box.tukeyLow <= box.lowerQuartile);
            QVERIFY(box.lowerQuartile <= box.median && box.median <= box.upperQuartile);
            QVERIFY(box.upperQuartile <= box.tukeyHigh && box.tukeyHigh <= box.max);
        }
    }

    void utilizationMatchesSecondBySecond()
    {
        SplitMix64 random(5);
        int withoutSharing = 0;
        for (int trial = 0; trial < 200; ++trial) {
            const int machineNodes = 1 + randomBelow(random, 60);
            const std::vector<Job> jobs = randomJobs(random, machineNodes, 1 + randomBelow(random, 25));
            std::int64_t t0 = 0;
            const std::vector<float> perMinute = utilizationPerMinute(machineNodes, jobs, &t0);
            std::int64_t first = INT64_MAX, last = INT64_MIN;
            for (const Job& job : jobs)
                if (!job.nodes.empty()) {
                    first = std::min({first, job.submit, job.start});
                    last = std::max(last, job.end);
                }
            if (last <= first) {
                QVERIFY(perMinute.empty());
                continue;
            }
            QCOMPARE(t0, first);
            QCOMPARE(static_cast<std::int64_t>(perMinute.size()), (last - first + 59) / 60);
            for (size_t minute = 0; minute < perMinute.size(); ++minute) {
                double busy = 0;
                std::int64_t seconds = 0;
                for (std::int64_t t = first + 60 * static_cast<std::int64_t>(minute);
                     t < std::min(last, first + 60 * static_cast<std::int64_t>(minute + 1)); ++t, ++seconds) {
                    // Each busy node once: the random jobs may hold a node together.
                    std::set<int> held;
                    for (const Job& job : jobs)
                        if (job.runsAt(t))
                            held.insert(job.nodes.begin(), job.nodes.end());
                    busy += static_cast<double>(held.size());
                }
                const double expected = busy / static_cast<double>(seconds * machineNodes);
                QVERIFY2(std::abs(perMinute[minute] - expected) < 1e-5,
                         qPrintable(QStringLiteral("trial %1 minute %2: %3 vs %4")
                                        .arg(trial)
                                        .arg(minute)
                                        .arg(perMinute[minute])
                                        .arg(expected)));
            }
            // The same as the simulator's own per-minute utilization on the same run, of the
            // jobs that hold no node together (no two jobs of a simulated run do).
            const std::vector<char> sharing = jobsSharingNodes(jobs);
            std::vector<Job> alone;
            std::vector<SimulationJob> workload;
            SimulationResult result;
            for (size_t i = 0; i < jobs.size(); ++i) {
                const Job& job = jobs[i];
                if (job.nodes.empty() || sharing[i])
                    continue;
                alone.push_back(job);
                SimulationJob asked;
                asked.submit = job.submit;
                workload.push_back(asked);
                SimulatedJob ran;
                ran.start = job.start;
                ran.end = job.end;
                ran.nodes = job.nodes.toVector();
                result.jobs.push_back(ran);
            }
            withoutSharing += static_cast<int>(alone.size());
            QCOMPARE(placement::utilizationPerMinute(machineNodes, workload, result),
                     utilizationPerMinute(machineNodes, alone));
        }
        QVERIFY(withoutSharing >= 200);
    }

    void chartDataMatchesBruteForce_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("fat-tree") << QStringLiteral("fattree radix=8 pods=4 leaves-per-pod=4 nodes-per-leaf=4 "
                                                    "uplinks-per-leaf=4");
        QTest::newRow("torus") << QStringLiteral("torus extents=4x4x2 nodes-per-router=2");
        QTest::newRow("k-ary n-tree") << QStringLiteral("kary k=4 n=3");
    }

    void chartDataMatchesBruteForce()
    {
        QFETCH(QString, spec);
        const std::unique_ptr<Topology> topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        PlacementAnalyzer reference(*topology);
        SplitMix64 random(static_cast<std::uint64_t>(qHash(spec)));
        const std::vector<int> bins{1, 3, 9, 17};
        for (int trial = 0; trial < 30; ++trial) {
            const std::vector<Job> jobs = randomJobs(random, topology->nodeCount(), 1 + randomBelow(random, 60));
            const RunChartData data = computeRunChartData(jobs, analyzer, bins);
            std::vector<std::vector<double>> aph(bins.size());
            std::vector<std::vector<int>> sizes(bins.size());
            std::vector<double> waits(bins.size() + 1, 0.0);
            std::vector<int> counts(bins.size() + 1, 0);
            int without = 0;
            for (const Job& job : jobs) {
                if (job.nodes.empty()) {
                    ++without;
                    continue;
                }
                size_t bin = 0;
                while (bin + 1 < bins.size() && static_cast<int>(job.nodes.size()) >= bins[bin + 1])
                    ++bin;
                for (size_t slot : {bin, bins.size()}) {
                    waits[slot] += static_cast<double>(job.start - job.submit);
                    ++counts[slot];
                }
                if (job.nodes.size() < 2)
                    continue;
                // APH pair by pair (Pollard eq. 1), the definition.
                double hops = 0;
                for (int a : job.nodes)
                    for (int b : job.nodes)
                        if (a != b)
                            hops += topology->hops(a, b);
                const double n = static_cast<double>(job.nodes.size());
                aph[bin].push_back(hops / (n * (n - 1)));
                sizes[bin].push_back(static_cast<int>(job.nodes.size()));
            }
            QCOMPARE(data.jobsWithoutNodes, without);
            QCOMPARE(data.jobsByBin, counts);
            QCOMPARE(data.binStarts, bins);
            for (size_t bin = 0; bin <= bins.size(); ++bin)
                QVERIFY(near(data.meanWaitByBin[bin], counts[bin] ? waits[bin] / counts[bin] : 0.0));
            for (size_t bin = 0; bin < bins.size(); ++bin) {
                const BoxSummary& box = data.aphByBin[bin];
                QCOMPARE(box.count, static_cast<int>(aph[bin].size()));
                if (aph[bin].empty())
                    continue;
                QVERIFY(near(box.median, referenceQuantile(aph[bin], 0.5)));
                QVERIFY(near(box.lowerQuartile, referenceQuantile(aph[bin], 0.25)));
                QVERIFY(near(box.max, *std::max_element(aph[bin].begin(), aph[bin].end())));
                // The ideal point: the minimum for the bin's (lower) median size, which no job of
                // that size beats.
                std::vector<int> sorted = sizes[bin];
                std::sort(sorted.begin(), sorted.end());
                const int median = sorted[(sorted.size() - 1) / 2];
                QCOMPARE(data.medianSizeByBin[bin], median);
                QVERIFY(near(data.minimumAphByBin[bin], reference.minimumAph(median)));
                for (size_t j = 0; j < aph[bin].size(); ++j)
                    if (sizes[bin][j] == median)
                        QVERIFY(data.minimumAphByBin[bin] <= aph[bin][j] + 1e-9);
            }
            const std::vector<float> perMinute = utilizationPerMinute(topology->nodeCount(), jobs);
            QCOMPARE(data.minutes, static_cast<int>(perMinute.size()));
            if (!perMinute.empty())
                QVERIFY(near(data.utilization.median,
                             referenceQuantile(std::vector<double>(perMinute.begin(), perMinute.end()), 0.5)));
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, computeRunChartData({}, analyzer, {2, 5}));
    }

    void aphChartLeavesOutARunWithoutPlacements()
    {
        // The logged run of a log without node lists next to a simulated run of it: the
        // logged run has nothing to draw, and its (zero) minimum must not be the line's.
        const std::unique_ptr<Topology> topology
            = parseMachineSpec("fattree radix=8 pods=4 leaves-per-pod=4 nodes-per-leaf=4 uplinks-per-leaf=4");
        PlacementAnalyzer analyzer(*topology);
        SplitMix64 random(11);
        std::vector<Job> placed = randomJobs(random, topology->nodeCount(), 40);
        std::vector<Job> unplaced = placed;
        for (Job& job : unplaced)
            job.nodes.clear();
        const std::vector<int> bins{1, 3, 9, 17};
        const auto logged = std::make_shared<const RunChartData>(computeRunChartData(unplaced, analyzer, bins));
        const auto simulated = std::make_shared<const RunChartData>(computeRunChartData(placed, analyzer, bins));
        std::unique_ptr<QChart> chart(
            buildAphChart({{QStringLiteral("logged"), logged}, {QStringLiteral("sim"), simulated}}, WhiskerRule::Tukey,
                          QStringLiteral("m")));
        int boxSeries = 0;
        QLineSeries* minimum = nullptr;
        for (QAbstractSeries* series : chart->series()) {
            boxSeries += qobject_cast<QBoxPlotSeries*>(series) ? 1 : 0;
            if (auto* line = qobject_cast<QLineSeries*>(series))
                minimum = line;
        }
        QCOMPARE(boxSeries, 1);
        QVERIFY(minimum);
        // The line is the simulated run's minimum in every bin it has jobs in (somewhere above
        // 0 hops: the logged run's minimum is 0 in every bin).
        std::vector<double> expected;
        for (size_t bin = 0; bin < bins.size(); ++bin)
            if (simulated->aphByBin[bin].count > 0)
                expected.push_back(simulated->minimumAphByBin[bin]);
        QCOMPARE(minimum->count(), static_cast<int>(expected.size()));
        QVERIFY(*std::max_element(expected.begin(), expected.end()) > 0);
        for (int c = 0; c < minimum->count(); ++c)
            QCOMPARE(minimum->at(c).y(), expected[static_cast<size_t>(c)]);
        QVERIFY2(chart->title().contains(QStringLiteral("Not drawn"))
                     && chart->title().contains(QStringLiteral("logged")),
                 qPrintable(chart->title()));
    }

    void binLabels()
    {
        const std::vector<int> bins = defaultSizeBins();
        QCOMPARE(sizeBinLabel(bins, 0), std::string("1\u20134"));
        QCOMPARE(sizeBinLabel(bins, 0, 2), std::string("2\u20134"));
        QCOMPARE(sizeBinLabel(bins, 3), std::string("65\u2013256"));
        QCOMPARE(sizeBinLabel(bins, 4), std::string("257+"));
        QCOMPARE(sizeBinLabel({1, 2, 3}, 0, 1), std::string("1"));
        QCOMPARE(sizeBinOf(bins, 1), 0);
        QCOMPARE(sizeBinOf(bins, 4), 0);
        QCOMPARE(sizeBinOf(bins, 5), 1);
        QCOMPARE(sizeBinOf(bins, 10000), 4);
    }

    void runChoiceModelKeepsTheShownRunTicked()
    {
        RunChoiceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns({{0, QStringLiteral("logged")}, {7, QStringLiteral("ta easy")}, {9, QStringLiteral("random")}}, 7,
                      false);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.checkedRuns().size(), size_t(1));
        QCOMPARE(model.checkedRuns()[0].id, std::int64_t(7));
        QVERIFY(!(model.flags(model.index(1)) & Qt::ItemIsUserCheckable));
        QVERIFY(!model.setChecked(7, false)); // the shown run stays
        QSignalSpy changed(&model, &RunChoiceModel::checkedRunsChanged);
        QVERIFY(model.setData(model.index(2), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(2).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(!model.setChecked(42, true));
        // The same machine again, another run shown: ticks stay, the new shown run is ticked.
        model.setRuns({{0, QStringLiteral("logged")}, {7, QStringLiteral("ta easy")}, {9, QStringLiteral("random")}}, 0,
                      true);
        std::set<std::int64_t> ticked;
        for (const RunChoice& run : model.checkedRuns())
            ticked.insert(run.id);
        QCOMPARE(ticked, (std::set<std::int64_t>{0, 7, 9}));
        QVERIFY(model.index(0).data(Qt::DisplayRole).toString().contains(QStringLiteral("shown")));
        // Another machine: only the shown run.
        model.setRuns({{0, QStringLiteral("logged")}, {9, QStringLiteral("random")}}, 0, false);
        QCOMPARE(model.checkedRuns().size(), size_t(1));
    }

    void dockDrawsTheDemoRuns()
    {
        const QString path = m_dir.filePath(QStringLiteral("charts.sqlite"));
        writeDemoDatabase(path.toStdString());
        std::int64_t cabId = 0;
        {
            Store store = Store::openExisting(path.toStdString());
            SimulationSetup setup;
            setup.machine = "cab";
            setup.allocator.policy = "random";
            runStoredSimulation(store, setup, "test");
            cabId = store.machine("cab")->id;
        }
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.selectMachine(1);
        QVERIFY2(window.currentMachine()->record.name == "cab",
                 qPrintable(QString::fromStdString(window.currentMachine()->record.name) + QLatin1Char(' ')
                            + window.lastError()));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ChartsDock* dock = window.chartsDock();
        QVERIFY(dock->isHidden()); // hidden until asked for
        RunChoiceModel* model = dock->runModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), 2); // logged, random easy

        QSignalSpy updated(dock, &ChartsDock::chartsUpdated);
        dock->show();
        dock->raise();
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, 20000);
        QVERIFY(!dock->isLoading());

        // The logged run alone: one box series, one box per size bin with a job of 2+ nodes.
        Store store = Store::openExisting(path.toStdString());
        const std::vector<Job> logged = store.jobs(cabId);
        const std::vector<RunRecord> stored = runs(store, cabId);
        QCOMPARE(stored.size(), size_t(1));
        const std::vector<Job> simulated = runJobs(store, stored[0].id);
        const std::vector<int> bins = defaultSizeBins();
        std::set<int> aphBins, waitBins;
        std::vector<double> largestLoggedBin;
        for (const std::vector<Job>* jobs : {&logged, &simulated})
            for (const Job& job : *jobs) {
                const int bin = sizeBinOf(bins, static_cast<int>(job.nodes.size()));
                waitBins.insert(bin);
                if (job.nodes.size() >= 2)
                    aphBins.insert(bin);
            }
        QVERIFY(aphBins.size() >= 3);

        QChart* aph = dock->chartView(ChartsDock::AphChart)->chart();
        auto boxes = seriesOf<QBoxPlotSeries>(aph);
        QCOMPARE(boxes.size(), size_t(1));
        QCOMPARE(boxes[0]->name(), QStringLiteral("logged"));
        std::set<int> loggedAphBins;
        for (const Job& job : logged)
            if (job.nodes.size() >= 2)
                loggedAphBins.insert(sizeBinOf(bins, static_cast<int>(job.nodes.size())));
        QCOMPARE(boxes[0]->count(), static_cast<int>(loggedAphBins.size()));
        QVERIFY(aph->title().contains(QStringLiteral("cab")));

        // The median of the first box is the median APH of the logged 2-4 node jobs.
        PlacementAnalyzer analyzer(*window.currentMachine()->topology);
        std::vector<double> firstBin;
        for (const Job& job : logged)
            if (job.nodes.size() >= 2 && sizeBinOf(bins, static_cast<int>(job.nodes.size())) == *loggedAphBins.begin())
                firstBin.push_back(analyzer.measure(job.nodes).aph);
        QVERIFY(near(boxes[0]->boxSets()[0]->at(QBoxSet::Median), referenceQuantile(firstBin, 0.5)));

        // Tick the simulated run: two series, a box each per bin either run has.
        QVERIFY(model->setChecked(stored[0].id, true));
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 2, 20000);
        aph = dock->chartView(ChartsDock::AphChart)->chart();
        boxes = seriesOf<QBoxPlotSeries>(aph);
        QCOMPARE(boxes.size(), size_t(2));
        QCOMPARE(boxes[1]->name(), QStringLiteral("random easy"));
        for (QBoxPlotSeries* series : boxes)
            QCOMPARE(series->count(), static_cast<int>(aphBins.size()));
        const auto minimumLines = seriesOf<QLineSeries>(aph);
        QCOMPARE(minimumLines.size(), size_t(1));
        QCOMPARE(minimumLines[0]->count(), static_cast<int>(aphBins.size()));

        // Utilization: one box per run; wait: one bar set per run, a bar per bin and "all".
        const auto utilization = seriesOf<QBoxPlotSeries>(dock->chartView(ChartsDock::UtilizationChart)->chart());
        QCOMPARE(utilization.size(), size_t(1));
        QCOMPARE(utilization[0]->count(), 2);
        for (QBoxSet* set : utilization[0]->boxSets())
            QVERIFY(set->at(QBoxSet::Median) > 0 && set->at(QBoxSet::UpperExtreme) <= 100.0 + 1e-9);
        const auto waits = seriesOf<QBarSeries>(dock->chartView(ChartsDock::WaitChart)->chart());
        QCOMPARE(waits.size(), size_t(1));
        QCOMPARE(waits[0]->count(), 2);
        for (QBarSet* set : waits[0]->barSets())
            QCOMPARE(set->count(), static_cast<int>(waitBins.size()) + 1);
        // The last bar of the logged run: the mean wait of all its jobs, in the axis' unit.
        double waitSum = 0;
        for (const Job& job : logged)
            waitSum += static_cast<double>(job.start - job.submit);
        const double meanWait = waitSum / static_cast<double>(logged.size());
        const double shownMean = waits[0]->barSets()[0]->at(static_cast<int>(waitBins.size()));
        QVERIFY2(near(shownMean, meanWait / 3600) || near(shownMean, meanWait / 60),
                 qPrintable(QStringLiteral("%1 vs %2 s").arg(shownMean).arg(meanWait)));

        // Tukey whiskers never reach beyond min and max.
        dock->setWhiskerRule(WhiskerRule::Tukey);
        QCOMPARE(updated.count(), 3);
        boxes = seriesOf<QBoxPlotSeries>(dock->chartView(ChartsDock::AphChart)->chart());
        QCOMPARE(boxes.size(), size_t(2));

        // Another machine: its runs, only the shown one ticked.
        window.selectMachine(0);
        QCOMPARE(model->rowCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 4, 20000);
        QVERIFY(dock->chartView(ChartsDock::AphChart)->chart()->title().contains(QStringLiteral("demo-torus")));
    }

    void dockReportsALoadThatFails()
    {
        ChartsDock dock;
        dock.resize(800, 500);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QSignalSpy updated(&dock, &ChartsDock::chartsUpdated);
        dock.setRuns(QStringLiteral("broken"), QStringLiteral("m"), {{0, QStringLiteral("logged")}}, 0,
                     [](std::int64_t) -> RunChartData { throw std::runtime_error("no such database"); });
        QTRY_VERIFY(updated.count() == 1);
        QVERIFY2(dock.statusText().contains(QStringLiteral("no such database")), qPrintable(dock.statusText()));
        QVERIFY(seriesOf<QBoxPlotSeries>(dock.chartView(ChartsDock::AphChart)->chart()).empty());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
