// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/LinkScene.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

namespace placement {

struct LinkScene::Private
{
    vtkRenderer* renderer = nullptr;
    std::vector<std::vector<int>> segmentLinks; ///< the link ids of each line cell (parallel links share one)
    vtkNew<vtkPolyData> lines;
    vtkNew<vtkUnsignedCharArray> lineColors;
    vtkNew<vtkPolyDataMapper> lineMapper;
    vtkNew<vtkActor> lineActor;
    vtkNew<vtkPolyData> switches;
    vtkNew<vtkPolyDataMapper> switchMapper;
    vtkNew<vtkActor> switchActor;
    bool hasSwitchRow = false;
};

LinkScene::LinkScene(vtkRenderer* renderer)
    : d(std::make_unique<Private>())
{
    d->renderer = renderer;
    d->lineColors->SetName("link colors");
    d->lineColors->SetNumberOfComponents(4);
    d->lines->GetCellData()->SetScalars(d->lineColors);
    d->lineMapper->SetInputData(d->lines);
    d->lineMapper->SetColorModeToDirectScalars();
    d->lineMapper->SetScalarModeToUseCellData();
    d->lineActor->SetMapper(d->lineMapper);
    d->lineActor->GetProperty()->SetLineWidth(2.0);
    d->lineActor->GetProperty()->SetLighting(false);
    d->switchMapper->SetInputData(d->switches);
    d->switchMapper->ScalarVisibilityOff();
    d->switchActor->SetMapper(d->switchMapper);
    d->switchActor->GetProperty()->SetColor(0.80, 0.82, 0.86);
    d->switchActor->GetProperty()->SetPointSize(7.0);
    d->switchActor->GetProperty()->SetRenderPointsAsSpheres(true);
    d->renderer->AddActor(d->lineActor);
    d->renderer->AddActor(d->switchActor);
}

LinkScene::~LinkScene()
{
    d->renderer->RemoveActor(d->lineActor);
    d->renderer->RemoveActor(d->switchActor);
}

void LinkScene::setLayout(const NetworkLayout& layout, int nodeCount)
{
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> cells;
    d->segmentLinks.clear();
    for (NetworkLayout::Piece& piece : drawnPieces(layout.segments)) {
        const vtkIdType a = points->InsertNextPoint(piece.from.x, piece.from.y, piece.from.z);
        const vtkIdType b = points->InsertNextPoint(piece.to.x, piece.to.y, piece.to.z);
        const vtkIdType cell[2] = {a, b};
        cells->InsertNextCell(2, cell);
        d->segmentLinks.push_back(std::move(piece.links));
    }
    d->lines->SetPoints(points);
    d->lines->SetLines(cells);

    // Switches as points; torus routers sit among their nodes, so only trees show them.
    vtkNew<vtkPoints> switchPoints;
    vtkNew<vtkCellArray> vertices;
    for (size_t v = static_cast<size_t>(nodeCount); v < layout.vertices.size(); ++v) {
        const Vec3& c = layout.vertices[v];
        const vtkIdType id = switchPoints->InsertNextPoint(c.x, c.y, c.z);
        vertices->InsertNextCell(1, &id);
    }
    d->switches->SetPoints(switchPoints);
    d->switches->SetVerts(vertices);
    d->hasSwitchRow = !layout.segments.empty() && layout.vertices.size() > static_cast<size_t>(nodeCount)
        && layout.vertices.back().y < -0.5;
    d->switchActor->SetVisibility(d->lineActor->GetVisibility() && d->hasSwitchRow);
    setLinkColors({}, qRgba(120, 126, 138, 255));
}

void LinkScene::setLinkColors(const std::vector<QRgb>& colors, QRgb background)
{
    d->lineColors->SetNumberOfTuples(static_cast<vtkIdType>(d->segmentLinks.size()));
    unsigned char* rgba = d->lineColors->GetNumberOfTuples() ? d->lineColors->GetPointer(0) : nullptr;
    for (size_t i = 0; i < d->segmentLinks.size(); ++i) {
        QRgb color = background;
        for (int link : d->segmentLinks[i])
            if (static_cast<size_t>(link) < colors.size() && colors[static_cast<size_t>(link)] != background) {
                color = colors[static_cast<size_t>(link)];
                break;
            }
        rgba[4 * i] = static_cast<unsigned char>(qRed(color));
        rgba[4 * i + 1] = static_cast<unsigned char>(qGreen(color));
        rgba[4 * i + 2] = static_cast<unsigned char>(qBlue(color));
        rgba[4 * i + 3] = static_cast<unsigned char>(qAlpha(color));
    }
    d->lineColors->Modified();
    d->lines->Modified();
}

void LinkScene::setVisible(bool visible)
{
    d->lineActor->SetVisibility(visible);
    d->switchActor->SetVisibility(visible && d->hasSwitchRow);
}

bool LinkScene::isVisible() const
{
    return d->lineActor->GetVisibility() != 0;
}

} // namespace placement
