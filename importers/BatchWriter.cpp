// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/BatchWriter.h"

namespace placement {

BatchWriter::BatchWriter(JobWriter& writer, Prepare prepare)
    : m_writer(writer)
    , m_prepare(std::move(prepare))
{
    m_batch.jobs.resize(BatchSize);
    m_thread = std::thread([this] { run(); });
}

BatchWriter::~BatchWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
        m_queue.clear(); // abandoned (an exception or a cancel): write no more
    }
    m_changed.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void BatchWriter::add(JobRecord&& job)
{
    m_batch.jobs[m_batch.count++] = std::move(job);
    if (m_batch.count == BatchSize)
        push();
}

void BatchWriter::push()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < MaxQueued || m_error; });
    if (m_error)
        std::rethrow_exception(m_error);
    m_queue.push_back(std::move(m_batch));
    if (m_written.empty()) {
        m_batch = Batch();
        m_batch.jobs.resize(BatchSize);
    } else {
        m_batch = std::move(m_written.back());
        m_written.pop_back();
    }
    m_batch.count = 0;
    m_changed.notify_all();
}

void BatchWriter::finish()
{
    if (m_batch.count != 0)
        push();
    {
        std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_changed.notify_all();
    m_thread.join();
    if (m_error)
        std::rethrow_exception(m_error);
}

void BatchWriter::run()
{
    while (true) {
        Batch batch;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return !m_queue.empty() || m_done; });
            if (m_queue.empty())
                return;
            batch = std::move(m_queue.front());
            m_queue.pop_front();
        }
        m_changed.notify_all();
        try {
            if (m_prepare)
                m_prepare(std::span<JobRecord>(batch.jobs.data(), batch.count));
            m_writer.add(std::span<const JobRecord>(batch.jobs.data(), batch.count));
        } catch (...) {
            std::lock_guard lock(m_mutex);
            m_error = std::current_exception();
            m_queue.clear();
            m_changed.notify_all();
            return;
        }
        std::lock_guard lock(m_mutex);
        m_written.push_back(std::move(batch));
        m_changed.notify_all();
    }
}

} // namespace placement
