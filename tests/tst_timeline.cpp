// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CoreHoldings.h"
#include "core/NodeSharing.h"
#include "core/Occupancy.h"
#include "core/RunComparison.h"
#include "core/SplitMix64.h"
#include "core/Timeline.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

using namespace placement;

namespace {

std::vector<Job> randomJobs(SplitMix64& random, int count, int nodeCount)
{
    std::vector<Job> jobs;
    for (int i = 0; i < count; ++i) {
        Job job;
        job.id = std::to_string(i);
        job.submit = static_cast<std::int64_t>(random.next() % 100);
        job.start = job.submit + static_cast<std::int64_t>(random.next() % 20);
        job.end = job.start + static_cast<std::int64_t>(random.next() % 30);
        std::set<int> nodes;
        const int size = 1 + static_cast<int>(random.next() % 6);
        while (static_cast<int>(nodes.size()) < size)
            nodes.insert(static_cast<int>(random.next() % static_cast<std::uint64_t>(nodeCount)));
        std::vector<int> listed(nodes.begin(), nodes.end());
        if (random.next() % 2 == 0)
            std::reverse(listed.begin(), listed.end()); // not necessarily ascending
        job.nodes = listed;
        jobs.push_back(job);
    }
    return jobs;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT
private slots:
    void stepSeriesMatchBruteForce()
    {
        SplitMix64 random(11);
        for (int trial = 0; trial < 40; ++trial) {
            const std::vector<Job> jobs = randomJobs(random, 1 + trial, 16);
            const StepSeries busy = busyNodesOverTime(jobs);
            const StepSeries queued = queuedJobsOverTime(jobs);
            // Given marks of the jobs that may share (the search's own, every job, the
            // search's and some more at random), only the marked are merged: the same curve.
            std::vector<char> exact = jobsSharingNodes(jobs), every(jobs.size(), 1), more = exact;
            for (char& mark : more)
                mark = mark || random.next() % 3 == 0 ? 1 : 0;
            for (const std::vector<char>* marks : {&exact, &every, &more}) {
                const StepSeries marked = busyNodesOverTime(jobs, {}, *marks);
                QCOMPARE(marked.times(), busy.times());
                QCOMPARE(marked.values(), busy.values());
            }
            const std::vector<std::int64_t> times = busy.times();
            QVERIFY(std::is_sorted(times.begin(), times.end()));
            QVERIFY(std::adjacent_find(times.begin(), times.end()) == times.end());
            for (std::int64_t t = -2; t < 160; ++t) {
                int waiting = 0;
                std::set<int> held; // each busy node once: the random jobs may hold a node together
                for (const Job& job : jobs) {
                    if (job.start <= t && t < job.end)
                        held.insert(job.nodes.begin(), job.nodes.end());
                    waiting += job.submit <= t && t < job.start ? 1 : 0;
                }
                QCOMPARE(busy.valueAt(t), static_cast<int>(held.size()));
                QCOMPARE(queued.valueAt(t), waiting);
            }
        }
    }

    void exclusiveHoldingCountsAsTheSearchForSharedNodes()
    {
        // Jobs that never hold a node together (as the simulator places whole nodes): the
        // curve without the search for shared nodes is the curve with it, and its peak is
        // busiestTime()'s moment. With shared nodes the search is what counts them once.
        SplitMix64 random(5);
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<Job> jobs;
            std::int64_t time = 0;
            for (int i = 0; i < 20 + trial; ++i) {
                Job job;
                job.id = std::to_string(i);
                job.start = time;
                job.end = time + 1 + static_cast<std::int64_t>(random.next() % 30);
                const int first = static_cast<int>(random.next() % 8) * 4; // a slot of 4 nodes
                for (int n = 0; n < 1 + static_cast<int>(random.next() % 4); ++n)
                    job.nodes.push_back(first + n);
                // Starts after every job holding the same slot has ended.
                for (const Job& other : jobs)
                    if (other.nodes.front() == first)
                        job.start = std::max(job.start, other.end);
                job.end = job.start + (job.end - time);
                time += static_cast<std::int64_t>(random.next() % 5);
                jobs.push_back(job);
            }
            const StepSeries searched = busyNodesOverTime(jobs);
            const StepSeries exclusive = busyNodesOverTime(jobs, {}, NodeHolding::Exclusive);
            QCOMPARE(exclusive.times(), searched.times());
            QCOMPARE(exclusive.values(), searched.values());
            QCOMPARE(timeOfPeak(exclusive), busiestTime(jobs));
        }
        Job a{"a", "", {0, 1}, 0, 0, 10};
        Job b{"b", "", {1, 2}, 0, 5, 15}; // shares node 1 with a on [5, 10)
        QCOMPARE(busyNodesOverTime({a, b}).valueAt(7), 3);
        QCOMPARE(busyNodesOverTime({a, b}, {}, NodeHolding::Exclusive).valueAt(7), 4); // the caller's promise broken
        QCOMPARE(busyNodesOverTime({a, b}, {}, std::vector<char>{1, 1}).valueAt(7), 3);
        QCOMPARE(busyNodesOverTime({a, b}, {}, std::vector<char>{1, 0}).valueAt(7), 4); // marks that miss one
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, busyNodesOverTime({a, b}, {}, std::vector<char>{1}));
        QCOMPARE(timeOfPeak(StepSeries{}), std::int64_t(0));
        QCOMPARE(timeOfPeak(StepSeries{{3, 8, 9}, {2, 5, 5}}), std::int64_t(8)); // the first of equal peaks
    }

    void stepSeriesKeepAnyTimes()
    {
        // Seconds after the first step in 32 bits, and 64-bit times from the step that needs
        // them (a series over 136 years long): the same steps either way, before the epoch too.
        const std::vector<std::int64_t> times{
            -7'000'000'000, 4'294'967'295 - 7'000'000'000, 4'294'967'296 - 7'000'000'000, -1, 0, 9'000'000'000};
        const std::vector<int> values{1, 2, 3, 4, 5, 6};
        for (size_t from = 0; from < times.size(); ++from) {
            const std::vector<std::int64_t> part(times.begin() + static_cast<std::ptrdiff_t>(from), times.end());
            const std::vector<int> partValues(values.begin() + static_cast<std::ptrdiff_t>(from), values.end());
            const StepSeries series(part, partValues);
            QCOMPARE(series.times(), part);
            QCOMPARE(series.values(), partValues);
            QCOMPARE(series.valueAt(part.front() - 1), 0);
            QCOMPARE(series.valueAt(INT64_MIN), 0);
            QCOMPARE(series.valueAt(INT64_MAX), 6);
            for (size_t step = 0; step < part.size(); ++step) {
                QCOMPARE(series.valueAt(part[step]), partValues[step]);
                QCOMPARE(series.stepAfter(part[step]), step + 1);
                if (step + 1 < part.size())
                    QCOMPARE(series.valueAt(part[step + 1] - 1), partValues[step]);
            }
        }
        StepSeries series;
        series.append(10, 1);
        series.append(10, 4); // the same time: the last value stands
        QCOMPARE(series.size(), size_t(1));
        QCOMPARE(series.valueAt(10), 4);
        // Values in 16 bits until one does not fit, then every value in full.
        series.append(11, 65535);
        series.append(12, -3);
        series.append(12, 70000);
        series.append(13, 2);
        QCOMPARE(series.values(), std::vector<int>({4, 65535, 70000, 2}));
        QCOMPARE(series.maxValue(), 70000);
        QCOMPARE(timeOfPeak(series), std::int64_t(12));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, series.append(9, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, StepSeries({2, 1}, {1, 1}));
    }

    void envelopeMatchesBruteForceOverEverySecond()
    {
        SplitMix64 random(23);
        for (int trial = 0; trial < 60; ++trial) {
            StepSeries series;
            std::int64_t time = random.between(-50, 50);
            const int steps = static_cast<int>(random.between(0, 80));
            for (int i = 0; i < steps; ++i) {
                time += random.between(1, 90);
                series.append(time, static_cast<int>(random.between(0, 40)));
            }
            // Ranges that start before, inside and after the steps; buckets of one second
            // to many, and more buckets than seconds.
            const std::int64_t first = random.between(-100, 200);
            const std::int64_t last = first + random.between(0, 3000);
            const int buckets = static_cast<int>(random.between(0, 400));
            const StepEnvelope envelope = stepEnvelope(series, first, last, buckets);
            QCOMPARE(static_cast<std::int64_t>(envelope.bucketCount()), std::min<std::int64_t>(buckets, last - first));
            if (envelope.bucketCount() == 0)
                continue;
            QCOMPARE(envelope.bucketStart(0), first);
            QCOMPARE(envelope.bucketStart(envelope.bucketCount()), last);
            for (size_t bucket = 0; bucket < envelope.bucketCount(); ++bucket) {
                const std::int64_t from = envelope.bucketStart(bucket), to = envelope.bucketStart(bucket + 1);
                QVERIFY(from < to);
                int low = series.valueAt(from), high = low;
                for (std::int64_t t = from; t < to; ++t) {
                    low = std::min(low, series.valueAt(t));
                    high = std::max(high, series.valueAt(t));
                    QCOMPARE(envelope.bucketOf(t), bucket);
                }
                QCOMPARE(envelope.startValues[bucket], series.valueAt(from));
                QCOMPARE(envelope.minValues[bucket], low);
                QCOMPARE(envelope.maxValues[bucket], high);
            }
        }
    }

    void envelopeKeepsASpikeShorterThanABucket()
    {
        // 90 nodes busy for one second of a day, drawn in buckets of an hour.
        const std::vector<Job> jobs = [] {
            std::vector<Job> list(2);
            list[0].start = 0;
            list[0].end = 86400;
            list[0].nodes = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
            list[1].start = 40000;
            list[1].end = 40001;
            for (int node = 10; node < 100; ++node)
                list[1].nodes.push_back(node);
            return list;
        }();
        const StepEnvelope envelope = stepEnvelope(busyNodesOverTime(jobs), 0, 86400, 24);
        QCOMPARE(envelope.bucketCount(), size_t(24));
        const size_t spike = envelope.bucketOf(40000);
        QCOMPARE(spike, size_t(11));
        for (size_t bucket = 0; bucket < envelope.bucketCount(); ++bucket) {
            QCOMPARE(envelope.startValues[bucket], 10);
            QCOMPARE(envelope.minValues[bucket], 10);
            QCOMPARE(envelope.maxValues[bucket], bucket == spike ? 100 : 10);
        }
    }

    // A log without node lists: its jobs count with their logged sizes, as if placed.
    void busyNodesCountJobsWithoutNodeListsBySize()
    {
        // Sizes only: which nodes are unknown, so each job counts with its whole size.
        SplitMix64 random(12);
        std::vector<Job> jobs = randomJobs(random, 30, 16);
        std::vector<int> sizes;
        for (Job& job : jobs) {
            sizes.push_back(static_cast<int>(job.nodes.size()));
            job.nodes.clear();
        }
        const StepSeries sized = busyNodesOverTime(jobs, sizes);
        QVERIFY(sized.size() > 2);
        for (std::int64_t t = -2; t < 160; ++t) {
            int nodes = 0;
            for (size_t index = 0; index < jobs.size(); ++index)
                nodes += jobs[index].runsAt(t) ? sizes[index] : 0;
            QCOMPARE(sized.valueAt(t), nodes);
        }
        QVERIFY(busyNodesOverTime(jobs).empty()); // without sizes: nothing known

        // The same jobs at today's times (changes kept in 8 bytes), and with one more job
        // 200 years later (beyond what 8 bytes hold: 16 bytes each), by either holding.
        for (const std::int64_t later : {std::int64_t(0), std::int64_t(200) * 365 * 86400}) {
            std::vector<Job> today = jobs;
            for (Job& job : today) {
                job.submit += 1'700'000'000;
                job.start += 1'700'000'000;
                job.end += 1'700'000'000;
            }
            std::vector<int> todaySizes = sizes;
            if (later > 0) {
                today.push_back({"far", "", {}, 1'699'999'990 + later, 1'700'000'000 + later, 1'700'000'010 + later});
                todaySizes.push_back(3);
            }
            const StepSeries queued = queuedJobsOverTime(jobs), queuedToday = queuedJobsOverTime(today);
            for (std::int64_t t = -2; t < 160; ++t)
                QCOMPARE(queuedToday.valueAt(t + 1'700'000'000), queued.valueAt(t));
            QCOMPARE(queuedToday.valueAt(1'699'999'995 + later), later > 0 ? 1 : queued.valueAt(-5));
            for (const NodeHolding holding : {NodeHolding::MayShare, NodeHolding::Exclusive}) {
                const StepSeries shifted = busyNodesOverTime(today, todaySizes, holding);
                for (std::int64_t t = -2; t < 160; ++t)
                    QCOMPARE(shifted.valueAt(t + 1'700'000'000), sized.valueAt(t));
                if (later > 0)
                    QCOMPARE(shifted.valueAt(1'700'000'005 + later), 3);
                QCOMPARE(shifted.size(), sized.size() + (later > 0 ? 2 : 0));
            }
        }
    }

    void curvesOfManyJobsAreSortedInWindowsAsAtOnce()
    {
        // Enough jobs that their changes are sorted a window of time at a time (over 2^18):
        // the curves equal the running sums of every change sorted at once, steps and all.
        // A third of the jobs arrive at one second (a window of one bucket, over the limit);
        // some wait not at all, some end as they start, times coincide by the minute.
        SplitMix64 random(19);
        std::vector<Job> jobs(400'000);
        std::vector<int> sizes(jobs.size());
        for (size_t i = 0; i < jobs.size(); ++i) {
            Job& job = jobs[i];
            job.submit
                = i % 3 == 0 ? 1'700'000'000 : 1'700'000'000 + static_cast<std::int64_t>(random.next() % 525'600) * 60;
            job.start = job.submit + (i % 5 == 0 ? 0 : static_cast<std::int64_t>(random.next() % 2000) * 60);
            job.end = job.start + (i % 7 == 0 ? 0 : static_cast<std::int64_t>(random.next() % 3000) * 60);
            sizes[i] = static_cast<int>(random.next() % 65);
        }
        const auto running = [](const std::map<std::int64_t, std::pair<int, bool>>& changes) {
            std::vector<std::int64_t> times;
            std::vector<int> values;
            int value = 0;
            for (const auto& [time, change] : changes)
                if (change.second) {
                    value += change.first;
                    times.push_back(time);
                    values.push_back(value);
                }
            return std::pair(times, values);
        };
        std::map<std::int64_t, std::pair<int, bool>> busyChanges, queueChanges;
        const auto add = [](std::map<std::int64_t, std::pair<int, bool>>& changes, std::int64_t time, int change) {
            auto& [sum, changed] = changes[time];
            sum += change;
            changed = changed || change != 0;
        };
        for (size_t i = 0; i < jobs.size(); ++i) {
            if (jobs[i].end > jobs[i].start && sizes[i] > 0) {
                add(busyChanges, jobs[i].start, sizes[i]);
                add(busyChanges, jobs[i].end, -sizes[i]);
            }
            if (jobs[i].start > jobs[i].submit) {
                add(queueChanges, jobs[i].submit, 1);
                add(queueChanges, jobs[i].start, -1);
            }
        }
        const auto [busyTimes, busyValues] = running(busyChanges);
        const auto [queueTimes, queueValues] = running(queueChanges);
        for (const NodeHolding holding : {NodeHolding::MayShare, NodeHolding::Exclusive}) {
            const StepSeries busy = busyNodesOverTime(jobs, sizes, holding);
            QCOMPARE(busy.times(), busyTimes);
            QCOMPARE(busy.values(), busyValues);
        }
        const StepSeries queued = queuedJobsOverTime(jobs);
        QCOMPARE(queued.times(), queueTimes);
        QCOMPARE(queued.values(), queueValues);
        // The cores held: 8 a node, unknown (-1) for every eleventh job.
        std::vector<JobHolding> holdings(jobs.size());
        std::map<std::int64_t, std::pair<int, bool>> coreChanges;
        for (size_t i = 0; i < jobs.size(); ++i) {
            holdings[i].cores = i % 11 == 0 ? -1 : 8 * sizes[i];
            if (holdings[i].cores > 0 && jobs[i].end > jobs[i].start) {
                add(coreChanges, jobs[i].start, holdings[i].cores);
                add(coreChanges, jobs[i].end, -holdings[i].cores);
            }
        }
        const auto [coreTimes, coreValues] = running(coreChanges);
        const StepSeries cores = coresHeldOverTime(jobs, holdings);
        QCOMPARE(cores.times(), coreTimes);
        QCOMPARE(cores.values(), coreValues);
        QVERIFY(busyTimes.size() > 250'000 && queueTimes.size() > 250'000);

        // Jobs that share nodes: their distinct spans, sorted in windows too.
        std::vector<Job> listed(200'000);
        for (size_t i = 0; i < listed.size(); ++i) {
            listed[i] = jobs[i];
            const int first = static_cast<int>(random.next() % 4000);
            listed[i].nodes.appendRun(first, 1 + random.next() % 4);
        }
        std::map<std::int64_t, std::pair<int, bool>> spanChanges;
        for (const BusySpan& span : distinctBusySpans(listed, {})) {
            add(spanChanges, span.start, span.nodes);
            add(spanChanges, span.end, -span.nodes);
        }
        const auto [spanTimes, spanValues] = running(spanChanges);
        const StepSeries shared = busyNodesOverTime(listed);
        QCOMPARE(shared.times(), spanTimes);
        QCOMPARE(shared.values(), spanValues);
        QVERIFY(spanTimes.size() > 150'000);
    }

    void ganttBarsCoverEachJobsNodesInRuns()
    {
        SplitMix64 random(5);
        const std::vector<Job> jobs = randomJobs(random, 200, 12);
        const std::vector<GanttBar> bars = ganttBars(jobs);
        for (size_t index = 0; index < jobs.size(); ++index) {
            std::vector<int> covered;
            int runs = 0;
            for (const GanttBar& bar : bars) {
                if (bar.job != static_cast<int>(index))
                    continue;
                ++runs;
                QCOMPARE(bar.start, jobs[index].start);
                QCOMPARE(bar.end, jobs[index].end);
                for (int node = bar.first; node <= bar.last; ++node)
                    covered.push_back(node);
            }
            std::vector<int> nodes = jobs[index].nodes.toVector();
            std::sort(nodes.begin(), nodes.end());
            std::sort(covered.begin(), covered.end());
            QCOMPARE(covered, nodes);
            int expectedRuns = nodes.empty() ? 0 : 1;
            for (size_t i = 1; i < nodes.size(); ++i)
                expectedRuns += nodes[i] != nodes[i - 1] + 1 ? 1 : 0;
            QCOMPARE(runs, expectedRuns); // maximal runs: as few bars as possible
        }
    }

    void runComparisonMatchesJobsById()
    {
        SplitMix64 random(9);
        for (int trial = 0; trial < 30; ++trial) {
            const std::vector<Job> first = randomJobs(random, 40, 10);
            std::vector<Job> other = first;
            std::set<std::string> changed;
            for (Job& job : other) {
                const auto roll = random.next() % 5;
                if (roll == 0) {
                    job.start += 1;
                    changed.insert(job.id);
                } else if (roll == 1 && !job.nodes.empty()) {
                    std::vector<int> b = job.nodes.toVector();
                    b.front() = (b.front() + 1) % 10;
                    std::sort(b.begin(), b.end());
                    b.erase(std::unique(b.begin(), b.end()), b.end());
                    job.nodes = b;
                    std::vector<int> a = first[static_cast<size_t>(&job - other.data())].nodes.toVector();
                    std::sort(a.begin(), a.end());
                    if (a != b)
                        changed.insert(job.id);
                } else if (roll == 2) {
                    std::vector<int> reversed = job.nodes.toVector();
                    std::reverse(reversed.begin(), reversed.end()); // same set: same placement
                    job.nodes = reversed;
                }
            }
            std::reverse(other.begin(), other.end()); // another order
            other.pop_back(); // the first job of `first` is missing from `other`
            changed.insert(first.front().id);
            const RunComparison comparison = compareRuns(first, other);
            for (size_t i = 0; i < first.size(); ++i) {
                QCOMPARE(comparison.firstDiffers[i] != 0, changed.count(first[i].id) > 0);
                const int j = comparison.otherOfFirst[i];
                if (i == 0) {
                    QCOMPARE(j, -1);
                    continue;
                }
                QCOMPARE(other[static_cast<size_t>(j)].id, first[i].id);
                QCOMPARE(comparison.firstOfOther[static_cast<size_t>(j)], static_cast<int>(i));
                QCOMPARE(comparison.otherDiffers[static_cast<size_t>(j)], comparison.firstDiffers[i]);
            }
            QCOMPARE(comparison.differing, static_cast<int>(changed.size()));
        }
    }
};

QTEST_APPLESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
