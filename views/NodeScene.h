// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeLayout.h"

#include <QRgb>

#include <memory>
#include <vector>

class vtkRenderer;

namespace placement {

/// The nodes of one machine, coloured per node: shaded boxes (one glyph per node) up to
/// BoxNodeLimit nodes, points beyond (software OpenGL renders ~20,000 box glyphs at a few
/// frames per second, points at interactive rates: docs/benchmarks.md).
class NodeScene
{
public:
    explicit NodeScene(vtkRenderer* renderer);
    ~NodeScene();
    NodeScene(const NodeScene&) = delete;
    NodeScene& operator=(const NodeScene&) = delete;

    static constexpr int BoxNodeLimit = 6000;
    /// Beyond this many nodes in a 3D layout, only the outer nodes are drawn (core's
    /// outerNodes(): a 100x100x50 torus of 2-node routers shows 8% of its million nodes).
    static constexpr int InsideNodeLimit = 250000;

    void setLayout(const NodeLayout& layout);
    /// The drawing surface in device pixels: points are sized so the nodes fill it about
    /// as boxes would.
    void setViewportPixels(int width, int height);
    bool drawsPoints() const;
    /// Draws boxes (or points) at this fraction of their size, to show what lies between.
    void setNodeScale(double scale);
    /// How many nodes are drawn (fewer than the layout's beyond InsideNodeLimit).
    int drawnNodes() const;
    /// One colour per node, in node order; missing entries are drawn as idle.
    void setColors(const std::vector<QRgb>& colors);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace placement
