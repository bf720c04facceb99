// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ImportDialog.h"

#include "app/BackgroundTask.h"

#include "store/Store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>


namespace placement {

ImportDialog::ImportDialog(const QStringList& machines, QWidget* parent)
    : QDialog(parent)
    , m_files(new QListWidget)
    , m_format(new QComboBox)
    , m_machine(new QComboBox)
    , m_newName(new QLineEdit)
    , m_topology(new QLineEdit)
    , m_strict(new QCheckBox(tr("Stop at the first bad line and import nothing")))
    , m_utcOffset(new QLineEdit(QStringLiteral("+00:00")))
{
    setWindowTitle(tr("Import Scheduler Logs"));
    auto* layout = new QVBoxLayout(this);
    auto* filesRow = new QHBoxLayout;
    filesRow->addWidget(m_files, 1);
    auto* add = new QPushButton(tr("Add Files…"));
    filesRow->addWidget(add, 0, Qt::AlignTop);
    layout->addLayout(filesRow);

    auto* form = new QFormLayout;
    m_format->addItem(tr("Detect"), QString());
    for (LogFormat format : {LogFormat::Sacct, LogFormat::Jobcomp, LogFormat::Moab, LogFormat::Torque, LogFormat::Swf})
        m_format->addItem(QString::fromLatin1(logFormatName(format)), QString::fromLatin1(logFormatName(format)));
    form->addRow(tr("Format:"), m_format);
    m_machine->addItems(machines);
    m_machine->addItem(tr("New machine…"));
    form->addRow(tr("Machine:"), m_machine);
    m_newName->setPlaceholderText(tr("name of the new machine"));
    form->addRow(tr("New machine name:"), m_newName);
    m_topology->setPlaceholderText(tr("preset (cab, titan…), machine spec, topology.conf or coordinates CSV"));
    auto* topologyRow = new QHBoxLayout;
    topologyRow->addWidget(m_topology, 1);
    m_browse = new QPushButton(tr("Browse…"));
    auto* browse = m_browse;
    topologyRow->addWidget(browse);
    form->addRow(tr("Described by:"), topologyRow);
    m_utcOffset->setToolTip(tr("Zone of the local times in sacct and jobcomp logs"));
    form->addRow(tr("Local times' UTC offset:"), m_utcOffset);
    form->addRow(QString(), m_strict);
    layout->addLayout(form);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Import"));
    layout->addWidget(buttons);

    connect(add, &QPushButton::clicked, this, &ImportDialog::addFiles);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Machine Description"));
        if (!file.isEmpty())
            m_topology->setText(file);
    });
    connect(m_machine, &QComboBox::currentIndexChanged, this, &ImportDialog::updateAcceptable);
    connect(m_topology, &QLineEdit::textChanged, this, &ImportDialog::updateAcceptable);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateAcceptable();
    resize(640, 420);
}

void ImportDialog::addFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Scheduler Logs"), QString(),
        tr("Logs (*.log *.txt *.swf *.gz *.bz2 *.xz *.zst *.tgz *.tar *.zip *);;All files (*)"));
    QStringList all;
    for (int i = 0; i < m_files->count(); ++i)
        all << m_files->item(i)->text();
    setFiles(all + files);
}

void ImportDialog::setFiles(const QStringList& files)
{
    m_files->clear();
    m_files->addItems(files);
    updateAcceptable();
}

void ImportDialog::updateAcceptable()
{
    const bool newMachine = m_machine->currentIndex() == m_machine->count() - 1;
    m_newName->setEnabled(newMachine);
    m_topology->setEnabled(newMachine);
    m_browse->setEnabled(newMachine);
    m_ok->setEnabled(m_files->count() > 0 && (!newMachine || !m_topology->text().trimmed().isEmpty()));
}

ImportRequest ImportDialog::request() const
{
    ImportRequest request;
    for (int i = 0; i < m_files->count(); ++i)
        request.files.push_back(m_files->item(i)->text().toStdString());
    const QString format = m_format->currentData().toString();
    for (LogFormat candidate :
         {LogFormat::Sacct, LogFormat::Jobcomp, LogFormat::Moab, LogFormat::Torque, LogFormat::Swf})
        if (format == QLatin1String(logFormatName(candidate)))
            request.format = candidate;
    const bool newMachine = m_machine->currentIndex() == m_machine->count() - 1;
    if (newMachine) {
        request.machine = m_newName->text().trimmed().toStdString();
        request.topology = m_topology->text().trimmed().toStdString();
    } else {
        request.machine = m_machine->currentText().toStdString();
    }
    request.options.strict = m_strict->isChecked();
    const QString offset = m_utcOffset->text().trimmed();
    if (offset.size() == 6 && (offset[0] == QLatin1Char('+') || offset[0] == QLatin1Char('-'))) {
        const std::int64_t seconds = offset.mid(1, 2).toLongLong() * 3600 + offset.mid(4, 2).toLongLong() * 60;
        request.options.utcOffsetSeconds = offset[0] == QLatin1Char('-') ? -seconds : seconds;
    }
    return request;
}

ImportResult ImportRunner::run(const QString& databasePath, ImportRequest request, QWidget* parent, QString* error)
{
    TaskProgress progress;
    request.options.progress = [&](std::uint64_t done, std::uint64_t total) {
        progress.permille = total ? static_cast<int>(1000 * done / total) : 0;
        return !progress.cancel.load();
    };
    ImportResult result;
    QString failure;
    runInBackground(QObject::tr("Importing…"), parent, progress, [&] {
        try {
            Store store = Store::openOrCreate(databasePath.toStdString());
            result = importJobLogs(store, request);
        } catch (const std::exception& exception) {
            failure = QString::fromUtf8(exception.what());
        }
    });
    if (error)
        *error = failure;
    return result;
}

} // namespace placement
