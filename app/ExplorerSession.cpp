// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ExplorerSession.h"

#include "core/Occupancy.h"
#include "services/LoggedRun.h"
#include "store/LoggedRun.h"

#include <QEventLoop>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <exception>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <utility>

namespace placement {

namespace {

/// The logged run of a machine loaded with its logged placements, from what was loaded.
RunRecord loggedRunOf(const MachineData& logged)
{
    return loggedRun(logged.record, logged.topology->usableNodeCount(), logged.jobs, logged.nodeCounts,
                     logged.cpusPerNode, coresInAll(logged.jobHoldings), logged.resources);
}

std::int64_t nanoseconds(const struct timespec& time)
{
    return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

} // namespace

ExplorerSession::ExplorerSession(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_settle(new QTimer(this))
{
    // A commit touches the write-ahead log (or the database at a checkpoint); a new log
    // appears in the folder. Many changes in a row (an import's batches) give one refresh.
    m_settle->setSingleShot(true);
    m_settle->setInterval(300);
    connect(m_settle, &QTimer::timeout, this, &ExplorerSession::refreshFromDisk);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_settle, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_settle, qOverload<>(&QTimer::start));
}

ExplorerSession::~ExplorerSession() = default;

void ExplorerSession::setRunFilter(const RunFilter& filter)
{
    if (filter == m_runFilter)
        return;
    m_runFilter = filter;
    emit runFilterChanged();
}

namespace {

/// What opening a database reads of the machine it shows: every machine with its job counts,
/// the machine shown with its run, its run list and its logged run.
struct MachineShown
{
    std::vector<MachineRecord> machines;
    size_t index = 0;
    std::shared_ptr<const MachineData> machine;
    std::vector<RunRecord> runs;
    RunRecord logged;
};

/// A store's stop check (SqliteDatabase::setStopCheck) for the job `control` runs.
StopCheck stopWhenCancelled(const JobControl& control)
{
    return std::make_shared<const std::function<bool()>>([control] { return control.isCancelled(); });
}

/// Reads machine `index` of `machines` (read without their job counts) with run `runId`;
/// the job counts and the run list are read on a connection and a thread of their own
/// meanwhile. Throws StoreError, naming the file, when the database changed between reads.
MachineShown readMachineShown(Store& store, const std::vector<MachineRecord>& machines, size_t index,
                              std::int64_t runId)
{
    MachineShown shown;
    const std::int64_t machineId = machines[index].id;
    std::vector<MachineRecord> counted;
    std::exception_ptr countError;
    std::jthread counting([&counted, &shown, &countError, &store, machineId] {
        try {
            Store own = store.openSibling();
            counted = own.machines();
            shown.runs = placement::runs(own, machineId);
        } catch (...) {
            countError = std::current_exception();
        }
    });
    MachineData loaded = MachineData::load(store, machines[index], runId);
    counting.join();
    if (countError)
        std::rethrow_exception(countError);
    if (runId != 0
        && std::none_of(shown.runs.begin(), shown.runs.end(), [&](const RunRecord& run) { return run.id == runId; }))
        throw StoreError(store.path() + ": the runs changed while they were read");
    const auto same = std::find_if(counted.begin(), counted.end(),
                                   [&](const MachineRecord& machine) { return machine.id == machineId; });
    if (counted.size() != machines.size() || same == counted.end())
        throw StoreError(store.path() + ": the machines changed while they were read");
    shown.index = static_cast<size_t>(same - counted.begin());
    loaded.record = *same;
    shown.machine = std::make_shared<const MachineData>(std::move(loaded));
    if (runId == 0)
        shown.logged = loggedRunOf(*shown.machine);
    shown.machines = std::move(counted);
    return shown;
}

} // namespace

bool ExplorerSession::openDatabase(const QString& path, const QString& machine, const QString& run, Reading reading)
{
    std::vector<MachineRecord> machines;
    MachineShown shown;
    std::shared_ptr<const MachineData> outline;
    std::int64_t runId = 0;
    try {
        Store store = Store::openExisting(path.toStdString());
        machines = store.uncountedMachines();
        for (size_t i = 0; i < machines.size(); ++i)
            if (!machine.isEmpty() && QString::fromStdString(machines[i].name) == machine)
                shown.index = i;
        if (!machines.empty()) { // a new database holds none until logs are imported
            const MachineRecord& record = machines[shown.index];
            if (!run.isEmpty())
                runId = runNamed(store, record.id, run.toStdString()).value_or(0);
            if (reading == Reading::InBackground) {
                outline = std::make_shared<const MachineData>(MachineData::outline(store.path(), record, runId));
                shown.runs = placement::runs(store, record.id);
            } else {
                shown = readMachineShown(store, machines, shown.index, runId);
                machines = std::move(shown.machines);
            }
        }
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        return false;
    }
    m_databasePath = QFileInfo(path).absoluteFilePath();
    m_machines = std::move(machines);
    m_machineIndex = m_machines.empty() ? -1 : static_cast<int>(shown.index);
    m_lastError.clear();
    m_reopened = true; // the same ids may name other machines now
    watchDatabase();
    m_seen = diskState();
    m_runFilter = {};
    emit databaseChanged();
    emit runFilterChanged();
    m_loggedWork.cancel(); // another database's
    if (outline) {
        install(nullptr, std::move(shown.runs), {}, 1, std::move(outline));
        readInBackground();
        return true;
    }
    const bool loggedShown = !shown.machine || shown.machine->runId == 0;
    const int cpusPerNode = shown.machine ? shown.machine->cpusPerNode : 1;
    install(std::move(shown.machine), std::move(shown.runs), std::move(shown.logged), cpusPerNode);
    if (!loggedShown)
        startLoggedRun();
    return true;
}

void ExplorerSession::readInBackground()
{
    struct Read
    {
        MachineShown shown;
        std::string error;
    };
    m_readWork.startJob(
        [path = m_databasePath.toStdString(), machines = m_machines, index = static_cast<size_t>(m_machineIndex),
         runId = m_reading->runId](const JobControl& control) {
            Read read;
            try {
                Store store = Store::openExisting(path);
                // Another run or machine picked, or the window closed: the read stops at once
                // rather than finish for nothing (up to seconds on a run of millions of jobs).
                store.setStopCheck(stopWhenCancelled(control));
                read.shown = readMachineShown(store, machines, index, runId);
            } catch (const std::exception& error) {
                read.error = error.what();
            }
            return read;
        },
        [this](Read read) {
            if (!read.error.empty()) {
                m_reading.reset();
                m_lastError = QString::fromStdString(read.error);
                emit readingEnded();
                emit machineChanged(); // the views say the machine is not shown
                return;
            }
            MachineShown& shown = read.shown;
            m_machines = std::move(shown.machines); // now with their job counts
            m_machineIndex = static_cast<int>(shown.index);
            emit machinesChanged();
            installRun(std::move(shown.machine), std::move(shown.runs),
                       shown.logged.machineId ? std::optional(std::move(shown.logged)) : std::nullopt);
            m_settle->start(); // whatever was committed while it was read
        });
}

void ExplorerSession::installRun(std::shared_ptr<const MachineData> machine, std::vector<RunRecord> runs,
                                 std::optional<RunRecord> logged)
{
    // The logged run: the one held for this machine (or on its way); else from the logged
    // placements when they are shown, or read anew on the worker thread.
    const std::int64_t id = machine->record.id;
    int cpusPerNode = 1;
    bool readLogged = false;
    if (m_loggedRun.machineId == id) {
        logged = m_loggedRun;
        cpusPerNode = m_loggedCpusPerNode;
    } else if (machine->runId == 0) {
        if (!logged)
            logged = loggedRunOf(*machine);
        cpusPerNode = machine->cpusPerNode;
    } else {
        logged = RunRecord();
        readLogged = true;
    }
    install(std::move(machine), std::move(runs), std::move(*logged), cpusPerNode);
    if (readLogged)
        startLoggedRun();
}

bool ExplorerSession::finishReading()
{
    if (m_reading) {
        QEventLoop loop;
        connect(this, &ExplorerSession::readingEnded, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return m_machine || m_machines.empty();
}

void ExplorerSession::startLoggedRun()
{
    // Until it arrives: the logged run by name, without metrics (blank, not zero).
    const MachineRecord record = m_machine->record;
    m_loggedRun = RunRecord();
    m_loggedRun.machineId = record.id;
    m_loggedRun.name = "logged";
    m_loggedRun.parameters = "{\"policy\": \"logged\"}";
    m_loggedRun.summary = "{\"run_id\": 0, \"run_name\": \"logged\", \"policy\": \"logged\"}";
    struct Logged
    {
        RunRecord run;
        int cpusPerNode = 1;
        std::string error;
    };
    m_loggedWork.startJob(
        [path = m_databasePath.toStdString(), record](const JobControl& control) {
            Logged logged;
            try {
                Store store = Store::openExisting(path);
                store.setStopCheck(stopWhenCancelled(control));
                logged.cpusPerNode = loggedCpusPerNode(store, record.id);
                // In passes over the jobs, holding none: beside the run shown, a log of millions
                // of jobs would take hundreds of megabytes more at once.
                logged.run = placement::loggedRun(store, record, logged.cpusPerNode, LoggedReading::InPasses);
            } catch (const std::exception& error) {
                logged.error = error.what();
            }
            return logged;
        },
        [this, id = record.id](Logged logged) {
            const MachineData* shown = m_machine ? m_machine.get() : m_reading.get();
            if (!shown || shown->record.id != id)
                return;
            if (!logged.error.empty()) {
                m_lastError = QString::fromStdString(logged.error);
                qWarning("%s", logged.error.c_str());
                return; // the logged run stays without metrics
            }
            m_loggedRun = std::move(logged.run);
            m_loggedCpusPerNode = logged.cpusPerNode;
            emit runsChanged();
        });
}

bool ExplorerSession::selectMachine(int index, Reading reading)
{
    if (index < 0 || index >= static_cast<int>(m_machines.size()))
        return false;
    if (reading == Reading::InBackground) {
        std::shared_ptr<const MachineData> outline;
        try {
            outline = std::make_shared<const MachineData>(
                MachineData::outline(m_databasePath.toStdString(), m_machines[static_cast<size_t>(index)], 0));
        } catch (const std::exception& error) {
            m_lastError = QString::fromStdString(error.what());
            return false;
        }
        m_machineIndex = index;
        m_loggedWork.cancel(); // another machine's
        install(nullptr, {}, {}, 1, std::move(outline)); // its runs come with its jobs
        readInBackground();
        return true;
    }
    std::shared_ptr<const MachineData> loaded;
    std::vector<RunRecord> machineRuns;
    RunRecord logged;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        loaded = std::make_shared<const MachineData>(MachineData::load(store, m_machines[static_cast<size_t>(index)]));
        machineRuns = placement::runs(store, loaded->record.id);
        logged = loggedRunOf(*loaded);
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        return false;
    }
    m_machineIndex = index;
    const int cpusPerNode = loaded->cpusPerNode;
    m_loggedWork.cancel(); // read here
    install(std::move(loaded), std::move(machineRuns), std::move(logged), cpusPerNode);
    return true;
}

void ExplorerSession::reloadRuns()
{
    if (!m_machine)
        return;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        std::vector<RunRecord> machineRuns = placement::runs(store, m_machine->record.id);
        updateLoggedRun(store);
        m_runs = std::move(machineRuns);
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        return;
    }
    emit runsChanged();
}

void ExplorerSession::updateLoggedRun(Store& store)
{
    if (m_loggedWork.isJobRunning())
        return; // the worker reads it as it is now
    // Read again only when a stored run changed the processors per node it is sized with.
    const int cpusPerNode = loggedCpusPerNode(store, m_machine->record.id);
    if (cpusPerNode == m_loggedCpusPerNode)
        return;
    m_loggedRun = placement::loggedRun(store, m_machine->record, cpusPerNode, LoggedReading::InPasses);
    m_loggedCpusPerNode = cpusPerNode;
}

void ExplorerSession::watchDatabase()
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    if (m_databasePath.isEmpty())
        return;
    QStringList paths{m_databasePath, QFileInfo(m_databasePath).absolutePath()};
    const QString log = m_databasePath + QStringLiteral("-wal");
    if (QFileInfo::exists(log))
        paths << log;
    m_watcher->addPaths(paths);
}

ExplorerSession::DiskState ExplorerSession::diskState() const
{
    DiskState state;
    struct stat info = {};
    if (::stat(QFile::encodeName(m_databasePath).constData(), &info) == 0) {
        state.file = static_cast<std::uint64_t>(info.st_ino);
        state.size = static_cast<std::int64_t>(info.st_size);
        state.modified = nanoseconds(info.st_mtim);
    }
    const QByteArray log = QFile::encodeName(m_databasePath + QStringLiteral("-wal"));
    if (::stat(log.constData(), &info) == 0 && info.st_size > 0) {
        state.logSize = static_cast<std::int64_t>(info.st_size);
        state.logModified = nanoseconds(info.st_mtim);
    }
    return state;
}

bool ExplorerSession::refreshFromDisk()
{
    if (m_databasePath.isEmpty() || m_reading)
        return false; // a reading under way looks again once it ends
    watchDatabase(); // the log comes and goes; a file replaced by a rename is no longer watched
    // Taken before reading: a commit while the database is read changes it again.
    const DiskState now = diskState();
    if (now == m_seen)
        return false; // nothing committed since
    m_seen = now;
    std::vector<MachineRecord> machines;
    std::vector<RunRecord> machineRuns;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        machines = store.machines();
        if (m_machine)
            machineRuns = placement::runs(store, m_machine->record.id);
    } catch (const std::exception&) {
        m_seen = {}; // mid-write or gone: the next change tries again
        return false;
    }
    auto sameMachines = [](const std::vector<MachineRecord>& a, const std::vector<MachineRecord>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const MachineRecord& x, const MachineRecord& y) {
            return x.id == y.id && x.name == y.name && x.spec == y.spec && x.jobCount == y.jobCount;
        });
    };
    auto sameRuns = [](const std::vector<RunRecord>& a, const std::vector<RunRecord>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                          [](const RunRecord& x, const RunRecord& y) { return x.id == y.id && x.name == y.name; });
    };
    if (!sameMachines(machines, m_machines)) {
        const std::int64_t shownId = m_machine ? m_machine->record.id : 0;
        std::int64_t shownJobs = -1;
        for (const MachineRecord& machine : m_machines)
            if (machine.id == shownId)
                shownJobs = machine.jobCount;
        m_machines = std::move(machines);
        int index = -1;
        for (size_t i = 0; i < m_machines.size(); ++i)
            if (m_machines[i].id == shownId)
                index = static_cast<int>(i);
        emit machinesChanged();
        if (!m_machine && !m_machines.empty()) {
            selectMachine(0); // the database was empty: show what was imported
            return true;
        }
        if (index < 0) { // the machine shown is gone
            if (!m_machines.empty())
                selectMachine(0);
            return true;
        }
        m_machineIndex = index;
        if (m_machines[static_cast<size_t>(index)].jobCount != shownJobs) {
            // More (or fewer) logged jobs: load the run shown again, the cursor stays.
            const std::int64_t runId = m_machine->runId;
            const std::int64_t time = m_time;
            if (selectMachine(index)) {
                if (runId != 0)
                    selectRunId(runId);
                setTime(time);
            }
            return true;
        }
    }
    if (m_machine && !sameRuns(machineRuns, m_runs)) {
        try {
            Store store = Store::openExisting(m_databasePath.toStdString());
            updateLoggedRun(store);
        } catch (const std::exception&) {
            m_seen = {}; // the next change tries again
            return false;
        }
        m_runs = std::move(machineRuns);
        emit runsChanged();
    }
    return true;
}

