// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QString>

#include <atomic>
#include <functional>

class QWidget;

namespace placement {

/// Progress shared between a worker thread and the GUI: the worker stores how far it is (in
/// thousandths) and reads whether Cancel was pressed.
struct TaskProgress
{
    std::atomic<int> permille = 0;
    std::atomic<bool> cancel = false;
};

/// Runs `work` on a worker thread behind a window-modal progress dialog with Cancel, and
/// blocks in a local event loop (the GUI stays live) until it returns.
void runInBackground(const QString& label, QWidget* parent, TaskProgress& progress, const std::function<void()>& work);

/// Lets the calling thread run only when no other thread wants a CPU (Linux SCHED_IDLE):
/// for work nobody waits on, such as filling in a table column, so that it never takes a
/// core from the view or the rasteriser while the user replays or turns the view. Does
/// nothing where the system has no such class.
void runOnlyWhenIdle();

} // namespace placement
