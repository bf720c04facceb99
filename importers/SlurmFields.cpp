// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SlurmFields.h"

#include "importers/Hostlist.h"
#include "importers/NodeListResolver.h"
#include "importers/TextFields.h"

#include <algorithm>

namespace placement {

std::optional<std::int64_t> parseSlurmDuration(std::string_view text)
{
    std::int64_t days = 0;
    const std::size_t dash = text.find('-');
    if (dash != std::string_view::npos) {
        const std::optional<std::int64_t> dayCount = parseInteger(text.substr(0, dash));
        // At most nine digits, as the other parts, so that days * 86400 fits.
        if (!dayCount || *dayCount < 0 || !isDigits(text.substr(0, dash)) || dash > 9)
            return std::nullopt;
        days = *dayCount;
        text.remove_prefix(dash + 1);
    }
    // Fractional seconds (".123") are cut, as Open XDMoD does.
    const std::size_t dot = text.find('.');
    if (dot != std::string_view::npos) {
        if (!isDigits(text.substr(dot + 1)))
            return std::nullopt;
        text = text.substr(0, dot);
    }
    const std::vector<std::string_view> parts = splitAll(text, ":");
    // With days, hours must be present: "D-H:M:S" (docs/formats/slurm-sacct.md, Timelimit "1-00:00:00").
    if (parts.size() < 2 || parts.size() > 3 || (dash != std::string_view::npos && parts.size() != 3))
        return std::nullopt;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!isDigits(parts[i]) || parts[i].size() > 9)
            return std::nullopt;
        const std::int64_t value = *parseInteger(parts[i]);
        const bool hours = parts.size() == 3 && i == 0;
        if (!hours && value > 59)
            return std::nullopt;
        total = total * 60 + value;
    }
    return days * 86400 + total;
}

std::optional<int> parseSlurmExitCode(std::string_view text)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const std::optional<int> status = parseCount(text.substr(0, colon));
    const std::optional<int> signal = parseCount(text.substr(colon + 1));
    if (!status || !signal || *status > 255 || *signal > 255)
        return std::nullopt;
    return *signal != 0 ? 128 + *signal : *status;
}

SlurmTime parseSlurmTime(std::string_view text, const LocalTimeZone& zone)
{
    if (text.empty() || text == "Unknown" || text == "unknown" || text == "None")
        return {true, std::nullopt};
    constexpr std::size_t isoLength = 19; // YYYY-MM-DDTHH:MM:SS
    if (text.size() == isoLength) {
        const std::optional<std::int64_t> wallClock = parseIsoDateTime(text);
        if (!wallClock)
            return {};
        const LocalTimeZone::Conversion utc = zone.toUtc(*wallClock);
        return {true, utc.epoch, utc.kind, utc.later};
    }
    if (isDigits(text) && text.size() <= 12) // Unix seconds, up to the year 33658
        return {true, parseInteger(text)};
    if (text.size() > isoLength) {
        const std::optional<std::int64_t> wallClock = parseIsoDateTime(text.substr(0, isoLength));
        const std::optional<std::int64_t> offset = parseUtcOffset(text.substr(isoLength));
        if (wallClock && offset && (text[isoLength] == 'Z' || text[isoLength] == '+' || text[isoLength] == '-'))
            return {true, *wallClock - *offset};
    }
    return {};
}

LocalTimeZone slurmTimeZone(const ImportOptions& options)
{
    return options.timeZone.empty() ? LocalTimeZone::fixed(options.utcOffsetSeconds)
                                    : LocalTimeZone::named(options.timeZone);
}

namespace {

// Slurm job states in which a job may still run (or run again): no final run time yet.
bool stillRunning(std::string_view state)
{
    static constexpr std::string_view states[]
        = {"PENDING",    "RUNNING",      "SUSPENDED",   "REQUEUED",  "RESIZING",  "CONFIGURING",
           "COMPLETING", "REQUEUE_HOLD", "REQUEUE_FED", "SIGNALING", "STAGE_OUT", "STOPPED"};
    for (const std::string_view running : states)
        if (state == running)
            return true;
    return false;
}

} // namespace

