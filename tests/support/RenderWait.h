// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QImage>

namespace placement {
class RenderWidget;
}

namespace placement::test {

/// Waits (up to 10 s) until the widget has rendered at least `frames` VTK frames in total.
bool waitForFrames(RenderWidget* widget, int frames);

/// The widget's framebuffer at logical size (a 2x screen's image is scaled down).
QImage logicalFramebuffer(RenderWidget* widget);

} // namespace placement::test
