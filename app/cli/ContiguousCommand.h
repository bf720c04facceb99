// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

namespace placement {

/// `placement contiguous`: the APH of every contiguous allocation of a job size under a node
/// order on a torus (Titan SC'16 §VI-C), summarised (min, quartiles, mean, max, histogram) and
/// optionally written one CSV row per allocation.
int runContiguous(const QStringList& arguments);

} // namespace placement
