// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

// Independent checks of simulated runs under the isolating policies (TA, LaaS, Jigsaw):
// no link usable by two jobs at any time, and the shape rules of each policy. Header only:
// tst_simulator and tst_isolation share it.

#include "core/FatTreeTopology.h"
#include "core/JigsawCheck.h"
#include "core/LinkSharing.h"
#include "core/Simulator.h"

#include <QString>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace placement::test {

/// How a job's links are known.
enum class LinkOwnership {
    Explicit, ///< the links the run recorded for it (Jigsaw, LaaS)
    TopologyAwareView, ///< Pollard's TA reasoning: every up-link of the switches it touches (LinkSharing.h)
};

/// Node isolation with held nodes: a job runs on as many nodes as it asked for, all among
/// the nodes it holds, and no node is held by two jobs at once.
inline QString checkNodeIsolation(const Topology& topology, const std::vector<SimulationJob>& jobs,
                                  const SimulationResult& result)
{
    std::vector<std::tuple<std::int64_t, int, int>> events; // (time, 0 end / 1 start, job)
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.start < 0 || run.neverFits)
            continue;
        if (static_cast<int>(run.nodes.size()) != jobs[i].nodes)
            return QStringLiteral("job %1 runs on %2 nodes for %3").arg(i).arg(run.nodes.size()).arg(jobs[i].nodes);
        std::vector<int> nodes = run.nodes, held = run.held();
        std::sort(nodes.begin(), nodes.end());
        std::sort(held.begin(), held.end());
        if (!std::includes(held.begin(), held.end(), nodes.begin(), nodes.end()))
            return QStringLiteral("job %1 runs on nodes it does not hold").arg(i);
        events.emplace_back(run.start, 1, static_cast<int>(i));
        events.emplace_back(run.end, 0, static_cast<int>(i));
    }
    std::sort(events.begin(), events.end());
    std::vector<int> holder(static_cast<size_t>(topology.nodeCount()), -1);
    for (const auto& [time, starts, job] : events)
        for (int node : result.jobs[static_cast<size_t>(job)].held()) {
            int& slot = holder[static_cast<size_t>(node)];
            if (starts && slot >= 0)
                return QStringLiteral("node %1 held by jobs %2 and %3 at %4").arg(node).arg(slot).arg(job).arg(time);
            slot = starts ? job : -1;
        }
    return {};
}

/// Whether any link (any channel) is usable by two jobs at the same moment. Under Explicit
/// the recorded links must also be up-links of the job's own leaves (leaf up-links) and pods
/// (L2 up-links), held nodes (idle ones included) counting as the job's.
inline QString checkIsolation(const FatTreeTopology& tree, const std::vector<SimulationJob>& jobs,
                              const SimulationResult& result, LinkOwnership model)
{
    const int leafLinks = tree.nodeCount();
    const int l2Links = leafLinks + tree.leafCount() * tree.l2PerPod();
    const int allLinks = static_cast<int>(tree.links().size());
    std::vector<std::vector<int>> used(jobs.size()); // per job: link ids (Explicit) or channels (TA view)
    std::vector<std::tuple<std::int64_t, int, int>> events; // (time, 0 end / 1 start, job)
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.start < 0 || run.neverFits)
            continue;
        if (model == LinkOwnership::TopologyAwareView) {
            if (!run.links.empty())
                return QStringLiteral("job %1 records links but its policy allocates none").arg(i);
            used[i] = usableChannels(tree, run.held(), LinkModel::TopologyAwareView);
        } else {
            std::set<int> leaves, pods;
            for (int node : run.held()) {
                leaves.insert(tree.leafOf(node));
                pods.insert(tree.podOf(node));
            }
            for (int link : run.links) {
                if (link < leafLinks || link >= allLinks)
                    return QStringLiteral("job %1 owns link %2, not an up-link").arg(i).arg(link);
                const bool own = link < l2Links
                    ? leaves.count((link - leafLinks) / tree.l2PerPod()) > 0
                    : pods.count((link - l2Links) / tree.shape().uplinksPerL2 / tree.l2PerPod()) > 0;
                if (!own)
                    return QStringLiteral("job %1 owns link %2 outside its leaves and pods").arg(i).arg(link);
            }
            used[i] = run.links;
            if (std::adjacent_find(used[i].begin(), used[i].end()) != used[i].end())
                return QStringLiteral("job %1 lists a link twice").arg(i);
        }
        events.emplace_back(run.start, 1, static_cast<int>(i));
        events.emplace_back(run.end, 0, static_cast<int>(i));
    }
    std::sort(events.begin(), events.end()); // ends before starts at the same time
    std::map<int, int> holder;
    for (const auto& [time, starts, job] : events) {
        for (int link : used[static_cast<size_t>(job)]) {
            if (!starts) {
                holder.erase(link);
                continue;
            }
            const auto [it, inserted] = holder.emplace(link, job);
            if (!inserted)
                return QStringLiteral("%1 %2 usable by jobs %3 and %4 at %5")
                    .arg(model == LinkOwnership::Explicit ? QStringLiteral("link") : QStringLiteral("channel"))
                    .arg(link)
                    .arg(it->second)
                    .arg(job)
                    .arg(time);
        }
    }
    return {};
}

