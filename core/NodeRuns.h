// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>

/// The byte code of a list of node ids as runs of consecutive ids, shared by the lists kept
/// in memory (core/NodeList.h) and the ones stored (store/NodeListBlob.h), so one is a copy
/// of the other. Per run: one LEB128 varint, the zigzag of the run's first id minus the end
/// of the run before (0 before the first run), shifted left by one, its low bit set for a
/// run of two ids or more; for such a run, a varint of its length minus 2. Runs are as long
/// as the ids allow, so a list has one code.
namespace placement::noderuns {

/// The most bytes one run takes: a head of up to 6 bytes (the delta is within +-2^33) and a
/// length of up to 5.
constexpr std::size_t MaxRunBytes = 11;

/// Writes `value` as LEB128 (7 bits a byte, low bits first, the high bit on every byte but
/// the last); returns the bytes written.
inline std::size_t putVarint(std::uint64_t value, unsigned char* out)
{
    std::size_t length = 0;
    while (value >= 0x80) {
        out[length++] = static_cast<unsigned char>((value & 0x7F) | 0x80);
        value >>= 7;
    }
    out[length++] = static_cast<unsigned char>(value);
    return length;
}

/// Reads a varint written by putVarint() from memory known to hold one.
inline std::uint64_t getVarint(const unsigned char*& at)
{
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
        const unsigned char byte = *at++;
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return value;
    }
}

/// The head of a run starting `delta` after the end of the run before, without its
/// length bit.
inline std::uint64_t zigzag(std::int64_t delta)
{
    return (static_cast<std::uint64_t>(delta) << 1) ^ static_cast<std::uint64_t>(delta >> 63);
}

inline std::int64_t unzigzag(std::uint64_t value)
{
    return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

/// Writes a run of `length` ids (at least 1) whose head, without its length bit, is
/// `zigzagDelta`; returns the bytes written (at most MaxRunBytes).
inline std::size_t putRun(std::uint64_t zigzagDelta, std::uint64_t length, unsigned char* out)
{
    std::size_t used = putVarint(zigzagDelta << 1 | (length > 1 ? 1 : 0), out);
    if (length > 1)
        used += putVarint(length - 2, out + used);
    return used;
}

/// One run read back from trusted memory.
struct DecodedRun
{
    std::int64_t delta; ///< first id minus the end of the run before
    std::uint64_t length;
};

inline DecodedRun getRun(const unsigned char*& at)
{
    const std::uint64_t head = getVarint(at);
    const std::uint64_t length = (head & 1) ? getVarint(at) + 2 : 1;
    return {unzigzag(head >> 1), length};
}

} // namespace placement::noderuns
