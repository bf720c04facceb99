// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CompactText.h"

#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

namespace placement {

CompactText::CompactText(CompactText&& other) noexcept
{
    std::memcpy(m_inline, other.m_inline, sizeof m_inline); // the text or the heap pointer
    other.setInlineSize(0);
}

CompactText& CompactText::operator=(const CompactText& other)
{
    if (this != &other)
        *this = CompactText(other);
    return *this;
}

CompactText& CompactText::operator=(CompactText&& other) noexcept
{
    if (this != &other) {
        release();
        std::memcpy(m_inline, other.m_inline, sizeof m_inline);
        other.setInlineSize(0);
    }
    return *this;
}

void CompactText::assign(std::string_view text)
{
    if (text.size() <= InlineCapacity) {
        if (!text.empty()) // an empty view may hold no pointer (a NULL column)
            std::memcpy(m_inline, text.data(), text.size());
        setInlineSize(text.size());
        return;
    }
    if (text.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a text of " + std::to_string(text.size()) + " characters is too long");
    char* copy = new char[text.size() + 1];
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    m_heap.text = copy;
    m_heap.size = static_cast<std::uint32_t>(text.size());
    m_heap.tag = HeapTag;
}

void CompactText::release() noexcept
{
    if (isHeap())
        delete[] m_heap.text;
    setInlineSize(0);
}

} // namespace placement
