// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// SimulationRunner (app/SimulateDialog.h): a simulation started from the explorer, whole
// nodes or by cores, on a thread of its own with its own database connection.

#include "app/ModalJob.h"
#include "app/SimulateDialog.h"
#include "app/TaskListDock.h"
#include "services/CoreRun.h"
#include "services/Simulation.h"
#include "store/Store.h"

namespace placement {

namespace {

/// The work of a simulation: on the calling thread, into `outcome`.
void simulateInto(SimulationOutcome& outcome, const QString& databasePath, SimulationSetup setup,
                  TaskProgress& progress, int cancelAfter)
{
    setup.options.progress = [&progress, cancelAfter](int done, int total) {
        progress.permille = total ? static_cast<int>(1000LL * done / total) : 0;
        if (cancelAfter > 0 && done >= cancelAfter)
            progress.cancel = true;
        return !progress.cancel.load();
    };
    try {
        Store store = Store::openExisting(databasePath.toStdString());
        outcome.summary = runStoredSimulation(store, setup, PLACEMENT_BUILD_ID);
        outcome.finished = true;
    } catch (const SimulationCancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& exception) {
        outcome.error = QString::fromUtf8(exception.what());
    }
}

/// A replay by cores: on the calling thread, into `outcome`; stored unless cancelled first.
void simulateByCoresInto(SimulationOutcome& outcome, const QString& databasePath, const CoreRunSetup& setup,
                         TaskProgress& progress)
{
    try {
        Store store = Store::openExisting(databasePath.toStdString());
        CoreRunOutcome run = runStoredCoreSimulation(store, setup);
        if (progress.cancel.load()) {
            outcome.cancelled = true;
            return;
        }
        storeCoreRun(store, setup, PLACEMENT_BUILD_ID, run);
        outcome.summary.runId = run.runId;
        outcome.summary.runName = run.runName;
        outcome.summary.metrics = run.metrics;
        outcome.summary.meanAph = run.meanAph;
        outcome.summary.jobsWithPairs = run.jobsWithPairs;
        outcome.summary.mapping = run.summary.mapping;
        outcome.summary.simulationSeconds = run.seconds;
        outcome.summary.skippedByReason = run.skippedByReason;
        outcome.coreUtilization = run.summary.coreUtilization;
        outcome.finished = true;
    } catch (const std::exception& exception) {
        outcome.error = QString::fromUtf8(exception.what());
    }
}

} // namespace

SimulationOutcome SimulationRunner::run(const QString& databasePath, SimulationSetup setup, QWidget* parent,
                                        int cancelAfter)
{
    TaskProgress progress;
    SimulationOutcome outcome;
    runModally(QObject::tr("Simulating…"), parent, progress,
               [&] { simulateInto(outcome, databasePath, std::move(setup), progress, cancelAfter); });
    return outcome;
}

namespace {

/// A simulation as a row of `tasks`: `work` fills the outcome on the task's thread, `done`
/// reads it on the GUI thread.
int startTask(TaskListDock& tasks, const std::string& name, const std::string& machine,
              std::shared_ptr<TaskProgress> progress, std::function<void(SimulationOutcome&)> work,
              std::function<QString(const SimulationOutcome&)> done)
{
    auto outcome = std::make_shared<SimulationOutcome>();
    return tasks.start(
        QObject::tr("Simulating %1 on %2").arg(QString::fromStdString(name), QString::fromStdString(machine)), progress,
        [outcome, work = std::move(work)] { work(*outcome); },
        [outcome, done = std::move(done)] { return done(*outcome); });
}

} // namespace

int SimulationRunner::start(TaskListDock& tasks, const QString& databasePath, SimulationSetup setup,
                            std::shared_ptr<TaskProgress> progress,
                            std::function<QString(const SimulationOutcome&)> done)
{
    const std::string name = setup.runName.empty() ? defaultRunName(setup) : setup.runName;
    const std::string machine = setup.machine;
    return startTask(
        tasks, name, machine, progress,
        [databasePath, setup = std::move(setup), progress](SimulationOutcome& outcome) {
            simulateInto(outcome, databasePath, setup, *progress, 0);
        },
        std::move(done));
}

int SimulationRunner::start(TaskListDock& tasks, const QString& databasePath, CoreRunSetup setup,
                            std::shared_ptr<TaskProgress> progress,
                            std::function<QString(const SimulationOutcome&)> done)
{
    const std::string name = setup.runName.empty() ? defaultCoreRunName(setup) : setup.runName;
    const std::string machine = setup.machine;
    return startTask(
        tasks, name, machine, progress,
        [databasePath, setup = std::move(setup), progress](SimulationOutcome& outcome) {
            simulateByCoresInto(outcome, databasePath, setup, *progress);
        },
        std::move(done));
}

} // namespace placement
