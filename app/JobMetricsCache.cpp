// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobMetricsCache.h"

#include "app/MinimumAphFile.h"
#include "core/PlacementMetrics.h"
#include "core/Topology.h"

#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>
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
    , m_saveTimer(new QTimer(this))
{
    m_saveTimer->setSingleShot(true);
    m_saveTimer->setInterval(1000);
    connect(m_saveTimer, &QTimer::timeout, this, &JobMetricsCache::saveToDisk);
}

JobMetricsCache::~JobMetricsCache()
{
    saveToDisk(); // then the trackers drop their jobs and wait
}

void JobMetricsCache::setDiskDirectory(const QString& directory)
{
    saveToDisk();
    m_diskDirectory = directory;
    m_readFromDisk.clear();
}

void JobMetricsCache::loadFromDisk(const QString& machineKey, size_t entries)
{
    if (m_diskDirectory.isEmpty() || !m_readFromDisk.insert(machineKey).second)
        return;
    const MinimumAphTable stored = MinimumAphFile::load(m_diskDirectory, machineKey, entries);
    if (std::any_of(stored.begin(), stored.end(), [](double value) { return !std::isnan(value); }))
        mergeMinimumAph(machineKey, stored, true);
}

void JobMetricsCache::saveToDisk()
{
    if (!m_diskDirectory.isEmpty())
        for (const QString& machineKey : m_unsaved)
            if (const auto table = minimumAph(machineKey))
                MinimumAphFile::save(m_diskDirectory, machineKey, *table); // a cache: a failed write loses nothing
    m_unsaved.clear();
}

namespace {

/// `from` in wider integers: each `fromNone` becomes `toNone`.
template <typename To, typename From>
std::vector<To> widened(const std::vector<From>& from, std::size_t size, From fromNone, To toNone)
{
    std::vector<To> to(size, toNone);
    for (std::size_t job = 0; job < from.size(); ++job)
        if (from[job] != fromNone)
            to[job] = static_cast<To>(from[job]);
    return to;
}

} // namespace

void CountColumn::set(size_t job, int count)
{
    if (count < 0 && m_tiny.empty() && m_narrow.empty() && m_wide.empty())
        return; // none yet: nothing to keep
    if (count >= NoneNarrow && m_wide.empty()) { // every count in 32 bits from now on
        m_wide = m_narrow.empty() ? widened<std::int32_t>(m_tiny, m_jobs, NoneTiny, -1)
                                  : widened<std::int32_t>(m_narrow, m_jobs, NoneNarrow, -1);
        m_tiny = {};
        m_narrow = {};
    }
    if (!m_wide.empty()) {
        m_wide[job] = std::max(count, -1);
        return;
    }
    if (count >= NoneTiny && m_narrow.empty()) { // in 16 bits from now on
        m_narrow = widened<std::uint16_t>(m_tiny, m_jobs, NoneTiny, NoneNarrow);
        m_tiny = {};
    }
    if (!m_narrow.empty()) {
        m_narrow[job] = count < 0 ? NoneNarrow : static_cast<std::uint16_t>(count);
        return;
    }
    if (m_tiny.empty())
        m_tiny.assign(m_jobs, NoneTiny);
    m_tiny[job] = count < 0 ? NoneTiny : static_cast<std::uint8_t>(count);
}

namespace {

/// The APH of `hops` summed over the ordered pairs of `nodes` nodes, computed as the
/// analyzer computes it.
double aphOf(std::uint64_t hops, std::size_t nodes)
{
    return nodes > 1 ? static_cast<double>(hops) / static_cast<double>(nodes * (nodes - 1)) : 0.0;
}

} // namespace

JobMetricsTable::JobMetricsTable(size_t jobs)
    : m_jobs(jobs)
    , m_partitions(jobs)
    , m_spread(jobs)
    , m_leaves(jobs)
    , m_pods(jobs)
    , m_routers(jobs)
    , m_lowestCommonLevel(jobs)
{}

double JobMetricsTable::aph(size_t job, size_t nodes) const
{
    if (m_hops[job] == Elsewhere)
        return m_otherAph.at(job);
    return aphOf(m_hops[job], nodes);
}

