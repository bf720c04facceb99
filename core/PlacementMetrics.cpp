// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/PlacementMetrics.h"

#include "core/DragonflyTopology.h"
#include "core/MinimumAph.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace placement {
/// Sum over unordered coordinate pairs of h[x] h[y] times their distance along one ring
/// (or line), in one pass over the occupied span with running sums: for each y, the x < y
/// within half a ring are reached directly (y - x hops), the others, x < y - extent/2 on a
/// ring, the other way round (extent - y + x hops).
std::int64_t PlacementAnalyzer::ringPairSum(const std::int64_t* h, int extent, bool wraps)
{
    int first = 0;
    int last = extent - 1;
    while (first < last && h[first] == 0)
        ++first;
    while (last > first && h[last] == 0)
        --last;
    const int half = wraps ? extent / 2 : extent;
    std::int64_t count = 0; // sum of h[x] over x < y
    std::int64_t moment = 0; // sum of x h[x] over x < y
    std::int64_t total = 0;
    int y = first;
    for (; y <= std::min(last, half); ++y) {
        total += h[y] * (y * count - moment);
        count += h[y];
        moment += y * h[y];
    }
    std::int64_t farCount = 0; // the same over x < y - half (none below `first`)
    std::int64_t farMoment = 0;
    for (; y <= last; ++y) {
        const int x = y - half - 1;
        farCount += h[x];
        farMoment += x * h[x];
        total += h[y] * (y * count - moment + (extent - 2 * y) * farCount + 2 * farMoment);
        count += h[y];
        moment += y * h[y];
    }
    return total;
}

PlacementAnalyzer::PlacementAnalyzer(const Topology& topology)
    : m_topology(topology)
    , m_tree(topology.hierarchy())
    , m_torus(dynamic_cast<const TorusTopology*>(&topology))
    , m_nodeCount(topology.nodeCount())
    , m_dragonfly(dynamic_cast<const DragonflyTopology*>(&topology))
{
    m_nodes.assign(static_cast<size_t>(m_nodeCount), NodeSlot());
    if (m_tree) {
        m_groups.assign(m_tree->parent.size(), GroupSlot());
        m_leafStamp.assign(m_tree->parent.size(), 0);
        m_podStamp.assign(m_tree->parent.size(), 0);
        for (int node = 0; node < m_nodeCount; ++node)
            m_nodes[static_cast<size_t>(node)].home = m_tree->groupOfNode[static_cast<size_t>(node)];
    } else if (m_torus) {
        const int routers = m_torus->routerCount();
        m_dims = m_torus->dimensions();
        int offset = 0;
        for (int dim = 0; dim < m_dims; ++dim) {
            m_histogramOffset.push_back(offset);
            offset += m_torus->extents()[static_cast<size_t>(dim)];
        }
        m_histogram.assign(static_cast<size_t>(offset), 0);
        m_routerStamp.assign(static_cast<size_t>(routers), 0);
        m_routerCount.assign(static_cast<size_t>(routers), 0);
        for (int node = 0; node < m_nodeCount; ++node)
            m_nodes[static_cast<size_t>(node)].home = m_torus->routerOf(node);
        if (static_cast<long long>(m_torus->extents()[0]) * m_torus->nodesPerRouter() <= 64)
            setUpRows();
        else
            setUpRouters();
    } else if (m_dragonfly) {
        const int routers = m_dragonfly->switchCount();
        const int groups = m_dragonfly->groups();
        m_routerStamp.assign(static_cast<size_t>(routers), 0);
        m_routerCount.assign(static_cast<size_t>(routers), 0);
        m_groupStamp.assign(static_cast<size_t>(groups), 0);
        m_groupCount.assign(static_cast<size_t>(groups), 0);
        m_groupRouters.assign(static_cast<size_t>(groups), {});
        m_routerGroup.resize(static_cast<size_t>(routers));
        for (int router = 0; router < routers; ++router)
            m_routerGroup[static_cast<size_t>(router)] = m_dragonfly->groupOfRouter(router);
        // One more router and group, never counted: the padding of the topology's port slots.
        m_routerNodes.assign(static_cast<size_t>(routers) + 1, 0);
        m_groupNodes.assign(static_cast<size_t>(groups) + 1, 0);
        m_gatewayNodes.assign((static_cast<size_t>(groups) + 1) * (static_cast<size_t>(groups) + 1), 0);
        m_jobRouters.assign(static_cast<size_t>(routers) + 1, 0); // + 1: written before it is known to be new
        m_jobGroups.assign(static_cast<size_t>(groups) + 1, 0);
        const size_t lines = static_cast<size_t>(groups) * (m_dragonfly->shape().rows + m_dragonfly->shape().columns);
        m_lineStamp.assign(lines, 0);
        m_lineCount.assign(lines, 0);
        for (int node = 0; node < m_nodeCount; ++node)
            m_nodes[static_cast<size_t>(node)].home = m_dragonfly->routerOf(node);
    } else {
        throw std::invalid_argument("placement metrics: unsupported topology");
    }
}

