// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Timeline.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace placement {

/// The running sum of the changes `forEach` visits (it calls visit(time, change) for each,
/// in any order; a rise is positive, a fall negative): one step per distinct time where a
/// change is not nothing, its value the sum so far (clamped to what an int holds). Empty
/// without changes.
///
/// Where the times lie within 2^32 s (136 years) of each other, the changes are sorted a
/// window of time at a time, each window holding at most a sixth of them (8 bytes each): 8 MB
/// at once for the 6 million changes of 3 million jobs, not 48 MB. `forEach` is called once
/// to find the span, once per window, and once more to count them when there are several
/// (over 2^18 changes). Times further apart are sorted at once, 16 bytes a change.
template <typename ForEach> StepSeries runningSum(const ForEach& forEach)
{
    std::int64_t first = std::numeric_limits<std::int64_t>::max(), last = std::numeric_limits<std::int64_t>::min();
    std::size_t changes = 0;
    forEach([&](std::int64_t time, int) {
        first = std::min(first, time);
        last = std::max(last, time);
        ++changes;
    });
    StepSeries series;
    const auto append = [&series](std::int64_t time, std::int64_t value) {
        series.append(time,
                      static_cast<int>(std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(),
                                                                std::numeric_limits<int>::max())));
    };
    if (changes == 0)
        return series;
    if (static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first) > UINT32_MAX) {
        std::vector<std::pair<std::int64_t, int>> all;
        all.reserve(changes);
        forEach([&](std::int64_t time, int change) { all.emplace_back(time, change); });
        std::sort(all.begin(), all.end());
        std::int64_t value = 0;
        for (std::size_t i = 0; i < all.size();) {
            const std::int64_t time = all[i].first;
            bool changed = false;
            for (; i < all.size() && all[i].first == time; ++i) {
                value += all[i].second;
                changed = changed || all[i].second != 0;
            }
            if (changed)
                append(time, value);
        }
        return series;
    }
    constexpr std::uint64_t Buckets = 4096;
    const std::uint64_t span = static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first) + 1;
    const auto offsetOf
        = [&](std::int64_t time) { return static_cast<std::uint64_t>(time) - static_cast<std::uint64_t>(first); };
    const auto bucketOf = [&](std::int64_t time) { return offsetOf(time) * Buckets / span; }; // < 2^44: no overflow
    const std::size_t limit = std::max<std::size_t>(std::size_t(1) << 18, (changes + 5) / 6);
    std::vector<std::pair<std::uint64_t, std::size_t>> windows; // each: its first bucket past it, its changes
    if (changes > limit) {
        std::vector<std::size_t> perBucket(Buckets);
        forEach([&](std::int64_t time, int) { ++perBucket[bucketOf(time)]; });
        // Consecutive buckets make a window up to the limit; a bucket over it is one alone.
        std::size_t held = 0;
        for (std::uint64_t bucket = 0; bucket < Buckets; ++bucket) {
            if (held > 0 && held + perBucket[bucket] > limit) {
                windows.emplace_back(bucket, held);
                held = 0;
            }
            held += perBucket[bucket];
        }
        windows.emplace_back(Buckets, held);
    } else {
        windows.emplace_back(Buckets, changes);
    }

    series.reserve(changes); // at most one step a change; pages never written take no memory
    std::vector<std::uint64_t> words; // the time's offset in the high half, the change's bits in the low
    std::uint64_t windowBegin = 0;
    std::int64_t value = 0;
    for (const auto& [windowEnd, windowChanges] : windows) {
        words.clear();
        words.reserve(windowChanges);
        forEach([&](std::int64_t time, int change) {
            const std::uint64_t bucket = bucketOf(time);
            if (bucket >= windowBegin && bucket < windowEnd)
                words.push_back(offsetOf(time) << 32 | static_cast<std::uint32_t>(change));
        });
        std::sort(words.begin(), words.end());
        for (std::size_t i = 0; i < words.size();) {
            const std::uint64_t offset = words[i] >> 32;
            std::int64_t sum = 0;
            bool changed = false;
            for (; i < words.size() && words[i] >> 32 == offset; ++i) {
                const auto change = static_cast<int>(static_cast<std::uint32_t>(words[i]));
                sum += change;
                changed = changed || change != 0;
            }
            if (changed) {
                value += sum;
                append(first + static_cast<std::int64_t>(offset), value);
            }
        }
        windowBegin = windowEnd;
    }
    return series;
}

} // namespace placement