std::int64_t ExplorerSession::runIdOf(const QString& name) const
{
    if (name.isEmpty() || name == QLatin1String("logged"))
        return 0;
    for (const RunRecord& run : m_runs)
        if (QString::fromStdString(run.name) == name)
            return run.id;
    return -1;
}

bool ExplorerSession::selectRun(const QString& name, Reading reading)
{
    const std::int64_t runId = runIdOf(name);
    const MachineData* shown = m_machine ? m_machine.get() : m_reading.get();
    if (runId < 0 || !shown) {
        m_lastError = tr("machine '%1' has no run '%2'")
                          .arg(shown ? QString::fromStdString(shown->record.name) : QString(), name);
        return false;
    }
    return selectRunId(runId, reading);
}

bool ExplorerSession::selectRunId(std::int64_t runId, Reading reading)
{
    // While a run is read, another run of its machine is read instead.
    const std::shared_ptr<const MachineData> shown = m_machine ? m_machine : m_reading;
    if (!shown)
        return false;
    if (runId == shown->runId)
        return true;
    if (reading == Reading::InBackground) {
        std::shared_ptr<const MachineData> outline;
        try {
            outline = std::make_shared<const MachineData>(
                MachineData::outline(m_databasePath.toStdString(), shown->record, runId));
        } catch (const std::exception& error) {
            m_lastError = QString::fromStdString(error.what());
            return false;
        }
        const std::optional<std::int64_t> cursor = m_machine ? std::optional(m_time) : m_cursorAfterReading;
        std::vector<RunRecord> machineRuns = m_runs;
        install(nullptr, std::move(machineRuns), m_loggedRun, m_loggedCpusPerNode, std::move(outline));
        m_cursorAfterReading = cursor;
        readInBackground();
        return true;
    }
    std::shared_ptr<const MachineData> loaded;
    std::vector<RunRecord> machineRuns;
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        loaded = std::make_shared<const MachineData>(MachineData::load(store, shown->record, runId));
        machineRuns = placement::runs(store, shown->record.id);
    } catch (const std::exception& error) {
        m_lastError = QString::fromStdString(error.what());
        return false;
    }
    installRun(std::move(loaded), std::move(machineRuns)); // a cursor kept from a reading stays
    return true;
}

