// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/NodeNameIndex.h"

#include <algorithm>
#include <utility>

namespace placement {
namespace {

/// Digits at the end of `name`.
std::size_t trailingDigits(std::string_view name)
{
    std::size_t count = 0;
    while (count < name.size() && name[name.size() - 1 - count] >= '0' && name[name.size() - 1 - count] <= '9')
        ++count;
    return count;
}

} // namespace

std::string_view withoutDomain(std::string_view name)
{
    return name.substr(0, name.find('.'));
}

NodeNameIndex::NodeNameIndex(const std::vector<std::string>& names)
    : m_nodeCount(static_cast<int>(names.size()))
{
    // Full and short names (logs and topology files disagree about domains); emplace keeps
    // the first node of a name.
    m_byName.reserve(names.size() * 2);
    for (std::size_t i = 0; i < names.size(); ++i) {
        m_byName.emplace(names[i], static_cast<int>(i));
        m_byName.emplace(std::string(withoutDomain(names[i])), static_cast<int>(i));
    }

    // The same keys by stem and number. Only names without a '.': a name with one is looked
    // up whole (find()), since a miss falls back to its short name.
    using Numbers = std::vector<std::pair<unsigned long long, int>>;
    std::unordered_map<std::string, std::array<Numbers, maxDigits + 1>, Hash, std::equal_to<>> byStem;
    for (const auto& [name, node] : m_byName) {
        const std::size_t digits = trailingDigits(name);
        if (digits == 0 || digits > maxDigits || name.find('.') != std::string::npos)
            continue;
        unsigned long long value = 0;
        for (std::size_t i = name.size() - digits; i < name.size(); ++i)
            value = value * 10 + static_cast<unsigned long long>(name[i] - '0');
        byStem[name.substr(0, name.size() - digits)][digits].emplace_back(value, node);
    }
    for (auto& [stem, byDigits] : byStem) {
        NumberedNodes& numbered = m_byStem[stem];
        for (std::size_t digits = 1; digits <= maxDigits; ++digits) {
            Numbers& numbers = byDigits[digits];
            if (numbers.empty())
                continue;
            const auto [low, high] = std::minmax_element(numbers.begin(), numbers.end());
            NumberedNodes::Run run;
            run.first = low->first;
            // Dense where the numbers are (nearly) consecutive, as in cab1..cab1296.
            run.isDense = high->first - low->first < 2 * numbers.size() + 1024;
            if (run.isDense) {
                run.dense.assign(static_cast<std::size_t>(high->first - low->first) + 1, -1);
                for (const auto& [value, node] : numbers)
                    run.dense[static_cast<std::size_t>(value - run.first)] = node;
            } else {
                run.sparse.reserve(numbers.size());
                for (const auto& [value, node] : numbers)
                    run.sparse.emplace(value, node);
            }
            numbered.m_runs.push_back(std::move(run));
            numbered.m_byDigits[digits] = static_cast<unsigned char>(numbered.m_runs.size());
        }
    }
}

int NodeNameIndex::find(std::string_view name) const
{
    auto it = m_byName.find(name);
    if (it == m_byName.end()) {
        const std::string_view shortName = withoutDomain(name);
        if (shortName.size() != name.size())
            it = m_byName.find(shortName);
    }
    return it == m_byName.end() ? -1 : it->second;
}

const NodeNameIndex::NumberedNodes* NodeNameIndex::numbered(std::string_view stem) const
{
    const auto it = m_byStem.find(stem);
    return it == m_byStem.end() ? nullptr : &it->second;
}

} // namespace placement
