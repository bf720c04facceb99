// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"

#include <string>
#include <unordered_set>

namespace placement {

/// TORQUE / PBS accounting records (docs/formats/torque-accounting.md):
/// "MM/DD/YYYY HH:MM:SS;<type>;<job id>;<key=value ...>". Every E (end) record is one run
/// with its exec_host placement; Q, S, D, A, R, ... records are counted and skipped. Times
/// come from the epoch attributes, never from the local record stamp.
class TorqueParser : public JobLogParser
{
public:
    LineOutcome parseLine(const LogLine& line) override;

    /// Whether a line looks like an accounting record: "MM/DD/YYYY HH:MM:SS;" (detectLogFormat).
    static bool recognises(std::string_view line);

    /// "81234.head.example.org" -> "81234"; arrays "81260[3].server" and "81260-3" -> "81260_3",
    /// sacct's spelling. Ids that do not start with a digit ("Moab.77") stay as they are.
    static std::string normalisedJobId(std::string_view id);

private:
    /// Ids with a D (deleted) record whose E record has not come yet: that E is a cancellation.
    std::unordered_set<std::string> m_deleted;
};

} // namespace placement
