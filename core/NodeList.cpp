// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeList.h"

#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace placement {

NodeList::NodeList(const NodeList& other)
    : m_word(other.m_word)
{
    if (!other.onHeap()) {
        std::memcpy(m_data, other.m_data, sizeof m_data);
        return;
    }
    const Block* from = other.block();
    auto* copy = static_cast<Block*>(::operator new(sizeof(Block) + from->bytes));
    *copy = *from;
    copy->capacity = from->bytes;
    std::memcpy(copy + 1, from + 1, from->bytes);
    std::memcpy(m_data, &copy, sizeof copy);
}

NodeList::NodeList(NodeList&& other) noexcept
    : NodeList()
{
    assignFresh(std::move(other));
}

NodeList& NodeList::operator=(const NodeList& other)
{
    if (this != &other)
        assignFresh(NodeList(other));
    return *this;
}

NodeList& NodeList::operator=(NodeList&& other) noexcept
{
    if (this != &other)
        assignFresh(std::move(other));
    return *this;
}

NodeList& NodeList::assignFresh(NodeList&& fresh) noexcept
{
    release();
    std::memcpy(m_data, fresh.m_data, sizeof m_data);
    m_word = fresh.m_word;
    std::memset(fresh.m_data, 0, sizeof fresh.m_data);
    fresh.m_word = 0;
    return *this;
}

void NodeList::release() noexcept
{
    if (onHeap())
        ::operator delete(block());
    std::memset(m_data, 0, sizeof m_data);
    m_word = 0;
}

NodeList NodeList::fromCode(const unsigned char* code, std::size_t bytes, std::size_t size)
{
    NodeList list;
    if (bytes == 0)
        return list;
    // The last run: where it starts and its first id.
    const unsigned char* at = code;
    const unsigned char* const stop = code + bytes;
    std::size_t lastOffset = 0;
    std::int64_t previousEnd = 0;
    std::int64_t lastFirst = 0;
    while (at != stop) {
        lastOffset = static_cast<std::size_t>(at - code);
        const noderuns::DecodedRun run = noderuns::getRun(at);
        lastFirst = previousEnd + run.delta;
        previousEnd = lastFirst + static_cast<std::int64_t>(run.length);
    }
    list.write(0, code, bytes, lastOffset, lastFirst, size);
    return list;
}

NodeList::Tail NodeList::tail() const
{
    if (onHeap()) {
        const Block* heap = block();
        const unsigned char* at = code() + heap->lastOffset;
        const std::uint64_t head = noderuns::getVarint(at);
        const std::uint64_t length = (head & 1) ? noderuns::getVarint(at) + 2 : 1;
        return {heap->lastOffset, heap->lastFirst, length, head >> 1};
    }
    Tail last{0, 0, 0, 0};
    const unsigned char* const begin = code();
    const unsigned char* at = begin;
    const unsigned char* const stop = begin + codeBytes();
    std::int64_t previousEnd = 0;
    while (at != stop) {
        last.offset = static_cast<std::size_t>(at - begin);
        const std::uint64_t head = noderuns::getVarint(at);
        last.length = (head & 1) ? noderuns::getVarint(at) + 2 : 1;
        last.zigzagDelta = head >> 1;
        last.first = previousEnd + noderuns::unzigzag(last.zigzagDelta);
        previousEnd = last.first + static_cast<std::int64_t>(last.length);
    }
    return last;
}

int NodeList::back() const
{
    const Tail last = tail();
    return static_cast<int>(last.first + static_cast<std::int64_t>(last.length) - 1);
}

int NodeList::operator[](std::size_t position) const
{
    int found = 0;
    std::size_t begin = 0;
    bool done = false;
    forEachRun([&](int first, std::size_t length) {
        if (!done && position < begin + length) {
            found = first + static_cast<int>(position - begin);
            done = true;
        }
        begin += length;
    });
    return found;
}

std::size_t NodeList::runCount() const
{
    std::size_t runs = 0;
    forEachRun([&runs](int, std::size_t) { ++runs; });
    return runs;
}

void NodeList::appendRun(int first, std::size_t length)
{
    if (length == 0)
        return;
    if (length > maxSize - size()
        || static_cast<std::int64_t>(first) + static_cast<std::int64_t>(length) - 1 > std::numeric_limits<int>::max())
        throw std::length_error("a run of " + std::to_string(length) + " node ids does not fit a node list");
    unsigned char run[noderuns::MaxRunBytes];
    if (!empty()) {
        const Tail last = tail();
        const std::int64_t end = last.first + static_cast<std::int64_t>(last.length);
        if (end == first) { // the last run grows
            const std::size_t used = noderuns::putRun(last.zigzagDelta, last.length + length, run);
            write(last.offset, run, used, last.offset, last.first, size() + length);
            return;
        }
        const std::size_t used = noderuns::putRun(noderuns::zigzag(first - end), length, run);
        write(codeBytes(), run, used, codeBytes(), first, size() + length);
        return;
    }
    const std::size_t used = noderuns::putRun(noderuns::zigzag(first), length, run);
    write(0, run, used, 0, first, length);
}

void NodeList::write(std::size_t offset, const unsigned char* runs, std::size_t length, std::size_t lastOffset,
                     std::int64_t lastFirst, std::size_t size)
{
    const std::size_t bytes = offset + length;
    if (!onHeap() && bytes <= InlineBytes) {
        std::memcpy(m_data + offset, runs, length);
        m_word = static_cast<std::uint32_t>(size) | static_cast<std::uint32_t>(bytes) << 28;
        return;
    }
    Block* heap = onHeap() ? block() : nullptr;
    if (!heap || bytes > heap->capacity) {
        // Grown by half again: a list built id by id reallocates O(log n) times.
        const std::size_t capacity = heap ? std::max<std::size_t>(bytes, heap->capacity + heap->capacity / 2) : bytes;
        if (capacity > std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("a node list's runs do not fit 4 GiB");
        auto* grown = static_cast<Block*>(::operator new(sizeof(Block) + capacity));
        std::memcpy(grown + 1, code(), offset);
        grown->capacity = static_cast<std::uint32_t>(capacity);
        if (heap)
            ::operator delete(heap);
        heap = grown;
        std::memcpy(m_data, &heap, sizeof heap);
    }
    std::memcpy(reinterpret_cast<unsigned char*>(heap + 1) + offset, runs, length);
    heap->bytes = static_cast<std::uint32_t>(bytes);
    heap->lastOffset = static_cast<std::uint32_t>(lastOffset);
    heap->lastFirst = static_cast<std::int32_t>(lastFirst);
    m_word = static_cast<std::uint32_t>(size) | HeapTag << 28;
}

bool operator==(const NodeList& a, const NodeList& b)
{
    // One code per list (runs as long as the ids allow): equal lists, equal bytes.
    return a.size() == b.size() && a.codeBytes() == b.codeBytes()
        && std::memcmp(a.code(), b.code(), a.codeBytes()) == 0;
}

bool operator==(const NodeList& a, const std::vector<int>& b)
{
    return a.size() == b.size() && std::equal(b.begin(), b.end(), a.begin());
}

} // namespace placement
