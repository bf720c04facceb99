#include "core/NodeOrders.h"

#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <stdexcept>

namespace placement {
namespace {

const std::string axisNames = "xyzwvu";

std::vector<int> routersToNodes(const TorusTopology& torus, const std::vector<int>& routers)
{
    std::vector<int> nodes;
    nodes.reserve(static_cast<size_t>(torus.nodeCount()));
    for (int router : routers)
        for (int slot = 0; slot < torus.nodesPerRouter(); ++slot)
            nodes.push_back(router * torus.nodesPerRouter() + slot);
    return nodes;
}

/// Skilling's transform (AIP Conf. Proc. 707, 2004): the Hilbert index in "transposed"
/// form (bit k of coordinate i) to the coordinates.
void transposeToAxes(unsigned* x, int bits, int dims)
{
    const unsigned n = 2u << (bits - 1);
    unsigned t = x[dims - 1] >> 1;
    for (int i = dims - 1; i > 0; --i)
        x[i] ^= x[i - 1];
    x[0] ^= t;
    for (unsigned q = 2; q != n; q <<= 1) {
        const unsigned p = q - 1;
        for (int i = dims - 1; i >= 0; --i) {
            if (x[i] & q) {
                x[0] ^= p;
            } else {
                t = (x[0] ^ x[i]) & p;
                x[0] ^= t;
                x[i] ^= t;
            }
        }
    }
}

} // namespace

std::vector<int> dimensionOrder(const TorusTopology& torus, const std::string& dimensions, bool serpentine)
{
    const int dims = torus.dimensions();
    std::vector<int> sequence; // dimension indices, fastest first
    for (char letter : dimensions) {
        const auto at = axisNames.find(letter);
        if (at == std::string::npos || static_cast<int>(at) >= dims)
            throw std::invalid_argument("node order '" + dimensions + "': no dimension '" + std::string(1, letter)
                                        + "'");
        for (int seen : sequence)
            if (seen == static_cast<int>(at))
                throw std::invalid_argument("node order '" + dimensions + "' names a dimension twice");
        sequence.push_back(static_cast<int>(at));
    }
    if (static_cast<int>(sequence.size()) != dims)
        throw std::invalid_argument("node order '" + dimensions + "' must name all " + std::to_string(dims)
                                    + " dimensions");
    std::vector<int> counter(static_cast<size_t>(dims), 0); // position along each sequence entry
    std::vector<int> routers;
    routers.reserve(static_cast<size_t>(torus.routerCount()));
    for (int step = 0; step < torus.routerCount(); ++step) {
        int router = 0;
        for (int k = 0; k < dims; ++k) {
            const int dim = sequence[static_cast<size_t>(k)];
            const int extent = torus.extents()[static_cast<size_t>(dim)];
            int coordinate = counter[static_cast<size_t>(k)];
            if (serpentine) {
                // Reverse this dimension on every other row: the rows (positions of the slower
                // dimensions) counted in the order they are walked.
                long long row = 0;
                for (int j = dims - 1; j > k; --j)
                    row = row * torus.extents()[static_cast<size_t>(sequence[static_cast<size_t>(j)])]
                        + counter[static_cast<size_t>(j)];
                if (row % 2)
                    coordinate = extent - 1 - coordinate;
            }
            router += coordinate * torus.stride(dim);
        }
        routers.push_back(router);
        for (int k = 0; k < dims; ++k) { // odometer, fastest first
            const int extent = torus.extents()[static_cast<size_t>(sequence[static_cast<size_t>(k)])];
            if (++counter[static_cast<size_t>(k)] < extent)
                break;
            counter[static_cast<size_t>(k)] = 0;
        }
    }
    return routersToNodes(torus, routers);
}

std::vector<int> hilbertOrder(const TorusTopology& torus)
{
    const int dims = torus.dimensions();
    if (dims < 1 || dims > 3)
        throw std::invalid_argument("Hilbert order: 1 to 3 dimensions");
    int bits = 1;
    for (int extent : torus.extents())
        while ((1 << bits) < extent)
            ++bits;
    std::vector<int> routers;
    routers.reserve(static_cast<size_t>(torus.routerCount()));
    const unsigned long long points = 1ULL << (bits * dims);
    for (unsigned long long index = 0; index < points; ++index) {
        unsigned x[3] = {0, 0, 0};
        // Distribute the index bits: its most significant bit to x[0]'s top bit, the next to x[1]'s...
        for (int b = 0; b < bits * dims; ++b) {
            const unsigned bit = static_cast<unsigned>((index >> (bits * dims - 1 - b)) & 1);
            x[b % dims] |= bit << (bits - 1 - b / dims);
        }
        transposeToAxes(x, bits, dims);
        bool inside = true;
        int router = 0;
        for (int d = 0; d < dims; ++d) {
            inside = inside && static_cast<int>(x[d]) < torus.extents()[static_cast<size_t>(d)];
            router += static_cast<int>(x[d]) * torus.stride(d);
        }
        if (inside)
            routers.push_back(router);
    }
    return routersToNodes(torus, routers);
}

std::vector<int> shuffleOrder(const Topology& topology)
{
    const SwitchHierarchy* tree = topology.hierarchy();
    if (!tree)
        throw std::invalid_argument("shuffle order: the machine is not a tree");
    std::vector<std::vector<int>> onLeaf(tree->parent.size());
    for (int node = 0; node < topology.nodeCount(); ++node)
        onLeaf[static_cast<size_t>(tree->groupOfNode[static_cast<size_t>(node)])].push_back(node);
    std::vector<int> order;
    order.reserve(static_cast<size_t>(topology.nodeCount()));
    for (size_t round = 0; order.size() < static_cast<size_t>(topology.nodeCount()); ++round)
        for (const auto& nodes : onLeaf)
            if (round < nodes.size())
                order.push_back(nodes[round]);
    return order;
}

} // namespace placement
