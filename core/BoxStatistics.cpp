// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/BoxStatistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace placement {

double quantileOfSorted(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        throw std::invalid_argument("the quantile of no values");
    if (!(p >= 0 && p <= 1))
        throw std::invalid_argument("a quantile must lie in [0, 1]");
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto below = static_cast<size_t>(std::floor(h));
    if (below + 1 >= sorted.size())
        return sorted.back();
    const double fraction = h - static_cast<double>(below);
    return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

BoxSummary summarizeBox(std::vector<double> values)
{
    BoxSummary box;
    if (values.empty())
        return box;
    for (double value : values)
        if (!std::isfinite(value))
            throw std::invalid_argument("box plot values must be finite");
    std::sort(values.begin(), values.end());
    box.count = static_cast<int>(values.size());
    box.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    box.min = values.front();
    box.max = values.back();
    box.lowerQuartile = quantileOfSorted(values, 0.25);
    box.median = quantileOfSorted(values, 0.5);
    box.upperQuartile = quantileOfSorted(values, 0.75);
    // Tukey: the fences lie 1.5 IQR outside the box. The values inside them are one run of
    // the sorted list; the whiskers end at its ends but never inside the box.
    const double reach = 1.5 * (box.upperQuartile - box.lowerQuartile);
    const auto first = std::lower_bound(values.begin(), values.end(), box.lowerQuartile - reach);
    const auto last = std::upper_bound(values.begin(), values.end(), box.upperQuartile + reach);
    box.tukeyLow = std::min(*first, box.lowerQuartile);
    box.tukeyHigh = std::max(*(last - 1), box.upperQuartile);
    box.outliers = static_cast<int>((first - values.begin()) + (values.end() - last));
    return box;
}

} // namespace placement
