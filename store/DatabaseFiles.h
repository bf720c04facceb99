// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>

namespace placement {

/// Whether a database lives at `path`: the file itself, or a journal SQLite keeps beside it
/// (`-wal`, `-shm`, `-journal`). A database renamed onto a path whose old `-wal` is still
/// there would be read through that log, and come out corrupt.
bool databaseFilesExist(const std::string& path);

/// Creates an empty file beside `path` under a name no other file has (`path.new-XXXXXX`)
/// and returns its name: a database is built there and published with publishNewDatabase.
/// Throws StoreError naming `path` when the folder cannot take it.
std::string newFileBeside(const std::string& path);

/// Renames the finished database `built` (closed, no journal left) to `path` in one step,
/// unless a database lives at `path` already: a user's file is never replaced. Throws
/// StoreError naming `path`; `built` is then left where it was, for the caller to remove.
void publishNewDatabase(const std::string& built, const std::string& path);

/// Removes a database that was being built and its journals; never throws.
void removeUnfinishedDatabase(const std::string& built);

} // namespace placement
