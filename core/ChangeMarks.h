// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace placement {

/// Which blocks of ids (nodes of a MachineState, links of a BandwidthLedger) changed since
/// a version of the object that owns the marks, or of the object it was copied from: what a
/// reader kept from then is right now outside them (LcsAllocator keeps its view up so).
///
/// The owner has an identity (a copy gets its own) and counts its changes (a copy starts at
/// 0). Marks count on across copies: version v of an object is mark base + v, where a copy's
/// base is its origin's base plus the origin's version when copied, so a copy inherits the
/// origin's marks and its own come after them.
class ChangeMarks
{
public:
    /// `blockSize`: a power of two.
    explicit ChangeMarks(int blockSize)
        : m_blockSize(blockSize)
        , m_shift(__builtin_ctz(static_cast<unsigned>(blockSize)))
    {}

    /// The marks of a copy of the object `identity` at `version` whose marks are `origin`.
    static ChangeMarks copyOf(ChangeMarks origin, std::uint64_t identity, std::uint64_t version)
    {
        origin.m_origin = identity;
        origin.m_originVersion = version;
        origin.m_base += version;
        return origin;
    }

    /// Starts marking `ids` ids, all of them as changed at `version` (the owner's now).
    void start(int ids, std::uint64_t version)
    {
        if (m_marks.empty())
            m_marks.assign(static_cast<std::size_t>((ids + m_blockSize - 1) / m_blockSize), m_base + version);
    }
    bool started() const { return !m_marks.empty(); }

    /// `ids` changed at `version` (the owner's, after the change); nothing before start().
    void mark(const std::vector<int>& ids, std::uint64_t version)
    {
        if (m_marks.empty())
            return;
        std::uint64_t* marks = m_marks.data();
        const std::uint64_t now = m_base + version;
        for (int id : ids)
            marks[static_cast<unsigned>(id) >> m_shift] = now;
    }

    /// The same while calling `each(id)` for every id, in one pass.
    template <typename Each> void mark(const std::vector<int>& ids, std::uint64_t version, Each&& each)
    {
        if (m_marks.empty()) {
            for (int id : ids)
                each(id);
            return;
        }
        std::uint64_t* marks = m_marks.data();
        const std::uint64_t now = m_base + version;
        const int shift = m_shift;
        for (int id : ids) {
            each(id);
            marks[static_cast<unsigned>(id) >> shift] = now;
        }
    }

    /// Appends the blocks (by number: ids block * blockSize onwards) changed since the object
    /// `identity` was at `version`: the owner (`self`, now at `selfVersion`) at an earlier
    /// version, or the object it was copied from at a version up to the one it had then.
    /// False (nothing appended) for another object, a version not reached, or before start().
    bool since(std::uint64_t self, std::uint64_t selfVersion, std::uint64_t identity, std::uint64_t version,
               std::vector<int>& blocks) const
    {
        std::uint64_t threshold = 0;
        if (identity == self && version <= selfVersion)
            threshold = m_base + version;
        else if (identity != 0 && identity == m_origin && version <= m_originVersion)
            threshold = m_base - m_originVersion + version; // the origin's marks
        else
            return false;
        if (m_marks.empty())
            return false;
        for (std::size_t block = 0; block < m_marks.size(); ++block)
            if (m_marks[block] > threshold)
                blocks.push_back(static_cast<int>(block));
        return true;
    }

private:
    int m_blockSize;
    int m_shift; ///< log2 of m_blockSize
    std::uint64_t m_origin = 0, m_originVersion = 0; ///< the object copied from, and its version then
    std::uint64_t m_base = 0; ///< the mark of the owner's version 0
    std::vector<std::uint64_t> m_marks; ///< per block: the mark of its last change
};

} // namespace placement
