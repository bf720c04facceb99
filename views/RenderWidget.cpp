// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "views/RenderWidget.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QPainter>
#include <QStyle>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QWindow>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

namespace placement {

namespace {
// A press and release closer than this (logical pixels, Manhattan) is a click, not a drag.
constexpr int clickTolerance = 4;

/// Mesa's software rasteriser takes the memory for each frame's work from malloc and frees
/// it after the frame; glibc then hands the top of the heap back to the kernel (beyond
/// 128 KiB by default) and the next frame faults every page in again: 15% of the main
/// thread's time and a third of a titan frame (16.5 ms instead of 10.7 ms). Keeping up to
/// 64 MiB of free heap costs address space, not work.
void keepFrameMemory()
{
#ifdef __GLIBC__
    static const bool done = [] { return mallopt(M_TRIM_THRESHOLD, 64 << 20) == 1; }();
    (void)done;
#endif
}
} // namespace

/// The native window the frames are shown in. It takes no keyboard focus (the window's
/// shortcuts keep working) and hands its input to the widget.
class RenderWidget::Surface : public QWindow
{
public:
    explicit Surface(RenderWidget::Private* owner)
        : m_d(owner)
    {
        setSurfaceType(QSurface::OpenGLSurface);
        setFlag(Qt::WindowDoesNotAcceptFocus);
        m_toolTipTimer.setSingleShot(true);
        QObject::connect(&m_toolTipTimer, &QTimer::timeout, this, [this] { showToolTip(); });
    }

protected:
    bool event(QEvent* event) override;
    void exposeEvent(QExposeEvent* event) override;

private:
    /// Sends a drag or drop over the view to the widget's top-level window, where drops of
    /// files are handled, at the same place in its coordinates.
    bool forwardDrag(QEvent* event);
    /// Widgets get tooltip requests from QApplication when the pointer rests over them; a
    /// native window does not, so it asks the widget itself after the style's delay.
    void trackToolTip(QEvent* event);
    void showToolTip();

    RenderWidget::Private* m_d;
    QTimer m_toolTipTimer;
    QPoint m_hover;
};

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
    Surface* surface = nullptr; ///< owned by its container widget
    std::unique_ptr<QOpenGLContext> context;
    std::unique_ptr<QOffscreenSurface> offscreen;
    bool contextFailed = false;
    QSize renderedSize; // device pixels of the last VTK render
    QSize frameSize; // set: every render is of this size (a recording), shown scaled to fit
    bool needRender = true;
    bool presentPending = false;
    bool inRender = false;
    QPointF pressPosition;
    bool leftPressed = false;
    bool dragged = false;
    int wheelAccumulator = 0;
    double lastRenderMs = 0;
    int frames = 0;

    QSize deviceSize() const { return q->size() * q->devicePixelRatioF(); }
    /// The size VTK renders at: the frame size while one is set, else the widget's.
    QSize renderSize() const { return frameSize.isEmpty() ? deviceSize() : frameSize; }
    /// Where a frame of the frame size shows in a window of `target` device pixels: scaled
    /// to fit, centred.
    QRect fittedFrame(const QSize& target) const
    {
        if (frameSize.isEmpty())
            return QRect(QPoint(0, 0), target);
        const QSize fitted = frameSize.scaled(target, Qt::KeepAspectRatio);
        return QRect(QPoint((target.width() - fitted.width()) / 2, (target.height() - fitted.height()) / 2), fitted);
    }
    bool shown() const { return surface && surface->handle() && surface->isExposed(); }
    QSurface* currentSurface() const
    {
        return shown() ? static_cast<QSurface*>(surface) : static_cast<QSurface*>(offscreen.get());
    }

    bool ensureContext()
    {
        if (context || contextFailed)
            return static_cast<bool>(context);
        auto created = std::make_unique<QOpenGLContext>();
        created->setFormat(surface->requestedFormat());
        if (!created->create()) {
            contextFailed = true;
            return false;
        }
        offscreen = std::make_unique<QOffscreenSurface>(nullptr, q);
        offscreen->setFormat(created->format());
        offscreen->create();
        context = std::move(created);
        if (!context->makeCurrent(currentSurface())) {
            context.reset();
            contextFailed = true;
            return false;
        }
        vtkOpenGLState* state = window->GetState();
        state->Reset();
        state->vtkglDepthFunc(GL_LEQUAL);
        window->SetOwnContext(0);
        window->SetReadyForRendering(true);
        window->OpenGLInitContext();
        syncSize();
        if (!interactor->GetInitialized())
            interactor->Initialize();
        needRender = true;
        return true;
    }

