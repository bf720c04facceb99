// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Simulator.h"
#include "core/WhatIf.h"
#include "importers/ImportedJob.h"
#include "services/CoreRun.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// One parser per kind of setting the command line and the explorer's dialogs both take:
/// the command line parses what was typed, a dialog offers the same choices and parses what
/// was picked, so the two cannot disagree on a name. Each parser throws
/// std::invalid_argument naming the setting (`what`: "--backfill", "Time zone") and the
/// values it accepts.

namespace placement {

/// An allocator policy's name (core/AllocatorFactory.h allocatorPolicies()); returned as given.
std::string parsePolicy(std::string_view text, std::string_view what = "--policy");

/// The backfilling policies in the order offered (EASY first: the default).
std::vector<BackfillPolicy> backfillChoices();
/// "fcfs", "easy", "conservative" or "auction" (core/Simulator.h backfillName()).
BackfillPolicy parseBackfill(std::string_view text, std::string_view what = "--backfill");

/// The backfilling of a replay by cores (services/CoreRun.h): fcfs, easy or auction.
CoreBackfill parseCoreBackfillSetting(std::string_view text, std::string_view what = "--backfill");

/// The log formats in the order offered.
std::vector<LogFormat> logFormatChoices();
/// "auto" (nullopt: detected per file) or a format's name (importers/ImportedJob.h logFormatName()).
std::optional<LogFormat> parseLogFormat(std::string_view text, std::string_view what = "--format");

/// A fixed offset of local times east of UTC in seconds: "+01:00", "-0500", "3600"; at most 18 hours.
std::int64_t parseUtcOffsetSetting(std::string_view text, std::string_view what = "--utc-offset");
/// An IANA time zone known to this system ("Europe/Berlin"); returned as given.
std::string parseTimeZoneSetting(std::string_view text, std::string_view what = "--timezone");

/// How local times of sacct and jobcomp logs are read: an offset, or a zone with its daylight
/// saving time.
struct LogTimes
{
    std::int64_t utcOffsetSeconds = 0;
    std::string timeZone; ///< empty: the offset applies
    void applyTo(ImportOptions& options) const;
};
/// One text that is either a UTC offset ("+0100") or a time zone ("Europe/Berlin"); blank is UTC.
LogTimes parseLogTimes(std::string_view text, std::string_view what = "Time zone");

/// "released" or "held" (core/WhatIf.h EndingSecond).
EndingSecond parseEndingSecond(std::string_view text, std::string_view what = "--ending-second");
const char* endingSecondName(EndingSecond rule);

} // namespace placement
