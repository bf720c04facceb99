// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/OptionParsers.h"

#include "core/AllocatorFactory.h"
#include "importers/LocalTime.h"
#include "importers/TextFields.h"

#include <stdexcept>

namespace placement {

namespace {

std::string quoted(std::string_view what, std::string_view text)
{
    return std::string(what) + ": '" + std::string(text) + "'";
}

/// "a, b or c"
template <typename Choice, typename Name> std::string alternatives(const std::vector<Choice>& choices, Name name)
{
    std::string text;
    for (std::size_t i = 0; i < choices.size(); ++i)
        text += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string(name(choices[i]));
    return text;
}

} // namespace

std::string parsePolicy(std::string_view text, std::string_view what)
{
    for (const AllocatorPolicyInfo& policy : allocatorPolicies())
        if (text == policy.name)
            return std::string(text);
    throw std::invalid_argument(std::string(what) + ": unknown policy '" + std::string(text)
                                + "' (placement simulate --help lists them)");
}

std::vector<BackfillPolicy> backfillChoices()
{
    return {BackfillPolicy::Easy, BackfillPolicy::Fcfs, BackfillPolicy::Conservative, BackfillPolicy::Auction};
}

BackfillPolicy parseBackfill(std::string_view text, std::string_view what)
{
    const std::vector<BackfillPolicy> choices = backfillChoices();
    for (BackfillPolicy policy : choices)
        if (text == backfillName(policy))
            return policy;
    throw std::invalid_argument(quoted(what, text) + " is not a backfilling (expected "
                                + alternatives(choices, backfillName) + ")");
}

CoreBackfill parseCoreBackfillSetting(std::string_view text, std::string_view what)
{
    const std::vector<CoreBackfill> choices{CoreBackfill::Easy, CoreBackfill::Fcfs, CoreBackfill::Auction};
    for (CoreBackfill backfill : choices)
        if (text == coreBackfillName(backfill))
            return backfill;
    throw std::invalid_argument(quoted(what, text) + " is not a backfilling by cores (expected "
                                + alternatives(choices, coreBackfillName) + ")");
}

std::vector<LogFormat> logFormatChoices()
{
    return {LogFormat::Sacct, LogFormat::Jobcomp, LogFormat::Moab, LogFormat::Torque, LogFormat::Swf};
}

std::optional<LogFormat> parseLogFormat(std::string_view text, std::string_view what)
{
    if (text == "auto")
        return std::nullopt;
    const std::vector<LogFormat> choices = logFormatChoices();
    for (LogFormat format : choices)
        if (text == logFormatName(format))
            return format;
    throw std::invalid_argument(quoted(what, text) + " is not a log format (expected auto, "
                                + alternatives(choices, logFormatName) + ")");
}

std::int64_t parseUtcOffsetSetting(std::string_view text, std::string_view what)
{
    if (const std::optional<std::int64_t> offset = parseUtcOffset(trimmed(text)))
        return *offset;
    throw std::invalid_argument(quoted(what, text)
                                + " is not a UTC offset (expected +HH:MM, +HHMM or seconds, at most 18 hours)");
}

std::string parseTimeZoneSetting(std::string_view text, std::string_view what)
{
    const std::string zone(trimmed(text));
    try {
        LocalTimeZone::named(zone);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(std::string(what) + ": " + error.what());
    }
    return zone;
}

void LogTimes::applyTo(ImportOptions& options) const
{
    options.utcOffsetSeconds = utcOffsetSeconds;
    options.timeZone = timeZone;
}

LogTimes parseLogTimes(std::string_view text, std::string_view what)
{
    LogTimes times;
    const std::string_view given = trimmed(text);
    if (given.empty())
        return times; // UTC
    if (const std::optional<std::int64_t> offset = parseUtcOffset(given)) {
        times.utcOffsetSeconds = *offset;
        return times;
    }
    try {
        LocalTimeZone::named(std::string(given));
    } catch (const std::invalid_argument&) {
        throw std::invalid_argument(quoted(what, text)
                                    + " is neither a UTC offset (+HH:MM) nor a time zone known to this system "
                                      "(such as Europe/Berlin)");
    }
    times.timeZone = std::string(given);
    return times;
}

EndingSecond parseEndingSecond(std::string_view text, std::string_view what)
{
    for (EndingSecond rule : {EndingSecond::Released, EndingSecond::Held})
        if (text == endingSecondName(rule))
            return rule;
    throw std::invalid_argument(quoted(what, text) + " (expected released or held)");
}

const char* endingSecondName(EndingSecond rule)
{
    return rule == EndingSecond::Held ? "held" : "released";
}

} // namespace placement
