// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/support/ImageCompare.h"

#include <QDir>

#include <vector>

namespace placement::test {
namespace {

std::vector<double> luminance(const QImage& image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    std::vector<double> values(static_cast<size_t>(rgb.width()) * static_cast<size_t>(rgb.height()));
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            values[static_cast<size_t>(y) * static_cast<size_t>(rgb.width()) + static_cast<size_t>(x)]
                = 0.299 * qRed(line[x]) + 0.587 * qGreen(line[x]) + 0.114 * qBlue(line[x]);
    }
    return values;
}

} // namespace

double imageDifference(const QImage& a, const QImage& b)
{
    if (a.size() != b.size() || a.isNull())
        return 1.0;
    const std::vector<double> la = luminance(a);
    const std::vector<double> lb = luminance(b);
    const int width = a.width();
    const int height = a.height();
    constexpr int window = 8;
    constexpr double c1 = (0.01 * 255) * (0.01 * 255);
    constexpr double c2 = (0.03 * 255) * (0.03 * 255);
    double total = 0;
    int windows = 0;
    for (int y0 = 0; y0 + window <= height; y0 += window) {
        for (int x0 = 0; x0 + window <= width; x0 += window) {
            double meanA = 0, meanB = 0;
            for (int y = y0; y < y0 + window; ++y)
                for (int x = x0; x < x0 + window; ++x) {
                    meanA += la[static_cast<size_t>(y * width + x)];
                    meanB += lb[static_cast<size_t>(y * width + x)];
                }
            constexpr double n = window * window;
            meanA /= n;
            meanB /= n;
            double varA = 0, varB = 0, cov = 0;
            for (int y = y0; y < y0 + window; ++y)
                for (int x = x0; x < x0 + window; ++x) {
                    const double da = la[static_cast<size_t>(y * width + x)] - meanA;
                    const double db = lb[static_cast<size_t>(y * width + x)] - meanB;
                    varA += da * da;
                    varB += db * db;
                    cov += da * db;
                }
            varA /= n - 1;
            varB /= n - 1;
            cov /= n - 1;
            total += ((2 * meanA * meanB + c1) * (2 * cov + c2))
                / ((meanA * meanA + meanB * meanB + c1) * (varA + varB + c2));
            ++windows;
        }
    }
    return windows ? 1.0 - total / windows : 1.0;
}

QString compareWithBaseline(const QImage& actual, const QString& name)
{
    const QString baselinePath = QStringLiteral(PLACEMENT_BASELINE_DIR "/") + name + QStringLiteral(".png");
    QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
    const QString outputPath = QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/") + name + QStringLiteral(".png");
    const QImage baseline(baselinePath);
    if (baseline.isNull()) {
        actual.save(outputPath);
        return QStringLiteral("no baseline %1; wrote %2 for review (copy it there once it looks right)")
            .arg(baselinePath, outputPath);
    }
    const double difference
        = imageDifference(actual.convertToFormat(QImage::Format_RGB32), baseline.convertToFormat(QImage::Format_RGB32));
    if (difference > ImageDifferenceThreshold) {
        actual.save(outputPath);
        return QStringLiteral("%1 differs from its baseline by %2 (threshold %3); actual image: %4")
            .arg(name)
            .arg(difference)
            .arg(ImageDifferenceThreshold)
            .arg(outputPath);
    }
    return {};
}

} // namespace placement::test
