// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/MachineView.h"

#include "core/RayCast.h"
#include "views/CameraFit.h"
#include "views/LinkScene.h"
#include "views/NodeScene.h"
#include "views/RenderWidget.h"

#include <QHelpEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace placement {

struct MachineView::Scene
{
    explicit Scene(vtkRenderer* renderer)
        : nodes(renderer)
        , links(renderer)
    {
        links.setVisible(false);
    }
    NodeScene nodes;
    LinkScene links;
    vtkNew<vtkPolyData> outlines;
    vtkNew<vtkPolyDataMapper> outlineMapper;
    vtkNew<vtkActor> outlineActor;
    vtkNew<vtkPolyData> marks;
    vtkNew<vtkPolyDataMapper> markMapper;
    vtkNew<vtkActor> markActor;
};

namespace {

/// The 12 edges of each {low, high} box as lines.
void setWireBoxes(vtkPolyData* data, const std::vector<std::pair<Vec3, Vec3>>& boxes)
{
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> lines;
    for (const auto& [low, high] : boxes) {
        vtkIdType corner[8];
        for (int i = 0; i < 8; ++i)
            corner[i] = points->InsertNextPoint(i & 1 ? high.x : low.x, i & 2 ? high.y : low.y, i & 4 ? high.z : low.z);
        // The 12 edges: corners differing in one bit.
        for (int i = 0; i < 8; ++i)
            for (int bit : {1, 2, 4})
                if (!(i & bit)) {
                    const vtkIdType edge[2] = {corner[i], corner[i | bit]};
                    lines->InsertNextCell(2, edge);
                }
    }
    data->SetPoints(points);
    data->SetLines(lines);
    data->Modified();
}

} // namespace

MachineView::MachineView(QWidget* parent)
    : QWidget(parent)
    , m_renderWidget(new RenderWidget(this))
    , m_notice(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    // Above the scene, not over it: the scene is drawn by OpenGL into its own surface.
    m_notice->setObjectName(QStringLiteral("viewNotice"));
    m_notice->setWordWrap(true);
    m_notice->setMargin(6);
    m_notice->setStyleSheet(QStringLiteral("QLabel { background: #3a3020; color: #ffe6a8; }"));
    m_notice->hide();
    layout->addWidget(m_notice);
    layout->addWidget(m_renderWidget, 1);

    vtkRenderer* renderer = m_renderWidget->renderer();
    renderer->GradientBackgroundOn();
    renderer->SetBackground(0.09, 0.10, 0.12);
    renderer->SetBackground2(0.22, 0.24, 0.29);
    m_scene = std::make_unique<Scene>(renderer);
    m_scene->outlineMapper->SetInputData(m_scene->outlines);
    m_scene->outlineActor->SetMapper(m_scene->outlineMapper);
    m_scene->outlineActor->GetProperty()->SetColor(1.0, 1.0, 1.0);
    m_scene->outlineActor->GetProperty()->SetLineWidth(2.0);
    m_scene->outlineActor->GetProperty()->SetLighting(false);
    renderer->AddActor(m_scene->outlineActor);
    m_scene->markMapper->SetInputData(m_scene->marks);
    m_scene->markActor->SetMapper(m_scene->markMapper);
    m_scene->markActor->GetProperty()->SetColor(qRed(markColor()) / 255.0, qGreen(markColor()) / 255.0,
                                                qBlue(markColor()) / 255.0);
    m_scene->markActor->GetProperty()->SetLineWidth(3.0);
    m_scene->markActor->GetProperty()->SetLighting(false);
    renderer->AddActor(m_scene->markActor);

    connect(m_renderWidget, &RenderWidget::clicked, this, [this](QPointF position) {
        const int node = nodeAt(position);
        if (node < 0 && linksVisible()) {
            if (const int vertex = switchAt(position); vertex >= 0)
                return emit switchPicked(vertex, position);
            if (const int link = linkAt(position); link >= 0)
                return emit linkPicked(link, position);
        }
        emit nodePicked(node);
    });
    connect(m_renderWidget, &RenderWidget::frameRendered, this, &MachineView::frameRendered);
    connect(m_renderWidget, &RenderWidget::cameraMoved, this, [this] { m_autoFit = false; });
    m_renderWidget->installEventFilter(this);
}

MachineView::~MachineView() = default;

