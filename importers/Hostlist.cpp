// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/Hostlist.h"

#include <algorithm>

namespace placement {
namespace {

/// No host name is longer (RFC 1035 §2.3.4). Without this bound a short expression of long
/// names in a cartesian product could take gigabytes while staying under maxNames.
constexpr size_t maxNameLength = 255;

bool isSeparator(char c)
{
    return c == ',' || c == ' ' || c == '\t';
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

size_t decimalDigits(unsigned long long value)
{
    size_t digits = 1;
    for (; value >= 10; value /= 10)
        ++digits;
    return digits;
}

unsigned long long parseNumber(std::string_view text, size_t offset)
{
    if (text.empty())
        throw HostlistError("empty number in range", offset);
    if (text.size() > 18)
        throw HostlistError("number too long in range", offset);
    unsigned long long value = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (!isDigit(text[i]))
            throw HostlistError(std::string("unexpected '") + text[i] + "' in range", offset + i);
        value = value * 10 + static_cast<unsigned long long>(text[i] - '0');
    }
    return value;
}

[[noreturn]] void throwTooMany(size_t maxNames, size_t offset)
{
    throw HostlistError("expansion exceeds " + std::to_string(maxNames) + " names", offset);
}

} // namespace

void appendPaddedNumber(std::string& text, unsigned long long value, size_t width)
{
    char digits[24];
    size_t count = 0;
    do {
        digits[count++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value);
    if (count < width)
        text.append(width - count, '0');
    while (count)
        text.push_back(digits[--count]);
}

HostlistReader::HostlistReader(std::string_view expression, size_t maxNames)
    : m_expression(expression == "None assigned" || expression == "(null)" ? std::string_view() : expression)
    , m_maxNames(maxNames)
{}

bool HostlistReader::next(HostlistItem& item)
{
    const std::string_view text = m_expression;
    while (m_position < text.size() && isSeparator(text[m_position]))
        ++m_position;
    if (m_position == text.size())
        return false;
    // An item runs to the next separator outside brackets.
    size_t end = m_position;
    int depth = 0;
    while (end < text.size() && (depth > 0 || !isSeparator(text[end]))) {
        if (text[end] == '[')
            ++depth;
        else if (text[end] == ']')
            --depth;
        ++end;
    }
    readItem(text.substr(m_position, end - m_position), m_position, item);
    m_position = end;
    return true;
}

void HostlistReader::readItem(std::string_view text, size_t offset, HostlistItem& item)
{
    item.groups.clear();
    item.ranges.clear();
    item.suffix = {};
    size_t product = 1; ///< names of the groups read so far
    size_t longest = 0; ///< of those names
    size_t position = 0;
    const auto checkLength = [&](size_t length) {
        if (length > maxNameLength)
            throw HostlistError("name longer than " + std::to_string(maxNameLength) + " characters", offset + position);
    };
    while (position < text.size()) {
        const size_t open = text.find('[', position);
        const size_t stray = text.find(']', position);
        if (stray != std::string_view::npos && (open == std::string_view::npos || stray < open))
            throw HostlistError("']' without '['", offset + stray);
        if (open == std::string_view::npos) {
            checkLength(longest + text.size() - position);
            item.suffix = text.substr(position);
            break;
        }
        const size_t close = text.find(']', open);
        if (close == std::string_view::npos)
            throw HostlistError("'[' without ']'", offset + open);
        HostlistItem::Group group;
        group.literal = text.substr(position, open - position);
        group.firstRange = item.ranges.size();
        readRanges(text.substr(open + 1, close - open - 1), offset + open + 1, item, group);
        size_t widest = 0;
        for (size_t r = group.firstRange; r < item.ranges.size(); ++r)
            widest = std::max({widest, item.ranges[r].width, decimalDigits(item.ranges[r].high)});
        longest += group.literal.size() + widest;
        checkLength(longest);
        if (product * group.count + m_names > m_maxNames)
            throwTooMany(m_maxNames, offset + open);
        product *= group.count;
        item.groups.push_back(group);
        position = close + 1;
    }
    // The names of items without brackets count against the cap too.
    if (m_names + product > m_maxNames)
        throwTooMany(m_maxNames, offset);
    m_names += product;
    item.names = product;
}

void HostlistReader::readRanges(std::string_view text, size_t offset, HostlistItem& item, HostlistItem::Group& group)
{
    if (text.empty())
        throw HostlistError("empty brackets", offset);
    size_t begin = 0;
    while (begin <= text.size()) {
        size_t end = text.find(',', begin);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view range = text.substr(begin, end - begin);
        const size_t dash = range.find('-');
        const std::string_view lowText = range.substr(0, dash);
        const unsigned long long low = parseNumber(lowText, offset + begin);
        unsigned long long high = low;
        if (dash != std::string_view::npos)
            high = parseNumber(range.substr(dash + 1), offset + begin + dash + 1);
        if (low > high)
            throw HostlistError("range " + std::string(range) + " runs backwards", offset + begin);
        if (high - low >= m_maxNames || group.count + (high - low) >= m_maxNames)
            throwTooMany(m_maxNames, offset + begin);
        item.ranges.push_back({low, high, lowText.size()});
        group.count += static_cast<size_t>(high - low) + 1;
        ++group.rangeCount;
        begin = end + 1;
    }
}

std::vector<std::string> expandHostlist(std::string_view expression, size_t maxNames)
{
    std::vector<std::string> names;
    HostlistReader reader(expression, maxNames);
    HostlistItem item;
    std::vector<std::string> prefixes, next;
    while (reader.next(item)) {
        // Cartesian product over bracket groups, leftmost group varying slowest.
        prefixes.assign(1, std::string());
        for (const HostlistItem::Group& group : item.groups) {
            next.clear();
            next.reserve(prefixes.size() * group.count);
            for (const std::string& prefix : prefixes)
                for (size_t r = group.firstRange; r < group.firstRange + group.rangeCount; ++r) {
                    const HostlistItem::Range& range = item.ranges[r];
                    for (unsigned long long value = range.low;; ++value) {
                        std::string& name = next.emplace_back(prefix);
                        name += group.literal;
                        appendPaddedNumber(name, value, range.width);
                        if (value == range.high)
                            break;
                    }
                }
            std::swap(prefixes, next);
        }
        for (std::string& name : prefixes) {
            name += item.suffix;
            names.push_back(std::move(name));
        }
    }
    return names;
}

} // namespace placement
