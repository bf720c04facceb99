// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cmath>
#include <cstdint>

namespace placement {

/// A tiny seeded generator whose output is the same on every platform and standard
/// library (std::*_distribution is not), so seeded workloads are reproducible.
class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed)
        : m_state(seed)
    {}

    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    /// Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Uniform integer in [low, high].
    std::int64_t between(std::int64_t low, std::int64_t high)
    {
        const auto span = static_cast<std::uint64_t>(high - low) + 1;
        return low + static_cast<std::int64_t>(next() % span);
    }

    /// Log-uniform in [low, high], both positive.
    double logUniform(double low, double high) { return low * std::pow(high / low, uniform()); }

    /// Exponentially distributed with the given mean.
    double exponential(double mean) { return -mean * std::log1p(-uniform()); }

private:
    std::uint64_t m_state;
};

} // namespace placement
