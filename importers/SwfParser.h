// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"

#include <cstdint>

namespace placement {

/// Standard Workload Format lines (docs/formats/swf.md): 18 whitespace-separated numeric fields, `-1` for
/// unknown, `;` comments whose `; UnixStartTime:` header gives the epoch of time 0. Also reads
/// the Alea extension of wagap-2013.swf (tests/data/traces/README.md §2): field 19 `{h1,h2,...}` with one
/// host id per allocated processor, field 20 the queue name, field 21 the PBS node spec.
class SwfParser : public JobLogParser
{
public:
    LineOutcome parseLine(const LogLine& line) override;

    /// Whether a line looks like SWF: a `;` comment or 18 numbers first (detectLogFormat).
    static bool recognises(std::string_view line);

    /// The time base of the lines that follow; 0 until a header sets it.
    std::int64_t unixStartTime() const { return m_unixStartTime; }

private:
    LineOutcome parseHeader(std::string_view comment);
    LineOutcome parseJob(std::string_view text);

    std::int64_t m_unixStartTime = 0;
};

} // namespace placement
