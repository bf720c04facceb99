// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "RunsCommand.h"

#include "core/Csv.h"
#include "core/RunChartData.h"
#include "core/RunRecord.h"
#include "core/SystemMetrics.h"
#include "services/LoggedRun.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace placement;

namespace {

struct ShownRun
{
    RunRecord record;
    RunParameters parameters;
    RunSummary summary;
};

/// A number as plain digits (no exponent), the shortest that reads back the same; empty for
/// a value that is absent or null.
std::string plainNumber(std::optional<double> value)
{
    if (!value || !std::isfinite(*value))
        return {};
    return QString::number(*value, 'f', QLocale::FloatingPointShortest).toStdString();
}

std::string text(const std::optional<RunValue>& value)
{
    if (!value)
        return {};
    if (const std::string* stored = std::get_if<std::string>(&*value))
        return *stored;
    return plainNumber(std::get<double>(*value));
}

/// A size bin in a CSV column name: "1-4", "257+" (sizeBinLabel() with an ASCII hyphen).
std::string binName(const std::vector<int>& bins, size_t bin)
{
    std::string label = sizeBinLabel(bins, static_cast<int>(bin));
    const std::string dash = "\u2013";
    if (const size_t at = label.find(dash); at != std::string::npos)
        label.replace(at, dash.size(), "-");
    return label;
}

/// The columns of the CSV and the table: a stored parameter or a summary value, its CSV
// header (units in it) and its table heading.
struct Column
{
    const char* csv;
    const char* heading;
    bool parameter;
    const char* key; ///< in RunParameters::value() or RunSummary::number()
    double tableScale; ///< the table shows the value times this (hours, percent)
    bool inTable = true; ///< false: in the CSV only (the table stays readable)
};

/// The value of `column` for `run`; nothing when the run has none.
std::optional<RunValue> valueOf(const Column& column, const ShownRun& run)
{
    if (column.parameter)
        return run.parameters.value(column.key);
    if (const std::optional<double> number = run.summary.number(column.key))
        return RunValue(*number);
    return std::nullopt;
}

const std::vector<Column>& columns()
{
    static const std::vector<Column> all{
        {"policy", "policy", true, "policy", 0},
        {"order", "order", true, "order", 0, false},
        {"backfill", "backfill", true, "backfill", 0},
        {"window", "window", true, "window", 0},
        {"seed", "seed", true, "seed", 0},
        {"speedup", "speedup", true, "speedup", 0, false},
        {"scale_nodes", "nodes x", true, "scale_nodes", 0, false},
        {"arrivals", "arrivals", true, "arrivals", 0, false},
        {"from_unix_s", "from", true, "from", 0, false},
        {"to_unix_s", "to", true, "to", 0, false},
        {"cpus_per_node", "cpus/node", true, "cpus_per_node", 0},
        {"by", "by", true, "by", 0, false},
        {"cores_per_node", "cores/node", true, "cores_per_node", 0, false},
        {"sweep", "sweep", true, "sweep", 0, false},
        {"sweep_point", "point", true, "sweep_point", 0, false},
        {"input_digest", "jobs digest", true, "input_digest", 0, false},
        {"version", "version", true, "version", 0, false},
        {"jobs", "jobs", false, "jobs", 1},
        {"jobs_without_start", "no start", false, "jobs_without_start", 1},
        {"utilization_fraction", "util %", false, "utilization", 100},
        {"utilization_over_makespan_fraction", "util span %", false, "utilization_over_makespan", 100},
        {"utilization_cores_fraction", "cores %", false, "utilization_cores", 100, false},
        {"utilization_gpus_fraction", "GPUs %", false, "utilization_gpus", 100, false},
        {"makespan_s", "makespan h", false, "makespan", 1 / 3600.0},
        {"mean_wait_s", "mean wait h", false, "mean_wait", 1 / 3600.0},
        {"median_wait_s", "median wait h", false, "median_wait", 1 / 3600.0},
        {"mean_bounded_slowdown", "bsld", false, "mean_bounded_slowdown", 1},
        {"mean_aph_hops", "APH", false, "mean_aph", 1},
    };
    return all;
}

std::string csvOf(const std::vector<ShownRun>& runs, const std::vector<int>& bins)
{
    std::vector<std::string> header{"run_id", "run"};
    for (const Column& column : columns())
        header.push_back(column.csv);
    for (size_t bin = 0; bin < bins.size(); ++bin) {
        const std::string name = binName(bins, bin);
        header.insert(header.end(),
                      {"jobs_" + name, "mean_wait_" + name + "_s", "median_wait_" + name + "_s",
                       "mean_bounded_slowdown_" + name});
    }
    std::string out = csvRecord(header);
    for (const ShownRun& run : runs) {
        std::vector<std::string> fields{std::to_string(run.record.id), run.record.name};
        for (const Column& column : columns())
            fields.push_back(text(valueOf(column, run)));
        for (int start : bins) {
            const RunSizeBin* bin = run.summary.sizeBin(start);
            if (!bin) {
                fields.insert(fields.end(), 4, std::string());
                continue;
            }
            for (const double value :
                 {static_cast<double>(bin->jobs), bin->meanWait, bin->medianWait, bin->meanBoundedSlowdown})
                fields.push_back(plainNumber(value));
        }
        out += csvRecord(fields);
    }
    return out;
}

std::string jsonOf(const std::string& machine, const std::vector<ShownRun>& runs)
{
    // The stored texts as they are: this writes them out, with every key a newer program added.
    const auto object
        = [](const std::string& json) { return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object(); };
    QJsonArray list;
    for (const ShownRun& run : runs) {
        QJsonArray sweeps;
        for (const std::string& sweep : run.record.sweeps)
            sweeps.append(QString::fromStdString(sweep));
        list.append(QJsonObject{{QStringLiteral("id"), static_cast<qint64>(run.record.id)},
                                {QStringLiteral("name"), QString::fromStdString(run.record.name)},
                                {QStringLiteral("logged"), run.record.id == 0},
                                {QStringLiteral("sweeps"), sweeps},
                                {QStringLiteral("parameters"), object(run.record.parameters)},
                                {QStringLiteral("summary"), object(run.record.summary)}});
    }
    const QJsonObject document{{QStringLiteral("machine"), QString::fromStdString(machine)},
                               {QStringLiteral("runs"), list}};
    return QJsonDocument(document).toJson(QJsonDocument::Indented).toStdString();
}

/// Aligned columns: text left, numbers right.
std::string tableOf(const std::vector<std::vector<std::string>>& rows)
{
    const auto width = [](const std::string& cell) { return static_cast<size_t>(QString::fromStdString(cell).size()); };
    std::vector<size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], width(row[i]));
    }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            const std::string& cell = row[i];
            const size_t pad = widths[i] - width(cell);
            const bool number = i > 0 && !cell.empty() && (std::isdigit(static_cast<unsigned char>(cell[0])) != 0);
            line += (i ? "  " : "") + (number ? std::string(pad, ' ') + cell : cell + std::string(pad, ' '));
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string tableNumber(const std::optional<RunValue>& value, double scale)
{
    if (!value)
        return "-";
    if (const std::string* stored = std::get_if<std::string>(&*value))
        return *stored;
    const double shown = std::get<double>(*value) * scale;
    const bool whole = scale == 1 && shown == static_cast<double>(static_cast<std::int64_t>(shown));
    return QString::number(shown, 'f', whole ? 0 : 2).toStdString();
}

