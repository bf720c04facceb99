// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

#include <vector>

namespace placement {

/// A policy that decides for a window of queued jobs at once instead of one job at a time
/// (AUCSCHED3: Soner & Özturan §2, an auction over the jobs at the front of the queue).
/// The simulator's auction mode (BackfillPolicy::Auction) offers it the window on every
/// scheduling pass; an allocator that has one returns it from Allocator::windowScheduler().
class WindowScheduler
{
public:
    virtual ~WindowScheduler() = default;
    /// For each request of `window` (queue order, highest priority first): the nodes it
    /// starts on now, increasing, or none. The node sets are free in `state` and pairwise
    /// disjoint; each has exactly the requested number of nodes.
    virtual std::vector<std::vector<int>> place(const MachineState& state, const std::vector<AllocationRequest>& window)
        = 0;
};

} // namespace placement
