// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ImageCaption.h"

#include <QWidget>

#include <vector>

namespace placement {

class ExplorerSession;

/// The 3D view's legend on screen, a strip under the view (the view's OpenGL surface is a
/// native window that no widget can overlay): what the node colours mean and, with the links
/// shown, the link colours of the mode chosen (swatches, or the bandwidth scale with its unit).
/// It follows the session.
class ViewLegend : public QWidget
{
    Q_OBJECT
public:
    ViewLegend(ExplorerSession* session, QWidget* parent);
    QSize sizeHint() const override;

    /// The entries shown, as an exported image's legend band shows them.
    const ImageCaption& entries() const { return m_entries; }
    /// The swatches' labels as drawn at `width` pixels (the link entries' without their
    /// "links: ", which a heading before them says once): whole when they fit, else each cut
    /// to an equal share of the room left (elided with "…"; the tooltip has them whole), so
    /// that every entry keeps its swatch and the strip never runs past its right edge.
    std::vector<QString> fittedLabels(int width) const;
    /// The width the strip's content takes at `width` with fittedLabels(width).
    int contentWidth(int width) const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void update();

    static QString linksPrefix(); ///< "links: ", before each link entry's label in entries()
    static QString linksHeading(); ///< "links:", once before the link entries on screen

    ExplorerSession* m_session;
    ImageCaption m_entries;
    size_t m_linkStart = 0; ///< the first link entry of m_entries.legend
    std::vector<QString> m_screenLabels; ///< per entry, its label on screen
};

} // namespace placement