void JobMetricsTable::set(size_t job, const PlacementMetrics& metrics)
{
    if (metrics.nodes == 0)
        return;
    if (m_hops.empty())
        m_hops.assign(m_jobs, NotMeasured);
    // The hops back from the APH: exact where it is such a ratio, as every APH the analyzer
    // gives is; anything else is kept as it is.
    const auto nodes = static_cast<size_t>(metrics.nodes);
    const double pairs = nodes > 1 ? static_cast<double>(nodes * (nodes - 1)) : 1.0;
    const double hops = std::nearbyint(metrics.aph * pairs);
    if (hops >= 0 && hops < Elsewhere && aphOf(static_cast<std::uint64_t>(hops), nodes) == metrics.aph
        && (nodes > 1 || metrics.aph == 0.0)) {
        m_hops[job] = static_cast<std::uint32_t>(hops);
    } else {
        m_hops[job] = Elsewhere;
        m_otherAph[job] = metrics.aph;
    }
    m_partitions.set(job, metrics.partitions);
    m_spread.set(job, metrics.spread);
    m_leaves.set(job, metrics.leaves);
    m_pods.set(job, metrics.pods);
    m_routers.set(job, metrics.routers);
    m_lowestCommonLevel.set(job, metrics.lowestCommonLevel);
}

JobMetricsTable JobMetricsCache::compute(const Topology& topology, const std::vector<Job>& jobs,
                                         const std::atomic<bool>* cancel)
{
    JobMetricsTable table(jobs.size());
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
        table.set(index, m);
    }
    return table;
}

namespace {

/// The job sizes whose minimum APH `known` lacks, as (size, jobs of that size), most common
/// first: the column fills where most rows are. Empty once `cancel` is true.
std::vector<std::pair<int, int>> unknownSizes(const std::vector<Job>& jobs, const MinimumAphTable& known,
                                              const std::atomic<bool>& cancel)
{
    std::vector<int> jobsOfSize(known.size());
    for (size_t index = 0; index < jobs.size(); ++index) {
        if (index % 65536 == 0 && cancel.load())
            return {};
        const size_t size = jobs[index].nodes.size();
        if (size > 0 && size < known.size() && std::isnan(known[size]))
            ++jobsOfSize[size];
    }
    std::vector<std::pair<int, int>> sizes;
    for (size_t size = 0; size < jobsOfSize.size(); ++size)
        if (jobsOfSize[size] > 0)
            sizes.emplace_back(static_cast<int>(size), jobsOfSize[size]);
    std::stable_sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return sizes;
}

} // namespace

void JobMetricsCache::request(const QString& runKey, const QString& machineKey,
                              std::shared_ptr<const Topology> topology, std::shared_ptr<const std::vector<Job>> jobs)
{
    cancel();
    m_runKey = runKey;
    m_machineKey = machineKey;
    loadFromDisk(machineKey, static_cast<size_t>(topology->nodeCount()) + 1);
    const bool haveTable = metrics(runKey) != nullptr;
    MinimumAphTable known;
    if (const auto minimum = minimumAph(machineKey))
        known = *minimum;
    else
        known.assign(static_cast<size_t>(topology->nodeCount()) + 1, std::numeric_limits<double>::quiet_NaN());
    m_shared = std::make_shared<Shared>();
    m_shared->minimumAph = known;
    // Minimum APH takes about 10 ms per job size on Titan, for every size in the
    // log: the table fills in while the user is not replaying (Priority::Idle).
    m_tables.startJob(
        [this, shared = m_shared, topology = std::move(topology), jobs = std::move(jobs), haveTable,
         known = std::move(known)](const JobControl& control) {
            // `this` only goes into control.post(), which runs on the GUI thread.
            const std::vector<std::pair<int, int>> sizes = unknownSizes(*jobs, known, control.cancelFlag());
            if (!haveTable) {
                auto table = std::make_shared<const JobMetricsTable>(compute(*topology, *jobs, &control.cancelFlag()));
                if (!control.isCancelled()) {
                    const std::lock_guard guard(shared->lock);
                    shared->table = std::move(table);
                }
                control.post([this] { publish(); });
            }
            PlacementAnalyzer analyzer(*topology);
            auto lastPublished = std::chrono::steady_clock::now();
            for (const auto& [size, count] : sizes) {
                if (control.isCancelled())
                    break;
                const double value = analyzer.minimumAph(size);
                const std::lock_guard guard(shared->lock);
                shared->minimumAph[static_cast<size_t>(size)] = value;
                shared->minimumAphChanged = true;
                if (std::chrono::steady_clock::now() - lastPublished > std::chrono::milliseconds(500)) {
                    lastPublished = std::chrono::steady_clock::now();
                    control.post([this] { publish(); });
                }
            }
        },
        [this] {
            publish();
            m_shared.reset();
            emit finished();
        });
}

