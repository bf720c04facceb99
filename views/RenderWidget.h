#pragma once

#include <QOpenGLWidget>

#include <memory>

class vtkRenderer;
class vtkRenderWindow;

namespace placement {

/// A Qt 6 QOpenGLWidget that drives a vtkGenericOpenGLRenderWindow (Debian's own VTK Qt
/// widget is built for Qt 5). VTK renders into its own framebuffer inside Qt's context;
/// paintGL() blits the result into the widget's framebuffer, so grabFramebuffer() works too.
///
/// Mouse and wheel events go to a VTK trackball-camera interactor (left: rotate,
/// middle or shift+left: pan, right or wheel: zoom). A left press and release without
/// movement is reported as clicked() instead.
class RenderWidget : public QOpenGLWidget
{
    Q_OBJECT
public:
    explicit RenderWidget(QWidget* parent = nullptr);
    ~RenderWidget() override;

    vtkRenderer* renderer() const;
    vtkRenderWindow* renderWindow() const;

    /// Re-renders the VTK scene at the next paint.
    void scheduleRender();

    /// Wall time of the last VTK render, in milliseconds.
    double lastRenderMilliseconds() const;
    int renderedFrames() const;

signals:
    /// A click (press and release within a few pixels) at a position in widget coordinates.
    void clicked(QPointF position);
    /// The VTK scene was rendered and blitted into the widget.
    void frameRendered();
    /// The user moved the camera (drag or wheel).
    void cameraMoved();

protected:
    void initializeGL() override;
    void resizeGL(int width, int height) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace placement
