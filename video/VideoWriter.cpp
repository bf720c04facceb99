// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "video/VideoWriter.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace placement {

namespace {

std::string avError(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

} // namespace

std::string videoSizeProblem(int width, int height, int framesPerSecond)
{
    if (width < 16 || height < 16 || width > 8192 || height > 8192)
        return "each side must be 16 to 8192 pixels, not " + std::to_string(width) + "x" + std::to_string(height);
    if (width % 2 != 0 || height % 2 != 0)
        return "each side must be even (4:2:0 video halves them for colour), not " + std::to_string(width) + "x"
            + std::to_string(height);
    if (framesPerSecond < 1 || framesPerSecond > 240)
        return "the frame rate must be 1 to 240 frames per second, not " + std::to_string(framesPerSecond);
    return {};
}

struct VideoWriter::Private
{
    std::string path;
    std::string partial;
    int width = 0;
    int height = 0;
    int fps = 0;
    AVFormatContext* output = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* scale = nullptr;
    AVPixelFormat scaleFrom = AV_PIX_FMT_NONE;
    std::int64_t written = 0;
    bool headerWritten = false;
    bool finished = false;
    std::string description;

    [[noreturn]] void fail(const std::string& what, int code = 0) const
    {
        throw std::runtime_error(path + ": " + what + (code < 0 ? ": " + avError(code) : std::string()));
    }

    /// Hands every packet the encoder has ready to the muxer.
    void drain()
    {
        for (;;) {
            const int received = avcodec_receive_packet(codec, packet);
            if (received == AVERROR(EAGAIN) || received == AVERROR_EOF)
                return;
            if (received < 0)
                fail("cannot encode a frame", received);
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int status = av_interleaved_write_frame(output, packet);
            av_packet_unref(packet);
            if (status < 0)
                fail("cannot write", status);
        }
    }

