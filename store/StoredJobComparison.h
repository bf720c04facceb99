// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/Store.h"

#include <string>
#include <vector>

namespace placement {

/// The columns of `jobs` that StoredJobComparison reads, in this order, after `id`,
/// `source_id` and `source_line` (columns 0 to 2 of the query).
inline constexpr const char* StoredJobColumns
    = "user, submit, end, name, account, partition, qos, state, exit_code, eligible, time_limit, requested_nodes, "
      "requested_cpus, allocated_cpus, nodes, nodes_incomplete";

/// How a job of an import compares with the stored job of the same identity (a row of a
/// query selecting `id, source_id, source_line, ` StoredJobColumns).
struct StoredJobComparison
{
    StoredJobComparison(const SqliteStatement& stored, const JobRecord& record, const std::string& nodeBlob);

    /// Fields whose values differ, as "field (stored value, new value)".
    std::vector<std::string> differences;
    /// Whether the record has values the stored job lacks (NULL there).
    bool addsValues = false;
    /// Whether the stored run had not ended when it was logged (RUNNING, PENDING, ...).
    bool storedNotEnded = false;

    bool identical() const { return differences.empty() && !addsValues; }
};

/// "user = ?2, submit = ?3, ..., nodes_incomplete = ?17": the columns of StoredJobColumns set
/// to parameters ?2 .. ?17, for an UPDATE of `jobs`; with `keepStored`, each column keeps its
/// stored value unless that is NULL ("user = coalesce(user, ?2), ...").
std::string storedJobAssignments(bool keepStored);

/// Binds a record's values as ?2 .. ?17 of an UPDATE made with storedJobAssignments().
void bindStoredJobValues(SqliteStatement& update, const JobRecord& record, const std::string& nodeBlob);

} // namespace placement
