#include "core/MachineSpec.h"
#include "importers/Hostlist.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <ctime>

using namespace placement;

namespace {

const char* const commandSummary = "Commands:\n"
                                   "  demo FILE        write the bundled demo database to FILE\n"
                                   "  info DATABASE    list the machines and jobs in a database\n"
                                   "  hostlist EXPR    expand a Slurm hostlist expression, one name per line\n"
                                   "\n"
                                   "Run 'placement COMMAND --help' for a command's options.";

std::string utc(std::int64_t seconds)
{
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &parts);
    return text;
}

/// Parses a command's own arguments; exits with a usage message on error.
QStringList commandArguments(const QStringList& arguments, const QString& name, const QString& usage,
                             const QString& description)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addPositionalArgument(name, description, usage);
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1) {
        std::fprintf(stderr, "placement: usage: placement %s\n", qPrintable(usage));
        std::exit(2);
    }
    return positional;
}

int runDemo(const QStringList& arguments)
{
    const QString path = commandArguments(arguments, QStringLiteral("demo"), QStringLiteral("demo FILE"),
                                          QStringLiteral("Write the bundled demo database to FILE."))
                             .constFirst();
    writeDemoDatabase(path.toStdString());
    std::printf("wrote %s\n", qPrintable(path));
    return 0;
}

int runInfo(const QStringList& arguments)
{
    const QString path = commandArguments(arguments, QStringLiteral("info"), QStringLiteral("info DATABASE"),
                                          QStringLiteral("List the machines and jobs in a database."))
                             .constFirst();
    Store store = Store::openExisting(path.toStdString());
    std::printf("%s: schema version %d\n", qPrintable(path), store.schemaVersion());
    for (const MachineRecord& machine : store.machines()) {
        const auto topology = parseMachineSpec(machine.spec);
        std::printf("\n%s: %s\n  spec: %s\n  jobs: %lld\n", machine.name.c_str(), topology->describe().c_str(),
                    machine.spec.c_str(), static_cast<long long>(machine.jobCount));
        const std::vector<Job> jobs = store.jobs(machine.id);
        if (!jobs.empty()) {
            std::int64_t first = jobs.front().start;
            std::int64_t last = jobs.front().end;
            for (const Job& job : jobs) {
                first = std::min(first, job.start);
                last = std::max(last, job.end);
            }
            std::printf("  from %s to %s UTC\n", utc(first).c_str(), utc(last).c_str());
        }
    }
    return 0;
}

int runHostlist(const QStringList& arguments)
{
    const QString expression
        = commandArguments(arguments, QStringLiteral("hostlist"), QStringLiteral("hostlist EXPR"),
                           QStringLiteral("Expand a Slurm hostlist expression, one name per line."))
              .constFirst();
    for (const std::string& name : expandHostlist(expression.toStdString()))
        std::printf("%s\n", name.c_str());
    return 0;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("placement"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PLACEMENT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Placement Explorer on the command line: imports, metrics and simulations in scripts.\n\n")
        + QString::fromLatin1(commandSummary));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("The command to run."),
                                 QStringLiteral("COMMAND [ARGS...]"));
    parser.parse(QCoreApplication::arguments());
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        if (parser.isSet(QStringLiteral("version")))
            parser.showVersion();
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp(0);
        std::fprintf(stderr, "placement: no command given\n\n%s\n", commandSummary);
        return 2;
    }

    const QString command = positional.constFirst();
    QStringList arguments = QCoreApplication::arguments();
    arguments.removeAt(arguments.indexOf(command));
    arguments.insert(1, command); // "placement COMMAND ARGS..." for the command's own parser
    try {
        if (command == QLatin1String("demo"))
            return runDemo(arguments);
        if (command == QLatin1String("info"))
            return runInfo(arguments);
        if (command == QLatin1String("hostlist"))
            return runHostlist(arguments);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "placement: %s\n", error.what());
        return 1;
    }
    std::fprintf(stderr, "placement: unknown command '%s'\n\n%s\n", qPrintable(command), commandSummary);
    return 2;
}