    void syncSize()
    {
        const QSize size = renderSize();
        const int* current = window->GetSize();
        if (current[0] != size.width() || current[1] != size.height()) {
            window->SetSize(size.width(), size.height());
            needRender = true;
        }
        interactor->UpdateSize(size.width(), size.height());
    }

    /// Renders the scene into VTK's framebuffer if anything changed since the last render.
    /// The context must be current.
    void renderIfNeeded()
    {
        syncSize();
        if (!needRender && renderedSize == renderSize())
            return;
        vtkOpenGLState* state = window->GetState();
        state->Reset();
        state->Push();
        QElapsedTimer timer;
        timer.start();
        inRender = true;
        window->Render();
        inRender = false;
        state->Pop();
        needRender = false;
        renderedSize = renderSize();
        lastRenderMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        ++frames;
    }

    /// Shows the current frame in the window: render if needed, blit, swap.
    void present()
    {
        presentPending = false;
        if (!shown() || !ensureContext() || !context->makeCurrent(surface))
            return;
        const bool rendered = needRender || renderedSize != renderSize();
        renderIfNeeded();
        QOpenGLExtraFunctions* gl = context->extraFunctions();
        vtkOpenGLFramebufferObject* frame = window->GetRenderFramebuffer();
        frame->Bind(GL_READ_FRAMEBUFFER);
        frame->ActivateReadBuffer(0);
        gl->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, context->defaultFramebufferObject());
        const QSize target = surface->size() * surface->devicePixelRatio();
        const QRect shown = fittedFrame(target);
        if (shown.size() != target) {
            // A frame of another shape (a recording's): bands of the window's colour beside it.
            const QColor band = q->palette().color(QPalette::Window);
            gl->glDisable(GL_SCISSOR_TEST);
            gl->glClearColor(band.redF(), band.greenF(), band.blueF(), 1);
            gl->glClear(GL_COLOR_BUFFER_BIT);
        }
        const bool sameSize = shown.size() == renderedSize;
        gl->glBlitFramebuffer(0, 0, renderedSize.width(), renderedSize.height(), shown.left(),
                              target.height() - shown.bottom() - 1, shown.right() + 1, target.height() - shown.top(),
                              GL_COLOR_BUFFER_BIT, sameSize ? GL_NEAREST : GL_LINEAR);
        gl->glBindFramebuffer(GL_FRAMEBUFFER, context->defaultFramebufferObject());
        window->GetState()->Reset();
        context->swapBuffers(surface);
        if (rendered)
            emit q->frameRendered();
        emit q->frameSwapped();
    }

    void requestPresent()
    {
        if (presentPending || !surface)
            return;
        presentPending = true;
        QCoreApplication::postEvent(surface, new QEvent(QEvent::UpdateRequest));
    }

    void finalize()
    {
        if (!context)
            return;
        context->makeCurrent(offscreen.get());
        window->Finalize();
        context->doneCurrent();
        context.reset();
        offscreen.reset();
    }

    static void onWindowEvent(vtkObject*, unsigned long event, void* clientData, void* callData)
    {
        auto* self = static_cast<Private*>(clientData);
        QOpenGLContext* context = self->context.get();
        switch (event) {
        case vtkCommand::WindowMakeCurrentEvent:
            if (context && QOpenGLContext::currentContext() != context)
                context->makeCurrent(self->currentSurface());
            break;
        case vtkCommand::WindowIsCurrentEvent:
            *static_cast<bool*>(callData) = context && QOpenGLContext::currentContext() == context;
            break;
        case vtkCommand::WindowFrameEvent:
            // A render outside renderIfNeeded() (an image export at another size) replaced
            // the view's frame in VTK's framebuffer: render it again for the next showing.
            if (!self->inRender) {
                self->needRender = true;
                self->requestPresent();
            }
            break;
        default: break;
        }
    }

    static void onInteractorRender(vtkObject*, unsigned long, void* clientData, void*)
    {
        auto* self = static_cast<Private*>(clientData);
        self->needRender = true;
        self->requestPresent();
    }

    /// A position in the widget (logical pixels) in VTK's render, device pixels.
    QPointF renderPosition(QPointF position) const
    {
        position *= q->devicePixelRatioF();
        if (frameSize.isEmpty())
            return position;
        const QRect shown = fittedFrame(deviceSize());
        return {(position.x() - shown.left()) * frameSize.width() / std::max(1, shown.width()),
                (position.y() - shown.top()) * frameSize.height() / std::max(1, shown.height())};
    }

    void forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat = false)
    {
        const QPointF position = renderPosition(event->position());
        const auto modifiers = event->modifiers();
        interactor->SetEventInformationFlipY(static_cast<int>(position.x() + 0.5), static_cast<int>(position.y() + 0.5),
                                             modifiers.testFlag(Qt::ControlModifier) ? 1 : 0,
                                             modifiers.testFlag(Qt::ShiftModifier) ? 1 : 0, 0, repeat ? 1 : 0);
        interactor->SetAltKey(modifiers.testFlag(Qt::AltModifier) ? 1 : 0);
        interactor->InvokeEvent(vtkEvent, event);
    }
};

