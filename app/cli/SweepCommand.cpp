// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "SweepCommand.h"

#include "core/JsonWriter.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <thread>

#include "CommandSupport.h"
#include "services/Sweep.h"

using namespace placement;

namespace {

std::atomic<bool> stopRequested{false};

extern "C" void requestStop(int)
{
    stopRequested = true;
}

std::vector<std::string> splitList(const QString& text)
{
    std::vector<std::string> values;
    for (const QString& part : text.split(QLatin1Char(',')))
        if (!part.trimmed().isEmpty())
            values.push_back(part.trimmed().toStdString());
    return values;
}

/// "policy=ta,speedup=v2": the points matching every entry are left out.
std::map<std::string, std::string> parseExclusion(const QString& text)
{
    std::map<std::string, std::string> rule;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const qsizetype equals = part.indexOf(QLatin1Char('='));
        if (equals <= 0)
            throw std::invalid_argument("--exclude '" + text.toStdString()
                                        + "': expected PARAMETER=VALUE[,PARAMETER=VALUE...]");
        rule[part.left(equals).trimmed().toStdString()] = part.mid(equals + 1).trimmed().toStdString();
    }
    return rule;
}

std::string jsonText(const QJsonValue& value, const QString& where)
{
    if (value.isString())
        return value.toString().toStdString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17).toStdString();
    throw std::invalid_argument(where.toStdString() + ": expected a string or a number");
}

/// A plan file (docs/simulation.md, "Sweeps"): several databases and machines, each with its
/// dimensions, and exclusions for all of them or for one target.
std::vector<SweepTarget> readPlan(const QString& path, std::string* name)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error(path.toStdString() + ": cannot read: " + file.errorString().toStdString());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (document.isNull())
        throw std::invalid_argument(path.toStdString() + ": not JSON: " + error.errorString().toStdString()
                                    + " at byte " + std::to_string(error.offset));
    const QJsonObject plan = document.object();
    if (plan.contains(QLatin1String("name")))
        *name = plan.value(QLatin1String("name")).toString().toStdString();
    const auto exclusions = [&](const QJsonValue& value, const QString& where) {
        std::vector<std::map<std::string, std::string>> rules;
        for (const QJsonValue& entry : value.toArray()) {
            std::map<std::string, std::string> rule;
            const QJsonObject object = entry.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                rule[it.key().toStdString()] = jsonText(it.value(), where + QLatin1String(".exclude.") + it.key());
            rules.push_back(rule);
        }
        return rules;
    };
    const auto shared = exclusions(plan.value(QLatin1String("exclude")), path);
    const QJsonArray entries = plan.value(QLatin1String("targets")).toArray();
    if (entries.isEmpty())
        throw std::invalid_argument(path.toStdString() + ": no \"targets\" (a list of {\"db\", \"machine\", ...})");
    std::vector<SweepTarget> targets;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonObject entry = entries[i].toObject();
        const QString where = path + QStringLiteral(": targets[%1]").arg(i);
        SweepTarget& target = targets.emplace_back();
        const QString db = entry.value(QLatin1String("db")).toString();
        const QString machine = entry.value(QLatin1String("machine")).toString();
        if (db.isEmpty() || machine.isEmpty())
            throw std::invalid_argument(where.toStdString() + ": needs \"db\" and \"machine\"");
        // A relative database path is relative to the plan file.
        target.database = QFileInfo(QFileInfo(path).dir(), db).filePath().toStdString();
        target.base.machine = machine.toStdString();
        if (entry.contains(QLatin1String("cpus-per-node")))
            target.base.cpusPerNode = entry.value(QLatin1String("cpus-per-node")).toInt(1);
        for (const std::string& parameter : sweepParameters()) {
            const QJsonValue value = entry.value(QString::fromStdString(parameter));
            if (value.isUndefined())
                continue;
            std::vector<std::string> values;
            const QString at = where + QLatin1Char('.') + QString::fromStdString(parameter);
            if (value.isArray())
                for (const QJsonValue& item : value.toArray())
                    values.push_back(jsonText(item, at));
            else
                values.push_back(jsonText(value, at));
            target.dimensions.emplace_back(parameter, values);
        }
        for (auto it = entry.begin(); it != entry.end(); ++it) {
            const std::string key = it.key().toStdString();
            if (key != "db" && key != "machine" && key != "cpus-per-node" && key != "exclude"
                && std::find(sweepParameters().begin(), sweepParameters().end(), key) == sweepParameters().end())
                throw std::invalid_argument(where.toStdString() + ": unknown key \"" + key + "\"");
        }
        target.exclusions = shared;
        for (auto& rule : exclusions(entry.value(QLatin1String("exclude")), where))
            target.exclusions.push_back(rule);
    }
    return targets;
}

const char* stateName(SweepPointOutcome::State state)
{
    switch (state) {
    case SweepPointOutcome::State::Stored: return "stored";
    case SweepPointOutcome::State::AlreadyStored: return "stored before";
    case SweepPointOutcome::State::Empty: return "no job placed, not stored";
    case SweepPointOutcome::State::Failed: return "failed";
    case SweepPointOutcome::State::Stopped: return "stopped";
    }
    return "";
}

