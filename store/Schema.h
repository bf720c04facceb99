// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeSharing.h"

#include <cstdint>
#include <vector>

namespace placement {

class SqliteDatabase;

/// SQLite's application_id of the databases this program writes ("PlEx"), from version 6 on.
constexpr int ProgramApplicationId = 0x506C4578;

/// The schema version this program writes.
constexpr int CurrentSchemaVersion = 14;

/// Takes a database from `version` - 1 to `version` (1 .. CurrentSchemaVersion), inside the
/// caller's transaction.
void migrateSchema(SqliteDatabase& db, int version);

/// The runs an import has just stored, kept in memory so that marking them reads back only
/// the jobs stored before it.
struct NewRuns
{
    /// The runs from the `notKept`-th on (ids[notKept] ...); left out (CompactRuns::leaveOut)
    /// where no row was stored for one.
    CompactRuns runs;
    std::vector<std::int64_t> ids; ///< per run, its row (0: none stored)
    std::vector<char> marked; ///< per run, stored with shares_nodes = 1 (JobRecord::sharesNodes)
    /// The first runs, not kept in memory while they were known to share nothing (see
    /// shareNothing): if they have to be swept after all, they are read back from their rows.
    std::size_t notKept = 0;
    std::int64_t storedBefore = 0; ///< the largest job id before the import (0: none)
    /// Known while reading: no two of the runs read hold a node at the same instant (each run, on
    /// each of its nodes, began at or after the end of all runs read before on it, or ended
    /// at or before their start). With no stored job overlapping them, nothing is to be
    /// marked and the runs need not be swept.
    bool shareNothing = false;
};

/// Marks (jobs.shares_nodes = 1) the jobs of a machine running in [from, to) that hold a node
/// another job holds at the same time (core/NodeSharing.h): the jobs with a known start whose
/// run overlaps the span, read from the database, or `added` and the jobs stored before them.
/// Marks are only added. Returns the jobs newly marked (with `added`'s rows stored marked).
std::int64_t markJobsSharingNodes(SqliteDatabase& db, std::int64_t machineId, std::int64_t from, std::int64_t to,
                                  NewRuns* added = nullptr);

} // namespace placement
