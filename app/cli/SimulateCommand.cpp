// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "SimulateCommand.h"

#include "core/LcsAllocator.h"
#include "core/MachineSpec.h"
#include "core/OfferedLoad.h"
#include "core/SimulationReport.h"
#include "core/SyntheticWorkload.h"
#include "services/CoreRun.h"
#include "services/OptionParsers.h"
#include "services/Simulation.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QTimeZone>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "CommandSupport.h"

using namespace placement;

namespace {

std::vector<int> parseBins(const QString& text)
{
    std::vector<int> bins;
    for (const QString& part : text.split(QLatin1Char(',')))
        bins.push_back(parseCount(part.trimmed(), "size-bins", 1));
    return bins;
}

/// `--synthetic N[,SEED[,MEAN]]`: Jigsaw's synthetic trace (core/SyntheticWorkload.h).
SyntheticTraceOptions parseSynthetic(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char(','));
    SyntheticTraceOptions trace;
    if (parts.size() > 3)
        throw std::invalid_argument("--synthetic takes N[,SEED[,MEAN]], not '" + text.toStdString() + "'");
    trace.jobs = parseCount(parts[0].trimmed(), "synthetic", 1);
    if (parts.size() > 1)
        trace.seed = static_cast<std::uint64_t>(parseCount(parts[1].trimmed(), "synthetic", 0));
    if (parts.size() > 2) {
        bool ok = false;
        trace.meanNodes = parts[2].trimmed().toDouble(&ok);
        if (!ok || !(trace.meanNodes > 0))
            throw std::invalid_argument("--synthetic: the mean job size must be a positive number");
    }
    return trace;
}

/// `simulate --by-cores`: the jobs hold cores and GPUs of nodes as logged and may share
/// nodes (services/CoreRun.h); stored unless `save` is false.
int runSimulateByCores(const CoreRunSetup& setup, Store& store, const std::string& out, bool save)
{
    std::optional<AtomicOutput> output;
    if (out != "-")
        output.emplace(out); // before the run is computed and stored
    CoreRunOutcome outcome = runStoredCoreSimulation(store, setup);
    if (save)
        storeCoreRun(store, setup, PLACEMENT_BUILD_ID, outcome);
    const std::string text = coreRunJson(setup, outcome);
    if (output)
        output->commit(text);
    else
        std::fputs(text.c_str(), stdout);
    std::fprintf(stderr,
                 "%s: %d of %lld jobs placed in %.2f s; utilization %.1f%% of %lld cores, %.1f%% of the "
                 "nodes; %d jobs shared a node%s%s\n",
                 outcome.runName.empty() ? defaultCoreRunName(setup).c_str() : outcome.runName.c_str(),
                 outcome.summary.jobs, static_cast<long long>(outcome.jobsRead), outcome.seconds,
                 100 * outcome.summary.coreUtilization, static_cast<long long>(outcome.machineCores),
                 100 * outcome.summary.nodeUtilization, outcome.summary.jobsSharingNodes,
                 save && outcome.runId ? "; stored as run "
                     : save            ? "; not stored (no job was placed)"
                                       : "; not stored",
                 save && outcome.runId ? std::to_string(outcome.runId).c_str() : "");
    for (const auto& [reason, count] : outcome.skippedByReason)
        std::fprintf(stderr, "skipped %lld %s: %s\n", static_cast<long long>(count), count == 1 ? "job" : "jobs",
                     reason.c_str());
    return 0;
}

} // namespace

