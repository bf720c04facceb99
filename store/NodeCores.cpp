// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/NodeCores.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace placement {

std::string encodeNodeCores(const std::vector<int>& cores)
{
    if (cores.empty())
        return {};
    if (std::all_of(cores.begin(), cores.end(), [&](int count) { return count == cores.front(); }))
        return std::to_string(cores.front());
    std::string text;
    for (const int count : cores) {
        if (!text.empty())
            text.push_back(',');
        text += std::to_string(count);
    }
    return text;
}

std::vector<int> decodeNodeCores(std::string_view text, int nodeCount)
{
    std::vector<int> cores;
    const char* at = text.data();
    const char* const end = text.data() + text.size();
    while (at < end) {
        int count = 0;
        const auto [next, error] = std::from_chars(at, end, count);
        if (error != std::errc() || count < 0 || (next != end && *next != ','))
            throw std::invalid_argument("damaged per-node CPU counts '" + std::string(text) + "'");
        cores.push_back(count);
        at = next == end ? end : next + 1;
    }
    if (cores.size() == 1 && nodeCount > 1)
        cores.assign(static_cast<std::size_t>(nodeCount), cores.front());
    if (static_cast<int>(cores.size()) != nodeCount)
        throw std::invalid_argument("per-node CPU counts '" + std::string(text) + "' for a job of "
                                    + std::to_string(nodeCount) + " nodes");
    return cores;
}

} // namespace placement
