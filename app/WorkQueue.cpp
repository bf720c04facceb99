// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/WorkQueue.h"

namespace placement {

WorkQueue::WorkQueue()
    : m_thread([this] { run(); })
{}

WorkQueue::~WorkQueue()
{
    {
        const std::lock_guard guard(m_lock);
        m_stop = true;
        m_tasks.clear();
    }
    m_wake.notify_all();
    m_thread.join();
}

void WorkQueue::post(std::function<void()> task)
{
    {
        const std::lock_guard guard(m_lock);
        m_tasks.push_back(std::move(task));
    }
    m_wake.notify_one();
}

void WorkQueue::clear()
{
    const std::lock_guard guard(m_lock);
    m_tasks.clear();
}

bool WorkQueue::isBusy() const
{
    const std::lock_guard guard(m_lock);
    return m_running || !m_tasks.empty();
}

void WorkQueue::run()
{
    std::unique_lock guard(m_lock);
    for (;;) {
        m_wake.wait(guard, [this] { return m_stop || !m_tasks.empty(); });
        if (m_stop)
            return;
        std::function<void()> task = std::move(m_tasks.front());
        m_tasks.pop_front();
        m_running = true;
        guard.unlock();
        task();
        guard.lock();
        m_running = false;
    }
}

} // namespace placement
