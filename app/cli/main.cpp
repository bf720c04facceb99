// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CoreHoldings.h"
#include "core/MachineSpec.h"
#include "core/MetricsReport.h"
#include "core/Occupancy.h"
#include "core/Presets.h"
#include "importers/Hostlist.h"
#include "importers/JobImport.h"
#include "importers/LocalTime.h"
#include "services/Import.h"
#include "services/Metrics.h"
#include "services/OptionParsers.h"
#include "store/DatabaseFiles.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <tuple>

#include "CommandSupport.h"
#include "ContiguousCommand.h"
#include "FromSlurm.h"
#include "ReportCommand.h"
#include "RunsCommand.h"
#include "SimulateCommand.h"
#include "SweepCommand.h"
#include "WhatIfCommand.h"

using namespace placement;

namespace {

const char* const commandSummary = "Commands:\n"
                                   "  demo FILE        write the bundled demo database to FILE\n"
                                   "  info DATABASE    list the machines and jobs in a database\n"
                                   "  import           import scheduler logs into a database\n"
                                   "  machines         list the preset machines\n"
                                   "  metrics          per-job placement metrics as CSV\n"
                                   "  contiguous       APH of every contiguous allocation under a node order\n"
                                   "  simulate         replay a machine's jobs under a scheduling policy\n"
                                   "  sweep            replay under every combination of parameter values\n"
                                   "  whatif           where a policy would have placed each job of a run\n"
                                   "  runs             a machine's runs, the logged one first, with their metrics\n"
                                   "  report           an HTML (and PDF) report comparing runs, for operators\n"
                                   "  hostlist EXPR    expand a Slurm hostlist expression, one name per line\n"
                                   "\n"
                                   "Run 'placement COMMAND --help' for a command's options.";

std::string utc(std::int64_t seconds)
{
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &parts);
    return text;
}

/// Parses a command's own arguments; exits with a usage message on error.
QStringList commandArguments(const QStringList& arguments, const QString& name, const QString& usage,
                             const QString& description)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addPositionalArgument(name, description, usage);
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1) {
        std::fprintf(stderr, "placement: usage: placement %s\n", qPrintable(usage));
        std::exit(2);
    }
    return positional;
}

int runDemo(const QStringList& arguments)
{
    const QString path = commandArguments(arguments, QStringLiteral("demo"), QStringLiteral("demo FILE"),
                                          QStringLiteral("Write the bundled demo database to FILE."))
                             .constFirst();
    writeDemoDatabase(path.toStdString());
    std::printf("wrote %s\n", qPrintable(path));
    return 0;
}

/// "  at T UTC (epoch E): J jobs running, B of N nodes busy (x%), C of K cores held (y%), G of
/// H GPUs held (z%)": what the jobs running at `time` hold (docs/importing.md, "Cores and GPUs").
void printHeld(const char* label, const std::vector<Job>& jobs, const std::vector<JobHolding>& holdings, int nodeCount,
               const NodeResources& resources, std::int64_t time)
{
    const HeldAt held = heldAt(jobs, holdings, nodeCount, resources, time);
    std::printf("  %s %s UTC (epoch %lld): %d jobs running, %d of %d nodes busy (%.1f%%)", label, utc(time).c_str(),
                static_cast<long long>(time), held.jobs, held.busyNodes, nodeCount,
                nodeCount ? 100.0 * held.busyNodes / nodeCount : 0.0);
    const std::int64_t cores = resources.totalCores();
    if (cores > 0)
        std::printf(", %lld of %lld cores held (%.1f%%)", static_cast<long long>(held.cores),
                    static_cast<long long>(cores), 100.0 * coreUtilization(held, resources));
    else if (held.cores > 0)
        std::printf(", %lld cores held (the machine's cores unknown)", static_cast<long long>(held.cores));
    if (held.jobsWithoutCores && held.jobs)
        std::printf(", %d jobs without a core count", held.jobsWithoutCores);
    if (resources.totalGpus() > 0)
        std::printf(", %lld of %lld GPUs held (%.1f%%)", static_cast<long long>(held.gpus),
                    static_cast<long long>(resources.totalGpus()), 100.0 * gpuUtilization(held, resources));
    if (held.overfullNodes)
        std::printf(", %d nodes hold more cores than they have (the log contradicts the machine)", held.overfullNodes);
    std::printf("\n");
}

