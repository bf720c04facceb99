// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MetricsReport.h"

#include "core/PlacementMetrics.h"

#include <cstdio>

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

std::size_t writeMetricsCsv(std::ostream& out, const std::string& machine, const Topology& topology,
                            const std::vector<Job>& jobs)
{
    PlacementAnalyzer analyzer(topology);
    std::size_t rows = 0;
    for (const Job& job : jobs) {
        if (job.nodes.empty())
            continue;
        const PlacementMetrics m = analyzer.measure(job.nodes);
        out << csvField(machine) << ',' << csvField(job.id) << ',' << m.nodes << ',' << number(m.aph) << ','
            << number(m.aphAllLinks) << ',' << number(analyzer.minimumAph(m.nodes)) << ',' << m.partitions << ','
            << optional(m.routers) << ',' << optional(m.leaves) << ',' << optional(m.pods) << ','
            << optional(m.lowestCommonLevel) << ',' << m.spread << '\n';
        ++rows;
    }
    return rows;
}

} // namespace placement
