#pragma once

#include "core/NodeLayout.h"

#include <QRgb>

#include <memory>
#include <vector>

class vtkRenderer;

namespace placement {

/// The nodes of one machine as shaded boxes (one glyph per node), coloured per node.
class NodeScene
{
public:
    explicit NodeScene(vtkRenderer* renderer);
    ~NodeScene();
    NodeScene(const NodeScene&) = delete;
    NodeScene& operator=(const NodeScene&) = delete;

    void setLayout(const NodeLayout& layout);
    /// One colour per node, in node order; missing entries are drawn as idle.
    void setColors(const std::vector<QRgb>& colors);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace placement