int runInfo(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the machines and jobs in a database."));
    parser.addHelpOption();
    const QCommandLineOption atOption(
        QStringLiteral("at"),
        QStringLiteral("Also say what the jobs running at this instant (Unix epoch seconds) hold: jobs, nodes, "
                       "cores, GPUs. Repeatable."),
        QStringLiteral("EPOCH"));
    parser.addOption(atOption);
    parser.addPositionalArgument(QStringLiteral("info"), QStringLiteral("List the machines and jobs in a database."),
                                 QStringLiteral("info DATABASE"));
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1) {
        std::fprintf(stderr, "placement: usage: placement info [--at EPOCH]... DATABASE\n");
        return 2;
    }
    std::vector<std::int64_t> moments;
    for (const QString& value : parser.values(atOption)) {
        bool ok = false;
        moments.push_back(value.toLongLong(&ok));
        if (!ok) {
            std::fprintf(stderr, "placement: info: --at needs Unix epoch seconds, not '%s'\n", qPrintable(value));
            return 2;
        }
    }
    const QString path = positional.constFirst();
    Store store = Store::openExisting(path.toStdString());
    std::printf("%s: schema version %d\n", qPrintable(path), store.schemaVersion());
    for (const MachineRecord& machine : store.machines()) {
        const auto topology = parseMachineSpec(machine.spec);
        std::printf("\n%s: %s\n  spec: %s\n  jobs: %lld\n", machine.name.c_str(), topology->describe().c_str(),
                    machine.spec.c_str(), static_cast<long long>(machine.jobCount));
        if (!topology->emptySlots().empty())
            std::printf("  nodes: %d, and %zu slots without a node (service or empty slots; no job runs there)\n",
                        topology->usableNodeCount(), topology->emptySlots().size());
        if (machine.jobsWithoutStart)
            std::printf("  of which %lld without a start time in the log (simulated, not in the times below)\n",
                        static_cast<long long>(machine.jobsWithoutStart));
        const std::vector<Job> jobs = store.jobs(machine.id);
        if (!jobs.empty()) {
            std::int64_t first = jobs.front().start;
            std::int64_t last = jobs.front().end;
            for (const Job& job : jobs) {
                first = std::min(first, job.start);
                last = std::max(last, job.end);
            }
            std::printf("  from %s to %s UTC\n", utc(first).c_str(), utc(last).c_str());
            // Each busy node once, however many jobs share it (docs/importing.md).
            const std::int64_t busiest = busiestTime(jobs);
            const NodeOccupancy occupancy = occupancyAt(jobs, topology->nodeCount(), busiest);
            // Of the machine's nodes: its empty slots (Topology::emptySlots()) are none.
            const int nodes = topology->usableNodeCount();
            std::printf("  busiest at %s UTC: %d jobs running, %d of %d nodes busy (%.1f%%)\n", utc(busiest).c_str(),
                        occupancy.runningJobs, occupancy.busyNodes, nodes,
                        nodes ? 100.0 * occupancy.busyNodes / nodes : 0.0);
            // Cores and GPUs (schema version 9): what the nodes offer and the jobs hold.
            const NodeResources resources = store.nodeResources(machine.id);
            const std::vector<JobHolding> holdings = store.jobHoldings(machine.id);
            if (resources.totalCores() > 0)
                std::printf("  cores: %lld on %d nodes", static_cast<long long>(resources.totalCores()),
                            topology->usableNodeCount());
            if (resources.totalGpus() > 0)
                std::printf("%s%lld GPUs", resources.totalCores() > 0 ? ", " : "  ",
                            static_cast<long long>(resources.totalGpus()));
            if (resources.totalCores() > 0 || resources.totalGpus() > 0)
                std::printf("\n");
            const CorePeak peak = peakCores(jobs, holdings);
            if (peak.cores > 0)
                printHeld("most cores held at", jobs, holdings, topology->nodeCount(), resources, peak.time);
            for (const std::int64_t moment : moments)
                printHeld("at", jobs, holdings, topology->nodeCount(), resources, moment);
        }
        if (machine.jobsSharingNodes)
            std::printf("  %lld jobs share nodes with concurrent jobs\n",
                        static_cast<long long>(machine.jobsSharingNodes));
    }
    return 0;
}

