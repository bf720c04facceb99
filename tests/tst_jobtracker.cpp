// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobMetricsCache.h"
#include "app/JobTracker.h"
#include "app/MinimumAphFile.h"
#include "app/ModalJob.h"
#include "core/MinimumAph.h"
#include "core/PlacementMetrics.h"
#include "core/TorusTopology.h"

#include <QCoreApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <sched.h>
#include <thread>

using namespace placement;
using namespace std::chrono_literals;

namespace {

/// Set by the test, awaited by a job.
struct Latch
{
    std::atomic<bool> open = false;
    void wait() const
    {
        while (!open)
            std::this_thread::sleep_for(1ms);
    }
};

/// Spins until `control` says stop, or two seconds (a test that fails must not hang).
bool waitForCancel(const JobControl& control)
{
    for (int waited = 0; waited < 2000; ++waited) {
        if (control.isCancelled())
            return true;
        std::this_thread::sleep_for(1ms);
    }
    return false;
}

/// An owner as the docks are: the tracker is a member, destroyed before the QObject.
class Owner : public QObject
{
public:
    explicit Owner(std::shared_ptr<std::atomic<int>> delivered)
        : m_delivered(std::move(delivered))
    {}
    void start(std::shared_ptr<Latch> started, std::shared_ptr<std::atomic<bool>> sawCancel)
    {
        m_tracker.startJob(
            [started, sawCancel](const JobControl& control) {
                control.post([] {}); // queued at the owner, which goes before it runs
                started->open = true;
                *sawCancel = waitForCancel(control);
                return 1;
            },
            [this](int) { ++*m_delivered; });
    }

private:
    std::shared_ptr<std::atomic<int>> m_delivered;
    JobTracker m_tracker{this};
};

} // namespace

class TestJobTracker : public QObject
{
    Q_OBJECT
private slots:
    void resultArrivesOnTheGuiThread()
    {
        QObject owner;
        JobTracker tracker(&owner);
        std::thread::id workedOn;
        bool onGuiThread = false;
        int value = 0;
        tracker.startJob(
            [&workedOn](const JobControl&) {
                workedOn = std::this_thread::get_id();
                return 42;
            },
            [&](int result) {
                onGuiThread = QThread::currentThread() == QCoreApplication::instance()->thread();
                value = result;
            });
        QVERIFY(tracker.isJobRunning());
        QTRY_COMPARE(value, 42);
        QVERIFY(onGuiThread);
        QVERIFY(workedOn != std::this_thread::get_id());
        QVERIFY(!tracker.isJobRunning());
    }

    void voidJobsDeliverToo()
    {
        QObject owner;
        JobTracker tracker(&owner);
        std::atomic<bool> ran = false;
        bool delivered = false;
        tracker.startJob([&ran](const JobControl&) { ran = true; }, [&] { delivered = ran.load(); });
        QTRY_VERIFY(delivered);
    }

    void supersededJobIsStoppedAndDropped()
    {
        QObject owner;
        JobTracker tracker(&owner);
        auto started = std::make_shared<Latch>();
        std::atomic<bool> firstSawCancel = false;
        std::atomic<bool> queuedRan = false;
        QStringList delivered;
        tracker.startJob(
            [&, started](const JobControl& control) {
                started->open = true;
                firstSawCancel = waitForCancel(control);
                return QStringLiteral("first");
            },
            [&](const QString& result) { delivered << result; });
        started->wait();
        // Queued behind the running job, superseded before it starts: never runs.
        tracker.queueJob(
            [&queuedRan](const JobControl&) {
                queuedRan = true;
                return QStringLiteral("queued");
            },
            [&](const QString& result) { delivered << result; });
        tracker.startJob([](const JobControl&) { return QStringLiteral("latest"); },
                         [&](const QString& result) { delivered << result; });
        QTRY_COMPARE(delivered, QStringList{QStringLiteral("latest")});
        QVERIFY(firstSawCancel);
        QVERIFY(!queuedRan);
        QTest::qWait(50); // nothing late comes in
        QCOMPARE(delivered, QStringList{QStringLiteral("latest")});
        QCOMPARE(tracker.lastJob(), 3);
    }

