// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/JobImport.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace placement {

class TaskListDock;

/// Asks what to import: log files, their format, the machine they ran on (an existing one,
/// or a new one from a preset, a topology.conf, a topology.yaml, a coordinates CSV or a Cray cname table) and how
/// strict to be.
class ImportDialog : public QDialog
{
    Q_OBJECT
public:
    ImportDialog(const QStringList& machines, QWidget* parent = nullptr);

    ImportRequest request() const;
    void setFiles(const QStringList& files);

private:
    void addFiles();
    void updateAcceptable();

    QListWidget* m_files;
    QComboBox* m_format;
    QComboBox* m_machine;
    QLineEdit* m_newName;
    QLineEdit* m_topology;
    QCheckBox* m_strict;
    QLineEdit* m_timeZone; ///< an IANA zone name or a fixed UTC offset
    QPushButton* m_ok = nullptr;
    QPushButton* m_browse = nullptr;
};

struct TaskProgress;

/// Imports `request` into the database at `path` on the calling thread, reporting to
/// `progress` and stopping when it is cancelled; `failure` says why nothing was stored when
/// the import threw.
void importInto(ImportResult& result, QString& failure, const QString& path, ImportRequest request,
                TaskProgress& progress);

/// Runs an import off the GUI thread behind a progress dialog with Cancel; returns the
/// result (or the error) when it is done. The database is written by its own connection.
class ImportRunner : public QObject
{
    Q_OBJECT
public:
    /// Blocks in a local event loop (the GUI stays live) until the import ends.
    static ImportResult run(const QString& databasePath, ImportRequest request, QWidget* parent, QString* error);
    /// As a row of `tasks` with its progress and Cancel, without waiting: `done` gets the
    /// result (and why it failed, if it did) on the GUI thread and returns what the row says
    /// then. Returns the task.
    static int start(TaskListDock& tasks, const QString& databasePath, ImportRequest request,
                     std::function<QString(const ImportResult&, const QString& failure)> done);
};

} // namespace placement
