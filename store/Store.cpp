#include "store/Store.h"

#include <unordered_map>

namespace placement {
namespace {

// One entry per schema version: migrations[v - 1] takes a database from v - 1 to v.
constexpr const char* migrations[] = {
    R"sql(
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE machines (
        id   INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        spec TEXT NOT NULL
    );
    CREATE TABLE jobs (
        id         INTEGER PRIMARY KEY,
        machine_id INTEGER NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
        job_ref    TEXT NOT NULL,
        user       TEXT,
        submit     INTEGER NOT NULL,
        start      INTEGER NOT NULL,
        end        INTEGER NOT NULL
    );
    CREATE INDEX jobs_by_machine_time ON jobs(machine_id, start, end);
    CREATE TABLE job_nodes (
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        node   INTEGER NOT NULL,
        PRIMARY KEY (job_id, node)
    ) WITHOUT ROWID;
    )sql",
};
static_assert(std::size(migrations) == Store::SchemaVersion);

} // namespace

Store::Store(const std::string& path, SqliteDatabase::Mode mode)
    : m_db(path, mode)
{
    migrate(mode);
}

Store Store::openExisting(const std::string& path)
{
    return Store(path, SqliteDatabase::Mode::OpenExisting);
}

Store Store::openOrCreate(const std::string& path)
{
    return Store(path, SqliteDatabase::Mode::CreateIfMissing);
}

int Store::schemaVersion()
{
    SqliteStatement hasMeta(m_db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
    if (!hasMeta.step())
        return 0;
    SqliteStatement version(m_db, "SELECT value FROM meta WHERE key = 'schema_version'");
    return version.step() ? std::stoi(version.text(0)) : 0;
}

void Store::migrate(SqliteDatabase::Mode mode)
{
    // Reading sqlite_master is also what tells a non-database file apart ("file is not a database").
    SqliteTransaction transaction(m_db);
    int version = schemaVersion();
    if (version > SchemaVersion)
        throw StoreError(m_db.path() + ": schema version " + std::to_string(version)
                         + " is newer than this program understands (" + std::to_string(SchemaVersion) + ")");
    if (version == 0) {
        SqliteStatement tables(m_db, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        tables.step();
        if (tables.integer(0) != 0 || mode == SqliteDatabase::Mode::OpenExisting)
            throw StoreError(m_db.path() + ": not a Placement Explorer database (no schema version)");
    }
    for (; version < SchemaVersion; ++version)
        m_db.execute(migrations[version]);
    setMetaValue("schema_version", std::to_string(SchemaVersion));
    transaction.commit();
}

std::string Store::metaValue(const std::string& key, const std::string& fallback)
{
    SqliteStatement query(m_db, "SELECT value FROM meta WHERE key = ?1");
    query.bind(1, key);
    return query.step() ? query.text(0) : fallback;
}

void Store::setMetaValue(const std::string& key, const std::string& value)
{
    SqliteStatement upsert(m_db,
                           "INSERT INTO meta (key, value) VALUES (?1, ?2) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, key).bind(2, value).run();
}

std::int64_t Store::addMachine(const std::string& name, const std::string& spec, const std::vector<Job>& jobs)
{
    SqliteTransaction transaction(m_db);
    SqliteStatement machine(m_db, "INSERT INTO machines (name, spec) VALUES (?1, ?2) RETURNING id");
    machine.bind(1, name).bind(2, spec);
    if (!machine.step())
        m_db.fail("cannot add machine '" + name + "'");
    const std::int64_t machineId = machine.integer(0);
    machine.reset();

    SqliteStatement job(m_db,
                        "INSERT INTO jobs (machine_id, job_ref, user, submit, start, end) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id");
    SqliteStatement node(m_db, "INSERT INTO job_nodes (job_id, node) VALUES (?1, ?2)");
    for (const Job& entry : jobs) {
        job.bind(1, machineId).bind(2, entry.id).bind(4, entry.submit).bind(5, entry.start).bind(6, entry.end);
        if (entry.user.empty())
            job.bindNull(3);
        else
            job.bind(3, entry.user);
        if (!job.step())
            m_db.fail("cannot add job '" + entry.id + "'");
        const std::int64_t jobId = job.integer(0);
        job.reset();
        for (int id : entry.nodes)
            node.bind(1, jobId).bind(2, static_cast<std::int64_t>(id)).run();
    }
    transaction.commit();
    return machineId;
}

std::vector<MachineRecord> Store::machines()
{
    SqliteStatement query(m_db,
                          "SELECT m.id, m.name, m.spec, (SELECT count(*) FROM jobs j WHERE j.machine_id = m.id) "
                          "FROM machines m ORDER BY m.id");
    std::vector<MachineRecord> result;
    while (query.step())
        result.push_back({query.integer(0), query.text(1), query.text(2), query.integer(3)});
    return result;
}

std::vector<Job> Store::jobs(std::int64_t machineId)
{
    std::vector<Job> result;
    std::unordered_map<std::int64_t, size_t> indexOfRow;
    SqliteStatement query(m_db,
                          "SELECT id, job_ref, user, submit, start, end FROM jobs "
                          "WHERE machine_id = ?1 ORDER BY submit, id");
    query.bind(1, machineId);
    while (query.step()) {
        indexOfRow.emplace(query.integer(0), result.size());
        result.push_back({query.text(1), query.text(2), query.integer(3), query.integer(4), query.integer(5), {}});
    }
    SqliteStatement nodes(m_db,
                          "SELECT n.job_id, n.node FROM job_nodes n JOIN jobs j ON j.id = n.job_id "
                          "WHERE j.machine_id = ?1 ORDER BY n.job_id, n.node");
    nodes.bind(1, machineId);
    while (nodes.step())
        result[indexOfRow.at(nodes.integer(0))].nodes.push_back(static_cast<int>(nodes.integer(1)));
    return result;
}

} // namespace placement
