// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/NodeRuns.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <span>
#include <vector>

namespace placement {

/// A job's node ids, in their order, kept as runs of consecutive ids in the byte code of
/// core/NodeRuns.h: schedulers hand out nodes in runs, and the ids of the runs of one job are
/// close, so a run takes 1 to 4 bytes on machines of up to 4,096 nodes. Up to 8 bytes of runs
/// live inside the 12-byte object (any one or two runs on such machines); longer lists keep
/// their runs on the heap behind a 16-byte header. A year of a centre's jobs fits in a
/// fraction of what std::vector<int> would take. The ids are read in order
/// (begin()/end(), forEachRun()); operator[] walks the runs.
class NodeList
{
public:
    /// The most ids a list holds.
    static constexpr std::size_t maxSize = (std::size_t(1) << 28) - 1;

    class const_iterator
    {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = int;

        const_iterator() = default;
        int operator*() const { return m_id; }
        const_iterator& operator++()
        {
            if (++m_index < m_size) {
                if (m_left > 0) {
                    ++m_id;
                    --m_left;
                } else {
                    const noderuns::DecodedRun run = noderuns::getRun(m_at);
                    m_id = static_cast<int>(static_cast<std::int64_t>(m_id) + 1 + run.delta);
                    m_left = static_cast<std::uint32_t>(run.length - 1);
                }
            }
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const const_iterator& other) const { return m_index == other.m_index; }
        /// Positions between two iterators of one list.
        std::ptrdiff_t operator-(const const_iterator& other) const
        {
            return static_cast<std::ptrdiff_t>(m_index) - static_cast<std::ptrdiff_t>(other.m_index);
        }

    private:
        friend class NodeList;
        const_iterator(const unsigned char* runs, std::uint32_t size)
            : m_at(runs)
            , m_size(size)
        {
            if (size > 0) {
                const noderuns::DecodedRun run = noderuns::getRun(m_at);
                m_id = static_cast<int>(run.delta);
                m_left = static_cast<std::uint32_t>(run.length - 1);
            }
        }
        explicit const_iterator(std::uint32_t size)
            : m_index(size)
            , m_size(size)
        {}
        const unsigned char* m_at = nullptr; ///< the next run's code
        int m_id = 0; ///< the id at m_index
        std::uint32_t m_left = 0; ///< ids of the current run after m_id
        std::uint32_t m_index = 0; ///< position in the list
        std::uint32_t m_size = 0;
    };
    using iterator = const_iterator;
    using value_type = int;
    using size_type = std::size_t;

    NodeList() noexcept { std::memset(m_data, 0, sizeof m_data); }
    NodeList(std::initializer_list<int> ids)
        : NodeList()
    {
        append(ids.begin(), ids.end());
    }
    NodeList(const std::vector<int>& ids)
        : NodeList()
    {
        append(ids.begin(), ids.end());
    }
    template <typename It>
    NodeList(It first, It last)
        : NodeList()
    {
        append(first, last);
    }
    NodeList(const NodeList& other);
    NodeList(NodeList&& other) noexcept;
    NodeList& operator=(const NodeList& other);
    NodeList& operator=(NodeList&& other) noexcept;
    NodeList& operator=(std::initializer_list<int> ids) { return assignFresh(NodeList(ids)); }
    NodeList& operator=(const std::vector<int>& ids) { return assignFresh(NodeList(ids)); }
    ~NodeList() { release(); }

    /// A list from the runs of core/NodeRuns.h, already checked (store/NodeListBlob.cpp):
    /// `size` ids, runs as long as the ids allow.
    static NodeList fromCode(const unsigned char* code, std::size_t bytes, std::size_t size);

    std::size_t size() const { return m_word & SizeMask; }
    bool empty() const { return size() == 0; }
    const_iterator begin() const { return const_iterator(code(), static_cast<std::uint32_t>(size())); }
    const_iterator end() const { return const_iterator(static_cast<std::uint32_t>(size())); }
    int front() const { return *begin(); }
    int back() const;
    /// The id at `position`: a walk over the runs.
    int operator[](std::size_t position) const;

    void push_back(int id) { appendRun(id, 1); }
    /// Appends ids first, first + 1, ..., first + length - 1.
    void appendRun(int first, std::size_t length);
    void clear() { assignFresh(NodeList()); }
    void reserve(std::size_t) {}
    template <typename It> void assign(It first, It last) { assignFresh(NodeList(first, last)); }
    void assign(std::initializer_list<int> ids) { assignFresh(NodeList(ids)); }

    /// Calls visit(first, length) for each run, in order: ids first ... first + length - 1.
    template <typename Visit> void forEachRun(Visit visit) const
    {
        const unsigned char* at = code();
        const unsigned char* const stop = at + codeBytes();
        std::int64_t previousEnd = 0;
        while (at != stop) {
            const noderuns::DecodedRun run = noderuns::getRun(at);
            const std::int64_t first = previousEnd + run.delta;
            visit(static_cast<int>(first), static_cast<std::size_t>(run.length));
            previousEnd = first + static_cast<std::int64_t>(run.length);
        }
    }
    /// The runs (each as long as possible).
    std::size_t runCount() const;
    /// The runs in the code of core/NodeRuns.h.
    std::span<const unsigned char> runCode() const { return {code(), codeBytes()}; }
    std::vector<int> toVector() const { return {begin(), end()}; }
    /// Heap bytes held beyond the object (0 for up to 8 bytes of runs).
    std::size_t heapBytes() const { return onHeap() ? sizeof(Block) + block()->capacity : 0; }

    friend bool operator==(const NodeList& a, const NodeList& b);
    friend bool operator==(const NodeList& a, const std::vector<int>& b);

private:
    static constexpr std::uint32_t SizeMask = (1u << 28) - 1;
    static constexpr std::uint32_t HeapTag = 15; ///< in the top 4 bits: else the inline bytes
    static constexpr std::size_t InlineBytes = 8;
    /// What precedes the runs on the heap.
    struct Block
    {
        std::uint32_t bytes;
        std::uint32_t capacity;
        std::uint32_t lastOffset; ///< where the last run's code starts
        std::int32_t lastFirst; ///< the last run's first id
    };
    /// The last run.
    struct Tail
    {
        std::size_t offset;
        std::int64_t first;
        std::uint64_t length;
        std::uint64_t zigzagDelta;
    };

    template <typename It> void append(It first, It last)
    {
        for (; first != last; ++first)
            push_back(static_cast<int>(*first));
    }
    bool onHeap() const { return (m_word >> 28) == HeapTag; }
    Block* block() const
    {
        Block* found;
        std::memcpy(&found, m_data, sizeof found);
        return found;
    }
    const unsigned char* code() const
    {
        return onHeap() ? reinterpret_cast<const unsigned char*>(block() + 1) : m_data;
    }
    std::size_t codeBytes() const { return onHeap() ? block()->bytes : m_word >> 28; }
    Tail tail() const;
    /// Writes `length` bytes of runs at `offset`, the last run starting at `lastOffset`
    /// with id `lastFirst`; the list then holds `size` ids.
    void write(std::size_t offset, const unsigned char* runs, std::size_t length, std::size_t lastOffset,
               std::int64_t lastFirst, std::size_t size);
    void release() noexcept;
    NodeList& assignFresh(NodeList&& fresh) noexcept;

    unsigned char m_data[InlineBytes]; ///< the runs, or a Block* to them
    std::uint32_t m_word = 0; ///< the size; in the top 4 bits the inline bytes, or HeapTag
};

} // namespace placement
