// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace placement {

/// Sorts `values`, each in [0, bound), into increasing order (equal values kept), as
/// std::sort would. Node and link ids are bounded by the machine, so a large allocation
/// (a job on a thousand nodes, its links) is sorted by counting, in O(n + bound), instead of
/// by comparisons; a small one by std::sort; one already in order is left as it is.
inline void sortBounded(std::vector<int>& values, int bound)
{
    if (std::is_sorted(values.begin(), values.end()))
        return;
    if (values.size() * 8 < static_cast<size_t>(bound)) {
        std::sort(values.begin(), values.end());
        return;
    }
    thread_local std::vector<std::uint32_t> counts; // kept between calls, left all zero
    if (counts.size() < static_cast<size_t>(bound))
        counts.resize(static_cast<size_t>(bound), 0);
    for (int value : values)
        ++counts[static_cast<size_t>(value)];
    auto out = values.begin();
    for (int value = 0; value < bound; ++value) {
        out = std::fill_n(out, counts[static_cast<size_t>(value)], value);
        counts[static_cast<size_t>(value)] = 0;
    }
}

} // namespace placement
