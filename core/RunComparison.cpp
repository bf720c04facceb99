// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/RunComparison.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace placement {
namespace {

bool samePlacement(const Job& a, const Job& b)
{
    if (a.start != b.start || a.end != b.end || a.nodes.size() != b.nodes.size())
        return false;
    if (std::is_sorted(a.nodes.begin(), a.nodes.end()) && std::is_sorted(b.nodes.begin(), b.nodes.end()))
        return a.nodes == b.nodes;
    std::vector<int> x = a.nodes.toVector(), y = b.nodes.toVector();
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y;
}

} // namespace

RunComparison compareRuns(const std::vector<Job>& first, const std::vector<Job>& other)
{
    RunComparison comparison;
    comparison.otherOfFirst.assign(first.size(), -1);
    comparison.firstOfOther.assign(other.size(), -1);
    comparison.firstDiffers.assign(first.size(), 1);
    comparison.otherDiffers.assign(other.size(), 1);
    std::unordered_map<std::string, int> byId;
    byId.reserve(other.size());
    for (size_t i = 0; i < other.size(); ++i)
        byId.emplace(other[i].id, static_cast<int>(i)); // the first of repeated ids
    for (size_t i = 0; i < first.size(); ++i) {
        const auto found = byId.find(first[i].id);
        if (found == byId.end() || comparison.firstOfOther[static_cast<size_t>(found->second)] >= 0)
            continue;
        const auto j = static_cast<size_t>(found->second);
        comparison.otherOfFirst[i] = found->second;
        comparison.firstOfOther[j] = static_cast<int>(i);
        const bool same = samePlacement(first[i], other[j]);
        comparison.firstDiffers[i] = same ? 0 : 1;
        comparison.otherDiffers[j] = same ? 0 : 1;
    }
    comparison.differing
        = static_cast<int>(std::count(comparison.firstDiffers.begin(), comparison.firstDiffers.end(), 1));
    return comparison;
}

} // namespace placement
