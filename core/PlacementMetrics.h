#pragma once

#include "core/Topology.h"

#include <cstdint>
#include <map>
#include <vector>

namespace placement {

class TorusTopology;
struct SwitchHierarchy;

/// How compact one job's placement is (REFERENCE §2).
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
    int partitions = 0;
    int leaves = -1; ///< trees: leaf switches touched
    int pods = -1; ///< trees: groups one level above the leaves touched (pods, two-level trees)
    int routers = -1; ///< tori: routers touched
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

    /// Ordered pairs of distinct nodes by hop count (switch-to-switch links): entry h is the
    /// number of pairs h hops apart. Trees: O(n · depth²); tori: O(routers²).
    std::vector<std::int64_t> hopHistogram(const std::vector<int>& nodes);

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
    int findComponent(int router);
    void measureTree(const std::vector<int>& nodes, PlacementMetrics& metrics);
    void measureTorus(const std::vector<int>& nodes, PlacementMetrics& metrics);
    std::int64_t ringPairSum(const std::int64_t* histogram, int extent, bool wraps);
    double minimumTreeAph(int size);

    const Topology& m_topology;
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
    // Tori: flat tables, one cache line per router
    int m_dims = 0;
    std::vector<int> m_strides;
    std::vector<char> m_wraps;
    std::vector<std::uint16_t> m_coordinates; ///< router * dims + dim
    std::vector<int> m_neighbours; ///< router * 2 dims + k, -1 where none
    std::vector<int> m_histogramOffset; ///< per dimension, into m_histogram
    std::vector<std::int64_t> m_histogram; ///< per dimension, per coordinate
    std::vector<std::int64_t> m_prefixCount;
    std::vector<std::int64_t> m_prefixMoment;
    static constexpr int InlineDimensions = 4;
    struct RouterSlot
    {
        std::uint32_t stamp = 0; ///< the job (epoch) that touched it
        int parent = 0; ///< union-find parent among touched routers
        int count = 0; ///< the job's nodes on it
        std::uint32_t slotMask = 0; ///< which of its nodes the job lists (bit = node slot)
        std::uint16_t coordinates[InlineDimensions] = {}; ///< when dims <= InlineDimensions
    };
    std::vector<RouterSlot> m_routerSlots;
    std::vector<std::uint64_t> m_touchedBits;
    std::vector<std::uint32_t> m_routerStamp; ///< hop histograms
    std::vector<int> m_routerCount;
    std::vector<int> m_routers;
    std::vector<int> m_queue;
    std::map<int, double> m_minimumAph;
};

} // namespace placement
