// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/NodeScene.h"

#include "views/JobPalette.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCubeSource.h>
#include <vtkGlyph3DMapper.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

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
    vtkNew<vtkPolyDataMapper> pointMapper;
    vtkNew<vtkActor> pointActor;
    bool points_ = false;
    std::vector<int> drawn; ///< the nodes drawn, in point order; empty: all of them
    size_t nodeCount = 0;
    Vec3 boxSize{1, 1, 1};
    double scale = 1.0;

    void updateBoxSize()
    {
        cube->SetXLength(boxSize.x * scale);
        cube->SetYLength(boxSize.y * scale);
        cube->SetZLength(boxSize.z * scale);
    }
    double viewportPixels = 1280.0 * 800.0;

    void updatePointSize()
    {
        const double nodes = std::max<vtkIdType>(1, points->GetNumberOfPoints());
        // A node's share of the surface, about half of it covered.
        const double side = std::sqrt(viewportPixels / nodes) * 0.55 * scale;
        pointActor->GetProperty()->SetPointSize(static_cast<float>(std::clamp(side, 1.0, 12.0)));
    }
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

    d->pointMapper->SetInputData(d->polyData);
    d->pointMapper->SetColorModeToDirectScalars();
    d->pointMapper->SetScalarModeToUsePointData();
    d->pointActor->SetMapper(d->pointMapper);
    d->pointActor->GetProperty()->SetAmbient(0.35);
    d->pointActor->GetProperty()->SetDiffuse(0.7);
    d->pointActor->SetVisibility(false);
    d->renderer->AddActor(d->pointActor);
}

NodeScene::~NodeScene()
{
    d->renderer->RemoveActor(d->actor);
    d->renderer->RemoveActor(d->pointActor);
}

void NodeScene::setViewportPixels(int width, int height)
{
    d->viewportPixels = std::max(1.0, static_cast<double>(width) * height);
    d->updatePointSize();
}

void NodeScene::setNodeScale(double scale)
{
    d->scale = scale;
    d->updateBoxSize();
    d->updatePointSize();
}

bool NodeScene::drawsPoints() const
{
    return d->points_;
}

int NodeScene::drawnNodes() const
{
    return static_cast<int>(d->points->GetNumberOfPoints());
}

void NodeScene::setLayout(const NodeLayout& layout)
{
    d->boxSize = layout.boxSize;
    d->updateBoxSize();
    d->nodeCount = layout.centers.size();
    d->drawn.clear();
    const bool flat = std::all_of(layout.centers.begin(), layout.centers.end(),
                                  [&](const Vec3& c) { return c.z == layout.centers.front().z; });
    if (static_cast<int>(layout.centers.size()) > InsideNodeLimit && !flat)
        d->drawn = outerNodes(layout);
    const size_t drawnCount = d->drawn.empty() ? layout.centers.size() : d->drawn.size();
    d->points->SetNumberOfPoints(static_cast<vtkIdType>(drawnCount));
    for (size_t i = 0; i < drawnCount; ++i) {
        const Vec3& c = layout.centers[d->drawn.empty() ? i : static_cast<size_t>(d->drawn[i])];
        d->points->SetPoint(static_cast<vtkIdType>(i), c.x, c.y, c.z);
    }
    d->points->Modified();
    d->points_ = static_cast<int>(layout.centers.size()) > BoxNodeLimit;
    if (d->points_) {
        vtkNew<vtkCellArray> vertices;
        vertices->AllocateExact(static_cast<vtkIdType>(drawnCount), static_cast<vtkIdType>(drawnCount));
        for (vtkIdType i = 0; i < static_cast<vtkIdType>(drawnCount); ++i)
            vertices->InsertNextCell(1, &i);
        d->polyData->SetVerts(vertices);
    } else {
        d->polyData->SetVerts(nullptr);
    }
    d->actor->SetVisibility(!d->points_);
    d->pointActor->SetVisibility(d->points_);
    d->updatePointSize();
    setColors({});
}

void NodeScene::setColors(const std::vector<QRgb>& colors)
{
    const vtkIdType count = d->points->GetNumberOfPoints();
    d->colors->SetNumberOfTuples(count);
    unsigned char* rgb = d->colors->GetPointer(0);
    for (vtkIdType i = 0; i < count; ++i) {
        const size_t node
            = d->drawn.empty() ? static_cast<size_t>(i) : static_cast<size_t>(d->drawn[static_cast<size_t>(i)]);
        const QRgb color = node < colors.size() ? colors[node] : idleNodeColor();
        rgb[3 * i] = static_cast<unsigned char>(qRed(color));
        rgb[3 * i + 1] = static_cast<unsigned char>(qGreen(color));
        rgb[3 * i + 2] = static_cast<unsigned char>(qBlue(color));
    }
    d->colors->Modified();
    d->polyData->Modified();
}

} // namespace placement
