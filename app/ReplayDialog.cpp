// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ReplayDialog.h"

#include "app/JobTableModel.h"
#include "app/MachineData.h"
#include "app/MainWindow.h"
#include "app/TaskListDock.h"

#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>

namespace placement {

namespace {

QDateTime utc(std::int64_t seconds)
{
    return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
}

QDateTimeEdit* timeEdit(const MachineData& machine, std::int64_t time)
{
    auto* edit = new QDateTimeEdit;
    edit->setTimeSpec(Qt::UTC);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    edit->setDateTimeRange(utc(machine.firstTime), utc(machine.lastTime));
    edit->setDateTime(utc(time));
    return edit;
}

} // namespace

ReplayDialog::ReplayDialog(const MachineData& machine, std::int64_t time, bool comparing, QWidget* parent)
    : QDialog(parent)
    , m_machine(machine)
{
    setWindowTitle(tr("Record Replay"));
    auto* form = new QFormLayout;

    m_path = new QLineEdit(QStringLiteral("replay.mp4"));
    m_path->setObjectName(QStringLiteral("replayPath"));
    auto* browse = new QToolButton;
    browse->setText(tr("…"));
    connect(browse, &QToolButton::clicked, this, &ReplayDialog::browse);
    auto* file = new QHBoxLayout;
    file->addWidget(m_path);
    file->addWidget(browse);
    form->addRow(tr("&File:"), file);

    const std::int64_t from = std::clamp(time, machine.firstTime, machine.lastTime);
    m_from = timeEdit(machine, from);
    m_to = timeEdit(machine, std::min(machine.lastTime, from + 3600));
    form->addRow(tr("F&rom:"), m_from);
    form->addRow(tr("&To:"), m_to);

    m_speed = new QDoubleSpinBox;
    m_speed->setRange(0.01, 1e9);
    m_speed->setDecimals(2);
    m_speed->setValue(60);
    m_speed->setSuffix(tr(" simulated s per s of video"));
    form->addRow(tr("&Speed:"), m_speed);

    m_fps = new QSpinBox;
    m_fps->setRange(1, 240);
    m_fps->setValue(30);
    m_fps->setSuffix(tr(" frames per second"));
    form->addRow(tr("Frame &rate:"), m_fps);

    m_width = new QSpinBox;
    m_width->setRange(16, 8192);
    m_width->setSingleStep(2);
    m_width->setValue(1280);
    m_height = new QSpinBox;
    m_height->setRange(16, 8192);
    m_height->setSingleStep(2);
    m_height->setValue(720);
    auto* size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×")));
    size->addWidget(m_height);
    size->addWidget(new QLabel(tr("pixels")));
    size->addStretch();
    form->addRow(tr("Si&ze:"), size);

    if (comparing)
        form->addRow(new QLabel(tr("Compare mode: both views side by side, each half the width.")));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("replaySummary"));
    m_summary->setWordWrap(true);
    form->addRow(m_summary);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Record"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);

    connect(m_path, &QLineEdit::textChanged, this, &ReplayDialog::check);
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &ReplayDialog::check);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &ReplayDialog::check);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &ReplayDialog::check);
    connect(m_fps, &QSpinBox::valueChanged, this, &ReplayDialog::check);
    connect(m_width, &QSpinBox::valueChanged, this, &ReplayDialog::check);
    connect(m_height, &QSpinBox::valueChanged, this, &ReplayDialog::check);
    check();
}

ReplaySettings ReplayDialog::settings() const
{
    ReplaySettings settings;
    settings.path = m_path->text().trimmed();
    settings.from = m_from->dateTime().toSecsSinceEpoch();
    settings.to = m_to->dateTime().toSecsSinceEpoch();
    settings.speed = m_speed->value();
    settings.fps = m_fps->value();
    settings.size = QSize(m_width->value(), m_height->value());
    return settings;
}

void ReplayDialog::setSettings(const ReplaySettings& settings)
{
    m_path->setText(settings.path);
    m_from->setDateTime(utc(settings.from));
    m_to->setDateTime(utc(settings.to));
    m_speed->setValue(settings.speed);
    m_fps->setValue(settings.fps);
    m_width->setValue(settings.size.width());
    m_height->setValue(settings.size.height());
}

void ReplayDialog::check()
{
    const ReplaySettings wanted = settings();
    m_problem = wanted.path.isEmpty() ? tr("Choose a file to record into.") : replaySettingsProblem(wanted, m_machine);
    if (m_problem.isEmpty()) {
        const std::int64_t frames = wanted.frameCount();
        m_summary->setText(tr("%1 frames: %2 of video for %3 of the run.")
                               .arg(frames)
                               .arg(formatDuration(frames / wanted.fps))
                               .arg(formatDuration(wanted.to - wanted.from)));
    } else {
        m_summary->setText(m_problem);
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

void ReplayDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Record Replay"), m_path->text(),
                                                      tr("MP4 video (*.mp4);;All files (*)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

int recordReplayInBackground(MainWindow* window, const ReplaySettings& settings, QString* error)
{
    auto progress = std::make_shared<TaskProgress>();
    auto* recorder = new ReplayRecorder(window, settings, progress);
    if (!recorder->open(error)) {
        delete recorder;
        return -1;
    }
    TaskListDock* tasks = window->tasksDock();
    tasks->show();
    tasks->raise();
    const int task = tasks->start(
        QObject::tr("Recording %1 (%2 frames)").arg(QFileInfo(settings.path).fileName()).arg(settings.frameCount()),
        progress, [recorder] { recorder->encode(); },
        [recorder] {
            const QString outcome = recorder->outcome();
            recorder->deleteLater();
            return outcome;
        });
    recorder->start();
    return task;
}

void chooseReplayRecording(MainWindow* window)
{
    const MachineData* machine = window->currentMachine();
    if (!machine)
        return;
    ReplayDialog dialog(*machine, window->currentTime(), window->comparing(), window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    ReplaySettings settings = dialog.settings();
    settings.path = QFileInfo(settings.path).absoluteFilePath();
    if (QFileInfo::exists(settings.path)
        && QMessageBox::question(
               window, QObject::tr("Record Replay"),
               QObject::tr("%1 exists. Replace it when the recording is complete?").arg(settings.path))
            != QMessageBox::Yes)
        return;
    QString error;
    if (recordReplayInBackground(window, settings, &error) < 0)
        QMessageBox::warning(window, QObject::tr("Record Replay"), error);
}

} // namespace placement