void PlacementAnalyzer::startJob()
{
    if (++m_epoch == 0) { // wrapped: forget every old stamp
        for (GroupSlot& slot : m_groups)
            slot.stamp = 0;
        for (auto* stamps : {&m_leafStamp, &m_podStamp, &m_routerStamp, &m_lineStamp})
            std::fill(stamps->begin(), stamps->end(), 0);
        for (NodeSlot& slot : m_nodes)
            slot.stamp = 0;
        for (RouterSlot& slot : m_routerSlots)
            slot.stamp = 0;
        for (SetSlot& slot : m_sets)
            slot.stamp = 0;
        std::fill(m_groupStamp.begin(), m_groupStamp.end(), 0);
        m_epoch = 1;
    }
}

void PlacementAnalyzer::rejectNodeOfRows(int node, int touchedRows)
{
    m_touchedRowCount = touchedRows; // for the next job to clear
    rejectNode(node);
}

void PlacementAnalyzer::rejectNode(int node) const
{
    if (static_cast<unsigned>(node) >= static_cast<unsigned>(m_nodeCount))
        throw std::invalid_argument("node " + std::to_string(node) + " is not on the machine ("
                                    + std::to_string(m_nodeCount) + " nodes)");
    throw std::invalid_argument("node " + std::to_string(node) + " is listed twice");
}

int PlacementAnalyzer::findComponent(int router)
{
    RouterSlot* slots = m_routerSlots.data();
    while (slots[router].parent != router) {
        slots[router].parent = slots[slots[router].parent].parent; // path halving
        router = slots[router].parent;
    }
    return router;
}

PlacementMetrics PlacementAnalyzer::measure(const std::vector<int>& nodes)
{
    startJob();
    PlacementMetrics metrics;
    metrics.nodes = static_cast<int>(nodes.size());
    if (nodes.empty())
        return metrics;
    if (m_tree)
        measureTree(nodes, metrics);
    else if (m_dragonfly)
        measureDragonfly(nodes, metrics);
    else
        measureTorus(nodes, metrics);
    if (metrics.nodes > 1)
        metrics.aphAllLinks = metrics.aph + 2;
    return metrics;
}