void MachineView::setNotice(const QString& text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

QString MachineView::notice() const
{
    return m_notice->text();
}

void MachineView::setNodeLayout(const NodeLayout& layout)
{
    m_layout = layout;
    m_scene->nodes.setLayout(layout);
    setMarkedNodes({}); // node ids of another machine
    resetCamera();
}

void MachineView::setNodeColors(const std::vector<QRgb>& colors)
{
    m_scene->nodes.setColors(colors);
    m_renderWidget->scheduleRender();
}

void MachineView::setNetworkLayout(const NetworkLayout& layout)
{
    m_network = layout;
    m_scene->links.setLayout(layout, static_cast<int>(m_layout.centers.size()));
    if (m_scene->links.isVisible())
        resetCamera();
    m_renderWidget->scheduleRender();
}

void MachineView::setLinkColors(const std::vector<QRgb>& colors, QRgb background)
{
    m_scene->links.setLinkColors(colors, background);
    m_renderWidget->scheduleRender();
}

void MachineView::setLinksVisible(bool visible)
{
    if (visible == m_scene->links.isVisible())
        return;
    m_scene->links.setVisible(visible);
    // In a 3D layout (tori) the links run between the nodes of neighbouring routers: smaller
    // nodes leave them in sight. Flat layouts (trees) draw their switches below the nodes.
    const bool flat = std::all_of(m_layout.centers.begin(), m_layout.centers.end(),
                                  [&](const Vec3& c) { return c.z == m_layout.centers.front().z; });
    m_scene->nodes.setNodeScale(visible && !flat ? 0.5 : 1.0);
    if (m_autoFit)
        resetCamera();
    m_renderWidget->scheduleRender();
}

void MachineView::setOutlines(const std::vector<std::pair<Vec3, Vec3>>& boxes)
{
    setWireBoxes(m_scene->outlines, boxes);
    m_outlines = static_cast<int>(boxes.size());
    m_renderWidget->scheduleRender();
}

void MachineView::setMarkedNodes(const std::vector<int>& nodes)
{
    // A box a little larger than the node, so that it shows around the node's own colour.
    const Vec3 half{m_layout.boxSize.x * 0.62, m_layout.boxSize.y * 0.62, m_layout.boxSize.z * 0.62};
    std::vector<std::pair<Vec3, Vec3>> boxes;
    m_marked.clear();
    for (int node : nodes) {
        if (node < 0 || static_cast<size_t>(node) >= m_layout.centers.size())
            continue;
        const Vec3& c = m_layout.centers[static_cast<size_t>(node)];
        boxes.emplace_back(Vec3{c.x - half.x, c.y - half.y, c.z - half.z},
                           Vec3{c.x + half.x, c.y + half.y, c.z + half.z});
        m_marked.push_back(node);
    }
    setWireBoxes(m_scene->marks, boxes);
    m_renderWidget->scheduleRender();
}

bool MachineView::drawsNodesAsPoints() const
{
    return m_scene->nodes.drawsPoints();
}

int MachineView::drawnNodeCount() const
{
    return m_scene->nodes.drawnNodes();
}

bool MachineView::linksVisible() const
{
    return m_scene->links.isVisible();
}

void MachineView::resetCamera()
{
    vtkRenderer* renderer = m_renderWidget->renderer();
    vtkCamera* camera = renderer->GetActiveCamera();
    double low[3] = {0, 0, 0};
    double high[3] = {0, 0, 0};
    for (size_t i = 0; i < m_layout.centers.size(); ++i) {
        const double c[3] = {m_layout.centers[i].x, m_layout.centers[i].y, m_layout.centers[i].z};
        for (int axis = 0; axis < 3; ++axis) {
            low[axis] = i == 0 ? c[axis] : std::min(low[axis], c[axis]);
            high[axis] = i == 0 ? c[axis] : std::max(high[axis], c[axis]);
        }
    }
    if (m_scene->links.isVisible())
        for (const Vec3& v : m_network.vertices) {
            const double c[3] = {v.x, v.y, v.z};
            for (int axis = 0; axis < 3; ++axis) {
                low[axis] = std::min(low[axis], c[axis]);
                high[axis] = std::max(high[axis], c[axis]);
            }
        }
    const double center[3] = {(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2};
    const bool flat = high[2] - low[2] < 1e-9;
    camera->SetFocalPoint(center);
    camera->SetPosition(center[0], center[1], center[2] + 1);
    camera->SetViewUp(0, 1, 0);
    if (!flat) {
        camera->Azimuth(35);
        camera->Elevation(28);
        camera->OrthogonalizeViewUp();
    }
    renderer->ResetCamera();
    m_autoFit = true;
    fitCamera();
    m_renderWidget->scheduleRender();
}

bool MachineView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_renderWidget && event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int node = nodeAt(help->pos());
        const QString text = node >= 0 && m_nodeToolTip ? m_nodeToolTip(node) : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_renderWidget);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void MachineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const qreal ratio = m_renderWidget->devicePixelRatioF();
    m_scene->nodes.setViewportPixels(static_cast<int>(width() * ratio), static_cast<int>(height() * ratio));
    if (m_autoFit) {
        fitCamera();
        m_renderWidget->scheduleRender();
    }
}

void MachineView::fitCamera()
{
    // ResetCamera() fits the bounding sphere, which leaves wide layouts (a row of pods)
    // small. Dolly until the layout's bounding box spans 90% of the tighter direction.
    const QSize surface = m_renderWidget->size();
    if (m_layout.centers.empty() || surface.width() < 2 || surface.height() < 2)
        return;
    vtkRenderer* renderer = m_renderWidget->renderer();
    vtkCamera* camera = renderer->GetActiveCamera();
    const double aspect = static_cast<double>(surface.width()) / surface.height();
    const Vec3 half = m_layout.boxSize * 0.5;
    Vec3 low = m_layout.centers.front();
    Vec3 high = low;
    for (const Vec3& c : m_layout.centers) {
        low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
        high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
    }
    if (m_scene->links.isVisible())
        for (const Vec3& c : m_network.vertices) {
            low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
            high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
        }
    low = low - half;
    high = high + half;
    for (int iteration = 0; iteration < 4; ++iteration) {
        const double extent = boxViewExtent(camera, low, high, aspect);
        if (extent <= 0)
            return;
        camera->Dolly(0.9 / extent);
    }
    renderer->ResetCameraClippingRange();
}

