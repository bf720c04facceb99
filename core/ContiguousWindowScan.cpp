// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/ContiguousWindowScan.h"

#include "core/TorusTopology.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace placement {

AphDistribution aphDistribution(std::vector<double> values, int bins)
{
    AphDistribution result;
    if (values.empty())
        return result;
    bins = std::max(bins, 1);
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    result.count = static_cast<std::int64_t>(n);
    result.minimum = values.front();
    result.maximum = values.back();
    // Linear interpolation between order statistics (Hyndman & Fan type 7, R's and NumPy's default).
    auto quantile = [&](double p) {
        const double h = p * static_cast<double>(n - 1);
        const auto low = static_cast<size_t>(std::floor(h));
        const size_t high = std::min(low + 1, n - 1);
        return values[low] + (h - static_cast<double>(low)) * (values[high] - values[low]);
    };
    result.lowerQuartile = quantile(0.25);
    result.median = quantile(0.5);
    result.upperQuartile = quantile(0.75);
    long double sum = 0;
    for (double value : values)
        sum += value;
    result.mean = static_cast<double>(sum / static_cast<long double>(n));
    if (result.maximum == result.minimum) {
        result.histogram = {result.count};
        return result;
    }
    result.binWidth = (result.maximum - result.minimum) / bins;
    result.histogram.assign(static_cast<size_t>(bins), 0);
    for (double value : values) {
        const auto bin = static_cast<int>((value - result.minimum) / result.binWidth);
        ++result.histogram[static_cast<size_t>(std::clamp(bin, 0, bins - 1))];
    }
    return result;
}

ContiguousWindowScan::ContiguousWindowScan(const TorusTopology& torus, const std::vector<int>& order)
    : m_orderSize(static_cast<int>(order.size()))
    , m_dims(torus.dimensions())
    , m_extents(torus.extents())
{
    int offset = 0;
    for (int d = 0; d < m_dims; ++d) {
        const int extent = m_extents[static_cast<size_t>(d)];
        m_offsets.push_back(offset);
        offset += extent;
        // profile[j] = distance between coordinates j - base apart, base = extent on a ring
        // (taken round it), extent - 1 on a line, so that the distances from coordinate a to
        // 0 .. extent - 1 are the slice starting at base - a.
        const bool wraps = torus.wraps()[static_cast<size_t>(d)];
        m_profileStart.push_back(static_cast<int>(m_profiles.size()) + (wraps ? extent : extent - 1));
        for (int j = 0; j < 2 * extent; ++j)
            m_profiles.push_back(wraps ? torus.distance(d, 0, j % extent) : std::abs(j - (extent - 1)));
    }
    m_offsets.push_back(offset);
    std::vector<char> seen(static_cast<size_t>(torus.nodeCount()), 0);
    m_coordinates.reserve(order.size() * static_cast<size_t>(m_dims));
    for (int node : order) {
        if (node < 0 || node >= torus.nodeCount())
            throw std::invalid_argument("node order: node " + std::to_string(node) + " is not on the machine");
        if (seen[static_cast<size_t>(node)]++)
            throw std::invalid_argument("node order: node " + std::to_string(node) + " is listed twice");
        for (int d = 0; d < m_dims; ++d)
            m_coordinates.push_back(torus.coordinate(node, d));
    }
}

std::int64_t ContiguousWindowScan::windowCount(int size, bool cyclic) const
{
    if (size < 1 || size > m_orderSize)
        return 0;
    if (size == m_orderSize)
        return 1;
    return cyclic ? m_orderSize : m_orderSize - size + 1;
}

std::vector<double> ContiguousWindowScan::windowAph(int size, bool cyclic) const
{
    if (size < 1 || size > m_orderSize)
        throw std::invalid_argument("contiguous allocations: size " + std::to_string(size) + " is not between 1 and "
                                    + std::to_string(m_orderSize));
    const std::int64_t windows = windowCount(size, cyclic);
    // reach[offsets[d] + x]: summed distance along d from coordinate x to the window's nodes.
    std::vector<std::int64_t> reach(static_cast<size_t>(m_offsets.back()), 0);
    std::int64_t pairHops = 0; // over unordered pairs of the window's nodes
    const int dims = m_dims;
    auto add = [&](int position) {
        const int* at = &m_coordinates[static_cast<size_t>(position) * static_cast<size_t>(dims)];
        for (int d = 0; d < dims; ++d) {
            const int extent = m_extents[static_cast<size_t>(d)];
            std::int64_t* sums = &reach[static_cast<size_t>(m_offsets[static_cast<size_t>(d)])];
            const std::int64_t* row = &m_profiles[static_cast<size_t>(m_profileStart[static_cast<size_t>(d)] - at[d])];
            pairHops += sums[at[d]];
            for (int x = 0; x < extent; ++x)
                sums[x] += row[x];
        }
    };
    auto remove = [&](int position) {
        const int* at = &m_coordinates[static_cast<size_t>(position) * static_cast<size_t>(dims)];
        for (int d = 0; d < dims; ++d) {
            const int extent = m_extents[static_cast<size_t>(d)];
            std::int64_t* sums = &reach[static_cast<size_t>(m_offsets[static_cast<size_t>(d)])];
            const std::int64_t* row = &m_profiles[static_cast<size_t>(m_profileStart[static_cast<size_t>(d)] - at[d])];
            for (int x = 0; x < extent; ++x)
                sums[x] -= row[x];
            pairHops -= sums[at[d]];
        }
    };
    // Pollard eq. 1 over ordered pairs: 2 pairHops / (n (n - 1)); one node: 0 (docs/reference.md §2).
    const double pairs = static_cast<double>(size) * static_cast<double>(size - 1);
    auto aph = [&]() { return size > 1 ? 2.0 * static_cast<double>(pairHops) / pairs : 0.0; };
    std::vector<double> result;
    result.reserve(static_cast<size_t>(windows));
    for (int position = 0; position < size; ++position)
        add(position);
    result.push_back(aph());
    for (std::int64_t start = 1; start < windows; ++start) {
        remove(static_cast<int>(start - 1));
        add(static_cast<int>((start + size - 1) % m_orderSize));
        result.push_back(aph());
    }
    return result;
}

} // namespace placement
