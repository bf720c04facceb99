// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QMetaObject>
#include <QObject>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace placement {

/// Progress shared between a job and the GUI: the job stores how far it is (in thousandths)
/// and reads whether it should stop (Cancel pressed, or the job superseded).
struct TaskProgress
{
    std::atomic<int> permille = 0;
    std::atomic<bool> cancel = false;
};

/// What a running job sees of the tracker that started it.
class JobControl
{
public:
    struct State
    {
        std::shared_ptr<TaskProgress> progress;
        std::atomic<bool> dropped = false; ///< superseded, cancelled or tracker gone: no result
    };
    JobControl(std::shared_ptr<State> state, QObject* owner)
        : m_state(std::move(state))
        , m_owner(owner)
    {}

    /// True once the job should stop: it was cancelled (its result is dropped) or its
    /// progress says Cancel (its result still arrives).
    bool isCancelled() const { return m_state->progress->cancel.load() || m_state->dropped.load(); }
    /// The flag isCancelled() follows for code that takes one (set on cancel and supersede).
    const std::atomic<bool>& cancelFlag() const { return m_state->progress->cancel; }
    TaskProgress& progress() const { return *m_state->progress; }
    void setProgress(int permille) const { m_state->progress->permille = permille; }
    /// Runs `update` on the GUI thread, unless by then the job was superseded or cancelled or
    /// the tracker is gone: a partial result the owner shows before the job ends.
    void post(std::function<void()> update) const
    {
        QMetaObject::invokeMethod(
            m_owner,
            [state = m_state, update = std::move(update)] {
                if (!state->dropped)
                    update();
            },
            Qt::QueuedConnection);
    }

private:
    std::shared_ptr<State> m_state;
    QObject* m_owner;
};

/// Runs an owner's background work (after KDAB Hotspot's src/jobtracker.h): a member of
/// the widget that starts jobs, with one worker thread running them in order. A job's
/// result comes back on the GUI thread, to the owner, and only while the job is still
/// wanted: startJob() supersedes every earlier job of the tracker (not yet started: never
/// run; running: told to stop, its result dropped), cancel() drops them all, and the
/// tracker's destructor drops them all and waits for the one running, so that nothing
/// arrives at a destroyed owner. The tracker must therefore be destroyed before the owner's
/// QObject (a member, or destroyed in the owner's destructor), and a job must not touch the
/// owner: it gets copies of what it reads, and only the delivery touches the owner.
class JobTracker
{
public:
    enum class Priority {
        Normal,
        /// The worker runs only when no other thread wants a CPU (Linux SCHED_IDLE): for
        /// work nobody waits on, such as filling in a table column, so that it never takes
        /// a core from the view or the rasteriser.
        Idle
    };

    explicit JobTracker(QObject* owner, Priority priority = Priority::Normal);
    ~JobTracker();
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    /// Supersedes every earlier job, then queues `work(const JobControl&)`; its return value
    /// goes to `deliver` on the GUI thread (`deliver()` for void). `progress`, when given,
    /// is the one the job reports to and reads Cancel from (setting its `cancel` stops the
    /// job but still delivers its result; cancel() drops it). Returns the job's id.
    template <typename Work, typename Deliver>
    int startJob(Work&& work, Deliver&& deliver, std::shared_ptr<TaskProgress> progress = {})
    {
        cancel();
        return queueJob(std::forward<Work>(work), std::forward<Deliver>(deliver), std::move(progress));
    }
    /// As startJob() but without superseding the jobs before: they all deliver, in order.
    template <typename Work, typename Deliver>
    int queueJob(Work&& work, Deliver&& deliver, std::shared_ptr<TaskProgress> progress = {})
    {
        auto state = std::make_shared<JobControl::State>();
        state->progress = progress ? std::move(progress) : std::make_shared<TaskProgress>();
        const int id = ++m_lastId;
        m_live.push_back({id, state});
        using Result = std::invoke_result_t<Work&, const JobControl&>;
        enqueue(state,
                [this, id, state, work = std::forward<Work>(work),
                 deliver = std::forward<Deliver>(deliver)](const JobControl& control) mutable {
                    // The delivery checks `dropped` on the GUI thread, where it is set: the
                    // tracker (and its owner) are alive while it is false.
                    if constexpr (std::is_void_v<Result>) {
                        work(control);
                        QMetaObject::invokeMethod(
                            m_owner,
                            [this, id, state, deliver = std::move(deliver)]() mutable {
                                if (!state->dropped) {
                                    finished(id);
                                    deliver();
                                }
                            },
                            Qt::QueuedConnection);
                    } else {
                        auto result = work(control);
                        QMetaObject::invokeMethod(
                            m_owner,
                            [this, id, state, deliver = std::move(deliver), result = std::move(result)]() mutable {
                                if (!state->dropped) {
                                    finished(id);
                                    deliver(std::move(result));
                                }
                            },
                            Qt::QueuedConnection);
                    }
                });
        return id;
    }

    /// Drops every job: those not started never run, the running one is told to stop and
    /// its result (and what it posts) never arrives. Does not wait.
    void cancel();
    /// Blocks until the worker has run or skipped every queued job (their deliveries may
    /// still be on their way: call after cancel() to have the worker quiet).
    void waitForIdle();
    /// As waitForIdle(), for at most `limit`: false when the worker is still busy then (a
    /// worker of idle priority may get no core for as long as the machine is busy).
    bool waitForIdle(std::chrono::milliseconds limit);
    /// True while a job started and not cancelled has not delivered yet.
    bool isJobRunning() const { return !m_live.empty(); }
    /// The id of the last job started (0: none yet).
    int lastJob() const { return m_lastId; }
    /// The progress of the last job not yet delivered (thousandths), 0 when none.
    int progress() const { return m_live.empty() ? 0 : m_live.back().state->progress->permille.load(); }

private:
    struct Live
    {
        int id;
        std::shared_ptr<JobControl::State> state;
    };
    struct Queued
    {
        std::shared_ptr<JobControl::State> state;
        std::function<void(const JobControl&)> run;
    };
    void enqueue(std::shared_ptr<JobControl::State> state, std::function<void(const JobControl&)> run);
    void finished(int id);
    void runWorker();

    QObject* m_owner;
    Priority m_priority;
    int m_lastId = 0;
    std::vector<Live> m_live; ///< GUI thread only
    std::mutex m_lock;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<Queued> m_queue;
    bool m_busy = false; ///< a job runs
    bool m_stop = false;
    std::thread m_worker; ///< started with the first job
};

} // namespace placement
