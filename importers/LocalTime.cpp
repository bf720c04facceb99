// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/LocalTime.h"

#include "importers/TextFields.h"

#include <cstdio>
#include <date/tz.h>
#include <stdexcept>

namespace placement {

std::optional<std::int64_t> parseUtcOffset(std::string_view text)
{
    constexpr std::int64_t largest = 18 * 3600;
    if (text == "Z" || text == "UTC")
        return 0;
    // ±HH, ±HHMM, ±HH:MM
    if (text.size() >= 3 && (text[0] == '+' || text[0] == '-') && isDigits(text.substr(1, 2))) {
        std::string_view minutes = text.substr(3);
        if (minutes.size() == 3 && minutes[0] == ':')
            minutes.remove_prefix(1);
        if (minutes.empty() || (minutes.size() == 2 && isDigits(minutes))) {
            const std::int64_t value
                = *parseInteger(text.substr(1, 2)) * 3600 + (minutes.empty() ? 0 : *parseInteger(minutes) * 60);
            if (value <= largest && (minutes.empty() || *parseInteger(minutes) <= 59))
                return text[0] == '-' ? -value : value;
        }
    }
    // Seconds.
    const std::optional<std::int64_t> seconds = parseInteger(text);
    if (seconds && *seconds >= -largest && *seconds <= largest)
        return seconds;
    return std::nullopt;
}

LocalTimeZone LocalTimeZone::fixed(std::int64_t offsetSeconds)
{
    LocalTimeZone zone;
    zone.m_offset = offsetSeconds;
    return zone;
}

LocalTimeZone LocalTimeZone::named(const std::string& name)
{
    LocalTimeZone zone;
    try {
        zone.m_zone = date::locate_zone(name);
    } catch (const std::exception&) {
        throw std::invalid_argument("time zone '" + name + "' is not in the system's time zone database");
    }
    return zone;
}

std::string LocalTimeZone::name() const
{
    if (m_zone)
        return std::string(m_zone->name());
    if (m_offset == 0)
        return "UTC";
    const std::int64_t magnitude = m_offset < 0 ? -m_offset : m_offset;
    char text[48]; // room for any offset, though a zone's is under a day
    std::snprintf(text, sizeof text, "UTC%c%02lld:%02lld", m_offset < 0 ? '-' : '+',
                  static_cast<long long>(magnitude / 3600), static_cast<long long>(magnitude / 60 % 60));
    return text;
}

LocalTimeZone::Conversion LocalTimeZone::toUtcInZone(std::int64_t wallClock) const
{
    using std::chrono::seconds;
    const date::local_info info = m_zone->get_info(date::local_seconds(seconds(wallClock)));
    const std::int64_t first = wallClock - info.first.offset.count();
    switch (info.result) {
    case date::local_info::unique: {
        const std::int64_t offset = info.first.offset.count();
        const auto edge = [](date::sys_seconds time) { return time.time_since_epoch().count(); };
        constexpr std::int64_t day = 86400;
        m_safeBegin = edge(info.first.begin) + offset + day;
        m_safeEnd = edge(info.first.end) + offset - day;
        m_safeOffset = offset;
        return {Conversion::Unique, first, first};
    }
    case date::local_info::nonexistent: return {Conversion::Nonexistent, first, wallClock - info.second.offset.count()};
    default: return {Conversion::Ambiguous, first, wallClock - info.second.offset.count()};
    }
}

} // namespace placement
