#pragma once

#include <QRgb>

namespace placement {

/// Colour of a node no job holds.
QRgb idleNodeColor();

/// A distinct, stable colour per job: hues step by the golden angle, so jobs that are
/// close in submission order (often neighbours on the machine) differ clearly.
QRgb jobColor(int jobIndex);

} // namespace placement
