// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"

#include <QString>

#include <functional>

class QWidget;

namespace placement {

/// Runs `work` as a JobTracker job behind a window-modal progress dialog with Cancel
/// (which sets `progress.cancel`), and blocks in a local event loop (the GUI stays live)
/// until it returns.
void runModally(const QString& label, QWidget* parent, TaskProgress& progress, const std::function<void()>& work);

} // namespace placement
