// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Report.h"

#include "core/LinkSharing.h"
#include "core/MachineSpec.h"
#include "core/Occupancy.h"
#include "core/PlacementMetrics.h"
#include "core/SystemMetrics.h"
#include "core/Topology.h"
#include "services/LoggedRun.h"
#include "store/LoggedRun.h"
#include "store/SqliteDatabase.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <set>
#include <sstream>

namespace placement {

namespace {

std::string trimmed(const std::string& text)
{
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::string shortest(double value)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// The scalar members of a JSON document by path, through SQLite's json_tree: the report
/// compares every stored path of two runs, whatever it is (core/RunRecord.h reads the
/// documents typed, for the run tables).
std::map<std::string, std::string> flattenJson(SqliteDatabase& db, const std::string& json)
{
    std::map<std::string, std::string> values;
    if (json.empty())
        return values;
    SqliteStatement query(db, "SELECT fullkey, type, atom FROM json_tree(?1) WHERE type NOT IN ('object', 'array')");
    query.bind(1, json);
    while (query.step()) {
        // SQLite quotes keys holding other than letters and digits ($."mean_wait"): the paths
        // are written without quotes here, as `placement runs --json` readers write them.
        std::string path = query.text(0);
        path.erase(std::remove(path.begin(), path.end(), '"'), path.end());
        const std::string type = query.text(1);
        // Numbers as the doubles SQLite parsed, in their shortest round-trip form (its text
        // form has 15 digits only).
        values[path] = type == "real" ? shortest(query.real(2))
            : type == "integer"       ? std::to_string(query.integer(2))
            : type == "null"          ? std::string()
                                      : query.text(2);
    }
    return values;
}

std::string utc(std::int64_t seconds)
{
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &parts);
    return buffer;
}

std::string fixed(double value, int digits)
{
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(digits);
    out << value;
    return out.str();
}

/// A duration for people: "3.4 h", "12 min", "40 s".
std::string duration(double seconds)
{
    if (std::abs(seconds) >= 5400)
        return fixed(seconds / 3600, 1) + " h";
    if (std::abs(seconds) >= 90)
        return fixed(seconds / 60, 0) + " min";
    return fixed(seconds, 0) + " s";
}

std::string escape(const std::string& text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

/// Up to 8 jobs per run whose APH is farthest above the smallest APH of their size. The
/// minimum is asked for the 20 highest-APH jobs of each size bin only: on a large torus it
/// takes up to a second per size (core/RunChartData.h).
std::vector<FragmentedJob> mostFragmented(const std::vector<Job>& jobs, PlacementAnalyzer& analyzer,
                                          const std::vector<int>& bins)
{
    std::vector<std::vector<std::pair<double, size_t>>> byBin(bins.size());
    for (size_t i = 0; i < jobs.size(); ++i)
        if (jobs[i].nodes.size() >= 2)
            byBin[static_cast<size_t>(sizeBinOf(bins, static_cast<int>(jobs[i].nodes.size())))].push_back(
                {analyzer.measure(jobs[i].nodes).aph, i});
    std::map<int, double> minimum;
    std::vector<FragmentedJob> candidates;
    for (auto& bin : byBin) {
        const size_t keep = std::min<size_t>(20, bin.size());
        std::partial_sort(bin.begin(), bin.begin() + static_cast<std::ptrdiff_t>(keep), bin.end(),
                          [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t k = 0; k < keep; ++k) {
            const Job& job = jobs[bin[k].second];
            const int size = static_cast<int>(job.nodes.size());
            if (!minimum.count(size))
                minimum[size] = analyzer.minimumAph(size);
            const PlacementMetrics metrics = analyzer.measure(job.nodes);
            candidates.push_back({job.id, size, metrics.aph, minimum[size], metrics.partitions, job.start});
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const FragmentedJob& a, const FragmentedJob& b) {
        return a.aph - a.minimumAph > b.aph - b.minimumAph;
    });
    if (candidates.size() > 8)
        candidates.resize(8);
    return candidates;
}

/// Counts the jobs running at `at` whose statically routed channels another of them can use.
void isolationAt(const Topology& topology, ReportRun& run, std::int64_t at)
{
    std::vector<std::vector<int>> lists;
    std::set<int> busy;
    for (size_t i = 0; i < run.jobs.size(); ++i) {
        const Job& job = run.jobs[i];
        if (!job.runsAt(at))
            continue;
        ++run.runningAt;
        if (!job.nodes.empty())
            lists.push_back(job.nodes.toVector());
        busy.insert(job.nodes.begin(), job.nodes.end());
        if (job.nodes.empty() && !run.nodeCounts.empty())
            run.busyNodesAt += std::max(0, run.nodeCounts[i]);
    }
    run.busyNodesAt += static_cast<int>(busy.size());
    if (lists.empty())
        return;
    const InterferenceReport report = analyzeInterference(topology, lists, LinkModel::StaticRouting);
    for (const auto& share : report.jobs)
        run.sharingLinksAt += share.sharedChannels > 0 ? 1 : 0;
}

std::string describeRuns(Store& store, const MachineRecord& machine, const std::vector<RunRecord>& present)
{
    std::string list;
    for (const RunRecord& run : present)
        list += (list.empty() ? "" : ", ") + std::to_string(run.id) + " '" + run.name + "'";
    return store.path() + ": machine '" + machine.name + "' has the runs (id 'name'): " + list;
}

} // namespace

std::vector<std::string> splitRunList(const std::string& list)
{
    std::vector<std::string> names;
    std::istringstream stream(list);
    for (std::string part; std::getline(stream, part, ',');)
        if (const std::string name = trimmed(part); !name.empty())
            names.push_back(name);
    return names;
}

std::optional<double> ReportRun::number(const std::string& path) const
{
    const auto found = summary.find(path);
    if (found == summary.end() || found->second.empty())
        return std::nullopt;
    double value = 0;
    const char* end = found->second.data() + found->second.size();
    const auto result = std::from_chars(found->second.data(), end, value);
    if (result.ec != std::errc() || result.ptr != end)
        return std::nullopt;
    return value;
}

std::string ReportRun::parameter(const std::string& key) const
{
    const auto found = parameters.find("$." + key);
    return found == parameters.end() ? std::string() : found->second;
}

ReportContent buildReport(Store& store, const std::string& machineName, const std::vector<std::string>& runNames,
                          std::optional<std::int64_t> at, const std::string& version, int cpusPerNode)
{
    const std::optional<MachineRecord> machine = store.machine(machineName);
    if (!machine) {
        std::string present;
        for (const MachineRecord& known : store.machines())
            present += (present.empty() ? "" : ", ") + known.name;
        throw StoreError(store.path() + " has no machine '" + machineName
                         + "' (machines: " + (present.empty() ? "none" : present) + ")");
    }
    if (runNames.empty())
        throw UnknownRunError("no run named; " + describeRuns(store, *machine, runs(store, machine->id)));
    ReportContent content;
    content.machine = *machine;
    content.version = version;
    content.sizeBins = defaultSizeBins();
    const std::unique_ptr<Topology> topology = parseMachineSpec(machine->spec);
    content.topology = topology->describe();
    content.machineNodes = topology->usableNodeCount(); // its empty slots are no nodes

    // The runs as `placement runs` lists them: the logged one (id 0) first, then the stored ones.
    if (cpusPerNode == 0)
        cpusPerNode = loggedCpusPerNode(store, machine->id);
    std::vector<int> loggedCores;
    const LoggedSchedule logged = loadLoggedSchedule(store, machine->id, cpusPerNode, &loggedCores);
    std::vector<RunRecord> present{loggedRun(*machine, content.machineNodes, logged.jobs, logged.nodeCounts,
                                             cpusPerNode, loggedCores, store.nodeResources(machine->id))};
    for (RunRecord& stored : runs(store, machine->id))
        present.push_back(std::move(stored));

    PlacementAnalyzer analyzer(*topology);
    for (const std::string& name : runNames) {
        auto found = std::find_if(present.begin(), present.end(), [&](const RunRecord& r) { return r.name == name; });
        if (found == present.end() && !name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
            found = std::find_if(present.begin(), present.end(),
                                 [&](const RunRecord& r) { return std::to_string(r.id) == name; });
        if (found == present.end())
            throw UnknownRunError("--runs: no run '" + name + "'; " + describeRuns(store, *machine, present));
        ReportRun run;
        run.record = *found;
        run.summary = flattenJson(store.database(), run.record.summary);
        run.parameters = flattenJson(store.database(), run.record.parameters);
        if (run.record.id == 0) {
            run.jobs = logged.jobs;
            run.nodeCounts = logged.nodeCounts;
            run.hasPlacements = run.record.placements > 0;
        } else {
            run.jobs = runJobs(store, run.record.id);
        }
        run.charts = computeRunChartData(run.jobs, analyzer, content.sizeBins, run.nodeCounts);
        run.mostFragmented = mostFragmented(run.jobs, analyzer, content.sizeBins);
        content.runs.push_back(std::move(run));
    }

    const ReportRun& first = content.runs.front();
    content.at = at ? *at : busiestTime(first.jobs);
    content.workloadJobs = static_cast<std::int64_t>(first.jobs.size());
    std::vector<int> sizes;
    for (size_t i = 0; i < first.jobs.size(); ++i) {
        const Job& job = first.jobs[i];
        const int size = jobSize(first.jobs, first.nodeCounts, i);
        sizes.push_back(size);
        content.nodeHours += static_cast<double>(size) * static_cast<double>(job.end - job.start) / 3600.0;
        content.firstSubmit = i == 0 ? job.submit : std::min(content.firstSubmit, job.submit);
        content.lastEnd = std::max(content.lastEnd, job.end);
    }
    if (!sizes.empty()) {
        std::sort(sizes.begin(), sizes.end());
        content.medianNodes = sizes[(sizes.size() - 1) / 2];
        content.largestNodes = sizes.back();
    }
    for (ReportRun& run : content.runs)
        isolationAt(*topology, run, content.at);
    return content;
}

const std::vector<std::string>& reportSectionIds()
{
    static const std::vector<std::string> ids{"summary",   "runs",       "differences", "figures",
                                              "snapshots", "fragmented", "method"};
    return ids;
}

// ---------------------------------------------------------------------------------------------
// The figures: hand-written SVG after Pollard SC'18 Figs. 7, 8 and 10.

namespace {

const char* const runColors[] = {"#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3"};

std::string runColor(size_t run)
{
    return runColors[run % (sizeof runColors / sizeof *runColors)];
}

struct Plot
{
    double width = 720, height = 300, left = 64, right = 16, top = 36, bottom = 56;
    double low = 0, high = 1;
    std::ostringstream svg;

    double x0() const { return left; }
    double plotWidth() const { return width - left - right; }
    double y(double value) const
    {
        const double span = high > low ? high - low : 1;
        return top + (height - top - bottom) * (1 - (value - low) / span);
    }
};

/// A round top for a value axis of four ticks: 4 × 1, 2, 2.5 or 5 × 10^k at or above `value`.
double roundTop(double value)
{
    if (value <= 0)
        return 1;
    const double step = value / 4;
    const double magnitude = std::pow(10, std::floor(std::log10(step)));
    for (double nice : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (nice * magnitude >= step)
            return 4 * nice * magnitude;
    return 4 * 10 * magnitude;
}

std::string n(double value)
{
    return fixed(value, 1);
}

void begin(Plot& plot, const std::string& id, const std::string& title, const std::string& yLabel)
{
    plot.svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" << id << "\" width=\"" << plot.width << "\" height=\""
             << plot.height << "\" viewBox=\"0 0 " << plot.width << ' ' << plot.height
             << "\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"11\">"
             << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>"
             << "<text x=\"" << plot.width / 2 << "\" y=\"18\" text-anchor=\"middle\" font-size=\"13\" "
             << "font-weight=\"bold\">" << escape(title) << "</text>";
    // Five ticks on the value axis.
    for (int tick = 0; tick <= 4; ++tick) {
        const double value = plot.low + (plot.high - plot.low) * tick / 4;
        const double y = plot.y(value);
        plot.svg << "<line x1=\"" << plot.left << "\" x2=\"" << plot.width - plot.right << "\" y1=\"" << n(y)
                 << "\" y2=\"" << n(y) << "\" stroke=\"#e4e4e4\"/>"
                 << "<text x=\"" << plot.left - 6 << "\" y=\"" << n(y + 4) << "\" text-anchor=\"end\">"
                 << (plot.high - plot.low >= 10 ? fixed(value, 0) : fixed(value, 2)) << "</text>";
    }
    plot.svg << "<text transform=\"translate(14," << n(plot.y((plot.low + plot.high) / 2))
             << ") rotate(-90)\" text-anchor=\"middle\">" << escape(yLabel) << "</text>";
}

void legend(Plot& plot, const ReportContent& content)
{
    double x = plot.left;
    const double y = plot.height - 12;
    for (size_t r = 0; r < content.runs.size(); ++r) {
        plot.svg << "<rect x=\"" << n(x) << "\" y=\"" << n(y - 9) << "\" width=\"10\" height=\"10\" fill=\""
                 << runColor(r) << "\"/><text x=\"" << n(x + 14) << "\" y=\"" << n(y) << "\">"
                 << escape(content.runs[r].record.name) << "</text>";
        x += 24 + 7.0 * static_cast<double>(content.runs[r].record.name.size());
    }
}

void box(Plot& plot, double x, double w, const BoxSummary& b, const std::string& color)
{
    if (b.count == 0)
        return;
    const double mid = x + w / 2;
    plot.svg << "<line x1=\"" << n(mid) << "\" x2=\"" << n(mid) << "\" y1=\"" << n(plot.y(b.tukeyLow)) << "\" y2=\""
             << n(plot.y(b.tukeyHigh)) << "\" stroke=\"" << color << "\"/>"
             << "<rect x=\"" << n(x) << "\" y=\"" << n(plot.y(b.upperQuartile)) << "\" width=\"" << n(w)
             << "\" height=\"" << n(std::max(0.5, plot.y(b.lowerQuartile) - plot.y(b.upperQuartile))) << "\" fill=\""
             << color << "\" fill-opacity=\"0.35\" stroke=\"" << color << "\"/>"
             << "<line x1=\"" << n(x) << "\" x2=\"" << n(x + w) << "\" y1=\"" << n(plot.y(b.median)) << "\" y2=\""
             << n(plot.y(b.median)) << "\" stroke=\"" << color << "\" stroke-width=\"2\"/>";
}

std::string aphFigure(const ReportContent& content)
{
    Plot plot;
    const size_t bins = content.sizeBins.size();
    plot.high = 1;
    for (const ReportRun& run : content.runs)
        for (const BoxSummary& b : run.charts.aphByBin)
            if (b.count > 0)
                plot.high = std::max(plot.high, b.tukeyHigh);
    plot.high = roundTop(plot.high * 1.05);
    begin(plot, "fig-aph", "APH by job size (Pollard SC'18 Fig. 7); black: the minimum for the bin's median size",
          "APH (switch-to-switch hops)");
    const double slot = plot.plotWidth() / static_cast<double>(bins);
    const double w = std::min(28.0, slot * 0.8 / static_cast<double>(content.runs.size()));
    for (size_t bin = 0; bin < bins; ++bin) {
        const double x = plot.x0() + slot * static_cast<double>(bin);
        for (size_t r = 0; r < content.runs.size(); ++r) {
            const RunChartData& charts = content.runs[r].charts;
            if (bin < charts.aphByBin.size())
                box(plot, x + slot * 0.1 + w * static_cast<double>(r), w * 0.85, charts.aphByBin[bin], runColor(r));
        }
        const RunChartData& charts = content.runs.front().charts;
        if (bin < charts.minimumAphByBin.size() && bin < charts.medianSizeByBin.size()
            && charts.medianSizeByBin[bin] > 0)
            plot.svg << "<line x1=\"" << n(x + slot * 0.05) << "\" x2=\"" << n(x + slot * 0.95) << "\" y1=\""
                     << n(plot.y(charts.minimumAphByBin[bin])) << "\" y2=\"" << n(plot.y(charts.minimumAphByBin[bin]))
                     << "\" stroke=\"black\" stroke-dasharray=\"4 3\"/>";
        plot.svg << "<text x=\"" << n(x + slot / 2) << "\" y=\"" << n(plot.height - plot.bottom + 16)
                 << "\" text-anchor=\"middle\">" << escape(sizeBinLabel(content.sizeBins, static_cast<int>(bin), 2))
                 << "</text>";
    }
    plot.svg << "<text x=\"" << n(plot.x0() + plot.plotWidth() / 2) << "\" y=\"" << n(plot.height - plot.bottom + 30)
             << "\" text-anchor=\"middle\">job size (nodes)</text>";
    legend(plot, content);
    plot.svg << "</svg>";
    return plot.svg.str();
}

std::string utilizationFigure(const ReportContent& content)
{
    Plot plot;
    plot.width = 360;
    plot.low = 0;
    plot.high = 100;
    begin(plot, "fig-utilization", "Utilization per minute (Fig. 8)", "nodes allocated (%)");
    const double slot = plot.plotWidth() / static_cast<double>(content.runs.size());
    for (size_t r = 0; r < content.runs.size(); ++r) {
        BoxSummary b = content.runs[r].charts.utilization;
        for (double* v : {&b.tukeyLow, &b.lowerQuartile, &b.median, &b.upperQuartile, &b.tukeyHigh})
            *v *= 100;
        box(plot, plot.x0() + slot * (static_cast<double>(r) + 0.25), slot * 0.5, b, runColor(r));
    }
    legend(plot, content);
    plot.svg << "</svg>";
    return plot.svg.str();
}

std::string waitFigure(const ReportContent& content)
{
    Plot plot;
    plot.width = 720;
    const size_t groups = content.sizeBins.size() + 1;
    plot.high = 0;
    for (const ReportRun& run : content.runs)
        for (double wait : run.charts.meanWaitByBin)
            plot.high = std::max(plot.high, wait / 3600);
    plot.high = roundTop(plot.high * 1.05);
    begin(plot, "fig-waits", "Mean wait by job size (Fig. 10)", "mean wait (hours)");
    const double slot = plot.plotWidth() / static_cast<double>(groups);
    const double w = slot * 0.8 / static_cast<double>(content.runs.size());
    for (size_t g = 0; g < groups; ++g) {
        const double x = plot.x0() + slot * static_cast<double>(g);
        for (size_t r = 0; r < content.runs.size(); ++r) {
            const RunChartData& charts = content.runs[r].charts;
            if (g >= charts.meanWaitByBin.size() || charts.jobsByBin[g] == 0)
                continue;
            const double top = plot.y(charts.meanWaitByBin[g] / 3600);
            plot.svg << "<rect x=\"" << n(x + slot * 0.1 + w * static_cast<double>(r)) << "\" y=\"" << n(top)
                     << "\" width=\"" << n(w * 0.9) << "\" height=\"" << n(plot.y(0) - top) << "\" fill=\""
                     << runColor(r) << "\"/>";
        }
        const std::string label = g + 1 == groups ? "all" : sizeBinLabel(content.sizeBins, static_cast<int>(g));
        plot.svg << "<text x=\"" << n(x + slot / 2) << "\" y=\"" << n(plot.height - plot.bottom + 16)
                 << "\" text-anchor=\"middle\">" << escape(label) << "</text>";
    }
    plot.svg << "<text x=\"" << n(plot.x0() + plot.plotWidth() / 2) << "\" y=\"" << n(plot.height - plot.bottom + 30)
             << "\" text-anchor=\"middle\">job size (nodes)</text>";
    legend(plot, content);
    plot.svg << "</svg>";
    return plot.svg.str();
}

// ---------------------------------------------------------------------------------------------
// The runs table and the differences in words.

struct Metric
{
    std::string path; ///< JSON path in the summary
    std::string label;
    enum Kind { Fraction, Seconds, Plain, Microseconds } kind;
};

std::string shown(double value, Metric::Kind kind)
{
    switch (kind) {
    case Metric::Fraction: return fixed(100 * value, 1) + " %";
    case Metric::Seconds: return duration(value);
    case Metric::Microseconds: return fixed(value, 1) + " µs";
    case Metric::Plain: break;
    }
    return std::abs(value) >= 100 ? fixed(value, 0) : fixed(value, 2);
}

std::vector<Metric> metrics(const ReportContent& content)
{
    std::vector<Metric> list{
        {"$.jobs", "jobs", Metric::Plain},
        {"$.utilization", "utilization (steady state)", Metric::Fraction},
        {"$.utilization_over_makespan", "utilization (first submit to last end)", Metric::Fraction},
        {"$.utilization_cores", "utilization by cores (first submit to last end)", Metric::Fraction},
        {"$.makespan", "makespan", Metric::Seconds},
        {"$.mean_wait", "mean wait", Metric::Seconds},
        {"$.median_wait", "median wait", Metric::Seconds},
        {"$.mean_bounded_slowdown", "mean bounded slowdown (10 s bound)", Metric::Plain},
        {"$.mean_aph", "mean APH (jobs of 2 nodes or more, hops)", Metric::Plain},
        {"$.internal_fragmentation", "nodes allocated but idle (steady state)", Metric::Fraction},
        {"$.scheduling_us_per_job.mean", "scheduling time per job (mean)", Metric::Microseconds},
        {"$.scheduling_us_per_job.p99", "scheduling time per job (99th percentile)", Metric::Microseconds},
    };
    for (size_t bin = 0; bin < content.sizeBins.size(); ++bin) {
        const std::string label = sizeBinLabel(content.sizeBins, static_cast<int>(bin)) + " nodes";
        const std::string at = "$.by_size[" + std::to_string(bin) + "].";
        list.push_back({at + "mean_wait", "mean wait, " + label, Metric::Seconds});
        list.push_back({at + "mean_bounded_slowdown", "mean bounded slowdown, " + label, Metric::Plain});
    }
    return list;
}

std::string runsTable(const ReportContent& content)
{
    std::ostringstream html;
    html << "<table class=\"runs\"><thead><tr><th>metric</th>";
    for (const ReportRun& run : content.runs)
        html << "<th>" << escape(run.record.name) << "</th>";
    html << "</tr></thead><tbody>";
    for (const Metric& metric : metrics(content)) {
        bool any = false;
        for (const ReportRun& run : content.runs)
            any = any || run.number(metric.path).has_value();
        if (!any)
            continue;
        html << "<tr><td>" << escape(metric.label) << "</td>";
        for (const ReportRun& run : content.runs) {
            const std::optional<double> value = run.number(metric.path);
            if (!value) {
                html << "<td class=\"none\">–</td>";
                continue;
            }
            html << "<td data-run=\"" << escape(run.record.name) << "\" data-key=\"" << metric.path
                 << "\" data-value=\"" << shortest(*value) << "\">" << escape(shown(*value, metric.kind)) << "</td>";
        }
        html << "</tr>";
    }
    // APH against the minimum, by size bin (the charts' numbers, not stored with the run).
    for (size_t bin = 0; bin < content.sizeBins.size(); ++bin) {
        const RunChartData& first = content.runs.front().charts;
        if (bin >= first.aphByBin.size())
            break;
        html << "<tr><td>median APH / minimum, " << escape(sizeBinLabel(content.sizeBins, static_cast<int>(bin), 2))
             << " nodes</td>";
        for (const ReportRun& run : content.runs) {
            const BoxSummary& b = run.charts.aphByBin[bin];
            const double minimum = bin < run.charts.minimumAphByBin.size() ? run.charts.minimumAphByBin[bin] : 0;
            if (b.count == 0 || !run.hasPlacements)
                html << "<td class=\"none\">–</td>";
            else
                html << "<td>" << fixed(b.median, 2) << " / " << fixed(minimum, 2) << "</td>";
        }
        html << "</tr>";
    }
    html << "<tr><td>jobs running at " << escape(utc(content.at)) << "</td>";
    for (const ReportRun& run : content.runs)
        html << "<td>" << run.runningAt << "</td>";
    html << "</tr><tr><td>of those, sharing a link with another (static routes)</td>";
    for (const ReportRun& run : content.runs)
        html << "<td>" << (run.hasPlacements ? std::to_string(run.sharingLinksAt) : std::string("–")) << "</td>";
    html << "</tr></tbody></table>";
    return html.str();
}

std::string change(double base, double value, Metric::Kind kind, bool lowerIsBetter)
{
    std::string text = shown(value, kind) + " against " + shown(base, kind);
    if (kind == Metric::Fraction) {
        const double points = 100 * (value - base);
        text += " (" + std::string(points >= 0 ? "+" : "") + fixed(points, 1) + " points";
    } else if (base != 0) {
        const double percent = 100 * (value - base) / std::abs(base);
        text += " (" + std::string(percent >= 0 ? "+" : "") + fixed(percent, 0) + " %";
    } else {
        return text;
    }
    const bool better = lowerIsBetter ? value < base : value > base;
    text += value == base ? ")" : better ? ", better)" : ", worse)";
    return text;
}

std::string differences(const ReportContent& content)
{
    std::ostringstream html;
    const ReportRun& base = content.runs.front();
    if (content.runs.size() == 1)
        return "<p>One run: nothing to compare it with.</p>";
    html << "<ul>";
    for (size_t r = 1; r < content.runs.size(); ++r) {
        const ReportRun& run = content.runs[r];
        html << "<li><b>" << escape(run.record.name) << "</b> against <b>" << escape(base.record.name) << "</b>: ";
        std::vector<std::string> parts;
        const auto compare = [&](const char* path, const char* what, Metric::Kind kind, bool lowerIsBetter) {
            const auto a = base.number(path), b = run.number(path);
            if (a && b)
                parts.push_back(std::string(what) + " " + change(*a, *b, kind, lowerIsBetter));
        };
        compare("$.utilization", "utilization", Metric::Fraction, false);
        compare("$.makespan", "makespan", Metric::Seconds, true);
        compare("$.mean_wait", "mean wait", Metric::Seconds, true);
        compare("$.mean_bounded_slowdown", "mean bounded slowdown", Metric::Plain, true);
        if (base.hasPlacements && run.hasPlacements)
            compare("$.mean_aph", "mean APH", Metric::Plain, true);
        // Where the waits changed most, by job size.
        double largest = 0;
        std::string where;
        for (size_t bin = 0; bin < content.sizeBins.size(); ++bin) {
            const std::string path = "$.by_size[" + std::to_string(bin) + "].mean_wait";
            const auto a = base.number(path), b = run.number(path);
            if (a && b && std::abs(*b - *a) > std::abs(largest)) {
                largest = *b - *a;
                where = sizeBinLabel(content.sizeBins, static_cast<int>(bin)) + " nodes";
            }
        }
        if (!where.empty())
            parts.push_back("the mean wait changed most for jobs of " + where + " (" + (largest > 0 ? "+" : "−")
                            + duration(std::abs(largest)) + ")");
        for (size_t i = 0; i < parts.size(); ++i)
            html << escape(parts[i]) << (i + 1 < parts.size() ? "; " : ".");
        html << "</li>";
    }
    html << "</ul>";
    return html.str();
}

} // namespace

std::vector<std::pair<std::string, std::string>> reportFigures(const ReportContent& content)
{
    return {{"fig-aph", aphFigure(content)},
            {"fig-utilization", utilizationFigure(content)},
            {"fig-waits", waitFigure(content)}};
}

std::string reportHtml(const ReportContent& content, const std::vector<ReportSnapshot>& snapshots,
                       const std::string& snapshotNote, bool imagesByName)
{
    std::ostringstream html;
    const std::string title = "Placement report: " + content.machine.name;
    html << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
         << "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/>"
         << "<title>" << escape(title) << "</title><style>"
         << "body{font-family:'DejaVu Sans',sans-serif;font-size:13px;max-width:1000px;margin:24px auto;color:#222}"
         << "h1{font-size:22px}h2{font-size:17px;border-bottom:1px solid #ccc;margin-top:28px}"
         << "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px}"
         << "th{background:#f0f0f0}td[data-value]{text-align:right}td.none{text-align:center;color:#888}"
         << "figure{display:inline-block;margin:8px}figcaption{font-size:12px;color:#444}"
         << ".note{color:#8a4b00}</style></head><body>";

    html << "<section id=\"summary\"><h1>" << escape(title) << "</h1><p>Machine <b>" << escape(content.machine.name)
         << "</b>: " << escape(content.topology) << ", " << content.machineNodes
         << " nodes. Period: " << escape(utc(content.firstSubmit)) << " to " << escape(utc(content.lastEnd))
         << " (first submission to last end of the " << escape(content.runs.front().record.name)
         << " run). Snapshots and link counts at " << escape(utc(content.at)) << ".</p><table><tbody>"
         << "<tr><td>jobs</td><td>" << content.workloadJobs << "</td></tr>"
         << "<tr><td>node-hours</td><td>" << fixed(content.nodeHours, 0) << "</td></tr>"
         << "<tr><td>median job size</td><td>" << content.medianNodes << " nodes</td></tr>"
         << "<tr><td>largest job</td><td>" << content.largestNodes << " nodes</td></tr>"
         << "<tr><td>span</td><td>" << escape(duration(static_cast<double>(content.lastEnd - content.firstSubmit)))
         << "</td></tr></tbody></table></section>";

    html << "<section id=\"runs\"><h2>The runs side by side</h2>" << runsTable(content)
         << "<p>Utilization: node-seconds of jobs / (machine nodes × span), over the steady state and from the "
            "first submission to the last end (where jobs share nodes, each busy node counted once); by cores: "
            "core-seconds held / (machine cores × span from the first submission to the last end), where the "
            "machine's cores and every job's are known; waits are start − submit; bounded slowdown with a 10 s "
            "bound; APH: "
            "average pairwise hops over switch-to-switch links (Pollard SC'18 eq. 1); minimum: the smallest APH a "
            "job of the bin's median size can have on the empty machine (docs/metrics.md, docs/simulation.md). "
            "The logged run is measured from the logged times.</p></section>";

    html << "<section id=\"differences\"><h2>What differs</h2>" << differences(content) << "</section>";

    html << "<section id=\"figures\"><h2>Figures</h2>";
    for (const auto& [id, svg] : reportFigures(content)) {
        if (imagesByName)
            html << "<p><img src=\"" << id << "\" alt=\"" << id << "\"/></p>";
        else
            html << "<figure>" << svg << "</figure>";
    }
    html << "</section>";

    html << "<section id=\"snapshots\"><h2>The machine at " << escape(utc(content.at)) << "</h2>";
    if (!snapshotNote.empty())
        html << "<p class=\"note\">" << escape(snapshotNote) << "</p>";
    for (size_t r = 0; r < snapshots.size() && r < content.runs.size(); ++r) {
        const ReportSnapshot& snapshot = snapshots[r];
        html << (imagesByName ? "<p>" : "<figure>");
        if (!snapshot.png.empty()) {
            if (imagesByName) {
                html << "<img src=\"snapshot-" << r << "\" alt=\"" << escape(content.runs[r].record.name) << "\"/>";
            } else {
                static const char* const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
                std::string base64;
                const std::string& in = snapshot.png;
                for (size_t i = 0; i < in.size(); i += 3) {
                    const unsigned a = static_cast<unsigned char>(in[i]);
                    const unsigned b = i + 1 < in.size() ? static_cast<unsigned char>(in[i + 1]) : 0;
                    const unsigned c = i + 2 < in.size() ? static_cast<unsigned char>(in[i + 2]) : 0;
                    base64 += digits[a >> 2];
                    base64 += digits[((a & 3) << 4) | (b >> 4)];
                    base64 += i + 1 < in.size() ? digits[((b & 15) << 2) | (c >> 6)] : '=';
                    base64 += i + 2 < in.size() ? digits[c & 63] : '=';
                }
                html << "<img width=\"480\" src=\"data:image/png;base64," << base64 << "\" alt=\""
                     << escape(content.runs[r].record.name) << "\"/>";
            }
        } else {
            html << "<p class=\"note\">" << escape(snapshot.note) << "</p>";
        }
        html << (imagesByName ? "<br/>" : "<figcaption>") << escape(content.runs[r].record.name) << " at "
             << escape(utc(content.at)) << ": " << content.runs[r].runningAt << " jobs running on "
             << content.runs[r].busyNodesAt << " of " << content.machineNodes << " nodes"
             << (imagesByName ? "</p>" : "</figcaption></figure>");
    }
    html << "</section>";

    html << "<section id=\"fragmented\"><h2>The most fragmented jobs</h2><p>Per run, the jobs whose APH is "
            "farthest above the smallest APH of their size (of the 20 highest-APH jobs of each size bin).</p>";
    for (const ReportRun& run : content.runs) {
        html << "<h3>" << escape(run.record.name) << "</h3>";
        if (run.mostFragmented.empty()) {
            html << "<p>"
                 << (run.hasPlacements ? "No job of 2 nodes or more." : "No node lists: where jobs ran is unknown.")
                 << "</p>";
            continue;
        }
        html << "<table><thead><tr><th>job</th><th>nodes</th><th>APH</th><th>minimum APH</th><th>partitions or "
                "leaves</th><th>started</th></tr></thead><tbody>";
        for (const FragmentedJob& job : run.mostFragmented)
            html << "<tr><td>" << escape(job.id) << "</td><td>" << job.nodes << "</td><td>" << fixed(job.aph, 2)
                 << "</td><td>" << fixed(job.minimumAph, 2) << "</td><td>" << job.partitions << "</td><td>"
                 << escape(utc(job.start)) << "</td></tr>";
        html << "</tbody></table>";
    }
    html << "</section>";

    html << "<section id=\"method\"><h2>Method</h2><ul>";
    for (const ReportRun& run : content.runs) {
        html << "<li><b>" << escape(run.record.name) << "</b> (run id " << run.record.id << "): ";
        if (run.record.id == 0) {
            html << "the logged schedule, measured from the logged submit, start and end times"
                 << (run.hasPlacements ? "" : "; the log has no node lists");
        } else {
            std::string list;
            for (const auto& [path, value] : run.parameters) {
                if (path == "$.machine" || path == "$.input_digest" || path.rfind("$.size_bins", 0) == 0
                    || value.empty())
                    continue;
                list += (list.empty() ? "" : ", ") + path.substr(2) + " " + value;
            }
            html << escape(list);
        }
        html << ".</li>";
    }
    html << "</ul><p>Written by Placement Explorer " << escape(content.version)
         << ". The numbers are those of the runs' stored summaries, as <code>placement runs --json</code> prints "
            "them.</p></section>";
    html << "</body></html>\n";
    return html.str();
}

} // namespace placement
