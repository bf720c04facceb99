// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace placement {

/// One worker thread running posted tasks in order, for a dock whose answers may take a
/// while (allocator probes, routes). Tasks hand their results back with a queued call to
/// their owner; the owner destroys its queue first, which drops what is still queued and
/// waits for the task in progress, so no result arrives at a half-destroyed owner.
class WorkQueue
{
public:
    WorkQueue();
    ~WorkQueue();
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;

    void post(std::function<void()> task);
    /// Drops the tasks not yet started.
    void clear();
    /// True while a task runs or waits.
    bool isBusy() const;

private:
    void run();

    mutable std::mutex m_lock;
    std::condition_variable m_wake;
    std::deque<std::function<void()>> m_tasks;
    bool m_running = false; ///< a task is in progress
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace placement
