// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedJob.h"

#include <functional>
#include <optional>
#include <string>

namespace placement {

/// Guesses a job log's format from its first lines (plain or .gz); nullopt if none fits.
/// Throws ImportError if the file cannot be opened.
std::optional<LogFormat> detectLogFormat(const std::string& path);

class LineReader;

/// detectLogFormat from the lines `reader` gives (it reads up to 64 of them).
std::optional<LogFormat> detectLogFormat(LineReader& reader);

/// Streams `path` (plain or .gz) through the parser for `format`, passing every job run to
/// `sink` in file order. Rejected lines become issues (docs/formats/README.md rule 4: reject, do
/// not shift); strict mode stops at the first. A read error part-way (a cut .gz) is the last
/// issue. Throws ImportError if the file cannot be opened.
ImportSummary parseJobLog(const std::string& path, LogFormat format, const ImportOptions& options,
                          const std::function<void(ImportedJob&&)>& sink);
/// parseJobLog from the lines `reader` gives, named reader.path() in issues.
ImportSummary parseJobLog(LineReader& reader, LogFormat format, const ImportOptions& options,
                          const std::function<void(ImportedJob&&)>& sink);

} // namespace placement