MachineView::CameraState MachineView::cameraState() const
{
    vtkCamera* camera = m_renderWidget->renderer()->GetActiveCamera();
    CameraState state{};
    camera->GetPosition(&state[0]);
    camera->GetFocalPoint(&state[3]);
    camera->GetViewUp(&state[6]);
    return state;
}

void MachineView::setCameraState(const CameraState& state)
{
    vtkRenderer* renderer = m_renderWidget->renderer();
    vtkCamera* camera = renderer->GetActiveCamera();
    camera->SetPosition(state[0], state[1], state[2]);
    camera->SetFocalPoint(state[3], state[4], state[5]);
    camera->SetViewUp(state[6], state[7], state[8]);
    renderer->ResetCameraClippingRange();
    m_autoFit = false;
    m_renderWidget->scheduleRender();
}

int MachineView::nodeAt(QPointF position) const
{
    vtkRenderer* renderer = m_renderWidget->renderer();
    const int* size = m_renderWidget->renderWindow()->GetSize();
    const QPointF rendered = m_renderWidget->renderPosition(position); // a recording's frame may be scaled
    const double x = rendered.x();
    const double y = size[1] - rendered.y() - 1; // VTK display y grows upwards

    double ends[2][4];
    for (int i = 0; i < 2; ++i) {
        renderer->SetDisplayPoint(x, y, i); // depth 0: near plane, 1: far plane
        renderer->DisplayToWorld();
        renderer->GetWorldPoint(ends[i]);
        for (int axis = 0; axis < 3 && ends[i][3] != 0; ++axis)
            ends[i][axis] /= ends[i][3];
    }
    const Vec3 origin{ends[0][0], ends[0][1], ends[0][2]};
    const Vec3 direction{ends[1][0] - ends[0][0], ends[1][1] - ends[0][1], ends[1][2] - ends[0][2]};
    return firstBoxHit(m_layout, origin, direction);
}

QPointF MachineView::screenPosition(const Vec3& point) const
{
    vtkRenderer* renderer = m_renderWidget->renderer();
    renderer->SetWorldPoint(point.x, point.y, point.z, 1);
    renderer->WorldToDisplay();
    double display[3];
    renderer->GetDisplayPoint(display);
    const qreal ratio = m_renderWidget->devicePixelRatioF();
    const int* size = m_renderWidget->renderWindow()->GetSize();
    return {display[0] / ratio, (size[1] - 1 - display[1]) / ratio};
}

int MachineView::switchAt(QPointF position) const
{
    constexpr double Reach = 6.0; // pixels
    int best = -1;
    double bestDistance = Reach;
    const int nodes = static_cast<int>(m_layout.centers.size());
    for (int vertex = nodes; vertex < static_cast<int>(m_network.vertices.size()); ++vertex) {
        const QPointF p = screenPosition(m_network.vertices[static_cast<size_t>(vertex)]);
        const double distance = std::hypot(p.x() - position.x(), p.y() - position.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = vertex;
        }
    }
    return best;
}

int MachineView::linkAt(QPointF position) const
{
    constexpr double Reach = 4.0; // pixels
    int best = -1;
    double bestDistance = Reach;
    for (const NetworkLayout::Segment& segment : m_network.segments) {
        const QPointF a = screenPosition(segment.from);
        const QPointF b = screenPosition(segment.to);
        const QPointF ab = b - a;
        const double length2 = QPointF::dotProduct(ab, ab);
        const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(position - a, ab) / length2, 0.0, 1.0) : 0.0;
        const QPointF nearest = a + ab * t;
        const double distance = std::hypot(nearest.x() - position.x(), nearest.y() - position.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = segment.link;
        }
    }
    return best;
}

std::optional<QPointF> MachineView::nodeScreenPosition(int node) const
{
    if (node < 0 || static_cast<size_t>(node) >= m_layout.centers.size())
        return std::nullopt;
    vtkRenderer* renderer = m_renderWidget->renderer();
    const Vec3& c = m_layout.centers[static_cast<size_t>(node)];
    renderer->SetWorldPoint(c.x, c.y, c.z, 1);
    renderer->WorldToDisplay();
    double display[3];
    renderer->GetDisplayPoint(display);
    const qreal ratio = m_renderWidget->devicePixelRatioF();
    const int* size = m_renderWidget->renderWindow()->GetSize();
    const QPointF position(display[0] / ratio, (size[1] - 1 - display[1]) / ratio);
    if (position.x() < 0 || position.y() < 0 || position.x() >= width() || position.y() >= height())
        return std::nullopt;
    return position;
}

} // namespace placement