std::optional<LineOutcome> assignSlurmTimes(const std::array<std::string_view, 4>& texts,
                                            const std::array<std::string_view, 4>& names, std::string_view elapsed,
                                            const LocalTimeZone& zone, ImportedJob& job,
                                            std::pair<std::string, std::string>& warning)
{
    enum { Submit, Eligible, Start, End };
    // The common case, a million times per export: no Elapsed, no time in doubt. Anything
    // else is read again below.
    if (elapsed.empty()) {
        std::optional<std::int64_t>* const targets[] = {&job.submit, &job.eligible, &job.start, &job.end};
        std::size_t plain = 0;
        for (; plain < texts.size(); ++plain) {
            const SlurmTime time = parseSlurmTime(texts[plain], zone);
            if (!time.valid || time.kind != LocalTimeZone::Conversion::Unique)
                break;
            *targets[plain] = time.epoch;
        }
        if (plain == texts.size()) {
            if (job.start && job.end && *job.end < *job.start)
                return LineOutcome::reject("end before start");
            return std::nullopt;
        }
    }
    std::array<SlurmTime, 4> times;
    const auto quoted = [&](std::size_t i) { return std::string(names[i]) + " '" + std::string(texts[i]) + "'"; };
    for (std::size_t i = 0; i < times.size(); ++i) {
        times[i] = parseSlurmTime(texts[i], zone);
        if (!times[i].valid)
            return LineOutcome::reject("bad time", quoted(i));
        if (times[i].kind == LocalTimeZone::Conversion::Nonexistent)
            return LineOutcome::reject("nonexistent local time",
                                       quoted(i) + " in " + zone.name() + ": the clocks went forward over it");
    }
    constexpr auto ambiguous = LocalTimeZone::Conversion::Ambiguous;
    std::optional<std::int64_t> run;
    if (!elapsed.empty() && !(run = parseSlurmDuration(elapsed)))
        return LineOutcome::reject("bad duration", "Elapsed '" + std::string(elapsed) + "'");

    // An ambiguous Start or End: the readings whose difference is Elapsed, if any.
    bool settled = false;
    if (run && times[Start].epoch && times[End].epoch
        && (times[Start].kind == ambiguous || times[End].kind == ambiguous)) {
        const auto readings = [&](std::size_t i) {
            return std::array<std::int64_t, 2>{*times[i].epoch,
                                               times[i].kind == ambiguous ? times[i].later : *times[i].epoch};
        };
        for (const std::int64_t start : readings(Start))
            for (const std::int64_t end : readings(End))
                if (!settled && end - start == *run) {
                    times[Start].epoch = start;
                    times[End].epoch = end;
                    settled = true;
                }
    }
    // An ambiguous Submit or Eligible of which only one reading is not after the start.
    for (const std::size_t i : {Submit, Eligible})
        if (times[i].kind == ambiguous && times[Start].epoch && (settled || times[Start].kind != ambiguous)
            && *times[i].epoch <= *times[Start].epoch && times[i].later > *times[Start].epoch)
            times[i].kind = LocalTimeZone::Conversion::Unique;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (times[i].kind == ambiguous && !(settled && (i == Start || i == End)) && warning.first.empty())
            warning = {"ambiguous local time",
                       quoted(i) + " in " + zone.name() + " is " + formatIsoUtc(*times[i].epoch) + " or "
                           + formatIsoUtc(times[i].later) + ": taken as the first"};
    job.submit = times[Submit].epoch;
    job.eligible = times[Eligible].epoch;
    job.start = times[Start].epoch;
    job.end = times[End].epoch;

    // Elapsed > 0 of a finished job: it ran, for that long; unless it was cancelled without
    // a start (while pending, whatever Elapsed says).
    const bool cancelledPending = !job.start && job.state == "CANCELLED";
    if (run && *run > 0 && !stillRunning(job.state) && !cancelledPending) {
        job.runTime = *run;
        if (job.start && !job.end) {
            job.end = *job.start + *run;
        } else if (!job.start && job.end) {
            job.start = *job.end - *run;
        } else if (job.start && job.end && *job.end >= *job.start && *job.end - *job.start != *run) {
            // Time spent suspended makes End - Start longer than Elapsed by any amount; a
            // wrong zone offset or daylight-saving reading by whole quarter hours (a job of
            // 11 minutes across the October change, read with a fixed +01:00: 4,260 s). An
            // end before the start stays an error: which of the two is wrong is unknown.
            if ((*job.end - *job.start - *run) % 900 == 0) {
                if (warning.first.empty())
                    warning = {"end contradicts Elapsed",
                               "End - Start is " + std::to_string(*job.end - *job.start) + " s, Elapsed "
                                   + std::to_string(*run) + " s: the end is taken as Start + Elapsed"};
                job.end = *job.start + *run;
            }
        }
    }
    if (job.start && job.end && *job.end < *job.start)
        return LineOutcome::reject("end before start");
    return std::nullopt;
}

std::optional<LineOutcome> assignSlurmNodeList(std::string_view expression, int nodeCount, std::string_view countName,
                                               ImportedJob& job, NodeListResolver* resolver)
{
    std::size_t distinct = 0;
    try {
        if (resolver) {
            // A list naming more hosts than the machine has nodes is refused before it is
            // expanded: 50 lines of "n[1-1000000]" took a minute otherwise.
            resolver->resolve(trimmed(expression), job.nodes, job.unknownNodeNames, resolver->nameLimit());
            job.nodesResolved = true;
            distinct = job.nodeNameCount();
        } else {
            UniqueNames unique;
            for (const std::string& name : expandHostlist(trimmed(expression)))
                unique.add(name);
            distinct = unique.size();
            job.nodeNames = unique.take();
        }
    } catch (const HostlistError& error) {
        if (resolver && resolver->withinMachine() && dynamic_cast<const HostlistTooLarge*>(&error))
            return LineOutcome::reject("node list larger than the machine",
                                       "more than its " + std::to_string(resolver->nodeCount()) + " nodes");
        return LineOutcome::reject("bad node list",
                                   std::string(error.what()) + " at offset " + std::to_string(error.offset));
    }
    if (distinct != 0 && nodeCount >= 0 && distinct != static_cast<std::size_t>(nodeCount))
        return LineOutcome::reject("node count mismatch",
                                   std::to_string(distinct) + " nodes in NodeList, " + std::string(countName) + " "
                                       + std::to_string(nodeCount));
    return std::nullopt;
}

} // namespace placement
