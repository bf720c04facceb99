// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <span>
#include <vector>

namespace placement {

/// A job's node ids, in their order, kept as runs of consecutive ids: schedulers hand out
/// nodes in runs, so a list of any length usually takes one or two runs, held inside the
/// object itself (no allocation); longer lists keep their runs on the heap, 8 bytes a run.
/// The same size as a std::vector<int>; a year of a centre's jobs fits in a fraction of
/// the memory. The ids are read in order (begin()/end()); operator[] searches the runs.
class NodeList
{
public:
    /// Ids first, first + 1, ... of the list's positions up to `end` (exclusive), starting
    /// where the run before ends.
    struct Run
    {
        int first;
        std::uint32_t end;
    };

    class const_iterator
    {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = int;

        const_iterator() = default;
        int operator*() const { return m_run->first + static_cast<int>(m_index - m_runBegin); }
        const_iterator& operator++()
        {
            if (++m_index == m_run->end) {
                m_runBegin = m_index;
                ++m_run;
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
        const_iterator(const Run* run, std::uint32_t index, std::uint32_t runBegin)
            : m_run(run)
            , m_index(index)
            , m_runBegin(runBegin)
        {}
        const Run* m_run = nullptr;
        std::uint32_t m_index = 0; ///< position in the list
        std::uint32_t m_runBegin = 0; ///< position of m_run's first id
    };
    using iterator = const_iterator;
    using value_type = int;
    using size_type = std::size_t;

    NodeList() noexcept {}
    NodeList(std::initializer_list<int> ids) { append(ids.begin(), ids.end()); }
    NodeList(const std::vector<int>& ids) { append(ids.begin(), ids.end()); }
    template <typename It> NodeList(It first, It last) { append(first, last); }
    NodeList(const NodeList& other);
    NodeList(NodeList&& other) noexcept;
    NodeList& operator=(const NodeList& other);
    NodeList& operator=(NodeList&& other) noexcept;
    NodeList& operator=(std::initializer_list<int> ids) { return assignFresh(NodeList(ids)); }
    NodeList& operator=(const std::vector<int>& ids) { return assignFresh(NodeList(ids)); }
    ~NodeList() { release(); }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const_iterator begin() const { return const_iterator(runData(), 0, 0); }
    const_iterator end() const { return const_iterator(runData() + m_runs, m_size, m_size); }
    int front() const { return runData()[0].first; }
    int back() const;
    /// The id at `position`: a binary search of the runs.
    int operator[](std::size_t position) const;

    void push_back(int id);
    /// Appends ids first, first + 1, ..., first + length - 1.
    void appendRun(int first, std::size_t length);
    void clear() { assignFresh(NodeList()); }
    void reserve(std::size_t) {}
    template <typename It> void assign(It first, It last) { assignFresh(NodeList(first, last)); }
    void assign(std::initializer_list<int> ids) { assignFresh(NodeList(ids)); }

    /// The runs, in order (each as long as possible).
    std::span<const Run> runs() const { return {runData(), m_runs}; }
    /// Calls visit(first, length) for each run, in order: ids first ... first + length - 1.
    template <typename Visit> void forEachRun(Visit visit) const
    {
        std::uint32_t begin = 0;
        for (const Run& run : runs()) {
            visit(run.first, static_cast<std::size_t>(run.end - begin));
            begin = run.end;
        }
    }
    std::vector<int> toVector() const { return {begin(), end()}; }
    /// Heap bytes held beyond the object (0 for up to two runs).
    std::size_t heapBytes() const { return m_runs > InlineRuns ? m_heap.capacity * sizeof(Run) : 0; }

    friend bool operator==(const NodeList& a, const NodeList& b);
    friend bool operator==(const NodeList& a, const std::vector<int>& b);

private:
    static constexpr std::uint32_t InlineRuns = 2;
    struct Heap
    {
        Run* runs;
        std::uint32_t capacity;
    };

    template <typename It> void append(It first, It last)
    {
        for (; first != last; ++first)
            push_back(static_cast<int>(*first));
    }
    const Run* runData() const { return m_runs > InlineRuns ? m_heap.runs : m_inline; }
    Run* runData() { return m_runs > InlineRuns ? m_heap.runs : m_inline; }
    void addRun(int id);
    void release() noexcept;
    NodeList& assignFresh(NodeList&& fresh);

    union {
        Run m_inline[InlineRuns];
        Heap m_heap;
    };
    std::uint32_t m_size = 0; ///< ids
    std::uint32_t m_runs = 0; ///< runs; more than InlineRuns: on the heap
};

} // namespace placement
