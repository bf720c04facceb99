#include "app/DemoLocation.h"
#include "app/MainWindow.h"
#include "app/RecentFiles.h"
#include "views/MachineView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QTimer>

#include <cstdio>

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

} // namespace

int main(int argc, char* argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PlacementExplorer"));
    QApplication::setApplicationName(QStringLiteral("placement-explorer"));
    QApplication::setApplicationDisplayName(QStringLiteral("Placement Explorer"));
    QApplication::setApplicationVersion(QStringLiteral(PLACEMENT_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/placement-explorer.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Visual analytics of where HPC jobs ran and where they could have run.\n"
                       "Opens DATABASE, else the most recently used database, else the bundled demo."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("database"), QStringLiteral("Placement database to open."),
                                 QStringLiteral("[DATABASE]"));
    const QCommandLineOption demoOption(QStringLiteral("demo"), QStringLiteral("Open the bundled demo database."));
    const QCommandLineOption machineOption(
        QStringLiteral("machine"), QStringLiteral("Show the machine called NAME first."), QStringLiteral("NAME"));
    const QCommandLineOption runOption(
        QStringLiteral("run"), QStringLiteral("Show the stored simulated run called NAME (default: the logged placements)."),
        QStringLiteral("NAME"));
    const QCommandLineOption jobOption(
        QStringLiteral("job"), QStringLiteral("Show and highlight the job with this id."), QStringLiteral("ID"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1280x800."),
                                        QStringLiteral("WxH"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"), QStringLiteral("Save the window as a PNG once the view has rendered, then quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption startupOption(
        QStringLiteral("startup-report"),
        QStringLiteral("Print the milliseconds from process start to the first rendered frame, then quit."));
    parser.addOptions({demoOption, machineOption, runOption, jobOption, sizeOption, screenshotOption, startupOption});
    parser.process(app);

    QString path;
    if (!parser.positionalArguments().isEmpty()) {
        path = parser.positionalArguments().constFirst();
    } else if (!parser.isSet(demoOption)) {
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

    MainWindow window;
    if (parser.isSet(sizeOption)) {
        QSize size;
        if (!parseSize(parser.value(sizeOption), size)) {
            std::fprintf(stderr, "placement-explorer: --size expects WIDTHxHEIGHT, got '%s'\n",
                         qPrintable(parser.value(sizeOption)));
            return 2;
        }
        window.resize(size);
    }
    if (!window.openDatabase(path)) {
        std::fprintf(stderr, "placement-explorer: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    if (parser.isSet(machineOption)) {
        const QString name = parser.value(machineOption);
        bool found = false;
        for (int index = 0; index < window.machineCount() && !found; ++index) {
            window.selectMachine(index);
            found = QString::fromStdString(window.currentMachine()->record.name) == name;
        }
        if (!found) {
            std::fprintf(stderr, "placement-explorer: %s: no machine called '%s'\n", qPrintable(path),
                         qPrintable(name));
            return 1;
        }
    }

    if (parser.isSet(runOption) && !window.selectRun(parser.value(runOption))) {
        std::fprintf(stderr, "placement-explorer: %s: machine '%s' has no run '%s' (runs: %s)\n", qPrintable(path),
                     window.currentMachine()->record.name.c_str(), qPrintable(parser.value(runOption)),
                     qPrintable(window.runNames().join(QStringLiteral(", "))));
        return 1;
    }
    if (parser.isSet(jobOption) && !window.showJob(parser.value(jobOption))) {
        std::fprintf(stderr, "placement-explorer: %s: machine '%s' has no job '%s'\n", qPrintable(path),
                     window.currentMachine()->record.name.c_str(), qPrintable(parser.value(jobOption)));
        return 1;
    }

    const QString screenshot = parser.value(screenshotOption);
    const bool startupReport = parser.isSet(startupOption);
    if (!screenshot.isEmpty() || startupReport) {
        QObject::connect(window.machineView(), &MachineView::frameRendered, &window, [&] {
            const double firstFrameMs = static_cast<double>(sinceStart.nsecsElapsed()) / 1e6;
            QObject::disconnect(window.machineView(), &MachineView::frameRendered, &window, nullptr);
            if (startupReport) {
                std::printf("first frame after %.1f ms\n", firstFrameMs);
                std::fflush(stdout);
            }
            // Let the rest of the window finish painting before grabbing it.
            QTimer::singleShot(screenshot.isEmpty() ? 0 : 200, &window, [&] {
                int status = 0;
                if (!screenshot.isEmpty() && !window.grab().toImage().save(screenshot)) {
                    std::fprintf(stderr, "placement-explorer: cannot write %s\n", qPrintable(screenshot));
                    status = 1;
                }
                QApplication::exit(status);
            });
        });
    }
    window.show();
    return QApplication::exec();
}
