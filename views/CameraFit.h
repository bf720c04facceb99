// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Geometry.h"

class vtkCamera;

namespace placement {

/// How far the box low..high reaches across a perspective view from `camera`, as a share
/// of the half-width or half-height (whichever it fills more; aspect = width / height):
/// 1 just fills the view. The views dolly by it to frame a machine.
double boxViewExtent(vtkCamera* camera, const Vec3& low, const Vec3& high, double aspect);

} // namespace placement
