// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartsDock.h"
#include "app/DemoLocation.h"
#include "app/ExplorerSession.h"
#include "app/InspectorDock.h"
#include "app/JobFilterBar.h"
#include "app/JobTableModel.h"
#include "app/JobTracker.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/ProcessMemory.h"
#include "app/RecentFiles.h"
#include "app/ReplayRecorder.h"
#include "app/ReportRenderer.h"
#include "core/AllocatorFactory.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>

using namespace placement;

namespace {

bool parseSize(const QString& text, QSize& size)
{
    const QStringList parts = text.split(QLatin1Char('x'));
    bool okWidth = false;
    bool okHeight = false;
    if (parts.size() == 2)
        size = QSize(parts[0].toInt(&okWidth), parts[1].toInt(&okHeight));
    return okWidth && okHeight && size.width() > 0 && size.height() > 0;
}

/// The command line: options of the explorer and their help.
struct ExplorerOptions
{
    explicit ExplorerOptions(QCommandLineParser& parser);

    QCommandLineOption demo{QStringLiteral("demo"), QStringLiteral("Open the bundled demo database.")};
    QCommandLineOption machine{QStringLiteral("machine"), QStringLiteral("Show the machine called NAME first."),
                               QStringLiteral("NAME")};
    QCommandLineOption run{
        QStringLiteral("run"),
        QStringLiteral("Show the stored simulated run called NAME (default: the logged placements)."),
        QStringLiteral("NAME")};
    QCommandLineOption job{QStringLiteral("job"), QStringLiteral("Show and highlight the job with this id."),
                           QStringLiteral("ID")};
    QCommandLineOption size{QStringLiteral("size"),
                            QStringLiteral("Window size, e.g. 1280x800; with --record, the video's size (default "
                                           "1280x720, even numbers)."),
                            QStringLiteral("WxH")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Save the window as a PNG once the view has rendered, then quit."),
                                  QStringLiteral("FILE")};
    QCommandLineOption startup{
        QStringLiteral("startup-report"),
        QStringLiteral("Print the milliseconds from process start to the first rendered frame and, when the "
                       "run's jobs were still being read then, to the first frame that shows them; then quit.")};
    QCommandLineOption allJobs{QStringLiteral("all-jobs"),
                               QStringLiteral("List every job of the run in the Jobs table, not only those running "
                                              "at the time on the timeline.")};
    QCommandLineOption dock{QStringLiteral("dock"),
                            QStringLiteral("Show and raise the dock NAME: jobs, metrics, inspector, timeline, runs or "
                                           "charts (repeatable)."),
                            QStringLiteral("NAME")};
    QCommandLineOption chart{QStringLiteral("chart"),
                             QStringLiteral("The chart the Charts dock shows: aph, utilization, wait or sweep (a "
                                            "metric of the runs listed in the Runs dock against a parameter)."),
                             QStringLiteral("NAME")};
    QCommandLineOption chartRun{QStringLiteral("chart-run"),
                                QStringLiteral("Draw the run NAME in the charts beside the one shown ('logged': the "
                                               "logged placements; repeatable)."),
                                QStringLiteral("NAME")};
    QCommandLineOption sweep{QStringLiteral("sweep"),
                             QStringLiteral("List only the runs of the sweep NAME in the Runs dock (and the sweep "
                                            "chart), the logged run first."),
                             QStringLiteral("NAME")};
    QCommandLineOption links{QStringLiteral("links"),
                             QStringLiteral("Show the network's links coloured by MODE: owner (the job owning each "
                                            "link), users (how many running jobs can use it) or bandwidth."),
                             QStringLiteral("MODE")};
    QCommandLineOption whatIf{QStringLiteral("what-if"),
                              QStringLiteral("Mark where POLICY would have placed the job shown (--job) when it "
                                             "started, and describe it in the inspector."),
                              QStringLiteral("POLICY")};
    QCommandLineOption sideBySide{QStringLiteral("side-by-side"),
                                  QStringLiteral("Compare mode: show the run NAME ('logged': the logged placements) "
                                                 "beside the one shown, with linked time and camera."),
                                  QStringLiteral("NAME")};
    QCommandLineOption record{QStringLiteral("record"),
                              QStringLiteral("Record a replay of the 3D view (in compare mode: both views) into the "
                                             "video FILE (H.264 in MP4) from --from to --to at --speed, then quit."),
                              QStringLiteral("FILE")};
    QCommandLineOption from{QStringLiteral("from"),
                            QStringLiteral("With --record: the first moment, Unix seconds or ISO 8601 (UTC)."),
                            QStringLiteral("TIME")};
    QCommandLineOption to{QStringLiteral("to"),
                          QStringLiteral("With --record: the last moment, Unix seconds or ISO 8601 (UTC)."),
                          QStringLiteral("TIME")};
    QCommandLineOption speed{QStringLiteral("speed"),
                             QStringLiteral("With --record: simulated seconds per second of video (3600: an hour a "
                                            "second)."),
                             QStringLiteral("S")};
    QCommandLineOption fps{QStringLiteral("fps"),
                           QStringLiteral("With --record: frames per second of video, 1 to 240 (default 30)."),
                           QStringLiteral("N")};
    QCommandLineOption report{QStringLiteral("report"),
                              QStringLiteral("Write the report comparing the runs --report-runs of --machine in "
                                             "DATABASE as HTML to FILE (with 3D snapshots), then quit; what placement "
                                             "report runs."),
                              QStringLiteral("FILE")};
    QCommandLineOption reportRuns{QStringLiteral("report-runs"),
                                  QStringLiteral("The report's runs: names or ids as placement runs lists them, "
                                                 "separated by commas."),
                                  QStringLiteral("LIST")};
    QCommandLineOption reportAt{QStringLiteral("report-at"),
                                QStringLiteral("The moment of the report's snapshots: Unix seconds or an ISO 8601 "
                                               "time, UTC (default: the busiest moment of the first run)."),
                                QStringLiteral("TIME")};
    QCommandLineOption reportPdf{QStringLiteral("report-pdf"), QStringLiteral("Also write the report as PDF to FILE."),
                                 QStringLiteral("FILE")};
    QCommandLineOption reportCpus{QStringLiteral("report-cpus-per-node"),
                                  QStringLiteral("Processors per node for the logged run's jobs sized in processors "
                                                 "only (as for placement runs)."),
                                  QStringLiteral("K")};
};

ExplorerOptions::ExplorerOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Visual analytics of where HPC jobs ran and where they could have run.\n"
                       "Opens DATABASE, else the most recently used database, else the bundled demo."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("database"), QStringLiteral("Placement database to open."),
                                 QStringLiteral("[DATABASE]"));
    parser.addOptions({demo,  machine,  run,    job,        size,       screenshot, startup,   allJobs, dock,
                       chart, chartRun, sweep,  links,      sideBySide, whatIf,     record,    from,    to,
                       speed, fps,      report, reportRuns, reportAt,   reportPdf,  reportCpus});
}

