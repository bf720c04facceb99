// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeList.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace placement {

NodeList::NodeList(const NodeList& other)
    : m_size(other.m_size)
    , m_runs(other.m_runs)
{
    if (m_runs > InlineRuns) {
        m_heap.runs = new Run[m_runs];
        m_heap.capacity = m_runs;
        std::memcpy(m_heap.runs, other.m_heap.runs, m_runs * sizeof(Run));
    } else {
        std::memcpy(m_inline, other.m_inline, m_runs * sizeof(Run));
    }
}

NodeList::NodeList(NodeList&& other) noexcept
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

NodeList& NodeList::assignFresh(NodeList&& fresh)
{
    release();
    m_size = fresh.m_size;
    m_runs = fresh.m_runs;
    if (m_runs > InlineRuns)
        m_heap = fresh.m_heap;
    else
        std::memcpy(m_inline, fresh.m_inline, m_runs * sizeof(Run));
    fresh.m_size = 0;
    fresh.m_runs = 0;
    return *this;
}

void NodeList::release() noexcept
{
    if (m_runs > InlineRuns)
        delete[] m_heap.runs;
    m_size = 0;
    m_runs = 0;
}

int NodeList::back() const
{
    const Run* runs = runData();
    const std::uint32_t begin = m_runs > 1 ? runs[m_runs - 2].end : 0;
    return runs[m_runs - 1].first + static_cast<int>(runs[m_runs - 1].end - 1 - begin);
}

int NodeList::operator[](std::size_t position) const
{
    const Run* runs = runData();
    const Run* run
        = std::upper_bound(runs, runs + m_runs, position, [](std::size_t at, const Run& r) { return at < r.end; });
    const std::uint32_t begin = run == runs ? 0 : run[-1].end;
    return run->first + static_cast<int>(position - begin);
}

void NodeList::push_back(int id)
{
    if (m_size == std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a node list cannot hold more than 2^32 - 1 ids");
    if (m_runs > 0) {
        Run& last = runData()[m_runs - 1];
        const std::uint32_t begin = m_runs > 1 ? runData()[m_runs - 2].end : 0;
        const std::int64_t next = static_cast<std::int64_t>(last.first) + (last.end - begin);
        if (next == id) {
            ++last.end;
            ++m_size;
            return;
        }
    }
    addRun(id);
}

void NodeList::appendRun(int first, std::size_t length)
{
    if (length == 0)
        return;
    if (length > std::numeric_limits<std::uint32_t>::max() - m_size
        || static_cast<std::int64_t>(first) + static_cast<std::int64_t>(length) - 1 > std::numeric_limits<int>::max())
        throw std::length_error("a run of " + std::to_string(length) + " node ids does not fit a node list");
    push_back(first);
    const auto rest = static_cast<std::uint32_t>(length - 1);
    runData()[m_runs - 1].end += rest;
    m_size += rest;
}

void NodeList::addRun(int id)
{
    if (m_runs == InlineRuns) { // to the heap
        Run* runs = new Run[4];
        std::memcpy(runs, m_inline, InlineRuns * sizeof(Run));
        m_heap.runs = runs;
        m_heap.capacity = 4;
    } else if (m_runs > InlineRuns && m_runs == m_heap.capacity) {
        const std::uint32_t capacity = m_heap.capacity * 2;
        Run* runs = new Run[capacity];
        std::memcpy(runs, m_heap.runs, m_runs * sizeof(Run));
        delete[] m_heap.runs;
        m_heap.runs = runs;
        m_heap.capacity = capacity;
    }
    ++m_size;
    ++m_runs;
    runData()[m_runs - 1] = Run{id, m_size};
}

bool operator==(const NodeList& a, const NodeList& b)
{
    if (a.m_size != b.m_size || a.m_runs != b.m_runs)
        return false;
    const NodeList::Run* x = a.runData();
    const NodeList::Run* y = b.runData();
    for (std::uint32_t i = 0; i < a.m_runs; ++i)
        if (x[i].first != y[i].first || x[i].end != y[i].end)
            return false;
    return true;
}

bool operator==(const NodeList& a, const std::vector<int>& b)
{
    return a.size() == b.size() && std::equal(b.begin(), b.end(), a.begin());
}

} // namespace placement
