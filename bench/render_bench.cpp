// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Frame times of the 3D machine view (views/MachineView) in a real window under Xvfb
// (Mesa llvmpipe), the explorer's default 1280x800 view size:
//
//  - replay: titan (19,200 nodes); each frame moves the time cursor to the next event of a
//    first-fit replay of Jigsaw's synthetic trace and recolours every node, then renders;
//  - dragonfly: the same on the theta preset (Cray XC40 Aries dragonfly, 4,392 nodes) with
//    its links shown, each frame also recolouring every link by how many running jobs can
//    use it (the explorer's "users" link colours, core/NetworkLayout.h linkUserCounts);
//  - recolour: one time step on a 100,000-node torus: node owners at the new time, colours,
//    and the colour array handed to VTK (no render);
//  - orbit: a 1,000,000-node torus, the camera turning 3 degrees per frame;
//  - gantt: the timeline's Gantt chart of a million jobs on titan, built and first drawn,
//    then its utilization / queue chart beneath (Qt Charts), reported apart as "timeline chart".
//
// A frame is timed from the change to the end of the synchronous repaint (render, blit and swap,
// then glFinish). Needs a display: run under xvfb-run.
//
//   render_bench [--frames 120] [--size 1280x800] [--scenarios replay,dragonfly,recolour,orbit,gantt]

#include "core/AllocatorFactory.h"
#include "core/LinkUserCounter.h"
#include "core/MachineSpec.h"
#include "core/NetworkLayout.h"
#include "core/NodeLayout.h"
#include "core/Occupancy.h"
#include "core/Simulator.h"
#include "core/SyntheticWorkload.h"
#include "views/GanttChart.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/UtilizationChart.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSysInfo>

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>

using namespace placement;

