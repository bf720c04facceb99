// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/NodeListResolver.h"

#include <algorithm>
#include <span>

namespace placement {
namespace {

constexpr unsigned long long powersOfTen[] = {1ULL,
                                              10ULL,
                                              100ULL,
                                              1000ULL,
                                              10000ULL,
                                              100000ULL,
                                              1000000ULL,
                                              10000000ULL,
                                              100000000ULL,
                                              1000000000ULL,
                                              10000000000ULL,
                                              100000000000ULL,
                                              1000000000000ULL,
                                              10000000000000ULL,
                                              100000000000000ULL,
                                              1000000000000000ULL,
                                              10000000000000000ULL,
                                              100000000000000000ULL,
                                              1000000000000000000ULL};

std::size_t decimalDigits(unsigned long long value)
{
    std::size_t digits = 1;
    while (digits < std::size(powersOfTen) && value >= powersOfTen[digits])
        ++digits;
    return digits;
}

} // namespace

NodeListResolver::NodeListResolver(const NodeNameIndex& index)
    : m_index(index)
    , m_seen(static_cast<std::size_t>(index.nodeCount()), 0)
{}

void NodeListResolver::resolve(std::string_view expression, std::vector<int>& nodes, std::vector<std::string>& unknown,
                               std::size_t maxNames)
{
    nodes.clear();
    unknown.clear();
    m_nodes = &nodes;
    m_unknown = &unknown;
    if (!m_seenNames.empty())
        m_seenNames.clear();
    if (++m_stamp == 0) { // wrapped: forget every earlier call
        std::fill(m_seen.begin(), m_seen.end(), 0);
        m_stamp = 1;
    }
    HostlistReader reader(expression, maxNames);
    while (reader.next(m_item)) {
        // Room for the item's nodes (at most one entry per node, names with a domain aside)
        // in one step, growing geometrically over many small items.
        const std::size_t needed = nodes.size() + std::min(m_item.names, m_seen.size());
        if (needed > nodes.capacity())
            nodes.reserve(std::max(needed, 2 * nodes.capacity()));
        const std::vector<HostlistItem::Group>& groups = m_item.groups;
        if (groups.empty()) {
            addName(m_item.suffix);
            continue;
        }
        if (groups.size() == 1) {
            addLastGroup(groups.front().literal);
            continue;
        }
        // Several groups ("rack[1-2]-node[01-02]"): the names before the last group's numbers
        // as strings, leftmost group slowest, then the last group through the tables.
        m_prefixes.assign(1, std::string());
        for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
            m_nextPrefixes.clear();
            for (const std::string& prefix : m_prefixes)
                for (std::size_t r = groups[g].firstRange; r < groups[g].firstRange + groups[g].rangeCount; ++r) {
                    const HostlistItem::Range& range = m_item.ranges[r];
                    for (unsigned long long value = range.low;; ++value) {
                        std::string& name = m_nextPrefixes.emplace_back(prefix);
                        name += groups[g].literal;
                        appendPaddedNumber(name, value, range.width);
                        if (value == range.high)
                            break;
                    }
                }
            std::swap(m_prefixes, m_nextPrefixes);
        }
        for (std::string& prefix : m_prefixes) {
            prefix += groups.back().literal;
            addLastGroup(prefix);
        }
    }
}

void NodeListResolver::addLastGroup(std::string_view prefix)
{
    const HostlistItem::Group& group = m_item.groups.back();
    const auto ranges = [&] { return std::span(m_item.ranges).subspan(group.firstRange, group.rangeCount); };
    // A name with a suffix or a '.' goes the general way: a miss on "cn[1-2].example.org"
    // falls back to the name without its domain.
    std::size_t prefixDigits = 0;
    while (prefixDigits < prefix.size() && prefix[prefix.size() - 1 - prefixDigits] >= '0'
           && prefix[prefix.size() - 1 - prefixDigits] <= '9')
        ++prefixDigits;
    if (!m_item.suffix.empty() || prefix.find('.') != std::string_view::npos
        || prefixDigits > NodeNameIndex::maxDigits) {
        for (const HostlistItem::Range& range : ranges())
            for (unsigned long long value = range.low;; ++value) {
                m_name.assign(prefix);
                appendPaddedNumber(m_name, value, range.width);
                m_name += m_item.suffix;
                addName(m_name);
                if (value == range.high)
                    break;
            }
        return;
    }
    // "cab" + 17 is the stem "cab" with the two digits "17"; "rack1-n" + 7 is "rack1-n" with
    // "7"; "cab1" + 7 (from "cab1[0-9]") is "cab" with "17": digits ending the prefix belong
    // to the number.
    const std::string_view stem = prefix.substr(0, prefix.size() - prefixDigits);
    unsigned long long prefixValue = 0;
    for (std::size_t i = stem.size(); i < prefix.size(); ++i)
        prefixValue = prefixValue * 10 + static_cast<unsigned long long>(prefix[i] - '0');
    const NodeNameIndex::NumberedNodes* numbered = m_index.numbered(stem);
    for (const HostlistItem::Range& range : ranges()) {
        // Chunks of numbers written with the same number of digits: the width of the lower
        // bound up to 10^width - 1, then each power of ten.
        for (unsigned long long chunk = range.low;;) {
            const std::size_t digits = std::max(range.width, decimalDigits(chunk));
            const unsigned long long last = std::min(range.high, powersOfTen[digits] - 1);
            const std::size_t nameDigits = prefixDigits + digits;
            if (nameDigits > NodeNameIndex::maxDigits) {
                for (unsigned long long value = chunk;; ++value) {
                    m_name.assign(prefix);
                    appendPaddedNumber(m_name, value, range.width);
                    addName(m_name);
                    if (value == last)
                        break;
                }
            } else {
                const NodeNameIndex::NumberedNodes::Run* run = numbered ? numbered->run(nameDigits) : nullptr;
                const unsigned long long base = prefixValue * powersOfTen[digits];
                for (unsigned long long value = chunk;; ++value) {
                    const int node = run ? run->find(base + value) : -1;
                    if (node >= 0) {
                        addNode(node);
                    } else {
                        m_name.assign(prefix);
                        appendPaddedNumber(m_name, value, range.width);
                        addUnknown(m_name);
                    }
                    if (value == last)
                        break;
                }
            }
            if (last == range.high)
                break;
            chunk = last + 1;
        }
    }
}

void NodeListResolver::addName(std::string_view name)
{
    const int node = m_index.find(name);
    if (node < 0)
        addUnknown(name);
    else if (name.find('.') == std::string_view::npos)
        addNode(node);
    else if (m_seenNames.emplace(name).second)
        m_nodes->push_back(node);
}

void NodeListResolver::addUnknown(std::string_view name)
{
    if (m_seenNames.emplace(name).second)
        m_unknown->emplace_back(name);
}

} // namespace placement
