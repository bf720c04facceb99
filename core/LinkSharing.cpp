// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkSharing.h"

#include "core/FatTreeTopology.h"
#include "core/KaryNTreeTopology.h"
#include "core/SwitchHierarchy.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_map>

namespace placement {
namespace {

void sortUnique(std::vector<Channel>& channels)
{
    std::sort(channels.begin(), channels.end());
    channels.erase(std::unique(channels.begin(), channels.end()), channels.end());
}

std::vector<Channel> staticRouteChannels(const Topology& topology, const std::vector<int>& nodes)
{
    std::vector<Channel> channels;
    if (nodes.size() < 2)
        return channels;
    const std::vector<Link>& links = topology.links();
    // Routes leave a node by its own link; after that they depend only on the switch the
    // source hangs off and on the destination. One source per switch is enough.
    std::unordered_map<int, int> sourceOfSwitch;
    for (int node : nodes) {
        sourceOfSwitch.emplace(links[static_cast<size_t>(node)].b, node);
        channels.push_back(2 * node);
        channels.push_back(2 * node + 1);
    }
    for (const auto& [vertex, source] : sourceOfSwitch)
        for (int target : nodes)
            if (target != source && !topology.appendRoute(source, target, channels))
                throw std::invalid_argument("no route between nodes " + std::to_string(source) + " and "
                                            + std::to_string(target));
    sortUnique(channels);
    return channels;
}

void addBothWays(std::vector<Channel>& channels, int link)
{
    channels.push_back(2 * link);
    channels.push_back(2 * link + 1);
}

std::vector<Channel> fatTreeView(const FatTreeTopology& tree, const std::vector<int>& nodes)
{
    std::vector<Channel> channels;
    std::set<int> leaves;
    std::set<int> pods;
    for (int node : nodes) {
        addBothWays(channels, node);
        leaves.insert(tree.leafOf(node));
        pods.insert(tree.podOf(node));
    }
    if (leaves.size() > 1)
        for (int leaf : leaves)
            for (int l2 = 0; l2 < tree.l2PerPod(); ++l2)
                addBothWays(channels, tree.leafUplink(leaf, l2));
    if (pods.size() > 1)
        for (int pod : pods)
            for (int l2 = 0; l2 < tree.l2PerPod(); ++l2)
                for (int port = 0; port < tree.shape().uplinksPerL2; ++port)
                    addBothWays(channels, tree.l2Uplink(pod, l2, port));
    sortUnique(channels);
    return channels;
}

std::vector<Channel> karyView(const KaryNTreeTopology& tree, const std::vector<int>& nodes)
{
    // Every up-link of every switch in the subtrees the job touches below its common level.
    std::vector<Channel> channels;
    int top = 1;
    for (int node : nodes) {
        addBothWays(channels, node);
        top = std::max(top, tree.commonLevel(nodes.front(), node));
    }
    int span = 1; // k^(level-1)
    for (int level = 1; level < top; ++level, span *= tree.arity()) {
        std::set<int> subtrees;
        for (int node : nodes)
            subtrees.insert(node / (span * tree.arity()));
        for (int subtree : subtrees)
            for (int replica = 0; replica < span; ++replica)
                for (int u = 0; u < tree.arity(); ++u)
                    addBothWays(channels, tree.uplink(level, subtree * span + replica, u));
    }
    sortUnique(channels);
    return channels;
}

} // namespace

std::vector<Channel> usableChannels(const Topology& topology, const std::vector<int>& nodes, LinkModel model)
{
    if (model == LinkModel::StaticRouting)
        return staticRouteChannels(topology, nodes);
    if (const auto* fatTree = dynamic_cast<const FatTreeTopology*>(&topology))
        return fatTreeView(*fatTree, nodes);
    if (const auto* kary = dynamic_cast<const KaryNTreeTopology*>(&topology))
        return karyView(*kary, nodes);
    if (topology.hierarchy())
        return staticRouteChannels(topology, nodes); // one path between any two switches: the same links
    throw std::invalid_argument("the topology-aware link view is defined for trees only");
}

InterferenceReport analyzeInterference(const Topology& topology, const std::vector<std::vector<int>>& jobs,
                                       LinkModel model)
{
    InterferenceReport report;
    report.jobs.resize(jobs.size());
    std::unordered_map<Channel, std::vector<int>> users;
    for (size_t job = 0; job < jobs.size(); ++job) {
        const std::vector<Channel> channels = usableChannels(topology, jobs[job], model);
        report.jobs[job].channels = static_cast<int>(channels.size());
        for (Channel channel : channels)
            users[channel].push_back(static_cast<int>(job));
    }
    for (auto& [channel, list] : users) {
        if (list.size() < 2)
            continue;
        for (int job : list) {
            ++report.jobs[static_cast<size_t>(job)].sharedChannels;
            for (int other : list)
                if (other != job)
                    ++report.jobs[static_cast<size_t>(job)].sharedWith[other];
        }
        report.sharedChannels.emplace(channel, std::move(list));
    }
    return report;
}

} // namespace placement
