#include "views/MachineView.h"

#include "core/RayCast.h"
#include "views/NodeScene.h"
#include "views/RenderWidget.h"

#include <QResizeEvent>
#include <QVBoxLayout>

#include <vtkCamera.h>
#include <vtkMatrix4x4.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace placement {

struct MachineView::Scene
{
    explicit Scene(vtkRenderer* renderer)
        : nodes(renderer)
    {}
    NodeScene nodes;
};

MachineView::MachineView(QWidget* parent)
    : QWidget(parent)
    , m_renderWidget(new RenderWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_renderWidget);

    vtkRenderer* renderer = m_renderWidget->renderer();
    renderer->GradientBackgroundOn();
    renderer->SetBackground(0.09, 0.10, 0.12);
    renderer->SetBackground2(0.22, 0.24, 0.29);
    m_scene = std::make_unique<Scene>(renderer);

    connect(m_renderWidget, &RenderWidget::clicked, this,
            [this](QPointF position) { emit nodePicked(nodeAt(position)); });
    connect(m_renderWidget, &RenderWidget::frameRendered, this, &MachineView::frameRendered);
    connect(m_renderWidget, &RenderWidget::cameraMoved, this, [this] { m_autoFit = false; });
}

MachineView::~MachineView() = default;

void MachineView::setNodeLayout(const NodeLayout& layout)
{
    m_layout = layout;
    m_scene->nodes.setLayout(layout);
    resetCamera();
}

void MachineView::setNodeColors(const std::vector<QRgb>& colors)
{
    m_scene->nodes.setColors(colors);
    m_renderWidget->scheduleRender();
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

void MachineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
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
    low = low - half;
    high = high + half;
    for (int iteration = 0; iteration < 4; ++iteration) {
        vtkMatrix4x4* view = camera->GetViewTransformMatrix();
        const double tangent = std::tan(camera->GetViewAngle() * 3.14159265358979 / 360);
        double extent = 0;
        for (int corner = 0; corner < 8; ++corner) {
            const double world[4]
                = {corner & 1 ? high.x : low.x, corner & 2 ? high.y : low.y, corner & 4 ? high.z : low.z, 1};
            double eye[4];
            view->MultiplyPoint(world, eye);
            const double depth = std::max(-eye[2], 1e-6);
            extent = std::max(
                {extent, std::abs(eye[0]) / (depth * tangent * aspect), std::abs(eye[1]) / (depth * tangent)});
        }
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

int MachineView::nodeAt(QPointF position) const
{
    vtkRenderer* renderer = m_renderWidget->renderer();
    const qreal ratio = m_renderWidget->devicePixelRatioF();
    const int* size = m_renderWidget->renderWindow()->GetSize();
    const double x = position.x() * ratio;
    const double y = size[1] - position.y() * ratio - 1; // VTK display y grows upwards

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
