// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/MachineData.h"
#include "core/RunComparison.h"

#include <QSplitter>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QLabel;

namespace placement {

class MachineView;

/// The main window's centre: the main view and, in compare mode, the compare pane, kept
/// at half the width each until the user moves the handle.
class EvenSplitter : public QSplitter
{
    Q_OBJECT
public:
    explicit EvenSplitter(QWidget* parent = nullptr);
    /// Halves the width again (compare mode starts).
    void evenOut();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    bool m_even = true;
};

/// Compare mode's second view: another run of the machine shown (the logged placements or a
/// stored simulated run) beside the main view, at the same time, from the same camera. A job
/// has the same colour in both views; jobs placed alike in both runs are dimmed in both, so
/// what differs stands out.
class ComparePane : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePane(QWidget* parent = nullptr);
    ~ComparePane() override;

    /// Loads run `runId` (0: the logged placements) of `machine` from the database and
    /// compares it with `primary` (the run the main view shows). Throws on a bad database.
    void load(const QString& databasePath, const MachineData& primary, std::int64_t runId, const QString& title);
    void clear();
    bool isLoaded() const { return m_other != nullptr; }

    const RunComparison& comparison() const { return m_comparison; }
    const MachineData* machine() const { return m_other.get(); }
    MachineView* view() const { return m_view; }

    /// Follows the main view: its time, its selected job (index in the primary run) and
    /// its camera.
    void setTime(std::int64_t time);
    void setHighlightedJob(int primaryJob);
    void followCamera(MachineView* primary);

private:
    void recolor();

    QLabel* m_title;
    MachineView* m_view;
    std::unique_ptr<MachineData> m_other;
    RunComparison m_comparison;
    std::size_t m_primaryJobs = 0;
    std::int64_t m_time = 0;
    int m_highlighted = -1; ///< in the other run
    bool m_userMovedCamera = false; ///< in this view, since its last frame
};

} // namespace placement