/// In the table: the usual columns, and every parameter whose value differs between the
/// simulated runs shown (a sweep's table has one column per swept parameter).
bool anyByCores(const std::vector<ShownRun>& runs)
{
    return std::any_of(runs.begin(), runs.end(), [](const ShownRun& run) { return run.parameters.by == "cores"; });
}

bool shownInTable(const Column& column, const std::vector<ShownRun>& runs)
{
    if (column.inTable)
        return true;
    if (std::string_view(column.key) == "by")
        return anyByCores(runs);
    if (std::string_view(column.key) == "utilization_cores")
        return std::any_of(runs.begin(), runs.end(),
                           [](const ShownRun& run) { return run.summary.utilizationCores.has_value(); });
    if (!column.parameter || std::string_view(column.key) == "sweep_point"
        || std::string_view(column.key) == "input_digest")
        return false;
    std::optional<std::string> first;
    for (const ShownRun& run : runs) {
        if (run.record.id == 0)
            continue; // the logged run has no parameters
        const std::string value = text(run.parameters.value(column.key));
        if (first && *first != value)
            return true;
        first = value;
    }
    return false;
}

std::string textOf(const std::string& machine, const std::vector<ShownRun>& runs, const std::vector<int>& bins)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> heading{"run"};
    for (const Column& column : columns())
        if (shownInTable(column, runs))
            heading.push_back(column.heading);
    rows.push_back(heading);
    for (const ShownRun& run : runs) {
        std::vector<std::string> row{run.record.name};
        for (const Column& column : columns()) {
            if (!shownInTable(column, runs))
                continue;
            const std::optional<RunValue> value = valueOf(column, run);
            row.push_back(column.parameter ? (value ? text(value) : "-") : tableNumber(value, column.tableScale));
        }
        rows.push_back(row);
    }
    std::string out = "Runs of " + machine + " (the logged run first)\n\n" + tableOf(rows);

    std::vector<std::vector<std::string>> waits{{"mean wait h by size"}};
    for (size_t bin = 0; bin < bins.size(); ++bin)
        waits.front().push_back(sizeBinLabel(bins, static_cast<int>(bin)) + " nodes");
    for (const ShownRun& run : runs) {
        std::vector<std::string> row{run.record.name};
        for (int start : bins) {
            const RunSizeBin* bin = run.summary.sizeBin(start);
            row.push_back(bin && bin->jobs > 0 && std::isfinite(bin->meanWait)
                              ? tableNumber(RunValue(bin->meanWait), 1 / 3600.0)
                              : "-");
        }
        waits.push_back(row);
    }
    out += "\n" + tableOf(waits);

    const RunSummary& logged = runs.front().summary;
    const auto count
        = [&](const std::optional<std::int64_t> RunSummary::*member) { return (logged.*member).value_or(0); };
    out += "\nlogged: measured from the logged submit, start and end times";
    if (count(&RunSummary::jobsWithNodeLists) == 0)
        out += "; this log has no node lists (where jobs ran is unknown: no APH)";
    if (count(&RunSummary::jobsWithoutStart) > 0)
        out += "; " + std::to_string(count(&RunSummary::jobsWithoutStart))
            + " jobs without a start time in the log left out of its metrics";
    if (count(&RunSummary::jobsWithoutSize) > 0)
        out += "; " + std::to_string(count(&RunSummary::jobsWithoutSize)) + " jobs without a size left out";
    out += ".\nUtilization: node-seconds of jobs / (machine nodes x span), over the steady state (util) and "
           "from the first submission to the last end (util span); bsld: mean bounded slowdown, 10 s bound.\n";
    if (anyByCores(runs))
        out += "by cores: jobs held the cores and GPUs the log gives and shared nodes; their util counts each busy "
               "node once.\n";
    if (shownInTable(*std::find_if(columns().begin(), columns().end(),
                                   [](const Column& c) { return std::string_view(c.key) == "utilization_cores"; }),
                     runs))
        out += "cores %: core-seconds held / (machine cores x first submission to last end).\n";
    return out;
}

