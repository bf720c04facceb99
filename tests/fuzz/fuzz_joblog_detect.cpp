// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// detectLogFormat and parseJobLog (importers/JobLog.h) end to end: each input is written to
// this process's scratch file, its format guessed, and the file parsed as that format, once
// leniently and once strictly. Unless the input is gzip data, the result must equal the
// detected format's parser fed the same lines in memory: this checks LineReader and the
// summary bookkeeping as well as the parsers.

#include "importers/JobLog.h"
#include "importers/JobcompParser.h"
#include "importers/MoabParser.h"
#include "importers/SacctParser.h"
#include "importers/SwfParser.h"
#include "importers/TorqueParser.h"
#include "tests/fuzz/FuzzSupport.h"

#include <memory>
#include <utility>

using namespace placement;
using namespace placement::test;

namespace {

std::unique_ptr<JobLogParser> parserFor(LogFormat format, const ImportOptions& options)
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

struct Result
{
    ImportSummary summary;
    std::vector<std::pair<std::size_t, std::string>> jobs; ///< line and describe(job)
};

Result parseFile(const std::string& path, LogFormat format, const ImportOptions& options)
{
    Result result;
    std::size_t previousLine = 0;
    result.summary = parseJobLog(path, format, options, [&](ImportedJob&& job) {
        checkCommonInvariants(job, {});
        FUZZ_CHECK(job.line > previousLine, "jobs out of line order at line " + std::to_string(job.line));
        previousLine = job.line;
        result.jobs.emplace_back(job.line, describe(job));
    });
    const ImportSummary& summary = result.summary;
    FUZZ_CHECK(summary.jobsParsed == result.jobs.size(), "jobsParsed differs from the jobs passed on");
    FUZZ_CHECK(previousLine <= summary.linesRead, "a job after the last line read");
    FUZZ_CHECK(summary.issues.size() == std::min(summary.rejectedLines(), ImportSummary::maxStoredIssues),
               "issues and rejected line counts differ");
    for (const ImportIssue& issue : summary.issues) {
        FUZZ_CHECK(issue.file == path, "an issue naming " + printable(issue.file));
        FUZZ_CHECK(issue.line >= 1 && issue.line <= summary.linesRead + 1,
                   "an issue on line " + std::to_string(issue.line) + " of " + std::to_string(summary.linesRead));
        FUZZ_CHECK(!issue.reason.empty(), "an issue without a reason");
    }
    FUZZ_CHECK(!summary.cancelled, "cancelled without a progress callback");
    return result;
}

/// What parseJobLog must make of `input` when it reads it as plain text.
Result parseInMemory(std::string_view input, LogFormat format, const ImportOptions& options)
{
    Result result;
    const std::unique_ptr<JobLogParser> parser = parserFor(format, options);
    forEachLine(input, [&](const LogLine& line, std::size_t number) {
        ++result.summary.linesRead;
        const LineOutcome outcome = parser->parseLine(line);
        if (outcome.kind == LineOutcome::Kind::Job) {
            ++result.summary.jobsParsed;
            result.jobs.emplace_back(number, describe(outcome.job));
        } else if (outcome.kind == LineOutcome::Kind::Ignored) {
            ++result.summary.ignoredByKind[outcome.category];
        } else if (outcome.kind == LineOutcome::Kind::Rejected) {
            // parseJobLog files any complaint about a cut last line under that.
            ++result.summary.skippedByReason[line.terminated ? outcome.category : "truncated last line"];
        }
    });
    return result;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input = textOf(data, size);
    if (hostlistNamesBound(input) > expansionBudget)
        return -1; // costly by design, see FuzzSupport.h
    const std::string& path = writeScratchFile(input);
    const std::optional<LogFormat> format = detectLogFormat(path);
    if (!format)
        return 0;
    const std::string name = logFormatName(*format);
    ImportOptions options;
    const Result lenient = parseFile(path, *format, options);
    FUZZ_CHECK(!lenient.summary.stoppedAtStrictError, "a lenient " + name + " import stopped");

    // Strict mode stops at the first rejected line, with the lenient run's jobs before it.
    options.strict = true;
    const Result strict = parseFile(path, *format, options);
    const std::size_t rejected = lenient.summary.rejectedLines();
    FUZZ_CHECK(strict.summary.stoppedAtStrictError == (rejected > 0), "strict " + name + " import stop");
    if (rejected > 0) {
        FUZZ_CHECK(strict.summary.rejectedLines() == 1, "a strict " + name + " import went past an issue");
        FUZZ_CHECK(strict.summary.issues.front().line == lenient.summary.issues.front().line,
                   "a strict " + name + " import stopped elsewhere");
        const std::size_t stop = lenient.summary.issues.front().line;
        std::vector<std::pair<std::size_t, std::string>> before;
        for (const auto& job : lenient.jobs)
            if (job.first < stop)
                before.push_back(job);
        FUZZ_CHECK(strict.jobs == before, "a strict " + name + " import returned other jobs");
    } else {
        FUZZ_CHECK(strict.jobs == lenient.jobs, "strict and lenient " + name + " imports differ");
    }

    // zlib reads gzip data transparently: only plain text can be compared line by line.
    if (input.size() >= 2 && input[0] == '\x1f' && input[1] == '\x8b')
        return 0;
    const Result memory = parseInMemory(input, *format, ImportOptions());
    FUZZ_CHECK(lenient.summary.linesRead == memory.summary.linesRead, name + " lines read differ");
    FUZZ_CHECK(lenient.jobs == memory.jobs, name + " jobs differ from the parser's in memory");
    FUZZ_CHECK(lenient.summary.skippedByReason == memory.summary.skippedByReason, name + " rejections differ");
    FUZZ_CHECK(lenient.summary.ignoredByKind == memory.summary.ignoredByKind, name + " ignored lines differ");
    return 0;
}
