// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace placement {

/// A short text kept in 16 bytes (half a std::string): up to 15 characters inside the
/// object, longer ones on the heap. For the texts a year of jobs repeats millions of times
/// (job ids such as "4711_3", user names). Reads as a std::string_view; converts to a
/// std::string where one is needed.
class CompactText
{
public:
    CompactText() noexcept { setInlineSize(0); }
    CompactText(std::string_view text) { assign(text); }
    CompactText(const std::string& text) { assign(text); }
    CompactText(const char* text) { assign(std::string_view(text)); }
    CompactText(const CompactText& other) { assign(other.view()); }
    CompactText(CompactText&& other) noexcept;
    CompactText& operator=(const CompactText& other);
    CompactText& operator=(CompactText&& other) noexcept;
    CompactText& operator=(std::string_view text) { return *this = CompactText(text); }
    CompactText& operator=(const std::string& text) { return *this = CompactText(text); }
    CompactText& operator=(const char* text) { return *this = CompactText(text); }
    ~CompactText() { release(); }

    std::size_t size() const
    {
        return isHeap() ? m_heap.size : InlineCapacity - static_cast<std::size_t>(m_inline[InlineCapacity]);
    }
    bool empty() const { return size() == 0; }
    /// Null-terminated.
    const char* data() const { return isHeap() ? m_heap.text : m_inline; }
    const char* c_str() const { return data(); }
    std::string_view view() const { return {data(), size()}; }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const { return view(); }
    operator std::string() const { return str(); }

    friend bool operator==(const CompactText& a, const CompactText& b) { return a.view() == b.view(); }
    friend bool operator==(const CompactText& a, std::string_view b) { return a.view() == b; }
    friend bool operator==(const CompactText& a, const std::string& b) { return a.view() == b; }
    friend bool operator==(const CompactText& a, const char* b) { return a.view() == b; }
    friend bool operator<(const CompactText& a, const CompactText& b) { return a.view() < b.view(); }
    friend std::ostream& operator<<(std::ostream& out, const CompactText& text) { return out << text.view(); }
    friend std::string operator+(const CompactText& a, std::string_view b) { return a.str().append(b); }
    friend std::string operator+(std::string_view a, const CompactText& b) { return std::string(a).append(b.view()); }

private:
    static constexpr std::size_t InlineCapacity = 15;
    static constexpr unsigned char HeapTag = 0xFF;
    struct Heap
    {
        char* text;
        std::uint32_t size;
        char unused[3];
        unsigned char tag; ///< HeapTag: where an inline text keeps 15 minus its size
    };
    static_assert(sizeof(Heap) == InlineCapacity + 1);

    bool isHeap() const { return static_cast<unsigned char>(m_inline[InlineCapacity]) == HeapTag; }
    void setInlineSize(std::size_t size)
    {
        m_inline[size] = '\0';
        m_inline[InlineCapacity] = static_cast<char>(InlineCapacity - size); // 0 (the terminator) when full
    }
    void assign(std::string_view text);
    void release() noexcept;

    union {
        char m_inline[InlineCapacity + 1];
        Heap m_heap;
    };
};

} // namespace placement
