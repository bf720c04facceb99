// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JsonWriter.h"
#include "core/SimulationReport.h"
#include "core/SystemMetrics.h"
#include "core/WorkloadTransforms.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

using namespace placement;

namespace {

SimulationJob makeJob(std::string id, std::int64_t submit, std::int64_t run, int nodes, std::int64_t limit = 0)
{
    SimulationJob job;
    job.id = std::move(id);
    job.submit = submit;
    job.runTime = run;
    job.nodes = nodes;
    job.timeLimit = limit;
    return job;
}

SimulatedJob ranAt(std::int64_t start, std::int64_t end, std::vector<int> nodes)
{
    SimulatedJob job;
    job.start = start;
    job.end = end;
    job.nodes = std::move(nodes);
    return job;
}

} // namespace

class TestSystemMetrics : public QObject
{
    Q_OBJECT
private slots:
    void handComputedRun()
    {
        // A 4-node machine. Job a: 2 nodes, 0-100. Job b: 4 nodes, submitted 10, waits for
        // a, runs 100-160. Job c: 1 node, submitted 0, runs 0-5 (slowdown bounded by 10 s).
        const std::vector<SimulationJob> jobs{makeJob("a", 0, 100, 2), makeJob("b", 10, 60, 4), makeJob("c", 0, 5, 1)};
        SimulationResult result;
        result.jobs = {ranAt(0, 100, {0, 1}), ranAt(100, 160, {0, 1, 2, 3}), ranAt(0, 5, {2})};
        result.jobs[1].schedulingMicroseconds = 30;
        result.jobs[0].schedulingMicroseconds = 10;
        result.jobs[2].schedulingMicroseconds = 20;
        const SystemMetrics m = computeSystemMetrics(4, jobs, result, {1, 2, 4});
        QCOMPARE(m.jobs, 3);
        QCOMPARE(m.makespan, std::int64_t(160));
        // Steady state: b waits from 10 to 100.
        QVERIFY(m.steadyStateFound);
        QCOMPARE(m.steadyFrom, std::int64_t(10));
        QCOMPARE(m.steadyTo, std::int64_t(100));
        QCOMPARE(m.steadyUtilization, (2.0 * 90) / (4.0 * 90));
        QCOMPARE(m.makespanUtilization, (2.0 * 100 + 4.0 * 60 + 5.0) / (4.0 * 160));
        QCOMPARE(m.wait.mean, 90.0 / 3);
        QCOMPARE(m.wait.max, 90.0);
        QCOMPARE(m.turnaround.mean, (100.0 + 150 + 5) / 3);
        // Bounded slowdowns: a 1, b (90 + 60) / 60 = 2.5, c max(1, 5 / 10) = 1.
        QCOMPARE(m.boundedSlowdown.mean, (1 + 2.5 + 1) / 3);
        QCOMPARE(m.schedulingMicroseconds.mean, 20.0);
        QCOMPARE(m.schedulingMicroseconds.p99, 30.0);
        QCOMPARE(m.bins.size(), size_t(3));
        QCOMPARE(m.bins[0].wait.count, 1); // c
        QCOMPARE(m.bins[1].wait.count, 1); // a
        QCOMPARE(m.bins[2].wait.count, 1); // b
        QCOMPARE(m.bins[2].wait.mean, 90.0);
        QCOMPARE(m.bins[2].maxNodes, 0);
        QCOMPARE(m.bins[1].maxNodes, 3);
    }