    void release()
    {
        sws_freeContext(scale);
        scale = nullptr;
        av_frame_free(&frame);
        av_packet_free(&packet);
        avcodec_free_context(&codec);
        if (output) {
            if (output->pb)
                avio_closep(&output->pb);
            avformat_free_context(output);
            output = nullptr;
        }
    }
};

VideoWriter::VideoWriter(const std::string& path, int width, int height, int framesPerSecond)
    : d(std::make_unique<Private>())
{
    // FFmpeg's libraries talk on stderr (libx264 says its settings and statistics): only
    // errors, which reach the caller as exceptions anyway.
    av_log_set_level(AV_LOG_ERROR);
    d->path = path;
    d->partial = path + ".partial";
    d->width = width;
    d->height = height;
    d->fps = framesPerSecond;
    if (const std::string problem = videoSizeProblem(width, height, framesPerSecond); !problem.empty())
        d->fail(problem);
    try {
        const AVOutputFormat* format = av_guess_format(nullptr, path.c_str(), nullptr);
        if (!format || format->video_codec == AV_CODEC_ID_NONE)
            d->fail("no video container has this file name's extension (use .mp4)");
        int status = avformat_alloc_output_context2(&d->output, format, nullptr, d->partial.c_str());
        if (status < 0 || !d->output)
            d->fail("cannot set up the container", status);

        // H.264 where this FFmpeg has libx264 and the container takes it, else MPEG-4 part 2
        // (FFmpeg's own encoder, always built).
        const AVCodec* encoder = avcodec_find_encoder_by_name("libx264");
        if (!encoder || avformat_query_codec(format, AV_CODEC_ID_H264, FF_COMPLIANCE_NORMAL) != 1)
            encoder = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
        if (!encoder)
            d->fail("this FFmpeg has neither an H.264 (libx264) nor an MPEG-4 part 2 encoder");
        const bool h264 = encoder->id == AV_CODEC_ID_H264;
        d->description = h264 ? "H.264 (libx264)" : "MPEG-4 part 2";

        d->stream = avformat_new_stream(d->output, nullptr);
        d->codec = avcodec_alloc_context3(encoder);
        d->frame = av_frame_alloc();
        d->packet = av_packet_alloc();
        if (!d->stream || !d->codec || !d->frame || !d->packet)
            d->fail("out of memory");
        AVCodecContext* codec = d->codec;
        codec->width = width;
        codec->height = height;
        codec->time_base = AVRational{1, framesPerSecond};
        codec->framerate = AVRational{framesPerSecond, 1};
        codec->pix_fmt = AV_PIX_FMT_YUV420P;
        codec->gop_size = 2 * framesPerSecond; // a key frame every 2 s: seeking stays quick
        // swscale converts with BT.601 coefficients in limited range: say so in the stream.
        codec->colorspace = AVCOL_SPC_SMPTE170M;
        codec->color_range = AVCOL_RANGE_MPEG;
        codec->thread_count = 0; // as many as the encoder finds useful
        if (h264) {
            // Near-transparent quality (CRF 18) at a speed that keeps up with the renderer.
            av_opt_set(codec->priv_data, "preset", "veryfast", 0);
            av_opt_set(codec->priv_data, "crf", "18", 0);
        } else {
            codec->flags |= AV_CODEC_FLAG_QSCALE;
            codec->global_quality = FF_QP2LAMBDA * 3;
        }
        if (d->output->oformat->flags & AVFMT_GLOBALHEADER)
            codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        status = avcodec_open2(codec, encoder, nullptr);
        if (status < 0)
            d->fail("cannot open the " + d->description + " encoder", status);
        status = avcodec_parameters_from_context(d->stream->codecpar, codec);
        if (status < 0)
            d->fail("cannot set up the video stream", status);
        d->stream->time_base = codec->time_base;
        d->stream->avg_frame_rate = codec->framerate;

        d->frame->format = codec->pix_fmt;
        d->frame->width = width;
        d->frame->height = height;
        status = av_frame_get_buffer(d->frame, 0);
        if (status < 0)
            d->fail("cannot allocate a frame", status);
        status = avio_open(&d->output->pb, d->partial.c_str(), AVIO_FLAG_WRITE);
        if (status < 0)
            throw std::runtime_error(d->partial + ": cannot write: " + avError(status));
        AVDictionary* options = nullptr;
        if (std::string(format->name).find("mp4") != std::string::npos
            || std::string(format->name).find("mov") != std::string::npos)
            av_dict_set(&options, "movflags", "+faststart", 0); // playable while downloading
        status = avformat_write_header(d->output, &options);
        av_dict_free(&options);
        if (status < 0)
            d->fail("cannot write the container's header", status);
        d->headerWritten = true;
    } catch (...) {
        d->release();
        std::error_code ignored;
        std::filesystem::remove(d->partial, ignored);
        throw;
    }
}

VideoWriter::~VideoWriter()
{
    d->release();
    if (!d->finished) {
        std::error_code ignored;
        std::filesystem::remove(d->partial, ignored);
    }
}

void VideoWriter::addFrame(const unsigned char* top, int bytesPerLine, Pixels layout)
{
    if (d->finished)
        d->fail("frame added after the video was finished");
    const AVPixelFormat from = layout == Pixels::Rgba ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24;
    if (from != d->scaleFrom) {
        sws_freeContext(d->scale);
        d->scale = sws_getContext(d->width, d->height, from, d->width, d->height, AV_PIX_FMT_YUV420P, SWS_BICUBIC,
                                  nullptr, nullptr, nullptr);
        d->scaleFrom = d->scale ? from : AV_PIX_FMT_NONE;
        if (!d->scale)
            d->fail("cannot set up the colour conversion");
    }
    int status = av_frame_make_writable(d->frame);
    if (status < 0)
        d->fail("cannot prepare a frame", status);
    const unsigned char* const source[1] = {top};
    const int strides[1] = {bytesPerLine};
    sws_scale(d->scale, source, strides, 0, d->height, d->frame->data, d->frame->linesize);
    d->frame->pts = d->written;
    status = avcodec_send_frame(d->codec, d->frame);
    if (status < 0)
        d->fail("cannot encode a frame", status);
    ++d->written;
    d->drain();
}

void VideoWriter::finish()
{
    if (d->finished)
        return;
    const int sent = avcodec_send_frame(d->codec, nullptr);
    if (sent < 0)
        d->fail("cannot finish encoding", sent);
    d->drain();
    int status = av_write_trailer(d->output);
    if (status < 0)
        d->fail("cannot write the container's index", status);
    status = avio_closep(&d->output->pb);
    if (status < 0)
        d->fail("cannot write", status);
    std::error_code error;
    std::filesystem::rename(d->partial, d->path, error);
    if (error)
        d->fail("cannot rename " + d->partial + " into place: " + error.message());
    d->finished = true;
}

int VideoWriter::width() const
{
    return d->width;
}

int VideoWriter::height() const
{
    return d->height;
}

int VideoWriter::framesPerSecond() const
{
    return d->fps;
}

std::int64_t VideoWriter::framesWritten() const
{
    return d->written;
}

std::string VideoWriter::codecDescription() const
{
    return d->description;
}

} // namespace placement