namespace {

struct Stats
{
    double mean = 0, median = 0, p95 = 0, max = 0;
};

Stats summarize(std::vector<double> values)
{
    Stats stats;
    if (values.empty())
        return stats;
    std::sort(values.begin(), values.end());
    for (double v : values)
        stats.mean += v / static_cast<double>(values.size());
    stats.median = values[values.size() / 2];
    stats.p95 = values[std::min(values.size() - 1, values.size() * 95 / 100)];
    stats.max = values.back();
    return stats;
}

/// Asks for a frame and runs the event loop until the widget has rendered, blitted and
/// swapped it, then waits for OpenGL to finish (glFinish); returns milliseconds. (Reading a
/// pixel back from the window after the swap would fetch the window's image from the X
/// server: 6 ms that are no part of showing a frame.)
double renderNow(MachineView& view)
{
    QElapsedTimer timer;
    timer.start();
    RenderWidget* widget = view.renderWidget();
    const int before = widget->renderedFrames();
    widget->scheduleRender();
    while (widget->renderedFrames() == before && timer.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    widget->makeCurrent();
    widget->context()->functions()->glFinish();
    widget->doneCurrent();
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

std::vector<QRgb> colorsOf(const std::vector<int>& owners)
{
    static JobColors jobColors; // as the explorer keeps them per machine
    std::vector<QRgb> colors(owners.size());
    for (size_t node = 0; node < owners.size(); ++node)
        colors[node] = owners[node] < 0 ? idleNodeColor() : jobColors(owners[node]);
    return colors;
}

/// Jobs of Jigsaw's synthetic trace placed first-fit on `topology` (the replay's contents).
std::vector<Job> replayedJobs(const Topology& topology, int count)
{
    SyntheticTraceOptions options;
    options.jobs = count;
    options.meanNodes = std::max(16.0, topology.nodeCount() / 600.0);
    options.maxNodes = topology.nodeCount();
    const std::vector<SimulationJob> workload = generateSyntheticTrace(options);
    AllocatorChoice choice;
    choice.policy = "first-fit";
    const auto allocator = makeAllocator(topology, choice);
    SimulationOptions simulation;
    simulation.backfill = BackfillPolicy::Easy;
    const SimulationResult result = simulate(topology, workload, *allocator, simulation);
    std::vector<Job> jobs;
    for (size_t i = 0; i < workload.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.start >= 0 && !run.neverFits)
            jobs.push_back({workload[i].id, "", run.nodes, workload[i].submit, run.start, run.end});
    }
    return jobs;
}

struct ReplayTimes
{
    std::vector<double> ms; ///< whole frames
    std::vector<double> recolourMs; ///< `recolour` alone
    std::vector<double> vtkMs; ///< VTK's render alone
};

/// `frames` frames, each at the next of `times` (spread over all of them): `recolour` for
/// the time, then the render.
ReplayTimes timeReplay(MachineView& view, const std::vector<std::int64_t>& times, int frames,
                       const std::function<void(std::int64_t time)>& recolour)
{
    ReplayTimes result;
    for (int frame = 0; frame < frames; ++frame) {
        QElapsedTimer timer;
        timer.start();
        recolour(times[static_cast<size_t>(frame) * times.size() / static_cast<size_t>(frames)]);
        const double cpu = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        result.ms.push_back(cpu + renderNow(view));
        result.recolourMs.push_back(cpu);
        result.vtkMs.push_back(view.renderWidget()->lastRenderMilliseconds());
    }
    return result;
}

std::vector<std::int64_t> eventTimes(const std::vector<Job>& jobs)
{
    std::set<std::int64_t> times;
    for (const Job& job : jobs) {
        times.insert(job.start);
        times.insert(job.end);
    }
    return {times.begin(), times.end()};
}

void report(const char* scenario, const char* machine, int nodes, const Stats& stats, const char* what)
{
    std::printf("| %s | %s | %d | %.2f | %.2f | %.2f | %.2f | %.1f | %s |\n", scenario, machine, nodes, stats.mean,
                stats.median, stats.p95, stats.max, stats.mean > 0 ? 1000.0 / stats.mean : 0.0, what);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption framesOption(QStringLiteral("frames"), QStringLiteral("Frames per scenario."),
                                          QStringLiteral("N"), QStringLiteral("120"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("View size."), QStringLiteral("WxH"),
                                        QStringLiteral("1280x800"));
    const QCommandLineOption scenariosOption(QStringLiteral("scenarios"), QStringLiteral("Which scenarios."),
                                             QStringLiteral("LIST"),
                                             QStringLiteral("replay,dragonfly,recolour,orbit,gantt"));
    const QCommandLineOption flatOption(QStringLiteral("flat-background"),
                                        QStringLiteral("A plain background instead of the view's gradient."));
    parser.addOptions({framesOption, sizeOption, scenariosOption, flatOption});
    parser.process(app);
    const int frames = std::max(2, parser.value(framesOption).toInt());
    const QStringList size = parser.value(sizeOption).split(QLatin1Char('x'));
    const QStringList scenarios = parser.value(scenariosOption).split(QLatin1Char(','));
    if (size.size() != 2) {
        std::fprintf(stderr, "render_bench: --size expects WxH\n");
        return 2;
    }

    MachineView view;
    if (parser.isSet(flatOption))
        view.renderWidget()->renderer()->GradientBackgroundOff();
    view.resize(size[0].toInt(), size[1].toInt());
    view.show();
    for (int i = 0; i < 20; ++i)
        QApplication::processEvents();

    std::printf("render_bench, %s, %s, %s (%d frames per scenario)\n\n",
                qPrintable(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)),
                qPrintable(QSysInfo::prettyProductName()), qPrintable(parser.value(sizeOption)), frames);
    std::printf("| scenario | machine | nodes | ms mean | median | p95 | max | per second | what a frame does |\n");
    std::printf("|---|---|---:|---:|---:|---:|---:|---:|---|\n");

    if (scenarios.contains(QStringLiteral("replay"))) {
        const auto topology = parseMachineSpec("titan");
        const std::vector<Job> jobs = replayedJobs(*topology, 3000);
        const std::vector<std::int64_t> times = eventTimes(jobs);
        view.setNodeLayout(layoutNodes(*topology));
        renderNow(view);
        const auto [ms, recolourMs, vtkMs] = timeReplay(view, times, frames, [&](std::int64_t time) {
            view.setNodeColors(colorsOf(nodeOwnersAt(jobs, topology->nodeCount(), time)));
        });
        report("replay", "titan", topology->nodeCount(), summarize(ms), "next event, recolour, render");
        // The same frames without the VTK render: Qt's composition and the swap alone.
        std::vector<double> composeMs;
        for (int frame = 0; frame < frames; ++frame) {
            QElapsedTimer timer;
            timer.start();
            bool swapped = false;
            const auto connection
                = QObject::connect(view.renderWidget(), &RenderWidget::frameSwapped, [&swapped] { swapped = true; });
            view.renderWidget()->schedulePresent();
            while (!swapped && timer.elapsed() < 10000)
                QCoreApplication::processEvents(QEventLoop::AllEvents);
            QObject::disconnect(connection);
            composeMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        std::fprintf(stderr,
                     "replay: recolour %.2f ms, VTK render %.2f ms, a frame without VTK render %.2f ms (medians)\n",
                     summarize(recolourMs).median, summarize(vtkMs).median, summarize(composeMs).median);
    }
    if (scenarios.contains(QStringLiteral("dragonfly"))) {
        const auto topology = parseMachineSpec("theta");
        const std::vector<Job> jobs = replayedJobs(*topology, 3000);
        const std::vector<std::int64_t> times = eventTimes(jobs);
        const NodeLayout nodes = layoutNodes(*topology);
        view.setNodeLayout(nodes);
        view.setNetworkLayout(layoutNetwork(*topology, nodes));
        view.setLinksVisible(true);
        renderNow(view);
        LinkUserCounter counter(*topology); // as the explorer keeps it (app/LinkColoring.cpp)
        const auto [ms, recolourMs, vtkMs] = timeReplay(view, times, frames, [&](std::int64_t time) {
            view.setNodeColors(colorsOf(nodeOwnersAt(jobs, topology->nodeCount(), time)));
            std::vector<LinkUserCounter::RunningJob> running;
            for (size_t job = 0; job < jobs.size(); ++job)
                if (jobs[job].start <= time && time < jobs[job].end)
                    running.push_back({static_cast<int>(job), &jobs[job].nodes});
            const std::vector<int>& users = counter.update(running);
            std::vector<QRgb> linkColors(users.size());
            for (size_t link = 0; link < users.size(); ++link) // none, one, two, more (app/LinkColoring.cpp)
                linkColors[link] = users[link] == 0 ? unusedLinkColor()
                    : users[link] == 1              ? qRgb(80, 200, 120)
                    : users[link] == 2              ? qRgb(240, 170, 50)
                                                    : qRgb(230, 80, 60);
            view.setLinkColors(linkColors);
        });
        report("dragonfly", "theta", topology->nodeCount(), summarize(ms),
               "next event, nodes and links recoloured, render");
        std::fprintf(stderr,
                     "dragonfly: recolouring nodes and links %.2f ms, VTK render %.2f ms (medians), %zu links\n",
                     summarize(recolourMs).median, summarize(vtkMs).median, topology->links().size());
        view.setLinksVisible(false);
    }
    if (scenarios.contains(QStringLiteral("recolour"))) {
        const auto topology = parseMachineSpec("torus extents=50x50x20 nodes-per-router=2");
        const std::vector<Job> jobs = replayedJobs(*topology, 4000);
        const std::vector<std::int64_t> times = eventTimes(jobs);
        view.setNodeLayout(layoutNodes(*topology));
        renderNow(view);
        std::vector<double> ms;
        for (int frame = 0; frame < frames; ++frame) {
            QElapsedTimer timer;
            timer.start();
            const std::int64_t time = times[static_cast<size_t>(frame) * times.size() / static_cast<size_t>(frames)];
            view.setNodeColors(colorsOf(nodeOwnersAt(jobs, topology->nodeCount(), time)));
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        report("recolour", "torus 50x50x20x2", topology->nodeCount(), summarize(ms),
               "owners at the next event, colours, VTK array (no render)");
    }
    if (scenarios.contains(QStringLiteral("gantt"))) {
        // The timeline's Gantt chart of a million jobs on titan: bars drawn (setJobs and the
        // first paint) at 1280x140; then the chart beneath at 1280x80, shown as in the dock:
        // utilization and queue computed, reduced to buckets, laid out and drawn.
        std::vector<Job> jobs;
        jobs.reserve(1'000'000);
        std::uint64_t state = 1;
        auto next = [&state] {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return state >> 33;
        };
        for (int i = 0; i < 1'000'000; ++i) {
            Job job;
            job.submit = static_cast<std::int64_t>(i) * 30;
            job.start = job.submit + static_cast<std::int64_t>(next() % 3600);
            job.end = job.start + 60 + static_cast<std::int64_t>(next() % 20000);
            const int count = 1 + static_cast<int>(next() % 64);
            const int first = static_cast<int>(next() % (19200 - 2 * 64));
            for (int n = 0; n < count; ++n)
                job.nodes.push_back(first + n * (1 + static_cast<int>(n % 3 == 2)));
            jobs.push_back(std::move(job));
        }
        std::vector<double> ms, chartMs;
        for (int round = 0; round < 3; ++round) {
            GanttChart gantt;
            gantt.resize(1280, 140);
            QElapsedTimer timer;
            timer.start();
            gantt.setJobs(&jobs, 19200, jobs.front().start, jobs.back().end);
            gantt.grab(); // the first paint draws the bars
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);

            UtilizationChart chart;
            chart.resize(1280, 80);
            chart.show();
            for (int i = 0; i < 20; ++i)
                QApplication::processEvents();
            timer.start();
            chart.setJobs(&jobs, 19200, jobs.front().start, jobs.back().end);
            QApplication::processEvents(); // the chart's layout
            chart.grab();
            chartMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        report("gantt", "titan", 19200, summarize(ms), "a million jobs: bars, first paint");
        report("timeline chart", "titan", 19200, summarize(chartMs),
               "a million jobs: utilization and queue, buckets, Qt Charts series, first paint");
    }
    if (scenarios.contains(QStringLiteral("orbit"))) {
        const auto topology = parseMachineSpec("torus extents=100x100x50 nodes-per-router=2");
        view.setNodeLayout(layoutNodes(*topology));
        std::vector<int> owners(static_cast<size_t>(topology->nodeCount()));
        for (size_t node = 0; node < owners.size(); ++node)
            owners[node] = static_cast<int>(node / 700) % 5 == 0 ? -1 : static_cast<int>(node / 700);
        view.setNodeColors(colorsOf(owners));
        renderNow(view);
        std::vector<double> ms;
        vtkCamera* camera = view.renderWidget()->renderer()->GetActiveCamera();
        for (int frame = 0; frame < frames; ++frame) {
            camera->Azimuth(3);
            ms.push_back(renderNow(view));
        }
        report("orbit", "torus 100x100x50x2", topology->nodeCount(), summarize(ms), "camera turns 3 degrees, render");
    }
    return 0;
}
