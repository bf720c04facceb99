// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NetworkLayout.h"

#include <QRgb>

#include <memory>
#include <vector>

class vtkRenderer;

namespace placement {

/// The switches (as points) and switch-to-switch links (as lines) of one machine, each
/// link coloured on its own: by owning job, by how many jobs can use it, by bandwidth.
class LinkScene
{
public:
    explicit LinkScene(vtkRenderer* renderer);
    ~LinkScene();
    LinkScene(const LinkScene&) = delete;
    LinkScene& operator=(const LinkScene&) = delete;

    void setLayout(const NetworkLayout& layout, int nodeCount);
    /// One colour per link of the topology (Topology::links() order). Parallel links (the
    /// same two switches: Cab's L2 switches reach each spine 9 times) are drawn as one line,
    /// in the colour of the first of them that is not `background`; so are links that lie
    /// along one straight line and overlap (the all-to-all rows of a dragonfly group), piece
    /// by piece between the switches on the line, each piece in the colour of the first link
    /// over it that is not `background`.
    void setLinkColors(const std::vector<QRgb>& colors, QRgb background);
    void setVisible(bool visible);
    bool isVisible() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace placement
