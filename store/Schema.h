// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

namespace placement {

class SqliteDatabase;

/// SQLite's application_id of the databases this program writes ("PlEx"), from version 6 on.
constexpr int ProgramApplicationId = 0x506C4578;

/// The schema version this program writes.
constexpr int CurrentSchemaVersion = 6;

/// Takes a database from `version` - 1 to `version` (1 .. CurrentSchemaVersion), inside the
/// caller's transaction.
void migrateSchema(SqliteDatabase& db, int version);

} // namespace placement
