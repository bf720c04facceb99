// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "store/NodeListBlob.h"

#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>

namespace placement {
namespace {

constexpr unsigned char RunsFormat = 1;

bool getVarint(const unsigned char*& at, const unsigned char* end, std::uint64_t& value)
{
    value = 0;
    for (int shift = 0; shift < 64 && at != end; shift += 7) {
        const unsigned char byte = *at++;
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false; // truncated, or longer than any 64-bit value
}

/// Appends one run of the current format; `previousEnd` is the end of the run before.
void putRun(std::int64_t first, std::size_t length, std::int64_t& previousEnd, std::string& blob)
{
    unsigned char buffer[noderuns::MaxRunBytes];
    const std::size_t used = noderuns::putRun(noderuns::zigzag(first - previousEnd), length, buffer); // +-2^33
    blob.append(reinterpret_cast<const char*>(buffer), used);
    previousEnd = first + static_cast<std::int64_t>(length);
}

/// Starts the blob of a list of `size` ids; false for an empty list (an empty blob).
bool startBlob(std::size_t size, std::string& blob)
{
    blob.clear();
    if (size == 0)
        return false;
    if (size > maxNodeListSize)
        throw std::length_error("a node list of " + std::to_string(size) + " ids is too long to store");
    blob.push_back(static_cast<char>(RunsFormat));
    return true;
}

[[noreturn]] void damaged(int bytes, const char* why)
{
    throw std::invalid_argument("a node list blob of " + std::to_string(bytes) + " bytes is damaged (" + why + ")");
}

/// Walks the runs of a blob in the current format, calling run(first, length) for each.
/// Returns the number of ids; throws for anything a well-formed blob cannot hold.
template <typename Run> std::size_t forEachRun(const unsigned char* begin, int bytes, Run run)
{
    const unsigned char* at = begin + 1; // past the format byte
    const unsigned char* end = begin + bytes;
    std::int64_t previousEnd = 0;
    std::size_t total = 0;
    while (at != end) {
        std::uint64_t head = 0;
        if (!getVarint(at, end, head))
            damaged(bytes, "truncated");
        const std::int64_t delta = noderuns::unzigzag(head >> 1);
        std::uint64_t length = 1;
        if (head & 1) {
            if (!getVarint(at, end, length) || length > maxNodeListSize)
                damaged(bytes, "bad run length");
            length += 2;
        }
        const std::int64_t first = previousEnd + delta;
        const std::int64_t last = first + static_cast<std::int64_t>(length) - 1;
        if (first < std::numeric_limits<int>::min() || last > std::numeric_limits<int>::max())
            damaged(bytes, "an id outside int");
        total += length;
        if (total > maxNodeListSize)
            damaged(bytes, "too many ids");
        run(static_cast<int>(first), static_cast<std::size_t>(length));
        previousEnd = last + 1;
    }
    return total;
}

} // namespace

std::string encodeNodeList(const std::vector<int>& nodes)
{
    std::string blob;
    encodeNodeList(nodes, blob);
    return blob;
}

void encodeNodeList(const std::vector<int>& nodes, std::string& blob)
{
    if (!startBlob(nodes.size(), blob))
        return;
    std::int64_t previousEnd = 0;
    for (std::size_t i = 0; i < nodes.size();) {
        const std::int64_t first = nodes[i];
        std::size_t length = 1;
        while (i + length < nodes.size()
               && static_cast<std::int64_t>(nodes[i + length]) == first + static_cast<std::int64_t>(length))
            ++length;
        putRun(first, length, previousEnd, blob);
        i += length;
    }
}

namespace {

/// The bytes of a blob in the current format; null for an empty blob (an empty list).
const unsigned char* runsBlob(const void* data, int bytes)
{
    if (bytes < 0)
        damaged(bytes, "negative size");
    if (bytes == 0)
        return nullptr;
    const auto* raw = static_cast<const unsigned char*>(data);
    if (raw[0] != RunsFormat)
        damaged(bytes, "unknown format");
    return raw;
}

} // namespace

std::vector<int> decodeNodeList(const void* data, int bytes)
{
    const unsigned char* raw = runsBlob(data, bytes);
    if (!raw)
        return {};
    // Two passes: the first checks the blob and counts, the second fills a vector of the
    // right size (no growing, no damaged list half-built).
    std::vector<int> nodes(forEachRun(raw, bytes, [](int, std::size_t) {}));
    int* out = nodes.data();
    forEachRun(raw, bytes, [&out](int first, std::size_t length) {
        for (std::size_t k = 0; k < length; ++k)
            *out++ = first + static_cast<int>(k);
    });
    return nodes;
}

NodeList decodeNodeRuns(const void* data, int bytes)
{
    const unsigned char* raw = runsBlob(data, bytes);
    if (!raw)
        return {};
    // The list keeps the blob's runs as they are when they are its code (what encodeNodeList
    // writes: each run as long as the ids allow, each varint as short as it can be); else it
    // joins them, run by run.
    bool canonical = true;
    std::int64_t previousEnd = 0;
    bool first = true;
    std::size_t codeBytes = 0;
    unsigned char run[noderuns::MaxRunBytes];
    const std::size_t size = forEachRun(raw, bytes, [&](int start, std::size_t length) {
        canonical = canonical && (first || start != previousEnd);
        codeBytes += noderuns::putRun(noderuns::zigzag(start - previousEnd), length, run);
        first = false;
        previousEnd = static_cast<std::int64_t>(start) + static_cast<std::int64_t>(length);
    });
    if (canonical && codeBytes == static_cast<std::size_t>(bytes) - 1)
        return NodeList::fromCode(raw + 1, static_cast<std::size_t>(bytes) - 1, size);
    NodeList nodes;
    forEachRun(raw, bytes, [&nodes](int start, std::size_t length) { nodes.appendRun(start, length); });
    return NodeList(nodes); // a copy holds just the room its runs need
}

std::string encodeNodeList(const NodeList& nodes)
{
    std::string blob;
    encodeNodeList(nodes, blob);
    return blob;
}

void encodeNodeList(const NodeList& nodes, std::string& blob)
{
    if (!startBlob(nodes.size(), blob))
        return;
    const std::span<const unsigned char> code = nodes.runCode();
    blob.append(reinterpret_cast<const char*>(code.data()), code.size());
}

std::string encodeLegacyNodeList(const std::vector<int>& nodes)
{
    std::string blob(nodes.size() * 4, '\0');
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto value = static_cast<std::uint32_t>(nodes[i]);
        for (int b = 0; b < 4; ++b)
            blob[i * 4 + static_cast<size_t>(b)] = static_cast<char>((value >> (8 * b)) & 0xFF);
    }
    return blob;
}

std::vector<int> decodeLegacyNodeList(const void* data, int bytes)
{
    if (bytes < 0 || bytes % 4 != 0)
        throw std::invalid_argument("a node list blob of " + std::to_string(bytes) + " bytes is damaged");
    const auto* raw = static_cast<const unsigned char*>(data);
    std::vector<int> nodes(static_cast<size_t>(bytes / 4));
    for (size_t i = 0; i < nodes.size(); ++i) {
        std::uint32_t value = 0;
        for (int b = 0; b < 4; ++b)
            value |= static_cast<std::uint32_t>(raw[i * 4 + static_cast<size_t>(b)]) << (8 * b);
        nodes[i] = static_cast<int>(value);
    }
    return nodes;
}

} // namespace placement