std::string describe(const SweepPoint& point)
{
    std::string text;
    for (const auto& [name, value] : point.values)
        text += (text.empty() ? "" : " ") + name + "=" + value;
    return text.empty() ? point.setup.allocator.policy : text;
}

std::string duration(double seconds)
{
    char text[32];
    if (seconds < 60)
        std::snprintf(text, sizeof text, "%.0f s", seconds);
    else if (seconds < 3600)
        std::snprintf(text, sizeof text, "%d min %02d s", static_cast<int>(seconds) / 60,
                      static_cast<int>(seconds) % 60);
    else
        std::snprintf(text, sizeof text, "%d h %02d min", static_cast<int>(seconds) / 3600,
                      static_cast<int>(seconds) % 3600 / 60);
    return text;
}

} // namespace

int runSweep(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Replays a machine's jobs under every combination of the listed parameter values (each list is a "
        "dimension, the sweep is their cross product) and stores each run as it finishes. A point already "
        "stored (same parameters, same jobs, same program version) is skipped, so a stopped sweep resumes "
        "where it stopped. Ctrl-C stops cleanly: finished points stay stored."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("The database."), QStringLiteral("DB"));
    const QCommandLineOption machine(QStringLiteral("machine"), QStringLiteral("The machine whose jobs are replayed."),
                                     QStringLiteral("NAME"));
    QList<QCommandLineOption> dimensions;
    const std::map<std::string, QString> dimensionHelp{
        {"policy", QStringLiteral("Allocators, comma-separated (placement simulate --help lists them).")},
        {"order", QStringLiteral("Node orders of first-fit and dual-ended.")},
        {"backfill", QStringLiteral("fcfs, easy, conservative, auction.")},
        {"window", QStringLiteral("Backfilling windows.")},
        {"speedup", QStringLiteral("Speed-up scenarios: none, 5, 10, 20, v1, v2, random.")},
        {"seed", QStringLiteral("Seeds (random allocator and speed-up draws).")},
        {"arrivals", QStringLiteral("keep, zero, scale:F.")},
        {"scale-nodes", QStringLiteral("Node count multipliers.")},
    };
    for (const std::string& parameter : sweepParameters())
        dimensions.append(
            QCommandLineOption(QString::fromStdString(parameter), dimensionHelp.at(parameter), QStringLiteral("LIST")));
    const QCommandLineOption exclude(QStringLiteral("exclude"),
                                     QStringLiteral("Leave out the points matching every PARAMETER=VALUE given "
                                                    "(repeatable): --exclude policy=ta,speedup=v2."),
                                     QStringLiteral("RULE"));
    const QCommandLineOption plan(QStringLiteral("plan"),
                                  QStringLiteral("A JSON plan: several databases and machines, each with its "
                                                 "dimensions, and exclusions (docs/simulation.md)."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption name(QStringLiteral("name"),
                                  QStringLiteral("The sweep's name: runs are named \"NAME: policy backfill ...\" "
                                                 "(default: sweep)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption jobs(QStringLiteral("jobs"),
                                  QStringLiteral("Points replayed at once (default: the number of cores)."),
                                  QStringLiteral("N"));
    const QCommandLineOption cpus(QStringLiteral("cpus-per-node"),
                                  QStringLiteral("Processors per node, for logs that count processors only (SWF)."),
                                  QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption from(QStringLiteral("from"), QStringLiteral("Only jobs submitted at or after T."),
                                  QStringLiteral("T"));
    const QCommandLineOption to(QStringLiteral("to"), QStringLiteral("Only jobs submitted before T."),
                                QStringLiteral("T"));
    const QCommandLineOption lcsSteps(QStringLiteral("lcs-steps"),
                                      QStringLiteral("lcs: a step budget per search instead of its 5 s of wall time "
                                                     "(reproducible whatever the load)."),
                                      QStringLiteral("N"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"),
                                    QStringLiteral("List the points and their ids; "
                                                   "replay nothing."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write every point's outcome as JSON to OUT."),
                                  QStringLiteral("OUT"));
    parser.addOptions({db, machine, exclude, plan, name, jobs, cpus, from, to, lcsSteps, dryRun, json});
    parser.addOptions(dimensions);
    parser.process(arguments);

    std::string sweepName = "sweep";
    std::vector<SweepTarget> targets;
    if (parser.isSet(plan)) {
        if (parser.isSet(db) || parser.isSet(machine))
            throw std::invalid_argument("--plan names its databases and machines: give --plan or --db/--machine");
        targets = readPlan(parser.value(plan), &sweepName);
    } else {
        if (!parser.isSet(db) || !parser.isSet(machine)) {
            std::fprintf(stderr,
                         "placement: usage: placement sweep (--db DB --machine NAME | --plan FILE) "
                         "[--policy A,B,...] [--backfill ...] [--window ...] [--speedup ...] [--seed ...] "
                         "[--order ...] [--arrivals ...] [--scale-nodes ...] [--exclude P=V,...] "
                         "[--name NAME] [--jobs N] [--dry-run] [--json OUT]\n");
            return 2;
        }
        SweepTarget& target = targets.emplace_back();
        target.database = parser.value(db).toStdString();
        target.base.machine = parser.value(machine).toStdString();
        for (qsizetype i = 0; i < dimensions.size(); ++i)
            if (parser.isSet(dimensions[i]))
                target.dimensions.emplace_back(sweepParameters()[static_cast<size_t>(i)],
                                               splitList(parser.value(dimensions[i])));
        for (const QString& rule : parser.values(exclude))
            target.exclusions.push_back(parseExclusion(rule));
    }
    if (parser.isSet(name))
        sweepName = parser.value(name).toStdString();
    for (SweepTarget& target : targets) {
        if (parser.isSet(cpus))
            target.base.cpusPerNode = parseCount(parser.value(cpus), "cpus-per-node", 1);
        if (parser.isSet(from))
            target.base.transform.from = parseTime(parser.value(from), "from");
        if (parser.isSet(to))
            target.base.transform.to = parseTime(parser.value(to), "to");
        if (parser.isSet(lcsSteps)) {
            target.base.allocator.searchSteps = parseCount(parser.value(lcsSteps), "lcs-steps", 1);
            target.base.allocator.searchTimeout = 0;
        }
        for (const auto& rule : target.exclusions)
            for (const auto& [parameter, value] : rule)
                if (std::find(sweepParameters().begin(), sweepParameters().end(), parameter) == sweepParameters().end())
                    throw std::invalid_argument("--exclude: '" + parameter + "' is not a parameter of the sweep");
    }

    SweepOptions options;
    options.name = sweepName;
    options.version = PLACEMENT_BUILD_ID;
    options.workers = parser.isSet(jobs) ? parseCount(parser.value(jobs), "jobs", 1)
                                         : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    options.stop = &stopRequested;
    std::optional<AtomicOutput> output;
    if (parser.isSet(json))
        output.emplace(parser.value(json).toStdString()); // before anything is replayed
    const std::vector<SweepPoint> points = expandSweep(targets, options.version);

    if (parser.isSet(dryRun)) {
        for (const SweepPoint& point : points)
            std::printf("%s  %s  %s\n", point.id.c_str(), targets[point.target].base.machine.c_str(),
                        describe(point).c_str());
        std::fprintf(stderr, "%zu points\n", points.size());
        return 0;
    }

    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    std::fprintf(stderr, "sweep '%s': %zu points, %d at a time\n", sweepName.c_str(), points.size(), options.workers);
    const std::vector<SweepPointOutcome> outcomes
        = runSweep(targets, points, options, [&](const SweepPointOutcome& outcome, const SweepProgress& progress) {
              std::string line = "[" + std::to_string(progress.finished) + "/" + std::to_string(progress.total) + "] "
                  + describe(*outcome.point) + ": " + stateName(outcome.state);
              if (outcome.state == SweepPointOutcome::State::Stored)
                  line += " as run " + std::to_string(outcome.runId) + " (" + duration(outcome.seconds) + ")";
              if (!outcome.error.empty())
                  line += ": " + outcome.error;
              if (progress.etaSeconds >= 0 && progress.finished < progress.total)
                  line += ", about " + duration(progress.etaSeconds) + " left";
              std::fprintf(stderr, "%s\n", line.c_str());
          });
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);

    std::map<SweepPointOutcome::State, int> counts;
    JsonWriter out;
    out.beginObject();
    out.key("sweep").value(sweepName);
    out.key("points").beginArray();
    for (const SweepPointOutcome& outcome : outcomes) {
        ++counts[outcome.state];
        out.beginObject();
        out.key("id").value(outcome.point ? outcome.point->id : std::string());
        if (outcome.point) {
            out.key("database").value(targets[outcome.point->target].database);
            out.key("machine").value(targets[outcome.point->target].base.machine);
            out.key("parameters").beginObject();
            for (const auto& [parameter, value] : outcome.point->values)
                out.key(parameter).value(value);
            out.endObject();
        }
        out.key("state").value(stateName(outcome.state));
        if (outcome.runId)
            out.key("run_id").value(outcome.runId).key("run_name").value(outcome.runName);
        if (!outcome.error.empty())
            out.key("error").value(outcome.error);
        out.endObject();
    }
    out.endArray();
    out.endObject();
    if (output)
        output->commit(out.str());
    const int stored = counts[SweepPointOutcome::State::Stored];
    const int before = counts[SweepPointOutcome::State::AlreadyStored];
    const int failed = counts[SweepPointOutcome::State::Failed];
    const int stopped = counts[SweepPointOutcome::State::Stopped];
    const int empty = counts[SweepPointOutcome::State::Empty];
    std::fprintf(stderr, "sweep '%s': %d stored, %d stored before, %d failed, %d with no job placed", sweepName.c_str(),
                 stored, before, failed, empty);
    if (stopped > 0)
        std::fprintf(stderr, ", %d not run (stopped: the same command resumes)", stopped);
    std::fprintf(stderr, "\n");
    if (stopped > 0)
        return 130;
    return failed > 0 ? 1 : 0;
}
