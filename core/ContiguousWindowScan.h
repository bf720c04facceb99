// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <vector>

namespace placement {

class TorusTopology;

/// The distribution of a set of APH values (min, quartiles, mean, max, histogram).
struct AphDistribution
{
    std::int64_t count = 0;
    double minimum = 0;
    double lowerQuartile = 0; ///< quartiles interpolate linearly between order statistics
    double median = 0;
    double upperQuartile = 0;
    double mean = 0;
    double maximum = 0;
    /// Equal-width bins from minimum to maximum: bin i holds values in
    /// [minimum + i width, minimum + (i + 1) width), the last bin also the maximum. One bin
    /// when every value is the same.
    double binWidth = 0;
    std::vector<std::int64_t> histogram;
};

/// Summarises `values` (in any order) with `bins` histogram bins; all zero for no values.
AphDistribution aphDistribution(std::vector<double> values, int bins = 20);

/// Titan SC'16 §VI-C's placement simulator: every contiguous allocation of a job size under a
/// node order — every run of that many consecutive nodes of the order, as a first-fit list
/// allocator hands out on an empty machine starting at any point — and its APH (Pollard
/// SC'18 eq. 1, switch-to-switch hops, as PlacementAnalyzer).
///
/// A window slides along the order: the sum of hops over pairs is kept per dimension, with
/// each coordinate's summed distance to the window's nodes, so moving the window by one node
/// costs O(sum of the extents) instead of the O(n) of measuring each window afresh.
class ContiguousWindowScan
{
public:
    /// `order`: distinct nodes of `torus` (usually every node, from NodeOrders.h). Throws
    /// std::invalid_argument for a node off the machine or listed twice.
    ContiguousWindowScan(const TorusTopology& torus, const std::vector<int>& order);

    int orderSize() const { return m_orderSize; }

    /// How many windows of `size` nodes there are: orderSize() - size + 1 when the windows
    /// stop at the end of the order; orderSize() when they wrap round from its end to its
    /// start (`cyclic`), or 1 when size == orderSize(). 0 when size is 0 or too large.
    std::int64_t windowCount(int size, bool cyclic) const;

    /// The APH of every window of `size` nodes, by the position of its first node in the
    /// order. Throws std::invalid_argument for a size outside 1 .. orderSize().
    std::vector<double> windowAph(int size, bool cyclic) const;

private:
    int m_orderSize = 0;
    int m_dims = 0;
    std::vector<int> m_extents;
    /// Per dimension 2 x extent distances: those from coordinate a to 0 .. extent - 1 start at
    /// m_profileStart[d] - a.
    std::vector<std::int64_t> m_profiles;
    std::vector<int> m_profileStart;
    std::vector<int> m_offsets; ///< per dimension, where its coordinates start in the sums; then the total
    std::vector<int> m_coordinates; ///< per position in the order, per dimension
};

} // namespace placement
