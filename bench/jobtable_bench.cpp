// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The explorer's job table on a stored run (docs/benchmarks.md, "The explorer on millions of
// jobs"): the Jobs dock opened on the run as the explorer opens it, then sorted by each
// column, filtered, and its time cursor dragged. For each action: how long the call held the
// GUI thread, the longest the event loop then waited (a 2 ms timer's largest gap), and when
// the new rows were shown. Reference in the same run: std::sort of as many random 64-bit
// keys as the run has jobs.
//
//   jobtable_bench DATABASE [--machine NAME] [--run NAME] [--cursor-moves N]
//   jobtable_bench --demo     (the demo database, in the user's data folder)
//
// Needs a display (xvfb-run) or QT_QPA_PLATFORM=offscreen.

#include "app/DemoLocation.h"
#include "app/ExplorerSession.h"
#include "app/JobFilterModel.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MachineData.h"
#include "app/ProcessMemory.h"
#include "core/SplitMix64.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <sys/resource.h>
#include <vector>

using namespace placement;

namespace {

/// The event loop's longest wait between two ticks of a 2 ms timer: how long the GUI
/// thread was busy at a stretch.
class StallMeter : public QObject
{
public:
    StallMeter()
    {
        m_timer.setInterval(2);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            m_longest = std::max(m_longest, m_sinceTick.nsecsElapsed() / 1e6);
            m_sinceTick.restart();
        });
    }
    void start()
    {
        m_longest = 0;
        m_sinceTick.start();
        m_timer.start();
    }
    double stop()
    {
        m_longest = std::max(m_longest, m_sinceTick.nsecsElapsed() / 1e6);
        m_timer.stop();
        return m_longest;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_sinceTick;
    double m_longest = 0;
};