    void decisionsWithoutTimesTakeNoPass()
    {
        // A logged run times no decision: its distribution of scheduling times is all 0 and
        // needs no pass over the jobs (millions, read from the store in passes). Every other
        // number is as with timed decisions.
        std::vector<RunJobTiming> timings;
        for (int i = 0; i < 50; ++i)
            timings.push_back(
                {i * 60, i * 60 + (i * 37) % 500, i * 60 + 900 + (i * 53) % 3000, 1 + i % 9, 1 + i % 9, 0.0});
        timings.push_back({10, -1, -1, 4, 4, 0.0}); // never started
        int passes = 0;
        const auto over = [&](const std::vector<RunJobTiming>& runs) {
            return [&passes, &runs](const std::function<void(const RunJobTiming&)>& visit) {
                ++passes;
                for (const RunJobTiming& run : runs)
                    visit(run);
            };
        };
        const SystemMetrics untimed = computeSystemMetrics(64, over(timings));
        QCOMPARE(passes, 4); // the count, then waits, turnarounds and slowdowns
        QCOMPARE(untimed.schedulingMicroseconds.count, 50);
        QCOMPARE(untimed.schedulingMicroseconds.mean, 0.0);
        QCOMPARE(untimed.schedulingMicroseconds.max, 0.0);
        std::vector<RunJobTiming> timed = timings;
        timed[7].schedulingMicroseconds = 250;
        passes = 0;
        const SystemMetrics withTimes = computeSystemMetrics(64, over(timed));
        QCOMPARE(passes, 5);
        QCOMPARE(withTimes.schedulingMicroseconds.max, 250.0);
        QCOMPARE(withTimes.schedulingMicroseconds.p99, 250.0);
        QCOMPARE(withTimes.schedulingMicroseconds.count, 50);
        QCOMPARE(withTimes.wait.mean, untimed.wait.mean);
        QCOMPARE(withTimes.wait.p99, untimed.wait.p99);
        QCOMPARE(withTimes.boundedSlowdown.mean, untimed.boundedSlowdown.mean);
        QCOMPARE(withTimes.turnaround.median, untimed.turnaround.median);
        QCOMPARE(withTimes.steadyUtilization, untimed.steadyUtilization);
        QCOMPARE(withTimes.bins.size(), untimed.bins.size());
    }

    void withoutWaitingThereIsNoSteadyState()
    {
        const std::vector<SimulationJob> jobs{makeJob("a", 0, 60, 1), makeJob("b", 30, 60, 1)};
        SimulationResult result;
        result.jobs = {ranAt(0, 60, {0}), ranAt(30, 90, {1})};
        const SystemMetrics m = computeSystemMetrics(2, jobs, result);
        QVERIFY(!m.steadyStateFound);
        QCOMPARE(m.steadyFrom, std::int64_t(0));
        QCOMPARE(m.steadyTo, std::int64_t(90));
        QCOMPARE(m.steadyUtilization, 120.0 / 180);
    }

    void utilizationPerMinuteMatchesBruteForce()
    {
        const int machine = 7;
        std::vector<SimulationJob> jobs;
        SimulationResult result;
        SplitMix64 random(5);
        for (int i = 0; i < 200; ++i) {
            const std::int64_t submit = random.between(0, 5000);
            const std::int64_t start = submit + random.between(0, 300);
            const std::int64_t run = random.between(0, 900);
            const int nodes = static_cast<int>(random.between(1, 3));
            jobs.push_back(makeJob(std::to_string(i), submit, run, nodes));
            result.jobs.push_back(ranAt(start, start + run, std::vector<int>(static_cast<size_t>(nodes), 0)));
        }
        std::int64_t t0 = 0;
        const std::vector<float> fast = utilizationPerMinute(machine, jobs, result, &t0);
        std::int64_t last = 0;
        for (const SimulatedJob& job : result.jobs)
            last = std::max(last, job.end);
        QCOMPARE(static_cast<std::int64_t>(fast.size()), (last - t0 + 59) / 60);
        for (size_t m = 0; m < fast.size(); ++m) {
            const std::int64_t from = t0 + 60 * static_cast<std::int64_t>(m);
            const std::int64_t to = std::min(from + 60, last);
            double busy = 0;
            for (std::int64_t second = from; second < to; ++second)
                for (const SimulatedJob& job : result.jobs)
                    if (job.start <= second && second < job.end)
                        busy += static_cast<double>(job.nodes.size());
            const double expected = busy / (static_cast<double>(to - from) * machine);
            QVERIFY2(std::abs(fast[m] - expected) < 1e-5,
                     qPrintable(QStringLiteral("minute %1: %2 vs %3").arg(m).arg(fast[m]).arg(expected)));
        }
    }

