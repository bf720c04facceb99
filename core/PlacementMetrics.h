// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/MinimumAph.h"
#include "core/NodeList.h"
#include "core/Topology.h"

#include <cstdint>
#include <map>
#include <vector>

namespace placement {

class DragonflyTopology;
class TorusTopology;
struct SwitchHierarchy;

/// How compact one job's placement is (docs/reference.md §2).
struct PlacementMetrics
{
    int nodes = 0;
    /// Average Pairwise Hops (Pollard SC'18 eq. 1): hops summed over ordered pairs of
    /// distinct nodes over n(n-1), counting switch-to-switch links only. A 1-node job has no
    /// pairs: its APH is defined as 0 (and `nodes` says why).
    double aph = 0;
    /// The same counting every link, node links included (Pascual): aph + 2 when n > 1.
    double aphAllLinks = 0;
    /// Torus: connected components of the job's nodes, two nodes joined when at most one hop
    /// apart (Titan SC'16 §IV-B). Trees: the leaf switches touched (the natural analogue).
    /// Dragonflies: the routers touched.
    int partitions = 0;
    int leaves = -1; ///< trees: leaf switches touched
    int pods = -1; ///< trees: groups one level above the leaves touched (pods, two-level trees)
    int routers = -1; ///< tori and dragonflies: routers touched
    int groups = -1; ///< dragonflies: groups touched
    /// Trees: level of the lowest switch from which every node is reachable (AUCSCHED3 §4,
    /// leaf level 0). -1 on tori.
    int lowestCommonLevel = -1;
    /// Last node index minus first (AUCSCHED3 §4); 0 for one node.
    int spread = 0;
};

/// Computes placement metrics on one machine in O(n) per job (never pair by pair), reusing
/// scratch space between calls. Not thread-safe: use one per thread.
class PlacementAnalyzer
{
public:
    explicit PlacementAnalyzer(const Topology& topology);

    /// Throws std::invalid_argument for a node outside the machine or listed twice.
    PlacementMetrics measure(const std::vector<int>& nodes);
    PlacementMetrics measure(const NodeList& nodes);

    /// Ordered pairs of distinct nodes by hop count (switch-to-switch links): entry h is the
    /// number of pairs h hops apart. Trees: O(n · depth²); tori: O(routers²).
    std::vector<std::int64_t> hopHistogram(const std::vector<int>& nodes);
    std::vector<std::int64_t> hopHistogram(const NodeList& nodes);

    /// The smallest APH any placement of `size` nodes can have on this (empty) machine.
    /// Exact on trees (regular trees: packing leaves and pods in order; irregular switch
    /// trees: dynamic programming over the tree). Tori: the best of a search over compact
    /// shapes (core/MinimumAph.h), an upper bound that is exact on small tori (tests).
    double minimumAph(int size);

    const Topology& topology() const { return m_topology; }

private:
    void startJob();
    void checkNode(int node)
    {
        if (static_cast<unsigned>(node) >= static_cast<unsigned>(m_nodeCount)
            || m_nodes[static_cast<size_t>(node)].stamp == m_epoch)
            rejectNode(node);
        m_nodes[static_cast<size_t>(node)].stamp = m_epoch;
    }
    [[noreturn]] void rejectNode(int node) const;
    [[noreturn]] void rejectNodeOfRows(int node, int touchedRows);
    int findComponent(int router);
    void measureTree(const std::vector<int>& nodes, PlacementMetrics& metrics);
    void measureTorus(const std::vector<int>& nodes, PlacementMetrics& metrics);
    void setUpRows();
    void setUpRouters();
    template <int Lateral> void measureTorusRows(const std::vector<int>& nodes, PlacementMetrics& metrics);
    void addRun(int first, int last);
    template <int Lateral> int joinRows();
    template <int Lateral> void addNodes(const int* list, int count, PlacementMetrics& metrics);
    int findSet(int item);
    int joinSets(int a, int b);
    void measureTorusRouters(const std::vector<int>& nodes, PlacementMetrics& metrics);
    static std::int64_t ringPairSum(const std::int64_t* histogram, int extent, bool wraps);
    double minimumTreeAph(int size);
    void measureDragonfly(const std::vector<int>& nodes, PlacementMetrics& metrics);
    void measureAllToAllDragonfly(const std::vector<int>& nodes, PlacementMetrics& metrics);
    std::int64_t dragonflyGroupPairHops(int group, int other);
    double minimumDragonflyAph(int size);

