// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobMetricsCache.h"

#include "app/BackgroundTask.h"
#include "core/PlacementMetrics.h"
#include "core/Topology.h"

#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace placement {

struct JobMetricsCache::Shared
{
    std::mutex lock;
    std::shared_ptr<const JobMetricsTable> table; ///< set once by the worker
    MinimumAphTable minimumAph; ///< the worker's copy, growing
    bool minimumAphChanged = false;
};

namespace {

constexpr size_t keptTables = 3;

} // namespace

JobMetricsCache::JobMetricsCache(QObject* parent)
    : QObject(parent)
{}

JobMetricsCache::~JobMetricsCache()
{
    m_cancel = true;
    if (m_worker.joinable())
        m_worker.join();
}

JobMetricsTable JobMetricsCache::compute(const Topology& topology, const std::vector<Job>& jobs,
                                         const std::atomic<bool>* cancel)
{
    JobMetricsTable table;
    table.rows.resize(jobs.size());
    PlacementAnalyzer analyzer(topology);
    for (size_t index = 0; index < jobs.size(); ++index) {
        if (cancel && index % 4096 == 0 && cancel->load())
            break;
        const Job& job = jobs[index];
        if (job.nodes.empty())
            continue;
        PlacementMetrics m;
        try {
            m = analyzer.measure(job.nodes);
        } catch (const std::invalid_argument&) {
            continue; // MachineData::load() refuses such jobs; stay blank if one slips through
        }
        JobMetricsRow& row = table.rows[index];
        row.aph = m.aph;
        row.nodes = m.nodes;
        row.partitions = m.partitions;
        row.leaves = m.leaves;
        row.pods = m.pods;
        row.routers = m.routers;
        row.lowestCommonLevel = m.lowestCommonLevel;
        row.spread = m.spread;
    }
    return table;
}

void JobMetricsCache::request(const QString& runKey, const QString& machineKey, const Topology& topology,
                              const std::vector<Job>& jobs)
{
    cancel();
    m_runKey = runKey;
    m_machineKey = machineKey;
    const bool haveTable = metrics(runKey) != nullptr;
    MinimumAphTable known;
    if (const auto minimum = minimumAph(machineKey))
        known = *minimum;
    else
        known.assign(static_cast<size_t>(topology.nodeCount()) + 1, std::numeric_limits<double>::quiet_NaN());
    // Sizes not yet known, most common first: the column fills where most rows are.
    std::unordered_map<int, int> jobsOfSize;
    for (const Job& job : jobs) {
        const size_t size = job.nodes.size();
        if (size > 0 && size < known.size() && std::isnan(known[size]))
            ++jobsOfSize[static_cast<int>(size)];
    }
    std::vector<std::pair<int, int>> sizes(jobsOfSize.begin(), jobsOfSize.end()); // (size, jobs)
    std::sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    if (haveTable && sizes.empty())
        return;

    m_cancel = false;
    m_shared = std::make_shared<Shared>();
    m_shared->minimumAph = std::move(known);
    const int generation = ++m_generation;
    m_worker
        = std::thread([this, shared = m_shared, &topology, &jobs, haveTable, sizes = std::move(sizes), generation] {
              // Minimum APH takes about half a second per job size on Titan, for every size
              // in the log: the table fills in while the user is not replaying.
              runOnlyWhenIdle();
              if (!haveTable) {
                  auto table = std::make_shared<const JobMetricsTable>(compute(topology, jobs, &m_cancel));
                  if (!m_cancel) {
                      const std::lock_guard guard(shared->lock);
                      shared->table = std::move(table);
                  }
                  QMetaObject::invokeMethod(
                      this, [this] { publish(); }, Qt::QueuedConnection);
              }
              PlacementAnalyzer analyzer(topology);
              auto lastPublished = std::chrono::steady_clock::now();
              for (const auto& [size, count] : sizes) {
                  if (m_cancel)
                      break;
                  const double value = analyzer.minimumAph(size);
                  const std::lock_guard guard(shared->lock);
                  shared->minimumAph[static_cast<size_t>(size)] = value;
                  shared->minimumAphChanged = true;
                  if (std::chrono::steady_clock::now() - lastPublished > std::chrono::milliseconds(500)) {
                      lastPublished = std::chrono::steady_clock::now();
                      QMetaObject::invokeMethod(
                          this, [this] { publish(); }, Qt::QueuedConnection);
                  }
              }
              QMetaObject::invokeMethod(
                  this, [this, generation] { workerDone(generation); }, Qt::QueuedConnection);
          });
}

void JobMetricsCache::cancel()
{
    if (!m_worker.joinable())
        return;
    m_cancel = true;
    m_worker.join();
    ++m_generation; // its last call is stale now
    publish(); // keep what it found
    m_shared.reset();
}

void JobMetricsCache::workerDone(int generation)
{
    if (generation != m_generation || !m_worker.joinable())
        return;
    m_worker.join(); // it has nothing left to do but return
    publish();
    m_shared.reset();
    emit finished();
}

void JobMetricsCache::publish()
{
    if (!m_shared)
        return;
    std::shared_ptr<const JobMetricsTable> table;
    std::shared_ptr<const MinimumAphTable> minimum;
    {
        const std::lock_guard guard(m_shared->lock);
        table = std::exchange(m_shared->table, nullptr);
        if (m_shared->minimumAphChanged) {
            minimum = std::make_shared<const MinimumAphTable>(m_shared->minimumAph);
            m_shared->minimumAphChanged = false;
        }
    }
    if (table) {
        m_tables.emplace_front(m_runKey, std::move(table));
        while (m_tables.size() > keptTables)
            m_tables.pop_back();
        emit metricsReady(m_runKey);
    }
    if (minimum) {
        m_minimumAph[m_machineKey] = std::move(minimum);
        emit minimumAphUpdated(m_machineKey);
    }
}

std::shared_ptr<const JobMetricsTable> JobMetricsCache::metrics(const QString& runKey) const
{
    for (const auto& [key, table] : m_tables)
        if (key == runKey)
            return table;
    return nullptr;
}

std::shared_ptr<const MinimumAphTable> JobMetricsCache::minimumAph(const QString& machineKey) const
{
    const auto found = m_minimumAph.find(machineKey);
    return found == m_minimumAph.end() ? nullptr : found->second;
}

} // namespace placement
