// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/ViewImage.h"

#include "views/CameraFit.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>

#include <vtkCamera.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace placement {

namespace {

constexpr int sideCap = 16384; // 16384² RGBA is 1 GiB: beyond that, memory runs out first

/// How far the layout's bounding box reaches towards the edges of an image of this aspect
/// (1: it touches the nearer pair of edges).
double layoutExtent(vtkCamera* camera, const NodeLayout& layout, double aspect)
{
    if (layout.centers.empty())
        return 0;
    const Vec3 half = layout.boxSize * 0.5;
    Vec3 low = layout.centers.front();
    Vec3 high = low;
    for (const Vec3& c : layout.centers) {
        low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
        high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
    }
    return boxViewExtent(camera, low - half, high + half, aspect);
}

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

/// The aspect of the view as the user sees it (width over height).
double shownAspect(RenderWidget* widget)
{
    const QSize shown = widget->frameSize().isEmpty()
        ? QSize(widget->renderWindow()->GetSize()[0], widget->renderWindow()->GetSize()[1])
        : widget->size() * widget->devicePixelRatioF();
    return static_cast<double>(std::max(1, shown.width())) / std::max(1, shown.height());
}

/// VTK keeps the vertical field of view: an image relatively narrower than the view would
/// cut the sides off, so the camera backs off until the machine keeps its margin.
void fitCameraToAspect(MachineView& view, vtkRenderer* renderer, double shown, const QSize& size)
{
    vtkCamera* camera = renderer->GetActiveCamera();
    const double aspect = static_cast<double>(size.width()) / size.height();
    if (aspect >= shown)
        return;
    const double wanted = layoutExtent(camera, view.nodeLayout(), shown);
    for (int iteration = 0; iteration < 4 && wanted > 0; ++iteration) {
        const double extent = layoutExtent(camera, view.nodeLayout(), aspect);
        if (extent <= wanted * 1.001)
            break;
        camera->Dolly(wanted / extent);
    }
    renderer->ResetCameraClippingRange();
}

} // namespace

int maximumViewImageSide(MachineView& view)
{
    RenderWidget* widget = view.renderWidget();
    if (!widget->isValid())
        widget->grabFramebuffer(); // creates the OpenGL context of a widget never shown
    if (!widget->isValid() || !widget->context())
        return 0;
    widget->makeCurrent();
    QOpenGLFunctions* gl = widget->context()->functions();
    GLint renderbuffer = 0;
    GLint texture = 0;
    GLint viewport[2] = {0, 0};
    gl->glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    gl->glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);
    gl->glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    widget->doneCurrent();
    return std::min({sideCap, static_cast<int>(renderbuffer), static_cast<int>(texture), static_cast<int>(viewport[0]),
                     static_cast<int>(viewport[1])});
}

QImage renderViewImage(MachineView& view, const QSize& size, QString* error)
{
    const int limit = maximumViewImageSide(view);
    if (limit <= 0) {
        fail(error, QObject::tr("The 3D view has no OpenGL context."));
        return {};
    }
    if (size.width() < 1 || size.height() < 1 || size.width() > limit || size.height() > limit) {
        fail(error,
             QObject::tr("An image of %1 x %2 pixels cannot be rendered here: each side must be 1 to %3.")
                 .arg(size.width())
                 .arg(size.height())
                 .arg(limit));
        return {};
    }
    RenderWidget* widget = view.renderWidget();
    auto* window = vtkOpenGLRenderWindow::SafeDownCast(widget->renderWindow());
    vtkRenderer* renderer = widget->renderer();
    vtkCamera* camera = renderer->GetActiveCamera();
    // The widget's own context and VTK's framebuffers in it: VTK renders into an offscreen
    // framebuffer of the window's size anyway (paintGL() blits it), so a larger window size
    // is a larger offscreen render, without a second context or shared scene.
    widget->makeCurrent();
    vtkNew<vtkCamera> saved;
    saved->DeepCopy(camera);
    const int shownWidth = std::max(1, window->GetSize()[0]);
    const int shownHeight = std::max(1, window->GetSize()[1]);
    fitCameraToAspect(view, renderer, shownAspect(widget), size);
    // No swap: the widget must not take this frame for one of its own (RenderWidget's
    // WindowFrameEvent observer), and paintGL() renders afresh at its size below.
    const vtkTypeBool swap = window->GetSwapBuffers();
    window->SetSwapBuffers(0);
    window->SetSize(size.width(), size.height());
    vtkOpenGLState* state = window->GetState();
    state->Reset();
    state->Push();
    window->Render();
    vtkNew<vtkUnsignedCharArray> pixels;
    const int read = window->GetPixelData(0, 0, size.width() - 1, size.height() - 1, 0, pixels, 0);
    state->Pop();
    window->SetSize(shownWidth, shownHeight);
    window->SetSwapBuffers(swap);
    camera->DeepCopy(saved);
    widget->doneCurrent();
    widget->scheduleRender();
    if (!read || pixels->GetNumberOfValues() != 3 * static_cast<vtkIdType>(size.width()) * size.height()) {
        fail(error,
             QObject::tr("OpenGL could not render an image of %1 x %2 pixels.").arg(size.width()).arg(size.height()));
        return {};
    }
    // VTK's rows run bottom to top.
    QImage image(size, QImage::Format_RGB888);
    const auto rowBytes = static_cast<size_t>(3 * size.width());
    const unsigned char* data = pixels->GetPointer(0);
    for (int y = 0; y < size.height(); ++y)
        std::copy_n(data + rowBytes * static_cast<size_t>(size.height() - 1 - y), rowBytes, image.scanLine(y));
    return image;
}

bool renderViewFrame(MachineView& view, unsigned char* rgba, int bytesPerLine, QString* error)
{
    RenderWidget* widget = view.renderWidget();
    const QSize size = widget->frameSize();
    if (size.isEmpty())
        return fail(error, QObject::tr("The 3D view has no frame size set for recording."));
    if (!widget->makeCurrent())
        return fail(error, QObject::tr("The 3D view has no OpenGL context."));
    vtkRenderer* renderer = widget->renderer();
    vtkCamera* camera = renderer->GetActiveCamera();
    vtkNew<vtkCamera> saved;
    saved->DeepCopy(camera);
    fitCameraToAspect(view, renderer, shownAspect(widget), size);
    const bool read = widget->renderFrame(rgba, bytesPerLine);
    camera->DeepCopy(saved);
    widget->doneCurrent();
    if (!read)
        return fail(
            error,
            QObject::tr("OpenGL could not render an image of %1 x %2 pixels.").arg(size.width()).arg(size.height()));
    return true;
}

} // namespace placement
