#pragma once

#include "core/NodeLayout.h"

#include <QRgb>
#include <QWidget>

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace placement {

class RenderWidget;

/// The 3D view of one machine: its nodes as boxes, coloured per node, with trackball
/// navigation and node picking by an exact CPU ray cast against the node boxes.
class MachineView : public QWidget
{
    Q_OBJECT
public:
    /// Camera position, focal point and view-up vector.
    using CameraState = std::array<double, 9>;

    explicit MachineView(QWidget* parent = nullptr);
    ~MachineView() override;

    void setNodeLayout(const NodeLayout& layout);
    const NodeLayout& nodeLayout() const { return m_layout; }
    /// One colour per node, in node order.
    void setNodeColors(const std::vector<QRgb>& colors);

    /// Frames the whole machine from a three-quarter view (flat layouts: head-on), filling
    /// the view; it keeps filling it on resize until the user moves the camera.
    void resetCamera();
    CameraState cameraState() const;

    /// The node drawn at a position in widget coordinates, or -1 for the background.
    int nodeAt(QPointF position) const;
    /// Where a node's centre appears, in widget coordinates (nullopt if off screen).
    std::optional<QPointF> nodeScreenPosition(int node) const;

    RenderWidget* renderWidget() const { return m_renderWidget; }

signals:
    /// A node was clicked (-1: the click hit no node).
    void nodePicked(int node);
    void frameRendered();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitCamera();

    RenderWidget* m_renderWidget;
    bool m_autoFit = true;
    struct Scene;
    std::unique_ptr<Scene> m_scene;
    NodeLayout m_layout;
};

} // namespace placement