int runMachines(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the preset machines (usable wherever a machine spec is)."));
    parser.addHelpOption();
    parser.process(arguments);
    for (const MachinePreset& preset : machinePresets()) {
        const auto topology = parseMachineSpec(preset.name);
        std::printf("%-18s %s\n%-18s %s\n%-18s spec: %s\n\n", preset.name.c_str(), topology->describe().c_str(), "",
                    preset.source.c_str(), "", preset.spec.c_str());
    }
    return 0;
}

int runMetrics(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Per-job placement metrics of the jobs in a database, one CSV row per job: machine, job, nodes, APH "
        "(switch-to-switch links), APH counting node links too, the minimum APH a job of that size can have on "
        "that machine, partitions, routers (tori), leaves and pods (trees), lowest level common switch (trees, "
        "leaf = 0), spread."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption csvOption(QStringLiteral("csv"), QStringLiteral("Where to write the CSV (- for stdout)."),
                                       QStringLiteral("OUT"));
    const QCommandLineOption machineOption(QStringLiteral("machine"), QStringLiteral("Only the machine called NAME."),
                                           QStringLiteral("NAME"));
    const QCommandLineOption saveOption(QStringLiteral("save"),
                                        QStringLiteral("Also store the metrics in the database (job_metrics)."));
    const QCommandLineOption threadsOption(
        QStringLiteral("threads"),
        QStringLiteral("Threads computing the CSV's rows (default 0: one per core); the CSV is the same for any."),
        QStringLiteral("N"), QStringLiteral("0"));
    parser.addOptions({dbOption, csvOption, machineOption, saveOption, threadsOption});
    parser.process(arguments);
    if (!parser.isSet(dbOption) || (!parser.isSet(csvOption) && !parser.isSet(saveOption))) {
        std::fprintf(
            stderr,
            "placement: usage: placement metrics --db DB (--csv OUT | --save) [--machine NAME] [--threads N]\n");
        return 2;
    }
    const int threads = parseCount(parser.value(threadsOption), "threads", 0);
    Store store = Store::openExisting(parser.value(dbOption).toStdString());
    const std::string only = parser.value(machineOption).toStdString();
    if (parser.isSet(saveOption)) {
        bool found = only.empty();
        for (const MachineRecord& machine : store.machines())
            if (only.empty() || machine.name == only) {
                found = true;
                std::fprintf(stderr, "%s: stored the metrics of %lld jobs\n", machine.name.c_str(),
                             static_cast<long long>(saveJobMetrics(store, machine.id)));
            }
        if (!found)
            throw StoreError(store.path() + ": no machine called '" + only + "'");
        if (!parser.isSet(csvOption))
            return 0;
    }
    const std::string out = parser.value(csvOption).toStdString();
    std::optional<AtomicOutput> file; // a failed run leaves no half-written file
    if (out != "-")
        file.emplace(out);
    const MetricsCsvOutcome written = metricsCsv(store, file ? file->stream() : std::cout, only, threads);
    for (const auto& [machine, count] : written.jobsWithoutStart)
        std::fprintf(stderr, "%s: %lld jobs without a start time in the log left out\n", machine.c_str(),
                     static_cast<long long>(count));
    if (file) {
        file->commit();
        std::fprintf(stderr, "wrote %zu jobs to %s\n", written.rows, out.c_str());
    }
    return 0;
}

