// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobImport.h"

#include <string>

namespace placement {

/// Imports scheduler logs into the database at `path`, the one way the command line and the
/// explorer import. An existing database gets the whole import in one transaction (readers
/// keep reading meanwhile). A new one is built under a private name beside `path` and renamed
/// into place only when the import is committed (store/DatabaseFiles.h): a failed, refused or
/// cancelled import leaves no file. Throws what the import throws (ImportError, StoreError),
/// its message naming `path`, with " (no database was created)" for a new one.
ImportResult importIntoDatabase(const std::string& path, const ImportRequest& request);

} // namespace placement
