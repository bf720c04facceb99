// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace placement {

/// A machine's node names, looked up the ways job logs name nodes: exactly, or without a domain
/// suffix ("cn17.example.org" = "cn17", whichever side has the domain), and for hostlists as a
/// stem and a number ("cab" and 17), so that "cab[1-1296]" maps to node indices without
/// making a string per node (NodeListResolver).
class NodeNameIndex
{
public:
    /// `names[i]` is node i's name. Where names collide (a full name equal to another node's
    /// short name), the lower node index wins.
    explicit NodeNameIndex(const std::vector<std::string>& names);

    int nodeCount() const { return m_nodeCount; }

    /// The node called `name`, or -1: the exact name first, then the name without its domain.
    int find(std::string_view name) const;

    /// The most digits a hostlist number has (HostlistReader); names ending in more digits
    /// are only in find().
    static constexpr std::size_t maxDigits = 18;

    /// The nodes whose names (full or short, without a '.') are one stem followed by digits,
    /// by the digits: the digit string "0017" is 4 digits of value 17.
    class NumberedNodes
    {
    public:
        /// The nodes named stem + exactly `digits` digits, by value.
        struct Run
        {
            unsigned long long first = 0; ///< value of dense[0]
            std::vector<int> dense; ///< -1 where no node has the value
            std::unordered_map<unsigned long long, int> sparse; ///< when the values are far apart
            bool isDense = true;

            int find(unsigned long long value) const
            {
                if (isDense)
                    return value - first < dense.size() ? dense[static_cast<std::size_t>(value - first)] : -1;
                const auto it = sparse.find(value);
                return it == sparse.end() ? -1 : it->second;
            }
        };
        /// nullptr when no node has a name of this stem with `digits` digits (1 .. maxDigits).
        const Run* run(std::size_t digits) const
        {
            return digits <= maxDigits && m_byDigits[digits] ? &m_runs[m_byDigits[digits] - 1u] : nullptr;
        }

    private:
        friend class NodeNameIndex;
        std::array<unsigned char, maxDigits + 1> m_byDigits{}; ///< 1-based into m_runs, 0: none
        std::vector<Run> m_runs;
    };

    /// The numbered nodes of a stem (empty, or ending in a non-digit; no '.'), or nullptr.
    const NumberedNodes* numbered(std::string_view stem) const;

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    int m_nodeCount = 0;
    std::unordered_map<std::string, int, Hash, std::equal_to<>> m_byName;
    std::unordered_map<std::string, NumberedNodes, Hash, std::equal_to<>> m_byStem;
};

/// `name` without its domain: up to the first '.'.
std::string_view withoutDomain(std::string_view name);

} // namespace placement
