#include "views/NodeScene.h"

#include "views/JobPalette.h"

#include <vtkActor.h>
#include <vtkCubeSource.h>
#include <vtkGlyph3DMapper.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

namespace placement {

struct NodeScene::Private
{
    vtkRenderer* renderer = nullptr;
    vtkNew<vtkPoints> points;
    vtkNew<vtkUnsignedCharArray> colors;
    vtkNew<vtkPolyData> polyData;
    vtkNew<vtkCubeSource> cube;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;
};

NodeScene::NodeScene(vtkRenderer* renderer)
    : d(std::make_unique<Private>())
{
    d->renderer = renderer;
    d->colors->SetName("node colors");
    d->colors->SetNumberOfComponents(3);
    d->polyData->SetPoints(d->points);
    d->polyData->GetPointData()->SetScalars(d->colors);
    d->mapper->SetInputData(d->polyData);
    d->mapper->SetSourceConnection(d->cube->GetOutputPort());
    d->mapper->ScalingOff();
    d->mapper->OrientOff();
    d->mapper->SetColorModeToDirectScalars();
    d->mapper->SetScalarModeToUsePointData();
    d->actor->SetMapper(d->mapper);
    d->actor->GetProperty()->SetAmbient(0.25);
    d->actor->GetProperty()->SetDiffuse(0.8);
    d->renderer->AddActor(d->actor);
}

NodeScene::~NodeScene()
{
    d->renderer->RemoveActor(d->actor);
}

void NodeScene::setLayout(const NodeLayout& layout)
{
    d->cube->SetXLength(layout.boxSize.x);
    d->cube->SetYLength(layout.boxSize.y);
    d->cube->SetZLength(layout.boxSize.z);
    d->points->SetNumberOfPoints(static_cast<vtkIdType>(layout.centers.size()));
    for (size_t i = 0; i < layout.centers.size(); ++i) {
        const Vec3& c = layout.centers[i];
        d->points->SetPoint(static_cast<vtkIdType>(i), c.x, c.y, c.z);
    }
    d->points->Modified();
    setColors({});
}

void NodeScene::setColors(const std::vector<QRgb>& colors)
{
    const vtkIdType count = d->points->GetNumberOfPoints();
    d->colors->SetNumberOfTuples(count);
    unsigned char* rgb = d->colors->GetPointer(0);
    for (vtkIdType i = 0; i < count; ++i) {
        const QRgb color = static_cast<size_t>(i) < colors.size() ? colors[static_cast<size_t>(i)] : idleNodeColor();
        rgb[3 * i] = static_cast<unsigned char>(qRed(color));
        rgb[3 * i + 1] = static_cast<unsigned char>(qGreen(color));
        rgb[3 * i + 2] = static_cast<unsigned char>(qBlue(color));
    }
    d->colors->Modified();
    d->polyData->Modified();
}

} // namespace placement
