// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Start-up to first rendered frame of the explorer on the demo database.
//
// Runs `placement-explorer --demo --startup-report` repeatedly (the explorer prints the
// milliseconds from entering main() to its first rendered 3D frame, then quits) and
// reports the median, minimum and maximum of that and of the time from launching the
// process to reading that line, with, as a reference from the same run, the wall time
// of a bare Qt process (`placement --version`). Needs a display: run under xvfb-run.

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

struct Stats
{
    double median = 0;
    double minimum = 0;
    double maximum = 0;
};

Stats summarize(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return {median, values.front(), values.back()};
}

/// Runs a program to completion. `untilLineMs` is when a stdout line containing `marker`
/// arrived (launch to that line), `wallMs` when the process ended.
bool runOnce(const QString& program, const QStringList& arguments, const QProcessEnvironment& environment,
             const QString& marker, double& untilLineMs, double& wallMs, QString& output)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/") + program, arguments);
    untilLineMs = -1;
    output.clear();
    while (process.state() != QProcess::NotRunning || process.bytesAvailable() > 0) {
        if (untilLineMs < 0 && !marker.isEmpty())
            process.waitForReadyRead(20);
        else
            process.waitForFinished(60000);
        output += QString::fromUtf8(process.readAllStandardOutput());
        if (untilLineMs < 0 && !marker.isEmpty() && output.contains(marker))
            untilLineMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (timer.elapsed() > 60000)
            break;
    }
    wallMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0
        || (!marker.isEmpty() && untilLineMs < 0)) {
        std::fprintf(stderr, "bench_startup: %s failed: %s\n", qPrintable(program),
                     process.readAllStandardError().constData());
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Explorer start-up to first rendered frame."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Number of runs (default 15)."),
                                        QStringLiteral("N"), QStringLiteral("15"));
    parser.addOption(runsOption);
    parser.process(app);
    const int runs = std::max(1, parser.value(runsOption).toInt());

    // A private home, so the demo database is generated once (first run, not timed) and
    // the user's settings are untouched.
    QTemporaryDir home;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));

    const QStringList explorerArguments{QStringLiteral("--demo"), QStringLiteral("--startup-report"),
                                        QStringLiteral("--size"), QStringLiteral("1280x800")};
    const QString marker = QStringLiteral("first frame after");
    double untilFrame = 0;
    double wall = 0;
    QString output;
    if (!runOnce(QStringLiteral("placement-explorer"), explorerArguments, environment, marker, untilFrame, wall,
                 output))
        return 1;

    const QRegularExpression report(QStringLiteral("first frame after ([0-9.]+) ms"));
    std::vector<double> firstFrame;
    std::vector<double> launchToFrame;
    std::vector<double> bareWall;
    for (int run = 0; run < runs; ++run) {
        if (!runOnce(QStringLiteral("placement-explorer"), explorerArguments, environment, marker, untilFrame, wall,
                     output))
            return 1;
        firstFrame.push_back(report.match(output).captured(1).toDouble());
        launchToFrame.push_back(untilFrame);
        if (!runOnce(QStringLiteral("placement"), {QStringLiteral("--version")}, environment, {}, untilFrame, wall,
                     output))
            return 1;
        bareWall.push_back(wall);
    }

    const Stats frame = summarize(firstFrame);
    const Stats whole = summarize(launchToFrame);
    const Stats bare = summarize(bareWall);
    std::printf("machine: %s, %s, %d runs, %s\n", qPrintable(QSysInfo::prettyProductName()),
                qPrintable(QSysInfo::currentCpuArchitecture()), runs,
                qPrintable(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)));
    std::printf("| measure | median ms | min ms | max ms |\n|---|---|---|---|\n");
    std::printf("| main() to first rendered frame (demo torus, 1280x800) | %.0f | %.0f | %.0f |\n", frame.median,
                frame.minimum, frame.maximum);
    std::printf("| launch (exec) to first rendered frame | %.0f | %.0f | %.0f |\n", whole.median, whole.minimum,
                whole.maximum);
    std::printf("| reference: bare Qt process (placement --version) | %.0f | %.0f | %.0f |\n", bare.median,
                bare.minimum, bare.maximum);
    std::printf("launch to first frame / target 1000 ms = %.2f\n", whole.median / 1000.0);
    return 0;
}
