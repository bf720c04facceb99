// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Recording a replay to video (View › Record Replay…, placement-explorer --record): a real
// main window on titan (19,200 nodes, a demo-like workload of 3,000 jobs), --seconds of video
// at 1280x720 and 30 frames per second covering the whole workload, through the same
// recorder as the explorer (app/ReplayRecorder.h: the window's render window renders each
// frame on the GUI thread, libx264 encodes on a worker thread). Target: at most twice real
// time (a 60 s video in at most 120 s). Reference, in the same run: the same frames at the
// same size rendered and read back the same way, without encoding (the renderer's share).
//
//   xvfb-run -a -s "-screen 0 1920x1200x24" build/bin/record_bench --seconds 60

#include "app/JobMetricsCache.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/ReplayRecorder.h"
#include "core/DemoWorkload.h"
#include "core/MachineSpec.h"
#include "store/Store.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/ViewImage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

using namespace placement;

namespace {

/// CPU seconds of the whole process so far, every thread.
double processCpuSeconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("PlacementExplorerBench"));
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption secondsOption(QStringLiteral("seconds"), QStringLiteral("Seconds of video (default 60)."),
                                           QStringLiteral("S"), QStringLiteral("60"));
    const QCommandLineOption machineOption(QStringLiteral("machine"),
                                           QStringLiteral("Machine preset or spec (default titan)."),
                                           QStringLiteral("SPEC"), QStringLiteral("titan"));
    parser.addOptions({secondsOption, machineOption});
    parser.process(app);
    const double seconds = parser.value(secondsOption).toDouble();
    if (!(seconds > 0)) {
        std::fprintf(stderr, "record_bench: --seconds needs a positive number\n");
        return 2;
    }

    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("bench.sqlite"));
    const std::string spec = parser.value(machineOption).toStdString();
    {
        const auto topology = parseMachineSpec(spec);
        DemoWorkloadOptions options;
        options.jobCount = 3000;
        Store store = Store::openOrCreate(database.toStdString());
        store.addMachine(spec, machineSpecOf(*topology), generateDemoWorkload(*topology, options));
    }

    MainWindow window;
    if (!window.openDatabase(database)) {
        std::fprintf(stderr, "record_bench: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    window.resize(1600, 1000);
    window.show();
    RenderWidget* render = window.machineView()->renderWidget();
    QElapsedTimer wait;
    wait.start();
    while (render->renderedFrames() < 1 && wait.elapsed() < 30000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);

    // The job table's metrics (minimum APH size by size: minutes of one core on titan on a
    // loaded machine) are computed on a worker thread once a run is shown; left running they
    // would share the two cores with the recording. Timed here: the recording itself.
    if (auto* jobs = qobject_cast<JobsDock*>(window.jobsDock()))
        jobs->metricsCache()->cancel();

    const MachineData* machine = window.currentMachine();
    ReplaySettings settings;
    settings.path = dir.filePath(QStringLiteral("replay.mp4"));
    settings.from = machine->firstTime;
    settings.to = machine->lastTime;
    settings.fps = 30;
    settings.size = QSize(1280, 720);
    settings.speed = static_cast<double>(settings.to - settings.from) / seconds;

    auto progress = std::make_shared<TaskProgress>();
    ReplayRecorder recorder(&window, settings, progress);
    QString error;
    if (!recorder.open(&error)) {
        std::fprintf(stderr, "record_bench: %s\n", qPrintable(error));
        return 1;
    }
    QElapsedTimer timer;
    timer.start();
    const double cpuBefore = processCpuSeconds();
    QThread* encoder = QThread::create([&recorder] { recorder.encode(); });
    encoder->start();
    recorder.start();
    while (!encoder->isFinished())
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    encoder->wait();
    delete encoder;
    const double wall = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    const double cpu = processCpuSeconds() - cpuBefore;
    if (!recorder.succeeded()) {
        std::fprintf(stderr, "record_bench: %s\n", qPrintable(recorder.outcome()));
        return 1;
    }
    const double video = static_cast<double>(recorder.framesEncoded()) / settings.fps;

    // The reference: the same frames rendered and read back as the recorder does, shown on
    // screen a tenth of a second at a time as it shows them, nothing encoded.
    const std::int64_t saved = window.currentTime();
    render->setFrameSize(settings.size);
    std::vector<unsigned char> pixels(std::size_t{4} * settings.size.width() * settings.size.height());
    QElapsedTimer reference;
    reference.start();
    const double referenceCpuBefore = processCpuSeconds();
    QElapsedTimer turn;
    turn.start();
    for (std::int64_t frame = 0; frame < settings.frameCount(); ++frame) {
        window.setCurrentTime(settings.frameTime(frame));
        if (!renderViewFrame(*window.machineView(), pixels.data(), 4 * settings.size.width(), &error)) {
            std::fprintf(stderr, "record_bench: %s\n", qPrintable(error));
            return 1;
        }
        if (turn.elapsed() >= 100) {
            QApplication::processEvents();
            turn.restart();
        }
    }
    QApplication::processEvents();
    const double renderOnly = static_cast<double>(reference.nsecsElapsed()) / 1e9;
    const double renderOnlyCpu = processCpuSeconds() - referenceCpuBefore;
    render->setFrameSize({});
    window.setCurrentTime(saved);

    std::printf("record_bench, %s, %s\n\n", qPrintable(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)),
                qPrintable(QSysInfo::prettyProductName()));
    std::printf(
        "| machine | nodes | frames | video s | wall s | wall / video | ms per frame | rendered only, s | wall / "
        "rendered only | codec | target |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    std::printf("| %s | %zu | %lld | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %s | 2.0 — %s |\n", spec.c_str(),
                machine->layout.centers.size(), static_cast<long long>(recorder.framesEncoded()), video, wall,
                wall / video, wall * 1000 / static_cast<double>(recorder.framesEncoded()), renderOnly,
                wall / renderOnly, qPrintable(recorder.codecDescription()), wall / video <= 2.0 ? "met" : "not met");
    // On a loaded machine the wall time says more about the load than about the recorder; CPU
    // time per frame does not: on two idle cores a frame takes at least CPU / 2.
    const double frames = static_cast<double>(recorder.framesEncoded());
    std::printf("\nCPU (every thread): recording %.1f s, %.1f ms per frame (%.2f x real time on 2 idle cores at "
                "best); rendered only %.1f s, %.1f ms per frame\n",
                cpu, cpu * 1000 / frames, cpu / 2 / video, renderOnlyCpu, renderOnlyCpu * 1000 / frames);
    return 0;
}