QString ExplorerSession::runName() const
{
    const MachineData* shown = m_machine ? m_machine.get() : m_reading.get();
    for (const RunRecord& run : m_runs)
        if (shown && run.id == shown->runId)
            return QString::fromStdString(run.name);
    return {};
}

void ExplorerSession::install(std::shared_ptr<const MachineData> machine, std::vector<RunRecord> runs, RunRecord logged,
                              int loggedCpusPerNode, std::shared_ptr<const MachineData> outline)
{
    const bool sameMachine = m_machine && machine && m_machine->record.id == machine->record.id
        && m_machine->record.spec == machine->record.spec && !m_reopened;
    m_reopened = false;
    const bool wasReading = m_reading != nullptr;
    m_readWork.cancel();
    m_reading = std::move(outline);
    // A run read in place of another of the same machine keeps the other's cursor.
    const std::optional<std::int64_t> kept = std::exchange(m_cursorAfterReading, std::nullopt);
    m_machine = std::move(machine);
    m_runs = std::move(runs);
    m_loggedRun = std::move(logged);
    m_loggedCpusPerNode = loggedCpusPerNode;
    m_compared.reset();
    m_comparedName.clear();
    m_selectedJob = -1;
    if (!m_machine) {
        m_time = 0;
        m_occupancy = {};
        emit machineChanged();
        if (wasReading)
            emit readingEnded();
        return;
    }
    m_linkMode = defaultLinkColorMode(*m_machine);
    // Another run of the same machine replays the same workload on the same time axis: the
    // cursor stays, if the run spans it (a run with transformed arrivals may not). Another
    // machine, or a run elsewhere in time, opens at its busiest moment.
    const std::optional<std::int64_t> cursor = sameMachine ? std::optional(m_time) : kept;
    const bool spansCursor = cursor && *cursor >= m_machine->firstTime && *cursor <= m_machine->lastTime;
    const std::int64_t time = spansCursor ? *cursor : m_machine->openingTime;
    m_time = std::clamp(time, m_machine->firstTime, m_machine->lastTime);
    updateOwners();
    emit machineChanged();
    if (wasReading)
        emit readingEnded();
}

