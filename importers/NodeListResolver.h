// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "importers/Hostlist.h"
#include "importers/NodeNameIndex.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace placement {

/// Expands Slurm hostlists straight into one machine's node indices: for "cab[1-3,7]" the stem
/// "cab" is looked up once and each number maps through its table, so no name string is made
/// for a node the machine has. The result is what expandHostlist() followed by
/// NodeNameIndex::find() per distinct name gives (tst_nodelistresolver checks it): the same
/// errors, the same nodes in the same order, the same names the machine does not have.
/// Keeps buffers between calls; one per parser (not thread-safe).
class NodeListResolver
{
public:
    explicit NodeListResolver(const NodeNameIndex& index);

    /// Replaces `nodes` with the known nodes of `expression` in hostlist order and `unknown`
    /// with the names the machine does not have, each distinct name once (so the expression
    /// names nodes.size() + unknown.size() distinct hosts). Throws HostlistError as
    /// expandHostlist(expression, maxNames) does.
    void resolve(std::string_view expression, std::vector<int>& nodes, std::vector<std::string>& unknown,
                 std::size_t maxNames = 1'000'000);

private:
    /// The names of the last group of m_item after `prefix` (everything before the group's
    /// numbers), with the item's suffix.
    void addLastGroup(std::string_view prefix);
    /// Looks `name` up as a string (the general path): exact, then without the domain.
    void addName(std::string_view name);
    void addUnknown(std::string_view name);
    void addNode(int node)
    {
        if (m_seen[static_cast<std::size_t>(node)] != m_stamp) {
            m_seen[static_cast<std::size_t>(node)] = m_stamp;
            m_nodes->push_back(node);
        }
    }

    const NodeNameIndex& m_index;
    HostlistItem m_item;
    /// Per node: the call (m_stamp) that last added it. A name without a '.' that the index
    /// knows is the only such name of its node, so its node stands for it in the dedup.
    std::vector<std::uint32_t> m_seen;
    std::uint32_t m_stamp = 0;
    /// Names with a '.' that the index knows, and unknown names: deduplicated as strings.
    std::unordered_set<std::string> m_seenNames;
    std::vector<int>* m_nodes = nullptr;
    std::vector<std::string>* m_unknown = nullptr;
    std::string m_name;
    std::vector<std::string> m_prefixes, m_nextPrefixes;
};

} // namespace placement
