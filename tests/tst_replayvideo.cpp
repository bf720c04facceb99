// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ComparePane.h"
#include "app/MainWindow.h"
#include "app/ReplayDialog.h"
#include "app/ReplayRecorder.h"
#include "app/TaskListDock.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/ViewImage.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QToolButton>

#include <cmath>

using namespace placement;
using namespace placement::test;

namespace {

/// What ffprobe says about a video's first video stream and its container.
struct Probe
{
    QString codec;
    int width = 0;
    int height = 0;
    qint64 frames = -1; ///< decoded, counted one by one
    double duration = -1; ///< seconds, the container's
};

Probe probe(const QString& path)
{
    QProcess process;
    process.start(QStringLiteral("ffprobe"),
                  {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-count_frames"),
                   QStringLiteral("-select_streams"), QStringLiteral("v:0"), QStringLiteral("-show_entries"),
                   QStringLiteral("stream=codec_name,width,height,nb_read_frames:format=duration"),
                   QStringLiteral("-of"), QStringLiteral("default=noprint_wrappers=1"), path});
    Probe result;
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return result;
    for (const QString& line : QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        const QString key = line.section(QLatin1Char('='), 0, 0);
        const QString value = line.section(QLatin1Char('='), 1);
        if (key == QLatin1String("codec_name"))
            result.codec = value;
        else if (key == QLatin1String("width"))
            result.width = value.toInt();
        else if (key == QLatin1String("height"))
            result.height = value.toInt();
        else if (key == QLatin1String("nb_read_frames"))
            result.frames = value.toLongLong();
        else if (key == QLatin1String("duration"))
            result.duration = value.toDouble();
    }
    return result;
}

/// Frame `index` (from 0) of a video, decoded by ffmpeg into a PNG and read back.
QImage decodedFrame(const QString& video, std::int64_t index, int fps, const QString& png)
{
    // -ss after -i drops every frame shown before that moment: a quarter frame early, the
    // first one kept is `index` whatever the rounding.
    const double seconds = std::max(0.0, (static_cast<double>(index) - 0.25) / fps);
    QProcess process;
    process.start(QStringLiteral("ffmpeg"),
                  {QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-y"), QStringLiteral("-i"), video,
                   QStringLiteral("-ss"), QString::number(seconds, 'f', 4), QStringLiteral("-frames:v"),
                   QStringLiteral("1"), png});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning("ffmpeg: %s", process.readAllStandardError().constData());
        return {};
    }
    return QImage(png);
}

/// Records `settings` with the window's views, as the command line and the Tasks dock do.
bool record(MainWindow& window, const ReplaySettings& settings, QString* outcome)
{
    auto progress = std::make_shared<TaskProgress>();
    ReplayRecorder recorder(&window, settings, progress);
    if (!recorder.open(outcome))
        return false;
    QThread* encoder = QThread::create([&recorder] { recorder.encode(); });
    encoder->start();
    recorder.start();
    while (!encoder->isFinished())
        QTest::qWait(20);
    encoder->wait();
    delete encoder;
    *outcome = recorder.outcome();
    return recorder.succeeded();
}

} // namespace

