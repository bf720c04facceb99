// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Topology.h"

#include <map>
#include <vector>

namespace placement {

/// Which links a job may put traffic on.
enum class LinkModel {
    /// The channels of the static routes between every ordered pair of its nodes
    /// (D-mod-k on trees, dimension order on tori).
    StaticRouting,
    /// Pollard SC'18 §III-A: a job spanning leaves can use every up-link of its leaves, one
    /// spanning pods every up-link of its pods' L2 switches (routing does not follow the
    /// placement). Trees and dragonflies: on a dragonfly, every local-global-local route
    /// between the job's routers through any global link of each pair of its groups.
    TopologyAwareView,
};

/// The channels (link directions) a job of these nodes can use, sorted, without repeats.
/// Node links are included. Throws std::invalid_argument for TopologyAwareView on a torus.
std::vector<Channel> usableChannels(const Topology& topology, const std::vector<int>& nodes, LinkModel model);

/// Link sharing among concurrently running jobs.
struct InterferenceReport
{
    struct JobShare
    {
        int channels = 0; ///< channels the job can use
        int sharedChannels = 0; ///< of those, usable by at least one other job too
        std::map<int, int> sharedWith; ///< other job -> channels both can use
    };
    std::vector<JobShare> jobs; ///< in the order given
    std::map<Channel, std::vector<int>> sharedChannels; ///< channel -> the jobs (2 or more) that can use it

    bool interferenceFree() const { return sharedChannels.empty(); }
};

/// Which channels are usable by more than one of `jobs` (each a list of nodes), with counts
/// per job. A placement is interference-free when no channel is usable by two jobs.
InterferenceReport analyzeInterference(const Topology& topology, const std::vector<std::vector<int>>& jobs,
                                       LinkModel model);

} // namespace placement
