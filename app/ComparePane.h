// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/LinkColoring.h"
#include "app/MachineData.h"
#include "core/RunComparison.h"

#include <QSplitter>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QLabel;

namespace placement {

class ExplorerSession;
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

    /// Shows `other` (a run of the machine `primary` shows, named `title`) compared with
    /// `primary`, the run the main view shows. Both are kept while shown.
    void setRuns(std::shared_ptr<const MachineData> primary, std::shared_ptr<const MachineData> other,
                 const QString& title);
    void clear();
    bool isLoaded() const { return m_other != nullptr; }
    /// The title above the view: the run's name and how many jobs it places differently.
    QString title() const;

    const RunComparison& comparison() const { return m_comparison; }
    const MachineData* machine() const { return m_other.get(); }
    MachineView* view() const { return m_view; }

    /// Follows the main view: its time, its selected job (index in the primary run) and
    /// its camera.
    void setTime(std::int64_t time);
    void setHighlightedJob(int primaryJob);
    void followCamera(MachineView* primary);
    /// Follows `session`'s time cursor, selected job and link settings from now on.
    void follow(ExplorerSession* session);
    /// Draws the network's links as the main view does: shown or not, wrapped or not, and
    /// coloured by `mode` for the other run's jobs.
    void setLinksVisible(bool shown);
    void setWrapLinks(bool wrap);
    void setLinkColorMode(LinkColorMode mode);

private:
    void recolor();

    QLabel* m_title;
    MachineView* m_view;
    void updateNetwork();

    std::shared_ptr<const MachineData> m_primary;
    std::shared_ptr<const MachineData> m_other;
    RunComparison m_comparison;
    std::size_t m_primaryJobs = 0;
    std::int64_t m_time = 0;
    int m_highlighted = -1; ///< in the other run
    bool m_userMovedCamera = false; ///< in this view, since its last frame
    bool m_wrapLinks = false;
    LinkColorMode m_linkMode = LinkColorMode::Users;
};

} // namespace placement