/// Every allocation meets Jigsaw's conditions (1)-(6), balance and N = N requested, with its
/// recorded links, and Jigsaw's whole-leaf restriction across trees (core/JigsawCheck).
inline QString checkJigsawRun(const FatTreeTopology& tree, const std::vector<SimulationJob>& jobs,
                              const SimulationResult& result)
{
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.start < 0 || run.neverFits)
            continue;
        if (!run.allocated.empty())
            return QStringLiteral("jigsaw job %1 holds idle nodes").arg(i);
        const JigsawLinks links = jigsawLinksOf(tree, run.links);
        const JigsawVerdict verdict = checkJigsaw(tree, run.nodes, &links, jobs[i].nodes);
        if (!verdict.legal)
            return QStringLiteral("jigsaw job %1 (%2 nodes): condition (%3) fails: %4")
                .arg(i)
                .arg(jobs[i].nodes)
                .arg(verdict.failedCondition)
                .arg(QString::fromStdString(verdict.reason));
        if (!verdict.wholeLeavesAcrossTrees)
            return QStringLiteral("jigsaw job %1 spans trees with partial leaves").arg(i);
    }
    return {};
}

/// LaaS's shapes (isol.cc): in one pod R leaves of A nodes sharing their up-links and one
/// leaf of B < A nodes on a subset of them; across pods whole leaves, U = ceil(N / k) of
/// them, the same L2 up-ports on every L2 switch of a pod and a pod's ports a subset of the
/// others'. The job runs on N of its nodes.
inline QString checkLaasRun(const FatTreeTopology& tree, const std::vector<SimulationJob>& jobs,
                            const SimulationResult& result)
{
    const int k = tree.shape().nodesPerLeaf;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        if (run.start < 0 || run.neverFits)
            continue;
        const int n = jobs[i].nodes;
        const std::vector<int>& held = run.held();
        if (!std::includes(held.begin(), held.end(), run.nodes.begin(), run.nodes.end()))
            return QStringLiteral("laas job %1 runs on nodes it does not hold").arg(i);
        std::map<int, int> perLeaf;
        std::set<int> pods;
        for (int node : held) {
            ++perLeaf[tree.leafOf(node)];
            pods.insert(tree.podOf(node));
        }
        const JigsawLinks links = jigsawLinksOf(tree, run.links);
        std::map<int, std::set<int>> leafSets;
        for (const auto& link : links.leafUplinks)
            leafSets[link.leaf].insert(link.l2Index);
        std::map<int, std::set<int>> podPorts; // pod -> ports, equal on all its L2 switches
        std::map<std::pair<int, int>, std::set<int>> l2Sets;
        for (const auto& link : links.l2Uplinks)
            l2Sets[{link.pod, link.l2Index}].insert(link.port);
        const bool acrossPods = pods.size() > 1 || static_cast<int>(held.size()) > n;
        const bool wholeLeaves = std::all_of(perLeaf.begin(), perLeaf.end(), [&](const auto& entry) {
            return entry.second == k && static_cast<int>(leafSets[entry.first].size()) == tree.l2PerPod();
        });
        if (!acrossPods && wholeLeaves && perLeaf.size() > 1 && links.l2Uplinks.empty())
            continue; // whole leaves of one pod (the across-pods search with Q = 1, S = 0)
        if (!acrossPods) {
            if (static_cast<int>(held.size()) != n || !links.l2Uplinks.empty())
                return QStringLiteral("laas job %1 in one pod holds idle nodes or L2 up-links").arg(i);
            int a = 0;
            for (const auto& [leaf, count] : perLeaf)
                a = std::max(a, count);
            const int r = n / a, b = n % a;
            std::set<int> shared;
            int full = 0, rest = 0;
            for (const auto& [leaf, count] : perLeaf) {
                if (count == a && full < r) {
                    if (full++ == 0)
                        shared = leafSets[leaf];
                    else if (leafSets[leaf] != shared)
                        return QStringLiteral("laas job %1: its leaves of %2 nodes use different up-links")
                            .arg(i)
                            .arg(a);
                } else {
                    ++rest;
                }
            }
            const int wanted = r == 1 ? b : a;
            if (full != r || rest != (b > 0 ? 1 : 0) || static_cast<int>(shared.size()) != wanted)
                return QStringLiteral("laas job %1 is not R = %2 leaves of %3 plus one of %4 with %5 up-links")
                    .arg(i)
                    .arg(r)
                    .arg(a)
                    .arg(b)
                    .arg(wanted);
            for (const auto& [leaf, count] : perLeaf)
                if (count < a
                    && (static_cast<int>(leafSets[leaf].size()) != b
                        || !std::includes(shared.begin(), shared.end(), leafSets[leaf].begin(), leafSets[leaf].end())))
                    return QStringLiteral("laas job %1: its remainder leaf's up-links are not %2 of the others'")
                        .arg(i)
                        .arg(b);
            if (perLeaf.size() == 1 && !links.leafUplinks.empty())
                return QStringLiteral("laas job %1 on one leaf owns up-links").arg(i);
            continue;
        }
        const int u = (n + k - 1) / k;
        if (static_cast<int>(held.size()) != u * k)
            return QStringLiteral("laas job %1 of %2 nodes holds %3, not %4 whole leaves")
                .arg(i)
                .arg(n)
                .arg(held.size())
                .arg(u);
        for (const auto& [leaf, count] : perLeaf)
            if (count != k || static_cast<int>(leafSets[leaf].size()) != tree.l2PerPod())
                return QStringLiteral("laas job %1 has a partial leaf or a leaf without all its up-links").arg(i);
        for (const auto& [key, ports] : l2Sets) {
            auto [it, inserted] = podPorts.emplace(key.first, ports);
            if (!inserted && it->second != ports)
                return QStringLiteral("laas job %1: the L2 switches of pod %2 use different ports")
                    .arg(i)
                    .arg(key.first);
        }
        if (pods.size() > 1) {
            // Q pods with the same ports, at most one other pod with a subset of them.
            std::set<int> biggest;
            for (const auto& [pod, ports] : podPorts)
                if (ports.size() > biggest.size())
                    biggest = ports;
            int others = 0;
            for (int pod : pods) {
                const auto it = podPorts.find(pod);
                const std::set<int> ports = it == podPorts.end() ? std::set<int>() : it->second;
                if (ports == biggest)
                    continue;
                if (++others > 1 || !std::includes(biggest.begin(), biggest.end(), ports.begin(), ports.end()))
                    return QStringLiteral("laas job %1: its pods do not share their spine ports").arg(i);
            }
            std::map<int, int> switchesWithPorts;
            for (const auto& [key, ports] : l2Sets)
                ++switchesWithPorts[key.first];
            for (const auto& [pod, switches] : switchesWithPorts)
                if (switches != tree.l2PerPod())
                    return QStringLiteral("laas job %1: not every L2 switch of pod %2 has up-links").arg(i).arg(pod);
        }
    }
    return {};
}

} // namespace placement::test