bool ExplorerSession::compareWith(const QString& name)
{
    if (name.isEmpty() || !m_machine) {
        if (!m_compared)
            return true;
        m_compared.reset();
        m_comparedName.clear();
        emit comparedChanged();
        return true;
    }
    const std::int64_t runId = runIdOf(name);
    if (runId < 0) {
        m_lastError = tr("machine '%1' has no run '%2'").arg(QString::fromStdString(m_machine->record.name), name);
        return false;
    }
    try {
        Store store = Store::openExisting(m_databasePath.toStdString());
        m_compared = std::make_shared<const MachineData>(MachineData::load(store, m_machine->record, runId));
    } catch (const std::exception& error) {
        m_lastError = QString::fromUtf8(error.what());
        return false;
    }
    m_comparedName = runId == 0 ? QStringLiteral("logged") : name;
    emit comparedChanged();
    return true;
}

void ExplorerSession::setTime(std::int64_t time)
{
    if (!m_machine)
        return;
    time = std::clamp(time, m_machine->firstTime, m_machine->lastTime);
    if (time == m_time)
        return;
    m_time = time;
    updateOwners();
    emit timeChanged(m_time);
}

void ExplorerSession::updateOwners()
{
    m_occupancy = occupancyAt(m_machine->jobs, m_machine->topology->nodeCount(), m_time);
}