int runImport(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Import scheduler logs (Slurm sacct -P/-p, Slurm jobcomp, Moab/Maui events, Torque/PBS accounting, SWF; "
        "plain, compressed (gzip, bzip2, xz, zstd, ...), archived (tar, zip) or piped) into a database, creating it if "
        "needed. The whole import is one transaction: it is stored "
        "whole, or (on an error, a strict-mode rejection or Ctrl-C) not at all. Rejected lines are listed with "
        "file, line and reason."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          QStringLiteral("auto (default), sacct, jobcomp, moab, torque or swf."),
                                          QStringLiteral("FORMAT"), QStringLiteral("auto"));
    const QCommandLineOption machineOption(QStringLiteral("machine"),
                                           QStringLiteral("The machine the jobs ran on (or the name for a new one)."),
                                           QStringLiteral("NAME"));
    const QCommandLineOption topologyOption(
        QStringLiteral("topology"),
        QStringLiteral("Create the machine from a preset, a machine spec, a Slurm "
                       "topology.conf or topology.yaml, a coordinates CSV, or a Cray cname table."),
        QStringLiteral("FILE|PRESET"));
    const QCommandLineOption strictOption(QStringLiteral("strict"),
                                          QStringLiteral("Stop at the first bad line and import nothing."));
    const QCommandLineOption offsetOption(
        QStringLiteral("utc-offset"),
        QStringLiteral("Fixed offset of local times in sacct/jobcomp logs, e.g. +01:00 (default: the logs are in UTC). "
                       "Wrong for half the year where clocks change: use --timezone there."),
        QStringLiteral("OFFSET"), QStringLiteral("0"));
    const QCommandLineOption zoneOption(
        QStringLiteral("timezone"),
        QStringLiteral("Time zone of local times in sacct/jobcomp logs, an IANA name such as Europe/Berlin (daylight "
                       "saving time included; times that do not exist or exist twice are reported by line)."),
        QStringLiteral("ZONE"));
    // Jobs stored already are recognised by their identity and skipped, whatever the file:
    // the option that let a file of known content through is accepted and has no effect.
    QCommandLineOption duplicateOption(QStringLiteral("allow-duplicate"),
                                       QStringLiteral("No effect (kept for scripts)."));
    duplicateOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption fromSlurmOption(
        QStringLiteral("from-slurm"),
        QStringLiteral("Import from the Slurm this machine's clients reach (sacct, scontrol) instead of files: "
                       "the jobs not yet stored for the machine; a new machine from the topology.conf beside "
                       "Slurm's configuration, else from scontrol show topology (docs/slurm.md)."));
    const QCommandLineOption clusterOption(QStringLiteral("cluster"),
                                           QStringLiteral("With --from-slurm: the cluster (sacct --clusters)."),
                                           QStringLiteral("NAME"));
    const QCommandLineOption sinceOption(QStringLiteral("since"),
                                         QStringLiteral("With --from-slurm: sacct -S (default 1970-01-01T00:00:00)."),
                                         QStringLiteral("T"), QStringLiteral("1970-01-01T00:00:00"));
    const QCommandLineOption untilOption(QStringLiteral("until"),
                                         QStringLiteral("With --from-slurm: sacct -E (default now)."),
                                         QStringLiteral("T"), QStringLiteral("now"));
    const QCommandLineOption slurmConfOption(
        QStringLiteral("slurm-conf"),
        QStringLiteral("With --topology: Slurm's slurm.conf, whose NodeName= lines give the nodes' order in each leaf "
                       "switch (Weight=), their cores (CPUs=) and GPUs (Gres=gpu:N)."),
        QStringLiteral("FILE"));
    const QCommandLineOption aleaOption(
        QStringLiteral("alea-machines"),
        QStringLiteral("With --topology: an Alea .machines file; each node gets the CPUs per node of the cluster "
                       "named as its leaf switch (or of the only cluster)."),
        QStringLiteral("FILE"));
    const QCommandLineOption coresOption(QStringLiteral("cores-per-node"),
                                         QStringLiteral("With --topology: the cores of every node no file describes."),
                                         QStringLiteral("N"));
    const QCommandLineOption gpusOption(QStringLiteral("gpus-per-node"),
                                        QStringLiteral("With --topology: the GPUs of every node no file describes."),
                                        QStringLiteral("N"));
    parser.addOptions({dbOption, formatOption, machineOption, topologyOption, strictOption, offsetOption, zoneOption,
                       duplicateOption, fromSlurmOption, clusterOption, sinceOption, untilOption, slurmConfOption,
                       aleaOption, coresOption, gpusOption});
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Logs to import."), QStringLiteral("FILE..."));
    parser.process(arguments);
    const QStringList files = parser.positionalArguments().mid(1);
    const bool fromSlurm = parser.isSet(fromSlurmOption);
    if (!parser.isSet(dbOption) || files.isEmpty() == !fromSlurm) {
        std::fprintf(stderr,
                     "placement: usage: placement import --db DB [--machine NAME | --topology FILE|PRESET "
                     "[--slurm-conf FILE] [--alea-machines FILE] [--cores-per-node N] [--gpus-per-node N]] "
                     "[--format FORMAT] [--timezone ZONE | --utc-offset OFFSET] [--strict] FILE...\n"
                     "       placement import --db DB --from-slurm [--machine NAME] [--cluster NAME] [--since T] "
                     "[--until T]\n");
        return 2;
    }
    ImportRequest request;
    for (const QString& file : files)
        request.files.push_back(file.toStdString());
    QTemporaryDir exportDirectory;
    if (fromSlurm) {
        if (!exportDirectory.isValid())
            throw std::runtime_error("--from-slurm: no temporary directory: "
                                     + exportDirectory.errorString().toStdString());
        FromSlurmRequest slurm;
        slurm.machine = parser.value(machineOption).toStdString();
        slurm.cluster = parser.value(clusterOption).toStdString();
        slurm.since = parser.value(sinceOption).toStdString();
        slurm.until = parser.value(untilOption).toStdString();
        slurm.workDirectory = exportDirectory.path().toStdString();
        const SlurmExport exported = exportFromSlurm(parser.value(dbOption).toStdString(), slurm);
        std::printf("sacct: %d jobs, %d already stored for %s\n", exported.jobs, exported.known,
                    exported.machine.c_str());
        if (exported.jobs == exported.known) {
            std::printf("nothing new to import\n");
            return 0;
        }
        request = slurmImportRequest(exported);
        if (parser.isSet(topologyOption))
            request.topology = parser.value(topologyOption).toStdString();
    }
    try {
        if (!fromSlurm)
            request.format = parseLogFormat(parser.value(formatOption).toStdString());
        request.options.utcOffsetSeconds = parseUtcOffsetSetting(parser.value(offsetOption).toStdString());
        if (parser.isSet(zoneOption)) {
            if (parser.isSet(offsetOption))
                throw std::invalid_argument("give --timezone or --utc-offset, not both");
            request.options.timeZone = parseTimeZoneSetting(parser.value(zoneOption).toStdString());
        }
    } catch (const std::invalid_argument& error) {
        std::fprintf(stderr, "placement: %s\n", error.what());
        return 2;
    }
    request.options.strict = parser.isSet(strictOption);
    if (!fromSlurm) {
        request.machine = parser.value(machineOption).toStdString();
        request.topology = parser.value(topologyOption).toStdString();
    }
    for (const QCommandLineOption* option : {&slurmConfOption, &aleaOption, &coresOption, &gpusOption})
        if (parser.isSet(*option) && request.topology.empty()) {
            std::fprintf(stderr, "placement: --%s describes a machine being created: give --topology too\n",
                         qPrintable(option->names().constFirst()));
            return 2;
        }
    if (parser.isSet(slurmConfOption))
        request.slurmConf = parser.value(slurmConfOption).toStdString();
    if (parser.isSet(aleaOption))
        request.aleaMachines = parser.value(aleaOption).toStdString();
    for (const auto& [option, target, least] :
         {std::tuple{&coresOption, &request.coresPerNode, 1}, std::tuple{&gpusOption, &request.gpusPerNode, 0}})
        if (parser.isSet(*option)) {
            bool ok = false;
            *target = parser.value(*option).toInt(&ok);
            if (!ok || *target < least || *target > 1'000'000) {
                std::fprintf(stderr, "placement: --%s needs a whole number from %d to 1000000, not '%s'\n",
                             qPrintable(option->names().constFirst()), least, qPrintable(parser.value(*option)));
                return 2;
            }
        }
    // A new database appears at its path only when the import is committed (services/Import.h).
    const ImportResult result = importIntoDatabase(parser.value(dbOption).toStdString(), request);
    std::fputs(formatImportReport(result).c_str(), result.committed ? stdout : stderr);
    for (const std::string& warning : result.warnings)
        std::fprintf(stderr, "placement: warning: %s\n", warning.c_str());
    return result.committed ? 0 : 1;
}

