// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ComparePane.h"
#include "app/ImportDialog.h"
#include "app/InspectorDock.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/TimelineDock.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "core/RunComparison.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/GanttChart.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QApplication>
#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <QUrl>
#include <QWindow>

#include <functional>
#include <set>

using namespace placement;
using namespace placement::test;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_mainwindow"));
        m_demo = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_demo.toStdString());
    }

    void opensTheDemoAndRenders()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        RenderWidget* render = window.machineView()->renderWidget();

        // The first screen: the torus at its busiest moment, nodes coloured by job.
        const MachineData* machine = window.currentMachine();
        QVERIFY(machine);
        QCOMPARE(machine->record.name, std::string("demo-torus"));
        QCOMPARE(window.currentTime(), busiestTime(machine->jobs));
        QCOMPARE(window.timelineDock()->time(), window.currentTime());

        const QImage frame = logicalFramebuffer(render);
        std::set<QRgb> colours;
        int saturated = 0;
        for (int y = 0; y < frame.height(); y += 2)
            for (int x = 0; x < frame.width(); x += 2) {
                const QRgb pixel = frame.pixel(x, y);
                colours.insert(pixel);
                saturated += QColor(pixel).hsvSaturationF() > 0.3f ? 1 : 0;
            }
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
        QVERIFY2(saturated > frame.width() * frame.height() / 4 / 10, qPrintable(QString::number(saturated)));
    }

    void clickShowsTheNodesJob()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        RenderWidget* render = window.machineView()->renderWidget();
        // Any node whose centre is not hidden behind another one.
        int node = -1;
        std::optional<QPointF> position;
        for (int candidate = 0; candidate < 512 && node < 0; ++candidate) {
            position = window.machineView()->nodeScreenPosition(candidate);
            if (position && window.machineView()->nodeAt(*position) == candidate)
                node = candidate;
        }
        QVERIFY(node >= 0);
        QTest::mouseClick(render, Qt::LeftButton, {}, position->toPoint());
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.contains(QString::fromStdString(window.currentMachine()->nodeName(node))),
                 qPrintable(message));
    }

    void showsAJobsPlacementMetrics()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        const Job& job = window.currentMachine()->jobs.at(42);
        QVERIFY(window.showJob(QString::fromStdString(job.id)));
        QVERIFY(job.runsAt(window.currentTime()));
        const auto* label = qobject_cast<QLabel*>(window.metricsDock()->widget());
        QVERIFY(label);
        PlacementAnalyzer analyzer(*window.currentMachine()->topology);
        const QString aph = QString::number(analyzer.measure(job.nodes).aph, 'f', 2);
        QVERIFY2(label->text().contains(QStringLiteral("APH ") + aph), qPrintable(label->text()));
        QVERIFY(!window.showJob(QStringLiteral("no-such-job")));
    }

    // The time zone field takes an IANA zone or an offset; anything else is not taken as UTC.
    void importDialogTakesZonesAndOffsets()
    {
        ImportDialog dialog({QStringLiteral("cab")});
        dialog.setFiles({QStringLiteral("jobs.log")});
        auto* zone = dialog.findChild<QLineEdit*>(QStringLiteral("timeZone"));
        QVERIFY(zone);
        auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        zone->setText(QStringLiteral("+0100"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.request().options.utcOffsetSeconds, std::int64_t(3600));
        QVERIFY(dialog.request().options.timeZone.empty());
        zone->setText(QStringLiteral("Europe/Berlin"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.request().options.timeZone, std::string("Europe/Berlin"));
        zone->setText(QStringLiteral("Mars/Olympus"));
        QVERIFY(!ok->isEnabled());
    }

    void importsInTheBackground()
    {
        const QString path = m_dir.filePath(QStringLiteral("import.sqlite"));
        writeDemoDatabase(path.toStdString());
        ImportDialog dialog({QStringLiteral("demo-torus"), QStringLiteral("cab")});
        dialog.setFiles({QFINDTESTDATA("data/traces/hpc2n.swf")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        dialog.grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/import-dialog.png"));
        ImportRequest request = dialog.request();
        QCOMPARE(request.machine, std::string("demo-torus"));
        QCOMPARE(request.files.size(), size_t(1));
        QString error;
        const ImportResult result = ImportRunner::run(path, request, nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(result.committed, result.failure.c_str());
        QCOMPARE(result.files[0].jobsStored, std::int64_t(3145));
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        QCOMPARE(window.currentMachine()->jobs.size(), size_t(300 + 3145));
    }

    // A log without node lists: the 3D view, the status bar and the inspector say so, and its
    // logged run is a row of the Runs table beside the simulated one.
    void simulatesInTheBackgroundAndShowsTheRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("simulate.sqlite"));
        writeDemoDatabase(path.toStdString());
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.selectMachine(1);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab"));
        SimulateDialog dialog(window.currentMachine()->record.name, *window.currentMachine()->topology);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/simulate-dialog.png"));
        SimulationSetup setup = dialog.setup();
        QCOMPARE(setup.machine, std::string("cab"));
        QCOMPARE(setup.allocator.policy, std::string("first-fit"));
        QCOMPARE(setup.options.backfill, BackfillPolicy::Easy);
        {
            // AUCSCHED3 is an auction over a window of jobs; other policies cannot auction.
            auto* policy = dialog.findChild<QComboBox*>(QStringLiteral("policy"));
            auto* backfill = dialog.findChild<QComboBox*>(QStringLiteral("backfill"));
            QVERIFY(policy && backfill);
            policy->setCurrentText(QStringLiteral("aucsched3"));
            QCOMPARE(policy->currentText(), QStringLiteral("aucsched3"));
            QCOMPARE(dialog.setup().options.backfill, BackfillPolicy::Auction);
            policy->setCurrentText(QStringLiteral("jigsaw"));
            QCOMPARE(dialog.setup().options.backfill, BackfillPolicy::Easy);
            backfill->setCurrentText(QStringLiteral("auction"));
            const auto* items = qobject_cast<QStandardItemModel*>(backfill->model());
            QVERIFY(!items->item(backfill->findText(QStringLiteral("auction")))->isEnabled());
            policy->setCurrentText(QStringLiteral("first-fit"));
        }
        setup.allocator.policy = "ta";

        // Cancelled half-way: nothing is stored.
        const SimulationOutcome cancelled = SimulationRunner::run(path, setup, &window, 64);
        QVERIFY(cancelled.cancelled);
        QVERIFY(!cancelled.finished);
        {
            Store store = Store::openExisting(path.toStdString());
            QVERIFY(runs(store, window.currentMachine()->record.id).empty());
            SqliteStatement placements(store.database(), "SELECT count(*) FROM placements");
            QVERIFY(placements.step());
            QCOMPARE(placements.integer(0), std::int64_t(0));
        }

        const SimulationOutcome done = SimulationRunner::run(path, setup, &window);
        QVERIFY2(done.finished, qPrintable(done.error));
        QCOMPARE(done.summary.metrics.jobs, 300);
        window.selectMachine(1); // reload the run list
        QCOMPARE(window.runNames(), QStringList{QStringLiteral("ta easy")});
        QVERIFY(window.selectRun(QStringLiteral("ta easy")));
        QVERIFY(window.currentMachine()->runId > 0);
        QCOMPARE(window.currentMachine()->jobs.size(), size_t(300));
        const auto* label = qobject_cast<QLabel*>(window.metricsDock()->widget());
        QVERIFY2(label->text().contains(QStringLiteral("Simulated run")), qPrintable(label->text()));
        QVERIFY(!window.selectRun(QStringLiteral("no such run")));
        QVERIFY(window.selectRun(QStringLiteral("logged")));
        QCOMPARE(window.currentMachine()->runId, std::int64_t(0));
    }

    void replayStepsThroughEventsAndTheViewFollows()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1); // cab: a flat layout, every node in sight
        RenderWidget* render = window.machineView()->renderWidget();
        const MachineData* machine = window.currentMachine();
        // The logged placements straight from the store, independently of the window.
        Store store = Store::openExisting(m_demo.toStdString());
        const std::vector<Job> jobs = store.jobs(machine->record.id);
        std::vector<int> probes; // nodes drawn where nothing hides them
        for (int node = 0; node < machine->topology->nodeCount() && probes.size() < 40; node += 31) {
            const auto position = window.machineView()->nodeScreenPosition(node);
            if (position && window.machineView()->nodeAt(*position) == node)
                probes.push_back(node);
        }
        QVERIFY(probes.size() >= 20);
        TimelineDock* timeline = window.timelineDock();
        for (int step = 0; step < 25; ++step) {
            const std::int64_t before = window.currentTime();
            QVERIFY(timeline->stepForward());
            const std::int64_t now = window.currentTime();
            QVERIFY(now > before);
            // The next event: no job starts or ends strictly between the two times.
            for (const Job& job : jobs) {
                QVERIFY(!(job.start > before && job.start < now));
                QVERIFY(!(job.end > before && job.end < now));
            }
            QVERIFY(test::waitForFrames(render, render->renderedFrames() + 1));
            const QImage frame = test::logicalFramebuffer(render);
            for (int node : probes) {
                int owner = -1;
                for (size_t j = 0; j < jobs.size(); ++j)
                    if (jobs[j].runsAt(now)
                        && std::find(jobs[j].nodes.begin(), jobs[j].nodes.end(), node) != jobs[j].nodes.end())
                        owner = static_cast<int>(j);
                const QPointF at = *window.machineView()->nodeScreenPosition(node);
                const QColor drawn = frame.pixelColor(at.toPoint());
                if (owner < 0) {
                    QVERIFY2(
                        drawn.hsvSaturationF() < 0.25f,
                        qPrintable(QStringLiteral("idle node %1 drawn %2 at %3").arg(node).arg(drawn.name()).arg(now)));
                } else {
                    // Jobs are listed in the same order by the store and the window.
                    const QColor expected(jobColor(owner));
                    const int hueGap = std::abs(drawn.hsvHue() - expected.hsvHue());
                    QVERIFY2(drawn.hsvSaturationF() > 0.25f && std::min(hueGap, 360 - hueGap) <= 15,
                             qPrintable(QStringLiteral("node %1 of job %2: drawn %3, job colour %4")
                                            .arg(node)
                                            .arg(QString::fromStdString(jobs[static_cast<size_t>(owner)].id))
                                            .arg(drawn.name(), expected.name())));
                }
            }
        }
        QVERIFY(timeline->stepBack());
        QVERIFY(window.currentTime() < timeline->time() + 1);
        // Play: time moves on its own, and pauses.
        timeline->setSpeed(86400);
        const std::int64_t paused = window.currentTime();
        timeline->setPlaying(true);
        QTRY_VERIFY(window.currentTime() > paused);
        timeline->setPlaying(false);
        QVERIFY(!timeline->isPlaying());
        // The replay keeps to its speed in wall-clock time, however long frames take.
        timeline->setSpeed(3600);
        const std::int64_t from = window.currentTime();
        QElapsedTimer wall;
        wall.start();
        timeline->setPlaying(true);
        QTest::qWait(600);
        timeline->setPlaying(false);
        const double expected = 3600.0 * static_cast<double>(wall.elapsed()) / 1000.0;
        const auto advanced = static_cast<double>(window.currentTime() - from);
        QVERIFY2(advanced > 0.6 * expected && advanced <= expected + 1,
                 qPrintable(QStringLiteral("%1 s of %2").arg(advanced).arg(expected)));
    }

    void switchesMachinesAndTime()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        QCOMPARE(window.machineCount(), 2);
        window.selectMachine(1);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab"));
        QCOMPARE(window.currentMachine()->topology->nodeCount(), 1296);
        const std::int64_t early = window.currentMachine()->firstTime;
        window.setCurrentTime(early);
        QCOMPARE(window.timelineDock()->time(), early);
    }

    void badFileKeepsTheCurrentDatabase()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        const QString bad = m_dir.filePath(QStringLiteral("bad.sqlite"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not sqlite at all, but long enough to look like a file header");
        file.close();
        QVERIFY(!window.openDatabase(bad));
        QVERIFY2(window.lastError().contains(bad), qPrintable(window.lastError()));
        QCOMPARE(window.databasePath(), QFileInfo(m_demo).absoluteFilePath());
        QCOMPARE(window.currentMachine()->record.name, std::string("demo-torus"));
        QVERIFY(!RecentFiles::load().contains(QFileInfo(bad).absoluteFilePath()));
    }

    void windowStateRoundTripsThroughSettings()
    {
        QByteArray state;
        QSize size;
        {
            MainWindow window;
            QVERIFY(window.openDatabase(m_demo));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.resize(900, 640);
            window.metricsDock()->hide();
            window.removeDockWidget(window.jobsDock());
            window.addDockWidget(Qt::LeftDockWidgetArea, window.jobsDock());
            window.jobsDock()->show();
            QTest::qWait(50);
            state = window.saveState();
            size = window.size();
            window.close(); // saves
        }
        MainWindow restored;
        QVERIFY(restored.openDatabase(m_demo));
        restored.show();
        QVERIFY(QTest::qWaitForWindowExposed(&restored));
        QTest::qWait(50);
        QCOMPARE(restored.saveState(), state);
        QCOMPARE(restored.size(), size);
        QVERIFY(restored.metricsDock()->isHidden());
        QCOMPARE(restored.dockWidgetArea(restored.jobsDock()), Qt::LeftDockWidgetArea);
        QCOMPARE(RecentFiles::load().value(0), QFileInfo(m_demo).absoluteFilePath());
    }

    /// Help › About names the version main() gives the application (PROJECT_VERSION in CMake).
    void aboutBoxShowsTheVersion()
    {
        const QString version = QCoreApplication::applicationVersion();
        QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
        MainWindow window;
        QAction* about = nullptr;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu() && menu->text() == QStringLiteral("&Help"))
                about = menu->menu()->actions().value(0);
        QVERIFY(about);
        QString shown;
        QTimer poll; // the box is modal: read and close it from inside its event loop
        connect(&poll, &QTimer::timeout, &window, [&] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->accept();
            }
        });
        poll.start(10);
        about->trigger();
        QCoreApplication::setApplicationVersion(version);
        QVERIFY2(shown.contains(QStringLiteral("Placement Explorer 9.8.7")), qPrintable(shown));
    }

