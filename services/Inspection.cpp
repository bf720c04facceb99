// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "services/Inspection.h"

#include "core/Allocator.h"
#include "core/FatTreeTopology.h"
#include "core/Fragmentation.h"
#include "core/RunRecord.h"
#include "core/Topology.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace placement {

InspectedJob inspectPlacement(PlacementAnalyzer& analyzer, const std::vector<int>& nodes)
{
    InspectedJob result;
    result.metrics = analyzer.measure(nodes);
    result.hopHistogram = analyzer.hopHistogram(nodes);
    if (const auto* tree = dynamic_cast<const FatTreeTopology*>(&analyzer.topology()))
        result.jigsaw = checkJigsaw(*tree, nodes);
    result.placementDone = true;
    return result;
}

std::int64_t routesToFollow(const Topology& topology, const std::vector<int>& job,
                            const std::vector<RunningJob>& others, LinkModel model)
{
    if (model != LinkModel::StaticRouting)
        return 0;
    const std::vector<Link>& links = topology.links();
    auto routesOf = [&](const std::vector<int>& nodes) -> std::int64_t {
        if (nodes.size() < 2)
            return 0;
        std::unordered_set<int> switches;
        for (int node : nodes)
            switches.insert(links[static_cast<size_t>(node)].b);
        return static_cast<std::int64_t>(switches.size()) * static_cast<std::int64_t>(nodes.size());
    };
    std::int64_t routes = routesOf(job);
    for (const RunningJob& other : others)
        routes += routesOf(other.nodes);
    return routes;
}

InspectedLinks inspectLinks(const Topology& topology, const std::vector<int>& job,
                            const std::vector<RunningJob>& others, std::int64_t routeBudget)
{
    InspectedLinks result;
    // Trees: Pollard's view (what a job can use when routing does not follow placement);
    // dragonflies: every minimal route through any global link of its groups (adaptive
    // routing); tori: the one dimension-order path of each pair.
    const bool tree = topology.hierarchy() != nullptr || topology.kind() == TopologyKind::Dragonfly;
    result.model = tree ? LinkModel::TopologyAwareView : LinkModel::StaticRouting;
    result.routes = routesToFollow(topology, job, others, result.model);
    if (result.routes > routeBudget) {
        result.skipped = true;
        result.done = true;
        return result;
    }
    std::vector<std::vector<int>> lists;
    lists.reserve(others.size() + 1);
    lists.push_back(job);
    for (const RunningJob& other : others)
        lists.push_back(other.nodes);
    const InterferenceReport report = analyzeInterference(topology, lists, result.model);
    const InterferenceReport::JobShare& share = report.jobs.front();
    result.channels = share.channels;
    result.sharedChannels = share.sharedChannels;
    for (const auto& [other, channels] : share.sharedWith)
        result.sharedWith.emplace_back(others[static_cast<size_t>(other - 1)].job, channels);
    std::sort(result.sharedWith.begin(), result.sharedWith.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    result.done = true;
    return result;
}

InspectedMachine inspectMachine(const Topology& topology, const std::vector<int>& owners, const std::vector<Job>& jobs,
                                std::int64_t time)
{
    InspectedMachine result;
    result.time = time;
    result.nodes = topology.usableNodeCount();
    // An empty slot (Topology::emptySlots()) is no free node: held for good, as the
    // simulator holds it.
    std::vector<int> held = owners;
    for (int slot : topology.emptySlots())
        if (static_cast<size_t>(slot) < held.size())
            held[static_cast<size_t>(slot)] = MachineState::emptySlotOwner;
    int run = 0;
    for (int owner : held) {
        if (owner < 0) {
            ++result.freeNodes;
            result.longestFreeRun = std::max(result.longestFreeRun, ++run);
        } else {
            run = 0;
        }
    }
    result.fragments = freeFragmentSizes(topology, held);
    result.waitingJobs = jobsWaitingAt(jobs, time);
    return result;
}

PlaceableSearch largestPlaceableNow(const Allocator& prototype, const Topology& topology,
                                    const std::vector<RunningJob>& running, bool& linksIgnored,
                                    const std::function<bool()>& stop)
{
    linksIgnored = false;
    const std::unique_ptr<Allocator> allocator = prototype.clone();
    MachineState state(topology);
    for (const RunningJob& job : running) {
        if (job.nodes.empty())
            continue;
        std::vector<int> held = job.nodes;
        held.insert(held.end(), job.idleNodes.begin(), job.idleNodes.end());
        // A node a logged job shares with one taken before (core/NodeSharing.h) is taken once.
        std::erase_if(held, [&](int node) { return state.owner(node) >= 0; });
        if (held.empty())
            continue;
        std::sort(held.begin(), held.end());
        state.take(held, job.job);
        const AllocationRequest request{job.job, static_cast<int>(job.nodes.size()), 0};
        try {
            allocator->resume(request, held, job.links);
        } catch (const std::logic_error&) {
            // LC+S shares links by bandwidth classes the stored run does not keep.
            linksIgnored = true;
        }
    }
    return largestPlaceableJob(*allocator, state, stop);
}

AllocatorChoice allocatorChoiceOfRun(const std::string& parametersJson)
{
    const RunParameters parameters = readRunParameters(parametersJson);
    AllocatorChoice choice;
    if (!parameters.policy.empty())
        choice.policy = parameters.policy;
    choice.order = parameters.order.value_or(std::string());
    if (choice.order.empty())
        choice.order = "index";
    choice.seed = static_cast<std::uint64_t>(parameters.seed.value_or(1));
    choice.sizeDemarcation = static_cast<int>(parameters.sizeDemarcation.value_or(choice.sizeDemarcation));
    choice.wallTimeDemarcation = parameters.wallTimeDemarcation.value_or(choice.wallTimeDemarcation);
    choice.quadrantSide = static_cast<int>(parameters.quadrantSide.value_or(choice.quadrantSide));
    choice.searchTimeout = parameters.lcsTimeoutSeconds.value_or(choice.searchTimeout);
    choice.searchSteps = parameters.lcsStepBudget.value_or(choice.searchSteps);
    return choice;
}

} // namespace placement
