// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobTracker.h"

#include "app/ProcessMemory.h"

#include <QMetaObject>

#include <algorithm>
#include <pthread.h>
#include <sched.h>

namespace placement {

JobTracker::JobTracker(QObject* owner, Priority priority)
    : m_owner(owner)
    , m_priority(priority)
{}

JobTracker::~JobTracker()
{
    cancel();
    {
        const std::lock_guard guard(m_lock);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_worker.joinable())
        m_worker.join();
}

void JobTracker::cancel()
{
    for (const Live& live : m_live) {
        live.state->dropped = true;
        live.state->progress->cancel = true;
    }
    m_live.clear();
    std::deque<Queued> skipped;
    {
        const std::lock_guard guard(m_lock);
        skipped.swap(m_queue);
    }
    m_idle.notify_all();
    // `skipped` goes here, outside the lock: what its jobs captured may be large.
}

void JobTracker::waitForIdle()
{
    std::unique_lock guard(m_lock);
    m_idle.wait(guard, [this] { return !m_busy && m_queue.empty(); });
}

bool JobTracker::waitForIdle(std::chrono::milliseconds limit)
{
    std::unique_lock guard(m_lock);
    return m_idle.wait_for(guard, limit, [this] { return !m_busy && m_queue.empty(); });
}

void JobTracker::finished(int id)
{
    m_live.erase(std::remove_if(m_live.begin(), m_live.end(), [id](const Live& live) { return live.id == id; }),
                 m_live.end());
}

void JobTracker::enqueue(std::shared_ptr<JobControl::State> state, std::function<void(const JobControl&)> run)
{
    {
        const std::lock_guard guard(m_lock);
        m_queue.push_back({std::move(state), std::move(run)});
        if (!m_worker.joinable())
            m_worker = std::thread([this] { runWorker(); });
    }
    m_wake.notify_one();
}

void JobTracker::runWorker()
{
    if (m_priority == Priority::Idle) {
#ifdef SCHED_IDLE
        const sched_param parameters{};
        pthread_setschedparam(pthread_self(), SCHED_IDLE, &parameters);
#endif
    }
    std::unique_lock guard(m_lock);
    for (;;) {
        if (m_queue.empty() && !m_busy)
            m_idle.notify_all();
        m_wake.wait(guard, [this] { return m_stop || !m_queue.empty(); });
        if (m_stop)
            return;
        Queued job = std::move(m_queue.front());
        m_queue.pop_front();
        if (job.state->dropped)
            continue;
        m_busy = true;
        guard.unlock();
        job.run(JobControl(job.state, m_owner));
        job = {}; // what the job captured goes on this thread, outside the lock
        guard.lock();
        if (m_queue.empty()) {
            // What the work freed, back to the system (a few milliseconds). Not on a thread
            // of idle priority: it takes every heap's lock, which the GUI thread would then
            // wait on for as long as a busy machine left the thread waiting for a core.
            guard.unlock();
            if (m_priority == Priority::Idle)
                QMetaObject::invokeMethod(m_owner, &releaseFreedMemory, Qt::QueuedConnection);
            else
                releaseFreedMemory();
            guard.lock();
        }
        m_busy = false;
    }
}

} // namespace placement