/// True when the command line asks only for the help or the version: answered without a
/// display (QApplication would abort without one).
bool asksForHelpOrVersion(int argc, char* argv[])
{
    for (int index = 1; index < argc; ++index) {
        const std::string_view argument(argv[index]);
        if (argument == "--")
            break;
        if (argument == "-h" || argument == "--help" || argument == "-?" || argument == "--help-all" || argument == "-v"
            || argument == "--version")
            return true;
    }
    return false;
}

/// --from or --to: Unix seconds or an ISO 8601 date and time (UTC unless it names a zone).
std::optional<std::int64_t> parseMoment(const QString& text)
{
    bool ok = false;
    const qlonglong seconds = text.toLongLong(&ok);
    if (ok)
        return seconds;
    return parseIsoTime(text);
}

/// The --record settings from the command line, or nullopt after printing which argument is
/// wrong and why.
std::optional<ReplaySettings> replaySettings(const QCommandLineParser& parser, const ExplorerOptions& options)
{
    const auto refuse = [](const QString& message) {
        std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(message));
        return std::nullopt;
    };
    ReplaySettings settings;
    settings.path = parser.value(options.record);
    if (settings.path.isEmpty())
        return refuse(QStringLiteral("--record needs a file name"));
    if (QFileInfo::exists(settings.path))
        return refuse(QStringLiteral("--record %1: the file exists; the explorer does not replace it (remove it or "
                                     "choose another name)")
                          .arg(settings.path));
    if (parser.isSet(options.screenshot) || parser.isSet(options.startup))
        return refuse(QStringLiteral("--record cannot be combined with --screenshot or --startup-report"));
    for (const QCommandLineOption* needed : {&options.from, &options.to, &options.speed})
        if (!parser.isSet(*needed))
            return refuse(QStringLiteral("--record needs --%1").arg(needed->names().constFirst()));
    const std::optional<std::int64_t> from = parseMoment(parser.value(options.from));
    if (!from)
        return refuse(QStringLiteral("--from '%1' is neither Unix seconds nor an ISO 8601 date and time "
                                     "(2024-03-01T12:00:00)")
                          .arg(parser.value(options.from)));
    const std::optional<std::int64_t> to = parseMoment(parser.value(options.to));
    if (!to)
        return refuse(QStringLiteral("--to '%1' is neither Unix seconds nor an ISO 8601 date and time "
                                     "(2024-03-01T12:00:00)")
                          .arg(parser.value(options.to)));
    settings.from = *from;
    settings.to = *to;
    bool ok = false;
    settings.speed = parser.value(options.speed).toDouble(&ok);
    if (!ok || !(settings.speed > 0) || !std::isfinite(settings.speed))
        return refuse(QStringLiteral("--speed needs a positive number of simulated seconds per second of video, "
                                     "not '%1'")
                          .arg(parser.value(options.speed)));
    if (parser.isSet(options.fps)) {
        settings.fps = parser.value(options.fps).toInt(&ok);
        if (!ok || settings.fps < 1 || settings.fps > 240)
            return refuse(
                QStringLiteral("--fps needs a whole number from 1 to 240, not '%1'").arg(parser.value(options.fps)));
    }
    if (parser.isSet(options.size) && !parseSize(parser.value(options.size), settings.size))
        return refuse(QStringLiteral("--size expects WIDTHxHEIGHT, got '%1'").arg(parser.value(options.size)));
    return settings;
}

