// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MetricsReport.h"

#include "core/PlacementMetrics.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <thread>

namespace placement {
namespace {

/// RFC 4180: quote a field holding a comma, quote or line break.
std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        quoted += c;
        if (c == '"')
            quoted += '"';
    }
    return quoted + "\"";
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string optional(int value)
{
    return value < 0 ? std::string() : std::to_string(value);
}

} // namespace

std::string metricsCsvHeader()
{
    return "machine,job,nodes,aph,aph_all_links,min_aph,partitions,routers,leaves,pods,llcs,spread";
}

namespace {

/// Rows of jobs [begin, end) into `text`; the minimum APH by size from `minimum`.
std::size_t appendRows(std::string& text, const std::string& machineField, PlacementAnalyzer& analyzer,
                       const std::vector<Job>& jobs, std::size_t begin, std::size_t end,
                       const std::map<int, double>* minimum)
{
    std::size_t rows = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Job& job = jobs[i];
        if (job.nodes.empty())
            continue;
        const PlacementMetrics m = analyzer.measure(job.nodes);
        const double least = minimum ? minimum->at(m.nodes) : analyzer.minimumAph(m.nodes);
        text += machineField;
        text += ',';
        text += csvField(job.id);
        text += ',' + std::to_string(m.nodes) + ',' + number(m.aph) + ',' + number(m.aphAllLinks) + ',' + number(least)
            + ',' + std::to_string(m.partitions) + ',' + optional(m.routers) + ',' + optional(m.leaves) + ','
            + optional(m.pods) + ',' + optional(m.lowestCommonLevel) + ',' + std::to_string(m.spread) + '\n';
        ++rows;
    }
    return rows;
}

/// Runs work(t) for t in [0, threads) on that many threads (the calling one included) and
/// rethrows the error of the lowest t that failed.
void onThreads(int threads, const std::function<void(int)>& work)
{
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t)
        workers.emplace_back([&, t] {
            try {
                work(t);
            } catch (...) {
                errors[static_cast<std::size_t>(t)] = std::current_exception();
            }
        });
    try {
        work(0);
    } catch (...) {
        errors[0] = std::current_exception();
    }
    for (std::thread& worker : workers)
        worker.join();
    for (const std::exception_ptr& error : errors)
        if (error)
            std::rethrow_exception(error);
}

} // namespace

std::size_t writeMetricsCsv(std::ostream& out, const std::string& machine, const Topology& topology,
                            const std::vector<Job>& jobs, int threads)
{
    const std::string machineField = csvField(machine);
    if (threads <= 1) {
        PlacementAnalyzer analyzer(topology);
        std::string text;
        std::size_t rows = 0;
        constexpr std::size_t block = 4096;
        for (std::size_t begin = 0; begin < jobs.size(); begin += block) {
            text.clear();
            rows
                += appendRows(text, machineField, analyzer, jobs, begin, std::min(jobs.size(), begin + block), nullptr);
            out << text;
        }
        return rows;
    }
    // The minimum APH of each size once, the largest (slowest) sizes dealt out first.
    std::set<int, std::greater<>> sizeSet;
    for (const Job& job : jobs)
        if (!job.nodes.empty())
            sizeSet.insert(static_cast<int>(job.nodes.size()));
    const std::vector<int> sizes(sizeSet.begin(), sizeSet.end());
    std::vector<std::map<int, double>> found(static_cast<std::size_t>(threads));
    std::vector<std::unique_ptr<PlacementAnalyzer>> analyzers(static_cast<std::size_t>(threads));
    std::atomic<std::size_t> nextSize = 0;
    onThreads(threads, [&](int t) {
        auto& analyzer = analyzers[static_cast<std::size_t>(t)];
        analyzer = std::make_unique<PlacementAnalyzer>(topology);
        for (std::size_t i = nextSize++; i < sizes.size(); i = nextSize++)
            found[static_cast<std::size_t>(t)][sizes[i]] = analyzer->minimumAph(sizes[i]);
    });
    std::map<int, double> minimum;
    for (const auto& part : found)
        minimum.insert(part.begin(), part.end());

    // Then the jobs, a block per thread at a time, written in order.
    constexpr std::size_t block = 8192;
    std::vector<std::string> texts(static_cast<std::size_t>(threads));
    std::vector<std::size_t> rows(static_cast<std::size_t>(threads));
    std::size_t written = 0;
    for (std::size_t begin = 0; begin < jobs.size(); begin += block * static_cast<std::size_t>(threads)) {
        onThreads(threads, [&](int t) {
            const std::size_t from = std::min(jobs.size(), begin + block * static_cast<std::size_t>(t));
            const std::size_t to = std::min(jobs.size(), from + block);
            std::string& text = texts[static_cast<std::size_t>(t)];
            text.clear();
            rows[static_cast<std::size_t>(t)]
                = appendRows(text, machineField, *analyzers[static_cast<std::size_t>(t)], jobs, from, to, &minimum);
        });
        for (int t = 0; t < threads; ++t) {
            out << texts[static_cast<std::size_t>(t)];
            written += rows[static_cast<std::size_t>(t)];
        }
    }
    return written;
}

} // namespace placement
