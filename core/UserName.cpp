// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/UserName.h"

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace placement {
namespace {

/// The names made so far: number n is slot n % 2^16 of chunk n / 2^16. A chunk, once made,
/// never moves, nor does a name in it: readers need no lock.
constexpr std::uint32_t ChunkBits = 16;
constexpr std::uint32_t ChunkSize = std::uint32_t(1) << ChunkBits;
using Slot = std::atomic<const std::string*>;

struct Names
{
    std::mutex mutex; // over making a name
    std::unordered_map<std::string_view, std::uint32_t> numbers; // views of the texts below
    std::uint32_t next = 1;
    Slot* chunks[ChunkSize] = {}; // written under the mutex, read by numbers already handed out
};

Names& names()
{
    static Names* const all = new Names; // never destroyed: names outlive every static object
    return *all;
}

} // namespace

std::uint32_t UserName::numberOf(std::string_view name)
{
    if (name.empty())
        return 0;
    Names& all = names();
    const std::lock_guard lock(all.mutex);
    if (const auto found = all.numbers.find(name); found != all.numbers.end())
        return found->second;
    if (all.next == 0)
        throw std::length_error("more than 4,294,967,295 distinct user names");
    const std::uint32_t number = all.next;
    Slot*& chunk = all.chunks[number >> ChunkBits];
    if (!chunk)
        chunk = new Slot[ChunkSize]; // each null
    const auto* text = new std::string(name);
    chunk[number & (ChunkSize - 1)].store(text, std::memory_order_release);
    all.numbers.emplace(std::string_view(*text), number);
    ++all.next;
    return number;
}

std::string_view UserName::view() const
{
    if (m_number == 0)
        return {"", 0};
    // The number was handed out after its slot was written: the chunk and the text are there.
    const Slot* chunk = names().chunks[m_number >> ChunkBits];
    return *chunk[m_number & (ChunkSize - 1)].load(std::memory_order_acquire);
}

} // namespace placement
