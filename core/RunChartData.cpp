// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/RunChartData.h"

#include "core/NodeSharing.h"
#include "core/PlacementMetrics.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace placement {

namespace {

void checkBins(const std::vector<int>& binStarts)
{
    if (binStarts.empty() || binStarts.front() != 1 || !std::is_sorted(binStarts.begin(), binStarts.end())
        || std::adjacent_find(binStarts.begin(), binStarts.end()) != binStarts.end())
        throw std::invalid_argument("size bins must start at 1 and ascend");
}

} // namespace

int sizeBinOf(const std::vector<int>& binStarts, int nodes)
{
    return static_cast<int>(std::upper_bound(binStarts.begin(), binStarts.end(), nodes) - binStarts.begin()) - 1;
}

std::string sizeBinLabel(const std::vector<int>& binStarts, int bin, int firstFrom)
{
    const auto index = static_cast<size_t>(bin);
    const int from = bin == 0 ? std::max(firstFrom, binStarts[0]) : binStarts[index];
    if (index + 1 >= binStarts.size())
        return std::to_string(from) + "+";
    const int to = binStarts[index + 1] - 1;
    return from == to ? std::to_string(from) : std::to_string(from) + "\u2013" + std::to_string(to);
}

std::vector<float> utilizationPerMinute(int machineNodes, const std::vector<Job>& jobs, std::int64_t* t0,
                                        const std::vector<int>& nodeCounts)
{
    if (!nodeCounts.empty() && nodeCounts.size() != jobs.size())
        throw std::invalid_argument("one node count per job expected");
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        if (jobSize(jobs, nodeCounts, index) == 0)
            continue;
        first = std::min(first, std::min(job.submit, job.start));
        last = std::max(last, job.end);
    }
    if (t0)
        *t0 = first;
    if (last <= first || machineNodes <= 0)
        return {};
    const std::int64_t minutes = (last - first + 59) / 60;
    // Node-seconds per minute: whole minutes a job covers by a difference array (nodes * 60
    // from its first full minute to its last), the partial minutes at its ends directly.
    std::vector<double> step(static_cast<size_t>(minutes) + 1, 0.0);
    std::vector<double> partial(static_cast<size_t>(minutes), 0.0);
    // Each busy node once, however many jobs share it (core/NodeSharing.h); a job without a
    // node list with its logged size.
    for (const BusySpan& span : distinctBusySpans(jobs, nodeCounts)) {
        const double nodes = static_cast<double>(span.nodes);
        const std::int64_t a = span.start - first;
        const std::int64_t b = span.end - first;
        const std::int64_t firstMinute = a / 60;
        const std::int64_t lastMinute = (b - 1) / 60; // the minute holding the job's last second
        if (firstMinute == lastMinute) {
            partial[static_cast<size_t>(firstMinute)] += nodes * static_cast<double>(b - a);
            continue;
        }
        partial[static_cast<size_t>(firstMinute)] += nodes * static_cast<double>((firstMinute + 1) * 60 - a);
        partial[static_cast<size_t>(lastMinute)] += nodes * static_cast<double>(b - lastMinute * 60);
        step[static_cast<size_t>(firstMinute + 1)] += nodes * 60;
        step[static_cast<size_t>(lastMinute)] -= nodes * 60;
    }
    std::vector<float> utilization(static_cast<size_t>(minutes));
    double whole = 0;
    for (size_t m = 0; m < utilization.size(); ++m) {
        whole += step[m];
        const auto length
            = static_cast<double>(std::min<std::int64_t>(60, last - first - 60 * static_cast<std::int64_t>(m)));
        utilization[m] = static_cast<float>((whole + partial[m]) / (length * machineNodes));
    }
    return utilization;
}

RunChartData computeRunChartData(const std::vector<Job>& jobs, PlacementAnalyzer& analyzer,
                                 const std::vector<int>& binStarts, const std::vector<int>& nodeCounts)
{
    checkBins(binStarts);
    if (!nodeCounts.empty() && nodeCounts.size() != jobs.size())
        throw std::invalid_argument("one node count per job expected");
    const size_t bins = binStarts.size();
    RunChartData data;
    data.binStarts = binStarts;
    std::vector<std::vector<double>> aph(bins);
    std::vector<std::vector<int>> sizes(bins);
    std::vector<double> waitSum(bins + 1, 0.0);
    data.jobsByBin.assign(bins + 1, 0);
    for (size_t index = 0; index < jobs.size(); ++index) {
        const Job& job = jobs[index];
        const int size = jobSize(jobs, nodeCounts, index);
        if (job.nodes.empty())
            ++data.jobsWithoutNodes;
        if (size == 0) {
            ++data.jobsWithoutSize;
            continue;
        }
        const auto bin = static_cast<size_t>(sizeBinOf(binStarts, size));
        const auto wait = static_cast<double>(job.start - job.submit);
        waitSum[bin] += wait;
        waitSum[bins] += wait;
        ++data.jobsByBin[bin];
        ++data.jobsByBin[bins];
        if (size < 2 || job.nodes.empty())
            continue;
        aph[bin].push_back(analyzer.measure(job.nodes).aph);
        sizes[bin].push_back(size);
    }
    for (size_t bin = 0; bin < bins; ++bin) {
        int median = 0;
        if (!sizes[bin].empty()) {
            const auto middle = sizes[bin].begin() + static_cast<std::ptrdiff_t>((sizes[bin].size() - 1) / 2);
            std::nth_element(sizes[bin].begin(), middle, sizes[bin].end());
            median = *middle;
        }
        data.medianSizeByBin.push_back(median);
        data.minimumAphByBin.push_back(median > 0 ? analyzer.minimumAph(median) : 0.0);
        data.aphByBin.push_back(summarizeBox(std::move(aph[bin])));
    }
    for (size_t bin = 0; bin <= bins; ++bin)
        data.meanWaitByBin.push_back(data.jobsByBin[bin] ? waitSum[bin] / data.jobsByBin[bin] : 0.0);
    const std::vector<float> perMinute
        = utilizationPerMinute(analyzer.topology().usableNodeCount(), jobs, nullptr, nodeCounts);
    data.minutes = static_cast<int>(perMinute.size());
    data.utilization = summarizeBox(std::vector<double>(perMinute.begin(), perMinute.end()));
    return data;
}

} // namespace placement
