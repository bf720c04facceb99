// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/CameraFit.h"

#include <vtkCamera.h>
#include <vtkMatrix4x4.h>

#include <algorithm>
#include <cmath>

namespace placement {

double boxViewExtent(vtkCamera* camera, const Vec3& low, const Vec3& high, double aspect)
{
    vtkMatrix4x4* view = camera->GetViewTransformMatrix();
    const double tangent = std::tan(camera->GetViewAngle() * 3.14159265358979 / 360);
    double extent = 0;
    for (int corner = 0; corner < 8; ++corner) {
        const double world[4]
            = {corner & 1 ? high.x : low.x, corner & 2 ? high.y : low.y, corner & 4 ? high.z : low.z, 1};
        double eye[4];
        view->MultiplyPoint(world, eye);
        const double depth = std::max(-eye[2], 1e-6);
        extent
            = std::max({extent, std::abs(eye[0]) / (depth * tangent * aspect), std::abs(eye[1]) / (depth * tangent)});
    }
    return extent;
}

} // namespace placement
