// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"
#include "importers/LocalTime.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

// Value layouts that sacct and jobcomp/filetxt share (docs/formats/slurm-sacct.md, docs/formats/slurm-jobcomp.md).

namespace placement {

class NodeListResolver;

/// "[D-][[H:]M:]S" with an optional ".frac" on the seconds (sacct Elapsed/Timelimit, parsed as
/// Open XDMoD does), in whole seconds; nullopt for anything else.
std::optional<std::int64_t> parseSlurmDuration(std::string_view text);

/// "exit:signal": the exit status, or 128 + signal when a signal ended the job, as a shell
/// reports it; nullopt for anything else.
std::optional<int> parseSlurmExitCode(std::string_view text);

/// A Slurm time as epoch seconds: a local wall-clock time "YYYY-MM-DDTHH:MM:SS" in `zone`;
/// the same with an explicit offset ("+01:00", "+0100", "Z"), which needs no zone; or Unix
/// seconds (SLURM_TIME_FORMAT=%s). `epoch` is unset for the values Slurm prints for no time
/// ("Unknown", "unknown", "None", empty); `valid` is false for anything else.
struct SlurmTime
{
    bool valid = false;
    std::optional<std::int64_t> epoch;
    /// Of a local time in a zone with transitions: Ambiguous (`epoch` the earlier instant,
    /// `later` the other) or Nonexistent (in the gap when the clocks go forward).
    LocalTimeZone::Conversion::Kind kind = LocalTimeZone::Conversion::Unique;
    std::int64_t later = 0;
};
SlurmTime parseSlurmTime(std::string_view text, const LocalTimeZone& zone);

/// ImportOptions::timeZone, else ImportOptions::utcOffsetSeconds. Throws
/// std::invalid_argument for a zone the system's database does not have.
LocalTimeZone slurmTimeZone(const ImportOptions& options);

/// A record's Submit, Eligible, Start and End (`texts`, named `names` in messages) and
/// Elapsed (empty when not logged) into `job`. Elapsed picks between the readings of an
/// ambiguous local Start or End, gives a finished job's run time (ImportedJob::runTime),
/// its end or start where only one is logged, and its end where End (not before Start) -
/// Start contradicts it by a whole number of quarter hours (a zone offset). Returns the
/// rejection (a bad or
/// nonexistent time, end before start), else nullopt; `warning` gets the category and
/// detail of what was decided in doubt (an ambiguous time Elapsed did not settle, an end
/// taken from Elapsed), or stays empty.
std::optional<LineOutcome> assignSlurmTimes(const std::array<std::string_view, 4>& texts,
                                            const std::array<std::string_view, 4>& names, std::string_view elapsed,
                                            const LocalTimeZone& zone, ImportedJob& job,
                                            std::pair<std::string, std::string>& warning);

/// Expands a NodeList hostlist into job.nodeNames (duplicates removed) and checks it against
/// the record's node count (`nodeCount` < 0: not given): the cross-check of docs/formats/README.md
/// rule 5. Returns the rejection, or nullopt when the list is good. With a `resolver`, the
/// list goes into job.nodes and job.unknownNodeNames instead (the same checks).
std::optional<LineOutcome> assignSlurmNodeList(std::string_view expression, int nodeCount, std::string_view countName,
                                               ImportedJob& job, NodeListResolver* resolver = nullptr);

} // namespace placement
