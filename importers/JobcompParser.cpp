// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobcompParser.h"

#include "importers/SlurmFields.h"
#include "importers/TextFields.h"

#include <array>

namespace placement {
namespace {

// Every key written by jobcomp_filetxt.c's JOB_FORMAT (and its array/het/pack additions,
// plus Gres from before 20.11), in the canonical spelling.
enum Key {
    JobId,
    UserId,
    GroupId,
    Name,
    JobState,
    Partition,
    TimeLimit,
    StartTime,
    EndTime,
    NodeList,
    NodeCnt,
    ProcCnt,
    WorkDir,
    ReservationName,
    Tres,
    Gres,
    Account,
    Qos,
    WcKey,
    Cluster,
    SubmitTime,
    EligibleTime,
    ArrayJobId,
    ArrayTaskId,
    HetJobId,
    HetJobOffset,
    PackJobId,
    PackJobOffset,
    DerivedExitCode,
    ExitCode,
    KeyCount
};

constexpr std::array<std::string_view, KeyCount> keyNames = {
    "JobId",     "UserId",          "GroupId",    "Name",          "JobState",        "Partition",
    "TimeLimit", "StartTime",       "EndTime",    "NodeList",      "NodeCnt",         "ProcCnt",
    "WorkDir",   "ReservationName", "Tres",       "Gres",          "Account",         "QOS",
    "WcKey",     "Cluster",         "SubmitTime", "EligibleTime",  "ArrayJobId",      "ArrayTaskId",
    "HetJobId",  "HetJobOffset",    "PackJobId",  "PackJobOffset", "DerivedExitCode", "ExitCode",
};

/// Slurm's reader matches keys case-insensitively (filetxt_jobcomp_process.c).
std::optional<Key> keyOf(std::string_view name)
{
    for (std::size_t i = 0; i < keyNames.size(); ++i)
        if (equalsIgnoringCase(name, keyNames[i]))
            return static_cast<Key>(i);
    return std::nullopt;
}

/// The values of one line by key; a key that appears twice makes the line ambiguous.
struct Record
{
    std::array<std::optional<std::string>, KeyCount> values;
    std::string repeatedKey;

