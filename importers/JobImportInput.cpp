// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/JobImportInput.h"

#include "importers/ImportedJob.h"

#include <archive.h>
#include <archive_entry.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <xxhash.h>

namespace placement {

struct JobImportInput::Private
{
    int descriptor = -1;
    std::uint64_t fileSize = 0; ///< of a regular file; 0 for a pipe
    std::uint64_t rawBytes = 0; ///< read from the descriptor so far
    std::vector<char> rawBuffer = std::vector<char>(1 << 20);
    archive* reader = nullptr;
    bool started = false, memberEnded = true, inputEnded = false;
    XXH3_state_t* hash = XXH3_createState();
    std::uint64_t memberBytes = 0;
    std::uint64_t lineBytes = 0; ///< bytes since the member's last "\n"
    // What startRecording() kept, and how much of it rewind() has given back.
    bool recording = false;
    std::string recorded;
    std::size_t replayed = 0;
    bool replaying = false;

    ~Private()
    {
        if (reader)
            archive_read_free(reader);
        if (descriptor >= 0)
            close(descriptor);
        XXH3_freeState(hash);
    }

    static la_ssize_t readRaw(archive*, void* self, const void** data)
    {
        auto& d = *static_cast<Private*>(self);
        while (true) {
            const ssize_t got = ::read(d.descriptor, d.rawBuffer.data(), d.rawBuffer.size());
            if (got < 0 && errno == EINTR)
                continue;
            if (got > 0)
                d.rawBytes += static_cast<std::uint64_t>(got);
            *data = d.rawBuffer.data();
            return got;
        }
    }
};

JobImportInput::JobImportInput(const std::string& path)
    : d(std::make_unique<Private>())
    , m_path(path)
    , m_memberName(path)
{
    struct stat status
    {
    };
    if (stat(path.c_str(), &status) != 0)
        throw ImportError(path, 0,
                          std::string("cannot open: ") + (errno == ENOENT ? "no such file" : std::strerror(errno)));
    if (S_ISDIR(status.st_mode))
        throw ImportError(path, 0, "cannot open: is a directory");
    // Opening a FIFO waits for a writer, as reading one with any other program does.
    d->descriptor = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (d->descriptor < 0)
        throw ImportError(path, 0, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISREG(status.st_mode))
        d->fileSize = static_cast<std::uint64_t>(status.st_size);
    d->reader = archive_read_new();
    // Compression filters that libarchive implements itself (none that runs another program),
    // archive formats that hold files, and "raw": anything else is the log itself. Formats
    // that accept plain text (mtree, shar) are left out: a log is never taken for one.
    for (auto support :
         {archive_read_support_filter_gzip, archive_read_support_filter_bzip2, archive_read_support_filter_xz,
          archive_read_support_filter_lzma, archive_read_support_filter_zstd, archive_read_support_filter_lz4,
          archive_read_support_filter_compress, archive_read_support_format_tar, archive_read_support_format_gnutar,
          archive_read_support_format_zip, archive_read_support_format_7zip, archive_read_support_format_raw})
        support(d->reader);
    if (archive_read_open2(d->reader, d.get(), nullptr, &Private::readRaw, nullptr, nullptr) != ARCHIVE_OK
        && d->rawBytes != 0) // libarchive takes no format for an empty input: that is an empty log
        throw ImportError(path, 0, std::string("cannot read: ") + archive_error_string(d->reader));
}

JobImportInput::~JobImportInput() = default;

bool JobImportInput::nextMember()
{
    if (d->inputEnded)
        return false;
    while (true) {
        archive_entry* entry = nullptr;
        int status = d->rawBytes == 0 ? ARCHIVE_EOF : archive_read_next_header(d->reader, &entry);
        if (status == ARCHIVE_EOF) {
            d->inputEnded = true;
            if (!d->started && d->rawBytes != 0 && archive_format(d->reader) != ARCHIVE_FORMAT_RAW)
                // What reads as an archive without files: zeros (/dev/zero) look like the end
                // of a tar archive.
                throw ImportError(m_path, 0,
                                  "not a text log: an archive without files, or binary data (NUL bytes at its start)");
            if (!d->started) { // nothing at all: an empty input is an empty log
                d->started = true;
                d->memberEnded = true;
                XXH3_128bits_reset(d->hash);
                d->memberBytes = 0;
                return true;
            }
            return false;
        }
        if (status < ARCHIVE_WARN)
            throw ImportError(m_path, 0, std::string("cannot read: ") + archive_error_string(d->reader));
        const bool raw = archive_format(d->reader) == ARCHIVE_FORMAT_RAW;
        if (!d->started)
            m_archive = !raw;
        d->started = true;
        if (!raw && archive_entry_filetype(entry) != AE_IFREG)
            continue; // folders, links: no logs
        m_memberName = raw ? m_path : m_path + ":" + archive_entry_pathname(entry);
        d->memberEnded = false;
        d->memberBytes = 0;
        d->lineBytes = 0;
        d->recording = d->replaying = false;
        d->recorded.clear();
        XXH3_128bits_reset(d->hash);
        return true;
    }
}

std::size_t JobImportInput::readMember(char* buffer, std::size_t size)
{
    if (d->memberEnded)
        return 0;
    la_ssize_t got;
    do
        got = archive_read_data(d->reader, buffer, size);
    while (got == ARCHIVE_RETRY);
    if (got < 0)
        throw ImportError(m_memberName, 0, std::string("cannot read: ") + archive_error_string(d->reader));
    if (got == 0) {
        d->memberEnded = true;
        return 0;
    }
    const auto count = static_cast<std::size_t>(got);
    if (const void* nul = std::memchr(buffer, '\0', count))
        throw ImportError(
            m_memberName, 0,
            "not a text log: a NUL byte at byte "
                + std::to_string(d->memberBytes + static_cast<std::uint64_t>(static_cast<const char*>(nul) - buffer))
                + " (binary data, or a compression this program does not read)");
    // A line ends in "\n", or in "\r" alone in a file whose first line ends so (LineReader).
    // Only the bytes after the last "\n" are searched for a "\r".
    const void* lastNewline = memrchr(buffer, '\n', count);
    const std::size_t tail
        = lastNewline ? static_cast<std::size_t>(static_cast<const char*>(lastNewline) - buffer) + 1 : 0;
    if (const void* lastReturn = memrchr(buffer + tail, '\r', count - tail))
        lastNewline = lastReturn;
    d->lineBytes = lastNewline ? count - 1 - static_cast<std::size_t>(static_cast<const char*>(lastNewline) - buffer)
                               : d->lineBytes + count;
    if (d->lineBytes > maxLineBytes)
        throw ImportError(m_memberName, 0,
                          "not a text log: a line longer than " + std::to_string(maxLineBytes >> 20) + " MiB");
    XXH3_128bits_update(d->hash, buffer, count);
    d->memberBytes += count;
    if (d->recording)
        d->recorded.append(buffer, count);
    return count;
}

std::size_t JobImportInput::read(char* buffer, std::size_t size)
{
    if (d->replaying) {
        const std::size_t count = std::min(size, d->recorded.size() - d->replayed);
        std::memcpy(buffer, d->recorded.data() + d->replayed, count);
        d->replayed += count;
        if (d->replayed == d->recorded.size()) {
            d->replaying = false;
            std::string().swap(d->recorded);
        }
        if (count)
            return count;
    }
    return readMember(buffer, size);
}

void JobImportInput::startRecording()
{
    d->recording = true;
    d->recorded.clear();
}

void JobImportInput::rewind()
{
    d->recording = false;
    d->replaying = !d->recorded.empty();
    d->replayed = 0;
}

const std::string& JobImportInput::recorded() const
{
    return d->recorded;
}

std::string JobImportInput::finishMember(std::int64_t& size)
{
    d->replaying = d->recording = false;
    std::vector<char> rest(1 << 16);
    while (readMember(rest.data(), rest.size()) != 0) {}
    size = static_cast<std::int64_t>(d->memberBytes);
    const XXH128_hash_t hash = XXH3_128bits_digest(d->hash);
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                  static_cast<unsigned long long>(hash.low64));
    return text;
}

std::uint64_t JobImportInput::bytesRead() const
{
    return d->rawBytes;
}

std::uint64_t JobImportInput::size() const
{
    return d->fileSize;
}

} // namespace placement
