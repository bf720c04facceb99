// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ReplayRecorder.h"

#include "app/ComparePane.h"
#include "app/JobTableModel.h"
#include "app/MainWindow.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/ViewImage.h"

#include <QElapsedTimer>
#include <QTimer>

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "video/VideoWriter.h"

namespace placement {

namespace {

constexpr std::size_t queuedFrames = 8; // rendered ahead of the encoder at most

} // namespace

std::int64_t ReplaySettings::frameCount() const
{
    if (speed <= 0 || fps <= 0 || to <= from)
        return 1;
    return std::max<std::int64_t>(1, std::llround(static_cast<double>(to - from) / speed * fps));
}

std::int64_t ReplaySettings::frameTime(std::int64_t frame) const
{
    return from + std::llround(static_cast<double>(frame) * speed / fps);
}

QString replaySettingsProblem(const ReplaySettings& settings, const MachineData& machine)
{
    const QString span = QObject::tr("the run goes from %1 to %2 UTC")
                             .arg(formatTime(machine.firstTime), formatTime(machine.lastTime));
    if (settings.from < machine.firstTime || settings.from > machine.lastTime)
        return QObject::tr("--from %1 UTC is outside the run: %2").arg(formatTime(settings.from), span);
    if (settings.to < machine.firstTime || settings.to > machine.lastTime)
        return QObject::tr("--to %1 UTC is outside the run: %2").arg(formatTime(settings.to), span);
    if (settings.to <= settings.from)
        return QObject::tr("--to %1 UTC must come after --from %2 UTC")
            .arg(formatTime(settings.to), formatTime(settings.from));
    if (!(settings.speed > 0) || !std::isfinite(settings.speed))
        return QObject::tr("--speed must be a positive number of simulated seconds per second of video, not %1")
            .arg(settings.speed);
    if (settings.fps < 1 || settings.fps > 240)
        return QObject::tr("--fps must be a whole number from 1 to 240, not %1").arg(settings.fps);
    const std::string size = videoSizeProblem(settings.size.width(), settings.size.height(), settings.fps);
    if (!size.empty())
        return QObject::tr("--size: %1").arg(QString::fromStdString(size));
    // A day of video at most: beyond that the speed was meant to be larger.
    if (settings.frameCount() > std::int64_t{24} * 3600 * settings.fps)
        return QObject::tr("--speed %1 makes a video of %2 frames (%3 of video): choose a larger speed")
            .arg(settings.speed)
            .arg(settings.frameCount())
            .arg(formatDuration(settings.frameCount() / settings.fps));
    return {};
}

ReplayRecorder::ReplayRecorder(MainWindow* window, ReplaySettings settings, std::shared_ptr<TaskProgress> progress)
    : QObject(window)
    , m_window(window)
    , m_settings(std::move(settings))
    , m_progress(std::move(progress))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(0);
    connect(m_timer, &QTimer::timeout, this, &ReplayRecorder::renderNext);
}

ReplayRecorder::~ReplayRecorder()
{
    // Destroyed with the window maybe, whose session may be gone: no time to restore, only
    // an encoder to release (the Tasks dock has waited for it by then).
    m_rendering = false;
    std::unique_lock lock(m_mutex);
    m_closed = true;
    m_changed.notify_all();
}

bool ReplayRecorder::open(QString* error)
{
    try {
        m_writer = std::make_unique<VideoWriter>(m_settings.path.toStdString(), m_settings.size.width(),
                                                 m_settings.size.height(), m_settings.fps);
        m_codec = QString::fromStdString(m_writer->codecDescription());
    } catch (const std::exception& failure) {
        if (error)
            *error = QString::fromStdString(failure.what());
        return false;
    }
    return true;
}

QString ReplayRecorder::codecDescription() const
{
    return m_codec;
}

void ReplayRecorder::setViewFrameSizes(bool recording)
{
    const QSize size = m_settings.size;
    const bool comparing = recording && m_window->comparing();
    const int left = comparing ? size.width() / 2 : size.width();
    m_window->machineView()->renderWidget()->setFrameSize(recording ? QSize(left, size.height()) : QSize());
    if (ComparePane* pane = m_window->comparePane())
        pane->view()->renderWidget()->setFrameSize(comparing ? QSize(size.width() - left, size.height()) : QSize());
}

bool ReplayRecorder::renderInto(unsigned char* rgba, QString* error)
{
    setViewFrameSizes(true); // compare mode may have been switched on or off meanwhile
    const int bytesPerLine = 4 * m_settings.size.width();
    if (!renderViewFrame(*m_window->machineView(), rgba, bytesPerLine, error))
        return false;
    if (!m_window->comparing())
        return true;
    // Compare mode: the compared run on the right, read into the same rows.
    const int left = m_settings.size.width() / 2;
    return renderViewFrame(*m_window->comparePane()->view(), rgba + std::size_t{4} * left, bytesPerLine, error);
}

