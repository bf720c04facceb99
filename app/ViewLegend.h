// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ImageCaption.h"

#include <QWidget>

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

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void update();

    ExplorerSession* m_session;
    ImageCaption m_entries;
};

} // namespace placement
