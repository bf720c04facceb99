// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QImage>
#include <QSize>
#include <QString>

namespace placement {

class MachineView;

/// The largest width or height renderViewImage() can make on this machine's OpenGL (its
/// framebuffers' limit), at most 16384; 0 when the view has no OpenGL context.
int maximumViewImageSide(MachineView& view);

/// Renders the machine view's scene off screen at exactly `size` pixels, however large the
/// window (up to maximumViewImageSide()), with the view's camera: the vertical field of view
/// is kept, and when the image is relatively narrower than the view the camera backs off so
/// the machine keeps the margin it has on screen. The view on screen is not changed. Returns
/// a null image and says why in `error` when it cannot.
QImage renderViewImage(MachineView& view, const QSize& size, QString* error = nullptr);

/// The frames of a recording: with the view's RenderWidget set to a frame size
/// (RenderWidget::setFrameSize()), renders the scene once at that size, the camera fitted as
/// renderViewImage() fits it (the same image), reads it into `rgba` (RGBA, rows bottom to
/// top, `bytesPerLine` apart) and leaves it in the window for the screen. No framebuffer is
/// resized and nothing allocated per frame. False, and why in `error`, when it cannot.
bool renderViewFrame(MachineView& view, unsigned char* rgba, int bytesPerLine, QString* error = nullptr);

} // namespace placement
