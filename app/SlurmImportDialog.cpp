// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/SlurmImportDialog.h"

#include "app/ImportDialog.h"
#include "app/JobTracker.h"
#include "app/TaskListDock.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QVBoxLayout>

#include <memory>

namespace placement {

SlurmImportDialog::SlurmImportDialog(QWidget* parent)
    : QDialog(parent)
    , m_cluster(new QLineEdit(this))
    , m_since(new QLineEdit(this))
    , m_until(new QLineEdit(this))
    , m_machine(new QLineEdit(this))
{
    setWindowTitle(tr("Import from Slurm"));
    auto* intro = new QLabel(tr("Imports the jobs that Slurm's accounting (<tt>sacct</tt>) reports and that are not "
                                "stored yet. A new machine is made from Slurm's <tt>topology.conf</tt> (else "
                                "<tt>scontrol show topology</tt>), its nodes in <tt>slurm.conf</tt>'s order. The "
                                "Slurm client commands must be on PATH."),
                             this);
    intro->setWordWrap(true);
    m_cluster->setObjectName(QStringLiteral("clusterEdit"));
    m_cluster->setPlaceholderText(tr("the local cluster"));
    m_since->setObjectName(QStringLiteral("sinceEdit"));
    m_until->setObjectName(QStringLiteral("untilEdit"));
    m_machine->setObjectName(QStringLiteral("machineEdit"));
    m_machine->setPlaceholderText(tr("the cluster's name"));
    auto* form = new QFormLayout;
    form->addRow(tr("&Cluster:"), m_cluster);
    form->addRow(tr("&Since:"), m_since);
    form->addRow(tr("&Until:"), m_until);
    form->addRow(tr("&Machine name:"), m_machine);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setRequest(FromSlurmRequest{});
}

FromSlurmRequest SlurmImportDialog::request() const
{
    FromSlurmRequest request;
    request.cluster = m_cluster->text().trimmed().toStdString();
    request.machine = m_machine->text().trimmed().toStdString();
    // sacct's own defaults when left empty, as on the command line.
    if (const QString since = m_since->text().trimmed(); !since.isEmpty())
        request.since = since.toStdString();
    if (const QString until = m_until->text().trimmed(); !until.isEmpty())
        request.until = until.toStdString();
    return request;
}

void SlurmImportDialog::setRequest(const FromSlurmRequest& request)
{
    m_cluster->setText(QString::fromStdString(request.cluster));
    m_since->setText(QString::fromStdString(request.since));
    m_until->setText(QString::fromStdString(request.until));
    m_machine->setText(QString::fromStdString(request.machine));
}

int SlurmImportRunner::start(
    TaskListDock& tasks, const QString& databasePath, FromSlurmRequest request,
    std::function<QString(const SlurmExport&, const ImportResult&, const QString& failure)> done)
{
    struct Outcome
    {
        SlurmExport exported;
        ImportResult result;
        QString failure;
    };
    auto outcome = std::make_shared<Outcome>();
    auto progress = std::make_shared<TaskProgress>();
    const QString label = QObject::tr("Importing from Slurm into %1").arg(QFileInfo(databasePath).fileName());
    return tasks.start(
        label, progress,
        [outcome, databasePath, request = std::move(request), progress]() mutable {
            try {
                QTemporaryDir work; // the export, removed when the import is done
                if (!work.isValid())
                    throw std::runtime_error("no temporary directory: " + work.errorString().toStdString());
                request.workDirectory = work.path().toStdString();
                outcome->exported = exportFromSlurm(databasePath.toStdString(), request);
                if (outcome->exported.jobs == outcome->exported.known) {
                    outcome->result.machine = outcome->exported.machine;
                    outcome->result.committed = true; // nothing new: nothing to write
                    return;
                }
                importInto(outcome->result, outcome->failure, databasePath, slurmImportRequest(outcome->exported),
                           *progress);
            } catch (const std::exception& error) {
                outcome->failure = QString::fromUtf8(error.what());
            }
        },
        [outcome, done = std::move(done)] { return done(outcome->exported, outcome->result, outcome->failure); });
}

} // namespace placement
