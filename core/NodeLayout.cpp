#include "core/NodeLayout.h"

#include "core/FatTreeTopology.h"
#include "core/TorusTopology.h"

#include <stdexcept>

namespace placement {
namespace {

NodeLayout layoutTorus(const TorusTopology& torus)
{
    NodeLayout layout;
    const int perRouter = torus.nodesPerRouter();
    const double slotWidth = 0.7 / perRouter;
    layout.boxSize = {slotWidth * 0.85, 0.55, 0.55};
    layout.centers.reserve(static_cast<size_t>(torus.nodeCount()));
    for (int node = 0; node < torus.nodeCount(); ++node) {
        double coords[3] = {0, 0, 0};
        double stack = 1;
        for (int dim = 0; dim < torus.dimensions(); ++dim) {
            const int value = torus.coordinate(node, dim);
            if (dim < 3) {
                coords[dim] = value;
            } else {
                stack *= torus.extents()[static_cast<size_t>(dim - 1)];
                coords[2] += value * stack;
            }
        }
        const int slot = node % perRouter;
        coords[0] += (slot - (perRouter - 1) / 2.0) * slotWidth;
        layout.centers.push_back({coords[0], coords[1], coords[2]});
    }
    return layout;
}

NodeLayout layoutFatTree(const FatTreeTopology& tree)
{
    NodeLayout layout;
    layout.boxSize = {0.8, 0.8, 0.8};
    const int podStride = tree.shape().leavesPerPod + 2;
    layout.centers.reserve(static_cast<size_t>(tree.nodeCount()));
    for (int node = 0; node < tree.nodeCount(); ++node) {
        const double x = tree.podOf(node) * podStride + tree.leafInPod(node);
        layout.centers.push_back({x, static_cast<double>(tree.slotOf(node)), 0});
    }
    return layout;
}

} // namespace

NodeLayout layoutNodes(const Topology& topology)
{
    if (const auto* torus = dynamic_cast<const TorusTopology*>(&topology))
        return layoutTorus(*torus);
    if (const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology))
        return layoutFatTree(*tree);
    throw std::invalid_argument("layoutNodes: unsupported topology");
}

} // namespace placement
