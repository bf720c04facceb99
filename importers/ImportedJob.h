// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace placement {

class NodeNameIndex;

/// The job log formats parseJobLog() reads; the format notes in docs/formats/ (docs/formats/swf.md,
/// docs/formats/slurm-sacct.md, ...) describe each.
enum class LogFormat { Sacct, Jobcomp, Moab, Torque, Swf };

/// "sacct", "jobcomp", "moab", "torque", "swf": for messages and command lines.
const char* logFormatName(LogFormat format);

/// One allocation run of one job, as a log states it. A requeued or rerun job yields one
/// record per run, because each run may have held different nodes. Unknown values stay unset
/// (std::nullopt, -1 or empty) rather than being guessed.
struct ImportedJob
{
    std::string id; ///< the scheduler's id as text: "4711", array task "4711_3", het component "4711+1"
    std::string name, user, account;
    std::string partition; ///< Slurm partition; PBS queue, Moab class and SWF queue, as Open XDMoD maps them
    std::string qos;
    std::string state; ///< upper case: COMPLETED, FAILED, CANCELLED, TIMEOUT, ...
    /// The exit status; a Slurm "exit:signal" pair becomes 128 + signal when a signal ended the
    /// job (shell convention). PBS Exit_status is kept as written (its conventions vary).
    std::optional<int> exitCode;
    std::optional<std::int64_t> submit, eligible, start, end; ///< Unix epoch seconds, UTC
    /// How long the run lasted, where the log says so: also when its start is unknown (the
    /// cleaned LLNL logs of the Parallel Workloads Archive have no wait times).
    std::optional<std::int64_t> runTime;
    std::optional<std::int64_t> timeLimit; ///< seconds
    int requestedNodes = -1, requestedCpus = -1, allocatedNodes = -1, allocatedCpus = -1;
    std::vector<std::string> nodeNames; ///< expanded, in log order, duplicates removed
    /// Where the log says it: the CPUs the run held on each node of nodeNames (same order),
    /// e.g. an SWF host list that names a host once per CPU. Empty: not per node.
    std::vector<int> nodeCpus;
    /// GPUs the run held in all (sacct AllocTRES gres/gpu=N); -1 unknown.
    int allocatedGpus = -1;
    /// With ImportOptions::nodeIndex (sacct, jobcomp): the node list resolved while parsing,
    /// instead of nodeNames: the machine's nodes in log order, and the names it does not
    /// have, each distinct name once.
    bool nodesResolved = false;
    std::vector<int> nodes;
    std::vector<std::string> unknownNodeNames;
    std::size_t line = 0; ///< 1-based line in the source file

    /// Distinct node names the log gives for the run, resolved or not.
    std::size_t nodeNameCount() const
    {
        return nodesResolved ? nodes.size() + unknownNodeNames.size() : nodeNames.size();
    }
};

/// One line that was not imported, and why. `reason` is short and stable:
/// "<category>" or "<category> (<detail>)", e.g. "wrong field count (17, expected 18)".
struct ImportIssue
{
    std::string file;
    std::size_t line = 0;
    std::string reason;
};

struct ImportOptions
{
    bool strict = false; ///< stop at the first rejected line
    /// Offset of the exporting machine's zone east of UTC (CET: 3600), for formats that write
    /// local wall-clock times without a zone (sacct, jobcomp): epoch = wall clock - offset.
    std::int64_t utcOffsetSeconds = 0;
    /// Instead of utcOffsetSeconds: the IANA time zone of those local times
    /// ("Europe/Berlin"), whose offset follows daylight saving time (importers/LocalTime.h).
    std::string timeZone;
    /// Called regularly with bytes of the file on disk read so far (compressed bytes for .gz)
    /// and the file's size; returning false cancels the import.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
    /// sacct only: the --format field list of a file without a header line. Empty: use the
    /// header, or recognise Open XDMoD's field sets (docs/formats/slurm-sacct.md).
    std::vector<std::string> sacctFields;
    /// sacct only: the --delimiter the file was written with (docs/formats/slurm-sacct.md).
    std::string sacctDelimiter = "|";
    /// sacct and jobcomp: when set, node lists are resolved to this machine's nodes while
    /// parsing (ImportedJob::nodes) instead of being expanded into names: a million jobs of
    /// 18 nodes each are 18 million names otherwise. Must outlive the parse.
    const NodeNameIndex* nodeIndex = nullptr;
    /// With nodeIndex: refuse a node list that names more hosts than the machine has nodes
    /// before expanding it ("node list larger than the machine"). An import sets it; without
    /// it the limit is 1,000,000 names.
    bool nodeListsWithinMachine = false;
};

struct ImportSummary
{
    static constexpr std::size_t maxStoredIssues = 10'000;

    std::size_t linesRead = 0, jobsParsed = 0;
    /// Rejected lines by the stable category of their reason; counts every rejected line.
    std::map<std::string, std::size_t> skippedByReason;
    /// Lines deliberately not imported because they are not job runs (Slurm step lines,
    /// non-terminal Moab events, PBS records other than E), by kind. They are not issues.
    std::map<std::string, std::size_t> ignoredByKind;
    std::vector<ImportIssue> issues; ///< the first maxStoredIssues rejected lines
    /// Lines used but doubtful (LineOutcome::Kind::Warning), the first maxStoredIssues.
    std::vector<ImportIssue> warnings;
    bool cancelled = false, stoppedAtStrictError = false;

    std::size_t rejectedLines() const;
};

/// A job log that cannot be read at all (missing, unreadable, a directory), or a malformed
/// line in a small description file that is read all or nothing. what() names the file.
class ImportError : public std::runtime_error
{
public:
    ImportError(std::string file, std::size_t line, const std::string& reason);
    std::string file;
    std::size_t line; ///< 0 when the problem is not on one line
};

/// One line of text with every set field of `job`, times in ISO 8601 UTC: for logs, command
/// line listings and tests.
std::string describe(const ImportedJob& job);

} // namespace placement
