// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/LoggedJobs.h"

#include "store/NodeCores.h"
#include "store/NodeListBlob.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <sqlite3.h>
#include <stdexcept>
#include <string>
#include <utility>

namespace placement {

namespace {

/// Every row of the machine's id range, at index id - first: the rows of the machine's logged
/// jobs where `present` says so, default values elsewhere (other machines' jobs, jobs without
/// a start). Two connections fill disjoint parts of it, with no copy to join them. Where the
/// range holds mostly other machines' jobs, one slot per job of the machine instead, filled
/// in id order (`sequential`).
struct Rows
{
    std::int64_t first = 0;
    bool sequential = false;
    std::size_t filled = 0; ///< slots filled, when sequential
    std::vector<std::uint8_t> present;
    std::vector<std::int64_t> submits;
    LoggedJobs parts;
};

constexpr const char* RowColumns
    = "id, job_ref, user, submit, start, end, nodes, requested_nodes, node_count, requested_cpus, allocated_cpus, "
      "node_cores, gpus, name, state, shares_nodes";

/// Reads the logged jobs with ids in [from, to] into their slots of `rows`; their labels,
/// in id order, into `labels`.
void readRows(Store& store, std::int64_t machineId, std::int64_t from, std::int64_t to, unsigned parts, int cpusPerNode,
              Rows& rows, JobLabels& labels)
{
    // NOT INDEXED: the rowid range is walked in the table's order, not a machine index's.
    SqliteStatement query(store.database(),
                          std::string("SELECT ") + RowColumns
                              + " FROM jobs NOT INDEXED WHERE id BETWEEN ?2 AND ?3 "
                                "AND machine_id = ?1 AND start_known = 1 ORDER BY id");
    query.bind(1, machineId).bind(2, from).bind(3, to);
    LoggedJobs& out = rows.parts;
    while (query.step()) {
        const auto slot = rows.sequential ? rows.filled++ : static_cast<std::size_t>(query.integer(0) - rows.first);
        if (slot >= rows.present.size()) // more rows than the machine had jobs: it changed
            throw StoreError(store.path() + ": the job list changed while it was read");
        const std::string_view ref = query.textView(1);
        rows.present[slot] = 1;
        rows.submits[slot] = query.integer(3);
        try {
            NodeList nodes;
            if (parts & (LoggedJobList | LoggedNodeCounts))
                nodes = decodeNodeRuns(query.blob(6), query.bytes(6));
            if (parts & LoggedNodeCounts) {
                const std::int64_t count
                    = !nodes.empty() ? static_cast<std::int64_t>(nodes.size()) : storedJobSize(query, 7, cpusPerNode);
                out.nodeCounts[slot] = static_cast<int>(std::clamp<std::int64_t>(count, 0, 1 << 30));
            }
            if (parts & LoggedJobList)
                out.jobs[slot] = Job{
                    ref, query.textView(2), std::move(nodes), query.integer(3), query.integer(4), query.integer(5)};
            const int cores = query.isNull(10) ? -1 : static_cast<int>(query.integer(10));
            if (parts & LoggedCores)
                out.cores[slot] = cores;
            if (parts & LoggedHoldings) {
                JobHolding& holding = out.holdings[slot];
                holding.cores = cores;
                const int nodeCount = static_cast<int>(query.integer(8));
                if (!query.isNull(11))
                    holding.setNodeCores(decodeNodeCores(query.textView(11), nodeCount));
                else if (nodeCount == 1 && cores > 0)
                    holding.setNodeCores({cores});
                holding.gpus = query.isNull(12) ? -1 : static_cast<int>(query.integer(12));
            }
        } catch (const std::invalid_argument& error) {
            throw StoreError(store.path() + ": job " + std::string(ref) + ": " + error.what());
        }
        if (parts & LoggedLabels)
            labels.append(query.textView(13), query.textView(14), query.integer(15) != 0);
    }
}

/// The id of the machine's first (or last) logged job, by walking the table from its start
/// (or end): the jobs of one machine are mostly stored together.
std::optional<std::int64_t> boundingId(Store& store, std::int64_t machineId, bool last)
{
    SqliteStatement query(store.database(),
                          std::string("SELECT id FROM jobs NOT INDEXED WHERE machine_id = ?1 AND start_known = 1 "
                                      "ORDER BY id ")
                              + (last ? "DESC" : "ASC") + " LIMIT 1");
    query.bind(1, machineId);
    if (!query.step())
        return std::nullopt;
    return query.integer(0);
}

/// The slots to read a machine's jobs with ids in [first, last] into: the range, unless
/// other machines' jobs lie among them (imports of several machines taking turns), then as
/// many as the machine has jobs (sequential).
std::size_t slotsFor(Store& store, std::int64_t machineId, std::int64_t first, std::int64_t last, bool& sequential)
{
    const auto range = static_cast<std::size_t>(last - first + 1);
    sequential = false;
    constexpr std::size_t countFrom = 200000; // below, a few megabytes at most: not worth a count
    if (range < countFrom)
        return range;
    SqliteStatement machines(store.database(), "SELECT count(*) > 1 FROM machines");
    if (!machines.step() || machines.integer(0) == 0)
        return range; // one machine: every job of the range is its own
    SqliteStatement jobs(store.database(), "SELECT count(*) FROM jobs WHERE machine_id = ?1"); // an index's entries
    jobs.bind(1, machineId);
    const auto count = jobs.step() ? static_cast<std::size_t>(jobs.integer(0)) : range;
    sequential = count < range / 2;
    return sequential ? count : range;
}

/// What the jobs table held when a connection's read began: every change to it is an
/// import, which adds a row to `sources` in the same transaction.
std::int64_t jobsVersion(Store& store)
{
    SqliteStatement query(store.database(), "SELECT coalesce(max(id), 0) FROM sources");
    query.step();
    return query.integer(0);
}

/// Puts the rows present first, in the order of submission and ties by id, and drops the
/// others; the labels too, from those each half read in id order (`lower` for the ids up to
/// `middle`). Each row moves to its place along the cycles of the permutation: no second copy.
void sortBySubmission(Rows& rows, JobLabels& lower, const JobLabels& upper, std::int64_t middle)
{
    const std::size_t slots = rows.present.size();
    if (slots > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("more than 4,294,967,295 job ids");
    const auto count = static_cast<std::uint32_t>(slots);
    std::vector<std::uint32_t> rowAt; // per place, its row: the rows present by submission, then the others
    rowAt.reserve(count);
    for (std::uint32_t row = 0; row < count; ++row)
        if (rows.present[row])
            rowAt.push_back(row);
    const auto kept = static_cast<std::uint32_t>(rowAt.size());
    const std::vector<std::int64_t>& submits = rows.submits;
    const auto bySubmission = [&](std::uint32_t a, std::uint32_t b) { return submits[a] < submits[b]; };
    const bool sorted = std::is_sorted(rowAt.begin(), rowAt.end(), bySubmission);
    LoggedJobs& parts = rows.parts;
    if (sorted && upper.size() == 0)
        parts.labels = std::move(lower);
    if (sorted && kept == count) { // most logs list their jobs as they came
        if (upper.size() > 0)
            for (const JobLabels* half : {static_cast<const JobLabels*>(&lower), &upper})
                for (std::size_t job = 0; job < half->size(); ++job)
                    parts.labels.append(half->name(job), half->state(job), half->sharesNodes(job));
        return;
    }
    std::vector<std::uint32_t> placeOf(count); // first: per row present, its rank by id
    for (std::uint32_t rank = 0; rank < kept; ++rank)
        placeOf[rowAt[rank]] = rank;
    if (!sorted)
        std::stable_sort(rowAt.begin(), rowAt.end(), bySubmission);
    if (lower.size() + upper.size() == kept && (!sorted || upper.size() > 0))
        for (std::uint32_t place = 0; place < kept; ++place) {
            const std::uint32_t row = rowAt[place];
            const bool isLower = rows.first + static_cast<std::int64_t>(row) <= middle;
            const std::size_t at = isLower ? placeOf[row] : placeOf[row] - lower.size();
            const JobLabels& half = isLower ? lower : upper;
            parts.labels.append(half.name(at), half.state(at), half.sharesNodes(at));
        }
    lower = JobLabels();
    for (std::uint32_t row = 0; row < count; ++row)
        if (!rows.present[row])
            rowAt.push_back(row);
    for (std::uint32_t place = 0; place < count; ++place)
        placeOf[rowAt[place]] = place;
    rowAt = {};
    for (std::uint32_t row = 0; row < count; ++row)
        while (placeOf[row] != row) {
            const std::uint32_t to = placeOf[row];
            if (!parts.jobs.empty())
                std::swap(parts.jobs[row], parts.jobs[to]);
            if (!parts.nodeCounts.empty())
                std::swap(parts.nodeCounts[row], parts.nodeCounts[to]);
            if (!parts.holdings.empty())
                std::swap(parts.holdings[row], parts.holdings[to]);
            if (!parts.cores.empty())
                std::swap(parts.cores[row], parts.cores[to]);
            std::swap(placeOf[row], placeOf[to]);
        }
    const auto keep = [&](auto& part) {
        if (!part.empty()) // the capacity stays: few slots are dropped where a machine's jobs lie together
            part.resize(kept);
    };
    keep(parts.jobs);
    keep(parts.nodeCounts);
    keep(parts.holdings);
    keep(parts.cores);
}

} // namespace

LoggedJobs readLoggedJobs(Store& store, std::int64_t machineId, unsigned parts, int cpusPerNode)
{
    if (cpusPerNode < 1)
        throw std::invalid_argument("processors per node must be at least 1");
    SqliteDatabase& db = store.database();
    const bool mayShare = sqlite3_get_autocommit(db.handle()) != 0; // else others would not see its changes
    const SqliteReadSnapshot reading(db);
    const std::int64_t version = jobsVersion(store);
    const std::optional<std::int64_t> first = boundingId(store, machineId, false);
    const std::optional<std::int64_t> last = boundingId(store, machineId, true);
    if (!first || !last)
        return {};
    Rows rows;
    rows.first = *first;
    const std::size_t slots = slotsFor(store, machineId, *first, *last, rows.sequential);
    rows.present.assign(slots, 0);
    rows.submits.assign(slots, 0);
    if (parts & LoggedJobList)
        rows.parts.jobs.resize(slots);
    if (parts & LoggedNodeCounts)
        rows.parts.nodeCounts.assign(slots, 0);
    if (parts & LoggedHoldings)
        rows.parts.holdings.resize(slots);
    if (parts & LoggedCores)
        rows.parts.cores.assign(slots, -1);
    JobLabels lowerLabels, upperLabels;
    constexpr std::int64_t halvesFrom = 100000;
    std::int64_t middle = *last;
    if (!mayShare || *last - *first < halvesFrom || rows.sequential) {
        readRows(store, machineId, *first, *last, parts, cpusPerNode, rows, lowerLabels);
    } else {
        // Each connection is used by one thread; each checks that it reads what this one does.
        middle = *first + (*last - *first) / 2;
        const auto readHalf = [&](std::int64_t from, std::int64_t to, JobLabels& labels) {
            Store own = store.openSibling();
            const SqliteReadSnapshot ownReading(own.database());
            if (jobsVersion(own) != version)
                throw StoreError(store.path() + ": the job list changed while it was read");
            readRows(own, machineId, from, to, parts, cpusPerNode, rows, labels);
        };
        readInTwo(
            store, [&] { readHalf(*first, middle, lowerLabels); }, [&] { readHalf(middle + 1, *last, upperLabels); });
    }
    sortBySubmission(rows, lowerLabels, upperLabels, middle);
    return std::move(rows.parts);
}

namespace {

/// The node list in column `column` of `query`, whose column 0 is the job's row id.
NodeList nodeListOf(Store& store, SqliteStatement& query, int column)
{
    try {
        return decodeNodeRuns(query.blob(column), query.bytes(column));
    } catch (const std::invalid_argument& error) {
        SqliteStatement ref(store.database(), "SELECT job_ref FROM jobs WHERE id = ?1");
        ref.bind(1, query.integer(0));
        throw StoreError(store.path() + ": job " + (ref.step() ? ref.text(0) : std::string("?")) + ": " + error.what());
    }
}

} // namespace

void forEachLoggedJob(Store& store, std::int64_t machineId, int cpusPerNode,
                      const std::function<void(const LoggedJobTimes&)>& visit)
{
    if (cpusPerNode < 1)
        throw std::invalid_argument("processors per node must be at least 1");
    const SqliteReadSnapshot reading(store.database());
    const std::optional<std::int64_t> first = boundingId(store, machineId, false);
    const std::optional<std::int64_t> last = boundingId(store, machineId, true);
    if (!first || !last)
        return;
    SqliteStatement query(store.database(),
                          "SELECT id, submit, start, end, nodes, requested_nodes, node_count, requested_cpus, "
                          "allocated_cpus FROM jobs NOT INDEXED WHERE id BETWEEN ?2 AND ?3 AND machine_id = ?1 "
                          "AND start_known = 1 ORDER BY id");
    query.bind(1, machineId).bind(2, *first).bind(3, *last);
    LoggedJobTimes times;
    while (query.step()) {
        times.job.submit = query.integer(1);
        times.job.start = query.integer(2);
        times.job.end = query.integer(3);
        std::int64_t nodes = 0;
        if (query.bytes(4) > 0)
            nodes = static_cast<std::int64_t>(nodeListOf(store, query, 4).size());
        times.listed = nodes > 0;
        if (nodes == 0)
            nodes = storedJobSize(query, 5, cpusPerNode);
        times.nodes = static_cast<int>(std::clamp<std::int64_t>(nodes, 0, 1 << 30));
        times.cores = query.isNull(8) ? -1 : static_cast<int>(query.integer(8));
        visit(times);
    }
}

void forEachJobSharingNodes(Store& store, std::int64_t machineId, const std::function<void(const Job&)>& visit)
{
    const SqliteReadSnapshot reading(store.database());
    // The partial index holds the marked jobs only; SQLite sorts them (a third of a log of
    // millions whose serial jobs share nodes: seconds, in its own bounded memory).
    SqliteStatement query(store.database(),
                          "SELECT id, submit, start, end, nodes FROM jobs INDEXED BY jobs_sharing_nodes "
                          "WHERE machine_id = ?1 AND shares_nodes = 1 AND start_known = 1 ORDER BY start, submit, id");
    query.bind(1, machineId);
    Job job;
    while (query.step()) {
        job.submit = query.integer(1);
        job.start = query.integer(2);
        job.end = query.integer(3);
        job.nodes = nodeListOf(store, query, 4);
        visit(job);
    }
}

} // namespace placement
