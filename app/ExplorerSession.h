// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"
#include "app/LinkColoring.h"
#include "app/MachineData.h"
#include "app/RunTableModel.h"
#include "core/Occupancy.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace placement {

/// What the explorer shows, in one place: the database, its machines, the machine and run
/// shown, the run compared with it, the time cursor, the selected job and how links are
/// drawn. Every dock and view reads its state from here and follows its change signals; the
/// main window only builds the widgets and wires them.
///
/// The loaded runs are shared (std::shared_ptr): a dock keeps the run it shows alive until it
/// takes the next one, whatever order the docks hear of the change in. Changing the machine
/// or the run shown resets everything derived from it here, at once, before anyone is told
/// (machineChanged): the time goes to the new run's opening moment, the selection and the
/// comparison end, the run list is the new machine's.
class ExplorerSession : public QObject
{
    Q_OBJECT
public:
    explicit ExplorerSession(QObject* parent = nullptr);
    ~ExplorerSession() override;

    /// Opens a database and shows its first machine (none for a new, empty database), or the
    /// machine called `machine` with its run called `run` where it has them (else the first
    /// machine, or the logged placements): one machine and one run are read, not the first
    /// machine on the way to another. On failure nothing changes and lastError() says why
    /// (naming the file).
    ///
    /// With Reading::InBackground, the machine's jobs are read on a worker thread: until they
    /// arrive, machine() is null and machineBeingRead() is the machine without its jobs
    /// (isReading()); then machineChanged() shows it, and readingEnded() follows. A reading
    /// that fails leaves no machine shown, with lastError() saying why.
    enum class Reading { Now, InBackground };
    bool openDatabase(const QString& path, const QString& machine = {}, const QString& run = {},
                      Reading reading = Reading::Now);
    QString databasePath() const { return m_databasePath; }
    /// The machine's jobs are being read (openDatabase() with Reading::InBackground).
    bool isReading() const { return m_reading != nullptr; }
    /// While isReading(): the machine, its run id and topology, without jobs; else null.
    const MachineData* machineBeingRead() const { return m_reading.get(); }
    /// Waits (running the event loop) until the reading ends; false when no machine is shown
    /// after it (the reading failed, lastError() says why) though the database has machines.
    bool finishReading();
    QString lastError() const { return m_lastError; }

    const std::vector<MachineRecord>& machines() const { return m_machines; }
    int machineIndex() const { return m_machineIndex; }
    /// Shows the logged placements of machine `index`; false (lastError()) if it cannot load.
    /// With Reading::InBackground, they are read on the worker thread as openDatabase() reads
    /// them, and the machine's run list comes with them.
    bool selectMachine(int index, Reading reading = Reading::Now);

    /// The stored simulated runs of the machine shown.
    const std::vector<RunRecord>& runs() const { return m_runs; }
    /// The machine's logged run (id 0, services/LoggedRun.h): its system metrics from the logged
    /// times, with or without node lists. Read again with the run list (runsChanged): its
    /// processors per node follow the latest run's. When a simulated run was opened first,
    /// the logged jobs are read on a worker thread: until then (isLoggedRunKnown() false)
    /// the record has no metrics, and runsChanged follows when they arrive.
    const RunRecord& loggedRun() const { return m_loggedRun; }
    bool isLoggedRunKnown() const { return !m_loggedWork.isJobRunning() && !m_reading; }
    /// Reads the run list again (after a simulation stored one).
    void reloadRuns();
    /// Reads what another program (the command line, a second explorer) stored since: new
    /// machines join the list (machinesChanged), new or deleted runs the run list
    /// (runsChanged), and when the machine shown gained jobs it is loaded again, keeping the
    /// time cursor. Runs by itself shortly after the database's files change on disk.
    /// Returns whether it read the database again: not when nothing was committed since.
    bool refreshFromDisk();
    /// Shows run `name` of the machine ("" or "logged": the logged placements); false if there
    /// is no such run or it cannot load (lastError()).
    /// With Reading::InBackground, its jobs are read on the worker thread as openDatabase()
    /// reads them; the time cursor stays where the run spans it.
    bool selectRun(const QString& name, Reading reading = Reading::Now);
    bool selectRunId(std::int64_t runId, Reading reading = Reading::Now);
    /// The run shown's name; empty for the logged placements.
    QString runName() const;

    /// The machine and run shown (null before a database is open).
    const MachineData* machine() const { return m_machine.get(); }
    std::shared_ptr<const MachineData> sharedMachine() const { return m_machine; }

    /// Which runs the Runs dock and the sweep chart show: a sweep's, and of those the runs
    /// with one parameter value. It stays when the machine changes (a sweep may span
    /// machines) and is cleared when another database is opened.
    const RunFilter& runFilter() const { return m_runFilter; }
    void setRunFilter(const RunFilter& filter);

    /// Compares the run shown with run `name` ("logged": the logged placements); "" ends it.
    bool compareWith(const QString& name);
    const MachineData* compared() const { return m_compared.get(); }
    std::shared_ptr<const MachineData> sharedCompared() const { return m_compared; }
    QString comparedName() const { return m_comparedName; }

