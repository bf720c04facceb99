// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/SweepResults.h"

#include "services/Sweep.h"
#include "store/NodeListBlob.h"
#include "store/Store.h"

#include <filesystem>
#include <map>

namespace placement {

namespace {

std::vector<int> blobList(const SqliteStatement& row, int column)
{
    return decodeNodeList(row.blob(column), row.bytes(column));
}

} // namespace

SweepResultFile::SweepResultFile(const std::string& path)
    : m_db(path, SqliteDatabase::Mode::CreateIfMissing)
{
    m_db.execute("CREATE TABLE IF NOT EXISTS sweep_runs ("
                 " point_id TEXT PRIMARY KEY, database TEXT NOT NULL, machine TEXT NOT NULL,"
                 " run_name TEXT NOT NULL, parameters TEXT NOT NULL, summary TEXT NOT NULL);"
                 "CREATE TABLE IF NOT EXISTS sweep_placements ("
                 " point_id TEXT NOT NULL REFERENCES sweep_runs(point_id), job_id INTEGER NOT NULL,"
                 " submit INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,"
                 " scheduling_us REAL NOT NULL, nodes BLOB NOT NULL, links BLOB NOT NULL, idle BLOB NOT NULL,"
                 " PRIMARY KEY (point_id, job_id)) WITHOUT ROWID;");
}

std::set<std::string> SweepResultFile::pointIds()
{
    SqliteStatement query(m_db, "SELECT point_id FROM sweep_runs");
    std::set<std::string> ids;
    while (query.step())
        ids.insert(query.text(0));
    return ids;
}

std::set<std::string> SweepResultFile::machines(const std::string& database)
{
    SqliteStatement query(m_db, "SELECT DISTINCT machine FROM sweep_runs WHERE database = ?1");
    query.bind(1, database);
    std::set<std::string> names;
    while (query.step())
        names.insert(query.text(0));
    return names;
}

void SweepResultFile::write(const std::string& pointId, const std::string& database, const std::string& machine,
                            const std::string& runName, const std::string& parameters, const std::string& summary,
                            const std::vector<RunPlacement>& placements)
{
    SqliteTransaction transaction(m_db);
    SqliteStatement run(m_db, "INSERT INTO sweep_runs VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    run.bind(1, pointId).bind(2, database).bind(3, machine).bind(4, runName).bind(5, parameters).bind(6, summary).run();
    SqliteStatement insert(m_db, "INSERT INTO sweep_placements VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    for (const RunPlacement& p : placements) {
        insert.bind(1, pointId).bind(2, p.jobId).bind(3, p.submit).bind(4, p.start).bind(5, p.end);
        insert.bindReal(6, p.schedulingMicroseconds)
            .bindBlob(7, encodeNodeList(p.nodes))
            .bindBlob(8, encodeNodeList(p.links))
            .bindBlob(9, encodeNodeList(p.idleNodes));
        insert.run();
    }
    transaction.commit();
}

std::vector<SweepResultFile::Run> SweepResultFile::runs(const std::string& database, const std::set<std::string>& skip)
{
    std::vector<Run> list;
    SqliteStatement query(m_db,
                          "SELECT point_id, database, machine, run_name, parameters, summary FROM sweep_runs "
                          "ORDER BY rowid");
    while (query.step())
        list.push_back({query.text(0), query.text(1), query.text(2), query.text(3), query.text(4), query.text(5), {}});
    SqliteStatement placements(m_db,
                               "SELECT job_id, submit, start, end, scheduling_us, nodes, links, idle "
                               "FROM sweep_placements WHERE point_id = ?1 ORDER BY job_id");
    for (Run& run : list) {
        if (run.database != database || skip.count(run.pointId))
            continue;
        placements.bind(1, run.pointId);
        while (placements.step())
            run.placements.push_back({placements.integer(0),
                                      placements.integer(1),
                                      placements.integer(2),
                                      placements.integer(3),
                                      blobList(placements, 5),
                                      placements.real(4),
                                      blobList(placements, 6),
                                      blobList(placements, 7),
                                      {},
                                      {}});
        placements.reset();
    }
    return list;
}

CollectOutcome collectSweepResults(const std::string& database, const std::vector<std::string>& resultFiles)
{
    CollectOutcome outcome;
    Store store = Store::openExisting(database);
    std::map<std::string, std::int64_t> machines; // name -> id
    std::map<std::int64_t, std::set<std::string>> stored; // machine id -> point ids
    for (const std::string& path : resultFiles) {
        if (!std::filesystem::exists(path))
            throw StoreError(path + ": no such result file");
        SweepResultFile file(path);
        // Which runs are stored already is asked once per machine, as the files name them.
        for (const std::string& name : file.machines(database)) {
            if (machines.count(name))
                continue;
            const std::optional<MachineRecord> machine = store.machine(name);
            if (!machine)
                throw StoreError(path + ": its runs are of machine '" + name + "', which " + database
                                 + " does not have");
            machines[name] = machine->id;
            stored[machine->id] = storedSweepPoints(store, machine->id);
        }
        std::set<std::string> skip;
        for (const auto& [id, points] : stored)
            skip.insert(points.begin(), points.end());
        for (SweepResultFile::Run& run : file.runs(database, skip)) {
            if (run.database != database) {
                ++outcome.otherDatabase;
                continue;
            }
            const std::int64_t machineId = machines.at(run.machine);
            if (stored[machineId].count(run.pointId)) {
                ++outcome.storedBefore;
                continue;
            }
            SqliteTransaction transaction(store.database());
            const std::string name = uniqueRunName(store, machineId, run.runName);
            const std::int64_t runId = saveRun(store, machineId, name, run.parameters, run.summary, run.placements);
            // The summary names its run, as a run stored by the sweep itself does.
            SqliteStatement update(store.database(),
                                   "UPDATE runs SET summary = json_set(summary, '$.run_id', ?2, '$.run_name', ?3) "
                                   "WHERE id = ?1");
            update.bind(1, runId).bind(2, runId).bind(3, name).run();
            transaction.commit();
            stored[machineId].insert(run.pointId);
            ++outcome.stored;
        }
    }
    return outcome;
}

} // namespace placement
