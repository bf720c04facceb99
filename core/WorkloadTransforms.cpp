// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/WorkloadTransforms.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace placement {

namespace {

std::optional<double> parseNumber(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || ptr != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string formatNumber(double value)
{
    std::string text(32, '\0');
    const auto [ptr, error] = std::to_chars(text.data(), text.data() + text.size(), value);
    text.resize(static_cast<size_t>(ptr - text.data()));
    return text;
}

/// Linear position of `nodes` between `low` and 512 nodes, clamped to [0, 1].
double sizeFraction(int nodes, int low)
{
    constexpr int top = 512;
    if (nodes >= top)
        return 1;
    return std::clamp(static_cast<double>(nodes - low) / (top - low), 0.0, 1.0);
}

std::uint64_t jobSeed(std::uint64_t seed, const std::string& id)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL; // FNV-1a 64
    for (unsigned char c : id) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return seed ^ hash;
}

} // namespace

Speedup Speedup::parse(const std::string& text)
{
    if (text == "none" || text.empty())
        return {};
    if (text == "v1")
        return {SpeedupScenario::V1, 0};
    if (text == "v2")
        return {SpeedupScenario::V2, 0};
    if (text == "random")
        return {SpeedupScenario::Random, 0};
    std::string number = text;
    if (!number.empty() && number.back() == '%')
        number.pop_back();
    const std::optional<double> percent = parseNumber(number);
    if (!percent || *percent < 0 || *percent >= 100)
        throw std::invalid_argument("unknown speed-up scenario '" + text
                                    + "' (expected none, a percentage such as 5, 10 or 20, v1, v2 or random)");
    if (*percent == 0)
        return {};
    return {SpeedupScenario::Percent, *percent};
}

std::string Speedup::name() const
{
    switch (scenario) {
    case SpeedupScenario::None: return "none";
    case SpeedupScenario::Percent: return formatNumber(percent);
    case SpeedupScenario::V1: return "v1";
    case SpeedupScenario::V2: return "v2";
    case SpeedupScenario::Random: return "random";
    }
    return "?";
}

double speedupShare(const Speedup& speedup, int nodes, SplitMix64& random)
{
    switch (speedup.scenario) {
    case SpeedupScenario::None: return 0;
    case SpeedupScenario::Percent: return nodes > 4 ? speedup.percent / 100 : 0;
    case SpeedupScenario::V1: {
        // Pollard §IV-B: "every job is randomly categorized into one of three speedup bins:
        // 0-10%, 0-20%, and 0-30%".
        const double high = 0.1 * static_cast<double>(random.between(1, 3));
        return high * sizeFraction(nodes, 1);
    }
    case SpeedupScenario::V2: {
        if (nodes < 5)
            return 0;
        if (nodes <= 128) {
            const double high = 0.1 * static_cast<double>(random.between(1, 2));
            return high * sizeFraction(nodes, 5);
        }
        static constexpr double bins[3][2] = {{0.0, 0.1}, {0.1, 0.2}, {0.1, 0.3}};
        const auto& bin = bins[random.between(0, 2)];
        return bin[0] + (bin[1] - bin[0]) * sizeFraction(nodes, 129);
    }
    case SpeedupScenario::Random: {
        if (nodes <= 64)
            return 0;
        static constexpr double shares[4] = {0.0, 0.05, 0.15, 0.30};
        return shares[random.between(0, 3)];
    }
    }
    return 0;
}

void WorkloadTransform::parseArrivals(const std::string& text)
{
    if (text == "keep") {
        arrivals = Arrivals::Keep;
        return;
    }
    if (text == "zero") {
        arrivals = Arrivals::Zero;
        return;
    }
    if (text.rfind("scale:", 0) == 0) {
        const std::optional<double> factor = parseNumber(text.substr(6));
        if (factor && *factor > 0) {
            arrivals = Arrivals::Scale;
            arrivalScale = *factor;
            return;
        }
    }
    throw std::invalid_argument("unknown arrivals '" + text + "' (expected keep, zero or scale:F with F > 0)");
}

std::string WorkloadTransform::arrivalsName() const
{
    switch (arrivals) {
    case Arrivals::Keep: return "keep";
    case Arrivals::Zero: return "zero";
    case Arrivals::Scale: return "scale:" + formatNumber(arrivalScale);
    }
    return "?";
}

std::vector<SimulationJob> transformWorkload(const std::vector<SimulationJob>& jobs, const WorkloadTransform& transform,
                                             std::vector<size_t>* kept)
{
    if (transform.nodeScale < 1)
        throw std::invalid_argument("node counts can only be scaled by a whole factor of at least 1");
    std::vector<SimulationJob> result;
    if (kept)
        kept->clear();
    std::int64_t first = 0;
    bool haveFirst = false;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulationJob& job = jobs[i];
        if ((transform.from && job.submit < *transform.from) || (transform.to && job.submit >= *transform.to))
            continue;
        if (!haveFirst || job.submit < first) {
            first = job.submit;
            haveFirst = true;
        }
        result.push_back(job);
        if (kept)
            kept->push_back(i);
    }
    for (SimulationJob& job : result) {
        switch (transform.arrivals) {
        case WorkloadTransform::Arrivals::Keep: break;
        case WorkloadTransform::Arrivals::Zero: job.submit = 0; break;
        case WorkloadTransform::Arrivals::Scale:
            job.submit = first + std::llround(static_cast<double>(job.submit - first) * transform.arrivalScale);
            break;
        }
        job.nodes *= transform.nodeScale;
        if (transform.speedup.scenario != SpeedupScenario::None) {
            SplitMix64 random(jobSeed(transform.seed, job.id));
            const double share = speedupShare(transform.speedup, job.nodes, random);
            job.runTime = std::llround(static_cast<double>(job.runTime) * (1 - share));
        }
    }
    return result;
}

} // namespace placement
