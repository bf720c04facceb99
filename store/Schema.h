#pragma once

namespace placement {

class SqliteDatabase;

/// The schema version this program writes.
constexpr int CurrentSchemaVersion = 6;

/// Takes a database from `version` - 1 to `version` (1 .. CurrentSchemaVersion), inside the
/// caller's transaction.
void migrateSchema(SqliteDatabase& db, int version);

} // namespace placement
