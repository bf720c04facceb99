#pragma once

#include <string>

namespace placement {

enum class TopologyKind { Torus, FatTree };

/// A machine's interconnect: which nodes exist and how far apart they are.
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

    /// Network hops between two nodes, counting only switch-to-switch (router-to-router)
    /// links, as Pollard et al. SC'18 §IV-C do. Zero for a node and itself.
    virtual int hops(int a, int b) const = 0;

    /// One-line human description, e.g. "3D torus 8x8x8, 1 node per router".
    virtual std::string describe() const = 0;
};

} // namespace placement
