// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/TextFields.h"

#include <charconv>
#include <cstdio>
#include <cstring>

namespace placement {

std::vector<std::string_view> splitWhitespace(std::string_view text)
{
    std::vector<std::string_view> pieces;
    std::size_t position = 0;
    while (position < text.size()) {
        while (position < text.size() && (text[position] == ' ' || text[position] == '\t'))
            ++position;
        const std::size_t begin = position;
        while (position < text.size() && text[position] != ' ' && text[position] != '\t')
            ++position;
        if (position > begin)
            pieces.push_back(text.substr(begin, position - begin));
    }
    return pieces;
}

std::vector<std::string_view> splitAll(std::string_view text, std::string_view separator)
{
    std::vector<std::string_view> pieces;
    splitAll(text, separator, pieces);
    return pieces;
}

void splitAll(std::string_view text, std::string_view separator, std::vector<std::string_view>& pieces)
{
    pieces.clear();
    std::size_t begin = 0;
    if (separator.size() == 1) { // the usual '|': memchr instead of a substring search
        const char* data = text.data();
        while (true) {
            const void* found
                = begin < text.size() ? std::memchr(data + begin, separator[0], text.size() - begin) : nullptr;
            if (!found) {
                pieces.push_back(text.substr(begin));
                return;
            }
            const auto end = static_cast<std::size_t>(static_cast<const char*>(found) - data);
            pieces.push_back(text.substr(begin, end - begin));
            begin = end + 1;
        }
    }
    while (true) {
        const std::size_t end = text.find(separator, begin);
        if (end == std::string_view::npos) {
            pieces.push_back(text.substr(begin));
            return;
        }
        pieces.push_back(text.substr(begin, end - begin));
        begin = end + separator.size();
    }
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

std::string toUpper(std::string_view text)
{
    std::string upper(text);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return upper;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && toUpper(a) == toUpper(b);
}

bool isDigits(std::string_view text)
{
    if (text.empty())
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    return true;
}

std::optional<std::int64_t> parseInteger(std::string_view text)
{
    const std::string_view digits = !text.empty() && text.front() == '-' ? text.substr(1) : text;
    if (!isDigits(digits))
        return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<int> parseCount(std::string_view text, int minimum)
{
    const std::optional<std::int64_t> value = parseInteger(text);
    if (!value || *value < minimum || *value > 2'000'000'000)
        return std::nullopt;
    return static_cast<int>(*value);
}

std::optional<double> parseDecimal(std::string_view text)
{
    std::string_view rest = !text.empty() && text.front() == '-' ? text.substr(1) : text;
    const std::size_t dot = rest.find('.');
    if (!isDigits(rest.substr(0, dot)))
        return std::nullopt;
    if (dot != std::string_view::npos && !isDigits(rest.substr(dot + 1)))
        return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::int64_t daysFromCivil(std::int64_t year, unsigned month, unsigned day)
{
    year -= month <= 2;
    const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    const auto yearOfEra = static_cast<unsigned>(year - era * 400);
    const unsigned dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const unsigned dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + static_cast<std::int64_t>(dayOfEra) - 719468;
}

namespace {

bool isLeapYear(std::int64_t year)
{
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

unsigned daysInMonth(std::int64_t year, unsigned month)
{
    static constexpr unsigned days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeapYear(year) ? 29 : days[month - 1];
}

/// Reads `width` digits at `offset`; nullopt if any is not a digit. (Directly: four of these
/// per time and four times per sacct line add up over a million lines.)
std::optional<unsigned> fixedNumber(std::string_view text, std::size_t offset, std::size_t width)
{
    if (offset > text.size() || text.size() - offset < width || width == 0)
        return std::nullopt;
    unsigned value = 0;
    for (std::size_t i = offset; i < offset + width; ++i) {
        const unsigned digit = static_cast<unsigned>(static_cast<unsigned char>(text[i])) - '0';
        if (digit > 9)
            return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

std::optional<std::int64_t> epochFromParts(std::optional<unsigned> year, std::optional<unsigned> month,
                                           std::optional<unsigned> day, std::optional<unsigned> hour,
                                           std::optional<unsigned> minute, std::optional<unsigned> second)
{
    if (!year || !month || !day || !hour || !minute || !second)
        return std::nullopt;
    if (*month < 1 || *month > 12 || *day < 1 || *day > daysInMonth(*year, *month) || *hour > 23 || *minute > 59
        || *second > 60)
        return std::nullopt;
    return daysFromCivil(*year, *month, *day) * 86400 + *hour * 3600 + *minute * 60 + *second;
}

} // namespace

std::optional<std::int64_t> parseIsoDateTime(std::string_view text)
{
    if (text.size() != 19 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':')
        return std::nullopt;
    return epochFromParts(fixedNumber(text, 0, 4), fixedNumber(text, 5, 2), fixedNumber(text, 8, 2),
                          fixedNumber(text, 11, 2), fixedNumber(text, 14, 2), fixedNumber(text, 17, 2));
}

std::optional<std::int64_t> parseUsDateTime(std::string_view text)
{
    if (text.size() != 19 || text[2] != '/' || text[5] != '/' || text[10] != ' ' || text[13] != ':' || text[16] != ':')
        return std::nullopt;
    return epochFromParts(fixedNumber(text, 6, 4), fixedNumber(text, 0, 2), fixedNumber(text, 3, 2),
                          fixedNumber(text, 11, 2), fixedNumber(text, 14, 2), fixedNumber(text, 17, 2));
}

std::string formatIsoUtc(std::int64_t epochSeconds)
{
    // Inverse of daysFromCivil (H. Hinnant's civil_from_days).
    std::int64_t days = epochSeconds / 86400;
    std::int64_t seconds = epochSeconds % 86400;
    if (seconds < 0) {
        seconds += 86400;
        --days;
    }
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const auto dayOfEra = static_cast<unsigned>(days - era * 146097);
    const unsigned yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    const unsigned dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const unsigned monthIndex = (5 * dayOfYear + 2) / 153;
    const unsigned day = dayOfYear - (153 * monthIndex + 2) / 5 + 1;
    const unsigned month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
    const std::int64_t year = static_cast<std::int64_t>(yearOfEra) + era * 400 + (month <= 2);
    char text[40];
    std::snprintf(text, sizeof text, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", static_cast<long long>(year), month, day,
                  static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60));
    return text;
}

std::optional<std::int64_t> parseColonDuration(std::string_view text)
{
    const std::vector<std::string_view> parts = splitAll(text, ":");
    if (parts.size() > 4)
        return std::nullopt;
    static constexpr std::int64_t units[] = {1, 60, 3600, 86400};
    std::int64_t total = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string_view part = parts[parts.size() - 1 - i];
        if (!isDigits(part) || part.size() > 12)
            return std::nullopt;
        total += *parseInteger(part) * units[i];
    }
    return total;
}

void UniqueNames::add(std::string_view name)
{
    std::string text(name);
    if (m_seen.insert(text).second)
        m_names.push_back(std::move(text));
}

std::vector<std::string> UniqueNames::take()
{
    m_seen.clear();
    return std::move(m_names);
}

} // namespace placement
