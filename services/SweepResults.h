// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/Runs.h"
#include "store/SqliteDatabase.h"

#include <set>
#include <string>
#include <vector>

namespace placement {

/// The file a sweep task run elsewhere (a Slurm array task) writes its runs into instead of
/// the database, which may sit on a network filesystem and take one writer at a time
/// (docs/simulation.md, "Sweeps on a Slurm cluster"). An SQLite file of its own: each run
/// with the point id, the database and machine it belongs to, its name, parameters and
/// summary, and its placements; one transaction per run, so a task killed halfway leaves
/// the runs it finished. collectSweepResults() stores them in the database.
class SweepResultFile
{
public:
    /// Opens or creates the file.
    explicit SweepResultFile(const std::string& path);

    std::set<std::string> pointIds();
    /// The machines of `database` the file has runs of.
    std::set<std::string> machines(const std::string& database);
    void write(const std::string& pointId, const std::string& database, const std::string& machine,
               const std::string& runName, const std::string& parameters, const std::string& summary,
               const std::vector<RunPlacement>& placements);

    struct Run
    {
        std::string pointId, database, machine, runName, parameters, summary;
        std::vector<RunPlacement> placements;
    };
    /// Every run of the file; placements only for the runs of `database` whose point ids are
    /// not in `skip`.
    std::vector<Run> runs(const std::string& database, const std::set<std::string>& skip);

private:
    SqliteDatabase m_db;
};

struct CollectOutcome
{
    int stored = 0; ///< runs stored now
    int storedBefore = 0; ///< runs whose point a run of the machine already carried
    int otherDatabase = 0; ///< runs of another database of the plan, left for it
};

/// Stores in `database` the runs of the result files that belong to it and are not stored
/// yet (by point id), each in its own short write transaction. Throws StoreError for a
/// result file that cannot be read or a machine the database does not have.
CollectOutcome collectSweepResults(const std::string& database, const std::vector<std::string>& resultFiles);

} // namespace placement
