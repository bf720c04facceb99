// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"
#include "importers/NodeListResolver.h"

#include <cstdint>
#include <memory>

namespace placement {

/// Slurm jobcomp/filetxt lines (docs/formats/slurm-jobcomp.md): "Key=Value" tokens separated by single
/// spaces, one job allocation per line, ending with " \n". Parsed by key, not position, so
/// files of older Slurm versions with fewer keys work too. Times are slurmctld's local wall
/// clock, shifted by ImportOptions::utcOffsetSeconds.
class JobcompParser : public JobLogParser
{
public:
    explicit JobcompParser(const ImportOptions& options);
    LineOutcome parseLine(const LogLine& line) override;

    /// Whether a line looks like a jobcomp record: it starts with "JobId=" (detectLogFormat).
    static bool recognises(std::string_view line);

private:
    std::int64_t m_utcOffset = 0;
    std::unique_ptr<NodeListResolver> m_resolver; ///< with ImportOptions::nodeIndex
};

} // namespace placement
