// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NetworkLayout.h"
#include "core/NodeLayout.h"

#include <QRgb>
#include <QWidget>

class QLabel;

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace placement {

class RenderWidget;

/// The colour of a link nobody uses or owns.
constexpr QRgb unusedLinkColor()
{
    return 0xff4e5460; // qRgba(78, 84, 96, 255)
}

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

    /// The machine's switches and links (drawn only while links are shown).
    void setNetworkLayout(const NetworkLayout& layout);
    const NetworkLayout& networkLayout() const { return m_network; }
    /// One colour per link (Topology::links() order); parallel links are drawn as one line
    /// in the colour of the first of them that is not `background` (LinkScene).
    void setLinkColors(const std::vector<QRgb>& colors, QRgb background = unusedLinkColor());
    /// Shows or hides the links and switches; the camera refits while it fits automatically.
    void setLinksVisible(bool visible);
    bool linksVisible() const;

    /// White wire boxes drawn around these {low, high} corners (a selected job's fragments);
    /// empty: none.
    void setOutlines(const std::vector<std::pair<Vec3, Vec3>>& boxes);
    int outlineCount() const { return m_outlines; }
    /// Nodes marked by a wire box each in their own colour (where a what-if policy would have
    /// placed the selected job), drawn besides the outlines; empty: none.
    void setMarkedNodes(const std::vector<int>& nodes);
    const std::vector<int>& markedNodes() const { return m_marked; }
    /// The colour of the marked nodes' boxes.
    static QRgb markColor() { return qRgb(255, 170, 0); }

    /// Level of detail: nodes are drawn as points beyond NodeScene::BoxNodeLimit, and only
    /// the outer ones beyond NodeScene::InsideNodeLimit in 3D layouts.
    bool drawsNodesAsPoints() const;
    int drawnNodeCount() const;

    /// Frames the whole machine from a three-quarter view (flat layouts: head-on), filling
    /// the view; it keeps filling it on resize until the user moves the camera.
    void resetCamera();
    CameraState cameraState() const;
    /// Puts the camera there (and stops fitting the machine automatically): linked views.
    void setCameraState(const CameraState& state);

    /// The node drawn at a position in widget coordinates, or -1 for the background.
    int nodeAt(QPointF position) const;
    /// Where a node's centre appears, in widget coordinates (nullopt if off screen).
    std::optional<QPointF> nodeScreenPosition(int node) const;
    /// Where a point of the scene appears, in widget coordinates (may be off screen).
    QPointF screenPosition(const Vec3& point) const;
    /// While links are shown: the switch (vertex id) drawn within a few pixels of a widget
    /// position, or -1; the link drawn nearest it within a few pixels, or -1.
    int switchAt(QPointF position) const;
    int linkAt(QPointF position) const;

    RenderWidget* renderWidget() const { return m_renderWidget; }

    /// A line above the scene saying what it cannot show (a log without node lists); empty:
    /// none.
    void setNotice(const QString& text);
    QString notice() const;

    /// What the tooltip says about a node the pointer rests on (empty: no tooltip).
    void setNodeToolTip(std::function<QString(int node)> text) { m_nodeToolTip = std::move(text); }

signals:
    /// A node was clicked (-1: the click hit no node, switch or link).
    void nodePicked(int node);
    /// A switch (vertex id) or a link was clicked while links are shown.
    void switchPicked(int vertex, QPointF position);
    void linkPicked(int link, QPointF position);
    void frameRendered();

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitCamera();

    RenderWidget* m_renderWidget;
    QLabel* m_notice;
    bool m_autoFit = true;
    struct Scene;
    std::unique_ptr<Scene> m_scene;
    NodeLayout m_layout;
    NetworkLayout m_network;
    int m_outlines = 0;
    std::vector<int> m_marked;
    std::function<QString(int)> m_nodeToolTip;
};

} // namespace placement
