// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

// The slow, obviously correct references for the hostlist reader and the node list resolver:
// how hostlists were expanded and looked up before both existed (importers/Hostlist.cpp and
// importers/JobImport.cpp as of 2026-11-21): every name as a string, deduplicated as a
// string, looked up by full name, then without the domain.

#include "importers/Hostlist.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace placement::test {

namespace reference {

inline bool isSeparator(char c)
{
    return c == ',' || c == ' ' || c == '\t';
}

inline std::string pad(unsigned long long value, size_t width)
{
    std::string digits = std::to_string(value);
    if (digits.size() < width)
        digits.insert(0, width - digits.size(), '0');
    return digits;
}

inline unsigned long long parseNumber(std::string_view text, size_t offset)
{
    if (text.empty())
        throw HostlistError("empty number in range", offset);
    if (text.size() > 18)
        throw HostlistError("number too long in range", offset);
    unsigned long long value = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            throw HostlistError(std::string("unexpected '") + text[i] + "' in range", offset + i);
        value = value * 10 + static_cast<unsigned long long>(text[i] - '0');
    }
    return value;
}

inline std::vector<std::string> expandRanges(std::string_view ranges, size_t offset, size_t maxNames)
{
    std::vector<std::string> values;
    if (ranges.empty())
        throw HostlistError("empty brackets", offset);
    size_t begin = 0;
    while (begin <= ranges.size()) {
        size_t end = ranges.find(',', begin);
        if (end == std::string_view::npos)
            end = ranges.size();
        const std::string_view range = ranges.substr(begin, end - begin);
        const size_t dash = range.find('-');
        const std::string_view lowText = range.substr(0, dash);
        const unsigned long long low = parseNumber(lowText, offset + begin);
        unsigned long long high = low;
        if (dash != std::string_view::npos)
            high = parseNumber(range.substr(dash + 1), offset + begin + dash + 1);
        if (low > high)
            throw HostlistError("range " + std::string(range) + " runs backwards", offset + begin);
        if (high - low >= maxNames || values.size() + (high - low) >= maxNames)
            throw HostlistError("expansion exceeds " + std::to_string(maxNames) + " names", offset + begin);
        for (unsigned long long value = low; value <= high; ++value)
            values.push_back(pad(value, lowText.size()));
        begin = end + 1;
    }
    return values;
}

inline void expandItem(std::string_view item, size_t offset, size_t maxNames, std::vector<std::string>& out)
{
    std::vector<std::string> prefixes{std::string()};
    size_t longest = 0;
    size_t position = 0;
    const auto checkLength = [&](size_t length) {
        if (length > 255)
            throw HostlistError("name longer than 255 characters", offset + position);
    };
    while (position < item.size()) {
        const size_t open = item.find('[', position);
        const size_t stray = item.find(']', position);
        if (stray != std::string_view::npos && (open == std::string_view::npos || stray < open))
            throw HostlistError("']' without '['", offset + stray);
        if (open == std::string_view::npos) {
            checkLength(longest + item.size() - position);
            for (std::string& prefix : prefixes)
                prefix += item.substr(position);
            break;
        }
        const size_t close = item.find(']', open);
        if (close == std::string_view::npos)
            throw HostlistError("'[' without ']'", offset + open);
        const std::string_view literal = item.substr(position, open - position);
        const std::vector<std::string> numbers
            = expandRanges(item.substr(open + 1, close - open - 1), offset + open + 1, maxNames);
        size_t widest = 0;
        for (const std::string& number : numbers)
            widest = std::max(widest, number.size());
        longest += literal.size() + widest;
        checkLength(longest);
        if (prefixes.size() * numbers.size() + out.size() > maxNames)
            throw HostlistError("expansion exceeds " + std::to_string(maxNames) + " names", offset + open);
        std::vector<std::string> next;
        for (const std::string& prefix : prefixes)
            for (const std::string& number : numbers)
                next.push_back(prefix + std::string(literal) + number);
        prefixes = std::move(next);
        position = close + 1;
    }
    if (out.size() + prefixes.size() > maxNames)
        throw HostlistError("expansion exceeds " + std::to_string(maxNames) + " names", offset);
    for (std::string& name : prefixes)
        out.push_back(std::move(name));
}

} // namespace reference

/// expandHostlist() as it was: names are made one by one as strings.
inline std::vector<std::string> referenceExpandHostlist(std::string_view expression, size_t maxNames = 1'000'000)
{
    std::vector<std::string> names;
    if (expression == "None assigned" || expression == "(null)")
        return names;
    size_t position = 0;
    while (position < expression.size()) {
        while (position < expression.size() && reference::isSeparator(expression[position]))
            ++position;
        if (position == expression.size())
            break;
        size_t end = position;
        int depth = 0;
        while (end < expression.size() && (depth > 0 || !reference::isSeparator(expression[end]))) {
            if (expression[end] == '[')
                ++depth;
            else if (expression[end] == ']')
                --depth;
            ++end;
        }
        reference::expandItem(expression.substr(position, end - position), position, maxNames, names);
        position = end;
    }
    return names;
}

/// The node lookup of the import as it was: full and short names in one map (the first node
/// of a name wins), a name looked up whole, then without its domain.
class ReferenceNodeIndex
{
public:
    explicit ReferenceNodeIndex(const std::vector<std::string>& names)
    {
        for (size_t i = 0; i < names.size(); ++i) {
            m_index.emplace(names[i], static_cast<int>(i));
            m_index.emplace(stripDomain(names[i]), static_cast<int>(i));
        }
    }

    int find(const std::string& name) const
    {
        auto it = m_index.find(name);
        if (it == m_index.end())
            it = m_index.find(stripDomain(name));
        return it == m_index.end() ? -1 : it->second;
    }

    /// The hostlist expanded, deduplicated as strings, and looked up name by name.
    void resolve(std::string_view expression, std::vector<int>& nodes, std::vector<std::string>& unknown,
                 size_t maxNames = 1'000'000) const
    {
        nodes.clear();
        unknown.clear();
        std::unordered_set<std::string> seen;
        for (const std::string& name : referenceExpandHostlist(expression, maxNames)) {
            if (!seen.insert(name).second)
                continue;
            const int node = find(name);
            if (node < 0)
                unknown.push_back(name);
            else
                nodes.push_back(node);
        }
    }

private:
    static std::string stripDomain(const std::string& name)
    {
        const auto dot = name.find('.');
        return dot == std::string::npos ? name : name.substr(0, dot);
    }

    std::unordered_map<std::string, int> m_index;
};

} // namespace placement::test
