// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/AllocatorFactory.h"
#include "core/Fragmentation.h"
#include "core/JigsawCheck.h"
#include "core/Job.h"
#include "core/LinkSharing.h"
#include "core/PlacementMetrics.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace placement {

class Allocator;
class Topology;

/// What the fragmentation inspector says about one job's placement.
struct InspectedJob
{
    int job = -1; ///< index in the shown run's job list; -1: none
    PlacementMetrics metrics;
    double minimumAph = std::numeric_limits<double>::quiet_NaN(); ///< NaN while computed
    /// Ordered pairs of distinct nodes by hops apart (switch-to-switch links).
    std::vector<std::int64_t> hopHistogram;
    std::optional<JigsawVerdict> jigsaw; ///< three-level fat-trees only
    bool placementDone = false; ///< the fields above are filled in
};

/// Which links a job can use and which other jobs can use them too (core/LinkSharing.h).
struct InspectedLinks
{
    bool done = false;
    LinkModel model = LinkModel::StaticRouting;
    std::int64_t time = 0; ///< the other jobs are those running then
    /// Not computed: routing every pair would take too long (the estimate is in `routes`).
    bool skipped = false;
    std::int64_t routes = 0; ///< static routes to follow (estimate), 0 for the tree view
    int channels = 0; ///< link directions the job can use
    int sharedChannels = 0; ///< of those, usable by another running job too
    std::vector<std::pair<int, int>> sharedWith; ///< (job index, channels both can use), most first
};

/// What the inspector says about the machine at the time cursor (docs/reference.md §5,
/// fragmentation).
struct InspectedMachine
{
    std::int64_t time = 0;
    int nodes = 0;
    int freeNodes = 0;
    std::vector<int> fragments; ///< free fragment sizes, largest first
    int longestFreeRun = 0; ///< consecutive free nodes in index order
    int waitingJobs = 0; ///< submitted, not yet started
    std::string policy; ///< the policy asked; "first-fit" for logged placements
    int largestPlaceable = -1; ///< -1 while computed or when the policy cannot be built
    bool placeableExact = true; ///< false: a lower bound (the search ran out of time)
    std::string placeableNote; ///< why there is no answer, or what it leaves out
    /// Cores and GPUs (docs/importing.md, "Cores and GPUs"): the machine's and those no
    /// running job holds; -1 where the machine's description does not say.
    std::int64_t cores = -1, freeCores = -1, gpus = -1, freeGpus = -1;
};

/// A job running at the cursor: its index in the run and its nodes.
struct RunningJob
{
    int job = 0;
    std::vector<int> nodes;
    std::vector<int> idleNodes; ///< allocated to it but unused (LaaS's whole leaves)
    std::vector<int> links; ///< owned (Jigsaw, LaaS runs)
};

/// The placement part of InspectedJob for `nodes` (metrics, hop histogram, Jigsaw check on
/// fat-trees); the minimum APH is left to the caller (it can take a while on a torus).
InspectedJob inspectPlacement(PlacementAnalyzer& analyzer, const std::vector<int>& nodes);

/// The routes the link-sharing analysis of these jobs would follow: per job with two or
/// more nodes, its switches times its nodes (core/LinkSharing.cpp routes from one node per
/// switch to every node). 0 under the topology-aware view.
std::int64_t routesToFollow(const Topology& topology, const std::vector<int>& job,
                            const std::vector<RunningJob>& others, LinkModel model);

/// Link sharing between `job` and the jobs in `others`: on trees under Pollard's
/// topology-aware view (a job spanning leaves can use every up-link of its leaves, SC'18
/// §III-A), on tori along dimension-order routes. Skipped (skipped = true) when more than
/// `routeBudget` routes would have to be followed.
InspectedLinks inspectLinks(const Topology& topology, const std::vector<int>& job,
                            const std::vector<RunningJob>& others, std::int64_t routeBudget);

/// The free-node part of InspectedMachine from the owners of every node (-1: free) and the
/// run's jobs.
InspectedMachine inspectMachine(const Topology& topology, const std::vector<int>& owners, const std::vector<Job>& jobs,
                                std::int64_t time);

/// The largest job `prototype`'s policy would start now (core/Fragmentation.h), on the
/// machine rebuilt from the running jobs: their nodes taken, and started() told of each in
/// start order, so that policies that remember (TA's job types) see them. Policies whose
/// memory cannot be rebuilt from nodes alone (links owned under Jigsaw and LaaS) see those
/// links free; then `linksIgnored` is set.
PlaceableSearch largestPlaceableNow(const Allocator& prototype, const Topology& topology,
                                    const std::vector<RunningJob>& running, bool& linksIgnored,
                                    const std::function<bool()>& stop = {});

/// The allocator a stored run used, from its parameters (JSON, core/SimulationReport.cpp).
AllocatorChoice allocatorChoiceOfRun(const std::string& parametersJson);

} // namespace placement