bool RenderWidget::Surface::event(QEvent* event)
{
    switch (event->type()) {
    case QEvent::UpdateRequest: m_d->present(); return true;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
    case QEvent::Wheel:
    case QEvent::Enter:
    case QEvent::Leave:
        // The window covers the widget exactly: positions are the widget's own.
        trackToolTip(event);
        QCoreApplication::sendEvent(m_d->q, event);
        return true;
    case QEvent::DragEnter:
    case QEvent::DragMove:
    case QEvent::DragLeave:
    case QEvent::Drop: return forwardDrag(event);
    default: return QWindow::event(event);
    }
}

void RenderWidget::Surface::exposeEvent(QExposeEvent*)
{
    if (isExposed())
        m_d->present();
}

void RenderWidget::Surface::trackToolTip(QEvent* event)
{
    if (event->type() == QEvent::MouseMove && static_cast<QMouseEvent*>(event)->buttons() == Qt::NoButton) {
        m_hover = static_cast<QMouseEvent*>(event)->position().toPoint();
        // Once a tooltip shows, moving on updates it at once, as for widgets.
        m_toolTipTimer.start(QToolTip::isVisible() ? 20 : m_d->q->style()->styleHint(QStyle::SH_ToolTip_WakeUpDelay));
        return;
    }
    m_toolTipTimer.stop();
    if (event->type() == QEvent::Leave || event->type() == QEvent::MouseButtonPress)
        QToolTip::hideText();
}

void RenderWidget::Surface::showToolTip()
{
    if (!m_d->q->isVisible())
        return;
    QHelpEvent help(QEvent::ToolTip, m_hover, m_d->q->mapToGlobal(m_hover));
    QCoreApplication::sendEvent(m_d->q, &help);
}

bool RenderWidget::Surface::forwardDrag(QEvent* event)
{
    QWidget* target = m_d->q->window();
    if (event->type() == QEvent::DragLeave) {
        QDragLeaveEvent leave;
        QCoreApplication::sendEvent(target, &leave);
        return true;
    }
    auto* drop = static_cast<QDropEvent*>(event);
    const QPointF position = m_d->q->mapTo(target, drop->position());
    if (event->type() == QEvent::Drop) {
        QDropEvent forwarded(position, drop->possibleActions(), drop->mimeData(), drop->buttons(), drop->modifiers());
        QCoreApplication::sendEvent(target, &forwarded);
        drop->setDropAction(forwarded.dropAction());
        drop->setAccepted(forwarded.isAccepted());
        return true;
    }
    QDragMoveEvent forwarded(position.toPoint(), drop->possibleActions(), drop->mimeData(), drop->buttons(),
                             drop->modifiers(), event->type());
    if (event->type() == QEvent::DragEnter) {
        QDragEnterEvent enter(position.toPoint(), drop->possibleActions(), drop->mimeData(), drop->buttons(),
                              drop->modifiers());
        QCoreApplication::sendEvent(target, &enter);
        drop->setDropAction(enter.dropAction());
        drop->setAccepted(enter.isAccepted());
        return true;
    }
    QCoreApplication::sendEvent(target, &forwarded);
    drop->setDropAction(forwarded.dropAction());
    drop->setAccepted(forwarded.isAccepted());
    return true;
}

RenderWidget::RenderWidget(QWidget* parent)
    : QWidget(parent)
    , d(std::make_unique<Private>(this))
{
    keepFrameMemory();
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(64, 64);
    // The native window covers the widget: nothing of the widget itself is ever seen.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAttribute(Qt::WA_NoSystemBackground);

    d->surface = new Surface(d.get());
    QWidget* container = QWidget::createWindowContainer(d->surface, this);
    container->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);

    d->window->SetReadyForRendering(false);
    d->window->SetFrameBlitModeToNoBlit();
    // No copy of each frame into VTK's display framebuffer: present() blits straight from
    // the framebuffer VTK rendered into (a full-window pass less in software GL).
    d->window->SwapBuffersOff();
    d->window->SetMultiSamples(0); // MSAA costs about 45% per frame on software GL
    d->window->AddRenderer(d->renderer);
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
    d->requestPresent();
}