    void speedupScenarios()
    {
        SplitMix64 random(1);
        QCOMPARE(speedupShare(Speedup::parse("10"), 4, random), 0.0);
        QCOMPARE(speedupShare(Speedup::parse("10"), 5, random), 0.1);
        QCOMPARE(speedupShare(Speedup::parse("20%"), 500, random), 0.2);
        // Random: only above 64 nodes, one of 0, 5, 15, 30%.
        for (int i = 0; i < 200; ++i) {
            QCOMPARE(speedupShare(Speedup::parse("random"), 64, random), 0.0);
            const double share = speedupShare(Speedup::parse("random"), 65, random);
            QVERIFY(share == 0 || share == 0.05 || share == 0.15 || share == 0.30);
        }
        // V1: top of a bin (10, 20 or 30%) at 512 nodes and above, 0 for one node, linear between.
        for (int i = 0; i < 200; ++i) {
            const double top = speedupShare(Speedup::parse("v1"), 4096, random);
            QVERIFY(qFuzzyCompare(top, 0.1) || qFuzzyCompare(top, 0.2) || qFuzzyCompare(top, 0.3));
            QCOMPARE(speedupShare(Speedup::parse("v1"), 1, random), 0.0);
            const double mid = speedupShare(Speedup::parse("v1"), 256, random);
            QVERIFY(mid > 0 && mid < 0.3 * 255.0 / 511 + 1e-12);
        }
        // V2: nothing below 5 nodes; 5-128 in 0-10 or 0-20%; above in 0-10, 10-20 or 10-30%.
        for (int i = 0; i < 200; ++i) {
            QCOMPARE(speedupShare(Speedup::parse("v2"), 4, random), 0.0);
            QVERIFY(speedupShare(Speedup::parse("v2"), 128, random) <= 0.2);
            const double large = speedupShare(Speedup::parse("v2"), 129, random);
            QVERIFY(large == 0.0 || qFuzzyCompare(large, 0.1));
            const double top = speedupShare(Speedup::parse("v2"), 600, random);
            QVERIFY(qFuzzyCompare(top, 0.1) || qFuzzyCompare(top, 0.2) || qFuzzyCompare(top, 0.3));
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Speedup::parse("fast"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Speedup::parse("100"));
        QCOMPARE(Speedup::parse("v2").name(), std::string("v2"));
        QCOMPARE(Speedup::parse("5").name(), std::string("5"));
    }

    void workloadTransforms()
    {
        const std::vector<SimulationJob> jobs{makeJob("1", 1000, 100, 2), makeJob("2", 1100, 100, 8),
                                              makeJob("3", 1300, 100, 16), makeJob("4", 2000, 100, 4)};
        WorkloadTransform keep;
        keep.from = 1100;
        keep.to = 2000;
        std::vector<size_t> kept;
        std::vector<SimulationJob> out = transformWorkload(jobs, keep, &kept);
        QCOMPARE(out.size(), size_t(2));
        QCOMPARE(kept, (std::vector<size_t>{1, 2}));

        WorkloadTransform scaled;
        scaled.parseArrivals("scale:0.5");
        scaled.nodeScale = 3;
        out = transformWorkload(jobs, scaled);
        QCOMPARE(out[1].submit, std::int64_t(1050));
        QCOMPARE(out[3].submit, std::int64_t(1500));
        QCOMPARE(out[2].nodes, 48);
        QCOMPARE(out[2].runTime, std::int64_t(100));

        WorkloadTransform zero;
        zero.parseArrivals("zero");
        zero.speedup = Speedup::parse("20");
        out = transformWorkload(jobs, zero);
        for (const SimulationJob& job : out)
            QCOMPARE(job.submit, std::int64_t(0));
        QCOMPARE(out[0].runTime, std::int64_t(100)); // 2 nodes: no speed-up
        QCOMPARE(out[1].runTime, std::int64_t(80));

        // Seeded: the same draws for the same job whatever else is kept.
        WorkloadTransform random;
        random.speedup = Speedup::parse("v1");
        random.seed = 9;
        const std::vector<SimulationJob> all = transformWorkload(jobs, random);
        random.from = 1300;
        const std::vector<SimulationJob> part = transformWorkload(jobs, random);
        QCOMPARE(part.front().runTime, all[2].runTime);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, zero.parseArrivals("scale:-1"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, zero.parseArrivals("later"));
    }

    void jsonIsValidAndEscaped()
    {
        JsonWriter json;
        json.beginObject();
        json.key("text").value("quote \" backslash \\ newline \n tab \t bell \a");
        json.key("number").value(0.1);
        json.key("count").value(std::int64_t(-42));
        json.key("nan").value(std::nan(""));
        json.key("list").beginArray().value(true).null().beginObject().endObject().beginArray().endArray().endArray();
        json.endObject();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(json.str()), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject object = document.object();
        QCOMPARE(object.value(QStringLiteral("text")).toString(),
                 QStringLiteral("quote \" backslash \\ newline \n tab \t bell \a"));
        QCOMPARE(object.value(QStringLiteral("number")).toDouble(), 0.1);
        QCOMPARE(object.value(QStringLiteral("count")).toInt(), -42);
        QVERIFY(object.value(QStringLiteral("nan")).isNull());
        QCOMPARE(object.value(QStringLiteral("list")).toArray().size(), 4);
        JsonWriter open;
        open.beginArray();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, open.str());
    }

