// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "FromSlurm.h"

#include "store/DatabaseFiles.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace placement {

namespace {

// The recommended field set (docs/slurm.md), read with or without its header.
const char* const sacctFields = "JobID,JobIDRaw,User,Account,Partition,QOS,State,ExitCode,Submit,Eligible,Start,End,"
                                "Elapsed,Timelimit,NNodes,NCPUS,AllocCPUS,ReqNodes,NodeList,ReqTRES,AllocTRES,JobName";

void requireOnPath(const QString& program)
{
    if (QStandardPaths::findExecutable(program).isEmpty())
        throw std::runtime_error("--from-slurm: " + program.toStdString()
                                 + " is not on PATH (Slurm's client commands sacct and scontrol are needed)");
}

QString runClient(const QString& program, const QStringList& arguments)
{
    requireOnPath(program);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TZ"), QStringLiteral("UTC")); // times as UTC wall clock
    environment.remove(QStringLiteral("SLURM_TIME_FORMAT")); // ISO 8601, the format the importer reads
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    const QString command = program + QLatin1Char(' ') + arguments.join(QLatin1Char(' '));
    if (!process.waitForStarted(10000))
        throw std::runtime_error("--from-slurm: cannot run " + command.toStdString() + ": "
                                 + process.errorString().toStdString());
    if (!process.waitForFinished(600000))
        throw std::runtime_error("--from-slurm: " + command.toStdString() + " did not finish within 10 minutes");
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        throw std::runtime_error("--from-slurm: " + command.toStdString() + " failed: "
                                 + QString::fromUtf8(process.readAllStandardError()).trimmed().toStdString());
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// "Key = Value" lines of `scontrol show config`.
QString configValue(const QString& config, const QString& key)
{
    for (const QString& line : config.split(QLatin1Char('\n'))) {
        const int equals = line.indexOf(QLatin1Char('='));
        if (equals > 0 && line.left(equals).trimmed() == key)
            return line.mid(equals + 1).trimmed();
    }
    return {};
}

/// `scontrol show topology` as topology.conf: its lines carry Level= and, for switches
/// above the leaves, the Nodes= below them, which topology.conf does not have.
QString topologyConfOf(const QString& shown)
{
    QString conf;
    for (const QString& line : shown.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList pairs = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const bool hasSwitches = std::any_of(pairs.begin(), pairs.end(), [](const QString& pair) {
            return pair.startsWith(QLatin1String("Switches="));
        });
        QStringList kept;
        for (const QString& pair : pairs)
            if (pair.startsWith(QLatin1String("SwitchName=")) || pair.startsWith(QLatin1String("Switches="))
                || pair.startsWith(QLatin1String("LinkSpeed="))
                || (!hasSwitches && pair.startsWith(QLatin1String("Nodes="))))
                kept.push_back(pair);
        if (!kept.isEmpty() && kept.front().startsWith(QLatin1String("SwitchName=")))
            conf += kept.join(QLatin1Char(' ')) + QLatin1Char('\n');
    }
    return conf;
}

void writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.flush())
        throw std::runtime_error("--from-slurm: cannot write " + path.toStdString());
}

} // namespace

SlurmExport exportFromSlurm(const std::string& databasePath, const FromSlurmRequest& request)
{
    requireOnPath(QStringLiteral("sacct")); // before anything else: nothing works without it
    const QDir work(QString::fromStdString(request.workDirectory));
    SlurmExport result;
    result.machine = request.machine;
    QString config;
    const auto slurmConfig = [&]() -> const QString& {
        if (config.isEmpty())
            config = runClient(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("config")});
        return config;
    };
    if (result.machine.empty()) {
        result.machine = request.cluster.empty()
            ? configValue(slurmConfig(), QStringLiteral("ClusterName")).toStdString()
            : request.cluster;
        if (result.machine.empty())
            throw std::runtime_error("--from-slurm: Slurm names no cluster (ClusterName); give --machine NAME");
    }

    std::set<std::string> stored;
    bool machineExists = false;
    if (databaseFilesExist(databasePath)) {
        Store store = Store::openExisting(databasePath);
        if (const std::optional<MachineRecord> machine = store.machine(result.machine)) {
            machineExists = true;
            for (const Job& job : store.jobs(machine->id))
                stored.insert(job.id);
        }
    }
    if (!machineExists) {
        const QString slurmConf = configValue(slurmConfig(), QStringLiteral("SLURM_CONF"));
        const QString beside = QFileInfo(slurmConf).dir().filePath(QStringLiteral("topology.conf"));
        if (!slurmConf.isEmpty() && QFileInfo(slurmConf).isReadable())
            result.slurmConfFile = slurmConf.toStdString();
        if (!slurmConf.isEmpty() && QFileInfo::exists(beside)) {
            result.topologyFile = beside.toStdString();
        } else {
            const QString conf = topologyConfOf(
                runClient(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("topology")}));
            if (conf.isEmpty())
                throw std::runtime_error("--from-slurm: Slurm reports no switches (topology/tree) and there is no "
                                         + beside.toStdString()
                                         + "; give the machine as a topology file (placement import --topology, "
                                           "the explorer's Import Logs)");
            const QString path = work.filePath(QStringLiteral("topology.conf"));
            writeFile(path, conf);
            result.topologyFile = path.toStdString();
        }
    }

    QStringList arguments{QStringLiteral("-a"), QStringLiteral("-P"),
                          QStringLiteral("-X"), QStringLiteral("--format=") + QLatin1String(sacctFields),
                          QStringLiteral("-S"), QString::fromStdString(request.since),
                          QStringLiteral("-E"), QString::fromStdString(request.until)};
    if (!request.cluster.empty())
        arguments << QStringLiteral("--clusters") << QString::fromStdString(request.cluster);
    const QStringList lines
        = runClient(QStringLiteral("sacct"), arguments).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.isEmpty() || !lines.front().startsWith(QLatin1String("JobID|")))
        throw std::runtime_error("--from-slurm: sacct printed no header line");
    // Jobs stored by an earlier import are left out: repeated imports add what is new.
    QString kept = lines.front() + QLatin1Char('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        ++result.jobs;
        if (stored.count(lines[i].section(QLatin1Char('|'), 0, 0).toStdString())) {
            ++result.known;
            continue;
        }
        kept += lines[i] + QLatin1Char('\n');
    }
    const QString path = work.filePath(QStringLiteral("sacct-%1.txt").arg(QString::fromStdString(result.machine)));
    writeFile(path, kept);
    result.sacctFile = path.toStdString();
    return result;
}

ImportRequest slurmImportRequest(const SlurmExport& exported)
{
    ImportRequest request;
    request.files = {exported.sacctFile};
    request.format = LogFormat::Sacct;
    request.machine = exported.machine;
    request.topology = exported.topologyFile;
    request.slurmConf = exported.slurmConfFile;
    return request;
}

} // namespace placement
