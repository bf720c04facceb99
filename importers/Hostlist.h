// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace placement {

/// A malformed hostlist; `offset` is the 0-based character position of the problem.
class HostlistError : public std::invalid_argument
{
public:
    HostlistError(const std::string& message, size_t position)
        : std::invalid_argument(message)
        , offset(position)
    {}
    size_t offset;
};

/// Expands a Slurm hostlist expression ("cab[1-3,7],rack[1-2]-node[01-02]") into node names,
/// in expression order, as Slurm's src/common/hostlist.c does: separators are ',', ' ' and
/// TAB outside brackets; numbers keep the width of the range's lower bound; several bracket
/// groups form a cartesian product (leftmost slowest); text after the last ']' is a suffix.
/// "None assigned", "(null)" and "" are the empty list. Throws HostlistError on malformed
/// input (unbalanced brackets, lo > hi, non-digits or empty ranges), when the expansion
/// would exceed `maxNames`, or for a name longer than 255 characters (RFC 1035), which
/// keeps long prefixes multiplied by bracket groups from exhausting memory.
std::vector<std::string> expandHostlist(std::string_view expression, size_t maxNames = 1'000'000);

/// One item of a hostlist ("rack[1-2]-node[01-02]"), checked but not expanded: the names it
/// stands for are literal(0) number(0) literal(1) number(1) ... suffix, over the cartesian
/// product of the groups' numbers, leftmost group slowest.
struct HostlistItem
{
    struct Range
    {
        unsigned long long low = 0, high = 0;
        size_t width = 0; ///< digits of the lower bound as written: numbers are zero-padded to it
    };
    struct Group
    {
        std::string_view literal; ///< the text before the '['
        size_t firstRange = 0, rangeCount = 0; ///< in `ranges`
        size_t count = 0; ///< numbers in the group
    };
    std::vector<Group> groups;
    std::vector<Range> ranges; ///< of every group, in order
    std::string_view suffix; ///< after the last ']'; the whole item when it has no brackets
    size_t names = 0; ///< the product of the groups' counts
};

/// Reads a hostlist expression one item at a time, with every check of expandHostlist (the
/// same errors at the same offsets, the same cap on the number of names), so that callers
/// can map items to something other than name strings without expanding them first.
/// Reading reuses the item's buffers: no allocation per item once they have grown.
class HostlistReader
{
public:
    explicit HostlistReader(std::string_view expression, size_t maxNames = 1'000'000);
    /// The next item, or false after the last. Throws HostlistError.
    bool next(HostlistItem& item);

private:
    void readItem(std::string_view text, size_t offset, HostlistItem& item);
    void readRanges(std::string_view text, size_t offset, HostlistItem& item, HostlistItem::Group& group);

    std::string_view m_expression;
    size_t m_position = 0;
    size_t m_maxNames;
    size_t m_names = 0; ///< of the items read so far
};

/// Appends `value` in decimal, zero-padded to `width` digits.
void appendPaddedNumber(std::string& text, unsigned long long value, size_t width);

} // namespace placement
