// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Topology.h"

#include <stdexcept>

namespace placement {

void Topology::setEmptySlots(std::vector<int> slots)
{
    std::sort(slots.begin(), slots.end());
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (slots[i] < 0 || slots[i] >= nodeCount())
            throw std::invalid_argument("empty slot " + std::to_string(slots[i]) + " is not a node id of a machine of "
                                        + std::to_string(nodeCount()) + " nodes");
        if (i > 0 && slots[i] == slots[i - 1])
            throw std::invalid_argument("empty slot " + std::to_string(slots[i]) + " is given twice");
    }
    if (!slots.empty() && static_cast<int>(slots.size()) == nodeCount())
        throw std::invalid_argument("every slot of the machine is empty: it has no node");
    m_emptySlots = std::move(slots);
}

std::string Topology::describeNodeCount(const std::string& count) const
{
    if (m_emptySlots.empty())
        return count + " nodes";
    return count + " nodes (" + std::to_string(m_emptySlots.size())
        + (m_emptySlots.size() == 1 ? " empty slot)" : " empty slots)");
}

} // namespace placement