void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("PlacementExplorer"));
    QCoreApplication::setApplicationName(QStringLiteral("placement-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PLACEMENT_VERSION));
}

/// --report: the report of placement report (app/ReportRenderer.h), without a window.
int writeReportAndQuit(const QCommandLineParser& parser, const ExplorerOptions& options)
{
    const auto refuse = [](const QString& message) {
        std::fprintf(stderr, "placement-explorer: --report: %s\n", qPrintable(message));
        return 2;
    };
    ReportRequest request;
    if (parser.positionalArguments().isEmpty())
        return refuse(QStringLiteral("give the database (placement-explorer --report FILE --machine NAME "
                                     "--report-runs LIST DATABASE)"));
    request.database = parser.positionalArguments().constFirst();
    if (!parser.isSet(options.machine) || !parser.isSet(options.reportRuns))
        return refuse(QStringLiteral("--machine NAME and --report-runs LIST are required"));
    request.machine = parser.value(options.machine);
    request.runs = parser.value(options.reportRuns);
    request.htmlPath = parser.value(options.report);
    request.pdfPath = parser.value(options.reportPdf);
    if (parser.isSet(options.reportAt)) {
        const QString text = parser.value(options.reportAt);
        bool number = false;
        const qint64 seconds = text.toLongLong(&number);
        if (number)
            request.at = seconds;
        else if (const auto time = parseIsoTime(text))
            request.at = *time;
        else
            return refuse(QStringLiteral("--report-at: '%1' is neither Unix seconds nor an ISO 8601 time").arg(text));
    }
    if (parser.isSet(options.reportCpus)) {
        bool ok = false;
        request.cpusPerNode = parser.value(options.reportCpus).toInt(&ok);
        if (!ok || request.cpusPerNode < 1)
            return refuse(QStringLiteral("--report-cpus-per-node needs a whole number of at least 1, not '%1'")
                              .arg(parser.value(options.reportCpus)));
    }
    QString error, done;
    if (!writeReport(request, &error, &done)) {
        std::fprintf(stderr, "placement-explorer: report: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("placement-explorer: %s\n", qPrintable(done));
    return 0;
}

} // namespace

int main(int argc, char* argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    returnLargeBlocksToTheSystem();
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        describeApplication();
        QCommandLineParser parser;
        const ExplorerOptions options(parser);
        parser.process(core); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    describeApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Placement Explorer"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/placement-explorer.svg")));

    QCommandLineParser parser;
    const ExplorerOptions options(parser);
    parser.process(app);

    if (parser.isSet(options.report))
        return writeReportAndQuit(parser, options);

    QString path;
    if (!parser.positionalArguments().isEmpty()) {
        path = parser.positionalArguments().constFirst();
    } else if (!parser.isSet(options.demo)) {
        const QStringList recent = RecentFiles::load();
        if (!recent.isEmpty() && QFileInfo::exists(recent.constFirst()))
            path = recent.constFirst();
    }
    if (path.isEmpty()) {
        try {
            path = ensureDemoDatabase();
        } catch (const std::exception& error) {
            std::fprintf(stderr, "placement-explorer: %s\n", error.what());
            return 1;
        }
    }

    std::optional<ReplaySettings> replay;
    if (parser.isSet(options.record)) {
        replay = replaySettings(parser, options);
        if (!replay)
            return 2;
    } else {
        for (const QCommandLineOption* option : {&options.from, &options.to, &options.speed, &options.fps})
            if (parser.isSet(*option)) {
                std::fprintf(stderr, "placement-explorer: --%s is used only with --record\n",
                             qPrintable(option->names().constFirst()));
                return 2;
            }
    }

    MainWindow window;
    if (parser.isSet(options.size) && !replay) {
        QSize size;
        if (!parseSize(parser.value(options.size), size)) {
            std::fprintf(stderr, "placement-explorer: --size expects WIDTHxHEIGHT, got '%s'\n",
                         qPrintable(parser.value(options.size)));
            return 2;
        }
        window.resize(size);
    }
    // The machine and run asked for are read first and alone (the checks below then find
    // them shown): a log of millions of jobs takes seconds to read, and it is read while the
    // window opens. What needs the jobs (a job to show, a comparison, a picture, a video)
    // waits for them.
    if (!window.openDatabase(path, parser.value(options.machine), parser.value(options.run),
                             ExplorerSession::Reading::InBackground)) {
        std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    const bool needsJobs = parser.isSet(options.job) || parser.isSet(options.sideBySide) || replay
        || parser.isSet(options.screenshot) || parser.isSet(options.chartRun);
    if (needsJobs && !window.session()->finishReading()) {
        std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(window.session()->lastError()));
        return 1;
    }
    const auto machineName = [&window] {
        const std::vector<MachineRecord>& machines = window.session()->machines();
        const int index = window.session()->machineIndex();
        return index >= 0 ? machines[static_cast<size_t>(index)].name : std::string();
    };
    if (parser.isSet(options.machine)) {
        const QString name = parser.value(options.machine);
        const std::vector<MachineRecord>& machines = window.session()->machines();
        const auto named = std::find_if(machines.begin(), machines.end(), [&](const MachineRecord& machine) {
            return QString::fromStdString(machine.name) == name;
        });
        const bool found = named != machines.end();
        if (found && named - machines.begin() != window.session()->machineIndex())
            window.selectMachine(static_cast<int>(named - machines.begin()));
        if (!found) {
            std::fprintf(stderr, "placement-explorer: %s: no machine called '%s'\n", qPrintable(path),
                         qPrintable(name));
            return 1;
        }
    }

    if (!window.currentMachine() && !window.session()->isReading()) {
        if (parser.isSet(options.run) || parser.isSet(options.job) || parser.isSet(options.sideBySide)) {
            std::fprintf(stderr, "placement-explorer: %s holds no machine\n", qPrintable(path));
            return 1;
        }
    } else if (parser.isSet(options.run) && !window.selectRun(parser.value(options.run))) {
        std::fprintf(stderr, "placement-explorer: %s: machine '%s' has no run '%s' (runs: %s)\n", qPrintable(path),
                     machineName().c_str(), qPrintable(parser.value(options.run)),
                     qPrintable(window.runNames().join(QStringLiteral(", "))));
        return 1;
    }
    if (parser.isSet(options.job) && !window.showJob(parser.value(options.job))) {
        std::fprintf(stderr, "placement-explorer: %s: machine '%s' has no job '%s'\n", qPrintable(path),
                     machineName().c_str(), qPrintable(parser.value(options.job)));
        return 1;
    }

    if (parser.isSet(options.whatIf)) {
        const QString policy = parser.value(options.whatIf);
        QStringList known;
        for (const AllocatorPolicyInfo& info : allocatorPolicies())
            known << QString::fromLatin1(info.name);
        if (!known.contains(policy)) {
            std::fprintf(stderr, "placement-explorer: --what-if: no policy '%s' (%s)\n", qPrintable(policy),
                         qPrintable(known.join(QStringLiteral(", "))));
            return 2;
        }
        window.session()->setWhatIfPolicy(policy);
    }
    if (parser.isSet(options.sideBySide) && !window.compareWithRun(parser.value(options.sideBySide))) {
        std::fprintf(stderr, "placement-explorer: %s: %s\n", qPrintable(path), qPrintable(window.lastError()));
        return 1;
    }
    if (parser.isSet(options.links)) {
        const QStringList modes{QStringLiteral("owner"), QStringLiteral("users"), QStringLiteral("bandwidth")};
        const auto mode = modes.indexOf(parser.value(options.links));
        if (mode < 0) {
            std::fprintf(stderr, "placement-explorer: --links expects owner, users or bandwidth, got '%s'\n",
                         qPrintable(parser.value(options.links)));
            return 2;
        }
        window.setLinkColorMode(static_cast<LinkColorMode>(mode));
        window.setLinksShown(true);
    }

    if (parser.isSet(options.allJobs))
        qobject_cast<JobsDock*>(window.jobsDock())->filterBar()->setRunningOnly(false);
    for (const QString& name : parser.values(options.dock)) {
        auto* dock = window.findChild<QDockWidget*>(name + QStringLiteral("Dock"));
        if (!dock) {
            std::fprintf(stderr,
                         "placement-explorer: no dock called '%s' (jobs, metrics, inspector, timeline, runs, charts)\n",
                         qPrintable(name));
            return 2;
        }
        dock->show();
        dock->raise();
    }
    if (parser.isSet(options.chart)) {
        const QStringList charts{QStringLiteral("aph"), QStringLiteral("utilization"), QStringLiteral("wait"),
                                 QStringLiteral("sweep")};
        const auto chart = charts.indexOf(parser.value(options.chart));
        if (chart < 0) {
            std::fprintf(stderr, "placement-explorer: --chart expects aph, utilization, wait or sweep, got '%s'\n",
                         qPrintable(parser.value(options.chart)));
            return 2;
        }
        window.chartsDock()->setCurrentChart(static_cast<ChartsDock::Chart>(chart));
    }
    if (parser.isSet(options.sweep)) {
        const QString name = parser.value(options.sweep);
        bool found = false;
        for (const RunRecord& run : window.session()->runs())
            found = found || std::find(run.sweeps.begin(), run.sweeps.end(), name.toStdString()) != run.sweeps.end();
        if (!found) {
            std::fprintf(stderr, "placement-explorer: --sweep '%s': this machine has no run of that sweep\n",
                         qPrintable(name));
            return 2;
        }
        window.session()->setRunFilter({name, {}, {}});
    }
    for (const QString& name : parser.values(options.chartRun)) {
        bool found = false;
        RunChoiceModel* runs = window.chartsDock()->runModel();
        for (int row = 0; row < runs->rowCount() && !found; ++row) {
            const QModelIndex index = runs->index(row);
            const std::int64_t id = index.data(RunChoiceModel::RunIdRole).toLongLong();
            if (id == 0 ? name == QLatin1String("logged") : index.data(RunChoiceModel::NameRole).toString() == name)
                found = index.data(RunChoiceModel::ShownRole).toBool() || runs->setChecked(id, true);
        }
        if (!found) {
            std::fprintf(stderr, "placement-explorer: %s: machine '%s' has no run '%s' (runs: %s)\n", qPrintable(path),
                         machineName().c_str(), qPrintable(name),
                         qPrintable(window.runNames().join(QStringLiteral(", "))));
            return 1;
        }
    }

    if (replay) {
        if (!window.currentMachine()) {
            std::fprintf(stderr, "placement-explorer: --record: %s holds no machine\n", qPrintable(path));
            return 1;
        }
        const QString problem = replaySettingsProblem(*replay, *window.currentMachine());
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(problem));
            return 2;
        }
        auto progress = std::make_shared<TaskProgress>();
        auto* recorder = new ReplayRecorder(&window, *replay, progress);
        QString error;
        if (!recorder->open(&error)) {
            std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(error));
            return 1;
        }
        // Declared after the window, so destroyed (waiting for the encoder) before it.
        JobTracker encoder(&window);
        const auto encoded = [recorder] {
            const bool done = recorder->succeeded();
            std::fprintf(done ? stdout : stderr, "%s%s\n",
                         done ? "" : "placement-explorer: ", qPrintable(recorder->outcome()));
            std::fflush(stdout);
            QApplication::exit(done ? 0 : 1);
        };
        // Record once the window has drawn its first frame: the views have their sizes.
        QObject::connect(window.machineView(), &MachineView::frameRendered, &window,
                         [&window, recorder, &encoder, encoded, progress] {
                             QObject::disconnect(window.machineView(), &MachineView::frameRendered, &window, nullptr);
                             encoder.startJob([recorder](const JobControl&) { recorder->encode(); }, encoded, progress);
                             recorder->start();
                         });
        window.show();
        return QApplication::exec();
    }

    const QString screenshot = parser.value(options.screenshot);
    const bool startupReport = parser.isSet(options.startup);
    if (!screenshot.isEmpty() || startupReport) {
        QObject::connect(window.machineView(), &MachineView::frameRendered, &window, [&] {
            const double firstFrameMs = static_cast<double>(sinceStart.nsecsElapsed()) / 1e6;
            QObject::disconnect(window.machineView(), &MachineView::frameRendered, &window, nullptr);
            if (startupReport) {
                std::printf("first frame after %.1f ms\n", firstFrameMs);
                std::fflush(stdout);
            }
            if (!window.currentMachine() && !window.session()->isReading() && !window.session()->machines().empty()) {
                std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(window.session()->lastError()));
                QApplication::exit(1); // its jobs could not be read
                return;
            }
            if (window.session()->isReading()) { // --startup-report alone: the frame with the jobs too
                QObject::connect(window.session(), &ExplorerSession::readingEnded, &window, [&] {
                    QObject::disconnect(window.session(), &ExplorerSession::readingEnded, &window, nullptr);
                    if (!window.currentMachine()) {
                        std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(window.session()->lastError()));
                        QApplication::exit(1);
                        return;
                    }
                    QObject::connect(window.machineView(), &MachineView::frameRendered, &window, [&] {
                        QObject::disconnect(window.machineView(), &MachineView::frameRendered, &window, nullptr);
                        std::printf("jobs shown after %.1f ms\n", static_cast<double>(sinceStart.nsecsElapsed()) / 1e6);
                        std::fflush(stdout);
                        QApplication::exit(0);
                    });
                });
                return;
            }
            const auto grabAndQuit = [&] {
                // The inspector answers from worker threads: wait for them (10 s at most),
                // then let the window lay out what they said.
                QElapsedTimer waited;
                waited.start();
                while (window.inspectorDock()->isVisible() && window.inspectorDock()->isBusy()
                       && waited.elapsed() < 10000)
                    QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
                QCoreApplication::processEvents();
                int status = 0;
                if (!screenshot.isEmpty() && !grabWithRenderViews(&window).save(screenshot)) {
                    std::fprintf(stderr, "placement-explorer: cannot write %s\n", qPrintable(screenshot));
                    status = 1;
                }
                QApplication::exit(status);
            };
            // Let the rest of the window finish painting before grabbing it; the charts load
            // their runs on a worker thread.
            QTimer::singleShot(screenshot.isEmpty() ? 0 : 200, &window, [&, grabAndQuit] {
                ChartsDock* charts = window.chartsDock();
                if (screenshot.isEmpty() || !charts->isVisible() || !charts->isLoading()) {
                    grabAndQuit();
                    return;
                }
                QObject::connect(charts, &ChartsDock::chartsUpdated, &window,
                                 [grabAndQuit] { QTimer::singleShot(100, grabAndQuit); });
            });
        });
    }
    window.show();
    return QApplication::exec();
}