int runHostlist(const QStringList& arguments)
{
    const QString expression
        = commandArguments(arguments, QStringLiteral("hostlist"), QStringLiteral("hostlist EXPR"),
                           QStringLiteral("Expand a Slurm hostlist expression, one name per line."))
              .constFirst();
    std::vector<std::string> names;
    try {
        names = expandHostlist(expression.toStdString());
    } catch (const HostlistError& error) {
        std::fprintf(stderr, "placement: hostlist '%s': %s at offset %zu\n", qPrintable(expression), error.what(),
                     error.offset);
        return 1;
    }
    for (const std::string& name : names)
        std::printf("%s\n", name.c_str());
    return 0;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("placement"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PLACEMENT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Placement Explorer on the command line: imports, metrics and simulations in scripts.\n\n")
        + QString::fromLatin1(commandSummary));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("The command to run."),
                                 QStringLiteral("COMMAND [ARGS...]"));
    parser.parse(QCoreApplication::arguments());
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        if (parser.isSet(QStringLiteral("version")))
            parser.showVersion();
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp(0);
        std::fprintf(stderr, "placement: no command given\n\n%s\n", commandSummary);
        return 2;
    }

    const QString command = positional.constFirst();
    QStringList arguments = QCoreApplication::arguments();
    arguments.removeAt(arguments.indexOf(command));
    arguments.insert(1, command); // "placement COMMAND ARGS..." for the command's own parser
    try {
        if (command == QLatin1String("demo"))
            return runDemo(arguments);
        if (command == QLatin1String("info"))
            return runInfo(arguments);
        if (command == QLatin1String("hostlist"))
            return runHostlist(arguments);
        if (command == QLatin1String("import"))
            return runImport(arguments);
        if (command == QLatin1String("machines"))
            return runMachines(arguments);
        if (command == QLatin1String("metrics"))
            return runMetrics(arguments);
        if (command == QLatin1String("contiguous"))
            return runContiguous(arguments);
        if (command == QLatin1String("simulate"))
            return runSimulate(arguments);
        if (command == QLatin1String("sweep"))
            return runSweep(arguments);
        if (command == QLatin1String("whatif"))
            return runWhatIf(arguments);
        if (command == QLatin1String("runs"))
            return runRuns(arguments);
        if (command == QLatin1String("report"))
            return runReport(arguments);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "placement: %s\n", error.what());
        return 1;
    }
    std::fprintf(stderr, "placement: unknown command '%s'\n\n%s\n", qPrintable(command), commandSummary);
    return 2;
}
