// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QImage>
#include <QWidget>

#include <memory>

class QOpenGLContext;
class QWindow;
class vtkRenderer;
class vtkRenderWindow;

namespace placement {

/// A Qt 6 widget that shows a VTK scene rendered by a vtkGenericOpenGLRenderWindow (Debian's
/// own VTK Qt widget is built for Qt 5). The frame goes into a native OpenGL window embedded
/// in the widget (QWidget::createWindowContainer): VTK renders into its own framebuffer, which
/// is blitted into the window's back buffer and swapped. Unlike a QOpenGLWidget, no pass
/// composes the frame into the top-level window's backing store: on software OpenGL that pass
/// cost more than VTK's render itself.
///
/// Mouse and wheel events go to a VTK trackball-camera interactor (left: rotate,
/// middle or shift+left: pan, right or wheel: zoom). A left press and release without
/// movement is reported as clicked() instead. Hover tooltips, drags and drops over the view
/// reach the widget (and its window) as they would for any widget.
///
/// A widget never shown still renders: grabFramebuffer() uses an offscreen surface.
class RenderWidget : public QWidget
{
    Q_OBJECT
public:
    explicit RenderWidget(QWidget* parent = nullptr);
    ~RenderWidget() override;

    vtkRenderer* renderer() const;
    vtkRenderWindow* renderWindow() const;

    /// Re-renders the VTK scene and shows it, as soon as the event loop runs.
    void scheduleRender();
    /// Shows the last frame again without rendering it (a window-system repaint).
    void schedulePresent();

    /// Wall time of the last VTK render, in milliseconds.
    double lastRenderMilliseconds() const;
    int renderedFrames() const;

    /// The OpenGL context VTK renders with, created at the first show or grab; nullptr before.
    QOpenGLContext* context() const;
    /// True once the context exists.
    bool isValid() const;
    /// Makes the context current: on the view's window when shown, otherwise offscreen.
    /// Creates the context if needed; false if OpenGL is unavailable.
    bool makeCurrent();
    void doneCurrent();
    /// The current frame at the widget's size in device pixels, rendered if needed (also for a
    /// widget never shown).
    QImage grabFramebuffer();
    /// While `size` is not empty, the scene renders at exactly `size` device pixels whatever
    /// the widget's size, and the window shows that frame scaled to fit, centred, with bands of
    /// the window's colour beside it: a replay recording renders each frame once, for the file
    /// and the screen alike (no framebuffers resized back and forth). Empty: the widget's size.
    void setFrameSize(const QSize& size);
    QSize frameSize() const;
    /// The size VTK renders at now, device pixels: frameSize(), or the widget's.
    QSize renderSize() const;
    /// A position in the widget (logical pixels) in VTK's render (device pixels, y down).
    QPointF renderPosition(QPointF position) const;
    /// Renders the scene now at renderSize() and reads it into `rgba`: renderSize() rows of
    /// RGBA pixels, bottom row first (OpenGL's order), `bytesPerLine` (a multiple of 4, at
    /// least 4 x width) apart. The frame is also the one the window shows next. Makes the
    /// context current and leaves it so. False if OpenGL could not.
    bool renderFrame(unsigned char* rgba, int bytesPerLine);
    /// The native window the frames are shown in (input arrives there first).
    QWindow* nativeWindow() const;

signals:
    /// A click (press and release within a few pixels) at a position in widget coordinates.
    void clicked(QPointF position);
    /// The VTK scene was rendered and shown (or rendered for a grab).
    void frameRendered();
    /// A frame was swapped to the screen.
    void frameSwapped();
    /// The user moved the camera (drag or wheel).
    void cameraMoved();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    class Surface;
    struct Private;
    std::unique_ptr<Private> d;
};

/// `widget` as QWidget::grab() draws it, with the frames of the 3D views inside it (which a
/// grab alone leaves out: they are native windows).
QImage grabWithRenderViews(QWidget* widget);

} // namespace placement