/// Runs the event loop until `done` or 120 s.
bool waitFor(const std::function<bool()>& done)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > 120000)
            return false;
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    returnLargeBlocksToTheSystem(); // as the explorer does
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The job table's sorting and filtering on a stored run"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("database"), QStringLiteral("the database"));
    const QCommandLineOption machineOption(QStringLiteral("machine"), QStringLiteral("machine name"),
                                           QStringLiteral("name"));
    const QCommandLineOption runOption(QStringLiteral("run"), QStringLiteral("run name"), QStringLiteral("name"));
    const QCommandLineOption movesOption(QStringLiteral("cursor-moves"),
                                         QStringLiteral("times the cursor moves in a drag (default 50)"),
                                         QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption demoOption(QStringLiteral("demo"), QStringLiteral("the demo database"));
    parser.addOptions({machineOption, runOption, movesOption, demoOption});
    parser.process(app);
    if (parser.positionalArguments().size() != (parser.isSet(demoOption) ? 0 : 1)) {
        std::fprintf(stderr, "jobtable_bench: give one database, or --demo\n");
        return 2;
    }
    const QString path = parser.isSet(demoOption) ? ensureDemoDatabase() : parser.positionalArguments().front();

    QElapsedTimer clock;
    clock.start();
    ExplorerSession session;
    if (!session.openDatabase(path, parser.value(machineOption), parser.value(runOption))) {
        std::fprintf(stderr, "jobtable_bench: %s\n", qPrintable(session.lastError()));
        return 1;
    }
    const double openMs = clock.nsecsElapsed() / 1e6;
    const std::shared_ptr<const MachineData> machine = session.sharedMachine();
    const size_t jobs = machine->jobs.size();

    // The reference: a plain sort of as many random keys.
    SplitMix64 random(7);
    std::vector<std::uint64_t> keys(jobs);
    for (std::uint64_t& key : keys)
        key = random.next();
    clock.restart();
    std::sort(keys.begin(), keys.end());
    const double referenceMs = clock.nsecsElapsed() / 1e6;
    keys = {};

    JobsDock dock;
    dock.resize(1280, 500);
    dock.show();
    dock.setMachine(machine, path);
    dock.setTime(session.time());
    JobFilterModel* filter = dock.filter();
    const bool settledAtOpen = waitFor([&] { return !filter->isSettling(); });
    const bool metricsAtOpen = waitFor([&] { return dock.model()->hasMetrics(); });
    if (!settledAtOpen || !metricsAtOpen) {
        std::fprintf(stderr, "jobtable_bench: the table did not settle\n");
        return 1;
    }

    std::printf("database\t%s\njobs\t%zu\nopened in\t%.0f ms\n", qPrintable(path), jobs, openMs);
    std::printf("reference: std::sort of %zu random 64-bit keys\t%.1f ms\n\n", jobs, referenceMs);
    std::printf("resident after opening\t%ld MiB\n\n", residentMebibytes());
    std::printf(
        "action\trows shown\tcall ms\tlongest GUI stall ms\tshown after ms\tvs reference\tresident MiB after\n");
    StallMeter meter;
    bool failed = false;
    auto act = [&](const QString& what, const std::function<void()>& action) {
        meter.start();
        clock.restart();
        action();
        const double callMs = clock.nsecsElapsed() / 1e6;
        failed = !waitFor([&] { return !filter->isSettling(); }) || failed;
        const double shownMs = clock.nsecsElapsed() / 1e6;
        const double stallMs = meter.stop();
        std::printf("%s\t%zu\t%.1f\t%.1f\t%.1f\t%.2f\t%ld\n", qPrintable(what), filter->keptCount(), callMs, stallMs,
                    shownMs, shownMs / referenceMs, residentMebibytes());
        std::fflush(stdout);
    };

    act(QStringLiteral("every job (running-only off)"), [&] { filter->setRunningOnly(false); });
    const JobTableModel* model = dock.model();
    for (int column = 0; column < JobTableModel::NumColumns; ++column) {
        if (!model->columnApplies(column) || column == JobTableModel::MinimumAphColumn)
            continue; // the minimum APH is still being computed: its sort follows each new size
        const QString heading = model->headerData(column, Qt::Horizontal).toString();
        act(QStringLiteral("sort by %1, ascending").arg(heading),
            [&] { dock.table()->sortByColumn(column, Qt::AscendingOrder); });
        act(QStringLiteral("sort by %1, descending").arg(heading),
            [&] { dock.table()->sortByColumn(column, Qt::DescendingOrder); });
    }
    dock.table()->sortByColumn(JobTableModel::NodesColumn, Qt::DescendingOrder);
    waitFor([&] { return !filter->isSettling(); });

    JobFilterCriteria byText;
    byText.text = "12";
    JobFilterCriteria byUser;
    byUser.user = model->users().empty() ? std::string() : model->users()[model->users().size() / 2];
    JobFilterCriteria bySize;
    bySize.minNodes = 64;
    bySize.maxNodes = 512;
    JobFilterCriteria byDay;
    byDay.from = machine->firstTime + (machine->lastTime - machine->firstTime) / 2;
    byDay.to = *byDay.from + 86400;
    act(QStringLiteral("filter: text \"12\""), [&] { filter->setCriteria(byText); });
    act(QStringLiteral("filter: one user"), [&] { filter->setCriteria(byUser); });
    act(QStringLiteral("filter: 64-512 nodes"), [&] { filter->setCriteria(bySize); });
    act(QStringLiteral("filter: one day"), [&] { filter->setCriteria(byDay); });
    act(QStringLiteral("filter: none"), [&] { filter->setCriteria({}); });
    act(QStringLiteral("running at the cursor"), [&] { filter->setRunningOnly(true); });
    const int moves = std::max(1, parser.value(movesOption).toInt());
    act(QStringLiteral("cursor dragged across the run (%1 moves, 10 ms apart)").arg(moves), [&] {
        for (int move = 1; move <= moves; ++move) {
            dock.setTime(machine->firstTime + (machine->lastTime - machine->firstTime) * move / (moves + 1));
            QElapsedTimer pause;
            pause.start();
            while (pause.elapsed() < 10)
                QApplication::processEvents(QEventLoop::AllEvents, 2);
        }
    });
    struct rusage usage = {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("\npeak resident memory of this process\t%ld MiB\n", usage.ru_maxrss / 1024);
    return failed ? 1 : 0;
}
