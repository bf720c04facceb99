// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace placement {

struct SwitchHierarchy;

enum class TopologyKind { Torus, FatTree, KaryNTree, SwitchTree, Dragonfly };

/// One cable. Vertices 0 .. nodeCount()-1 are the nodes; switches (routers) follow.
struct Link
{
    int a = 0;
    int b = 0;
    double bandwidth = 1.0; ///< GB/s where known (Titan), else relative

    /// False for the placeholders some trees keep so that link ids stay dense (the missing
    /// up-links of a top switch, the root of an imported switch tree): {-1, -1}, no cable.
    bool exists() const { return a >= 0 && b >= 0; }
};

/// One direction of a link: 2 * link + 0 for a→b, 2 * link + 1 for b→a. Links are
/// full duplex, so interference is counted per direction.
using Channel = int;

/// A machine's interconnect: which nodes exist, how far apart they are, which cables join
/// them and how traffic is statically routed over those cables.
///
/// Node ids are dense, 0 .. nodeCount()-1, in the machine's natural index order
/// (the order a topology-oblivious allocator walks).
class Topology
{
public:
    virtual ~Topology() = default;

    virtual TopologyKind kind() const = 0;
    virtual int nodeCount() const = 0;
    virtual std::string nodeName(int node) const = 0;
    /// Where a node sits, for people: "router (3,0,7)", "pod 2, leaf 5".
    virtual std::string nodeLocation(int node) const = 0;
    /// One-line human description, e.g. "3D torus 8x8x8, 1 node per router".
    virtual std::string describe() const = 0;

    /// Network hops between two nodes counting only switch-to-switch (router-to-router)
    /// links, as Pollard et al. SC'18 §IV-C do. Zero for a node and itself.
    virtual int hops(int a, int b) const = 0;
    /// Hops counting every link, the node links included (Pascual et al.): two more than
    /// hops() for two distinct nodes.
    int hopsAllLinks(int a, int b) const { return a == b ? 0 : hops(a, b) + 2; }

    /// Switches (or routers); vertex ids nodeCount() .. nodeCount() + switchCount() - 1.
    virtual int switchCount() const = 0;
    /// Every cable of the machine, node links first (link n joins node n to its switch).
    /// Trees may hold placeholders (Link::exists() false) to keep ids dense: skip them.
    virtual const std::vector<Link>& links() const = 0;
    /// Appends the channels of the static route from node `from` to node `to` (D-mod-k on
    /// fat-trees, dimension order on tori). Returns false when no route exists.
    virtual bool appendRoute(int from, int to, std::vector<Channel>& route) const = 0;

    /// The tree view of a tree-shaped network, or nullptr (tori).
    virtual const SwitchHierarchy* hierarchy() const { return nullptr; }

    /// Node ids (sorted) that are slots of the network without a node: a Cray cabinet's
    /// service or empty slots, a torus router with fewer nodes than the others (importers
    /// name them "(no node ...)", "(empty ...)"; spec key `empty=`). They keep ids dense and
    /// the layout true, but no job runs there and they are not nodes of the machine.
    const std::vector<int>& emptySlots() const { return m_emptySlots; }
    bool isEmptySlot(int node) const { return std::binary_search(m_emptySlots.begin(), m_emptySlots.end(), node); }
    /// The machine's nodes: nodeCount() less its empty slots. What utilization and "of N
    /// nodes" count.
    int usableNodeCount() const { return nodeCount() - static_cast<int>(m_emptySlots.size()); }
    /// Sorts and keeps `slots`; throws std::invalid_argument for an id out of range, one
    /// given twice, or every node of the machine.
    void setEmptySlots(std::vector<int> slots);

protected:
    /// "504 nodes" or, with empty slots, "504 nodes (8 empty slots)": the end of describe().
    std::string describeNodeCount(const std::string& count) const;

private:
    std::vector<int> m_emptySlots;
};

} // namespace placement
