#include "views/RenderWidget.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QWheelEvent>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

namespace placement {

namespace {
// A press and release closer than this (logical pixels, Manhattan) is a click, not a drag.
constexpr int clickTolerance = 4;
} // namespace

struct RenderWidget::Private
{
    explicit Private(RenderWidget* owner)
        : q(owner)
    {}

    RenderWidget* q;
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    vtkNew<vtkRenderer> renderer;
    vtkNew<vtkGenericRenderWindowInteractor> interactor;
    vtkNew<vtkInteractorStyleTrackballCamera> style;
    vtkNew<vtkCallbackCommand> windowObserver;
    vtkNew<vtkCallbackCommand> interactorObserver;
    QSurface* surface = nullptr;
    QSize renderedSize; // device pixels of the last VTK render
    bool needRender = true;
    bool inPaint = false;
    QPointF pressPosition;
    bool leftPressed = false;
    bool dragged = false;
    int wheelAccumulator = 0;
    double lastRenderMs = 0;
    int frames = 0;
    QMetaObject::Connection contextDestruction;

    QSize deviceSize() const { return q->size() * q->devicePixelRatioF(); }

    void syncSize()
    {
        const QSize size = deviceSize();
        const int* current = window->GetSize();
        if (current[0] != size.width() || current[1] != size.height()) {
            window->SetSize(size.width(), size.height());
            needRender = true;
        }
        interactor->UpdateSize(size.width(), size.height());
    }

    static void onWindowEvent(vtkObject*, unsigned long event, void* clientData, void* callData)
    {
        auto* self = static_cast<Private*>(clientData);
        QOpenGLContext* context = self->q->context();
        switch (event) {
        case vtkCommand::WindowMakeCurrentEvent:
            // Not QOpenGLWidget::makeCurrent(): that rebinds Qt's framebuffer behind VTK's
            // back and VTK then draws into an incomplete FBO (a black widget).
            if (context && QOpenGLContext::currentContext() != context)
                context->makeCurrent(self->surface);
            break;
        case vtkCommand::WindowIsCurrentEvent:
            *static_cast<bool*>(callData) = context && QOpenGLContext::currentContext() == context;
            break;
        case vtkCommand::WindowFrameEvent:
            // A render started outside paintGL() (by VTK itself): show it at the next paint.
            if (self->window->GetSwapBuffers() && !self->inPaint) {
                self->needRender = false;
                self->q->update();
            }
            break;
        default: break;
        }
    }

    static void onInteractorRender(vtkObject*, unsigned long, void* clientData, void*)
    {
        auto* self = static_cast<Private*>(clientData);
        self->needRender = true;
        self->q->update();
    }

    void forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat = false)
    {
        const qreal ratio = q->devicePixelRatioF();
        const QPointF position = event->position() * ratio;
        const auto modifiers = event->modifiers();
        interactor->SetEventInformationFlipY(static_cast<int>(position.x() + 0.5), static_cast<int>(position.y() + 0.5),
                                             modifiers.testFlag(Qt::ControlModifier) ? 1 : 0,
                                             modifiers.testFlag(Qt::ShiftModifier) ? 1 : 0, 0, repeat ? 1 : 0);
        interactor->SetAltKey(modifiers.testFlag(Qt::AltModifier) ? 1 : 0);
        interactor->InvokeEvent(vtkEvent, event);
    }

    void finalize()
    {
        if (!surface)
            return;
        q->makeCurrent();
        window->Finalize();
        q->doneCurrent();
        surface = nullptr;
    }
};

RenderWidget::RenderWidget(QWidget* parent)
    : QOpenGLWidget(parent)
    , d(std::make_unique<Private>(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(64, 64);

    d->window->SetReadyForRendering(false);
    d->window->SetFrameBlitModeToNoBlit();
    d->window->SetMultiSamples(0); // MSAA costs about 45% per frame on software GL
    d->window->AddRenderer(d->renderer);
    // An opaque background gives every pixel alpha 1, so the widget composites opaque
    // without a pass over the framebuffer to set alpha after each blit.
    d->renderer->SetBackgroundAlpha(1.0);
    d->windowObserver->SetClientData(d.get());
    d->windowObserver->SetCallback(&Private::onWindowEvent);
    for (unsigned long event :
         {vtkCommand::WindowMakeCurrentEvent, vtkCommand::WindowIsCurrentEvent, vtkCommand::WindowFrameEvent})
        d->window->AddObserver(event, d->windowObserver);

    d->interactor->SetRenderWindow(d->window);
    d->interactor->SetInteractorStyle(d->style);
    d->interactor->EnableRenderOff();
    d->interactorObserver->SetClientData(d.get());
    d->interactorObserver->SetCallback(&Private::onInteractorRender);
    d->interactor->AddObserver(vtkCommand::RenderEvent, d->interactorObserver);
}

RenderWidget::~RenderWidget()
{
    // ~QOpenGLWidget destroys the context after this part of the object is gone.
    QObject::disconnect(d->contextDestruction);
    d->finalize();
    d->window->RemoveObserver(d->windowObserver);
    d->interactor->RemoveObserver(d->interactorObserver);
}

vtkRenderer* RenderWidget::renderer() const
{
    return d->renderer;
}

vtkRenderWindow* RenderWidget::renderWindow() const
{
    return d->window;
}

void RenderWidget::scheduleRender()
{
    d->needRender = true;
    update();
}

double RenderWidget::lastRenderMilliseconds() const
{
    return d->lastRenderMs;
}

int RenderWidget::renderedFrames() const
{
    return d->frames;
}

void RenderWidget::initializeGL()
{
    vtkOpenGLState* state = d->window->GetState();
    state->Reset();
    state->vtkglDepthFunc(GL_LEQUAL);
    d->window->SetOwnContext(0);
    d->window->SetReadyForRendering(true);
    d->surface = context()->surface();
    d->window->OpenGLInitContext();
    d->syncSize();
    if (!d->interactor->GetInitialized())
        d->interactor->Initialize();
    QObject::disconnect(d->contextDestruction);
    d->contextDestruction = connect(
        context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] { d->finalize(); }, Qt::DirectConnection);
    d->needRender = true;
}

