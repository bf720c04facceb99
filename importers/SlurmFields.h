// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobLogParser.h"

#include <cstdint>
#include <optional>
#include <string_view>

// Value layouts that sacct and jobcomp/filetxt share (docs/formats/slurm-sacct.md, docs/formats/slurm-jobcomp.md).

namespace placement {

class NodeListResolver;

/// "[D-][[H:]M:]S" with an optional ".frac" on the seconds (sacct Elapsed/Timelimit, parsed as
/// Open XDMoD does), in whole seconds; nullopt for anything else.
std::optional<std::int64_t> parseSlurmDuration(std::string_view text);

/// "exit:signal": the exit status, or 128 + signal when a signal ended the job, as a shell
/// reports it; nullopt for anything else.
std::optional<int> parseSlurmExitCode(std::string_view text);

/// A local wall-clock time "YYYY-MM-DDTHH:MM:SS" as epoch seconds. `unset` is true for the
/// values Slurm prints for no time ("Unknown", "unknown", "None", empty).
struct SlurmTime
{
    bool valid = false;
    std::optional<std::int64_t> epoch;
};
SlurmTime parseSlurmTime(std::string_view text, std::int64_t utcOffsetSeconds);

/// Expands a NodeList hostlist into job.nodeNames (duplicates removed) and checks it against
/// the record's node count (`nodeCount` < 0: not given): the cross-check of docs/formats/README.md
/// rule 5. Returns the rejection, or nullopt when the list is good. With a `resolver`, the
/// list goes into job.nodes and job.unknownNodeNames instead (the same checks).
std::optional<LineOutcome> assignSlurmNodeList(std::string_view expression, int nodeCount, std::string_view countName,
                                               ImportedJob& job, NodeListResolver* resolver = nullptr);

} // namespace placement
