// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace placement {

/// Writes frames of RGB pixels into a video file through FFmpeg's libraries (libavcodec,
/// libavformat, libswscale): H.264 by libx264 when this FFmpeg has it and the container takes
/// it (MP4 does), otherwise MPEG-4 part 2; 4:2:0 chroma, constant frame rate. The container
/// follows the file's extension (.mp4, .mkv, .mov, ...).
///
/// The file is written whole or not at all: frames go to `PATH.partial`, renamed to PATH by
/// finish(); a writer destroyed before that removes the partial file and leaves PATH as it was.
/// Errors throw std::runtime_error naming the file and the reason.
class VideoWriter
{
public:
    /// Opens the partial file and the encoder for frames of width x height pixels (both even
    /// and at least 16) at `framesPerSecond` (1 to 240).
    VideoWriter(const std::string& path, int width, int height, int framesPerSecond);
    ~VideoWriter();
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    /// How a frame's pixels are laid out: 8 bits per channel, red first.
    enum class Pixels {
        Rgb, ///< 3 bytes a pixel
        Rgba, ///< 4 bytes a pixel, the alpha ignored (OpenGL's read-back)
    };

    /// Encodes one frame: `height` rows of `width` pixels, `top` the top row's first pixel,
    /// each next row `bytesPerLine` further on (negative for rows stored bottom to top, as
    /// OpenGL reads them). Converted to 4:2:0 YUV by libswscale straight from there.
    void addFrame(const unsigned char* top, int bytesPerLine, Pixels layout = Pixels::Rgb);
    /// Encodes what the encoder still holds, closes the file and renames it into place.
    void finish();

    int width() const;
    int height() const;
    int framesPerSecond() const;
    std::int64_t framesWritten() const;
    /// The encoder in words: "H.264 (libx264)" or "MPEG-4 part 2".
    std::string codecDescription() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

/// Why a video of width x height pixels at `framesPerSecond` cannot be written (empty: it
/// can): the sides must be even (4:2:0 chroma halves them) and within 16 to 8192 pixels.
std::string videoSizeProblem(int width, int height, int framesPerSecond);

} // namespace placement
