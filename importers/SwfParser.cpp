// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SwfParser.h"

#include "importers/TextFields.h"

#include <array>
#include <cmath>
#include <unordered_map>

namespace placement {
namespace {

constexpr std::size_t fieldCount = 18;

// docs/formats/swf.md "Fields", in file order.
constexpr std::array<const char*, fieldCount> fieldNames = {
    "job number",
    "submit time",
    "wait time",
    "run time",
    "allocated processors",
    "average CPU time",
    "used memory",
    "requested processors",
    "requested time",
    "requested memory",
    "status",
    "user",
    "group",
    "executable",
    "queue",
    "partition",
    "preceding job",
    "think time",
};

enum Field {
    JobNumber = 0,
    SubmitTime = 1,
    WaitTime = 2,
    RunTime = 3,
    AllocatedProcessors = 4,
    RequestedProcessors = 7,
    RequestedTime = 8,
    Status = 10,
    User = 11,
    Queue = 14,
};

// Larger magnitudes cannot be seconds or processor counts; they would also overflow llround.
constexpr double largestValue = 1e15;

std::string fieldLabel(std::size_t index)
{
    return "field " + std::to_string(index + 1) + " " + fieldNames[index];
}

// docs/formats/swf.md field 11.
std::string stateOfStatus(int status)
{
    switch (status) {
    case 0: return "FAILED";
    case 1: return "COMPLETED";
    case 2: return "PARTIAL";
    case 3: return "PARTIAL_COMPLETED";
    case 4: return "PARTIAL_FAILED";
    case 5: return "CANCELLED";
    default: return {};
    }
}

} // namespace

bool SwfParser::recognises(std::string_view line)
{
    const std::string_view text = trimmed(line);
    if (!text.empty() && text.front() == ';')
        return true;
    const std::vector<std::string_view> tokens = splitWhitespace(text);
    if (tokens.size() < fieldCount)
        return false;
    for (std::size_t i = 0; i < fieldCount; ++i)
        if (!parseDecimal(tokens[i]))
            return false;
    return true;
}

LineOutcome SwfParser::parseLine(const LogLine& line)
{
    const std::string_view text = trimmed(line.text);
    if (text.empty())
        return LineOutcome::nothing();
    if (text.front() == ';')
        return parseHeader(text.substr(1));
    return parseJob(text);
}

LineOutcome SwfParser::parseHeader(std::string_view comment)
{
    const std::size_t colon = comment.find(':');
    if (colon == std::string_view::npos)
        return LineOutcome::nothing();
    if (!equalsIgnoringCase(trimmed(comment.substr(0, colon)), "UnixStartTime"))
        return LineOutcome::nothing();
    const std::string_view value = trimmed(comment.substr(colon + 1));
    const std::optional<std::int64_t> start = parseInteger(value);
    // The same bound as the fields it is added to, so that base + submit + wait + run fits.
    if (!start || *start < -largestValue || *start > largestValue)
        return LineOutcome::reject("bad header value", "UnixStartTime '" + std::string(value) + "'");
    // Applies to the lines after it, so concatenated archive files keep their own bases.
    m_unixStartTime = *start;
    return LineOutcome::nothing();
}

LineOutcome SwfParser::parseJob(std::string_view text)
{
    const std::vector<std::string_view> tokens = splitWhitespace(text);
    const bool hasHostList = tokens.size() > fieldCount && tokens[fieldCount].front() == '{';
    if (tokens.size() < fieldCount || (tokens.size() > fieldCount && !hasHostList))
        return LineOutcome::reject("wrong field count", std::to_string(tokens.size()) + ", expected 18");
    if (tokens.size() > fieldCount + 3)
        return LineOutcome::reject("wrong field count",
                                   std::to_string(tokens.size()) + ", expected 18, or 19 to 21 with a host list");

    std::array<double, fieldCount> values{};
    for (std::size_t i = 0; i < fieldCount; ++i) {
        const std::optional<double> value = parseDecimal(tokens[i]);
        if (!value)
            return LineOutcome::reject("non-numeric field", fieldLabel(i) + " '" + std::string(tokens[i]) + "'");
        // Every SWF field is a count, a time, an id or a code: -1 is the only negative value
        // (docs/formats/swf.md). wagap-2013.swf jobs 4185 and 4199 have run times near -1.36e9.
        if (*value < 0 && *value != -1)
            return LineOutcome::reject("negative value", fieldLabel(i) + " " + std::string(tokens[i]));
        if (*value > largestValue)
            return LineOutcome::reject("value out of range", fieldLabel(i) + " " + std::string(tokens[i]));
        values[i] = *value;
    }
    if (!isDigits(tokens[JobNumber]))
        return LineOutcome::reject("bad job number", std::string(tokens[JobNumber]));
    for (const Field countField : {AllocatedProcessors, RequestedProcessors, Status})
        if (values[countField] != std::floor(values[countField]) || values[countField] > 2e9)
            return LineOutcome::reject("non-integer count",
                                       fieldLabel(countField) + " " + std::string(tokens[countField]));
    const int status = static_cast<int>(values[Status]);
    if (status > 5)
        return LineOutcome::reject("unknown status", std::string(tokens[Status]));

    const auto known = [&](Field field) { return values[field] != -1; };
    const auto seconds = [&](Field field) { return static_cast<std::int64_t>(std::llround(values[field])); };

    ImportedJob job;
    job.id = std::string(tokens[JobNumber]);
    if (known(SubmitTime))
        job.submit = m_unixStartTime + seconds(SubmitTime);
    if (job.submit && known(WaitTime))
        job.start = *job.submit + seconds(WaitTime);
    // A job cancelled before it started has status 5, wait -1 and run time 0
    // (docs/formats/swf.md): it never ran. Any other known run time is a run, also when its
    // wait is unknown.
    if (known(RunTime) && !(status == 5 && !known(WaitTime) && seconds(RunTime) == 0))
        job.runTime = seconds(RunTime);
    if (job.start && known(RunTime))
        job.end = *job.start + seconds(RunTime);
    if (known(RequestedTime))
        job.timeLimit = seconds(RequestedTime);
    job.allocatedCpus = static_cast<int>(values[AllocatedProcessors]);
    job.requestedCpus = static_cast<int>(values[RequestedProcessors]);
    job.state = stateOfStatus(status);
    if (known(User))
        job.user = std::string(tokens[User]);
    if (known(Queue))
        job.partition = std::string(tokens[Queue]);

    if (hasHostList) {
        const std::string_view list = tokens[fieldCount];
        if (list.size() < 2 || list.back() != '}')
            return LineOutcome::reject("bad host list", "no closing '}'");
        const std::string_view inner = list.substr(1, list.size() - 2);
        const std::vector<std::string_view> entries
            = inner.empty() ? std::vector<std::string_view>{} : splitAll(inner, ",");
        UniqueNames hosts;
        // A host named k times held k of the job's processors (README §2): wagap gives CPUs,
        // not whole nodes, and several jobs run on one host at once.
        std::unordered_map<std::string_view, std::size_t> position;
        for (const std::string_view entry : entries) {
            if (entry.empty() || entry.find_first_of("{}") != std::string_view::npos)
                return LineOutcome::reject("bad host list", "empty or malformed entry");
            const auto [at, added] = position.emplace(entry, job.nodeCpus.size());
            if (added) {
                hosts.add(entry);
                job.nodeCpus.push_back(1);
            } else {
                ++job.nodeCpus[at->second];
            }
        }
        // One entry per allocated processor (tests/data/traces/README.md §2, checked on all 17,900 jobs).
        if (known(AllocatedProcessors) && entries.size() != static_cast<std::size_t>(job.allocatedCpus))
            return LineOutcome::reject("host list length mismatch",
                                       std::to_string(entries.size()) + " entries, " + std::to_string(job.allocatedCpus)
                                           + " allocated processors");
        job.allocatedNodes = static_cast<int>(hosts.size());
        job.nodeNames = hosts.take();
        if (tokens.size() > fieldCount + 1)
            job.partition = std::string(tokens[fieldCount + 1]);
    }
    return LineOutcome::accept(std::move(job));
}

} // namespace placement
