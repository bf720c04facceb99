// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/MoabParser.h"

#include "importers/Hostlist.h"
#include "importers/TextFields.h"
#include "importers/TorqueParser.h"

namespace placement {
namespace {

// Documented field numbers (docs/formats/moab-workload.md "Job record fields", column "Docs").
enum Field {
    JobIdField = 4,
    EventType = 5,
    NodesRequested = 6,
    TasksRequested = 7,
    UserField = 8,
    WallclockLimit = 10,
    JobState = 11,
    Class = 12,
    SubmissionTime = 13,
    StartTime = 15,
    CompletionTime = 16,
    NetworkAdapter = 17,
    MemoryComparison = 20,
    DiskComparison = 22,
    SystemQueueTime = 25,
    TasksAllocated = 26,
    Qos = 28,
    AccountField = 30,
    Executable = 31,
    ProcessorsPerTask = 36,
    AllocatedHostList = 42,
    ResourceManager = 43,
};

bool isComparison(std::string_view text)
{
    return text == ">=" || text == ">" || text == "=" || text == "<=" || text == "<" || text == "==" || text == "<>";
}

bool isClock(std::string_view text)
{
    return text.size() == 8 && text[2] == ':' && text[5] == ':' && isDigits(text.substr(0, 2))
        && isDigits(text.substr(3, 2)) && isDigits(text.substr(6, 2));
}

/// "1709388167" or, in newer Moab, "1709388167:52811" (epoch:eventID); nine digits or more,
/// so that small numbers of other files do not pass for event times.
bool isEventEpoch(std::string_view text)
{
    const std::size_t colon = text.find(':');
    const std::string_view epoch = text.substr(0, colon);
    return epoch.size() >= 9 && isDigits(epoch)
        && (colon == std::string_view::npos || isDigits(text.substr(colon + 1)));
}

bool isWord(std::string_view text)
{
    if (text.empty())
        return false;
    for (char c : text)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            return false;
    return true;
}

bool isNone(std::string_view text)
{
    return text.empty() || text == "-" || text == "NONE" || text == "[NONE]";
}

/// "<HH:MM:SS> <epoch[:id]> <object type> <object id> <EVENTTYPE> ...": the record prefix.
bool hasEventPrefix(const std::vector<std::string_view>& tokens, std::size_t first)
{
    return tokens.size() > first + 3 && isEventEpoch(tokens[first]) && isWord(tokens[first + 1])
        && isWord(tokens[first + 3]);
}

/// Which numbering the comparison operators reveal: documented fields 20 and 22, or one
/// earlier (source, no network-adapter field).
MoabParser::Layout layoutOf(const std::vector<std::string_view>& fields)
{
    const auto comparisonsAt = [&](std::size_t memory) {
        return fields.size() > memory + 2 && isComparison(fields[memory]) && isComparison(fields[memory + 2]);
    };
    if (comparisonsAt(MemoryComparison))
        return MoabParser::Layout::Documented;
    if (comparisonsAt(MemoryComparison - 1))
        return MoabParser::Layout::Source;
    return MoabParser::Layout::Unknown;
}

/// Epoch seconds; 0 means "not set" (docs/formats/moab-workload.md edge cases).
bool readEpoch(std::string_view text, std::optional<std::int64_t>& target)
{
    const std::optional<std::int64_t> value = parseInteger(text);
    if (!value || *value < 0)
        return false;
    if (*value > 0)
        target = *value;
    return true;
}

/// A count that may be written "16", "16,32" (Maui multi-value) or "PBS=..." : the leading
/// number, or -1.
int leadingCount(std::string_view text)
{
    return parseCount(text.substr(0, text.find_first_of(",:"))).value_or(-1);
}

} // namespace

bool MoabParser::recognises(std::string_view line)
{
    const std::vector<std::string_view> tokens = splitWhitespace(line);
    if (tokens.size() == 2 && tokens[0] == "VERSION" && isDigits(tokens[1]))
        return true;
    if (tokens.empty())
        return false;
    const std::size_t first = isClock(tokens[0]) ? 1 : 0;
    if (hasEventPrefix(tokens, first))
        return true;
    // Maui: the memory comparison is trace field 16.
    return tokens.size() >= 39 && isDigits(tokens[1]) && isComparison(tokens[15]);
}

int MoabParser::hostListField() const
{
    return hostListFieldOf(m_layout);
}

int MoabParser::hostListFieldOf(Layout layout)
{
    switch (layout) {
    case Layout::Documented: return 42;
    case Layout::Source: return 41;
    case Layout::Maui: return 38;
    case Layout::Unknown: break;
    }
    return 0;
}

LineOutcome MoabParser::parseLine(const LogLine& line)
{
    const std::string_view text = trimmed(line.text);
    if (text.empty() || text.front() == '#')
        return LineOutcome::nothing();
    // Moab writes whole lines; a last line without "\n" was cut while being written.
    if (!line.terminated)
        return LineOutcome::reject("truncated last line", "no line end");
    const std::vector<std::string_view> tokens = splitWhitespace(text);
    if (tokens.size() == 2 && tokens[0] == "VERSION" && isDigits(tokens[1])) {
        if (m_layout == Layout::Unknown)
            m_layout = Layout::Maui;
        return LineOutcome::nothing();
    }

    Record record;
    record.fields.push_back({}); // fields are 1-based
    const std::size_t first = isClock(tokens[0]) ? 1 : 0;
    const bool isEvent = hasEventPrefix(tokens, first);
    if (isEvent) {
        if (tokens[first + 1] != "job")
            return LineOutcome::ignore(std::string(tokens[first + 1]) + " event");
        const std::string eventType = toUpper(tokens[first + 3]);
        // Terminal events only, as Moab's own simulator loads them; a JOBSTART's completion
        // field is merely the time of the event.
        if (eventType != "JOBEND" && eventType != "JOBCANCEL" && eventType != "JOBFAILURE")
            return LineOutcome::ignore(eventType + " event");
        if (first == 0)
            record.fields.push_back({}); // no human-readable time (Moab before 5)
        record.fields.insert(record.fields.end(), tokens.begin(), tokens.end());
        record.layout = layoutOf(record.fields);
        if (record.layout == Layout::Source)
            record.fields.insert(record.fields.begin() + NetworkAdapter, std::string_view());
    } else {
        // Maui trace: job id, then documented field 6 onwards; no event prefix.
        record.fields.insert(
            record.fields.end(),
            {std::string_view(), std::string_view(), std::string_view(), tokens[0], std::string_view()});
        record.fields.insert(record.fields.end(), tokens.begin() + 1, tokens.end());
        record.layout = layoutOf(record.fields) == Layout::Documented ? Layout::Maui : Layout::Unknown;
    }
    record.tokenOffset = record.fields.size() - tokens.size();
    if (record.layout == Layout::Unknown)
        return LineOutcome::reject("unknown field layout", std::to_string(tokens.size()) + " fields");
    if (m_layout == Layout::Unknown)
        m_layout = record.layout;
    if (record.layout != m_layout)
        return LineOutcome::reject("unexpected field layout",
                                   "host list in field " + std::to_string(hostListFieldOf(record.layout))
                                       + ", file uses " + std::to_string(hostListField()));
    return parseRecord(record);
}

LineOutcome MoabParser::parseRecord(const Record& record) const
{
    const std::vector<std::string_view>& fields = record.fields;
    // The field after the host list must be there too, or the list may have been cut.
    if (fields.size() <= ResourceManager)
        return LineOutcome::reject("wrong field count",
                                   std::to_string(fields.size() - record.tokenOffset) + ", expected at least "
                                       + std::to_string(ResourceManager + 1 - record.tokenOffset));
    ImportedJob job;
    job.id = TorqueParser::normalisedJobId(fields[JobIdField]);
    job.user = std::string(fields[UserField]);
    job.state = toUpper(fields[JobState]);
    // Class: "[batch:1]" in documented files, bare "batch" in Moab 9.
    std::string_view jobClass = fields[Class];
    if (jobClass.size() > 1 && jobClass.front() == '[')
        jobClass = jobClass.substr(1, jobClass.find_first_of(":]") - 1);
    job.partition = isNone(jobClass) ? "" : std::string(jobClass);
    // QOS: Moab 9 writes "<requested>:<delivered>".
    const std::string_view qos = fields[Qos];
    const std::string_view delivered = qos.substr(qos.find(':') == std::string_view::npos ? 0 : qos.find(':') + 1);
    job.qos = isNone(delivered) ? "" : std::string(delivered);
    job.account = isNone(fields[AccountField]) ? "" : std::string(fields[AccountField]);
    job.name = isNone(fields[Executable]) ? "" : std::string(fields[Executable]);

    static constexpr std::pair<Field, std::optional<std::int64_t> ImportedJob::*> timeFields[] = {
        {SubmissionTime, &ImportedJob::submit},
        {SystemQueueTime, &ImportedJob::eligible},
        {StartTime, &ImportedJob::start},
        {CompletionTime, &ImportedJob::end},
    };
    for (const auto& [field, member] : timeFields)
        if (!readEpoch(fields[field], job.*member))
            return LineOutcome::reject("bad time",
                                       "field " + std::to_string(field) + " '" + std::string(fields[field]) + "'");
    if (job.start && job.end && *job.end < *job.start)
        return LineOutcome::reject("end before start");

    const std::optional<std::int64_t> limit
        = parseInteger(fields[WallclockLimit].substr(0, fields[WallclockLimit].find_first_of(",:")));
    if (!limit || *limit < 0)
        return LineOutcome::reject("bad number", "wallclock limit '" + std::string(fields[WallclockLimit]) + "'");
    if (*limit > 0)
        job.timeLimit = *limit;
    const int nodesRequested = leadingCount(fields[NodesRequested]);
    job.requestedNodes = nodesRequested > 0 ? nodesRequested : -1; // 0: not specified
    const int processorsPerTask = std::max(1, leadingCount(fields[ProcessorsPerTask]));
    const int tasksRequested = leadingCount(fields[TasksRequested]);
    const std::optional<int> tasksAllocated = parseCount(fields[TasksAllocated]);
    if (!tasksAllocated)
        return LineOutcome::reject("bad number", "tasks allocated '" + std::string(fields[TasksAllocated]) + "'");
    // Both factors fit an int, their product need not: more processors than parseCount allows
    // make the allocation a bad number and the request unknown, as an unreadable one is.
    constexpr std::int64_t mostProcessors = 2'000'000'000;
    const std::int64_t allocatedCpus = std::int64_t(*tasksAllocated) * processorsPerTask;
    const std::int64_t requestedCpus = std::int64_t(tasksRequested) * processorsPerTask;
    if (allocatedCpus > mostProcessors)
        return LineOutcome::reject("bad number",
                                   "allocated processors " + std::to_string(*tasksAllocated) + " x "
                                       + std::to_string(processorsPerTask));
    job.requestedCpus = tasksRequested >= 0 && requestedCpus <= mostProcessors ? static_cast<int>(requestedCpus) : -1;
    job.allocatedCpus = static_cast<int>(allocatedCpus);

    // Allocated host list: one entry per task (Moab), "host:count" items, a Maui colon list,
    // or a compressed range expression (COMPRESSHOSTLIST).
    const std::string_view list = fields[AllocatedHostList];
    UniqueNames hosts;
    std::size_t tasks = 0;
    bool perTask = false;
    if (!isNone(list)) {
        if (list.find('[') != std::string_view::npos) {
            try {
                for (const std::string& name : expandHostlist(list))
                    hosts.add(name);
            } catch (const HostlistError& error) {
                return LineOutcome::reject("bad host list",
                                           std::string(error.what()) + " at offset " + std::to_string(error.offset));
            }
        } else {
            std::vector<std::string_view> items = splitAll(list, ",");
            if (items.size() == 1) {
                const std::vector<std::string_view> colonItems = splitAll(list, ":");
                if (!(colonItems.size() == 2 && isDigits(colonItems[1])))
                    items = colonItems; // Maui "n001:n002"
            }
            for (const std::string_view item : items) {
                const std::size_t colon = item.find(':');
                const std::optional<int> count
                    = colon == std::string_view::npos ? std::optional<int>(1) : parseCount(item.substr(colon + 1), 1);
                const std::string_view host = item.substr(0, colon);
                if (host.empty() || !count)
                    return LineOutcome::reject("bad host list", "item '" + std::string(item) + "'");
                const std::size_t before = hosts.size();
                hosts.add(host);
                perTask = perTask || *count > 1 || hosts.size() == before;
                tasks += static_cast<std::size_t>(*count);
            }
        }
        // Moab's reader buffers were fixed-size, so old files may hold cut lists: a per-task
        // list must account for every allocated task; a list of unique hosts cannot have more
        // hosts than tasks.
        const auto allocated = static_cast<std::size_t>(*tasksAllocated);
        if (allocated > 0 && ((perTask && tasks != allocated) || (!perTask && hosts.size() > allocated)))
            return LineOutcome::reject("host list length mismatch",
                                       std::to_string(perTask ? tasks : hosts.size()) + " tasks in host list, "
                                           + std::to_string(allocated) + " allocated");
    }
    job.allocatedNodes = static_cast<int>(hosts.size());
    job.nodeNames = hosts.take();
    return LineOutcome::accept(std::move(job));
}

} // namespace placement
