// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/LineReader.h"

#include "importers/ImportedJob.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>
#include <zlib.h>

namespace placement {

struct LineReader::Private
{
    gzFile file = nullptr;
    ByteSource* source = nullptr; ///< instead of `file`
    std::vector<char> buffer = std::vector<char>(256 * 1024);
    std::size_t begin = 0, end = 0; ///< unread bytes of `buffer`
    std::string line; ///< a line that spans buffer refills
    bool atEnd = false;
};

LineReader::LineReader(const std::string& path, std::size_t maxLineLength)
    : d(std::make_unique<Private>())
    , m_path(path)
    , m_maxLineLength(maxLineLength)
{
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (error || !std::filesystem::exists(status))
        throw ImportError(path, 0, "cannot open: no such file");
    if (std::filesystem::is_directory(status))
        throw ImportError(path, 0, "cannot open: is a directory");
    m_fileSize = std::filesystem::file_size(path, error);
    if (error)
        m_fileSize = 0;
    errno = 0;
    d->file = gzopen(path.c_str(), "rb");
    if (!d->file)
        throw ImportError(path, 0, std::string("cannot open: ") + (errno ? std::strerror(errno) : "out of memory"));
    gzbuffer(d->file, 128 * 1024);
}

LineReader::LineReader(ByteSource& source, const std::string& name, std::size_t maxLineLength)
    : d(std::make_unique<Private>())
    , m_path(name)
    , m_fileSize(source.size())
    , m_maxLineLength(maxLineLength)
{
    d->source = &source;
}

LineReader::~LineReader()
{
    if (d->file)
        gzclose(d->file);
}

std::uint64_t LineReader::bytesRead() const
{
    if (d->source)
        return d->source->bytesRead();
    const z_off_t offset = gzoffset(d->file);
    return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
}

bool LineReader::fill()
{
    if (d->atEnd)
        return false;
    if (d->source) {
        d->begin = 0;
        d->end = d->source->read(d->buffer.data(), d->buffer.size());
        d->atEnd = d->end == 0;
        return !d->atEnd;
    }
    const int count = gzread(d->file, d->buffer.data(), static_cast<unsigned>(d->buffer.size()));
    if (count <= 0) {
        d->atEnd = true;
        // A cut .gz ends "normally" with Z_BUF_ERROR ("unexpected end of file") set.
        int code = Z_OK;
        const char* message = gzerror(d->file, &code);
        if (count < 0 || code != Z_OK) {
            m_error = code == Z_ERRNO ? std::strerror(errno) : message;
            // zlib prefixes its message with the path, which issues carry separately.
            if (m_error.starts_with(m_path + ": "))
                m_error.erase(0, m_path.size() + 2);
        }
        return false;
    }
    d->begin = 0;
    d->end = static_cast<std::size_t>(count);
    return true;
}

bool LineReader::next(Line& line)
{
    d->line.clear();
    bool overlong = false;
    bool spansRefill = false;
    while (true) {
        if (d->begin == d->end && !fill()) {
            if (!spansRefill)
                return false; // no bytes after the last "\n"
            line.terminated = false;
            break;
        }
        const char* start = d->buffer.data() + d->begin;
        const std::size_t available = d->end - d->begin;
        const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
        const std::size_t length = newline ? static_cast<std::size_t>(newline - start) : available;
        if (!spansRefill && newline) {
            // The common case: the whole line is in the buffer, no copy.
            line.text = std::string_view(start, std::min(length, m_maxLineLength));
            d->begin += length + 1;
            line.terminated = true;
            line.overlong = length > m_maxLineLength;
            if (!line.text.empty() && line.text.back() == '\r')
                line.text.remove_suffix(1);
            line.number = ++m_lineNumber;
            return true;
        }
        const std::size_t room = m_maxLineLength - d->line.size();
        overlong = overlong || length > room;
        d->line.append(start, std::min(length, room));
        d->begin += newline ? length + 1 : length;
        spansRefill = true;
        if (newline) {
            line.terminated = true;
            break;
        }
    }
    line.text = d->line;
    if (line.terminated && !line.text.empty() && line.text.back() == '\r')
        line.text.remove_suffix(1);
    line.overlong = overlong;
    line.number = ++m_lineNumber;
    return true;
}

} // namespace placement