/// The command's options, one member each.
struct RunsOptions
{
    QCommandLineOption db{QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB")};
    QCommandLineOption machine{QStringLiteral("machine"), QStringLiteral("The machine."), QStringLiteral("NAME")};
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Write JSON: every run's stored parameters and "
                                           "summary.")};
    QCommandLineOption csv{QStringLiteral("csv"), QStringLiteral("Write CSV, one row per run, units in the header.")};
    QCommandLineOption cpus{QStringLiteral("cpus-per-node"),
                            QStringLiteral("Processors per node for the logged run's jobs sized in processors only "
                                           "(SWF; default: that of the machine's latest run, else 1)."),
                            QStringLiteral("K")};
    QCommandLineOption sweep{QStringLiteral("sweep"),
                             QStringLiteral("Only the runs of this sweep (placement sweep --name), beside the logged "
                                            "run."),
                             QStringLiteral("NAME")};
};

const char* const runsDescription
    = "List the runs of a machine, the logged one first, with their parameters as stored and their system metrics: "
      "utilization, makespan, mean and median wait and bounded slowdown, overall and by job size "
      "(docs/simulation.md). The logged run is measured from the logged times and sizes, with or without node "
      "lists. A table by default; --json or --csv for scripts (numbers in seconds and fractions).";

} // namespace

