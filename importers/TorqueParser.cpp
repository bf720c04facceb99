// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/TorqueParser.h"

#include "importers/TextFields.h"

#include <map>

namespace placement {
namespace {

/// The attributes of a record by lower-cased key ("Exit_status" and "exit_status" alike).
/// A token without '=' continues the previous value: TORQUE does not quote values with spaces.
std::map<std::string, std::string> splitAttributes(std::string_view text)
{
    std::map<std::string, std::string> attributes;
    std::string* previous = nullptr;
    for (const std::string_view token : splitAll(text, " ")) {
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0) {
            if (previous && !token.empty())
                *previous += ' ' + std::string(token);
            continue;
        }
        std::string key(token.substr(0, equals));
        for (char& c : key)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        // Keep the first value of a repeated key.
        const auto [slot, inserted] = attributes.emplace(std::move(key), std::string(token.substr(equals + 1)));
        previous = inserted ? &slot->second : nullptr;
    }
    return attributes;
}

/// The most slots a record may hold, as parseCount's bound: more cannot be real, and the sum
/// of larger counts would overflow an int.
constexpr std::int64_t mostSlots = 2'000'000'000;

/// Slots of one exec_host item's slot part: "3" -> 1, "0-5" -> 6, "0,2" -> 2, "0-3,5" -> 5,
/// PBS Pro "0*64" -> 64; 0 when malformed.
int slotCount(std::string_view slots)
{
    const std::size_t star = slots.find('*');
    if (star != std::string_view::npos)
        return isDigits(slots.substr(0, star)) ? parseCount(slots.substr(star + 1), 1).value_or(0) : 0;
    std::int64_t count = 0;
    for (const std::string_view range : splitAll(slots, ",")) {
        const std::size_t dash = range.find('-');
        const std::optional<int> low = parseCount(range.substr(0, dash));
        const std::optional<int> high = dash == std::string_view::npos ? low : parseCount(range.substr(dash + 1));
        if (!low || !high || *high < *low || !isDigits(range.substr(0, dash)))
            return 0;
        count += std::int64_t(*high) - *low + 1;
        if (count > mostSlots)
            return 0;
    }
    return static_cast<int>(count);
}

} // namespace

bool TorqueParser::recognises(std::string_view line)
{
    return line.size() > 20 && line[19] == ';' && parseUsDateTime(line.substr(0, 19));
}

std::string TorqueParser::normalisedJobId(std::string_view id)
{
    if (id.empty() || id.front() < '0' || id.front() > '9')
        return std::string(id);
    std::size_t end = 0;
    while (end < id.size() && id[end] >= '0' && id[end] <= '9')
        ++end;
    std::string result(id.substr(0, end));
    const std::string_view rest = id.substr(end);
    if (rest.size() > 2 && rest.front() == '[') {
        const std::size_t close = rest.find(']');
        if (close != std::string_view::npos)
            return result + (close == 1 ? "[]" : "_" + std::string(rest.substr(1, close - 1)));
    }
    if (rest.size() > 1 && rest.front() == '-') {
        std::size_t indexEnd = 1;
        while (indexEnd < rest.size() && rest[indexEnd] >= '0' && rest[indexEnd] <= '9')
            ++indexEnd;
        if (indexEnd > 1)
            return result + "_" + std::string(rest.substr(1, indexEnd - 1));
    }
    if (rest.substr(0, 2) == "[]")
        return result + "[]";
    return result;
}

