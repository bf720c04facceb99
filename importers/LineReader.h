// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace placement {

/// Where a LineReader reads from when it does not open a file itself.
class ByteSource
{
public:
    virtual ~ByteSource() = default;
    /// Up to `size` bytes into `buffer`; 0 at the end. Throws ImportError when it cannot read.
    virtual std::size_t read(char* buffer, std::size_t size) = 0;
    /// Bytes of the file on disk consumed so far, and its size (0 when unknown: a pipe).
    virtual std::uint64_t bytesRead() const = 0;
    virtual std::uint64_t size() const = 0;
};

/// Reads a text file line by line, plain or gzip-compressed alike (zlib reads both), in
/// constant memory apart from the longest line. Line ends are "\n" or "\r\n".
class LineReader
{
public:
    /// Lines longer than this are cut and flagged with `overlong`; a Moab host list of tens of
    /// thousands of tasks is a few hundred kilobytes (docs/formats/moab-workload.md).
    static constexpr std::size_t defaultMaxLineLength = 64 * 1024 * 1024;

    struct Line
    {
        std::string_view text; ///< without the line end; valid until the next call
        std::size_t number = 0; ///< 1-based
        bool terminated = true; ///< false for a last line without "\n" (a cut or partly written file)
        bool overlong = false; ///< longer than the maximum; `text` holds its beginning
    };

    /// Throws ImportError naming the file when it is missing, a directory or unreadable.
    explicit LineReader(const std::string& path, std::size_t maxLineLength = defaultMaxLineLength);
    /// Reads the lines of `source`, which must outlive the reader; `name` is its name in messages.
    LineReader(ByteSource& source, const std::string& name, std::size_t maxLineLength = defaultMaxLineLength);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    /// The next line, or false at the end of the file or at a read error (see error()).
    bool next(Line& line);

    /// Why reading stopped early, e.g. "unexpected end of file" of a cut .gz; empty if it did not.
    const std::string& error() const { return m_error; }
    /// Bytes of the file on disk consumed so far (compressed bytes for .gz).
    std::uint64_t bytesRead() const;
    std::uint64_t fileSize() const { return m_fileSize; }
    const std::string& path() const { return m_path; }

private:
    bool fill();

    struct Private;
    std::unique_ptr<Private> d;
    std::string m_path;
    std::string m_error;
    std::uint64_t m_fileSize = 0;
    std::size_t m_lineNumber = 0;
    std::size_t m_maxLineLength = defaultMaxLineLength;
};

} // namespace placement