void PlacementAnalyzer::measureTree(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    const SwitchHierarchy& tree = *m_tree;
    const int* parent = tree.parent.data();
    m_touched.clear();
    GroupSlot* groups = m_groups.data();
    const bool uniform = tree.uniformDepth;
    int leaves = 0;
    int pods = 0;
    int low = nodes.front();
    int high = low;
    for (int node : nodes) {
        checkNode(node);
        low = std::min(low, node);
        high = std::max(high, node);
        int group = m_nodes[static_cast<size_t>(node)].home;
        if (uniform) {
            // Every leaf group sits at the same depth, so a group first reached at step 0 is a
            // new leaf and at step 1 a new pod.
            for (int step = 0; parent[group] != -1; group = parent[group], ++step) {
                GroupSlot& slot = groups[group];
                if (slot.stamp != m_epoch) {
                    slot = {m_epoch, 0};
                    m_touched.push_back(group);
                    leaves += step == 0 ? 1 : 0;
                    pods += step == 1 ? 1 : 0;
                }
                ++slot.count;
            }
            continue;
        }
        // A group may be a leaf for one node and an ancestor for another (irregular trees).
        if (m_leafStamp[static_cast<size_t>(group)] != m_epoch) {
            m_leafStamp[static_cast<size_t>(group)] = m_epoch;
            ++leaves;
            const int pod = parent[group];
            if (pod >= 0 && m_podStamp[static_cast<size_t>(pod)] != m_epoch) {
                m_podStamp[static_cast<size_t>(pod)] = m_epoch;
                ++pods;
            }
        }
        // Count the node in every group above it but the root (which holds them all).
        for (; parent[group] != -1; group = parent[group]) {
            GroupSlot& slot = groups[group];
            if (slot.stamp != m_epoch) {
                slot = {m_epoch, 0};
                m_touched.push_back(group);
            }
            ++slot.count;
        }
    }
    if (uniform && leaves == 0)
        leaves = 1; // the leaf switch is the root: a one-switch machine
    // Every edge from a group to its parent carries 2 m (n - m) ordered pairs (docs/reference.md §2).
    const auto n = static_cast<std::int64_t>(nodes.size());
    std::int64_t pairHops = 0;
    int lowest = tree.root;
    for (int group : m_touched) {
        const std::int64_t m = groups[group].count;
        pairHops += 2 * m * (n - m);
        if (m == n && tree.depth[static_cast<size_t>(group)] > tree.depth[static_cast<size_t>(lowest)])
            lowest = group;
    }
    metrics.aph = n > 1 ? static_cast<double>(pairHops) / static_cast<double>(n * (n - 1)) : 0.0;
    metrics.leaves = leaves;
    metrics.pods = std::max(pods, 1); // a one-level tree is a single pod
    metrics.partitions = leaves;
    metrics.lowestCommonLevel = tree.level[static_cast<size_t>(lowest)];
    metrics.spread = high - low;
}

PlacementMetrics PlacementAnalyzer::measure(const NodeList& nodes)
{
    m_listed.assign(nodes.begin(), nodes.end());
    return measure(m_listed);
}

std::vector<std::int64_t> PlacementAnalyzer::hopHistogram(const NodeList& nodes)
{
    m_listed.assign(nodes.begin(), nodes.end());
    return hopHistogram(m_listed);
}