void ExplorerSession::selectJob(int jobIndex)
{
    if (!m_machine || jobIndex < 0 || static_cast<size_t>(jobIndex) >= m_machine->jobs.size())
        jobIndex = -1;
    if (jobIndex == m_selectedJob)
        return;
    m_selectedJob = jobIndex;
    emit selectedJobChanged(m_selectedJob);
}

bool ExplorerSession::selectJobById(const QString& id)
{
    if (!m_machine)
        return false;
    const std::string wanted = id.toStdString();
    const auto found = std::find_if(m_machine->jobs.begin(), m_machine->jobs.end(),
                                    [&](const Job& job) { return job.id == wanted; });
    if (found == m_machine->jobs.end())
        return false;
    if (!found->runsAt(m_time))
        setTime(found->start);
    selectJob(static_cast<int>(found - m_machine->jobs.begin()));
    return true;
}

void ExplorerSession::setLinkColorMode(LinkColorMode mode)
{
    if (mode == m_linkMode)
        return;
    m_linkMode = mode;
    emit linkColorModeChanged(mode);
}

void ExplorerSession::setWhatIfPolicy(const QString& policy)
{
    if (policy == m_whatIfPolicy)
        return;
    m_whatIfPolicy = policy;
    emit whatIfPolicyChanged(policy);
}

void ExplorerSession::setLinksShown(bool shown)
{
    if (shown == m_linksShown)
        return;
    m_linksShown = shown;
    emit linksShownChanged(shown);
}

void ExplorerSession::setWrapLinks(bool wrap)
{
    if (wrap == m_wrapLinks)
        return;
    m_wrapLinks = wrap;
    emit wrapLinksChanged(wrap);
}

} // namespace placement