    /// The time cursor, always within the run's first start and last end.
    std::int64_t time() const { return m_time; }
    void setTime(std::int64_t time);
    /// The job holding each node at the time cursor (-1: idle); of a node that several jobs
    /// hold, one of them (occupancy() counts them).
    const std::vector<int>& owners() const { return m_occupancy.owners; }
    /// Who holds the nodes at the time cursor: owners, holders per node, busy nodes (each
    /// once), nodes shared by several jobs, jobs running.
    const NodeOccupancy& occupancy() const { return m_occupancy; }

    /// The selected job (index into the shown run's jobs), -1 for none.
    int selectedJob() const { return m_selectedJob; }
    void selectJob(int jobIndex);
    /// Selects the job with this id, moving the time into its run if needed; false when the
    /// machine has no such job.
    bool selectJobById(const QString& id);

    LinkColorMode linkColorMode() const { return m_linkMode; }
    void setLinkColorMode(LinkColorMode mode);
    bool linksShown() const { return m_linksShown; }
    void setLinksShown(bool shown);
    bool wrapLinks() const { return m_wrapLinks; }
    void setWrapLinks(bool wrap);

    /// The policy asked where the selected job would have gone (core/WhatIf.h), by
    /// allocatorPolicies() name; empty: none. It stays when the machine changes.
    QString whatIfPolicy() const { return m_whatIfPolicy; }
    void setWhatIfPolicy(const QString& policy);

signals:
    /// The reading of the machine's jobs ended: they are shown, it failed (lastError()), or
    /// another machine or database was shown first.
    void readingEnded();
    /// Another database is open (the machine list changed); machineChanged() follows.
    void databaseChanged();
    /// The open database gained or changed machines (another program imported logs); the
    /// machine shown stays.
    void machinesChanged();
    /// The machine or the run shown changed, and with it everything derived: the time, the
    /// selected job, the comparison and the run list. Read them all again.
    void machineChanged();
    /// The stored runs of the machine changed (a run was added).
    void runsChanged();
    void comparedChanged();
    void runFilterChanged();
    void timeChanged(std::int64_t time);
    void selectedJobChanged(int jobIndex);
    void linkColorModeChanged(LinkColorMode mode);
    void linksShownChanged(bool shown);
    void wrapLinksChanged(bool wrap);
    void whatIfPolicyChanged(const QString& policy);

private:
    /// Shows `machine` (its run list `runs`, its logged run `logged`, sized with
    /// `loggedCpusPerNode`) and resets what derives from it; ends a reading under way. With
    /// `outline` (and no machine): that machine's jobs are to be read (readInBackground()).
    void install(std::shared_ptr<const MachineData> machine, std::vector<RunRecord> runs, RunRecord logged,
                 int loggedCpusPerNode, std::shared_ptr<const MachineData> outline = {});
    /// Reads the jobs of machineBeingRead() on the worker thread, then shows them.
    void readInBackground();
    /// Shows `machine` with its run list, with the logged run of the machine: from its logged
    /// placements (`logged` when already found), the one held, or read anew.
    void installRun(std::shared_ptr<const MachineData> machine, std::vector<RunRecord> runs,
                    std::optional<RunRecord> logged = std::nullopt);
    /// Reads the logged run again if the machine's latest run reads processors otherwise.
    void updateLoggedRun(Store& store);
    /// Reads the logged run of the machine shown on the worker thread (loggedRun()).
    void startLoggedRun();
    std::int64_t runIdOf(const QString& name) const;
    void updateOwners();
    /// Watches the open database's files (the database, its write-ahead log and their folder).
    void watchDatabase();

    QString m_databasePath;
    QString m_lastError;
    std::vector<MachineRecord> m_machines;
    int m_machineIndex = -1;
    std::vector<RunRecord> m_runs;
    RunRecord m_loggedRun;
    int m_loggedCpusPerNode = 1;
    std::shared_ptr<const MachineData> m_machine;
    std::shared_ptr<const MachineData> m_compared;
    QString m_comparedName;
    std::int64_t m_time = 0;
    NodeOccupancy m_occupancy;
    int m_selectedJob = -1;
    LinkColorMode m_linkMode = LinkColorMode::Users;
    bool m_linksShown = false;
    bool m_wrapLinks = false;
    QString m_whatIfPolicy;
    RunFilter m_runFilter;
    bool m_reopened = false; ///< a database was just opened: nothing carries over
    QFileSystemWatcher* m_watcher;
    QTimer* m_settle; ///< refreshFromDisk() once the files have been quiet a moment
    /// The database's files as last read (size and time of change of the file and of its
    /// write-ahead log): a commit appends to the log or, checkpointed, writes the file. Other
    /// files come and go in the folder, and every reader that opens and closes the database
    /// creates and deletes an empty log; none of that is read again.
    struct DiskState
    {
        std::uint64_t file = 0; ///< inode: a database replaced by a rename is another file
        std::int64_t size = 0, modified = 0; ///< modified: nanoseconds
        std::int64_t logSize = 0, logModified = 0; ///< 0, 0 without a log or with an empty one
        bool operator==(const DiskState&) const = default;
    };
    DiskState m_seen;
    DiskState diskState() const;
    std::shared_ptr<const MachineData> m_reading; ///< machineBeingRead()
    std::optional<std::int64_t> m_cursorAfterReading; ///< the time of the run the one read replaces
    /// Reads the logged run (startLoggedRun()), and the machine's jobs (readInBackground()).
    /// Last members: destroyed first, so that no result arrives at a half-destroyed session.
    JobTracker m_loggedWork{this};
    JobTracker m_readWork{this};
};

} // namespace placement
