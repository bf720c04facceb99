// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// The main window's ways of getting logs into the open database: files dropped on it, the
// Import dialog and the import from Slurm, each run as a task of the Tasks dock.

#include "app/ImportDialog.h"
#include "app/MainWindow.h"
#include "app/SlurmImportDialog.h"
#include "app/TaskListDock.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>

namespace placement {

namespace {

/// The local files of a drag, or nothing when any of it is not a local file.
QStringList droppedFiles(const QMimeData* data)
{
    QStringList files;
    if (!data || !data->hasUrls())
        return {};
    for (const QUrl& url : data->urls()) {
        if (!url.isLocalFile() || !QFileInfo(url.toLocalFile()).isFile())
            return {};
        files << url.toLocalFile();
    }
    return files;
}

bool isDatabaseFile(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("sqlite") || suffix == QLatin1String("db") || suffix == QLatin1String("sqlite3");
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    // Open the dialog after the drop returns: the drag source is not kept waiting.
    QTimer::singleShot(0, this, [this, files] {
        if (files.size() == 1 && isDatabaseFile(files.front())) {
            if (!openDatabase(files.front()))
                QMessageBox::warning(this, tr("Cannot open database"), m_lastError);
            return;
        }
        chooseImport(files);
    });
}

void MainWindow::chooseImport(const QStringList& files)
{
    QStringList machines;
    for (const MachineRecord& machine : m_session->machines())
        machines << QString::fromStdString(machine.name);
    ImportDialog dialog(machines, this);
    dialog.setWindowTitle(tr("Import Logs into %1").arg(QFileInfo(databasePath()).fileName()));
    if (!files.isEmpty())
        dialog.setFiles(files);
    if (dialog.exec() != QDialog::Accepted)
        return;
    importInBackground(dialog.request());
}

QString MainWindow::showBackgroundImport(const QString& message)
{
    // The window stays usable while it runs: the task's row shows its progress and Cancel.
    m_tasksDock->show();
    m_tasksDock->raise();
    statusBar()->showMessage(message);
    return databasePath();
}

int MainWindow::importInBackground(const ImportRequest& request)
{
    const QString path = showBackgroundImport(tr("Importing in the background (Tasks dock)."));
    return ImportRunner::start(*m_tasksDock, path, request,
                               [this, path](const ImportResult& result, const QString& failure) {
                                   return importEnded(result, failure, path);
                               });
}

void MainWindow::chooseSlurmImport()
{
    SlurmImportDialog dialog(this);
    dialog.setWindowTitle(tr("Import from Slurm into %1").arg(QFileInfo(databasePath()).fileName()));
    if (dialog.exec() != QDialog::Accepted)
        return;
    importFromSlurmInBackground(dialog.request());
}

int MainWindow::importFromSlurmInBackground(const FromSlurmRequest& request)
{
    const QString path = showBackgroundImport(tr("Importing from Slurm in the background (Tasks dock)."));
    return SlurmImportRunner::start(
        *m_tasksDock, path, request,
        [this, path](const SlurmExport& exported, const ImportResult& result, const QString& failure) {
            if (!failure.isEmpty())
                return importEnded(result, failure, path);
            const QString machine = QString::fromStdString(exported.machine).toHtmlEscaped();
            // As the command line says it.
            const QString sacct
                = tr("sacct: %1 jobs, %2 already stored for %3.").arg(exported.jobs).arg(exported.known).arg(machine);
            if (exported.jobs == exported.known) {
                statusBar()->showMessage(tr("Nothing new to import from Slurm."));
                return sacct + QStringLiteral("<br>") + tr("Nothing new to import.");
            }
            return sacct + QStringLiteral("<br>") + importEnded(result, failure, path);
        });
}

QString MainWindow::importEnded(const ImportResult& result, const QString& failure, const QString& path)
{
    if (!failure.isEmpty() || !result.committed) {
        const QString why = failure.isEmpty() ? QString::fromStdString(result.failure) : failure;
        statusBar()->showMessage(tr("Nothing imported: %1").arg(why));
        return tr("Nothing imported: %1").arg(why.toHtmlEscaped());
    }
    QString text = tr("Imported into machine <i>%1</i>.").arg(QString::fromStdString(result.machine).toHtmlEscaped());
    for (const std::string& warning : result.warnings)
        text += QStringLiteral("<br>") + tr("Warning: %1").arg(QString::fromStdString(warning).toHtmlEscaped());
    // The report as the command line prints it: per file, what was stored, skipped and
    // rejected (with file and line).
    const QStringList report
        = QString::fromStdString(formatImportReport(result)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    constexpr int shown = 16;
    text += QStringLiteral("<br><small>")
        + report.mid(0, shown)
              .join(QLatin1Char('\n'))
              .toHtmlEscaped()
              .replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (report.size() > shown)
        text += QStringLiteral("<br>")
            + tr("… %n more line(s): placement import prints them all", nullptr,
                 static_cast<int>(report.size() - shown));
    text += QStringLiteral("</small>");
    statusBar()->showMessage(result.warnings.empty() ? tr("Import finished.") : tr("Import finished with warnings."));
    if (path != databasePath())
        return text; // another database is open now; the imported one is as it was left
    // The machine list and the machine shown, read again; a new machine is shown at once,
    // as is the machine imported into when the window showed it.
    m_session->refreshFromDisk();
    const std::vector<MachineRecord>& all = m_session->machines();
    for (size_t index = 0; index < all.size(); ++index)
        if (all[index].name == result.machine && static_cast<int>(index) != m_session->machineIndex())
            selectMachine(static_cast<int>(index));
    return text;
}

} // namespace placement
