// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/Store.h"

#include <span>
#include <string>
#include <vector>

namespace placement {

/// The rows of one insert: jobs in file order and their node lists as stored.
struct JobBatch
{
    std::span<const JobRecord> records;
    /// By index: the node list of each record that was not encoded before (!nodesEncoded).
    const std::vector<std::string>* encodedHere = nullptr;
};

/// The pointer type that sqlite3_bind_pointer tags a JobBatch* with.
inline constexpr const char* JobBatchPointerType = "placement_job_batch";

/// Registers `placement_job_batch(?)` on a connection: a table-valued function whose rows are
/// the jobs of the JobBatch bound to its argument, with the columns of the jobs table that
/// come from a JobRecord (job_ref ... nodes_incomplete, source_line). One
///     INSERT INTO jobs (...) SELECT ... FROM placement_job_batch(?1)
/// inserts a whole batch in one run of one statement, so that SQLite opens its cursors on the
/// table and its indices, starts and ends the statement, once per batch instead of once per
/// job (25% of the writer thread's instructions in a million-job import; docs/benchmarks.md).
/// Text left empty is stored as NULL, the job id excepted; an absent optional value or a
/// negative count as NULL.
void registerJobBatchTable(SqliteDatabase& db);

} // namespace placement