void ReplayRecorder::start()
{
    m_savedTime = m_window->currentTime();
    {
        std::unique_lock lock(m_mutex);
        const std::size_t bytes = std::size_t{4} * m_settings.size.width() * m_settings.size.height();
        m_buffers.assign(queuedFrames, std::vector<unsigned char>(bytes));
        for (std::size_t i = 0; i < m_buffers.size(); ++i)
            m_free.push_back(i);
    }
    m_rendering = true;
    // Another machine or run shown midway would end up in the video: stop instead.
    connect(m_window->session(), &ExplorerSession::machineChanged, this, [this] {
        if (!m_rendering)
            return;
        std::unique_lock lock(m_mutex);
        m_error = tr("%1: not written: the machine or run shown changed while recording").arg(m_settings.path);
        m_failed = true;
        lock.unlock();
        m_restoreTime = false;
        stopRendering();
    });
    m_timer->start();
}

void ReplayRecorder::renderNext()
{
    // Frames for a tenth of a second, then a turn of the event loop: the window stays
    // responsive, and what follows the time cursor on screen (the view itself, the docks)
    // is drawn once per turn rather than once per frame.
    QElapsedTimer turn;
    turn.start();
    while (m_rendering && turn.elapsed() < 100) {
        if (m_progress->cancel || m_failed || !m_window->currentMachine()) {
            stopRendering();
            return;
        }
        std::size_t buffer = 0;
        {
            // Render ahead of the encoder by a few frames at most.
            std::unique_lock lock(m_mutex);
            if (!m_changed.wait_for(lock, std::chrono::milliseconds(50), [this] { return !m_free.empty() || m_failed; })
                || m_failed)
                return;
            buffer = m_free.front();
            m_free.pop_front();
        }
        m_window->setCurrentTime(m_settings.frameTime(m_next));
        QString error;
        if (!renderInto(m_buffers[buffer].data(), &error)) {
            std::unique_lock lock(m_mutex);
            m_error = tr("%1: cannot render frame %2: %3").arg(m_settings.path).arg(m_next).arg(error);
            m_failed = true;
            lock.unlock();
            stopRendering();
            return;
        }
        {
            std::unique_lock lock(m_mutex);
            m_frames.push_back(buffer);
            m_changed.notify_all();
        }
        if (++m_next >= m_settings.frameCount())
            stopRendering();
    }
}

void ReplayRecorder::stopRendering()
{
    if (!m_rendering)
        return;
    m_rendering = false;
    m_timer->stop();
    setViewFrameSizes(false);
    {
        std::unique_lock lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    }
    if (m_restoreTime && m_window->currentMachine())
        m_window->setCurrentTime(m_savedTime);
    emit renderingEnded();
}

void ReplayRecorder::encode()
{
    const std::int64_t total = m_settings.frameCount();
    try {
        const int width = m_settings.size.width();
        const int height = m_settings.size.height();
        for (;;) {
            std::size_t buffer = 0;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait_for(lock, std::chrono::milliseconds(100),
                                   [this] { return !m_frames.empty() || m_closed || m_progress->cancel; });
                if (m_progress->cancel || m_failed)
                    break;
                if (m_frames.empty()) {
                    if (m_closed)
                        break;
                    continue;
                }
                buffer = m_frames.front();
                m_frames.pop_front();
            }
            // OpenGL's rows run bottom to top: the top row is the last, and rows go backwards.
            const unsigned char* top = m_buffers[buffer].data() + std::size_t{4} * width * (height - 1);
            m_writer->addFrame(top, -4 * width, VideoWriter::Pixels::Rgba);
            {
                std::unique_lock lock(m_mutex);
                m_free.push_back(buffer);
                m_changed.notify_all();
            }
            ++m_encoded;
            m_progress->permille = static_cast<int>(std::min<std::int64_t>(999, m_encoded * 1000 / total));
        }
        if (!m_progress->cancel && !m_failed && m_encoded == total) {
            m_writer->finish();
            m_succeeded = true;
            m_progress->permille = 1000;
        }
    } catch (const std::exception& failure) {
        std::unique_lock lock(m_mutex);
        m_error = QString::fromStdString(failure.what());
        m_failed = true;
        m_changed.notify_all();
    }
    if (!m_succeeded)
        m_writer.reset(); // removes the partial file; an existing file keeps its contents
}

QString ReplayRecorder::outcome() const
{
    if (m_succeeded)
        return tr("Recorded %1: %2 frames of %3 x %4 at %5 per second (%6 s), %7")
            .arg(m_settings.path)
            .arg(m_encoded.load())
            .arg(m_settings.size.width())
            .arg(m_settings.size.height())
            .arg(m_settings.fps)
            .arg(static_cast<double>(m_encoded.load()) / m_settings.fps, 0, 'f', 2)
            .arg(m_codec);
    if (m_failed)
        return m_error;
    if (m_progress->cancel)
        return tr("Cancelled: %1 not written").arg(m_settings.path);
    return tr("%1: the recording stopped after %2 of %3 frames")
        .arg(m_settings.path)
        .arg(m_encoded.load())
        .arg(m_settings.frameCount());
}

} // namespace placement
