// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/SwitchGroups.h"

#include <algorithm>
#include <numeric>

namespace placement {
namespace {

/// Union-find whose representative is the lowest switch of each set, so that groups come
/// out in the order of their first switch.
class LowestFirstSets
{
public:
    explicit LowestFirstSets(std::size_t size)
        : m_leader(size)
    {
        std::iota(m_leader.begin(), m_leader.end(), 0);
    }
    int find(int s)
    {
        while (m_leader[static_cast<std::size_t>(s)] != s) {
            int& up = m_leader[static_cast<std::size_t>(s)];
            up = m_leader[static_cast<std::size_t>(up)]; // path halving
            s = up;
        }
        return s;
    }
    bool unite(int a, int b)
    {
        a = find(a);
        b = find(b);
        if (a == b)
            return false;
        m_leader[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
        return true;
    }

private:
    std::vector<int> m_leader;
};

} // namespace

SwitchGroups groupSwitches(const std::vector<std::vector<int>>& parentsOf)
{
    const std::size_t count = parentsOf.size();
    LowestFirstSets sets(count);
    std::vector<int> parentGroup(count);
    for (bool changed = true; changed;) {
        changed = false;
        // (1) Every parent group of a group joins the first of them.
        std::fill(parentGroup.begin(), parentGroup.end(), -1);
        for (std::size_t child = 0; child < count; ++child) {
            const int group = sets.find(static_cast<int>(child));
            for (int parent : parentsOf[child]) {
                const int parentSet = sets.find(parent);
                if (parentSet == group)
                    continue; // a link inside a group
                int& known = parentGroup[static_cast<std::size_t>(group)];
                if (known < 0)
                    known = parentSet;
                else if (sets.unite(known, parentSet))
                    changed = true;
                known = sets.find(known);
            }
        }
        if (changed)
            continue;
        // (2) Now each group has at most one parent group: follow parents to find a loop.
        std::vector<int> visitedFrom(count, -1);
        for (std::size_t start = 0; start < count && !changed; ++start) {
            int at = sets.find(static_cast<int>(start));
            while (at >= 0 && visitedFrom[static_cast<std::size_t>(at)] < 0) {
                visitedFrom[static_cast<std::size_t>(at)] = static_cast<int>(start);
                at = parentGroup[static_cast<std::size_t>(at)];
            }
            if (at >= 0 && visitedFrom[static_cast<std::size_t>(at)] == static_cast<int>(start)) {
                for (int member = parentGroup[static_cast<std::size_t>(at)]; member != at;) {
                    const int next = parentGroup[static_cast<std::size_t>(member)];
                    sets.unite(at, member);
                    member = next;
                }
                changed = true;
            }
        }
    }
    SwitchGroups groups;
    groups.groupOf.assign(count, -1);
    std::vector<int> idOfLeader(count, -1);
    for (std::size_t s = 0; s < count; ++s) {
        const int leader = sets.find(static_cast<int>(s));
        if (idOfLeader[static_cast<std::size_t>(leader)] < 0)
            idOfLeader[static_cast<std::size_t>(leader)] = static_cast<int>(groups.count++);
        groups.groupOf[s] = idOfLeader[static_cast<std::size_t>(leader)];
    }
    groups.parent.assign(groups.count, -1);
    for (std::size_t s = 0; s < count; ++s) {
        const int leader = sets.find(static_cast<int>(s));
        const int parent = parentGroup[static_cast<std::size_t>(leader)];
        if (parent >= 0)
            groups.parent[static_cast<std::size_t>(groups.groupOf[s])] = idOfLeader[static_cast<std::size_t>(parent)];
    }
    return groups;
}

} // namespace placement