class TestReplayVideo : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_replayvideo"));
        m_demo = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_demo.toStdString());
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        m_first = window.currentMachine()->firstTime;
        m_last = window.currentMachine()->lastTime;
        QVERIFY(m_last - m_first > 3600);
    }

    void frameCountAndDurationMatchTheSpan_data()
    {
        QTest::addColumn<int>("fps");
        QTest::addColumn<double>("speed");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<QSize>("size");
        QTest::newRow("30 fps, 2 s") << 30 << 1800.0 << qint64(3600) << QSize(320, 240);
        QTest::newRow("12 fps, 2.5 s, 16:9") << 12 << 3000.0 << qint64(7500) << QSize(480, 270);
    }

    /// The command line: `placement-explorer DB --record ...` makes the video and says so.
    void frameCountAndDurationMatchTheSpan()
    {
        QFETCH(int, fps);
        QFETCH(double, speed);
        QFETCH(qint64, span);
        QFETCH(QSize, size);
        const QString video = m_dir.filePath(QStringLiteral("cli-%1.mp4").arg(fps));
        const std::int64_t from = m_first + (m_last - m_first) / 4;
        QProcess explorer;
        explorer.setProcessEnvironment(childEnvironment());
        explorer.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement-explorer"),
                       {m_demo, QStringLiteral("--record"), video, QStringLiteral("--from"), QString::number(from),
                        QStringLiteral("--to"), QString::number(from + span), QStringLiteral("--speed"),
                        QString::number(speed), QStringLiteral("--fps"), QString::number(fps), QStringLiteral("--size"),
                        QStringLiteral("%1x%2").arg(size.width()).arg(size.height())});
        QVERIFY(explorer.waitForFinished(120000));
        const QString said = QString::fromUtf8(explorer.readAllStandardOutput() + explorer.readAllStandardError());
        QVERIFY2(explorer.exitStatus() == QProcess::NormalExit && explorer.exitCode() == 0, qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("Recorded")), qPrintable(said));
        QVERIFY(!QFileInfo::exists(video + QStringLiteral(".partial")));

        const auto frames = std::llround(static_cast<double>(span) / speed * fps);
        const Probe found = probe(video);
        QCOMPARE(found.codec, QStringLiteral("h264"));
        QCOMPARE(found.width, size.width());
        QCOMPARE(found.height, size.height());
        QCOMPARE(found.frames, frames);
        QVERIFY2(std::abs(found.duration - static_cast<double>(span) / speed) <= 1.0 / fps,
                 qPrintable(QStringLiteral("duration %1 s, expected %2 s").arg(found.duration).arg(span / speed)));
    }

    /// A frame of the video is what File › Export › 3D View renders at that moment.
    void frameMatchesTheViewAtItsTime()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        ReplaySettings settings;
        settings.path = m_dir.filePath(QStringLiteral("match.mp4"));
        settings.from = m_first;
        settings.to = m_last;
        settings.fps = 10;
        settings.speed = static_cast<double>(m_last - m_first) / 3.0; // 3 s of video: the whole run
        settings.size = QSize(640, 400);
        const std::int64_t before = window.currentTime();
        // The frames the view renders as its own (those it shows on screen).
        RenderWidget* widget = window.machineView()->renderWidget();
        const int rendersBefore = widget->renderedFrames();
        QString outcome;
        QVERIFY2(record(window, settings, &outcome), qPrintable(outcome));
        const int renders = widget->renderedFrames() - rendersBefore;
        QCOMPARE(window.currentTime(), before); // the time cursor is back
        QCOMPARE(probe(settings.path).frames, settings.frameCount());
        // Each frame rendered once, for the file and the screen alike: the view's own frames
        // are the recorded ones (shown scaled to fit), not renders of their own at the view's
        // size between them; one more when the recording ends. Then the view is its own size.
        qInfo("%d renders for %lld frames", renders, static_cast<long long>(settings.frameCount()));
        QVERIFY2(renders >= settings.frameCount() && renders <= settings.frameCount() + 2,
                 qPrintable(QString::number(renders)));
        QVERIFY(widget->frameSize().isEmpty());
        QCOMPARE(widget->renderSize(), widget->size() * widget->devicePixelRatioF());

        for (const std::int64_t frame : {std::int64_t{4}, settings.frameCount() / 2 + 1}) {
            const QImage decoded
                = decodedFrame(settings.path, frame, settings.fps, m_dir.filePath(QStringLiteral("frame.png")));
            QCOMPARE(decoded.size(), settings.size);
            window.setCurrentTime(settings.frameTime(frame));
            const QImage shown = renderViewImage(*window.machineView(), settings.size);
            const double difference = imageDifference(decoded, shown);
            qInfo("frame %lld: 1 - SSIM %.4f", static_cast<long long>(frame), difference);
            if (difference > ImageDifferenceThreshold) {
                QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
                decoded.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/replay-decoded.png"));
                shown.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/replay-shown.png"));
            }
            QVERIFY2(difference <= ImageDifferenceThreshold, qPrintable(QString::number(difference)));
            // The frame shows its own moment, not just the machine: the view an hour of
            // simulated time away differs more than the encoding does.
            window.setCurrentTime(settings.frameTime(frame) + (frame > 4 ? -1 : 1) * (m_last - m_first) / 3);
            const QImage elsewhere = renderViewImage(*window.machineView(), settings.size);
            qInfo("  against another moment: 1 - SSIM %.4f", imageDifference(decoded, elsewhere));
            QVERIFY(imageDifference(decoded, elsewhere) > difference);
        }
    }

    /// In compare mode the frame holds both views, each half the width.
    void compareModeRecordsBothViews()
    {
        // Two simulated runs of the demo's fat-tree (cab).
        const QString database = m_dir.filePath(QStringLiteral("compare.sqlite"));
        writeDemoDatabase(database.toStdString());
        {
            Store store = Store::openExisting(database.toStdString());
            for (const char* policy : {"first-fit", "random"}) {
                SimulationSetup setup;
                setup.machine = "cab";
                setup.allocator.policy = policy;
                runStoredSimulation(store, setup, "test");
            }
        }
        MainWindow window;
        QVERIFY(window.openDatabase(database));
        window.resize(1100, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.selectMachine(1);
        QVERIFY(window.selectRun(QStringLiteral("first-fit easy")));
        QVERIFY(window.compareWithRun(QStringLiteral("random easy")));
        QVERIFY(waitForFrames(window.comparePane()->view()->renderWidget(), 1));
        const std::int64_t first = window.currentMachine()->firstTime;
        const std::int64_t last = window.currentMachine()->lastTime;
        ReplaySettings settings;
        settings.path = m_dir.filePath(QStringLiteral("compare.mp4"));
        settings.from = first + (last - first) / 3;
        settings.to = settings.from + 3600;
        settings.fps = 10;
        settings.speed = 3600; // 1 s of video
        settings.size = QSize(800, 300);
        QString outcome;
        QVERIFY2(record(window, settings, &outcome), qPrintable(outcome));
        QCOMPARE(probe(settings.path).frames, 10);

        const std::int64_t frame = 6;
        const QImage decoded = decodedFrame(settings.path, frame, settings.fps, m_dir.filePath("compare.png"));
        QCOMPARE(decoded.size(), settings.size);
        window.setCurrentTime(settings.frameTime(frame));
        const QSize half(settings.size.width() / 2, settings.size.height());
        const QImage left = renderViewImage(*window.machineView(), half);
        const QImage right = renderViewImage(*window.comparePane()->view(), half);
        const double leftDifference = imageDifference(decoded.copy(QRect(QPoint(0, 0), half)), left);
        const double rightDifference = imageDifference(decoded.copy(QRect(QPoint(half.width(), 0), half)), right);
        qInfo("left 1 - SSIM %.4f, right %.4f", leftDifference, rightDifference);
        QVERIFY(leftDifference <= ImageDifferenceThreshold);
        QVERIFY(rightDifference <= ImageDifferenceThreshold);
    }

    void badArgumentsAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("named");
        const QString from = QString::number(m_first + 60);
        const QString to = QString::number(m_first + 3600);
        QTest::newRow("no speed") << QStringList{"--from", from, "--to", to} << "--speed";
        QTest::newRow("no from") << QStringList{"--to", to, "--speed", "60"} << "--from";
        QTest::newRow("speed zero") << QStringList{"--from", from, "--to", to, "--speed", "0"} << "--speed";
        QTest::newRow("speed text") << QStringList{"--from", from, "--to", to, "--speed", "fast"} << "--speed";
        QTest::newRow("fps 0") << QStringList{"--from", from, "--to", to, "--speed", "60", "--fps", "0"} << "--fps";
        QTest::newRow("odd size") << QStringList{"--from", from, "--to", to, "--speed", "60", "--size", "321x240"}
                                  << "--size";
        QTest::newRow("size text") << QStringList{"--from", from, "--to", to, "--speed", "60", "--size", "big"}
                                   << "--size";
        QTest::newRow("from text") << QStringList{"--from", "yesterday", "--to", to, "--speed", "60"} << "--from";
        QTest::newRow("from before the run")
            << QStringList{"--from", QString::number(m_first - 86400), "--to", to, "--speed", "60"} << "--from";
        QTest::newRow("to after the run")
            << QStringList{"--from", from, "--to", QString::number(m_last + 86400), "--speed", "60"} << "--to";
        QTest::newRow("to before from") << QStringList{"--from", to, "--to", from, "--speed", "60"} << "--to";
        QTest::newRow("not a video name")
            << QStringList{"--from",  from, "--to",     to,
                           "--speed", "60", "--record", m_dir.filePath("replay.nosuchformat")}
            << "replay.nosuchformat";
    }

    void badArgumentsAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, named);
        const QString video = m_dir.filePath(QStringLiteral("refused.mp4"));
        QStringList all{m_demo};
        if (!arguments.contains(QStringLiteral("--record")))
            all << QStringLiteral("--record") << video;
        QProcess explorer;
        explorer.setProcessEnvironment(childEnvironment());
        explorer.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement-explorer"), all + arguments);
        QVERIFY(explorer.waitForFinished(60000));
        const QString said = QString::fromUtf8(explorer.readAllStandardError());
        qInfo("%s", qPrintable(said.trimmed()));
        QVERIFY2(explorer.exitCode() != 0, qPrintable(said));
        QVERIFY2(said.contains(named), qPrintable(said));
        QVERIFY(!QFileInfo::exists(video));
        QVERIFY(!QFileInfo::exists(video + QStringLiteral(".partial")));
    }

    /// An existing file is the user's: the command line never replaces it.
    void existingFileIsKept()
    {
        const QString video = m_dir.filePath(QStringLiteral("existing.mp4"));
        QFile file(video);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the user's own file");
        file.close();
        QProcess explorer;
        explorer.setProcessEnvironment(childEnvironment());
        explorer.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement-explorer"),
                       {m_demo, QStringLiteral("--record"), video, QStringLiteral("--from"),
                        QString::number(m_first + 60), QStringLiteral("--to"), QString::number(m_first + 600),
                        QStringLiteral("--speed"), QStringLiteral("60")});
        QVERIFY(explorer.waitForFinished(60000));
        QCOMPARE(explorer.exitCode(), 2);
        QVERIFY(QString::fromUtf8(explorer.readAllStandardError()).contains(QStringLiteral("exists")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("the user's own file"));
    }

    /// --from and the others mean nothing without --record.
    void replayOptionsNeedRecord()
    {
        QProcess explorer;
        explorer.setProcessEnvironment(childEnvironment());
        explorer.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement-explorer"),
                       {m_demo, QStringLiteral("--speed"), QStringLiteral("60")});
        QVERIFY(explorer.waitForFinished(60000));
        QCOMPARE(explorer.exitCode(), 2);
        QVERIFY(QString::fromUtf8(explorer.readAllStandardError()).contains(QStringLiteral("--speed")));
    }

    /// View › Record Replay…: the dialog refuses what cannot be recorded; the recording runs
    /// as a row of the Tasks dock, which reports it and can cancel it.
    void recordingRunsInTheTasksDock()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        ReplayDialog dialog(*window.currentMachine(), window.currentTime(), false, &window);
        auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());
        ReplaySettings wrong = dialog.settings();
        wrong.size = QSize(321, 240);
        wrong.to = wrong.from + 600;
        dialog.setSettings(wrong);
        QCOMPARE(dialog.settings().size.width(), 321);
        QVERIFY(!ok->isEnabled());
        QVERIFY2(dialog.problem().contains(QStringLiteral("even")), qPrintable(dialog.problem()));
        wrong.size = QSize(320, 240);
        dialog.setSettings(wrong);
        QVERIFY2(ok->isEnabled(), qPrintable(dialog.problem()));
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("replaySummary"))->text().contains(QStringLiteral("frames")));

        ReplaySettings settings = dialog.settings();
        settings.path = m_dir.filePath(QStringLiteral("dock.mp4"));
        settings.speed = 600; // 600 s at 30 fps: 30 frames
        TaskListDock* tasks = window.tasksDock();
        QSignalSpy ended(tasks, &TaskListDock::taskEnded);
        QString error;
        const int task = recordReplayInBackground(&window, settings, &error);
        QVERIFY2(task >= 0, qPrintable(error));
        QVERIFY(tasks->isVisible());
        QVERIFY(ended.wait(60000));
        QVERIFY2(tasks->taskText(task).contains(QStringLiteral("Recorded")), qPrintable(tasks->taskText(task)));
        QCOMPARE(probe(settings.path).frames, 30);

        // Cancelled: no file, and the time cursor back where it was.
        const std::int64_t before = window.currentTime();
        settings.path = m_dir.filePath(QStringLiteral("cancelled.mp4"));
        settings.speed = 1; // 600 s at 30 fps: 18,000 frames, far more than it renders before Cancel
        const int cancelled = recordReplayInBackground(&window, settings, &error);
        QVERIFY2(cancelled >= 0, qPrintable(error));
        QTest::qWait(300);
        tasks->cancelButton(cancelled)->click();
        QVERIFY(ended.wait(60000));
        QVERIFY2(tasks->taskText(cancelled).contains(QStringLiteral("Cancelled")),
                 qPrintable(tasks->taskText(cancelled)));
        QVERIFY(!QFileInfo::exists(settings.path));
        QVERIFY(!QFileInfo::exists(settings.path + QStringLiteral(".partial")));
        QTRY_COMPARE(window.currentTime(), before);
    }

private:
    bool showDemo(MainWindow& window)
    {
        if (!window.openDatabase(m_demo))
            return false;
        window.resize(1100, 720);
        window.show();
        return QTest::qWaitForWindowExposed(&window) && waitForFrames(window.machineView()->renderWidget(), 1);
    }

    /// The explorer started by a test keeps its settings in the test's folder.
    QProcessEnvironment childEnvironment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        return environment;
    }

    QTemporaryDir m_dir;
    QString m_demo;
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
};

QTEST_MAIN(TestReplayVideo)
#include "tst_replayvideo.moc"