LineOutcome TorqueParser::parseLine(const LogLine& line)
{
    if (trimmed(line.text).empty())
        return LineOutcome::nothing();
    // The server writes whole lines; a last line without "\n" was cut (docs/formats/torque-accounting.md).
    if (!line.terminated)
        return LineOutcome::reject("truncated last line", "no line end");
    const std::vector<std::string_view> parts = [&] {
        std::vector<std::string_view> pieces;
        std::string_view rest = line.text;
        for (int i = 0; i < 3; ++i) {
            const std::size_t semicolon = rest.find(';');
            if (semicolon == std::string_view::npos)
                break;
            pieces.push_back(rest.substr(0, semicolon));
            rest.remove_prefix(semicolon + 1);
        }
        pieces.push_back(rest);
        return pieces;
    }();
    if (parts.size() < 3)
        return LineOutcome::reject("wrong field count", std::to_string(parts.size()) + ", expected 4");
    if (!parseUsDateTime(parts[0]))
        return LineOutcome::reject("bad record stamp", std::string(parts[0]));
    const std::string_view type = parts[1];
    if (type.empty() || parts[2].empty())
        return LineOutcome::reject("bad record", "empty type or job id");
    const std::string id = normalisedJobId(parts[2]);
    if (type == "D") {
        m_deleted.insert(id);
        return LineOutcome::ignore("D record");
    }
    if (type != "E")
        return LineOutcome::ignore(std::string(type) + " record");
    if (id.ends_with("[]")) // "81260[]", and a bare "[]" too
        return LineOutcome::ignore("array parent record");

    const std::map<std::string, std::string> attributes
        = splitAttributes(parts.size() > 3 ? parts[3] : std::string_view());
    const auto value = [&](const char* key) -> std::string_view {
        const auto found = attributes.find(key);
        return found == attributes.end() ? std::string_view() : std::string_view(found->second);
    };

    ImportedJob job;
    job.id = id;
    job.user = std::string(value("user"));
    job.account = std::string(value("account"));
    job.name = std::string(value("jobname"));
    job.partition = std::string(value("queue"));

    static constexpr std::pair<const char*, std::optional<std::int64_t> ImportedJob::*> timeKeys[] = {
        {"ctime", &ImportedJob::submit},
        {"etime", &ImportedJob::eligible},
        {"start", &ImportedJob::start},
        {"end", &ImportedJob::end},
    };
    for (const auto& [key, member] : timeKeys) {
        const std::string_view text = value(key);
        if (text.empty())
            continue;
        const std::optional<std::int64_t> epoch = parseInteger(text);
        if (!epoch || *epoch < 0)
            return LineOutcome::reject("bad time", std::string(key) + " '" + std::string(text) + "'");
        if (*epoch > 0) // 0: not set (start of a job that never ran)
            job.*member = *epoch;
    }
    if (job.start && job.end && *job.end < *job.start)
        return LineOutcome::reject("end before start");

    if (const std::string_view walltime = value("resource_list.walltime"); !walltime.empty()) {
        job.timeLimit = parseColonDuration(walltime);
        if (!job.timeLimit)
            return LineOutcome::reject("bad walltime", std::string(walltime));
    }
    if (const std::string_view nodect = value("resource_list.nodect"); !nodect.empty()) {
        const std::optional<int> count = parseCount(nodect);
        if (!count)
            return LineOutcome::reject("bad number", "Resource_List.nodect '" + std::string(nodect) + "'");
        job.requestedNodes = *count;
    }
    if (const std::string_view ncpus = value("resource_list.ncpus"); !ncpus.empty())
        job.requestedCpus = parseCount(ncpus).value_or(-1);

    const std::string_view status = value("exit_status");
    if (!status.empty()) {
        const std::optional<std::int64_t> code = parseInteger(status);
        if (!code || *code < -1'000'000 || *code > 1'000'000)
            return LineOutcome::reject("bad exit status", std::string(status));
        job.exitCode = static_cast<int>(*code);
    }
    // E records carry no state: a preceding D record means the job was deleted (qdel).
    if (m_deleted.erase(id) > 0)
        job.state = "CANCELLED";
    else if (job.exitCode)
        job.state = *job.exitCode == 0 ? "COMPLETED" : "FAILED";

    // exec_host: one "host/slots" item per allocation piece; the host is the part before '/'.
    if (const std::string_view execHost = value("exec_host"); !execHost.empty()) {
        UniqueNames hosts;
        std::int64_t slots = 0;
        for (const std::string_view item : splitAll(execHost, "+")) {
            const std::size_t slash = item.find('/');
            const int count = slash == std::string_view::npos ? 0 : slotCount(item.substr(slash + 1));
            if (slash == 0 || count == 0)
                return LineOutcome::reject("bad exec_host", "item '" + std::string(item) + "'");
            hosts.add(item.substr(0, slash));
            slots += count;
        }
        if (slots > mostSlots)
            return LineOutcome::reject("bad exec_host", "more than " + std::to_string(mostSlots) + " slots");
        // Several request chunks may share a host, so fewer hosts than nodect is possible;
        // more hosts than nodes requested is not (docs/formats/README.md rule 5).
        if (job.requestedNodes > 0 && hosts.size() > static_cast<std::size_t>(job.requestedNodes))
            return LineOutcome::reject("node count mismatch",
                                       std::to_string(hosts.size()) + " hosts in exec_host, Resource_List.nodect "
                                           + std::to_string(job.requestedNodes));
        job.allocatedNodes = static_cast<int>(hosts.size());
        job.allocatedCpus = static_cast<int>(slots);
        job.nodeNames = hosts.take();
    }
    return LineOutcome::accept(std::move(job));
}

} // namespace placement
