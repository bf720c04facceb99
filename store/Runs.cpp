// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/Runs.h"

#include "store/JobLabels.h"
#include "store/NodeCores.h"
#include "store/NodeListBlob.h"
#include "store/Store.h"

#include <algorithm>
#include <ctime>
#include <limits>
#include <map>
#include <optional>
#include <sqlite3.h>
#include <stdexcept>
#include <thread>

namespace placement {

void readInTwo(const Store& store, const std::function<void()>& lower, const std::function<void()>& upper)
{
    std::string upperError;
    std::thread second([&] {
        try {
            upper();
        } catch (const std::exception& error) {
            upperError = error.what();
        }
    });
    try {
        lower();
    } catch (...) {
        second.join();
        throw;
    }
    second.join();
    store.throwIfStopped();
    if (!upperError.empty())
        throw StoreError(upperError);
}

std::int64_t storedJobSize(const SqliteStatement& row, int column, int cpusPerNode)
{
    const auto count = [&](int offset) { return row.isNull(column + offset) ? 0 : row.integer(column + offset); };
    std::int64_t nodes = count(0);
    if (nodes <= 0)
        nodes = count(1);
    if (nodes <= 0) {
        std::int64_t cpus = count(2);
        if (cpus <= 0)
            cpus = count(3);
        nodes = (cpus + cpusPerNode - 1) / cpusPerNode;
    }
    return nodes;
}

StoredWorkload loadWorkload(Store& store, std::int64_t machineId, int cpusPerNode)
{
    if (cpusPerNode < 1)
        throw std::invalid_argument("processors per node must be at least 1");
    SqliteDatabase& db = store.database();
    SqliteStatement query(db,
                          "SELECT id, job_ref, submit, start, end, time_limit, requested_nodes, node_count, "
                          "requested_cpus, allocated_cpus FROM jobs WHERE machine_id = ?1 ORDER BY submit, id");
    query.bind(1, machineId);
    StoredWorkload workload;
    while (query.step()) {
        SimulationJob job;
        job.id = query.text(1);
        job.submit = query.integer(2);
        job.runTime = query.integer(4) - query.integer(3);
        job.timeLimit = query.isNull(5) ? 0 : query.integer(5);
        const std::int64_t nodes = storedJobSize(query, 6, cpusPerNode);
        if (nodes <= 0) {
            ++workload.jobsWithoutSize;
            continue;
        }
        job.nodes = static_cast<int>(std::min<std::int64_t>(nodes, 1 << 30));
        workload.jobIds.push_back(query.integer(0));
        workload.jobs.push_back(std::move(job));
    }
    return workload;
}

StoredCoreWorkload loadCoreWorkload(Store& store, std::int64_t machineId)
{
    SqliteStatement query(store.database(),
                          "SELECT id, job_ref, submit, start, end, time_limit, requested_nodes, node_count, "
                          "requested_cpus, allocated_cpus, gpus FROM jobs WHERE machine_id = ?1 ORDER BY submit, id");
    query.bind(1, machineId);
    const auto count = [&](int column) { return query.isNull(column) ? std::int64_t{0} : query.integer(column); };
    StoredCoreWorkload workload;
    while (query.step()) {
        CoreJob job;
        job.id = query.text(1);
        job.submit = query.integer(2);
        job.runTime = query.integer(4) - query.integer(3);
        job.timeLimit = count(5);
        const std::int64_t cpus = count(9) > 0 ? count(9) : count(8);
        const std::int64_t loggedNodes = count(7);
        if (cpus > 0) {
            job.request.cores = static_cast<int>(std::min<std::int64_t>(cpus, 1 << 30));
            const std::int64_t gpus = count(10);
            if (gpus > 0 && loggedNodes > 0)
                job.request.gpusPerNode = static_cast<int>((gpus + loggedNodes - 1) / loggedNodes);
        } else {
            const std::int64_t nodes = count(6) > 0 ? count(6) : loggedNodes;
            if (nodes <= 0) {
                ++workload.skippedByReason["no size (neither CPUs nor nodes)"];
                continue;
            }
            job.request.nodes = static_cast<int>(std::min<std::int64_t>(nodes, 1 << 30));
        }
        workload.jobIds.push_back(query.integer(0));
        workload.jobs.push_back(std::move(job));
    }
    return workload;
}

std::int64_t saveRun(Store& store, std::int64_t machineId, const std::string& name, const std::string& parameters,
                     const std::string& summary, const std::vector<RunPlacement>& placements)
{
    SqliteDatabase& db = store.database();
    SqliteTransaction transaction(db);
    SqliteStatement taken(db, "SELECT 1 FROM runs WHERE machine_id = ?1 AND name = ?2");
    taken.bind(1, machineId).bind(2, name);
    if (taken.step())
        throw StoreError(db.path() + ": machine " + std::to_string(machineId) + " already has a run named '" + name
                         + "'");
    SqliteStatement run(db,
                        "INSERT INTO runs (machine_id, name, parameters, created_at, summary) "
                        "VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id");
    run.bind(1, machineId)
        .bind(2, name)
        .bind(3, parameters)
        .bind(4, static_cast<std::int64_t>(std::time(nullptr)))
        .bind(5, summary);
    if (!run.step())
        db.fail("cannot add run '" + name + "'");
    const std::int64_t runId = run.integer(0);
    run.reset();
    // A run stored by a sweep belongs to it.
    SqliteStatement member(db,
                           "INSERT OR IGNORE INTO sweep_runs (run_id, sweep) SELECT id, json_extract(parameters, "
                           "'$.sweep') FROM runs WHERE id = ?1 AND json_valid(parameters) "
                           "AND json_type(parameters, '$.sweep') = 'text'");
    member.bind(1, runId).run();
    SqliteStatement insert(db,
                           "INSERT INTO placements (run_id, job_id, start, end, nodes, submit, scheduling_us, "
                           "links, idle_nodes, node_cores, node_gpus) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    for (const RunPlacement& placement : placements) {
        insert.bind(1, runId)
            .bind(2, placement.jobId)
            .bind(3, placement.start)
            .bind(4, placement.end)
            .bindBlob(5, encodeNodeList(placement.nodes))
            .bind(6, placement.submit)
            .bindReal(7, placement.schedulingMicroseconds);
        if (placement.links.empty())
            insert.bindNull(8);
        else
            insert.bindBlob(8, encodeNodeList(placement.links));
        if (placement.idleNodes.empty())
            insert.bindNull(9);
        else
            insert.bindBlob(9, encodeNodeList(placement.idleNodes));
        for (const auto& [column, counts] : {std::pair{10, &placement.nodeCores}, std::pair{11, &placement.nodeGpus}}) {
            if (counts->empty()) {
                insert.bindNull(column);
                continue;
            }
            if (counts->size() != placement.nodes.size())
                throw std::invalid_argument("run '" + name + "', job " + std::to_string(placement.jobId) + ": "
                                            + std::to_string(counts->size()) + " per-node counts for "
                                            + std::to_string(placement.nodes.size()) + " nodes");
            insert.bind(column, encodeNodeCores(*counts));
        }
        insert.run();
    }
    transaction.commit();
    return runId;
}

StoredRunName saveNamedRun(Store& store, std::int64_t machineId, const std::string& machineName,
                           const std::string& requested, const std::string& base, const std::string& parameters,
                           const std::vector<RunPlacement>& placements,
                           const std::function<std::string(std::int64_t id, const std::string& name)>& summaryOf)
{
    SqliteTransaction transaction(store.database());
    StoredRunName run;
    run.name = uniqueRunName(store, machineId, requested.empty() ? base : requested);
    if (!requested.empty() && run.name != requested)
        throw StoreError(store.path() + ": machine '" + machineName + "' already has a run named '" + requested + "'");
    run.id = saveRun(store, machineId, run.name, parameters, "{}", placements);
    SqliteStatement update(store.database(), "UPDATE runs SET summary = ?2 WHERE id = ?1");
    update.bind(1, run.id).bind(2, summaryOf(run.id, run.name)).run();
    transaction.commit();
    return run;
}

std::string uniqueRunName(Store& store, std::int64_t machineId, const std::string& base)
{
    SqliteStatement taken(store.database(), "SELECT 1 FROM runs WHERE machine_id = ?1 AND name = ?2");
    std::string name = base;
    for (int suffix = 2;; ++suffix) {
        taken.bind(1, machineId).bind(2, name);
        const bool used = taken.step();
        taken.reset();
        if (!used)
            return name;
        name = base + " (" + std::to_string(suffix) + ")";
    }
}

std::vector<RunRecord> runs(Store& store, std::int64_t machineId)
{
    SqliteStatement query(store.database(),
                          "SELECT r.id, r.machine_id, r.name, r.parameters, r.summary, r.created_at, "
                          "(SELECT count(*) FROM placements p WHERE p.run_id = r.id) "
                          "FROM runs r WHERE r.machine_id = ?1 ORDER BY r.id");
    query.bind(1, machineId);
    std::vector<RunRecord> result;
    std::map<std::int64_t, size_t> index;
    while (query.step()) {
        index[query.integer(0)] = result.size();
        result.push_back({query.integer(0),
                          query.integer(1),
                          query.text(2),
                          query.text(3),
                          query.text(4),
                          query.integer(5),
                          query.integer(6),
                          {}});
    }
    SqliteStatement sweeps(store.database(),
                           "SELECT s.run_id, s.sweep FROM sweep_runs s JOIN runs r ON r.id = s.run_id "
                           "WHERE r.machine_id = ?1 ORDER BY s.run_id, "
                           "s.sweep IS NOT json_extract(CASE WHEN json_valid(r.parameters) THEN r.parameters END, "
                           "'$.sweep'), s.sweep");
    sweeps.bind(1, machineId);
    while (sweeps.step())
        if (const auto run = index.find(sweeps.integer(0)); run != index.end())
            result[run->second].sweeps.push_back(sweeps.text(1));
    return result;
}

std::optional<std::string> runParameters(Store& store, std::int64_t runId)
{
    SqliteStatement query(store.database(), "SELECT parameters FROM runs WHERE id = ?1");
    query.bind(1, runId);
    if (!query.step())
        return std::nullopt;
    return query.text(0);
}

std::optional<std::int64_t> runNamed(Store& store, std::int64_t machineId, const std::string& name)
{
    SqliteStatement query(store.database(),
                          "SELECT id FROM runs WHERE machine_id = ?1 AND name = ?2 ORDER BY id DESC LIMIT 1");
    query.bind(1, machineId).bind(2, name);
    if (!query.step())
        return std::nullopt;
    return query.integer(0);
}

std::int64_t addRunsToSweep(Store& store, std::int64_t machineId, const std::string& sweep,
                            const std::vector<std::string>& pointIds)
{
    SqliteDatabase& db = store.database();
    SqliteTransaction transaction(db);
    SqliteStatement add(db,
                        "INSERT OR IGNORE INTO sweep_runs (run_id, sweep) SELECT id, ?2 FROM runs "
                        "WHERE machine_id = ?1 AND json_valid(parameters) "
                        "AND json_extract(parameters, '$.sweep_point') = ?3");
    std::int64_t added = 0;
    for (const std::string& point : pointIds) {
        add.bind(1, machineId).bind(2, sweep).bind(3, point).run();
        added += sqlite3_changes(db.handle());
    }
    transaction.commit();
    return added;
}

namespace {

/// The job ids of the run's rows from `first` to `last` and their starts, by job id.
void readJobStarts(Store& store, std::int64_t runId, std::int64_t first, std::int64_t last,
                   std::vector<std::int64_t>& jobIds, std::vector<std::int64_t>& starts)
{
    SqliteStatement query(store.database(),
                          "SELECT job_id, start FROM placements WHERE run_id = ?1 "
                          "AND job_id BETWEEN ?2 AND ?3 ORDER BY job_id");
    query.bind(1, runId).bind(2, first).bind(3, last);
    while (query.step()) {
        jobIds.push_back(query.integer(0));
        starts.push_back(query.integer(1));
    }
}

/// The least or the greatest job id of the run; nullopt for a run without jobs.
std::optional<std::int64_t> boundingJobId(Store& store, std::int64_t runId, bool greatest)
{
    SqliteStatement query(store.database(),
                          greatest ? "SELECT max(job_id) FROM placements WHERE run_id = ?1"
                                   : "SELECT min(job_id) FROM placements WHERE run_id = ?1");
    query.bind(1, runId);
    if (!query.step() || query.isNull(0))
        return std::nullopt;
    return query.integer(0);
}

} // namespace

RunOrder::RunOrder(Store& store, std::int64_t runId, bool twoConnections)
{
    // Sorting here is faster than reading by the time index: that walk looks each row up at
    // random in the table (about 1 s per million rows), the table's own order does not.
    std::vector<std::int64_t> starts;
    const std::optional<std::int64_t> first = boundingJobId(store, runId, false);
    const std::optional<std::int64_t> last = boundingJobId(store, runId, true);
    if (!first || !last)
        return; // no jobs
    // Job ids above the middle of their range read on a connection of its own at the same
    // time (a run's ids are nearly consecutive: about half the rows each). A run is not
    // changed once written, only deleted: readRunRows() sees any row gone.
    constexpr std::int64_t halvesFrom = 100000;
    const std::int64_t middle = *first + (*last - *first) / 2;
    if (!twoConnections || *last - *first < halvesFrom) {
        readJobStarts(store, runId, *first, *last, m_jobIds, starts);
    } else {
        std::vector<std::int64_t> upperIds, upperStarts;
        readInTwo(
            store, [&] { readJobStarts(store, runId, *first, middle, m_jobIds, starts); },
            [&] {
                Store other = store.openSibling();
                const SqliteReadSnapshot otherReading(other.database());
                readJobStarts(other, runId, middle + 1, *last, upperIds, upperStarts);
            });
        m_jobIds.insert(m_jobIds.end(), upperIds.begin(), upperIds.end());
        starts.insert(starts.end(), upperStarts.begin(), upperStarts.end());
    }
    if (m_jobIds.size() > std::numeric_limits<std::uint32_t>::max())
        throw StoreError(store.path() + ": run " + std::to_string(runId) + " has more than 4,294,967,295 jobs");
    std::vector<std::uint32_t> order(m_jobIds.size());
    for (std::uint32_t row = 0; row < order.size(); ++row)
        order[row] = row;
    // Rows come by job id: a stable sort by start leaves ties by job id.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return starts[a] < starts[b]; });
    m_place.resize(order.size());
    for (std::uint32_t place = 0; place < order.size(); ++place)
        m_place[order[place]] = place;
}

std::uint32_t RunOrder::place(const Store& store, std::size_t row, std::int64_t jobId) const
{
    if (row >= m_jobIds.size() || m_jobIds[row] != jobId)
        throw StoreError(store.path() + ": the run changed while it was read");
    return m_place[row];
}

void RunOrder::checkComplete(const Store& store, std::size_t rows) const
{
    if (rows != m_jobIds.size())
        throw StoreError(store.path() + ": the run changed while it was read");
}

namespace {

/// The cores and GPUs a job of a run by cores held per node, from columns `column` (node_cores)
/// and `column + 1` (node_gpus) of `row`: none (unknown) where they are NULL.
JobHolding coreHolding(const SqliteStatement& row, int column, int nodes)
{
    const auto sum = [](const IntView& counts) {
        std::int64_t total = 0;
        for (int count : counts)
            total += count;
        return static_cast<int>(std::min<std::int64_t>(total, std::numeric_limits<int>::max()));
    };
    JobHolding holding;
    if (!row.isNull(column)) {
        holding.setNodeCores(decodeNodeCores(row.text(column), nodes));
        holding.cores = sum(holding.nodeCores());
    }
    if (!row.isNull(column + 1)) {
        holding.setNodeGpus(decodeNodeCores(row.text(column + 1), nodes));
        holding.gpus = sum(holding.nodeGpus());
    }
    return holding;
}

/// What one reader of runJobs() found besides the jobs it put in place: the names and states
/// of its rows in their order, what its jobs held beyond their nodes, or why it stopped.
struct RunRows
{
    JobLabels labels;
    std::vector<std::pair<std::uint32_t, RunHoldings>> held; ///< (place, holdings)
    std::vector<std::pair<std::uint32_t, JobHolding>> cores; ///< (place, cores and GPUs)
    bool byCores = false; ///< a row says its cores per node: the run is by cores
    std::string error;
};

/// Reads rows [first, end) of the run (in job id order) into their places in `jobs`.
void readRunRows(Store& store, std::int64_t runId, const RunOrder& order, std::size_t first, std::size_t end,
                 std::vector<Job>& jobs, bool wantHoldings, bool wantLabels, bool wantCores, RunRows& out)
{
    if (first >= end)
        return;
    SqliteDatabase& db = store.database();
    SqliteStatement query(db,
                          "SELECT j.job_ref, j.user, coalesce(p.submit, j.submit), p.start, p.end, p.nodes, "
                          "p.links, p.idle_nodes, p.job_id, j.name, j.state, p.node_cores, p.node_gpus "
                          "FROM placements p JOIN jobs j ON j.id = p.job_id "
                          "WHERE p.run_id = ?1 AND p.job_id BETWEEN ?2 AND ?3 ORDER BY p.job_id");
    query.bind(1, runId).bind(2, order.jobId(first)).bind(3, order.jobId(end - 1));
    std::size_t row = first;
    for (; query.step(); ++row) {
        const std::uint32_t place = order.place(store, row, query.integer(8));
        Job& job = jobs[place];
        if (wantLabels)
            out.labels.append(query.textView(9), query.textView(10));
        job = Job{query.textView(0), query.textView(1), {}, query.integer(2), query.integer(3), query.integer(4)};
        try {
            job.nodes = decodeNodeRuns(query.blob(5), query.bytes(5));
            if (wantHoldings && (query.bytes(6) > 0 || query.bytes(7) > 0)) {
                RunHoldings held{decodeNodeList(query.blob(6), query.bytes(6)),
                                 decodeNodeList(query.blob(7), query.bytes(7))};
                if (!held.links.empty() || !held.idleNodes.empty())
                    out.held.emplace_back(place, std::move(held));
            }
            if (wantCores && (!query.isNull(11) || !query.isNull(12))) {
                out.byCores = out.byCores || !query.isNull(11);
                out.cores.emplace_back(place, coreHolding(query, 11, static_cast<int>(job.nodes.size())));
            }
        } catch (const std::invalid_argument& error) {
            throw StoreError(db.path() + ": run " + std::to_string(runId) + ", job " + job.id + ": " + error.what());
        }
    }
    if (row != end)
        throw StoreError(store.path() + ": the run changed while it was read");
}

} // namespace

std::vector<Job> runJobs(Store& store, std::int64_t runId, std::vector<RunHoldings>* holdings, JobLabels* labels,
                         std::vector<JobHolding>* cores)
{
    SqliteDatabase& db = store.database();
    // A large run is read by two connections of its own at once, each half of the rows, when
    // the caller holds no transaction (they would not see what it has not committed): decoding
    // and copying the rows is most of the time. Each is used by one thread (no lock per call).
    constexpr std::size_t halvesFrom = 100000;
    const bool mayShare = sqlite3_get_autocommit(db.handle()) != 0;
    const SqliteReadSnapshot reading(db); // one snapshot for the order and the rows
    const RunOrder order(store, runId, mayShare);
    std::vector<Job> result(order.size());
    const std::size_t middle = mayShare && order.size() >= halvesFrom ? order.size() / 2 : order.size();
    RunRows firstHalf, secondHalf;
    std::thread second;
    if (middle < order.size())
        second = std::thread([&] {
            try {
                Store other = store.openSibling();
                const SqliteReadSnapshot otherReading(other.database());
                readRunRows(other, runId, order, middle, order.size(), result, holdings, labels, cores, secondHalf);
            } catch (const std::exception& error) {
                secondHalf.error = error.what();
            }
        });
    try {
        if (middle < order.size()) {
            Store own = store.openSibling();
            const SqliteReadSnapshot ownReading(own.database());
            readRunRows(own, runId, order, 0, middle, result, holdings, labels, cores, firstHalf);
        } else {
            readRunRows(store, runId, order, 0, middle, result, holdings, labels, cores, firstHalf);
        }
    } catch (...) {
        if (second.joinable())
            second.join();
        throw;
    }
    if (second.joinable())
        second.join();
    store.throwIfStopped(); // the other connection stopped too: not a failure
    if (!secondHalf.error.empty())
        throw StoreError(secondHalf.error);
    if (holdings) {
        holdings->clear();
        if (!firstHalf.held.empty() || !secondHalf.held.empty()) // else none: nothing kept per job
            holdings->resize(result.size());
        for (RunRows* half : {&firstHalf, &secondHalf})
            for (auto& [place, held] : half->held)
                (*holdings)[place] = std::move(held);
    }
    if (cores) {
        cores->clear();
        if (firstHalf.byCores || secondHalf.byCores) { // else a run of whole nodes: none
            cores->resize(result.size());
            for (RunRows* half : {&firstHalf, &secondHalf})
                for (auto& [place, holding] : half->cores)
                    (*cores)[place] = std::move(holding);
        }
    }
    if (labels) {
        std::vector<std::uint32_t> rowAt(order.size());
        for (std::size_t row = 0; row < order.size(); ++row)
            rowAt[order.placeOf(row)] = static_cast<std::uint32_t>(row);
        *labels = JobLabels();
        for (std::uint32_t row : rowAt) {
            const JobLabels& half = row < middle ? firstHalf.labels : secondHalf.labels;
            const std::size_t at = row < middle ? row : row - middle;
            labels->append(half.name(at), half.state(at));
        }
    }
    return result;
}

std::vector<JobHolding> runJobHoldings(Store& store, std::int64_t runId)
{
    std::vector<JobHolding> cores;
    runJobs(store, runId, nullptr, nullptr, &cores);
    return cores;
}

bool deleteRun(Store& store, std::int64_t runId)
{
    SqliteDatabase& db = store.database();
    SqliteTransaction transaction(db);
    SqliteStatement erasePlacements(db, "DELETE FROM placements WHERE run_id = ?1");
    erasePlacements.bind(1, runId).run();
    SqliteStatement eraseRun(db, "DELETE FROM runs WHERE id = ?1 RETURNING id");
    eraseRun.bind(1, runId);
    const bool found = eraseRun.step();
    eraseRun.reset();
    transaction.commit();
    return found;
}

} // namespace placement
