// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ImportDialog.h"

#include "app/ModalJob.h"
#include "app/TaskListDock.h"
#include "services/Import.h"
#include "services/OptionParsers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
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
    , m_timeZone(new QLineEdit(QStringLiteral("UTC")))
{
    setWindowTitle(tr("Import Scheduler Logs"));
    auto* layout = new QVBoxLayout(this);
    auto* filesRow = new QHBoxLayout;
    filesRow->addWidget(m_files, 1);
    auto* add = new QPushButton(tr("Add Files…"));
    filesRow->addWidget(add, 0, Qt::AlignTop);
    layout->addLayout(filesRow);

    auto* form = new QFormLayout;
    m_format->addItem(tr("Detect"), QStringLiteral("auto"));
    for (LogFormat format : logFormatChoices())
        m_format->addItem(QString::fromLatin1(logFormatName(format)), QString::fromLatin1(logFormatName(format)));
    form->addRow(tr("Format:"), m_format);
    m_machine->addItems(machines);
    m_machine->addItem(tr("New machine…"));
    form->addRow(tr("Machine:"), m_machine);
    m_newName->setPlaceholderText(tr("name of the new machine"));
    form->addRow(tr("New machine name:"), m_newName);
    m_topology->setPlaceholderText(
        tr("preset (cab, titan…), machine spec, topology.conf, topology.yaml, coordinates CSV or Cray cname table"));
    auto* topologyRow = new QHBoxLayout;
    topologyRow->addWidget(m_topology, 1);
    m_browse = new QPushButton(tr("Browse…"));
    auto* browse = m_browse;
    topologyRow->addWidget(browse);
    form->addRow(tr("Described by:"), topologyRow);
    m_timeZone->setObjectName(QStringLiteral("timeZone"));
    m_timeZone->setToolTip(tr("Time zone of the local times in sacct and jobcomp logs: an IANA name such as "
                              "Europe/Berlin (daylight saving time included), or a fixed offset such as +01:00"));
    form->addRow(tr("Time zone of local times:"), m_timeZone);
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
    connect(m_timeZone, &QLineEdit::textChanged, this, &ImportDialog::updateAcceptable);
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
    // "+0100" is an offset, "Europe/Berlin" a zone; anything else is not taken as UTC.
    bool zoneKnown = true;
    try {
        parseLogTimes(m_timeZone->text().toStdString());
        m_timeZone->setToolTip(QString());
    } catch (const std::invalid_argument& error) {
        zoneKnown = false;
        m_timeZone->setToolTip(QString::fromStdString(error.what()));
    }
    m_timeZone->setStyleSheet(zoneKnown ? QString() : QStringLiteral("color: red"));
    m_ok->setEnabled(m_files->count() > 0 && (!newMachine || !m_topology->text().trimmed().isEmpty()) && zoneKnown);
}

ImportRequest ImportDialog::request() const
{
    ImportRequest request;
    for (int i = 0; i < m_files->count(); ++i)
        request.files.push_back(m_files->item(i)->text().toStdString());
    request.format = parseLogFormat(m_format->currentData().toString().toStdString(), "Format");
    const bool newMachine = m_machine->currentIndex() == m_machine->count() - 1;
    if (newMachine) {
        request.machine = m_newName->text().trimmed().toStdString();
        request.topology = m_topology->text().trimmed().toStdString();
    } else {
        request.machine = m_machine->currentText().toStdString();
    }
    request.options.strict = m_strict->isChecked();
    // updateAcceptable() lets only a known zone or a valid offset through.
    parseLogTimes(m_timeZone->text().toStdString()).applyTo(request.options);
    return request;
}

void importInto(ImportResult& result, QString& failure, const QString& path, ImportRequest request,
                TaskProgress& progress)
{
    request.options.progress = [&progress](std::uint64_t done, std::uint64_t total) {
        progress.permille = total ? static_cast<int>(1000 * done / total) : 0;
        return !progress.cancel.load();
    };
    try {
        result = importIntoDatabase(path.toStdString(), request);
    } catch (const std::exception& exception) {
        failure = QString::fromUtf8(exception.what());
    }
}

ImportResult ImportRunner::run(const QString& databasePath, ImportRequest request, QWidget* parent, QString* error)
{
    TaskProgress progress;
    ImportResult result;
    QString failure;
    runModally(QObject::tr("Importing…"), parent, progress,
               [&] { importInto(result, failure, databasePath, std::move(request), progress); });
    if (error)
        *error = failure;
    return result;
}

int ImportRunner::start(TaskListDock& tasks, const QString& databasePath, ImportRequest request,
                        std::function<QString(const ImportResult&, const QString& failure)> done)
{
    struct Outcome
    {
        ImportResult result;
        QString failure;
    };
    auto outcome = std::make_shared<Outcome>();
    auto progress = std::make_shared<TaskProgress>();
    const QString label = QObject::tr("Importing %n log(s) into %1", nullptr, static_cast<int>(request.files.size()))
                              .arg(QFileInfo(databasePath).fileName());
    return tasks.start(
        label, progress,
        [outcome, databasePath, request = std::move(request), progress]() mutable {
            importInto(outcome->result, outcome->failure, databasePath, std::move(request), *progress);
        },
        [outcome, done = std::move(done)] { return done(outcome->result, outcome->failure); });
}

} // namespace placement
