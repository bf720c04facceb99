// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QImage>
#include <QString>

namespace placement::test {

/// The one threshold for every rendering test: images differ when their structural
/// dissimilarity (1 - mean SSIM over 8x8 windows of luminance) exceeds it. F3D uses the
/// same measure and about the same value.
constexpr double ImageDifferenceThreshold = 0.05;

/// 1 - mean SSIM of the luminance of two images of the same size (0: identical, up to 1).
/// Returns 1 when the sizes differ.
double imageDifference(const QImage& a, const QImage& b);

/// Compares `actual` with tests/baselines/<name>.png. A missing baseline fails and writes
/// the image next to the test's output for a person to review and copy into
/// tests/baselines/. On a difference above the threshold the actual image is written too.
/// Returns an empty string on success, else what went wrong.
QString compareWithBaseline(const QImage& actual, const QString& name);

} // namespace placement::test