std::vector<std::int64_t> PlacementAnalyzer::hopHistogram(const std::vector<int>& nodes)
{
    startJob();
    for (int node : nodes)
        checkNode(node);
    std::vector<std::int64_t> histogram;
    auto add = [&histogram](size_t hops, std::int64_t pairs) {
        if (pairs == 0)
            return;
        if (histogram.size() <= hops)
            histogram.resize(hops + 1, 0);
        histogram[hops] += pairs;
    };
    if (m_torus || m_dragonfly) {
        // Pairs between routers: O(routers²), fine for the job sizes people inspect.
        m_touched.clear();
        for (int node : nodes) {
            const int router = m_nodes[static_cast<size_t>(node)].home;
            if (m_routerStamp[static_cast<size_t>(router)] != m_epoch) {
                m_routerStamp[static_cast<size_t>(router)] = m_epoch;
                m_routerCount[static_cast<size_t>(router)] = 0;
                m_touched.push_back(router);
            }
            ++m_routerCount[static_cast<size_t>(router)];
        }
        auto routerHops = [this](int a, int b) {
            return m_torus ? m_torus->hops(a * m_torus->nodesPerRouter(), b * m_torus->nodesPerRouter())
                           : m_dragonfly->routerHops(a, b);
        };
        for (size_t i = 0; i < m_touched.size(); ++i) {
            const std::int64_t ci = m_routerCount[static_cast<size_t>(m_touched[i])];
            add(0, ci * (ci - 1));
            for (size_t j = i + 1; j < m_touched.size(); ++j) {
                const std::int64_t cj = m_routerCount[static_cast<size_t>(m_touched[j])];
                add(static_cast<size_t>(routerHops(m_touched[i], m_touched[j])), 2 * ci * cj);
            }
        }
        return histogram;
    }
    // Trees: pairs meet at their lowest common group g; with v_c the counts by depth of the
    // nodes under each child c of g (a node directly on g is a child of its own), the pairs
    // meeting at g are (sum v_c)⊗(sum v_c) - sum v_c⊗v_c, at hops d_a + d_b - 2 depth(g).
    const SwitchHierarchy& tree = *m_tree;
    const size_t depths = static_cast<size_t>(*std::max_element(tree.depth.begin(), tree.depth.end())) + 1;
    m_touched.clear();
    std::map<int, std::vector<std::int64_t>> below; // group -> nodes under it by leaf depth
    std::map<int, std::vector<std::int64_t>> square; // group -> sum over its children of v_c⊗v_c, flattened
    auto vectorOf = [&](std::map<int, std::vector<std::int64_t>> & map, int group, size_t size) -> auto&
    {
        auto& entry = map[group];
        if (entry.empty())
            entry.assign(size, 0);
        return entry;
    };
    for (int node : nodes) {
        const int leaf = tree.groupOfNode[static_cast<size_t>(node)];
        const auto depth = static_cast<size_t>(tree.depth[static_cast<size_t>(leaf)]);
        vectorOf(below, leaf, depths)[depth] += 1;
        vectorOf(square, leaf, depths * depths)[depth * depths + depth] += 1; // the node as its own child
    }
    // Push counts up, deepest groups first.
    std::vector<int> groups;
    for (const auto& entry : below)
        groups.push_back(entry.first);
    for (size_t i = 0; i < groups.size(); ++i) {
        const int parent = tree.parent[static_cast<size_t>(groups[i])];
        if (parent >= 0 && below.find(parent) == below.end()) {
            below[parent].assign(depths, 0);
            groups.push_back(parent);
        }
    }
    std::sort(groups.begin(), groups.end(),
              [&](int a, int b) { return tree.depth[static_cast<size_t>(a)] > tree.depth[static_cast<size_t>(b)]; });
    for (int group : groups) {
        const auto& v = below[group];
        const auto& sq = vectorOf(square, group, depths * depths);
        const auto base = static_cast<size_t>(tree.depth[static_cast<size_t>(group)]) * 2;
        for (size_t da = 0; da < depths; ++da)
            for (size_t db = 0; db < depths; ++db)
                add(da + db - base, v[da] * v[db] - sq[da * depths + db]);
        const int parent = tree.parent[static_cast<size_t>(group)];
        if (parent >= 0) {
            auto& up = below[parent];
            auto& upSquare = vectorOf(square, parent, depths * depths);
            for (size_t da = 0; da < depths; ++da) {
                up[da] += v[da];
                for (size_t db = 0; db < depths; ++db)
                    upSquare[da * depths + db] += v[da] * v[db];
            }
        }
    }
    return histogram;
}

double PlacementAnalyzer::minimumAph(int size)
{
    if (size < 1 || size > m_topology.usableNodeCount())
        throw std::invalid_argument("minimum APH: a job of " + std::to_string(size) + " nodes does not fit");
    if (size == 1)
        return 0.0;
    const auto cached = m_minimumAph.find(size);
    if (cached != m_minimumAph.end())
        return cached->second;
    const double value = m_tree ? minimumTreeAph(size)
        : m_dragonfly           ? minimumDragonflyAph(size)
                                : minimumBoxAph(*m_torus, size, &m_growth);
    m_minimumAph.emplace(size, value);
    return value;
}

double PlacementAnalyzer::minimumTreeAph(int size)
{
    if (m_topology.kind() != TopologyKind::SwitchTree) {
        // Regular trees (identical subtrees at every level): packing nodes in index order
        // fills whole leaves, then whole pods, which maximises the pairs that meet low.
        std::vector<int> packed(static_cast<size_t>(size));
        for (int i = 0; i < size; ++i)
            packed[static_cast<size_t>(i)] = i;
        return measure(packed).aph;
    }
    return minimumSwitchTreeAph(*m_tree, size);
}

} // namespace placement
