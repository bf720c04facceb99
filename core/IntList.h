// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace placement {

/// A list of ints in 8 bytes: none, one held in place, or more on the heap (their count
/// first). What a job holds per node, for millions of jobs of which most have one entry or
/// none: a std::vector takes 24 bytes, and a heap block for one entry.
class IntList
{
public:
    IntList() = default;
    IntList(std::initializer_list<int> values) { assign(values.begin(), values.size()); }
    IntList(const std::vector<int>& values) { assign(values.data(), values.size()); } // NOLINT: converts
    IntList(const IntList& other) { assign(other.begin(), other.size()); }
    IntList(IntList&& other) noexcept
    {
        std::memcpy(m_word, other.m_word, sizeof m_word);
        other.m_word[0] = other.m_word[1] = 0;
    }
    IntList& operator=(const IntList& other)
    {
        if (this != &other)
            *this = IntList(other);
        return *this;
    }
    IntList& operator=(IntList&& other) noexcept
    {
        if (this != &other) {
            release();
            std::memcpy(m_word, other.m_word, sizeof m_word);
            other.m_word[0] = other.m_word[1] = 0;
        }
        return *this;
    }
    ~IntList() { release(); }

    std::size_t size() const
    {
        if (m_word[0] == 0 && m_word[1] == 0)
            return 0;
        return isInline() ? 1 : static_cast<std::size_t>(heap()[0]);
    }
    bool empty() const { return size() == 0; }
    const int* begin() const { return isInline() ? &m_word[1] : heap() ? heap() + 1 : nullptr; }
    const int* end() const { return begin() + size(); }
    int operator[](std::size_t index) const { return begin()[index]; }
    std::vector<int> toVector() const { return std::vector<int>(begin(), end()); }

    friend bool operator==(const IntList& a, const IntList& b)
    {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const IntList& a, const std::vector<int>& b)
    {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    // Little-endian: a heap pointer's low word is even (aligned), the tag of one value in
    // place is odd.
    static_assert(std::endian::native == std::endian::little && sizeof(int*) == 8);
    static constexpr std::int32_t OneInPlace = 1;

    bool isInline() const { return m_word[0] == OneInPlace; }
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
    void assign(const int* values, std::size_t count)
    {
        release();
        if (count == 1) {
            m_word[0] = OneInPlace;
            m_word[1] = values[0];
        } else if (count > 1) {
            int* block = new int[count + 1];
            block[0] = static_cast<int>(count);
            std::copy(values, values + count, block + 1);
            std::memcpy(m_word, &block, sizeof block);
        }
    }

    alignas(8) std::int32_t m_word[2] = {0, 0};
};

} // namespace placement
