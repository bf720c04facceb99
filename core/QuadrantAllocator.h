// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/Allocator.h"

namespace placement {

class TorusTopology;

/// Pascual et al. §3.2 quadrant placement: the torus is split into equal squares (cubes on a
/// 3D torus) of `side` routers a side, one per job, and a job's nodes are taken in row order
/// inside its square (x first, then y; a router's nodes together in slot order).
///
/// A square belongs to one job: it is free only while all its nodes are, and what a smaller
/// job leaves of it stays idle. Squares are tried in row order of their corners. Pascual's
/// jobs fill their squares exactly; where a job does not fit one square (the paper is silent)
/// it gets the first ceil(nodes / square) free squares in that order, filled one after the
/// other, not necessarily next to each other — so it still shares no square, never waits for
/// a specific one, and one that fits no free squares waits ("not now").
class QuadrantAllocator final : public Allocator
{
public:
    /// Throws std::invalid_argument unless every extent is a multiple of `side`.
    QuadrantAllocator(const TorusTopology& torus, int side);

    /// The side that splits the torus into `jobs` equal squares (Pascual: 16x16 for 4 jobs
    /// gives 8, 32x32 for 16 gives 8). Throws std::invalid_argument when there is none.
    static int sideForJobs(const TorusTopology& torus, int jobs);

    std::string name() const override { return "quadrant"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<QuadrantAllocator>(*this); }

    int side() const { return m_side; }
    int squareCount() const { return static_cast<int>(m_squares.size()); }
    /// The nodes of square `square` in row order: a job's nodes are a prefix of them.
    const std::vector<int>& squareNodes(int square) const { return m_squares[static_cast<size_t>(square)]; }

private:
    int m_side;
    std::vector<std::vector<int>> m_squares;
};

} // namespace placement