    void queuedJobsAllDeliverInOrder()
    {
        QObject owner;
        JobTracker tracker(&owner);
        std::vector<int> delivered;
        for (int job = 0; job < 20; ++job)
            tracker.queueJob(
                [job](const JobControl&) {
                    std::this_thread::sleep_for(1ms);
                    return job;
                },
                [&](int result) { delivered.push_back(result); });
        QTRY_COMPARE(delivered.size(), size_t(20));
        for (int job = 0; job < 20; ++job)
            QCOMPARE(delivered[static_cast<size_t>(job)], job);
    }

    void cancelDropsTheResultAndWhatWasPosted()
    {
        QObject owner;
        JobTracker tracker(&owner);
        auto started = std::make_shared<Latch>();
        std::atomic<bool> sawCancel = false;
        bool delivered = false;
        bool posted = false;
        tracker.startJob(
            [&, started](const JobControl& control) {
                control.post([&posted] { posted = true; });
                started->open = true;
                sawCancel = waitForCancel(control);
                control.post([&posted] { posted = true; });
                return 0;
            },
            [&](int) { delivered = true; });
        started->wait();
        tracker.cancel();
        QVERIFY(!tracker.isJobRunning());
        tracker.waitForIdle();
        QVERIFY(sawCancel);
        QTest::qWait(50);
        QVERIFY(!delivered);
        QVERIFY(!posted);
    }

    void postedUpdatesArriveBeforeTheResult()
    {
        QObject owner;
        JobTracker tracker(&owner);
        std::vector<int> seen; // touched on the GUI thread only
        tracker.startJob(
            [&seen](const JobControl& control) {
                for (int step = 1; step <= 3; ++step)
                    control.post([&seen, step] { seen.push_back(step); });
                return 4;
            },
            [&](int last) { seen.push_back(last); });
        QTRY_COMPARE(seen.size(), size_t(4));
        QCOMPARE(seen, (std::vector<int>{1, 2, 3, 4}));
    }

    void progressCancelStopsTheJobButDelivers()
    {
        QObject owner;
        JobTracker tracker(&owner);
        auto progress = std::make_shared<TaskProgress>();
        QString outcome;
        tracker.startJob(
            [](const JobControl& control) {
                control.setProgress(500);
                return waitForCancel(control) ? QStringLiteral("cancelled") : QStringLiteral("ran out");
            },
            [&](const QString& result) { outcome = result; }, progress);
        QTRY_COMPARE(tracker.progress(), 500);
        QVERIFY(outcome.isEmpty());
        progress->cancel = true; // the Cancel button
        QTRY_COMPARE(outcome, QStringLiteral("cancelled"));
        QCOMPARE(progress->permille.load(), 500);
    }

    void ownerDestroyedWhileAJobRunsGetsNothing()
    {
        auto delivered = std::make_shared<std::atomic<int>>(0);
        for (int round = 0; round < 20; ++round) {
            auto started = std::make_shared<Latch>();
            auto sawCancel = std::make_shared<std::atomic<bool>>(false);
            auto* owner = new Owner(delivered);
            owner->start(started, sawCancel);
            started->wait();
            delete owner; // waits for the job, which is told to stop
            QVERIFY(*sawCancel);
        }
        QTest::qWait(50);
        QCOMPARE(delivered->load(), 0);

        // Destroyed after the job returned, its result still queued: dropped as well.
        auto started = std::make_shared<Latch>();
        auto* owner = new Owner(delivered);
        {
            JobTracker quick(owner);
            std::atomic<bool> done = false;
            quick.startJob([&done](const JobControl&) { return done = true; }, [&](bool) { ++*delivered; });
            while (!done)
                std::this_thread::sleep_for(1ms);
        }
        delete owner;
        QTest::qWait(50);
        QCOMPARE(delivered->load(), 0);
    }

    void idleJobsRunAtIdlePriority()
    {
        QObject owner;
        JobTracker idle(&owner, JobTracker::Priority::Idle);
        JobTracker normal(&owner);
        int idlePolicy = -1;
        int normalPolicy = -1;
        idle.startJob([](const JobControl&) { return sched_getscheduler(0); },
                      [&](int policy) { idlePolicy = policy; });
        normal.startJob([](const JobControl&) { return sched_getscheduler(0); },
                        [&](int policy) { normalPolicy = policy; });
        QTRY_VERIFY(idlePolicy != -1 && normalPolicy != -1);
#ifdef SCHED_IDLE
        QCOMPARE(idlePolicy, SCHED_IDLE);
#endif
        QCOMPARE(normalPolicy, SCHED_OTHER);
    }

