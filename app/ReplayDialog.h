// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ReplayRecorder.h"

#include <QDialog>

class QDateTimeEdit;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace placement {

class MainWindow;

/// View › Record Replay…: the settings of `placement-explorer --record` (file, from, to,
/// speed, frames per second, size), checked as they are typed; OK is enabled only for
/// settings that can be recorded, and the line under them says how long the video lasts.
class ReplayDialog : public QDialog
{
    Q_OBJECT
public:
    /// Starts at the time cursor, for an hour of the run at 60 simulated seconds a second
    /// (both within the run), 30 frames per second, 1280 x 720.
    ReplayDialog(const MachineData& machine, std::int64_t time, bool comparing, QWidget* parent = nullptr);

    ReplaySettings settings() const;
    void setSettings(const ReplaySettings& settings);
    /// Why the settings cannot be recorded (empty: they can).
    QString problem() const { return m_problem; }

private:
    void check();
    void browse();

    const MachineData& m_machine;
    QLineEdit* m_path;
    QDateTimeEdit* m_from;
    QDateTimeEdit* m_to;
    QDoubleSpinBox* m_speed;
    QSpinBox* m_fps;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QLabel* m_summary;
    QDialogButtonBox* m_buttons;
    QString m_problem;
};

/// Records `settings` as a row of the window's Tasks dock (progress, Cancel), frames rendered
/// by the window's views while the window stays usable; returns the task's number, or -1 and
/// why in `error` (naming the file) when the file cannot be opened.
int recordReplayInBackground(MainWindow* window, const ReplaySettings& settings, QString* error);

/// Asks for the settings (ReplayDialog) and a file name, then records in the background.
void chooseReplayRecording(MainWindow* window);

} // namespace placement