    void summaryJsonCarriesTheMetrics()
    {
        SimulationSetup setup;
        setup.machine = "m";
        setup.allocator.policy = "ta";
        SimulationSummary summary;
        summary.runId = 7;
        summary.runName = "ta easy";
        summary.metrics.steadyUtilization = 0.75;
        summary.metrics.wait.mean = 12;
        summary.metrics.bins = {SizeBinMetrics{1, 4, {}, {}, {}}, SizeBinMetrics{5, 0, {}, {}, {}}};
        summary.neverFit = {"99"};
        const QJsonObject object
            = QJsonDocument::fromJson(QByteArray::fromStdString(simulationSummaryJson(setup, summary))).object();
        QCOMPARE(object.value(QStringLiteral("run_id")).toInt(), 7);
        QCOMPARE(object.value(QStringLiteral("utilization")).toDouble(), 0.75);
        QCOMPARE(object.value(QStringLiteral("mean_wait")).toDouble(), 12.0);
        QCOMPARE(object.value(QStringLiteral("by_size")).toArray().size(), 2);
        QVERIFY(object.value(QStringLiteral("by_size"))
                    .toArray()
                    .at(1)
                    .toObject()
                    .value(QStringLiteral("max_nodes"))
                    .isNull());
        QCOMPARE(object.value(QStringLiteral("never_fit_jobs")).toArray().at(0).toString(), QStringLiteral("99"));
        const QJsonObject parameters
            = QJsonDocument::fromJson(QByteArray::fromStdString(simulationParametersJson(setup, "1.2.3"))).object();
        QCOMPARE(parameters.value(QStringLiteral("policy")).toString(), QStringLiteral("ta"));
        QCOMPARE(parameters.value(QStringLiteral("version")).toString(), QStringLiteral("1.2.3"));
        QCOMPARE(parameters.value(QStringLiteral("window")).toInt(), 50);
    }
};

QTEST_APPLESS_MAIN(TestSystemMetrics)
#include "tst_systemmetrics.moc"
