#pragma once

#include "core/Job.h"
#include "store/SqliteDatabase.h"

#include <cstdint>
#include <string>
#include <vector>

namespace placement {

struct MachineRecord
{
    std::int64_t id = 0;
    std::string name;
    std::string spec; ///< see core/MachineSpec.h
    std::int64_t jobCount = 0;
};

/// A Placement Explorer database: machines and the jobs that ran on them.
///
/// The `meta` table holds `schema_version`; opening an older database migrates it one
/// step per version inside one transaction, a newer one is refused.
class Store
{
public:
    static constexpr int SchemaVersion = 1;

    /// Opens an existing database (never creates a file); throws StoreError naming the path.
    static Store openExisting(const std::string& path);
    /// Opens or creates a database at `path`.
    static Store openOrCreate(const std::string& path);

    const std::string& path() const { return m_db.path(); }
    int schemaVersion();

    std::string metaValue(const std::string& key, const std::string& fallback = {});
    void setMetaValue(const std::string& key, const std::string& value);

    /// Adds a machine with its jobs, all or nothing. Returns the machine id.
    std::int64_t addMachine(const std::string& name, const std::string& spec, const std::vector<Job>& jobs);

    std::vector<MachineRecord> machines();
    std::vector<Job> jobs(std::int64_t machineId);

private:
    Store(const std::string& path, SqliteDatabase::Mode mode);
    void migrate(SqliteDatabase::Mode mode);

    SqliteDatabase m_db;
};

} // namespace placement
