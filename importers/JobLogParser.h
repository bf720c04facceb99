// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/ImportedJob.h"

#include <string>
#include <string_view>
#include <utility>

namespace placement {

/// What one line of a job log turned out to be.
struct LineOutcome
{
    enum class Kind {
        Nothing, ///< blank, comment or header line
        Job, ///< `job` holds a record
        Ignored, ///< not a job run (a step, a non-terminal event); `category` says which kind
        Rejected, ///< malformed; `category` is the stable reason, `detail` the specifics
    };
    Kind kind = Kind::Nothing;
    ImportedJob job;
    std::string category;
    std::string detail;

    static LineOutcome nothing() { return {}; }
    static LineOutcome accept(ImportedJob&& job) { return {Kind::Job, std::move(job), {}, {}}; }
    static LineOutcome ignore(std::string kind) { return {Kind::Ignored, {}, std::move(kind), {}}; }
    static LineOutcome reject(std::string category, std::string detail = {})
    {
        return {Kind::Rejected, {}, std::move(category), std::move(detail)};
    }
};

/// One line of a job log as a parser sees it.
struct LogLine
{
    std::string_view text; ///< without the line end
    /// False for a last line that ended without "\n". Formats whose writers always end records
    /// with a newline (append-only scheduler logs) reject such a line as "truncated last line".
    bool terminated = true;
};

/// Turns the lines of one file of one format into records, one line at a time, keeping what
/// it learnt from earlier lines (header, column layout, time base).
class JobLogParser
{
public:
    virtual ~JobLogParser() = default;
    virtual LineOutcome parseLine(const LogLine& line) = 0;
};

} // namespace placement