private:
    /// Opens the demo database in a shown window and waits for the first 3D frame.
    bool showDemo(MainWindow& window)
    {
        if (!window.openDatabase(m_demo))
            return false;
        window.resize(1100, 720);
        window.show();
        return QTest::qWaitForWindowExposed(&window) && waitForFrames(window.machineView()->renderWidget(), 1);
    }

    QTemporaryDir m_dir;
    QString m_demo;

private slots:
    void tooltipNamesTheNodeAndItsJob()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1); // cab: flat, every node in sight
        const MachineData* machine = window.currentMachine();
        const std::vector<int> owners
            = nodeOwnersAt(machine->jobs, machine->topology->nodeCount(), window.currentTime());
        int busy = -1;
        for (int node = 0; node < machine->topology->nodeCount() && busy < 0; node += 7)
            if (owners[static_cast<size_t>(node)] >= 0 && window.machineView()->nodeScreenPosition(node))
                busy = node;
        QVERIFY(busy >= 0);
        RenderWidget* render = window.machineView()->renderWidget();
        const QPoint at = window.machineView()->nodeScreenPosition(busy)->toPoint();
        QCOMPARE(window.machineView()->nodeAt(at), busy);
        QHelpEvent help(QEvent::ToolTip, at, render->mapToGlobal(at));
        QApplication::sendEvent(render, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        const Job& job = machine->jobs[static_cast<size_t>(owners[static_cast<size_t>(busy)])];
        QVERIFY2(QToolTip::text().contains(QString::fromStdString(machine->nodeName(busy))),
                 qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(QStringLiteral("Job %1").arg(QString::fromStdString(job.id))),
                 qPrintable(QToolTip::text()));
        QVERIFY(window.nodeToolTip(-1).isEmpty());
    }

    void linksToggleFromTheViewMenu()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1);
        auto* action = window.findChild<QAction*>(QStringLiteral("showLinksAction"));
        QVERIFY(action);
        QVERIFY(!window.machineView()->linksVisible());
        action->trigger();
        QVERIFY(window.machineView()->linksVisible());
        QCOMPARE(window.linkColorMode(), LinkColorMode::Users); // logged placements own no links
        QVERIFY(!window.machineView()->networkLayout().segments.empty());
        action->trigger();
        QVERIFY(!window.machineView()->linksVisible());
    }

    void ganttClickSelectsTheJobEverywhere()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1);
        window.timelineDock()->show();
        GanttChart* gantt = window.timelineDock()->gantt();
        QTRY_VERIFY(gantt->isVisible() && gantt->width() > 300 && gantt->height() > 80);
        const MachineData* machine = window.currentMachine();
        // The largest job's first bar, clicked in its middle.
        size_t largest = 0;
        for (size_t i = 0; i < machine->jobs.size(); ++i)
            if (machine->jobs[i].nodes.size() > machine->jobs[largest].nodes.size())
                largest = i;
        const Job& job = machine->jobs[largest];
        GanttBar longest; // its longest run of consecutive nodes
        for (const GanttBar& bar : ganttBars(machine->jobs))
            if (bar.job == static_cast<int>(largest) && bar.last - bar.first > longest.last - longest.first)
                longest = bar;
        const QRectF area = gantt->barArea();
        const int x = static_cast<int>((gantt->xOf(job.start) + gantt->xOf(job.end)) / 2);
        const int y = static_cast<int>(
            area.top() + (longest.first + longest.last + 1) / 2.0 / machine->topology->nodeCount() * area.height());
        QCOMPARE(gantt->jobAt(QPointF(x, y)), static_cast<int>(largest));
        QTest::mouseClick(gantt, Qt::LeftButton, {}, QPoint(x, y));
        QCOMPARE(window.highlightedJob(), static_cast<int>(largest));
        QVERIFY(job.runsAt(window.currentTime()));
        // Its fragments are outlined in the 3D view, and only while it is selected.
        QCOMPARE(window.machineView()->outlineCount(),
                 static_cast<int>(jobFragments(*machine->topology, job.nodes.toVector()).size()));
        QVERIFY(window.machineView()->outlineCount() > 0);
        // The click moved the time cursor to where it was made.
        QVERIFY(std::abs(window.currentTime() - gantt->timeAt(x)) <= 1);
        QVERIFY(gantt->jobAt(QPointF(area.left() - 5, y)) < 0);
        window.highlightJob(-1);
        QCOMPARE(window.machineView()->outlineCount(), 0);
    }

    void compareModeShowsTwoRunsWithOneCursorAndCamera()
    {
        const QString path = m_dir.filePath(QStringLiteral("compare.sqlite"));
        writeDemoDatabase(path.toStdString());
        {
            Store store = Store::openExisting(path.toStdString());
            for (const char* policy : {"first-fit", "random"}) {
                SimulationSetup setup;
                setup.machine = "cab";
                setup.allocator.policy = policy;
                runStoredSimulation(store, setup, "test");
            }
        }
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        window.resize(1400, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.selectMachine(1);
        QVERIFY(window.selectRun(QStringLiteral("first-fit easy")));
        QVERIFY(!window.compareWithRun(QStringLiteral("no such run")));
        QVERIFY(window.compareWithRun(QStringLiteral("random easy")));
        QVERIFY(window.comparing());
        ComparePane* pane = window.comparePane();
        MachineView* left = window.machineView();
        MachineView* right = pane->view();
        QVERIFY(waitForFrames(right->renderWidget(), 1));
        QTRY_VERIFY2(std::abs(left->width() - right->width()) <= 2,
                     qPrintable(QStringLiteral("%1 and %2").arg(left->width()).arg(right->width())));

        // The same jobs, matched by id; random placement differs from first-fit for most.
        const MachineData* shown = window.currentMachine();
        const RunComparison& comparison = pane->comparison();
        QCOMPARE(comparison.firstDiffers.size(), shown->jobs.size());
        QVERIFY(comparison.differing > 100);

        // One time cursor: a node of the right view is drawn in the colour of the job that
        // holds it in the compared run, coloured as that job is on the left.
        window.setCurrentTime(window.currentMachine()->openingTime + 600);
        QTRY_COMPARE(right->renderWidget()->renderedFrames() > 0, true);
        QTest::qWait(50);
        QVERIFY(waitForFrames(right->renderWidget(), right->renderWidget()->renderedFrames() + 0));
        const MachineData* other = pane->machine();
        const std::vector<int> owners = nodeOwnersAt(other->jobs, other->topology->nodeCount(), window.currentTime());
        QImage image;
        QTRY_VERIFY((image = logicalFramebuffer(right->renderWidget()), !image.isNull()));
        int checked = 0;
        for (int node = 0; node < other->topology->nodeCount() && checked < 30; node += 13) {
            const int owner = owners[static_cast<size_t>(node)];
            const auto position = right->nodeScreenPosition(node);
            if (owner < 0 || !position || right->nodeAt(*position) != node
                || !comparison.otherDiffers[static_cast<size_t>(owner)])
                continue;
            const int primary = comparison.firstOfOther[static_cast<size_t>(owner)];
            QVERIFY(primary >= 0);
            const QColor expected(jobColor(primary));
            const QColor drawn(image.pixel(position->toPoint()));
            // Shaded boxes: the hue survives lighting.
            QVERIFY2(
                std::abs(drawn.hsvHue() - expected.hsvHue()) <= 12 || expected.hsvSaturation() < 60,
                qPrintable(
                    QStringLiteral("node %1: drawn %2, job colour %3").arg(node).arg(drawn.name(), expected.name())));
            ++checked;
        }
        QVERIFY(checked >= 10);

        // Both views show the whole machine from one camera, fitted to their (half) width.
        QTRY_VERIFY(right->cameraState() == left->cameraState());
        for (MachineView* view : {left, right})
            for (int node = 0; node < shown->topology->nodeCount(); ++node) {
                // The fit leaves a margin of 5% of the tighter direction on each side.
                const double margin = 0.03 * std::min(view->width(), view->height());
                const auto at = view->nodeScreenPosition(node);
                QVERIFY(at);
                QVERIFY2(QRectF(QPointF(0, 0), QSizeF(view->size()))
                             .adjusted(margin, margin, -margin, -margin)
                             .contains(*at),
                         qPrintable(QStringLiteral("node %1 at %2, %3").arg(node).arg(at->x()).arg(at->y())));
            }

        // Linked cameras: moving the left camera moves the right one.
        MachineView::CameraState moved = left->cameraState();
        moved[0] += 5;
        moved[2] += 3;
        left->setCameraState(moved);
        QTRY_VERIFY(right->cameraState() == left->cameraState());
        const QImage pair = [&] {
            const QImage a = logicalFramebuffer(left->renderWidget());
            const QImage b = logicalFramebuffer(right->renderWidget());
            QImage both(a.width() + b.width(), std::max(a.height(), b.height()), QImage::Format_RGB32);
            both.fill(Qt::black);
            QPainter painter(&both);
            painter.drawImage(0, 0, a);
            painter.drawImage(a.width(), 0, b);
            return both;
        }();
        const QString problem = compareWithBaseline(pair, QStringLiteral("compare-layout"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        // ... and dragging in the right view (where the pointer's events arrive) turns both.
        QWindow* rightWindow = right->renderWidget()->nativeWindow();
        const QPoint start(right->width() / 2, right->height() / 2);
        QTest::mousePress(rightWindow, Qt::LeftButton, {}, start);
        for (int step = 1; step <= 6; ++step)
            QTest::mouseMove(rightWindow, start + QPoint(10 * step, 4 * step));
        QTest::mouseRelease(rightWindow, Qt::LeftButton, {}, start + QPoint(60, 24));
        QVERIFY(right->cameraState() != moved);
        QTRY_VERIFY(left->cameraState() == right->cameraState());

        QVERIFY(window.compareWithRun(QString()));
        QVERIFY(!window.comparing());
        QVERIFY(pane->isHidden());
    }

    void droppedLogsOpenTheImportDialogWithThem()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        const QString log = m_dir.filePath(QStringLiteral("dropped.swf"));
        {
            QFile file(log);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("; an SWF log\n");
        }
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(log)});
        // Dropped on the window's own widgets, and on the 3D view (a native window, whose
        // drags the window handles as its own).
        const std::vector<QObject*> targets{&window, window.machineView()->renderWidget()->nativeWindow()};
        for (QObject* target : targets) {
            QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
            enter.setAccepted(false);
            QApplication::sendEvent(target, &enter);
            QVERIFY(enter.isAccepted());
            QStringList listed;
            QTimer::singleShot(0, &window, [&] {
                // The dialog opens from the event loop once the drop has returned.
                QTimer* poll = new QTimer(&window);
                connect(poll, &QTimer::timeout, &window, [&, poll] {
                    auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget());
                    if (!dialog)
                        return;
                    poll->stop();
                    poll->deleteLater();
                    for (QListWidget* list : dialog->findChildren<QListWidget*>())
                        for (int row = 0; row < list->count(); ++row)
                            listed << list->item(row)->text();
                    dialog->reject();
                });
                poll->start(20);
            });
            QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
            drop.setAccepted(false);
            QApplication::sendEvent(target, &drop);
            QVERIFY(drop.isAccepted());
            QTRY_VERIFY(!listed.isEmpty());
            QVERIFY2(listed.join(QLatin1Char(' ')).contains(QStringLiteral("dropped.swf")),
                     qPrintable(listed.join(',')));
        }

        // Something that is not a local file is refused.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent refused(QPoint(50, 50), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        refused.setAccepted(false);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());
    }

    void clickingASwitchOrLinkSaysWhoUsesIt()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1); // cab
        window.setLinksShown(true);
        MachineView* view = window.machineView();
        RenderWidget* render = view->renderWidget();
        QVERIFY(waitForFrames(render, render->renderedFrames() + 1));
        const MachineData* machine = window.currentMachine();
        const NetworkLayout& network = view->networkLayout();

        // The last spine: alone at the end of the bottom row.
        const int spine = static_cast<int>(network.vertices.size()) - 1;
        const QPointF at = view->screenPosition(network.vertices[static_cast<size_t>(spine)]);
        QCOMPARE(view->switchAt(at), spine);
        QTest::mouseClick(render, Qt::LeftButton, {}, at.toPoint());
        QVERIFY2(window.lastPickedText().contains(QStringLiteral("spine")), qPrintable(window.lastPickedText()));

        // A link halfway down from a leaf switch: the running jobs said to be able to use it
        // are those whose usable links contain it.
        const auto segment = std::find_if(network.segments.begin(), network.segments.end(), [&](const auto& s) {
            return s.from.y > s.to.y + 1; // leaf (higher) to L2
        });
        QVERIFY(segment != network.segments.end());
        const QPointF a = view->screenPosition(segment->from), b = view->screenPosition(segment->to);
        const QPointF middle = a + (b - a) * 0.5;
        const int link = view->linkAt(middle);
        QVERIFY(link >= 0);
        QTest::mouseClick(render, Qt::LeftButton, {}, middle.toPoint());
        const QString text = window.lastPickedText();
        QVERIFY2(text.startsWith(QStringLiteral("<b>Link")), qPrintable(text));
        const std::vector<int> owners
            = nodeOwnersAt(machine->jobs, machine->topology->nodeCount(), window.currentTime());
        std::set<int> running(owners.begin(), owners.end());
        running.erase(-1);
        int users = 0;
        for (int job : running) {
            const std::vector<int> usable
                = usableLinks(*machine->topology, machine->jobs[static_cast<size_t>(job)].nodes);
            const bool uses = std::binary_search(usable.begin(), usable.end(), link);
            users += uses ? 1 : 0;
            const QString id = QString::fromStdString(machine->jobs[static_cast<size_t>(job)].id);
            QCOMPARE(text.contains(QRegularExpression(QStringLiteral("[ :]%1(,|$)").arg(id))), uses);
        }
        QVERIFY2(users > 0, qPrintable(text)); // the busiest moment: the leaf's jobs use its up-links
    }

    void everyDockAndDialogOpens()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        // Every dock shows, and its View-menu toggle hides and shows it again.
        const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
        QVERIFY(docks.size() >= 6);
        for (QDockWidget* dock : docks) {
            dock->show();
            dock->raise();
            QTRY_VERIFY2(dock->isVisible(), qPrintable(dock->objectName()));
            QVERIFY(dock->widget());
            dock->toggleViewAction()->trigger();
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
            dock->toggleViewAction()->trigger();
            QTRY_VERIFY2(dock->isVisible(), qPrintable(dock->objectName()));
        }
        // Every menu entry that asks something ("…") opens a dialog; each is closed as it
        // appears (and any message that follows), and the window carries on.
        QStringList opened;
        QTimer closer;
        connect(&closer, &QTimer::timeout, &window, [&] {
            if (QWidget* modal = QApplication::activeModalWidget()) {
                opened << QString::fromLatin1(modal->metaObject()->className());
                if (auto* dialog = qobject_cast<QDialog*>(modal))
                    dialog->reject();
                else
                    modal->close();
            }
        });
        closer.start(30);
        std::vector<QAction*> asking; // menus and their submenus
        std::function<void(QMenu*)> collect = [&](QMenu* menu) {
            for (QAction* action : menu->actions()) {
                if (action->menu())
                    collect(action->menu());
                else if (action->text().endsWith(QString::fromUtf8("\u2026")) && action->isEnabled())
                    asking.push_back(action);
            }
        };
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu())
                collect(menu->menu());
        const int asked = static_cast<int>(asking.size());
        for (QAction* action : asking) {
            const int before = static_cast<int>(opened.size());
            action->trigger();
            QTRY_VERIFY2(opened.size() > before, qPrintable(action->text()));
        }
        closer.stop();
        qInfo("%d menu entries asked: %s", asked, qPrintable(opened.join(QStringLiteral(", "))));
        QVERIFY(asked >= 4);
        for (const char* dialog : {"ImportDialog", "SimulateDialog", "ImageSizeDialog", "QFileDialog"})
            QVERIFY2(opened.contains(QString::fromLatin1("placement::") + QLatin1String(dialog))
                         || opened.contains(QLatin1String(dialog)),
                     qPrintable(opened.join(QStringLiteral(", "))));
        QVERIFY(window.currentMachine()); // still showing the demo
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
