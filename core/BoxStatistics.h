// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <vector>

namespace placement {

/// How far the whiskers of a box plot reach.
enum class WhiskerRule {
    /// To the smallest and the largest value: the five-number summary Pollard SC'18 draws
    /// (§V-A, Fig. 7: "the minimum, 25th percentile, median, 75th percentile, and the maximum").
    MinMax,
    /// Tukey's rule: to the most extreme values within 1.5 interquartile ranges of the box;
    /// values beyond are outliers.
    Tukey,
};

/// One box of a box plot, with the whiskers of both rules.
struct BoxSummary
{
    int count = 0; ///< values summarised; every other field is 0 when there are none
    double mean = 0;
    double min = 0;
    double lowerQuartile = 0;
    double median = 0;
    double upperQuartile = 0;
    double max = 0;
    /// Tukey's whiskers: the most extreme values inside the fences (quartile -/+ 1.5 IQR), or
    /// the quartile itself when no value lies between the fence and the box (as matplotlib
    /// draws it).
    double tukeyLow = 0;
    double tukeyHigh = 0;
    int outliers = 0; ///< values outside Tukey's fences

    double lowerWhisker(WhiskerRule rule) const { return rule == WhiskerRule::MinMax ? min : tukeyLow; }
    double upperWhisker(WhiskerRule rule) const { return rule == WhiskerRule::MinMax ? max : tukeyHigh; }
};

/// The p-quantile (0 <= p <= 1) of ascending, non-empty values by linear interpolation
/// between order statistics: h = (n - 1) p, x[floor h] + (h - floor h)(x[floor h + 1] -
/// x[floor h]) (Hyndman and Fan's definition 7, the default of R and NumPy). The median of an
/// even count is the mean of the two middle values; the 0- and 1-quantiles are the minimum
/// and the maximum. Throws std::invalid_argument for no values or p outside [0, 1].
double quantileOfSorted(const std::vector<double>& sorted, double p);

/// Summarises values (any order; throws std::invalid_argument for NaN or infinity) as a
/// box: quartiles by quantileOfSorted(), whiskers by both rules. O(n log n).
BoxSummary summarizeBox(std::vector<double> values);

} // namespace placement