    std::string_view operator[](Key key) const { return values[key] ? std::string_view(*values[key]) : ""; }
    bool has(Key key) const { return values[key].has_value(); }
};

/// Splits "Name=blast db JobState=..." at single spaces. A token joins the previous value when
/// it has no '=' (the unescaped space in "Name=blast db"), or when the previous key is a
/// free-text one (Name, WorkDir) and the token's key is not a jobcomp key ("Name=run x=1").
Record splitRecord(std::string_view text)
{
    Record record;
    std::optional<std::string>* previous = nullptr;
    bool previousIsFreeText = false;
    for (const std::string_view token : splitAll(text, " ")) {
        const std::size_t equals = token.find('=');
        const std::optional<Key> key = equals == std::string_view::npos ? std::nullopt : keyOf(token.substr(0, equals));
        const bool startsValue = key || (equals != std::string_view::npos && !previousIsFreeText);
        if (!startsValue && previous) {
            **previous += ' ';
            **previous += token;
            continue;
        }
        if (!key) {
            previous = nullptr; // an unknown key of another Slurm version: not read
            previousIsFreeText = false;
            continue;
        }
        std::optional<std::string>& slot = record.values[*key];
        if (slot && record.repeatedKey.empty())
            record.repeatedKey = keyNames[*key];
        slot = std::string(token.substr(equals + 1));
        previous = &slot;
        previousIsFreeText = *key == Name || *key == WorkDir;
    }
    return record;
}

/// "cpu=64,mem=250G,node=1,billing=64" -> the value of `name`, or -1.
int tresCount(std::string_view tres, std::string_view name)
{
    for (const std::string_view item : splitAll(tres, ",")) {
        const std::size_t equals = item.find('=');
        if (equals != std::string_view::npos && item.substr(0, equals) == name)
            return parseCount(item.substr(equals + 1)).value_or(-1);
    }
    return -1;
}

} // namespace

JobcompParser::JobcompParser(const ImportOptions& options)
    : m_utcOffset(options.utcOffsetSeconds)
    , m_resolver(options.nodeIndex ? std::make_unique<NodeListResolver>(*options.nodeIndex) : nullptr)
{}

bool JobcompParser::recognises(std::string_view line)
{
    return line.substr(0, 6) == "JobId=";
}

LineOutcome JobcompParser::parseLine(const LogLine& line)
{
    std::string_view text = line.text;
    if (trimmed(text).empty())
        return LineOutcome::nothing();
    // slurmctld writes whole lines; a last line without its "\n" was cut while being written.
    if (!line.terminated)
        return LineOutcome::reject("truncated last line", "no line end");
    if (text.back() == ' ')
        text.remove_suffix(1); // every record ends with " \n"
    if (text.substr(0, 6) != "JobId=")
        return LineOutcome::reject("not a jobcomp record", "no JobId= at the start");
    const Record record = splitRecord(text);
    if (!record.repeatedKey.empty())
        return LineOutcome::reject("repeated key", record.repeatedKey);

    if (!isDigits(record[JobId]))
        return LineOutcome::reject("bad job id", std::string(record[JobId]));
    ImportedJob job;
    job.id = std::string(record[JobId]);
    // Array tasks and het components get sacct's spelling "81240_7" and "90001+0", so one
    // job has one id in both logs.
    const auto compose = [&](Key base, Key index, char separator) -> bool {
        if (!record.has(base) && !record.has(index))
            return true;
        if (!isDigits(record[base]) || !isDigits(record[index]))
            return false;
        job.id = std::string(record[base]) + separator + std::string(record[index]);
        return true;
    };
    if (!compose(ArrayJobId, ArrayTaskId, '_') || !compose(HetJobId, HetJobOffset, '+')
        || !compose(PackJobId, PackJobOffset, '+'))
        return LineOutcome::reject("bad job id", "array or het job keys");

    // "alice(5001)": the name; a bare number when the uid had no name.
    const std::string_view user = record[UserId];
    job.user = std::string(user.substr(0, user.find('(')));
    if (job.user.empty() && user.size() > 2)
        job.user = std::string(user.substr(1, user.size() - 2));
    job.name = std::string(record[Name]);
    job.state = toUpper(record[JobState]);
    job.partition = std::string(record[Partition]);
    job.account = std::string(record[Account]);
    job.qos = std::string(record[Qos]);

    // Minutes in filetxt (seconds only in the JSON variants).
    const std::string_view limit = record[TimeLimit];
    if (!limit.empty() && limit != "UNLIMITED") {
        const std::optional<int> minutes = parseCount(limit);
        if (!minutes)
            return LineOutcome::reject("bad time limit", std::string(limit));
        job.timeLimit = std::int64_t(*minutes) * 60;
    }

    static constexpr Key timeKeys[] = {SubmitTime, EligibleTime, StartTime, EndTime};
    std::optional<std::int64_t>* const targets[] = {&job.submit, &job.eligible, &job.start, &job.end};
    for (std::size_t i = 0; i < std::size(timeKeys); ++i) {
        const SlurmTime time = parseSlurmTime(record[timeKeys[i]], m_utcOffset);
        if (!time.valid)
            return LineOutcome::reject(
                "bad time", std::string(keyNames[timeKeys[i]]) + " '" + std::string(record[timeKeys[i]]) + "'");
        *targets[i] = time.epoch;
    }
    if (job.start && job.end && *job.end < *job.start)
        return LineOutcome::reject("end before start");

    int nodeCount = -1;
    if (record.has(NodeCnt)) {
        const std::optional<int> count = parseCount(record[NodeCnt]);
        if (!count)
            return LineOutcome::reject("bad number", "NodeCnt '" + std::string(record[NodeCnt]) + "'");
        nodeCount = *count;
    }
    if (record.has(ProcCnt)) {
        const std::optional<int> count = parseCount(record[ProcCnt]);
        if (!count)
            return LineOutcome::reject("bad number", "ProcCnt '" + std::string(record[ProcCnt]) + "'");
        job.allocatedCpus = *count;
    }
    if (std::optional<LineOutcome> rejection
        = assignSlurmNodeList(record[NodeList], nodeCount, "NodeCnt", job, m_resolver.get()))
        return std::move(*rejection);
    job.allocatedNodes = job.nodeNameCount() == 0 ? nodeCount : static_cast<int>(job.nodeNameCount());
    // Tres is the request (docs/formats/slurm-jobcomp.md field 15).
    job.requestedNodes = tresCount(record[Tres], "node");
    job.requestedCpus = tresCount(record[Tres], "cpu");

    if (record.has(ExitCode)) {
        job.exitCode = parseSlurmExitCode(record[ExitCode]);
        if (!job.exitCode)
            return LineOutcome::reject("bad exit code", std::string(record[ExitCode]));
    }
    return LineOutcome::accept(std::move(job));
}

} // namespace placement
