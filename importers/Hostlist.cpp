#include "importers/Hostlist.h"

#include <algorithm>
#include <cstdio>

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

std::string pad(unsigned long long value, size_t width)
{
    std::string digits = std::to_string(value);
    if (digits.size() < width)
        digits.insert(0, width - digits.size(), '0');
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

/// The numbers of one bracket group ("1-3,7"), rendered with their padding.
std::vector<std::string> expandRanges(std::string_view ranges, size_t offset, size_t maxNames)
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

void expandItem(std::string_view item, size_t offset, size_t maxNames, std::vector<std::string>& out)
{
    // Cartesian product over bracket groups, leftmost group varying slowest.
    std::vector<std::string> prefixes{std::string()};
    size_t longest = 0; ///< of the prefixes
    size_t position = 0;
    const auto checkLength = [&](size_t length) {
        if (length > maxNameLength)
            throw HostlistError("name longer than " + std::to_string(maxNameLength) + " characters", offset + position);
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
        next.reserve(prefixes.size() * numbers.size());
        for (const std::string& prefix : prefixes)
            for (const std::string& number : numbers)
                next.push_back(prefix + std::string(literal) + number);
        prefixes = std::move(next);
        position = close + 1;
    }
    // The names of items without brackets count against the cap too.
    if (out.size() + prefixes.size() > maxNames)
        throw HostlistError("expansion exceeds " + std::to_string(maxNames) + " names", offset);
    for (std::string& name : prefixes)
        out.push_back(std::move(name));
}

} // namespace

std::vector<std::string> expandHostlist(std::string_view expression, size_t maxNames)
{
    std::vector<std::string> names;
    if (expression == "None assigned" || expression == "(null)")
        return names;
    size_t position = 0;
    while (position < expression.size()) {
        while (position < expression.size() && isSeparator(expression[position]))
            ++position;
        if (position == expression.size())
            break;
        // An item runs to the next separator outside brackets.
        size_t end = position;
        int depth = 0;
        while (end < expression.size() && (depth > 0 || !isSeparator(expression[end]))) {
            if (expression[end] == '[')
                ++depth;
            else if (expression[end] == ']')
                --depth;
            ++end;
        }
        expandItem(expression.substr(position, end - position), position, maxNames, names);
        position = end;
    }
    return names;
}

} // namespace placement
