// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QString>

#include <vector>

namespace placement {

/// Minimum APH values by job size kept on disk between sessions, one file per machine in a
/// cache folder (docs/user-guide.md §2b). The values depend on the machine's spec and
/// on the searches (core/MinimumAph.h, minimumAphSearchVersion): a file records both and is
/// used only when both match. The file is a cache, never the user's data: one that cannot
/// be read whole is ignored, and rewritten with what is known.
namespace MinimumAphFile {

/// The cache folder of this user (QStandardPaths' cache location).
QString defaultDirectory();

/// The file of the machine `machineKey` (its spec) in `directory`.
QString path(const QString& directory, const QString& machineKey);

/// The values stored for `machineKey`: entry n for n nodes, NaN where none is stored; sized
/// `entries`. All NaN when there is no file, or it belongs to another machine or search, or
/// any line of it is malformed.
std::vector<double> load(const QString& directory, const QString& machineKey, size_t entries);

/// Stores `values` (NaN: unknown) with those already in the file, written whole under a
/// temporary name and renamed. Returns false, leaving the old file, if it cannot be written.
bool save(const QString& directory, const QString& machineKey, const std::vector<double>& values);

} // namespace MinimumAphFile

} // namespace placement
