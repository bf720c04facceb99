// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

// Small, strict text helpers shared by the job log parsers. "Strict" means a value either
// parses completely or not at all: a half-numeric field is a sign of shifted columns.

namespace placement {

/// Splits at runs of spaces and tabs; no empty pieces.
std::vector<std::string_view> splitWhitespace(std::string_view text);
/// Splits at every occurrence of `separator`; n separators give n + 1 pieces.
std::vector<std::string_view> splitAll(std::string_view text, std::string_view separator);
/// The same into `pieces` (replacing its contents), which keeps its capacity between lines.
void splitAll(std::string_view text, std::string_view separator, std::vector<std::string_view>& pieces);

std::string_view trimmed(std::string_view text);
std::string toUpper(std::string_view text);
bool equalsIgnoringCase(std::string_view a, std::string_view b);
bool isDigits(std::string_view text); ///< non-empty and only 0-9

/// An optionally negative decimal integer and nothing else.
std::optional<std::int64_t> parseInteger(std::string_view text);
/// An integer that fits an int and is at least `minimum`.
std::optional<int> parseCount(std::string_view text, int minimum = 0);
/// A decimal number: an optional '-', digits, an optional fraction. No exponents.
std::optional<double> parseDecimal(std::string_view text);

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
std::int64_t daysFromCivil(std::int64_t year, unsigned month, unsigned day);
/// "YYYY-MM-DDTHH:MM:SS" read as UTC; nullopt for anything else, including impossible dates.
std::optional<std::int64_t> parseIsoDateTime(std::string_view text);
/// "MM/DD/YYYY HH:MM:SS" (PBS record stamps) read as UTC.
std::optional<std::int64_t> parseUsDateTime(std::string_view text);
/// Epoch seconds as "YYYY-MM-DDTHH:MM:SSZ".
std::string formatIsoUtc(std::int64_t epochSeconds);

/// PBS walltime "[[[D:]H:]M:]S" in seconds (docs/formats/torque-accounting.md).
std::optional<std::int64_t> parseColonDuration(std::string_view text);

/// Node names in first-seen order without duplicates, in linear time.
class UniqueNames
{
public:
    void add(std::string_view name);
    std::size_t size() const { return m_names.size(); }
    std::vector<std::string> take();

private:
    std::vector<std::string> m_names;
    std::unordered_set<std::string> m_seen;
};

} // namespace placement
