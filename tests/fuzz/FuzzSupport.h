// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedJob.h"
#include "importers/JobLogParser.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

// Shared by the libFuzzer targets (docs/fuzzing.md). A target reports a logic bug by
// aborting: libFuzzer then saves the input that broke the invariant as a crash.

namespace placement::test {

/// Prints `what`, the failed condition and where, then aborts.
[[noreturn]] void fuzzFailure(const char* file, int line, const char* condition, const std::string& what);

#define FUZZ_CHECK(condition, what)                                                                                    \
    do {                                                                                                               \
        if (!(condition))                                                                                              \
            ::placement::test::fuzzFailure(__FILE__, __LINE__, #condition, (what));                                    \
    } while (false)

inline std::string_view textOf(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

/// `text` quoted for a message, control bytes escaped, cut after 300 characters.
std::string printable(std::string_view text);

/// " (job <describe(job)> from line <line>)", for messages.
std::string jobContext(const ImportedJob& job, std::string_view line);

/// Calls `visit` with every line of `input` as LineReader yields them from a file: split at
/// "\n", a "\r" before it dropped, a last line without "\n" not terminated, nothing after a
/// final "\n". Line numbers are 1-based.
void forEachLine(std::string_view input, const std::function<void(const LogLine&, std::size_t)>& visit);

/// Checks that hold for every job of every format (ImportedJob.h, docs/formats/README.md): an id,
/// node names unique and non-empty, an allocated node count that matches them, counts of -1
/// or more, an upper-case state, no end before the start. Also runs describe() on it.
void checkCommonInvariants(const ImportedJob& job, std::string_view line);

using JobCheck = std::function<void(const ImportedJob& job, std::string_view line)>;

/// Feeds `input` line by line to `parser`, checks every outcome's shape, and every job with
/// checkCommonInvariants and then `check`. Returns the number of jobs.
std::size_t feedLines(JobLogParser& parser, std::string_view input, const JobCheck& check);

/// Whether `text` is digits, optionally followed by `separators`[i] and more digits
/// ("4711", "4711_3", "4711+1").
bool isJobIdLike(std::string_view text, std::string_view separators);

/// An upper bound of the node names the hostlist expressions in `input` can expand to: every
/// bracket group's range count, multiplied within a run of text between hostlist separators
/// (',', ' ', TAB) or lines, summed over the runs. Cheap, and at least the names
/// expandHostlist builds for the fields of the input: an over-estimate only skips an input.
std::size_t hostlistNamesBound(std::string_view input);

/// The parsers expand a record's node list up to expandHostlist's default cap of 1,000,000
/// names, by design: a few such records take longer than libFuzzer's -timeout under ASan.
/// Targets that parse node lists skip (return -1 for) inputs above this many names, so that
/// what they report are bugs rather than that cost; fuzz_hostlist covers the cap itself.
constexpr std::size_t expansionBudget = 50'000;

/// Checks an ImportError of a file read all or nothing: it names `path`, and a line of
/// `input` (or 0 for the whole file, or the line after the last for a read error).
void checkImportError(const ImportError& error, const std::string& path, std::string_view input);

/// Writes `data` to this process's scratch file (in /dev/shm when it can, else $TMPDIR or
/// /tmp) and returns its path. The file is removed when the process exits.
const std::string& writeScratchFile(std::string_view data);

} // namespace placement::test
