// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/LinkSharing.h"

#include "core/DragonflyTopology.h"
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

/// Both directions of the links of every minimal local route between two routers of a group:
/// the direct link, or on two-dimensional groups both corners (row first, column first).
void addLocalRoutes(const DragonflyTopology& df, int a, int b, std::vector<Channel>& channels)
{
    if (a == b)
        return;
    if (df.localHops(a, b) == 1) {
        addBothWays(channels, df.localLink(a, b));
        return;
    }
    const int base = df.groupOfRouter(a) * df.routersPerGroup();
    const int columns = df.shape().columns;
    for (int corner : {base + df.rowOf(a) * columns + df.columnOf(b), base + df.rowOf(b) * columns + df.columnOf(a)}) {
        addBothWays(channels, df.localLink(a, corner));
        addBothWays(channels, df.localLink(corner, b));
    }
}

/// A dragonfly job can use the local routes between its routers inside each group and, for
/// every two of its groups, each global link between them with the local routes from its
/// routers to that link's ends (adaptive routing may take any of them; docs/metrics.md).
std::vector<Channel> dragonflyView(const DragonflyTopology& df, const std::vector<int>& nodes)
{
    std::vector<Channel> channels;
    std::map<int, std::vector<int>> routersOfGroup;
    for (int node : nodes) {
        addBothWays(channels, node);
        routersOfGroup[df.groupOf(node)].push_back(df.routerOf(node));
    }
    for (auto& [group, routers] : routersOfGroup) {
        std::sort(routers.begin(), routers.end());
        routers.erase(std::unique(routers.begin(), routers.end()), routers.end());
        for (size_t i = 0; i < routers.size(); ++i)
            for (size_t j = i + 1; j < routers.size(); ++j)
                addLocalRoutes(df, routers[i], routers[j], channels);
    }
    for (auto first = routersOfGroup.begin(); first != routersOfGroup.end(); ++first)
        for (auto second = std::next(first); second != routersOfGroup.end(); ++second)
            for (int copy = 0; copy < df.shape().globalPerPair; ++copy) {
                addBothWays(channels, df.globalLink(first->first, second->first, copy));
                const int here = df.gateway(first->first, second->first, copy);
                const int there = df.gateway(second->first, first->first, copy);
                for (int router : first->second)
                    addLocalRoutes(df, router, here, channels);
                for (int router : second->second)
                    addLocalRoutes(df, there, router, channels);
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
    if (const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology))
        return dragonflyView(*dragonfly, nodes);
    if (topology.hierarchy())
        return staticRouteChannels(topology, nodes); // one path between any two switches: the same links
    throw std::invalid_argument("the topology-aware link view is defined for trees and dragonflies only");
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
