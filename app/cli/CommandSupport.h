#pragma once

#include <QString>

#include <string>

/// Helpers the CLI's commands share.

/// "--policy" help: every allocator policy with its summary.
QString policyHelp();

/// Writes `text` to `path` through `path.partial` and a rename: a failed run leaves no
/// half-written file. Throws std::runtime_error when the file cannot be written.
void writeAtomically(const std::string& path, const std::string& text);
