#pragma once

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

} // namespace placement
