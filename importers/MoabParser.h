// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"

#include <vector>

namespace placement {

/// Moab workload event records (`stats/events.*`) and Maui version-230 workload traces
/// (docs/formats/moab-workload.md). Terminal job events (JOBEND, JOBCANCEL, JOBFAILURE) and Maui trace
/// lines become records; other events and objects are counted and skipped.
///
/// The field numbering differs between Moab's documentation (allocated host list in field 42,
/// after a network-adapter field 17), Moab 9's source (41, no adapter field) and Maui (38, no
/// event prefix). The layout is decided once per file from where the memory-comparison
/// operator sits (field 20 or 19), never assumed.
class MoabParser : public JobLogParser
{
public:
    enum class Layout {
        Unknown,
        Documented, ///< Moab 5-9.1 documentation: host list field 42
        Source, ///< Moab 9 source (MJobToTString): host list field 41
        Maui, ///< Maui 3.x trace version 230: host list field 38
    };

    LineOutcome parseLine(const LogLine& line) override;

    /// Whether a line looks like a Moab event record, a Maui "VERSION n" marker or a Maui
    /// trace line (detectLogFormat).
    static bool recognises(std::string_view line);

    Layout layout() const { return m_layout; }
    /// 1-based field of the allocated host list in this file's own numbering; 0 while unknown.
    int hostListField() const;
    /// The same for any layout: 42, 41 or 38; 0 for Unknown.
    static int hostListFieldOf(Layout layout);

private:
    /// The record in Documented numbering: `fields[d]` is documented field d (index 0 unused).
    struct Record
    {
        std::vector<std::string_view> fields;
        std::size_t tokenOffset = 0; ///< fields.size() minus the line's token count
        Layout layout = Layout::Unknown;
    };
    LineOutcome parseRecord(const Record& record) const;

    Layout m_layout = Layout::Unknown;
};

} // namespace placement
