// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobLog.h"

#include "importers/JobcompParser.h"
#include "importers/LineReader.h"
#include "importers/MoabParser.h"
#include "importers/SacctParser.h"
#include "importers/SwfParser.h"
#include "importers/TorqueParser.h"

#include <memory>

namespace placement {
namespace {

/// Lines looked at by detectLogFormat before giving up: SWF and Moab files may open with
/// comment or non-job lines, but not with many.
constexpr int linesToSniff = 64;

/// How often the progress callback runs: after this many lines or bytes, whichever is first.
constexpr std::size_t linesPerProgressCheck = 1024;
constexpr std::size_t bytesPerProgressCheck = 1024 * 1024;

std::unique_ptr<JobLogParser> makeParser(LogFormat format, const ImportOptions& options)
{
    switch (format) {
    case LogFormat::Sacct: return std::make_unique<SacctParser>(options);
    case LogFormat::Jobcomp: return std::make_unique<JobcompParser>(options);
    case LogFormat::Moab: return std::make_unique<MoabParser>();
    case LogFormat::Torque: return std::make_unique<TorqueParser>();
    case LogFormat::Swf: return std::make_unique<SwfParser>();
    }
    return nullptr;
}

std::string reasonOf(const LineOutcome& outcome)
{
    return outcome.detail.empty() ? outcome.category : outcome.category + " (" + outcome.detail + ")";
}

void recordIssue(ImportSummary& summary, const std::string& path, std::size_t line, const std::string& category,
                 const std::string& reason)
{
    ++summary.skippedByReason[category];
    if (summary.issues.size() < ImportSummary::maxStoredIssues)
        summary.issues.push_back({path, line, reason});
}

} // namespace

std::optional<LogFormat> detectLogFormat(const std::string& path)
{
    LineReader reader(path);
    return detectLogFormat(reader);
}

std::optional<LogFormat> detectLogFormat(LineReader& reader)
{
    LineReader::Line line;
    for (int looked = 0; looked < linesToSniff && reader.next(line); ++looked) {
        if (line.text.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        // The most distinctive openings first: a JobId= key, a PBS record stamp.
        if (JobcompParser::recognises(line.text))
            return LogFormat::Jobcomp;
        if (TorqueParser::recognises(line.text))
            return LogFormat::Torque;
        if (SwfParser::recognises(line.text))
            return LogFormat::Swf;
        if (SacctParser::recognises(line.text))
            return LogFormat::Sacct;
        if (MoabParser::recognises(line.text))
            return LogFormat::Moab;
    }
    return std::nullopt;
}

ImportSummary parseJobLog(const std::string& path, LogFormat format, const ImportOptions& options,
                          const std::function<void(ImportedJob&&)>& sink)
{
    LineReader reader(path);
    return parseJobLog(reader, format, options, sink);
}

ImportSummary parseJobLog(LineReader& reader, LogFormat format, const ImportOptions& options,
                          const std::function<void(ImportedJob&&)>& sink)
{
    const std::string& path = reader.path();
    const std::unique_ptr<JobLogParser> parser = makeParser(format, options);
    ImportSummary summary;
    const auto keepGoing = [&] {
        if (options.progress && !options.progress(reader.bytesRead(), reader.fileSize()))
            summary.cancelled = true;
        return !summary.cancelled;
    };
    if (!keepGoing())
        return summary;

    LineReader::Line line;
    std::size_t linesSinceCheck = 0, bytesSinceCheck = 0;
    while (reader.next(line)) {
        ++summary.linesRead;
        LineOutcome outcome
            = line.overlong ? LineOutcome::reject("line too long") : parser->parseLine({line.text, line.terminated});
        // A cut-off last line explains any other complaint about it.
        if (outcome.kind == LineOutcome::Kind::Rejected && !line.terminated
            && outcome.category != "truncated last line")
            outcome = LineOutcome::reject("truncated last line", reasonOf(outcome));
        switch (outcome.kind) {
        case LineOutcome::Kind::Nothing: break;
        case LineOutcome::Kind::Job:
            outcome.job.line = line.number;
            ++summary.jobsParsed;
            sink(std::move(outcome.job));
            break;
        case LineOutcome::Kind::Ignored: ++summary.ignoredByKind[outcome.category]; break;
        case LineOutcome::Kind::Rejected:
            recordIssue(summary, path, line.number, outcome.category, reasonOf(outcome));
            break;
        }
        if (options.strict && outcome.kind == LineOutcome::Kind::Rejected) {
            summary.stoppedAtStrictError = true;
            break;
        }
        bytesSinceCheck += line.text.size() + 1;
        if (++linesSinceCheck >= linesPerProgressCheck || bytesSinceCheck >= bytesPerProgressCheck) {
            linesSinceCheck = bytesSinceCheck = 0;
            if (!keepGoing())
                break;
        }
    }
    if (!reader.error().empty() && !summary.cancelled && !summary.stoppedAtStrictError) {
        recordIssue(summary, path, summary.linesRead + 1, "unreadable data",
                    "unreadable data (" + reader.error() + ")");
        summary.stoppedAtStrictError = options.strict;
    }
    if (!summary.cancelled && options.progress)
        options.progress(reader.bytesRead(), reader.fileSize());
    return summary;
}

} // namespace placement
