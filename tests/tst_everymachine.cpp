// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ComparePane.h"
#include "app/MainWindow.h"
#include "core/DemoWorkload.h"
#include "core/MachineSpec.h"
#include "core/SimulationReport.h"
#include "services/Simulation.h"
#include "store/Store.h"
#include "tests/support/EveryMachine.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace placement;
using namespace placement::test;

namespace {

/// Pixels of a frame that show something drawn (nodes, links, switches, outlines): those
/// that differ clearly from their row's most common colour, the background (a vertical
/// gradient, so one colour per row).
int contentPixels(const QImage& frame)
{
    int content = 0;
    for (int y = 0; y < frame.height(); y += 2) {
        std::map<QRgb, int> counts;
        for (int x = 0; x < frame.width(); x += 2)
            ++counts[frame.pixel(x, y)];
        const QRgb background = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                                    return a.second < b.second;
                                })->first;
        for (int x = 0; x < frame.width(); x += 2) {
            const QRgb pixel = frame.pixel(x, y);
            const int difference
                = std::max({std::abs(qRed(pixel) - qRed(background)), std::abs(qGreen(pixel) - qGreen(background)),
                            std::abs(qBlue(pixel) - qBlue(background))});
            content += difference > 24 ? 1 : 0;
        }
    }
    return content;
}

/// Waits for the next frame of `widget` and says whether it shows anything.
bool nextFrameShowsSomething(RenderWidget* widget, const char* what, QString& failure)
{
    widget->scheduleRender();
    if (!waitForFrames(widget, widget->renderedFrames() + 1)) {
        failure = QStringLiteral("%1: no frame").arg(what);
        return false;
    }
    const QImage frame = logicalFramebuffer(widget);
    const int content = contentPixels(frame);
    if (content < 10) {
        const QString saved = QDir::temp().filePath(QStringLiteral("tst_everymachine-blank.png"));
        frame.save(saved);
        failure
            = QStringLiteral("%1: blank frame (%2 pixels of content), saved in %3").arg(what).arg(content).arg(saved);
        return false;
    }
    return true;
}

} // namespace

/// Every machine the presets and the importers can make opens in the explorer, in every
/// link mode, with a job selected and in compare mode, and shows a non-blank frame: the
/// presets (fat-trees, k-ary n-trees, tori), the project's topology fixtures (Slurm
/// topology.conf with irregular depths, islands, switches holding nodes and switches;
/// coordinates tables) and 200 seeded random switch trees (depth 1-5, fan-out 1-40).
class TestEveryMachine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_everymachine"));
        m_database = m_dir.filePath(QStringLiteral("every.sqlite"));
        Store store = Store::openOrCreate(m_database.toStdString());
        QVERIFY(forEveryMachine(
            QDir(QFINDTESTDATA("data/topology")), 200,
            [&](const std::string& name, const Topology& topology) { addMachine(store, name, topology); }));
    }

    void everyMachineOpensInEveryModeAndCompares()
    {
        MainWindow window;
        QVERIFY2(window.openDatabase(m_database), qPrintable(window.lastError()));
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RenderWidget* main = window.machineView()->renderWidget();
        QCOMPARE(window.machineCount(), static_cast<int>(m_names.size()));
        for (int index = 0; index < window.machineCount(); ++index) {
            window.selectMachine(index);
            const QString name = QString::fromStdString(window.currentMachine()->record.name);
            QString failure;
            auto check = [&](RenderWidget* widget, const QString& what) {
                const QByteArray label = (name + QStringLiteral(": ") + what).toUtf8();
                return nextFrameShowsSomething(widget, label.constData(), failure);
            };
            QVERIFY2(check(main, QStringLiteral("opened")), qPrintable(failure));

            window.setLinksShown(true);
            for (LinkColorMode mode : {LinkColorMode::Owner, LinkColorMode::Users, LinkColorMode::Bandwidth}) {
                window.setLinkColorMode(mode);
                QVERIFY2(check(main, QStringLiteral("links, mode %1").arg(static_cast<int>(mode))),
                         qPrintable(failure));
            }
            const int job = busyJob(window);
            QVERIFY2(job >= 0, qPrintable(name));
            window.highlightJob(job);
            QVERIFY2(check(main, QStringLiteral("job selected")), qPrintable(failure));

            QVERIFY2(window.compareWithRun(QStringLiteral("random")), qPrintable(window.lastError()));
            RenderWidget* right = window.comparePane()->view()->renderWidget();
            QVERIFY2(check(right, QStringLiteral("compared run")), qPrintable(failure));
            QVERIFY2(check(main, QStringLiteral("main view while comparing")), qPrintable(failure));
            window.highlightJob(-1);
            QVERIFY(window.compareWithRun(QString()));
            window.setLinksShown(false);
        }
    }

private:
    void addMachine(Store& store, const std::string& name, const Topology& topology)
    {
        DemoWorkloadOptions options;
        options.jobCount = 30;
        options.seed = m_names.size() + 1;
        store.addMachine(name, machineSpecOf(topology), generateDemoWorkload(topology, options));
        SimulationSetup setup;
        setup.machine = name;
        setup.allocator.policy = "random"; // placements that differ from the logged first-fit ones
        setup.runName = "random";
        runStoredSimulation(store, setup, "test");
        m_names.push_back(name);
    }

    /// A job running at the window's time (the busiest moment, where it opens).
    static int busyJob(const MainWindow& window)
    {
        const std::vector<Job>& jobs = window.currentMachine()->jobs;
        for (size_t job = 0; job < jobs.size(); ++job)
            if (jobs[job].runsAt(window.currentTime()) && !jobs[job].nodes.empty())
                return static_cast<int>(job);
        return -1;
    }

    QTemporaryDir m_dir;
    QString m_database;
    std::vector<std::string> m_names;
};

QTEST_MAIN(TestEveryMachine)
#include "tst_everymachine.moc"