int runSimulate(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Replays the jobs of a machine in the database through a scheduler: queue in submission order, "
        "FCFS, EASY or conservative backfilling, with the chosen allocator placing every job, or AUCSCHED3's "
        "auction over a window of jobs. The run is "
        "stored in the database (every job's start, end and nodes) and its summary is printed as JSON. With "
        "--synthetic, Jigsaw's synthetic trace is replayed instead, without a database."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption machine(QStringLiteral("machine"), QStringLiteral("The machine whose jobs are replayed."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption policy(QStringLiteral("policy"), policyHelp(), QStringLiteral("NAME"));
    const QCommandLineOption order(QStringLiteral("order"),
                                   QStringLiteral("Node order of first-fit and dual-ended: index (default), a "
                                                  "dimension order such as zyx (fastest first), hilbert, shuffle, "
                                                  "... (see docs/simulation.md)."),
                                   QStringLiteral("NAME"), QStringLiteral("index"));
    const QCommandLineOption backfill(
        QStringLiteral("backfill"),
        QStringLiteral("fcfs, easy (default), conservative or auction (a window of jobs at once; aucsched3 only, and "
                       "its default)."),
        QStringLiteral("POLICY"), QStringLiteral("easy"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    QStringLiteral("EASY, conservative and auction: queued jobs after the head "
                                                   "considered (default 50)."),
                                    QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption speedup(QStringLiteral("speedup"),
                                     QStringLiteral("Speed-up scenario: none (default), 5, 10, 20 (% for jobs above 4 "
                                                    "nodes), v1, v2 (Pollard), random (Jigsaw)."),
                                     QStringLiteral("SCENARIO"), QStringLiteral("none"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the random allocator and the speed-up draws (default 1)."),
                                  QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption scaleNodes(QStringLiteral("scale-nodes"),
                                        QStringLiteral("Multiply every job's node count by K (Aug-2x, Aug-3x)."),
                                        QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption arrivals(QStringLiteral("arrivals"),
                                      QStringLiteral("keep (default), zero (all at time 0) or scale:F (arrival times "
                                                     "after the first scaled by F)."),
                                      QStringLiteral("MODE"), QStringLiteral("keep"));
    const QCommandLineOption from(QStringLiteral("from"),
                                  QStringLiteral("Only jobs submitted at or after T (Unix seconds or ISO date, UTC)."),
                                  QStringLiteral("T"));
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("Only jobs submitted before T."),
                                QStringLiteral("T"));
    const QCommandLineOption cpus(QStringLiteral("cpus-per-node"),
                                  QStringLiteral("Processors per node, for logs that count processors only (SWF); "
                                                 "default 1."),
                                  QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption demarcation(QStringLiteral("demarcation"),
                                         QStringLiteral("dual-ended: jobs above N nodes are large (default 16)."),
                                         QStringLiteral("N"), QStringLiteral("16"));
    const QCommandLineOption quadrantSide(QStringLiteral("quadrant-side"),
                                          QStringLiteral("quadrant: routers per square side (default 8 where it "
                                                         "divides every extent, else 4, 2, 1)."),
                                          QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption bins(QStringLiteral("size-bins"),
                                  QStringLiteral("Smallest node count of each job-size bin (default 1,5,17,65,257)."),
                                  QStringLiteral("LIST"), QStringLiteral("1,5,17,65,257"));
    const QCommandLineOption name(QStringLiteral("name"),
                                  QStringLiteral("Name of the stored run (default: policy, backfilling, speed-up)."),
                                  QStringLiteral("RUN"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Write the JSON summary to OUT (- : stdout, "
                                                 "the default)."),
                                  QStringLiteral("OUT"), QStringLiteral("-"));
    const QCommandLineOption noStore(QStringLiteral("no-store"), QStringLiteral("Do not store the run."));
    const QCommandLineOption synthetic(
        QStringLiteral("synthetic"),
        QStringLiteral("Replay Jigsaw's synthetic trace instead of stored jobs: N jobs (sizes exponential, mean MEAN, "
                       "default 16; run times uniform 20-3000 s; all at time 0; seed SEED, default 1) on --machine, "
                       "a preset or machine spec; no database, nothing stored."),
        QStringLiteral("N[,SEED[,MEAN]]"));
    const QCommandLineOption lcsTimeout(QStringLiteral("lcs-timeout"),
                                        QStringLiteral("lcs: wall seconds per placement search (default 5, as the "
                                                       "paper; 0: none)."),
                                        QStringLiteral("S"), QStringLiteral("5"));
    const QCommandLineOption lcsSteps(QStringLiteral("lcs-steps"),
                                      QStringLiteral("lcs: also stop a search after N steps, the same on every "
                                                     "machine (default 0: no step budget)."),
                                      QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption byCores(
        QStringLiteral("by-cores"),
        QStringLiteral("Replay by cores and GPUs: each job asks for the CPUs (and GPUs per node) the log says it held, "
                       "jobs share nodes; policies first-fit, slurm-tree (cons_tres) or aucsched3; backfill fcfs, "
                       "easy or auction. Stored with the cores and GPUs each job held on each node."));
    const QCommandLineOption coresPerNode(QStringLiteral("cores-per-node"),
                                          QStringLiteral("--by-cores: cores of a node whose count the machine's "
                                                         "description does not give (default: refuse such a machine)."),
                                          QStringLiteral("K"), QStringLiteral("0"));
    parser.addOptions({db,         machine,  policy,  order,     backfill,   window,      speedup,      seed,
                       scaleNodes, arrivals, from,    to,        cpus,       demarcation, quadrantSide, bins,
                       name,       json,     noStore, synthetic, lcsTimeout, lcsSteps,    byCores,      coresPerNode});
    parser.process(arguments);
    if ((!parser.isSet(db) && !parser.isSet(synthetic)) || !parser.isSet(machine) || !parser.isSet(policy)) {
        std::fprintf(stderr,
                     "placement: usage: placement simulate (--db DB | --synthetic N[,SEED[,MEAN]]) --machine NAME "
                     "--policy NAME [--order NAME] "
                     "[--backfill fcfs|easy|conservative|auction] [--window 50] "
                     "[--speedup none|5|10|20|v1|v2|random] [--seed N] [--scale-nodes K] "
                     "[--arrivals keep|zero|scale:F] [--from T --to T] [--lcs-timeout S] [--lcs-steps N] "
                     "[--json OUT] [--no-store] [--by-cores [--cores-per-node K]]\n");
        return 2;
    }
    if (parser.isSet(byCores)) {
        if (!parser.isSet(db))
            throw std::invalid_argument("--by-cores replays the stored jobs of --db DB");
        for (const QCommandLineOption* other : {&order, &speedup, &scaleNodes, &arrivals, &from, &to, &cpus,
                                                &demarcation, &quadrantSide, &bins, &lcsTimeout, &lcsSteps, &synthetic})
            if (parser.isSet(*other))
                throw std::invalid_argument("--" + other->names().first().toStdString()
                                            + " does not apply to --by-cores");
        CoreRunSetup setup;
        setup.machine = parser.value(machine).toStdString();
        setup.policy = parser.value(policy).toStdString();
        setup.backfill = parser.isSet(backfill) ? parseCoreBackfillSetting(parser.value(backfill).toStdString())
            : setup.policy == "aucsched3"       ? CoreBackfill::Auction
                                                : CoreBackfill::Easy;
        setup.window = parseCount(parser.value(window), "window", 0);
        setup.coresPerNode = parseCount(parser.value(coresPerNode), "cores-per-node", 0);
        setup.runName = parser.value(name).toStdString();
        Store store = Store::openExisting(parser.value(db).toStdString());
        return runSimulateByCores(setup, store, parser.value(json).toStdString(), !parser.isSet(noStore));
    }
    if (parser.isSet(coresPerNode))
        throw std::invalid_argument("--cores-per-node is an option of --by-cores");

    SimulationSetup setup;
    setup.machine = parser.value(machine).toStdString();
    setup.allocator.policy = parser.value(policy).toStdString();
    setup.allocator.order = parser.value(order).toStdString();
    setup.allocator.seed = static_cast<std::uint64_t>(parseCount(parser.value(seed), "seed", 0));
    setup.allocator.sizeDemarcation = parseCount(parser.value(demarcation), "demarcation", 0);
    setup.allocator.quadrantSide = parseCount(parser.value(quadrantSide), "quadrant-side", 0);
    setup.options.backfill = parseBackfill(parser.value(backfill).toStdString());
    if (!parser.isSet(backfill) && setup.allocator.policy == "aucsched3")
        setup.options.backfill = BackfillPolicy::Auction; // AUCSCHED3 is an auction over a window
    setup.options.window = parseCount(parser.value(window), "window", 0);
    setup.transform.speedup = Speedup::parse(parser.value(speedup).toStdString());
    setup.transform.seed = setup.allocator.seed;
    setup.transform.nodeScale = parseCount(parser.value(scaleNodes), "scale-nodes", 1);
    setup.transform.parseArrivals(parser.value(arrivals).toStdString());
    if (parser.isSet(from))
        setup.transform.from = parseTime(parser.value(from), "from");
    if (parser.isSet(to))
        setup.transform.to = parseTime(parser.value(to), "to");
    setup.cpusPerNode = parseCount(parser.value(cpus), "cpus-per-node", 1);
    setup.sizeBins = parseBins(parser.value(bins));
    setup.runName = parser.value(name).toStdString();
    bool ok = false;
    setup.allocator.searchTimeout = parser.value(lcsTimeout).toDouble(&ok);
    if (!ok || setup.allocator.searchTimeout < 0)
        throw std::invalid_argument("--lcs-timeout needs seconds (0 or more), not '"
                                    + parser.value(lcsTimeout).toStdString() + "'");
    setup.allocator.searchSteps = parseCount(parser.value(lcsSteps), "lcs-steps", 0);
    if (setup.allocator.policy == "lcs")
        setup.allocator.searchCounters = std::make_shared<LcsCounters>();

    if (parser.isSet(db) && parser.isSet(synthetic))
        throw std::invalid_argument("--synthetic replaces the stored jobs: give --db or --synthetic, not both");
    const bool stored = !parser.isSet(synthetic);
    const bool save = stored && !parser.isSet(noStore);
    const std::string out = parser.value(json).toStdString();
    std::optional<AtomicOutput> output;
    if (out != "-")
        output.emplace(out); // before the run is computed and stored
    SimulationSummary summary;
    if (stored) {
        Store store = Store::openExisting(parser.value(db).toStdString());
        summary = runStoredSimulation(store, setup, PLACEMENT_BUILD_ID, save);
    } else {
        summary = runSyntheticSimulation(setup, parseSynthetic(parser.value(synthetic)));
    }
    const std::string text = simulationSummaryJson(setup, summary);
    if (output)
        output->commit(text);
    else
        std::fputs(text.c_str(), stdout);
    std::fprintf(stderr, "%s: %d jobs in %.2f s (mean %.1f us per job to place)%s%s\n",
                 summary.runName.empty() ? "run" : summary.runName.c_str(), summary.metrics.jobs,
                 summary.simulationSeconds, summary.metrics.schedulingMicroseconds.mean,
                 save && summary.runId ? ", stored as run "
                     : save            ? ", not stored (no job was placed)"
                                       : ", not stored",
                 save && summary.runId ? std::to_string(summary.runId).c_str() : "");
    if (setup.allocator.searchCounters)
        std::fprintf(stderr, "lcs: %lld of %lld placement searches cut off (%zu jobs)\n",
                     static_cast<long long>(setup.allocator.searchCounters->timeouts),
                     static_cast<long long>(setup.allocator.searchCounters->searches),
                     setup.allocator.searchCounters->jobsTimedOut.size());
    if (summary.offeredLoad && *summary.offeredLoad > 1)
        std::fprintf(stderr,
                     "warning: the workload asks %.0f%% of the machine (node-seconds of its jobs over the machine's "
                     "while they arrive): no policy keeps up, every one shows long waits; check --cpus-per-node\n",
                     100 * *summary.offeredLoad);
    for (const auto& [reason, count] : summary.skippedByReason)
        std::fprintf(stderr, "skipped %lld %s: %s%s\n", static_cast<long long>(count), count == 1 ? "job" : "jobs",
                     reason.c_str(), reason == "larger than the machine" ? " (listed in the summary)" : "");
    return 0;
}
