// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QColor>
#include <QImage>
#include <QString>

#include <utility>
#include <vector>

namespace placement {

/// What an exported image says about itself: a title band above it (title, run, time) and a
/// legend band below (colour swatches with their meaning, or a colour scale with its unit).
struct ImageCaption
{
    QString title;
    QString run; ///< the run shown ("logged", "jigsaw easy")
    QString time; ///< the moment shown, as the explorer writes it (UTC)
    std::vector<std::pair<QColor, QString>> legend; ///< swatches
    /// A colour scale instead of (or after) swatches: colours low to high, the values at the ends
    /// and the unit ("0 – 12 jobs per link").
    std::vector<QColor> scale;
    QString scaleLow, scaleHigh, scaleUnit;

    bool isEmpty() const
    {
        return title.isEmpty() && run.isEmpty() && time.isEmpty() && legend.empty() && scale.empty();
    }
};

/// `image` with the caption's bands added above and below (the image itself unchanged, in the
/// middle, at its size); the bands scale with the image's width. An empty caption returns the
/// image as it is.
QImage captionImage(const QImage& image, const ImageCaption& caption);

/// The height of the title band captionImage() adds above an image `width` pixels wide.
int captionTitleHeight(const ImageCaption& caption, int width);

/// The legend of the 3D view's nodes coloured by job: one colour per running job, idle, shared.
std::vector<std::pair<QColor, QString>> nodeLegend();

} // namespace placement
