// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace placement {

/// Sorts `values`, each in [0, bound), into increasing order (equal values kept), as
/// std::sort would. Node and link ids are bounded by the machine, so a large allocation
/// (a job on a thousand nodes, its links) is sorted in O(n + bound / 64) by setting bits and
/// reading them back in order (by counting, in O(n + bound), when a value repeats); a small
/// one by std::sort; one already in order is left as it is.
inline void sortBounded(std::vector<int>& values, int bound)
{
    if (std::is_sorted(values.begin(), values.end()))
        return;
    const size_t words = (static_cast<size_t>(bound) + 63) / 64;
    if (values.size() * 16 < words * 64) {
        std::sort(values.begin(), values.end());
        return;
    }
    thread_local std::vector<std::uint64_t> bits; // kept between calls, left all zero
    if (bits.size() < words)
        bits.resize(words, 0);
    bool repeated = false;
    for (int value : values) {
        std::uint64_t& word = bits[static_cast<size_t>(value) / 64];
        const std::uint64_t bit = std::uint64_t(1) << (static_cast<unsigned>(value) % 64);
        repeated = repeated || (word & bit) != 0;
        word |= bit;
    }
    if (!repeated) {
        auto out = values.begin();
        for (size_t w = 0; w < words; ++w) {
            for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
                *out++ = static_cast<int>(w * 64 + static_cast<size_t>(std::countr_zero(word)));
            bits[w] = 0;
        }
        return;
    }
    for (int value : values)
        bits[static_cast<size_t>(value) / 64] = 0;
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
