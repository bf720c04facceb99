// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace placement {

class LineReader;

/// One line of a Slurm configuration file as Slurm's own parser (src/common/parse_config.c)
/// sees it: from an unescaped '#' on a comment, a line ending in an odd number of '\'
/// continues on the next line, then backslash escapes are resolved ("\#" is '#').
struct SlurmConfLine
{
    std::string text;
    std::size_t number = 0; ///< 1-based; the first physical line of a continued line
};

/// The next logical line, or false at the end of the file. Throws ImportError for a line
/// longer than the reader's maximum or a read error.
bool nextSlurmConfLine(LineReader& reader, SlurmConfLine& line);

/// The `Key=Value` pairs of a line, separated by blanks, in order; a value may be
/// double-quoted to hold blanks. Throws ImportError (file `path`, the line's number) for a
/// word without '=' or an unterminated quote.
std::vector<std::pair<std::string, std::string>> slurmConfPairs(const SlurmConfLine& line, const std::string& path);

} // namespace placement
