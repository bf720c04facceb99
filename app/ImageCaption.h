// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QColor>
#include <QFont>
#include <QImage>
#include <QString>

class QPainter;

#include <utility>
#include <vector>

namespace placement {

class Topology;

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

/// Draws the caption's title band (title, run, time) at the top of a picture `width` wide, as
/// captionImage() does: on an image, or on an SVG generator where the text stays text.
void paintCaptionTitle(QPainter& painter, const ImageCaption& caption, int width);

/// The caption's font of `pixels` pixels, made smaller (down to half) where `text` would not
/// fit in `room` pixels: a long caption line keeps all it says instead of being cut at the
/// image's edge.
QFont fittedCaptionFont(int pixels, bool bold, const QString& text, int room);

/// The height of the title band captionImage() adds above an image `width` pixels wide.
int captionTitleHeight(const ImageCaption& caption, int width);

/// The legend of the 3D view's nodes coloured by job: one colour per running job, idle, shared,
/// and the slots without a node where the machine has some (Topology::emptySlots()).
std::vector<std::pair<QColor, QString>> nodeLegend(const Topology& topology);

/// The legend of the Timeline dock's Gantt chart: jobs in their job colours, the dark ground
/// where no job runs, the white time cursor (and the selected job's white outline).
std::vector<std::pair<QColor, QString>> ganttLegend(bool jobSelected);

} // namespace placement
