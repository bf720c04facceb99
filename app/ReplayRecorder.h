// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobTracker.h"

#include <QObject>
#include <QSize>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

class QTimer;

namespace placement {

class MainWindow;
struct MachineData;
class VideoWriter;

/// What a replay video shows: the machine from `from` to `to` (Unix seconds, UTC), `speed`
/// simulated seconds per second of video, `fps` frames per second of `size` pixels.
struct ReplaySettings
{
    QString path;
    std::int64_t from = 0;
    std::int64_t to = 0;
    double speed = 3600;
    int fps = 30;
    QSize size{1280, 720};

    /// round((to - from) / speed × fps), at least 1: the video lasts (to - from) / speed
    /// seconds to within one frame.
    std::int64_t frameCount() const;
    /// The simulated time frame `frame` shows: from + frame × speed / fps, rounded to the
    /// second (the time cursor's unit).
    std::int64_t frameTime(std::int64_t frame) const;
};

/// Why `settings` cannot be recorded of `machine` (empty: they can), naming the setting by
/// its command-line option (--from, --to, --speed, --fps, --size).
QString replaySettingsProblem(const ReplaySettings& settings, const MachineData& machine);

/// Records a replay of what the main window's 3D view shows (in compare mode: both views,
/// side by side, each half the width) into a video file (video/VideoWriter.h). While it
/// records, the views render at the video's size (RenderWidget::setFrameSize()) and show that
/// frame scaled to fit: each frame is rendered once, read back once into one of a few buffers
/// kept for the whole recording (views/ViewImage.h, renderViewFrame(): the same image as the
/// export path), on the GUI thread a tenth of a second at a time between turns of the event
/// loop, the session's time cursor moved to each frame's time. A worker thread (encode())
/// converts and compresses them meanwhile. When the last frame is rendered or Cancel pressed
/// the views go back to their own size and the time cursor to where it was. Usable from the
/// command line and as a row of the Tasks dock.
class ReplayRecorder : public QObject
{
    Q_OBJECT
public:
    ReplayRecorder(MainWindow* window, ReplaySettings settings, std::shared_ptr<TaskProgress> progress);
    ~ReplayRecorder() override;

    /// Opens the video file and its encoder; false (and why, naming the file) if it cannot.
    bool open(QString* error);
    /// Starts rendering frames on the GUI thread; call after open(), with encode() running.
    void start();
    /// The worker thread's part: encodes the frames as they come, then finishes the file.
    /// Returns when the video is complete, cancelled or failed.
    void encode();

    const ReplaySettings& settings() const { return m_settings; }
    /// After encode() returned: true when the video file is complete.
    bool succeeded() const { return m_succeeded; }
    /// After encode() returned: what happened, in a sentence naming the file.
    QString outcome() const;
    std::int64_t framesEncoded() const { return m_encoded; }
    /// "H.264 (libx264)" or "MPEG-4 part 2"; empty before open().
    QString codecDescription() const;

signals:
    /// The last frame was rendered (or the recording stopped); the time cursor is back.
    void renderingEnded();

private:
    void renderNext();
    void stopRendering();
    /// Sets the frame size of the views a frame is rendered from (empty: back to normal).
    void setViewFrameSizes(bool recording);
    /// Renders the frame at the time cursor into `rgba` (rows bottom to top).
    bool renderInto(unsigned char* rgba, QString* error);

    MainWindow* m_window;
    ReplaySettings m_settings;
    std::shared_ptr<TaskProgress> m_progress;
    std::unique_ptr<VideoWriter> m_writer;
    QTimer* m_timer;
    std::int64_t m_next = 0;
    std::int64_t m_savedTime = 0;
    bool m_rendering = false;
    std::atomic<std::int64_t> m_encoded = 0;
    std::atomic<bool> m_failed = false;
    bool m_succeeded = false;
    QString m_error;
    QString m_codec;
    bool m_restoreTime = true;

    // Buffers of one frame each (RGBA, rows bottom to top), allocated once: the indices of
    // those rendered and not encoded yet, oldest first, and of those free to render into.
    std::vector<std::vector<unsigned char>> m_buffers;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::size_t> m_frames;
    std::deque<std::size_t> m_free;
    bool m_closed = false;
};

} // namespace placement
