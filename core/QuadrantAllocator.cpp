// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/QuadrantAllocator.h"

#include "core/NodeOrders.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <stdexcept>

namespace placement {

QuadrantAllocator::QuadrantAllocator(const TorusTopology& torus, int side)
    : m_side(side)
{
    if (side < 1)
        throw std::invalid_argument("quadrant placement: the square side must be positive");
    const int dims = torus.dimensions();
    std::vector<int> squaresPer(static_cast<size_t>(dims));
    int squares = 1;
    for (int d = 0; d < dims; ++d) {
        const int extent = torus.extents()[static_cast<size_t>(d)];
        if (extent % side)
            throw std::invalid_argument("quadrant placement: a side of " + std::to_string(side) + " does not split "
                                        + torus.describe() + " into equal squares");
        squaresPer[static_cast<size_t>(d)] = extent / side;
        squares *= extent / side;
    }
    // Walking the whole torus in row order and dealing each router to its square leaves every
    // square's nodes in row order too.
    m_squares.resize(static_cast<size_t>(squares));
    for (int node : rowOrder(torus)) {
        const int router = torus.routerOf(node);
        int square = 0;
        for (int d = dims - 1; d >= 0; --d)
            square = square * squaresPer[static_cast<size_t>(d)] + torus.routerCoordinate(router, d) / side;
        m_squares[static_cast<size_t>(square)].push_back(node);
    }
}

int QuadrantAllocator::sideForJobs(const TorusTopology& torus, int jobs)
{
    int smallest = torus.extents().front();
    for (int extent : torus.extents())
        smallest = std::min(smallest, extent);
    // The number of squares falls as the side grows: at most one side gives `jobs`.
    for (int side = 1; side <= smallest; ++side) {
        long long squares = 1;
        bool divides = true;
        for (int extent : torus.extents()) {
            divides = divides && extent % side == 0;
            squares *= extent / side;
        }
        if (divides && squares == jobs)
            return side;
    }
    throw std::invalid_argument("quadrant placement: " + torus.describe() + " does not split into "
                                + std::to_string(jobs) + " equal squares");
}

std::vector<int> QuadrantAllocator::allocate(const MachineState& state, const AllocationRequest& request)
{
    if (request.nodes <= 0 || request.nodes > state.freeCount())
        return {};
    std::vector<int> nodes;
    nodes.reserve(static_cast<size_t>(request.nodes));
    for (const std::vector<int>& square : m_squares) {
        bool free = true;
        for (int node : square)
            if (!state.isFree(node)) {
                free = false;
                break;
            }
        if (!free)
            continue;
        for (int node : square) {
            nodes.push_back(node);
            if (static_cast<int>(nodes.size()) == request.nodes)
                return nodes;
        }
    }
    return {};
}

} // namespace placement
