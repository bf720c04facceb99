// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <vector>

namespace placement {

/// A read-only list of ints: a view of ints elsewhere, or one value it holds itself (what
/// NodeCounts gives for a count kept in place).
class IntView
{
public:
    IntView() = default;
    IntView(std::span<const int> values) // NOLINT: converts
        : m_data(values.data())
        , m_size(values.size())
    {}
    IntView(const std::vector<int>& values) // NOLINT: converts
        : IntView(std::span<const int>(values))
    {}
    /// Of a list that lives to the end of the full expression (an argument).
    IntView(std::initializer_list<int> values) // NOLINT: converts
        : IntView(std::span<const int>(values.begin(), values.size()))
    {}
    static IntView single(int value)
    {
        IntView view;
        view.m_size = 1;
        view.m_single = value;
        return view;
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const int* begin() const { return m_data ? m_data : &m_single; }
    const int* end() const { return begin() + m_size; }
    int operator[](std::size_t index) const { return begin()[index]; }
    std::vector<int> toVector() const { return std::vector<int>(begin(), end()); }

    friend bool operator==(const IntView& a, const IntView& b)
    {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const IntView& a, const std::vector<int>& b) { return a == IntView(b); }

private:
    const int* m_data = nullptr;
    std::size_t m_size = 0;
    int m_single = 0;
};

/// What a job holds per node, cores and GPUs, in 8 bytes: millions of jobs, most on one node
/// (one count of cores, perhaps one of GPUs) or with none known.
///
/// Empty: both words 0. One node in place: the first word odd, the cores in the second; the
/// first word's bit 1 set when the GPUs are known, their count in its bits 2 to 31 (under
/// 2^29). Else a heap block: the counts of cores and of GPUs, then the cores, then the GPUs.
class NodeCounts
{
public:
    NodeCounts() = default;
    NodeCounts(const IntView& cores, const IntView& gpus) { assign(cores, gpus); }
    NodeCounts(const NodeCounts& other) { assign(other.cores(), other.gpus()); }
    NodeCounts(NodeCounts&& other) noexcept
    {
        std::memcpy(m_word, other.m_word, sizeof m_word);
        other.m_word[0] = other.m_word[1] = 0;
    }
    NodeCounts& operator=(const NodeCounts& other)
    {
        if (this != &other)
            *this = NodeCounts(other);
        return *this;
    }
    NodeCounts& operator=(NodeCounts&& other) noexcept
    {
        if (this != &other) {
            release();
            std::memcpy(m_word, other.m_word, sizeof m_word);
            other.m_word[0] = other.m_word[1] = 0;
        }
        return *this;
    }
    ~NodeCounts() { release(); }

    IntView cores() const
    {
        if (isInline())
            return IntView::single(m_word[1]);
        const int* block = heap();
        return block ? IntView(std::span<const int>(block + 2, static_cast<std::size_t>(block[0]))) : IntView();
    }
    IntView gpus() const
    {
        if (isInline())
            return (m_word[0] & GpusInPlace)
                ? IntView::single(static_cast<int>(static_cast<std::uint32_t>(m_word[0]) >> 2))
                : IntView();
        const int* block = heap();
        return block ? IntView(std::span<const int>(block + 2 + block[0], static_cast<std::size_t>(block[1])))
                     : IntView();
    }
    void setCores(const IntView& cores) { assign(cores, gpus()); }
    void setGpus(const IntView& gpus) { assign(cores(), gpus); }

    friend bool operator==(const NodeCounts& a, const NodeCounts& b)
    {
        return a.cores() == b.cores() && a.gpus() == b.gpus();
    }

private:
    // Little-endian: a heap pointer's low word is even (aligned), a count in place is marked
    // by an odd first word.
    static_assert(std::endian::native == std::endian::little && sizeof(int*) == 8);
    static constexpr std::int32_t InPlace = 1;
    static constexpr std::int32_t GpusInPlace = 2;

    bool isInline() const { return (m_word[0] & InPlace) != 0; }
    int* heap() const
    {
        if (isInline())
            return nullptr;
        int* pointer = nullptr;
        std::memcpy(&pointer, m_word, sizeof pointer);
        return pointer;
    }
    void release()
    {
        delete[] heap();
        m_word[0] = m_word[1] = 0;
    }
    /// Either may view this object's own counts: the new ones are made before the old go.
    void assign(const IntView& cores, const IntView& gpus)
    {
        std::int32_t word[2] = {0, 0};
        if (cores.size() == 1 && gpus.empty()) {
            word[0] = InPlace;
            word[1] = cores[0];
        } else if (cores.size() == 1 && gpus.size() == 1 && gpus[0] >= 0 && gpus[0] < (1 << 29)) {
            word[0] = static_cast<std::int32_t>(static_cast<std::uint32_t>(gpus[0]) << 2) | GpusInPlace | InPlace;
            word[1] = cores[0];
        } else if (!cores.empty() || !gpus.empty()) {
            int* block = new int[2 + cores.size() + gpus.size()];
            block[0] = static_cast<int>(cores.size());
            block[1] = static_cast<int>(gpus.size());
            std::copy(cores.begin(), cores.end(), block + 2);
            std::copy(gpus.begin(), gpus.end(), block + 2 + cores.size());
            std::memcpy(word, &block, sizeof block);
        }
        release();
        std::memcpy(m_word, word, sizeof m_word);
    }

    alignas(8) std::int32_t m_word[2] = {0, 0};
};

} // namespace placement