int runRuns(const QStringList& arguments)
{
    const RunsOptions options;
    const auto& [db, machine, json, csv, cpus, sweep] = options;
    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(runsDescription));
    parser.addHelpOption();
    parser.addOptions({db, machine, json, csv, cpus, sweep});
    parser.process(arguments);
    const char* usage = "placement: usage: placement runs --db DB --machine NAME [--json | --csv] [--cpus-per-node K] "
                        "[--sweep NAME]\n";
    if (!parser.isSet(db) || !parser.isSet(machine)) {
        std::fprintf(stderr, "placement: runs: %s is required\n%s", parser.isSet(db) ? "--machine NAME" : "--db DB",
                     usage);
        return 2;
    }
    if (parser.isSet(json) && parser.isSet(csv)) {
        std::fprintf(stderr, "placement: runs: give --json or --csv, not both\n%s", usage);
        return 2;
    }
    int cpusPerNode = 0;
    if (parser.isSet(cpus)) {
        bool ok = false;
        cpusPerNode = parser.value(cpus).toInt(&ok);
        if (!ok || cpusPerNode < 1) {
            std::fprintf(stderr, "placement: runs: --cpus-per-node needs a whole number of at least 1, not '%s'\n",
                         qPrintable(parser.value(cpus)));
            return 2;
        }
    }
    Store store = Store::openExisting(parser.value(db).toStdString());
    const std::string name = parser.value(machine).toStdString();
    const std::optional<MachineRecord> record = store.machine(name);
    if (!record) {
        std::string present;
        for (const MachineRecord& known : store.machines())
            present += (present.empty() ? "" : ", ") + known.name;
        std::fprintf(stderr, "placement: runs: --machine '%s': %s has no such machine (machines: %s)\n", name.c_str(),
                     store.path().c_str(), present.empty() ? "none" : present.c_str());
        return 1;
    }
    std::vector<RunRecord> all{loggedRun(store, *record, cpusPerNode)};
    const std::string sweepName = parser.value(sweep).toStdString();
    for (RunRecord& stored : runs(store, record->id))
        if (!parser.isSet(sweep)
            || std::find(stored.sweeps.begin(), stored.sweeps.end(), sweepName) != stored.sweeps.end())
            all.push_back(std::move(stored));
    if (parser.isSet(sweep) && all.size() == 1) {
        std::fprintf(stderr, "placement: runs: --sweep '%s': machine '%s' has no run of that sweep\n",
                     sweepName.c_str(), name.c_str());
        return 1;
    }
    std::vector<ShownRun> shown;
    for (RunRecord& run : all)
        shown.push_back({run, readRunParameters(run.parameters), readRunSummary(run.summary)});
    const std::vector<int> bins = defaultSizeBins();
    const std::string out = parser.isSet(json) ? jsonOf(name, shown)
        : parser.isSet(csv)                    ? csvOf(shown, bins)
                                               : textOf(name, shown, bins);
    std::fputs(out.c_str(), stdout);
    return 0;
}
