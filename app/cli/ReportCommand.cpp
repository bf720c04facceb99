// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "ReportCommand.h"

#include "services/Report.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>

#include <cstdio>

#include "CommandSupport.h"

using namespace placement;

namespace {

/// The command's options, one member each.
struct ReportOptions
{
    QCommandLineOption db{QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB")};
    QCommandLineOption machine{QStringLiteral("machine"), QStringLiteral("The machine."), QStringLiteral("NAME")};
    QCommandLineOption runs{QStringLiteral("runs"),
                            QStringLiteral("The runs to compare, separated by commas: names or ids as placement runs "
                                           "lists them (logged or 0: the logged run). The first is the one the others "
                                           "are compared with."),
                            QStringLiteral("LIST")};
    QCommandLineOption at{QStringLiteral("at"),
                          QStringLiteral("The moment of the 3D snapshots and the link counts: Unix seconds or an ISO "
                                         "8601 time, UTC (default: the busiest moment of the first run)."),
                          QStringLiteral("TIME")};
    QCommandLineOption out{QStringLiteral("out"), QStringLiteral("Where to write the HTML report."),
                           QStringLiteral("FILE")};
    QCommandLineOption pdf{QStringLiteral("pdf"),
                           QStringLiteral("Also write the report as PDF (made by placement-explorer --report)."),
                           QStringLiteral("FILE")};
    QCommandLineOption cpus{QStringLiteral("cpus-per-node"),
                            QStringLiteral("Processors per node for the logged run's jobs sized in processors only "
                                           "(as placement runs)."),
                            QStringLiteral("K")};
};

const char* const reportDescription
    = "Write a report comparing runs of a machine for operators: the workload, the runs side by side "
      "(utilization, makespan, waits and bounded slowdown by job size, APH against the minimum, link isolation, "
      "scheduling time) with the differences in words, the figures of Pollard SC'18 (APH by job size, "
      "utilization per minute, waits by size) as SVG, a 3D snapshot of each run at the same moment, the most "
      "fragmented jobs and the method. One self-contained HTML file; the numbers are those placement runs --json "
      "prints. The snapshots and the PDF are made by placement-explorer --report, which this command runs when "
      "--pdf is given or a display is available; without one the HTML says the snapshots could not be made.";

bool displayAvailable()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

} // namespace

int runReport(const QStringList& arguments)
{
    const ReportOptions options;
    const auto& [db, machine, runs, at, out, pdf, cpus] = options;
    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(reportDescription));
    parser.addHelpOption();
    parser.addOptions({db, machine, runs, at, out, pdf, cpus});
    parser.process(arguments);
    const char* usage = "placement: usage: placement report --db DB --machine NAME --runs LIST [--at TIME] --out "
                        "FILE.html [--pdf FILE.pdf] [--cpus-per-node K]\n";
    for (const QCommandLineOption* required : {&db, &machine, &runs, &out})
        if (!parser.isSet(*required)) {
            std::fprintf(stderr, "placement: report: --%s is required\n%s", qPrintable(required->names().first()),
                         usage);
            return 2;
        }
    std::optional<std::int64_t> moment;
    if (parser.isSet(at))
        moment = parseTime(parser.value(at), "at");
    const int cpusPerNode = parser.isSet(cpus) ? parseCount(parser.value(cpus), "cpus-per-node", 1) : 0;

    // The snapshots and the PDF: the explorer's binary, beside this one, with the same arguments.
    const QString explorer = QCoreApplication::applicationDirPath() + QStringLiteral("/placement-explorer");
    const bool haveExplorer = QFileInfo(explorer).isExecutable();
    if (parser.isSet(pdf) && !haveExplorer) {
        std::fprintf(stderr, "placement: report: --pdf: the PDF is made by placement-explorer, not found at %s\n",
                     qPrintable(explorer));
        return 1;
    }
    if (haveExplorer && (parser.isSet(pdf) || displayAvailable())) {
        QStringList forwarded{QStringLiteral("--report"),      parser.value(out),
                              QStringLiteral("--machine"),     parser.value(machine),
                              QStringLiteral("--report-runs"), parser.value(runs)};
        if (moment)
            forwarded << QStringLiteral("--report-at") << QString::number(*moment);
        if (parser.isSet(pdf))
            forwarded << QStringLiteral("--report-pdf") << parser.value(pdf);
        if (cpusPerNode > 0)
            forwarded << QStringLiteral("--report-cpus-per-node") << QString::number(cpusPerNode);
        forwarded << QStringLiteral("--") << parser.value(db);
        QProcess process;
        process.setProcessChannelMode(QProcess::ForwardedChannels);
        if (!displayAvailable()) {
            // No display: Qt's offscreen platform draws the PDF; the explorer notes the missing snapshots.
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            process.setProcessEnvironment(environment);
        }
        process.start(explorer, forwarded);
        if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit) {
            std::fprintf(stderr, "placement: report: %s stopped: %s\n", qPrintable(explorer),
                         qPrintable(process.errorString()));
            return 1;
        }
        return process.exitCode();
    }

    AtomicOutput output(parser.value(out).toStdString());
    Store store = Store::openExisting(parser.value(db).toStdString());
    ReportContent content;
    try {
        content = buildReport(store, parser.value(machine).toStdString(),
                              splitRunList(parser.value(runs).toStdString()), moment, PLACEMENT_VERSION, cpusPerNode);
    } catch (const UnknownRunError& error) {
        std::fprintf(stderr, "placement: report: %s\n", error.what());
        return 1;
    }
    const std::string note = "No 3D snapshots: they are drawn by placement-explorer --report, which needs a display "
                             "(X or Xvfb); this report was written without one.";
    output.commit(reportHtml(content, {}, note));
    std::printf("placement: report: wrote %s (%zu runs, no 3D snapshots: no display)\n", qPrintable(parser.value(out)),
                content.runs.size());
    return 0;
}
