#include "app/ImportDialog.h"
#include "app/MainWindow.h"
#include "app/RecentFiles.h"
#include "app/SimulateDialog.h"
#include "app/TimelineDock.h"
#include "core/Occupancy.h"
#include "store/DemoDatabase.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/RenderWait.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QApplication>
#include <QColor>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

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
        // Keep the user's settings out of it: an INI file in the temporary folder.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
        QCoreApplication::setOrganizationName(QStringLiteral("PlacementExplorerTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
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

    void importsInTheBackground()
    {
        const QString path = m_dir.filePath(QStringLiteral("import.sqlite"));
        writeDemoDatabase(path.toStdString());
        ImportDialog dialog({QStringLiteral("demo-torus"), QStringLiteral("cab")});
        dialog.setFiles({qEnvironmentVariable("PLACEMENT_SHARED_DIR") + QStringLiteral("/traces/hpc2n.swf")});
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
                    QVERIFY2(drawn.hsvSaturationF() < 0.25f, qPrintable(QStringLiteral("idle node %1 drawn %2 at %3")
                                                                           .arg(node)
                                                                           .arg(drawn.name())
                                                                           .arg(now)));
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
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
