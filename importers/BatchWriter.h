// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/Store.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

namespace placement {

/// Feeds a JobWriter from a second thread, so parsing (this thread) and SQLite (the other)
/// overlap. Jobs go over in batches through a short queue; an error in the writer stops
/// the next add() with the writer's exception. finish() waits for every job to be written.
/// Written batches come back to be filled again: jobs are moved into records that already
/// exist, so the writer thread frees nothing and the parsing thread reuses what it allocated.
class BatchWriter
{
public:
    /// What the writer thread does to each batch, in order, before it writes it: work taken
    /// off the parsing thread (an import's parsing thread is the slower of the two). Its
    /// exceptions stop the writer as the writer's do.
    using Prepare = std::function<void(std::span<JobRecord> jobs)>;

    explicit BatchWriter(JobWriter& writer, Prepare prepare = {});
    ~BatchWriter();
    BatchWriter(const BatchWriter&) = delete;
    BatchWriter& operator=(const BatchWriter&) = delete;

    void add(JobRecord&& job);
    /// Writes what is left and rethrows the writer's error, if any.
    void finish();

private:
    /// BatchSize records, of which the first `count` are to be written.
    struct Batch
    {
        std::vector<JobRecord> jobs;
        size_t count = 0;
    };

    void push();
    void run();

    static constexpr size_t BatchSize = 2048;
    static constexpr size_t MaxQueued = 8;

    JobWriter& m_writer;
    Prepare m_prepare;
    Batch m_batch; ///< being filled
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Batch> m_queue; ///< to write
    std::vector<Batch> m_written; ///< to fill again
    bool m_done = false;
    std::exception_ptr m_error;
    std::thread m_thread;
};

} // namespace placement
