// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "SweepCommand.h"

#include "core/JsonWriter.h"
#include "services/Sweep.h"
#include "services/SweepResults.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSaveFile>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "CommandSupport.h"

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
        if (entry.contains(QLatin1String("from")))
            target.base.transform.from = parseTime(
                QString::fromStdString(jsonText(entry.value(QLatin1String("from")), where + QLatin1String(".from"))),
                "from");
        if (entry.contains(QLatin1String("to")))
            target.base.transform.to = parseTime(
                QString::fromStdString(jsonText(entry.value(QLatin1String("to")), where + QLatin1String(".to"))), "to");
        if (entry.contains(QLatin1String("lcs-steps"))) {
            target.base.allocator.searchSteps = entry.value(QLatin1String("lcs-steps")).toInt(0);
            target.base.allocator.searchTimeout = 0;
        }
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
            if (key != "db" && key != "machine" && key != "cpus-per-node" && key != "exclude" && key != "from"
                && key != "to" && key != "lcs-steps"
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

/// The plan of a submission, in the plan file format, with the points to run in order and
/// the program version that gave them their ids.
QByteArray writtenPlan(const std::string& name, const std::vector<SweepTarget>& targets,
                       const std::vector<const SweepPoint*>& points, int pointsPerTask)
{
    QJsonObject plan;
    plan.insert(QLatin1String("name"), QString::fromStdString(name));
    plan.insert(QLatin1String("version"), QStringLiteral(PLACEMENT_BUILD_ID));
    plan.insert(QLatin1String("points-per-task"), pointsPerTask);
    QJsonArray list;
    for (const SweepPoint* point : points)
        list.append(QString::fromStdString(point->id));
    plan.insert(QLatin1String("points"), list);
    QJsonArray entries;
    for (const SweepTarget& target : targets) {
        QJsonObject entry;
        entry.insert(QLatin1String("db"), QFileInfo(QString::fromStdString(target.database)).absoluteFilePath());
        entry.insert(QLatin1String("machine"), QString::fromStdString(target.base.machine));
        entry.insert(QLatin1String("cpus-per-node"), target.base.cpusPerNode);
        if (target.base.transform.from)
            entry.insert(QLatin1String("from"), QString::number(*target.base.transform.from));
        if (target.base.transform.to)
            entry.insert(QLatin1String("to"), QString::number(*target.base.transform.to));
        if (target.base.allocator.searchSteps > 0)
            entry.insert(QLatin1String("lcs-steps"), static_cast<qint64>(target.base.allocator.searchSteps));
        for (const auto& [parameter, values] : target.dimensions) {
            QJsonArray array;
            for (const std::string& value : values)
                array.append(QString::fromStdString(value));
            entry.insert(QString::fromStdString(parameter), array);
        }
        QJsonArray exclusions;
        for (const auto& rule : target.exclusions) {
            QJsonObject object;
            for (const auto& [parameter, value] : rule)
                object.insert(QString::fromStdString(parameter), QString::fromStdString(value));
            exclusions.append(object);
        }
        entry.insert(QLatin1String("exclude"), exclusions);
        entries.append(entry);
    }
    plan.insert(QLatin1String("targets"), entries);
    return QJsonDocument(plan).toJson();
}

/// Runs a Slurm client; its standard output, or an exception naming the command and why.
QString runSlurmClient(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.start(program, arguments);
    const QString command = program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
    if (!process.waitForStarted(10000))
        throw std::runtime_error("cannot run " + command.toStdString() + ": " + process.errorString().toStdString());
    if (!process.waitForFinished(120000))
        throw std::runtime_error(command.toStdString() + " did not finish within 2 minutes");
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        throw std::runtime_error(command.toStdString() + " failed: "
                                 + QString::fromUtf8(process.readAllStandardError()).trimmed().toStdString());
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// The folder of a sweep's Slurm submissions: beside the (first) database.
QDir sweepDirectory(const std::vector<SweepTarget>& targets, const std::string& name)
{
    return QDir(QString::fromStdString(targets.front().database) + QStringLiteral(".sweep-")
                + QString::fromStdString(name));
}

QStringList resultFiles(const QDir& directory)
{
    QStringList files;
    const QDir results(directory.filePath(QStringLiteral("results")));
    for (const QString& file : results.entryList({QStringLiteral("*.sqlite")}, QDir::Files, QDir::Name))
        files.append(results.filePath(file));
    return files;
}

/// Task ids of an array job as squeue or sacct print them: "123_4", "123_[5-9%2]", "123_[1,3-4]".
std::vector<int> arrayTasks(const QString& jobId)
{
    std::vector<int> tasks;
    const qsizetype underscore = jobId.indexOf(QLatin1Char('_'));
    if (underscore < 0)
        return tasks;
    QString list = jobId.mid(underscore + 1);
    list.remove(QLatin1Char('[')).remove(QLatin1Char(']'));
    list = list.section(QLatin1Char('%'), 0, 0);
    for (const QString& range : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const int first = range.section(QLatin1Char('-'), 0, 0).toInt();
        const int last = range.contains(QLatin1Char('-')) ? range.section(QLatin1Char('-'), 1, 1).toInt() : first;
        for (int task = first; task <= last; ++task)
            tasks.push_back(task);
    }
    return tasks;
}

/// Every stored point id of the sweep's databases and machines.
std::set<std::string> storedIds(const std::vector<SweepTarget>& targets)
{
    std::set<std::string> ids;
    std::set<std::pair<std::string, std::string>> seen;
    for (const SweepTarget& target : targets) {
        if (!seen.insert({target.database, target.base.machine}).second)
            continue;
        Store store = Store::openExisting(target.database);
        const std::set<std::string> stored = storedSweepPoints(store, target.base.machine);
        ids.insert(stored.begin(), stored.end());
    }
    return ids;
}

/// Point ids in the sweep's result files (finished by Slurm tasks, maybe not collected).
std::set<std::string> finishedIds(const QDir& directory)
{
    std::set<std::string> finished;
    for (const QString& file : resultFiles(directory)) {
        SweepResultFile results(file.toStdString());
        const std::set<std::string> ids = results.pointIds();
        finished.insert(ids.begin(), ids.end());
    }
    return finished;
}

int runTask(const QString& planPath, int task, const std::vector<SweepTarget>& targets,
            const std::vector<SweepPoint>& points, SweepOptions options, bool workersGiven)
{
    if (planPath.isEmpty())
        throw std::invalid_argument("--task runs part of a plan written by --slurm: give that --plan");
    QFile file(planPath);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error(planPath.toStdString() + ": cannot read");
    const QJsonObject plan = QJsonDocument::fromJson(file.readAll()).object();
    const QString version = plan.value(QLatin1String("version")).toString();
    if (version != QLatin1String(PLACEMENT_BUILD_ID))
        throw std::runtime_error(planPath.toStdString() + " was written by placement " + version.toStdString()
                                 + ", this is " + PLACEMENT_BUILD_ID
                                 + ": its points have other ids here; submit the sweep again with this program");
    const QJsonArray ids = plan.value(QLatin1String("points")).toArray();
    const int perTask = std::max(1, plan.value(QLatin1String("points-per-task")).toInt(1));
    const qsizetype first = static_cast<qsizetype>(task) * perTask;
    if (first >= ids.size())
        throw std::invalid_argument("--task " + std::to_string(task) + ": the plan has "
                                    + std::to_string((ids.size() + perTask - 1) / perTask) + " tasks");
    std::map<std::string, const SweepPoint*> byId;
    for (const SweepPoint& point : points)
        byId[point.id] = &point;
    std::vector<SweepPoint> mine;
    for (qsizetype i = first; i < std::min(ids.size(), first + perTask); ++i) {
        const auto found = byId.find(ids[i].toString().toStdString());
        if (found == byId.end())
            throw std::runtime_error(planPath.toStdString() + ": point " + ids[i].toString().toStdString()
                                     + " is not among the plan's points here (have its jobs changed since?)");
        mine.push_back(*found->second);
    }
    const QFileInfo info(planPath);
    const QDir directory(info.absolutePath());
    directory.mkpath(QStringLiteral("results"));
    options.resultFile
        = directory.filePath(QStringLiteral("results/%1-task-%2.sqlite").arg(info.completeBaseName()).arg(task))
              .toStdString();
    if (!workersGiven)
        options.workers = std::max(1, qEnvironmentVariableIntValue("SLURM_CPUS_PER_TASK"));
    int failed = 0;
    for (const SweepPointOutcome& outcome : runSweep(targets, mine, options)) {
        std::fprintf(stderr, "%s %s: %s%s%s\n", outcome.point ? outcome.point->id.c_str() : "",
                     outcome.point ? describe(*outcome.point).c_str() : "", stateName(outcome.state),
                     outcome.error.empty() ? "" : ": ", outcome.error.c_str());
        failed
            += outcome.state == SweepPointOutcome::State::Failed || outcome.state == SweepPointOutcome::State::Stopped;
    }
    return failed > 0 ? 1 : 0;
}

int collectResults(const QDir& directory, const std::vector<SweepTarget>& targets,
                   const std::vector<SweepPoint>& points, const std::string& sweepName)
{
    const QStringList files = resultFiles(directory);
    std::vector<std::string> paths;
    for (const QString& file : files)
        paths.push_back(file.toStdString());
    std::set<std::string> databases;
    CollectOutcome total;
    for (const SweepTarget& target : targets) {
        const std::string database
            = QFileInfo(QString::fromStdString(target.database)).absoluteFilePath().toStdString();
        if (!databases.insert(database).second)
            continue;
        const CollectOutcome outcome = collectSweepResults(database, paths);
        total.stored += outcome.stored;
        total.storedBefore += outcome.storedBefore;
    }
    // The points stored before, by another sweep, belong to this one too.
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> pointIds; // (database, machine)
    for (const SweepPoint& point : points)
        pointIds[{targets[point.target].database, targets[point.target].base.machine}].push_back(point.id);
    for (const auto& [target, ids] : pointIds) {
        Store store = Store::openExisting(target.first);
        const std::optional<MachineRecord> machine = store.machine(target.second);
        if (machine)
            addRunsToSweep(store, machine->id, sweepName, ids);
    }
    std::fprintf(stderr, "%lld result files in %s: %d runs stored now, %d stored before\n",
                 static_cast<long long>(files.size()), qPrintable(directory.path()), total.stored, total.storedBefore);
    return 0;
}

int showStatus(const QDir& directory, const std::vector<SweepTarget>& targets, const std::vector<SweepPoint>& points)
{
    const std::set<std::string> stored = storedIds(targets);
    const std::set<std::string> finished = finishedIds(directory);
    int inDatabase = 0, notCollected = 0;
    for (const SweepPoint& point : points) {
        if (stored.count(point.id))
            ++inDatabase;
        else if (finished.count(point.id))
            ++notCollected;
    }
    std::printf("points: %zu; stored in the database: %d; finished, not collected: %d; left: %zu\n", points.size(),
                inDatabase, notCollected, points.size() - static_cast<size_t>(inDatabase + notCollected));
    // The array tasks of every submission, as squeue (queued, running) and sacct (ended) see them.
    QFile jobs(directory.filePath(QStringLiteral("jobs")));
    if (!jobs.open(QIODevice::ReadOnly)) {
        std::printf("no Slurm submission in %s\n", qPrintable(directory.path()));
        return 0;
    }
    std::map<QString, std::set<QString>> states; // state -> "job_task"
    for (const QByteArray& line : jobs.readAll().split('\n')) {
        const QString job = QString::fromUtf8(line).section(QLatin1Char(' '), 0, 0).trimmed();
        if (job.isEmpty())
            continue;
        std::set<QString> seen;
        const QString queued = runSlurmClient(QStringLiteral("squeue"),
                                              {QStringLiteral("-h"), QStringLiteral("-r"), QStringLiteral("-j"), job,
                                               QStringLiteral("-o"), QStringLiteral("%i %T")});
        for (const QString& row : queued.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QString id = row.section(QLatin1Char(' '), 0, 0);
            states[row.section(QLatin1Char(' '), 1, 1).toLower()].insert(id);
            seen.insert(id);
        }
        const QString ended
            = runSlurmClient(QStringLiteral("sacct"),
                             {QStringLiteral("-n"), QStringLiteral("-P"), QStringLiteral("-X"), QStringLiteral("-j"),
                              job, QStringLiteral("-o"), QStringLiteral("JobID,State")});
        for (const QString& row : ended.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QString id = row.section(QLatin1Char('|'), 0, 0);
            const QString state = row.section(QLatin1Char('|'), 1, 1).section(QLatin1Char(' '), 0, 0).toLower();
            for (int t : arrayTasks(id)) {
                const QString taskId = job + QLatin1Char('_') + QString::number(t);
                if (seen.insert(taskId).second)
                    states[state].insert(taskId);
            }
        }
    }
    QStringList counts;
    for (const auto& [state, tasks] : states)
        counts.append(QStringLiteral("%1 %2").arg(state).arg(tasks.size()));
    std::printf("array tasks: %s\n",
                counts.isEmpty() ? "none known to squeue or sacct" : qPrintable(counts.join(QLatin1String(", "))));
    for (const char* bad : {"failed", "timeout", "out_of_memory", "node_fail", "cancelled"})
        if (states.count(QLatin1String(bad)))
            for (const QString& id : states[QLatin1String(bad)])
                std::printf("  %s %s: see %s\n", qPrintable(id), bad,
                            qPrintable(directory.filePath(QStringLiteral("logs/task-%1.out").arg(id))));
    return 0;
}

struct SlurmSubmission
{
    QString partition, timeLimit;
    int pointsPerTask = 1;
    int maxRunning = 0;
};

int submit(const QDir& directory, const std::string& name, const std::vector<SweepTarget>& targets,
           const std::vector<SweepPoint>& points, const SlurmSubmission& submission)
{
    const std::set<std::string> stored = storedIds(targets);
    const std::set<std::string> finished = finishedIds(directory);
    std::vector<const SweepPoint*> left;
    for (const SweepPoint& point : points)
        if (!stored.count(point.id) && !finished.count(point.id))
            left.push_back(&point);
    if (left.empty()) {
        std::fprintf(stderr, "sweep '%s': every point is stored or finished (--collect stores the finished ones)\n",
                     name.c_str());
        return 0;
    }
    if (!directory.mkpath(QStringLiteral("logs")) || !directory.mkpath(QStringLiteral("results")))
        throw std::runtime_error(directory.path().toStdString() + ": cannot create the sweep's folder");
    // One plan file per submission: tasks of an earlier one still read theirs.
    const QString stamp = QString::number(QDateTime::currentMSecsSinceEpoch());
    const QString planPath = directory.absoluteFilePath(QStringLiteral("plan-%1.json").arg(stamp));
    QSaveFile planFile(planPath);
    if (!planFile.open(QIODevice::WriteOnly))
        throw std::runtime_error(planPath.toStdString() + ": cannot write");
    planFile.write(writtenPlan(name, targets, left, submission.pointsPerTask));
    if (!planFile.commit())
        throw std::runtime_error(planPath.toStdString() + ": cannot write");
    const int tasks = static_cast<int>((left.size() + static_cast<size_t>(submission.pointsPerTask) - 1)
                                       / static_cast<size_t>(submission.pointsPerTask));
    QString array = QStringLiteral("0-%1").arg(tasks - 1);
    if (submission.maxRunning > 0)
        array += QLatin1Char('%') + QString::number(submission.maxRunning);
    QStringList arguments{QStringLiteral("--parsable"), QStringLiteral("--array=") + array,
                          QStringLiteral("--job-name=sweep-") + QString::fromStdString(name),
                          QStringLiteral("--output=")
                              + directory.absoluteFilePath(QStringLiteral("logs/task-%A_%a.out")),
                          QStringLiteral("--chdir=") + directory.absolutePath()};
    if (!submission.partition.isEmpty())
        arguments << QStringLiteral("--partition=") + submission.partition;
    if (!submission.timeLimit.isEmpty())
        arguments << QStringLiteral("--time=") + submission.timeLimit;
    const auto quoted = [](const QString& text) {
        return QLatin1Char('\'') + QString(text).replace(QLatin1String("'"), QLatin1String("'\\''"))
            + QLatin1Char('\'');
    };
    arguments << QStringLiteral("--wrap=exec ") + quoted(QCoreApplication::applicationFilePath())
            + QStringLiteral(" sweep --plan ") + quoted(planPath) + QStringLiteral(" --task \"$SLURM_ARRAY_TASK_ID\"");
    const QString job = runSlurmClient(QStringLiteral("sbatch"), arguments).trimmed().section(QLatin1Char(';'), 0, 0);
    QFile jobs(directory.filePath(QStringLiteral("jobs")));
    if (!jobs.open(QIODevice::Append)
        || jobs.write((job + QLatin1Char(' ') + planPath + QLatin1Char('\n')).toUtf8()) < 0)
        throw std::runtime_error(jobs.fileName().toStdString() + ": cannot record job " + job.toStdString());
    std::printf("%s\n", qPrintable(job));
    std::fprintf(stderr,
                 "sweep '%s': %zu points in %d array tasks submitted as job %s; results in %s. Then the same "
                 "command with --status, and with --collect to store them\n",
                 name.c_str(), left.size(), tasks, qPrintable(job),
                 qPrintable(directory.filePath(QStringLiteral("results"))));
    return 0;
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
    const QCommandLineOption slurm(QStringLiteral("slurm"),
                                   QStringLiteral("Submit the points not stored yet as one Slurm job array (sbatch); "
                                                  "each task writes its runs into its own result file beside the "
                                                  "database. Then --status, and --collect to store them."));
    const QCommandLineOption partition(QStringLiteral("partition"), QStringLiteral("--slurm: the partition."),
                                       QStringLiteral("P"));
    const QCommandLineOption timeLimit(QStringLiteral("time"), QStringLiteral("--slurm: each task's time limit."),
                                       QStringLiteral("T"));
    const QCommandLineOption perTask(QStringLiteral("points-per-task"),
                                     QStringLiteral("--slurm: points each array task replays (default 1)."),
                                     QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption maxRunning(
        QStringLiteral("max-running"),
        QStringLiteral("--slurm: array tasks running at once (the throttle of sbatch's array)."), QStringLiteral("M"));
    const QCommandLineOption task(QStringLiteral("task"),
                                  QStringLiteral("Run array task I of a plan written by --slurm (what each task "
                                                 "runs; with --plan)."),
                                  QStringLiteral("I"));
    const QCommandLineOption collect(QStringLiteral("collect"),
                                     QStringLiteral("Store the runs the Slurm tasks finished into the database."));
    const QCommandLineOption status(QStringLiteral("status"),
                                    QStringLiteral("Points stored, finished but not collected, and the array tasks "
                                                   "running, pending and failed (squeue, sacct)."));
    parser.addOptions({db,     machine, exclude, plan,      name,      jobs,    cpus,       from, to,      lcsSteps,
                       dryRun, json,    slurm,   partition, timeLimit, perTask, maxRunning, task, collect, status});
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

    if (parser.isSet(task))
        return runTask(parser.value(plan), parseCount(parser.value(task), "task", 0), targets, points, options,
                       parser.isSet(jobs));
    const QDir directory = sweepDirectory(targets, sweepName);
    if (parser.isSet(collect))
        return collectResults(directory, targets, points, sweepName);
    if (parser.isSet(status))
        return showStatus(directory, targets, points);
    if (parser.isSet(slurm)) {
        SlurmSubmission submission;
        submission.partition = parser.value(partition);
        submission.timeLimit = parser.value(timeLimit);
        submission.pointsPerTask = parseCount(parser.value(perTask), "points-per-task", 1);
        if (parser.isSet(maxRunning))
            submission.maxRunning = parseCount(parser.value(maxRunning), "max-running", 1);
        return submit(directory, sweepName, targets, points, submission);
    }

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