    const Topology& m_topology;
    std::vector<int> m_listed; ///< a NodeList's ids, for the measures that read a vector
    const SwitchHierarchy* m_tree = nullptr;
    const TorusTopology* m_torus = nullptr;
    int m_nodeCount = 0;
    std::uint32_t m_epoch = 0;
    struct NodeSlot
    {
        std::uint32_t stamp = 0; ///< the job (epoch) that listed it: repeats are refused
        int home = 0; ///< its router (tori) or leaf group (trees)
    };
    std::vector<NodeSlot> m_nodes;
    // Trees
    struct GroupSlot
    {
        std::uint32_t stamp = 0; ///< the job (epoch) that reached it
        int count = 0; ///< the job's nodes below it
    };
    std::vector<GroupSlot> m_groups;
    std::vector<std::uint32_t> m_leafStamp; ///< groups counted as a leaf touched
    std::vector<std::uint32_t> m_podStamp; ///< groups counted as a pod touched
    std::vector<int> m_touched;
    // Tori
    int m_dims = 0;
    std::vector<int> m_histogramOffset; ///< per dimension, into m_histogram
    std::vector<std::int64_t> m_histogram; ///< per dimension, per coordinate
    // Tori whose rows (lines of routers along dimension 0) have at most 64 nodes: one word
    // per row, bit = node - first node of the row.
    struct RowSlot
    {
        std::uint64_t nodes = 0; ///< the job's nodes in the row
        std::uint64_t routers = 0; ///< the routers the job touches: the last bit of each
        int rank = 0; ///< runs of consecutive nodes: its place among the job's rows
    };
    int m_rowNodes = 0; ///< nodes per row; 0 when a row does not fit a word
    std::uint64_t m_rowMagic = 0; ///< node / m_rowNodes = (node * m_rowMagic) >> 33
    bool m_rowWraps = false;
    std::uint64_t m_routerLow = 0; ///< the first bit of every router in a row
    std::uint64_t m_routerHigh = 0; ///< the last bit of every router in a row
    struct BitSlot
    {
        std::uint64_t top = 0; ///< the last bit of its router
        int bin = 0; ///< histogram bin of its dimension-0 coordinate
        int x = 0; ///< its dimension-0 coordinate
    };
    std::vector<BitSlot> m_bits; ///< per bit of a row
    std::vector<int> m_rowBins; ///< row * (dims - 1) + dim - 1 -> histogram bin
    /// 2 (row * (dims - 1) + dim - 1) + (0: +1, 1: -1) -> the neighbour row, or the empty row
    /// past the last when none
    std::vector<int> m_rowNext;
    std::vector<RowSlot> m_rows;
    std::vector<int> m_touchedRows;
    std::vector<std::uint64_t> m_alongLinks; ///< per row: routers touched next to the +1 one touched
    struct AcrossLinks
    {
        std::uint64_t bits = 0; ///< routers linked, at their last bit
        int from = 0; ///< the row
        int to = 0; ///< the row linked to
    };
    std::vector<AcrossLinks> m_acrossLinks;
    int m_touchedRowCount = 0;
    struct SetSlot
    {
        std::uint32_t stamp = 0; ///< the job (epoch) that reached it
        /// Union-find over the job's rows (runs of consecutive nodes, by rank) or its runs of
        /// routers along rows (other lists, by their first router)
        int parent = 0;
    };
    std::vector<SetSlot> m_sets;
    // Other tori: router by router
    std::vector<int> m_coordinates; ///< router * dims + dim
    std::vector<int> m_plusNeighbour; ///< router * dims + dim -> +1 neighbour, -1 if none
    struct RouterSlot
    {
        std::uint32_t stamp = 0; ///< the job (epoch) that touched it
        int parent = 0; ///< union-find parent among touched routers
        int count = 0; ///< the job's nodes on it
        std::uint32_t slotMask = 0; ///< which of its nodes the job lists (bit = node slot)
    };
    std::vector<RouterSlot> m_routerSlots;
    std::vector<std::uint64_t> m_touchedBits;
    std::vector<int> m_routers;
    std::vector<std::uint32_t> m_routerStamp; ///< hop histograms
    std::vector<int> m_routerCount;
    std::map<int, double> m_minimumAph;
    TorusGrowth m_growth; ///< minimumBoxAph()'s growth, for every size
    // Dragonflies: counts per router, group, row and column of a group (docs/metrics.md §Dragonfly)
    const DragonflyTopology* m_dragonfly = nullptr;
    std::vector<std::uint32_t> m_groupStamp; ///< per group: the job (epoch) that touched it
    std::vector<std::int64_t> m_groupCount; ///< per group: the job's nodes in it
    std::vector<std::vector<int>> m_groupRouters; ///< per group: the job's routers in it
    std::vector<std::int64_t> m_lineCount; ///< per group row, then per group column: the job's nodes
    std::vector<std::uint32_t> m_lineStamp;
    std::vector<int> m_touchedGroups;
    // All-to-all groups: plain counts, each job first clearing what the one before it
    // counted (the lists below), so that no count needs a stamp check.
    std::vector<int> m_routerGroup; ///< per router: its group
    std::vector<int> m_routerNodes; ///< per router: the job's nodes on it
    std::vector<int> m_groupNodes; ///< per group: the job's nodes in it
    std::vector<int> m_gatewayNodes; ///< G * (groups + 1) + H: the job's nodes on G's routers with links to H
    std::vector<int> m_jobRouters; ///< the routers m_routerNodes counts: the first m_jobRouterCount
    std::vector<int>
        m_jobGroups; ///< the groups m_groupNodes counts (and rows of m_gatewayNodes): the first m_jobGroupCount
    int m_jobRouterCount = 0;
    int m_jobGroupCount = 0;
    struct Profile
    {
        std::uint64_t key = 0; ///< local hops to each gateway of the pair, base 3
        std::int64_t weight = 0; ///< the job's nodes with that key
    };
    std::vector<Profile> m_profileA;
    std::vector<Profile> m_profileB;
};

} // namespace placement
