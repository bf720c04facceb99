#pragma once

#include "store/Store.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace placement {

/// Feeds a JobWriter from a second thread, so parsing (this thread) and SQLite (the other)
/// overlap. Jobs go over in batches through a short queue; an error in the writer stops
/// the next add() with the writer's exception. finish() waits for every job to be written.
class BatchWriter
{
public:
    explicit BatchWriter(JobWriter& writer);
    ~BatchWriter();
    BatchWriter(const BatchWriter&) = delete;
    BatchWriter& operator=(const BatchWriter&) = delete;

    void add(JobRecord&& job);
    /// Writes what is left and rethrows the writer's error, if any.
    void finish();

private:
    void push(std::vector<JobRecord>&& batch);
    void run();

    static constexpr size_t BatchSize = 2048;
    static constexpr size_t MaxQueued = 8;

    JobWriter& m_writer;
    std::vector<JobRecord> m_batch;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::vector<JobRecord>> m_queue;
    bool m_done = false;
    std::exception_ptr m_error;
    std::thread m_thread;
};

} // namespace placement
