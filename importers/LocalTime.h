// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace date {
class time_zone;
}

namespace placement {

/// "+01:00", "+0100", "-05", "Z", "UTC", "3600" (seconds): an offset east of UTC, at most
/// 18 hours either way (the zones in use span -12:00 to +14:00); nullopt for anything else.
std::optional<std::int64_t> parseUtcOffset(std::string_view text);

/// How the local wall-clock times of a log become UTC: a fixed offset, or an IANA time zone
/// of the system's time zone database (/usr/share/zoneinfo, through H. Hinnant's date
/// library), where a local time may not exist (skipped when the clocks go forward) or exist
/// twice (when they go back).
class LocalTimeZone
{
public:
    LocalTimeZone() = default; ///< UTC
    static LocalTimeZone fixed(std::int64_t offsetSeconds);
    /// Throws std::invalid_argument naming `name` when the time zone database has no such zone.
    static LocalTimeZone named(const std::string& name);

    struct Conversion
    {
        enum Kind {
            Unique,
            Nonexistent, ///< in a gap: `epoch` as if the clocks had not moved yet, `later` as if they had
            Ambiguous, ///< twice: `epoch` the first (earlier) instant, `later` the second
        };
        Kind kind = Unique;
        std::int64_t epoch = 0;
        std::int64_t later = 0;
    };

    /// `wallClock`: the local date and time counted as if it were UTC (parseIsoDateTime).
    Conversion toUtc(std::int64_t wallClock) const
    {
        if (!m_zone)
            return {Conversion::Unique, wallClock - m_offset, wallClock - m_offset};
        if (wallClock >= m_safeBegin && wallClock < m_safeEnd) // away from any transition
            return {Conversion::Unique, wallClock - m_safeOffset, wallClock - m_safeOffset};
        return toUtcInZone(wallClock);
    }

    /// "Europe/Berlin", "UTC+01:00", "UTC".
    std::string name() const;

private:
    Conversion toUtcInZone(std::int64_t wallClock) const;

    std::int64_t m_offset = 0;
    const date::time_zone* m_zone = nullptr;
    // The local times of the last period between transitions looked up, a day inside it at
    // either end (transitions are far apart, shifts at most hours): one offset holds there.
    mutable std::int64_t m_safeBegin = 0, m_safeEnd = 0, m_safeOffset = 0;
};

} // namespace placement