void RenderWidget::resizeGL(int, int)
{
    d->syncSize();
    d->needRender = true;
}

void RenderWidget::paintGL()
{
    // A widget that was never shown gets no resizeGL() before grabFramebuffer().
    d->syncSize();
    vtkOpenGLState* state = d->window->GetState();
    state->Reset();
    state->Push();
    if (d->needRender) {
        QElapsedTimer timer;
        timer.start();
        d->inPaint = true;
        d->window->Render();
        d->inPaint = false;
        d->needRender = false;
        d->renderedSize = d->deviceSize();
        d->lastRenderMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        ++d->frames;
    }
    makeCurrent(); // rebinds Qt's framebuffer for the blit below

    QOpenGLExtraFunctions* gl = context()->extraFunctions();
    gl->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum drawBuffer = GL_COLOR_ATTACHMENT0;
    gl->glDrawBuffers(1, &drawBuffer);
    const QSize target = d->deviceSize();
    d->window->BlitDisplayFramebuffer(0, 0, 0, d->renderedSize.width(), d->renderedSize.height(), 0, 0, target.width(),
                                      target.height(), GL_COLOR_BUFFER_BIT, GL_LINEAR);
    state->Pop();
    emit frameRendered();
}

void RenderWidget::mousePressEvent(QMouseEvent* event)
{
    switch (event->button()) {
    case Qt::LeftButton:
        d->leftPressed = true;
        d->dragged = false;
        d->pressPosition = event->position();
        d->forwardMouse(event, vtkCommand::LeftButtonPressEvent);
        break;
    case Qt::MiddleButton: d->forwardMouse(event, vtkCommand::MiddleButtonPressEvent); break;
    case Qt::RightButton: d->forwardMouse(event, vtkCommand::RightButtonPressEvent); break;
    default: break;
    }
    event->accept();
}

void RenderWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (d->leftPressed && (event->position() - d->pressPosition).manhattanLength() > clickTolerance)
        d->dragged = true;
    if (event->buttons() != Qt::NoButton)
        emit cameraMoved();
    d->forwardMouse(event, vtkCommand::MouseMoveEvent);
    event->accept();
}

void RenderWidget::mouseReleaseEvent(QMouseEvent* event)
{
    switch (event->button()) {
    case Qt::LeftButton: {
        d->forwardMouse(event, vtkCommand::LeftButtonReleaseEvent);
        const bool click = d->leftPressed && !d->dragged
            && (event->position() - d->pressPosition).manhattanLength() <= clickTolerance;
        d->leftPressed = false;
        if (click)
            emit clicked(event->position());
        break;
    }
    case Qt::MiddleButton: d->forwardMouse(event, vtkCommand::MiddleButtonReleaseEvent); break;
    case Qt::RightButton: d->forwardMouse(event, vtkCommand::RightButtonReleaseEvent); break;
    default: break;
    }
    event->accept();
}

void RenderWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        d->forwardMouse(event, vtkCommand::LeftButtonDoubleClickEvent, true);
    event->accept();
}

void RenderWidget::wheelEvent(QWheelEvent* event)
{
    const qreal ratio = devicePixelRatioF();
    const QPointF position = event->position() * ratio;
    d->interactor->SetEventInformationFlipY(static_cast<int>(position.x() + 0.5), static_cast<int>(position.y() + 0.5));
    // One VTK wheel step per notch (120 units); touchpads deliver smaller deltas.
    d->wheelAccumulator += event->angleDelta().y();
    emit cameraMoved();
    while (d->wheelAccumulator >= 120) {
        d->interactor->InvokeEvent(vtkCommand::MouseWheelForwardEvent, event);
        d->wheelAccumulator -= 120;
    }
    while (d->wheelAccumulator <= -120) {
        d->interactor->InvokeEvent(vtkCommand::MouseWheelBackwardEvent, event);
        d->wheelAccumulator += 120;
    }
    event->accept();
}

void RenderWidget::enterEvent(QEnterEvent* event)
{
    d->interactor->InvokeEvent(vtkCommand::EnterEvent, event);
    QOpenGLWidget::enterEvent(event);
}

void RenderWidget::leaveEvent(QEvent* event)
{
    d->interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
    QOpenGLWidget::leaveEvent(event);
}

} // namespace placement