void JobMetricsCache::requestMinimumAph(const QString& machineKey, std::shared_ptr<const Topology> topology, int size)
{
    if (!topology || size <= 0 || size > topology->nodeCount())
        return;
    loadFromDisk(machineKey, static_cast<size_t>(topology->nodeCount()) + 1);
    if (const auto known = minimumAph(machineKey);
        known && static_cast<size_t>(size) < known->size() && !std::isnan((*known)[static_cast<size_t>(size)]))
        return;
    const size_t entries = static_cast<size_t>(topology->nodeCount()) + 1;
    m_sizes.startJob(
        [topology = std::move(topology), size](const JobControl&) {
            // On a torus this search takes up to 35 ms on Titan.
            return PlacementAnalyzer(*topology).minimumAph(size);
        },
        [this, machineKey, size, entries](double value) {
            MinimumAphTable found(entries, std::numeric_limits<double>::quiet_NaN());
            found[static_cast<size_t>(size)] = value;
            mergeMinimumAph(machineKey, found);
        });
}

void JobMetricsCache::cancel()
{
    if (!m_tables.isJobRunning())
        return;
    m_tables.cancel();
    // Usually it notices within a moment and lets go of the jobs before the next are read.
    m_tables.waitForIdle(std::chrono::milliseconds(50));
    publish(); // keep what it found
    m_shared.reset();
}

void JobMetricsCache::publish()
{
    if (!m_shared)
        return;
    std::shared_ptr<const JobMetricsTable> table;
    MinimumAphTable minimum;
    bool minimumChanged = false;
    {
        const std::lock_guard guard(m_shared->lock);
        table = std::exchange(m_shared->table, nullptr);
        if (m_shared->minimumAphChanged) {
            minimum = m_shared->minimumAph;
            minimumChanged = true;
            m_shared->minimumAphChanged = false;
        }
    }
    if (table) {
        m_kept.emplace_front(m_runKey, std::move(table));
        while (m_kept.size() > keptTables)
            m_kept.pop_back();
        emit metricsReady(m_runKey);
    }
    if (minimumChanged)
        mergeMinimumAph(m_machineKey, minimum);
}

void JobMetricsCache::mergeMinimumAph(const QString& machineKey, const MinimumAphTable& found, bool fromDisk)
{
    if (!fromDisk && !m_diskDirectory.isEmpty()) {
        m_unsaved.insert(machineKey);
        m_saveTimer->start();
    }
    auto& shared = m_minimumAph[machineKey];
    if (!shared) {
        shared = std::make_shared<const MinimumAphTable>(found);
    } else {
        // The table's worker and the inspector's requests each know some sizes.
        MinimumAphTable merged = *shared;
        merged.resize(std::max(merged.size(), found.size()), std::numeric_limits<double>::quiet_NaN());
        for (size_t size = 0; size < found.size(); ++size)
            if (!std::isnan(found[size]))
                merged[size] = found[size];
        shared = std::make_shared<const MinimumAphTable>(std::move(merged));
    }
    emit minimumAphUpdated(machineKey);
}

std::shared_ptr<const JobMetricsTable> JobMetricsCache::metrics(const QString& runKey) const
{
    for (const auto& [key, table] : m_kept)
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
