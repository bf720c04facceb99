// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "WhatIfCommand.h"

#include "services/OptionParsers.h"
#include "services/WhatIf.h"
#include "store/Store.h"

#include <QCommandLineParser>

#include <cstdio>
#include <stdexcept>

#include "CommandSupport.h"

using namespace placement;

namespace {

void writeOut(const QString& path, const std::string& text)
{
    if (path == QLatin1String("-"))
        std::fwrite(text.data(), 1, text.size(), stdout);
    else
        AtomicOutput(path.toStdString()).commit(text);
}

} // namespace

int runWhatIf(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "For every job of a run (the logged placements by default): the nodes a policy would have chosen at the "
        "moment the job started, given the nodes (and, for link-owning policies, links) the run's other jobs held "
        "then. Jobs hold their nodes on [start, end): one ending in the second another starts has released them "
        "(unless --ending-second held); "
        "jobs starting in the same second are placed in order of submit time, then job id (array tasks at their "
        "array's id), each seeing those before it. Prints the agreement (same node set), the mean APH change and "
        "the share of jobs the policy would have placed more compactly (docs/slurm.md)."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption machine(QStringLiteral("machine"), QStringLiteral("The machine."), QStringLiteral("NAME"));
    const QCommandLineOption policy(QStringLiteral("policy"), policyHelp(), QStringLiteral("NAME"));
    const QCommandLineOption order(QStringLiteral("order"),
                                   QStringLiteral("Node order of first-fit and dual-ended (default index)."),
                                   QStringLiteral("NAME"), QStringLiteral("index"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QStringLiteral("A stored run instead of the logged placements."),
                                 QStringLiteral("NAME"));
    const QCommandLineOption csv(
        QStringLiteral("csv"), QStringLiteral("Write one CSV row per job to OUT (- : stdout)."), QStringLiteral("OUT"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Write the summary and every job as JSON to OUT (- : stdout)."),
                                  QStringLiteral("OUT"));
    const QCommandLineOption endingSecond(
        QStringLiteral("ending-second"),
        QStringLiteral("Whether a job ending in the second another starts has freed its nodes then: released "
                       "(default) or held, exact for a cluster that keeps an ended job's nodes into a later second "
                       "and starts nothing meanwhile (Slurm's Epilog and CompleteWait; docs/slurm.md)."),
        QStringLiteral("RULE"), QStringLiteral("released"));
    parser.addOptions({db, machine, policy, order, run, endingSecond, csv, json});
    parser.process(arguments);
    if (!parser.isSet(db) || !parser.isSet(machine) || !parser.isSet(policy)) {
        std::fprintf(stderr,
                     "placement: usage: placement whatif --db DB --machine M --policy P [--order NAME] "
                     "[--run NAME] [--ending-second released|held] [--csv OUT] [--json OUT]\n");
        return 2;
    }
    WhatIfRequest request;
    request.machine = parser.value(machine).toStdString();
    request.run = parser.value(run).toStdString();
    request.policy = parser.value(policy).toStdString();
    request.order = parser.value(order).toStdString();
    request.endingSecond = parseEndingSecond(parser.value(endingSecond).toStdString());
    Store store = Store::openExisting(parser.value(db).toStdString());
    const WhatIfOutcome outcome = runWhatIf(store, request);
    if (parser.isSet(csv))
        writeOut(parser.value(csv), whatIfCsv(outcome));
    if (parser.isSet(json))
        writeOut(parser.value(json), whatIfJson(outcome, request));
    const WhatIfSummary& summary = outcome.report.summary;
    std::FILE* out
        = parser.value(csv) == QLatin1String("-") || parser.value(json) == QLatin1String("-") ? stderr : stdout;
    std::fprintf(out,
                 "%s, %s run, policy %s: %d jobs, %d placed by the policy, %d on the same nodes (agreement %.2f %%); "
                 "%d started in a second in which another job ended, agreement over the other %d: %.2f %%; mean APH "
                 "change %+.4f, more compact under the policy: %.2f %%\n",
                 request.machine.c_str(), outcome.runName.c_str(), request.policy.c_str(), summary.jobs, summary.placed,
                 summary.agreeing, 100 * summary.agreement, summary.ambiguous, summary.jobs - summary.ambiguous,
                 100 * summary.clearAgreement, summary.meanAphChange, 100 * summary.moreCompactShare);
    if (summary.overlappingJobs > 0)
        std::fprintf(out, "%d jobs are logged on nodes another job held\n", summary.overlappingJobs);
    return 0;
}