void RenderWidget::schedulePresent()
{
    d->requestPresent();
}

double RenderWidget::lastRenderMilliseconds() const
{
    return d->lastRenderMs;
}

int RenderWidget::renderedFrames() const
{
    return d->frames;
}

QOpenGLContext* RenderWidget::context() const
{
    return d->context.get();
}

bool RenderWidget::isValid() const
{
    return static_cast<bool>(d->context);
}

bool RenderWidget::makeCurrent()
{
    return d->ensureContext() && d->context->makeCurrent(d->currentSurface());
}

void RenderWidget::doneCurrent()
{
    if (d->context)
        d->context->doneCurrent();
}

QImage RenderWidget::grabFramebuffer()
{
    if (!makeCurrent())
        return {};
    const bool rendered = d->needRender || d->renderedSize != d->renderSize();
    d->renderIfNeeded();
    const QSize size = d->renderedSize;
    QImage image(size, QImage::Format_RGBA8888);
    QOpenGLExtraFunctions* gl = d->context->extraFunctions();
    vtkOpenGLFramebufferObject* frame = d->window->GetRenderFramebuffer();
    frame->Bind(GL_READ_FRAMEBUFFER);
    frame->ActivateReadBuffer(0);
    gl->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->glReadPixels(0, 0, size.width(), size.height(), GL_RGBA, GL_UNSIGNED_BYTE, image.bits());
    gl->glBindFramebuffer(GL_FRAMEBUFFER, d->context->defaultFramebufferObject());
    d->window->GetState()->Reset();
    if (rendered)
        emit frameRendered();
    image.setDevicePixelRatio(devicePixelRatioF());
    return image.mirrored(); // OpenGL's rows run bottom to top
}

void RenderWidget::setFrameSize(const QSize& size)
{
    if (size == d->frameSize)
        return;
    d->frameSize = size;
    d->needRender = true;
    d->requestPresent();
}

QSize RenderWidget::frameSize() const
{
    return d->frameSize;
}

QSize RenderWidget::renderSize() const
{
    return d->renderSize();
}

QPointF RenderWidget::renderPosition(QPointF position) const
{
    return d->renderPosition(position);
}

bool RenderWidget::renderFrame(unsigned char* rgba, int bytesPerLine)
{
    if (!makeCurrent())
        return false;
    d->needRender = true;
    d->renderIfNeeded();
    const QSize size = d->renderedSize;
    QOpenGLExtraFunctions* gl = d->context->extraFunctions();
    vtkOpenGLFramebufferObject* frame = d->window->GetRenderFramebuffer();
    frame->Bind(GL_READ_FRAMEBUFFER);
    frame->ActivateReadBuffer(0);
    for (int stale = 0; stale < 8 && gl->glGetError() != GL_NO_ERROR; ++stale) {}
    gl->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->glPixelStorei(GL_PACK_ROW_LENGTH, bytesPerLine / 4);
    gl->glReadPixels(0, 0, size.width(), size.height(), GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    gl->glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    const bool read = gl->glGetError() == GL_NO_ERROR;
    gl->glBindFramebuffer(GL_FRAMEBUFFER, d->context->defaultFramebufferObject());
    d->window->GetState()->Reset();
    emit frameRendered();
    d->requestPresent(); // the same frame, on screen at the next turn of the event loop
    return read;
}

QWindow* RenderWidget::nativeWindow() const
{
    return d->surface;
}

void RenderWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    d->needRender = true;
    d->requestPresent();
}

void RenderWidget::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
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
    const QPointF position = d->renderPosition(event->position());
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
    QWidget::enterEvent(event);
}

void RenderWidget::leaveEvent(QEvent* event)
{
    d->interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
    QWidget::leaveEvent(event);
}

QImage grabWithRenderViews(QWidget* widget)
{
    QImage image = widget->grab().toImage();
    QPainter painter(&image);
    for (RenderWidget* view : widget->findChildren<RenderWidget*>()) {
        if (!view->isVisible())
            continue;
        const QImage frame = view->grabFramebuffer();
        if (!frame.isNull())
            painter.drawImage(QRect(view->mapTo(widget, QPoint(0, 0)), view->size()), frame);
    }
    return image;
}

} // namespace placement
