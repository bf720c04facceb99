// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/LineReader.h"

#include <cstdint>
#include <memory>
#include <string>

namespace placement {

/// One input of an import, read exactly once from its start to its end: a regular file, a
/// pipe (`<(zcat x.gz)`), a FIFO or a device; plain, or compressed with gzip, bzip2, xz,
/// lzma, zstd, lz4 or compress; or an archive (tar, zip, 7z, also compressed: `.tgz`) whose
/// regular files are logs, each read as an input of its own (a "member").
///
/// Every member's text is checked while it is read (a NUL byte, or a line over
/// maxLineBytes, is no text log: ImportError naming the input) and fingerprinted (XXH3-128).
/// Its first lines can be read twice (rewind()): the format is told from them, then the
/// parser reads the member from its start, without reading the input again.
class JobImportInput : public ByteSource
{
public:
    /// A line longer than this is no line of a job log (a Moab host list of tens of thousands
    /// of tasks is a few hundred kilobytes): the input is refused rather than read on.
    static constexpr std::uint64_t maxLineBytes = 64 * 1024 * 1024;

    /// Opens `path`; throws ImportError naming it when it is missing, a directory or unreadable.
    explicit JobImportInput(const std::string& path);
    ~JobImportInput() override;
    JobImportInput(const JobImportInput&) = delete;
    JobImportInput& operator=(const JobImportInput&) = delete;

    /// Moves to the next member: the first call gives the input itself (or an archive's first
    /// file), later ones an archive's next files. False when there are no more. The member
    /// before must have been read to its end (finishMember()).
    bool nextMember();
    /// The member's name for messages: the path, or `path:file` inside an archive.
    const std::string& memberName() const { return m_memberName; }
    bool inArchive() const { return m_archive; }

    /// Reads the rest of the member (so that its fingerprint covers all of it) and returns
    /// its fingerprint, XXH3-128 of its bytes as text, hex, and its size.
    std::string finishMember(std::int64_t& size);

    /// From now on, keeps what is read, so that rewind() can give it again.
    void startRecording();
    /// Reads again from where startRecording() was called; recording stops.
    void rewind();
    /// What was recorded (until rewind() has given it all back).
    const std::string& recorded() const;

    std::size_t read(char* buffer, std::size_t size) override;
    std::uint64_t bytesRead() const override;
    std::uint64_t size() const override;

private:
    std::size_t readMember(char* buffer, std::size_t size);

    struct Private;
    std::unique_ptr<Private> d;
    std::string m_path, m_memberName;
    bool m_archive = false;
};

} // namespace placement