    void modalJobReturnsWhenTheWorkIsDone()
    {
        TaskProgress progress;
        std::thread::id workedOn;
        runModally(QStringLiteral("Working…"), nullptr, progress, [&] {
            std::this_thread::sleep_for(50ms);
            progress.permille = 1000;
            workedOn = std::this_thread::get_id();
        });
        QCOMPARE(progress.permille.load(), 1000);
        QVERIFY(workedOn != std::thread::id());
        QVERIFY(workedOn != std::this_thread::get_id());
    }

    void metricsCacheComputesAnAskedSizeAndKeepsIt()
    {
        // The inspector's question and the job table's worker fill one table: both values
        // stay, equal to the analyzer's.
        const auto torus
            = std::make_shared<const TorusTopology>(std::vector<int>{4, 4, 3}, std::vector<bool>{true, true, true}, 1);
        PlacementAnalyzer analyzer(*torus);
        JobMetricsCache cache;
        QSignalSpy updated(&cache, &JobMetricsCache::minimumAphUpdated);
        const QString key = QStringLiteral("torus 4x4x3");
        cache.requestMinimumAph(key, torus, 7);
        QTRY_VERIFY(cache.minimumAph(key) != nullptr);
        QCOMPARE(updated.count(), 1);
        QCOMPARE(updated.at(0).at(0).toString(), key);
        QCOMPARE((*cache.minimumAph(key))[7], analyzer.minimumAph(7));
        QVERIFY(std::isnan((*cache.minimumAph(key))[5]));
        cache.requestMinimumAph(key, torus, 7); // known: nothing to do
        QTest::qWait(20);
        QCOMPARE(updated.count(), 1);

        const std::vector<Job> jobs{{"1", "a", {0, 1, 2, 3, 4}, 0, 0, 10}, {"2", "b", {5, 6, 7}, 0, 0, 10}};
        QSignalSpy finished(&cache, &JobMetricsCache::finished);
        cache.request(QStringLiteral("run"), key, torus, std::make_shared<const std::vector<Job>>(jobs));
        QTRY_COMPARE(finished.count(), 1);
        const auto table = cache.minimumAph(key);
        QCOMPARE((*table)[7], analyzer.minimumAph(7));
        QCOMPARE((*table)[5], analyzer.minimumAph(5));
        QCOMPARE((*table)[3], analyzer.minimumAph(3));
        QVERIFY(cache.metrics(QStringLiteral("run")) != nullptr);
        QVERIFY(!cache.isComputing());
    }

    void waitForIdleGivesUpAtItsLimit()
    {
        // A worker busy past the limit: the wait returns false at the limit, true once idle.
        QObject owner;
        JobTracker tracker(&owner, JobTracker::Priority::Idle);
        auto started = std::make_shared<Latch>();
        auto release = std::make_shared<Latch>();
        tracker.startJob(
            [started, release](const JobControl&) {
                started->open = true;
                release->wait();
            },
            [] {});
        started->wait();
        tracker.cancel();
        QVERIFY(!tracker.waitForIdle(20ms));
        release->open = true;
        QVERIFY(tracker.waitForIdle(10s));
    }

    void metricsCacheHoldsWhatItReads()
    {
        // The caller may let go of the machine at once (it goes with the run shown): the
        // worker holds the topology and the jobs until it is done, then lets go of them.
        auto torus
            = std::make_shared<const TorusTopology>(std::vector<int>{4, 4, 3}, std::vector<bool>{true, true, true}, 1);
        auto jobs = std::make_shared<const std::vector<Job>>(
            std::vector<Job>{{"1", "a", {0, 1, 2, 3, 4}, 0, 0, 10}, {"2", "b", {5, 6, 7}, 0, 0, 10}});
        const std::weak_ptr<const std::vector<Job>> heldJobs = jobs;
        const std::weak_ptr<const TorusTopology> heldTopology = torus;
        const std::vector<double> aph{PlacementAnalyzer(*torus).measure(std::vector<int>{0, 1, 2, 3, 4}).aph,
                                      PlacementAnalyzer(*torus).measure(std::vector<int>{5, 6, 7}).aph};
        JobMetricsCache cache;
        QSignalSpy finished(&cache, &JobMetricsCache::finished);
        cache.request(QStringLiteral("run"), QStringLiteral("torus 4x4x3"), std::move(torus), std::move(jobs));
        QTRY_COMPARE(finished.count(), 1);
        const auto table = cache.metrics(QStringLiteral("run"));
        QVERIFY(table != nullptr);
        QCOMPARE(table->aph(0, 5), aph[0]);
        QCOMPARE(table->aph(1, 3), aph[1]);
        QTRY_VERIFY(heldJobs.expired() && heldTopology.expired());
    }

