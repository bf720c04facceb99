// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/RayCast.h"

#include <algorithm>
#include <limits>

namespace placement {

int firstBoxHit(const NodeLayout& layout, Vec3 origin, Vec3 direction)
{
    constexpr double infinity = std::numeric_limits<double>::infinity();
    const double o[3] = {origin.x, origin.y, origin.z};
    const double d[3] = {direction.x, direction.y, direction.z};
    const double half[3] = {layout.boxSize.x / 2, layout.boxSize.y / 2, layout.boxSize.z / 2};
    double inverse[3];
    for (int axis = 0; axis < 3; ++axis)
        inverse[axis] = d[axis] != 0 ? 1.0 / d[axis] : infinity;

    int best = -1;
    double bestT = infinity;
    for (size_t index = 0; index < layout.centers.size(); ++index) {
        const Vec3& c = layout.centers[index];
        const double center[3] = {c.x, c.y, c.z};
        double tNear = 0;
        double tFar = bestT;
        bool miss = false;
        for (int axis = 0; axis < 3 && !miss; ++axis) {
            const double low = center[axis] - half[axis] - o[axis];
            const double high = center[axis] + half[axis] - o[axis];
            if (d[axis] == 0) {
                miss = low > 0 || high < 0; // parallel to this slab: inside or not
                continue;
            }
            double t0 = low * inverse[axis];
            double t1 = high * inverse[axis];
            if (t0 > t1)
                std::swap(t0, t1);
            tNear = std::max(tNear, t0);
            tFar = std::min(tFar, t1);
            miss = tNear > tFar;
        }
        if (!miss && tNear < bestT) {
            bestT = tNear;
            best = static_cast<int>(index);
        }
    }
    return best;
}

} // namespace placement
