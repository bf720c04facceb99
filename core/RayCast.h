// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeLayout.h"

namespace placement {

/// The box of `layout` that the ray origin + t * direction (t >= 0) enters first, or -1.
/// Exact, and fast enough for a click on a million nodes (no GPU selection needed).
int firstBoxHit(const NodeLayout& layout, Vec3 origin, Vec3 direction);

} // namespace placement
