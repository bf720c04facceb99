// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// A database opened with its jobs read in the background (how the explorer starts, and File ›
// Open): the window shows the machine at once and says the jobs are being read, with no number
// about them; then it shows exactly what reading them at once shows. A reading that another
// machine or database supersedes never arrives; one that fails says why, naming the file.

#include "app/ExplorerSession.h"
#include "app/InspectorDock.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/TimelineDock.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/NodeListBlob.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "tests/support/DemoWithRun.h"
#include "tests/support/IsolatedSettings.h"
#include "views/MachineView.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace placement;
using namespace placement::test;

class TestBackgroundReading : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_backgroundreading"));
        m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoWithTorusRun(m_path.toStdString());
    }

    void theMachineShowsWhileItsJobsAreRead()
    {
        MainWindow reference;
        QVERIFY(reference.openDatabase(m_path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy")));
        const MachineData* expected = reference.currentMachine();

        MainWindow window;
        ExplorerSession* session = window.session();
        QSignalSpy ended(session, &ExplorerSession::readingEnded);
        QVERIFY(window.openDatabase(m_path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy"),
                                    ExplorerSession::Reading::InBackground));
        // Until the jobs arrive: the machine and its run by name, nothing about the jobs.
        QVERIFY(session->isReading());
        QVERIFY(!window.currentMachine());
        const MachineData* outline = session->machineBeingRead();
        QVERIFY(outline);
        QCOMPARE(outline->record.name, std::string("demo-torus"));
        QCOMPARE(outline->runId, expected->runId);
        QVERIFY(outline->jobs.empty());
        QCOMPARE(outline->topology->nodeCount(), expected->topology->nodeCount());
        QCOMPARE(session->runName(), QStringLiteral("first-fit easy"));
        const QString reading = QStringLiteral("Reading the %1 jobs of run first-fit easy of demo-torus")
                                    .arg(QLocale().toString(static_cast<qlonglong>(expected->jobs.size())));
        QVERIFY2(window.machineView()->notice().contains(reading), qPrintable(window.machineView()->notice()));
        QVERIFY(window.statusBar()->currentMessage().contains(reading));
        QCOMPARE(window.findChild<QComboBox*>(QStringLiteral("runBox"))->currentText(),
                 QStringLiteral("first-fit easy"));
        QVERIFY(!window.findChild<QComboBox*>(QStringLiteral("compareBox"))->isEnabled());
        QCOMPARE(window.jobsDock()->findChild<QLabel*>(QStringLiteral("jobCount"))->text(), QString());
        QCOMPARE(window.timelineDock()->findChild<QLabel*>(QStringLiteral("timeLabel"))->text(), QString());
        const auto inspectorSays = [&window](const QString& text) {
            const QList<QLabel*> labels = window.inspectorDock()->findChildren<QLabel*>();
            return std::any_of(labels.begin(), labels.end(),
                               [&](QLabel* label) { return label->text().contains(text); });
        };
        QVERIFY(inspectorSays(QStringLiteral("Its jobs are being read.")));
        QVERIFY(!session->selectJobById(QString::fromStdString(expected->jobs.front().id)));

        // Then exactly what reading at once shows.
        QVERIFY(session->finishReading());
        QCOMPARE(ended.size(), 1);
        QVERIFY(!session->isReading());
        QVERIFY(!session->machineBeingRead());
        const MachineData* shown = window.currentMachine();
        QVERIFY(shown);
        QCOMPARE(shown->runId, expected->runId);
        QCOMPARE(shown->jobs.size(), expected->jobs.size());
        for (size_t index = 0; index < shown->jobs.size(); ++index) {
            const Job& job = shown->jobs[index];
            const Job& same = expected->jobs[index];
            QVERIFY(job.id == same.id && job.start == same.start && job.end == same.end && job.nodes == same.nodes);
        }
        QCOMPARE(shown->openingTime, expected->openingTime);
        QCOMPARE(window.currentTime(), reference.currentTime());
        QCOMPARE(session->machineIndex(), reference.session()->machineIndex());
        const auto& machines = session->machines();
        const auto& referenceMachines = reference.session()->machines();
        QCOMPARE(machines.size(), referenceMachines.size());
        for (size_t index = 0; index < machines.size(); ++index)
            QVERIFY(machines[index].name == referenceMachines[index].name
                    && machines[index].jobCount == referenceMachines[index].jobCount);
        QCOMPARE(session->runs().size(), reference.session()->runs().size());
        QTRY_VERIFY(session->isLoggedRunKnown());
        QTRY_VERIFY(reference.session()->isLoggedRunKnown());
        QCOMPARE(session->loggedRun().summary, reference.session()->loggedRun().summary);
        QCOMPARE(window.machineView()->notice(), reference.machineView()->notice());
        QVERIFY(window.findChild<QComboBox*>(QStringLiteral("compareBox"))->isEnabled());
        const auto count = [](MainWindow& which) { // the count, not what is still being computed
            return which.jobsDock()
                ->findChild<QLabel*>(QStringLiteral("jobCount"))
                ->text()
                .section(QStringLiteral(" · "), 0, 0);
        };
        QVERIFY(count(window).endsWith(QStringLiteral(" jobs")));
        QCOMPARE(count(window), count(reference));
        QVERIFY(session->selectJobById(QString::fromStdString(expected->jobs.front().id)));
        QVERIFY(!inspectorSays(QStringLiteral("Its jobs are being read.")));
    }

    void runsAndMachinesChosenInTheWindowAreReadInTheBackground()
    {
        // The run box: the run's jobs are read while the window stays usable; the cursor and
        // the logged run stay, as when the run is read at once.
        MainWindow reference;
        QVERIFY(reference.openDatabase(m_path, QStringLiteral("demo-torus")));
        MainWindow window;
        ExplorerSession* session = window.session();
        QVERIFY(window.openDatabase(m_path, QStringLiteral("demo-torus")));
        QTRY_VERIFY(session->isLoggedRunKnown());
        const RunRecord logged = session->loggedRun();
        const std::int64_t time = window.currentMachine()->firstTime + 3600;
        session->setTime(time);
        reference.session()->setTime(time);
        QVERIFY(reference.selectRun(QStringLiteral("first-fit easy")));

        auto* runBox = window.findChild<QComboBox*>(QStringLiteral("runBox"));
        const int index = runBox->findText(QStringLiteral("first-fit easy"));
        QVERIFY(index > 0);
        runBox->setCurrentIndex(index);
        emit runBox->activated(index);
        QVERIFY(session->isReading());
        QVERIFY(!window.currentMachine());
        QVERIFY2(window.machineView()->notice().startsWith(QStringLiteral("Reading the ")),
                 qPrintable(window.machineView()->notice()));
        QCOMPARE(runBox->currentText(), QStringLiteral("first-fit easy"));
        QVERIFY(session->finishReading());
        QCOMPARE(window.currentMachine()->runId, reference.currentMachine()->runId);
        QCOMPARE(window.currentMachine()->jobs.size(), reference.currentMachine()->jobs.size());
        QCOMPARE(window.currentTime(), reference.currentTime());
        QVERIFY(session->isLoggedRunKnown()); // held, not read again
        QCOMPARE(session->loggedRun().summary, logged.summary);

        // The machine box: the other machine's logged placements and run list.
        auto* machineBox = window.findChild<QComboBox*>(QStringLiteral("machineBox"));
        QVERIFY(machineBox);
        const int cab = machineBox->findText(QStringLiteral("cab"));
        machineBox->setCurrentIndex(cab);
        emit machineBox->activated(cab);
        QVERIFY(session->isReading());
        QCOMPARE(session->machineBeingRead()->record.name, std::string("cab"));
        QVERIFY(session->finishReading());
        reference.selectMachine(cab);
        QCOMPARE(window.currentMachine()->record.name, std::string("cab"));
        QCOMPARE(window.currentMachine()->jobs.size(), reference.currentMachine()->jobs.size());
        QCOMPARE(window.currentTime(), reference.currentTime());
        QCOMPARE(session->runs().size(), reference.session()->runs().size());
        QCOMPARE(session->loggedRun().summary, reference.session()->loggedRun().summary);
        QCOMPARE(session->machineIndex(), cab);
    }

    void aReadingSupersededNeverArrives()
    {
        // Another machine, another run of the same machine, another database: each shown at
        // once, and what the reading would have shown never replaces it.
        const QString second = m_dir.filePath(QStringLiteral("second.sqlite"));
        writeDemoDatabase(second.toStdString());
        for (int way = 0; way < 3; ++way) {
            MainWindow window;
            ExplorerSession* session = window.session();
            QSignalSpy ended(session, &ExplorerSession::readingEnded);
            QVERIFY(window.openDatabase(m_path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy"),
                                        ExplorerSession::Reading::InBackground));
            const std::vector<MachineRecord> machines = session->machines();
            const int cab = machines[0].name == "cab" ? 0 : 1;
            if (way == 0)
                window.selectMachine(cab);
            else if (way == 1)
                QVERIFY(window.selectRun(QStringLiteral("logged")));
            else
                QVERIFY(window.openDatabase(second));
            QCOMPARE(ended.size(), 1);
            QVERIFY(!session->isReading());
            const MachineData* shown = window.currentMachine();
            QVERIFY(shown);
            QTest::qWait(300); // the worker's result, had it not been dropped
            QCOMPARE(window.currentMachine(), shown);
            QCOMPARE(ended.size(), 1);
            if (way == 0)
                QCOMPARE(shown->record.name, std::string("cab"));
            else if (way == 1)
                QVERIFY(shown->record.name == "demo-torus" && shown->runId == 0 && !shown->jobs.empty());
            else
                QCOMPARE(session->databasePath(), QFileInfo(second).absoluteFilePath());
            QVERIFY(session->finishReading()); // nothing to wait for
        }
    }

    void aReadingThatFailsSaysWhy()
    {
        // The run's first job placed past the machine's last node (a damaged file): the
        // database opens, the reading fails and says why; nothing is shown of the run.
        const QString path = m_dir.filePath(QStringLiteral("outside.sqlite"));
        QVERIFY(QFile::copy(m_path, path));
        std::string job;
        {
            Store store = Store::openExisting(path.toStdString());
            SqliteStatement first(store.database(),
                                  "SELECT p.job_id, j.job_ref FROM placements p JOIN jobs j ON j.id = p.job_id "
                                  "ORDER BY p.job_id LIMIT 1");
            QVERIFY(first.step());
            job = first.text(1);
            SqliteStatement update(store.database(), "UPDATE placements SET nodes = ?1 WHERE job_id = ?2");
            update.bindBlob(1, encodeNodeList(std::vector<int>{5000})).bind(2, first.integer(0)).run();
        }
        MainWindow window;
        ExplorerSession* session = window.session();
        QVERIFY(window.openDatabase(path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy"),
                                    ExplorerSession::Reading::InBackground));
        QVERIFY(session->isReading());
        QVERIFY(!session->finishReading());
        const QString why = QStringLiteral("job %1 uses node 5000").arg(QString::fromStdString(job));
        QVERIFY2(session->lastError().contains(why) && session->lastError().contains(path),
                 qPrintable(session->lastError()));
        QVERIFY(!session->isReading());
        QVERIFY(!window.currentMachine());
        QVERIFY(window.statusBar()->currentMessage().contains(why));
        QVERIFY(window.machineView()->notice().isEmpty());
        QTRY_VERIFY(window.findChild<QMessageBox*>());
        QVERIFY(window.findChild<QMessageBox*>()->text().contains(why));
        // The explorer says so and ends, as when the run was read before the window opened.
        QProcess explorer;
        explorer.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement-explorer"),
                       {path, QStringLiteral("--machine"), QStringLiteral("demo-torus"), QStringLiteral("--run"),
                        QStringLiteral("first-fit easy"), QStringLiteral("--startup-report")});
        QVERIFY(explorer.waitForFinished(60000));
        QCOMPARE(explorer.exitCode(), 1);
        const QString errors = QString::fromLocal8Bit(explorer.readAllStandardError());
        QVERIFY2(errors.contains(why), qPrintable(errors));
    }

    void whatIsStoredMeanwhileAppearsOnceRead()
    {
        // Another program stores a run while the jobs are read: the run list has it after.
        const QString path = m_dir.filePath(QStringLiteral("meanwhile.sqlite"));
        QVERIFY(QFile::copy(m_path, path));
        MainWindow window;
        ExplorerSession* session = window.session();
        QVERIFY(window.openDatabase(path, QStringLiteral("demo-torus"), QStringLiteral("first-fit easy"),
                                    ExplorerSession::Reading::InBackground));
        const size_t before = session->runs().size();
        {
            Store store = Store::openExisting(path.toStdString());
            SimulationSetup setup;
            setup.machine = "demo-torus";
            setup.allocator.policy = "random";
            runStoredSimulation(store, setup, "test");
        }
        QVERIFY(session->finishReading());
        QTRY_COMPARE_WITH_TIMEOUT(session->runs().size(), before + 1, 10000);
        QCOMPARE(window.currentMachine()->record.name, std::string("demo-torus"));
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

QTEST_MAIN(TestBackgroundReading)
#include "tst_backgroundreading.moc"
