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

} // namespace placement
