// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NodeOrders.h"

#include "core/BlockedOrder.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>

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

/// The blocked orders by name (core/BlockedOrder.h).
const std::vector<std::pair<std::string, AlpsLayout>>& alpsNames()
{
    static const std::vector<std::pair<std::string, AlpsLayout>> names{
        {"alps", AlpsLayout::Zyx},          {"alps-zyx", AlpsLayout::Zyx},
        {"alps-zxy", AlpsLayout::Zxy},      {"alps-balanced", AlpsLayout::Balanced},
        {"alps-zxy-3d", AlpsLayout::Zxy3d}, {"alps-balanced-3d", AlpsLayout::Balanced3d},
    };
    return names;
}

const std::string serpentineSuffix = "-serpentine";

/// "xy", "yx" ... on a 2D torus: every dimension order's name.
std::vector<std::string> dimensionOrderNames(int dims)
{
    std::string letters = axisNames.substr(0, static_cast<size_t>(dims));
    std::sort(letters.begin(), letters.end());
    std::vector<std::string> names;
    do
        names.push_back(letters);
    while (std::next_permutation(letters.begin(), letters.end()));
    return names;
}

/// Pascual's row (x first) or column (y first) order, the other dimensions after.
std::vector<int> pascualOrder(const TorusTopology& torus, bool columns)
{
    std::string letters = axisNames.substr(0, static_cast<size_t>(torus.dimensions()));
    if (columns) {
        if (torus.dimensions() < 2)
            throw std::invalid_argument("column order needs a torus of two or more dimensions");
        std::swap(letters[0], letters[1]);
    }
    return dimensionOrder(torus, letters, false);
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

std::vector<int> rowOrder(const TorusTopology& torus)
{
    return pascualOrder(torus, false);
}

std::vector<int> columnOrder(const TorusTopology& torus)
{
    return pascualOrder(torus, true);
}

std::vector<std::string> nodeOrderNames(const Topology& topology)
{
    std::vector<std::string> names{"index", "consecutive"};
    const auto* torus = dynamic_cast<const TorusTopology*>(&topology);
    if (!torus) {
        if (topology.hierarchy())
            names.emplace_back("shuffle");
        return names;
    }
    const int dims = torus->dimensions();
    if (dims >= 2) {
        names.emplace_back("row");
        names.emplace_back("column");
    }
    if (dims <= static_cast<int>(axisNames.size())) {
        const std::vector<std::string> plain = dimensionOrderNames(dims);
        names.insert(names.end(), plain.begin(), plain.end());
        for (const std::string& name : plain)
            names.push_back(name + serpentineSuffix);
    }
    if (dims <= 3)
        names.emplace_back("hilbert");
    if (dims == 3)
        for (const auto& entry : alpsNames())
            names.push_back(entry.first);
    return names;
}

std::vector<int> nodeOrderByName(const Topology& topology, const std::string& name)
{
    const auto* torus = dynamic_cast<const TorusTopology*>(&topology);
    const std::vector<std::string> valid = nodeOrderNames(topology);
    if (std::find(valid.begin(), valid.end(), name) == valid.end()) {
        std::string list;
        for (const std::string& known : valid)
            list += (list.empty() ? "" : ", ") + known;
        throw std::invalid_argument("unknown node order '" + name + "' for " + topology.describe() + " (valid: " + list
                                    + ")");
    }
    if (name == "index" || name == "consecutive") {
        std::vector<int> order(static_cast<size_t>(topology.nodeCount()));
        std::iota(order.begin(), order.end(), 0);
        return order;
    }
    if (name == "shuffle")
        return shuffleOrder(topology);
    // Every other name is a torus order (nodeOrderNames() lists no other).
    if (name == "row")
        return rowOrder(*torus);
    if (name == "column")
        return columnOrder(*torus);
    if (name == "hilbert")
        return hilbertOrder(*torus);
    for (const auto& entry : alpsNames())
        if (entry.first == name)
            return alpsOrder(*torus, entry.second);
    const bool serpentine = name.size() > serpentineSuffix.size()
        && name.compare(name.size() - serpentineSuffix.size(), serpentineSuffix.size(), serpentineSuffix) == 0;
    return dimensionOrder(*torus, serpentine ? name.substr(0, name.size() - serpentineSuffix.size()) : name,
                          serpentine);
}

} // namespace placement