    void metricsCacheKeepsMinimumAphBetweenSessions()
    {
        // A second explorer on the same machine reads what the first found, without
        // computing; a file of another machine or search, or a damaged one, is not used.
        QTemporaryDir dir;
        const auto torus
            = std::make_shared<const TorusTopology>(std::vector<int>{6, 5, 4}, std::vector<bool>{true, true, false}, 2);
        PlacementAnalyzer analyzer(*torus);
        const QString key = QStringLiteral("torus extents=6x5x4 wrap=yyn nodes-per-router=2");
        {
            JobMetricsCache first;
            first.setDiskDirectory(dir.path());
            first.requestMinimumAph(key, torus, 37);
            QTRY_VERIFY(first.minimumAph(key) != nullptr);
            const std::vector<Job> jobs{{"1", "a", {0, 1, 2, 3, 4}, 0, 0, 10}, {"2", "b", {5, 6, 7}, 0, 0, 10}};
            QSignalSpy finished(&first, &JobMetricsCache::finished);
            first.request(QStringLiteral("run"), key, torus, std::make_shared<const std::vector<Job>>(jobs));
            QTRY_COMPARE(finished.count(), 1);
        } // written when destroyed at the latest
        const QString file = MinimumAphFile::path(dir.path(), key);
        QVERIFY(QFile::exists(file));

        JobMetricsCache second;
        second.setDiskDirectory(dir.path());
        QSignalSpy updated(&second, &JobMetricsCache::minimumAphUpdated);
        second.requestMinimumAph(key, torus, 37);
        // Known at once, from the file: no worker ran.
        QVERIFY(second.minimumAph(key) != nullptr);
        QCOMPARE(updated.count(), 1);
        const auto table = second.minimumAph(key);
        QCOMPARE((*table)[37], analyzer.minimumAph(37)); // exact: 17 digits
        QCOMPARE((*table)[5], analyzer.minimumAph(5));
        QCOMPARE((*table)[3], analyzer.minimumAph(3));
        QVERIFY(std::isnan((*table)[4]));

        // Another machine has its own file; nothing is read for it.
        QVERIFY(MinimumAphFile::path(dir.path(), key + QStringLiteral(" empty=0")) != file);
        const auto other = MinimumAphFile::load(dir.path(), key + QStringLiteral(" empty=0"), 241);
        QVERIFY(std::all_of(other.begin(), other.end(), [](double v) { return std::isnan(v); }));

        // A damaged file is not used, and is rewritten whole by the next save.
        QFile damaged(file);
        QVERIFY(damaged.open(QIODevice::Append));
        damaged.write("38 not-a-number\n");
        damaged.close();
        const auto refused = MinimumAphFile::load(dir.path(), key, 241);
        QVERIFY(std::all_of(refused.begin(), refused.end(), [](double v) { return std::isnan(v); }));
        std::vector<double> found(241, std::numeric_limits<double>::quiet_NaN());
        found[37] = analyzer.minimumAph(37);
        QVERIFY(MinimumAphFile::save(dir.path(), key, found));
        const auto rewritten = MinimumAphFile::load(dir.path(), key, 241);
        QCOMPARE(rewritten[37], analyzer.minimumAph(37));
        QVERIFY(std::isnan(rewritten[38]));

        // A file under the right name but written for another machine is not used.
        QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
        damaged.write("placement-explorer minimum APH, search version " + QByteArray::number(minimumAphSearchVersion)
                      + "\nmachine torus extents=2x2\n37 0.5\n");
        damaged.close();
        const auto foreign = MinimumAphFile::load(dir.path(), key, 241);
        QVERIFY(std::isnan(foreign[37]));
    }
};

QTEST_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
