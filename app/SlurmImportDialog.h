// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/cli/FromSlurm.h"

#include <QDialog>

#include <functional>

class QLineEdit;

namespace placement {

class TaskListDock;

/// File > Import from Slurm: what `placement import --from-slurm` asks the Slurm this
/// machine's clients reach for: the cluster, the time window and the machine's name.
class SlurmImportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SlurmImportDialog(QWidget* parent = nullptr);

    /// What to ask for (the work directory is the runner's).
    FromSlurmRequest request() const;
    void setRequest(const FromSlurmRequest& request);

private:
    QLineEdit* m_cluster;
    QLineEdit* m_since;
    QLineEdit* m_until;
    QLineEdit* m_machine;
};

/// Runs exportFromSlurm() and the import of its export (slurmImportRequest(), as the command
/// line does) as a row of `tasks`, off the GUI thread. Nothing is written when a Slurm
/// client is missing or fails: `done` gets the reason. When every job is stored already the
/// result is committed with no file imported.
class SlurmImportRunner
{
public:
    static int start(TaskListDock& tasks, const QString& databasePath, FromSlurmRequest request,
                     std::function<QString(const SlurmExport&, const ImportResult&, const QString& failure)> done);
};

} // namespace placement
