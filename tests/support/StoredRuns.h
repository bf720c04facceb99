// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/SqliteDatabase.h"
#include "store/Store.h"

#include <map>
#include <string>

namespace placement::test {

/// Every stored run of a database by name: its sweep point id and every placement (job,
/// start, end, nodes), to compare the runs of two databases field by field.
inline std::map<std::string, std::string> storedRuns(const std::string& database)
{
    Store store = Store::openExisting(database);
    SqliteStatement query(
        store.database(),
        "SELECT r.name, json_extract(r.parameters, '$.sweep_point'), "
        "(SELECT group_concat(p.job_id || ':' || p.start || '-' || p.end || ':' || hex(p.nodes), ';') "
        " FROM (SELECT * FROM placements WHERE run_id = r.id ORDER BY job_id) p) "
        "FROM runs r ORDER BY r.name");
    std::map<std::string, std::string> runs;
    while (query.step())
        runs[query.text(0)] = query.text(1) + "|" + query.text(2);
    return runs;
}

} // namespace placement::test
