// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/FatTreeFreeView.h"
#include "core/LinkLedger.h"

#include <optional>

namespace placement {

class FatTreeTopology;

/// Links as a Service (Zahavi et al. 2016), as its public simulator places jobs
/// (laas_1.0/src/isol.cc, IsolAlgo::possiblePlacement), on a three-level fat-tree. The job
/// owns the nodes and links it gets.
///
/// - One pod, when the job is smaller than a pod: for A from min(N, nodes per leaf) down to
///   1, R = N / A leaves with A free nodes each whose free up-links have at least A L2
///   switches in common, and one more leaf for the B = N mod A nodes left, with B free
///   up-links among those; pods tried from fewest to most free nodes. The R leaves get A
///   common up-links each (only B when R = 1: the B-node leaf is all they talk to across;
///   none for a one-leaf job), the remainder leaf B of them.
/// - Otherwise across pods, in whole leaves: the job is rounded up to U = ceil(N / nodes per
///   leaf) whole free leaves (internal fragmentation: the U x nodes-per-leaf - N extra nodes
///   are allocated and idle while it runs). The same search one level up, pods as the
///   units: for R from min(U, leaves per pod) down to 1, Q = U / R pods (in index order) with
///   R whole free leaves each and R common free up-ports (the same ports on every L2 switch
///   of a pod, as whole leaves reach every L2 switch), plus one pod for the S = U mod R
///   leaves left with S of those ports (with Q = 1 the R pods need only S ports). Each whole
///   leaf owns all its up-links.
///
/// allocate() returns the nodes the job runs on first (N of them, in index order), then
/// the idle ones. isol.cc's search stops at the first leaf that completes the R leaves even
/// if no remainder leaf fits them; this one backtracks further, so it finds a placement of
/// these shapes whenever one exists.
class LaasAllocator final : public LinkOwningAllocator
{
public:
    explicit LaasAllocator(const FatTreeTopology& tree);
    std::string name() const override { return "laas"; }
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    bool fits(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<LaasAllocator>(*this); }

    /// An allocation: the nodes the job uses, the idle ones, and the links.
    struct Allocation
    {
        std::vector<int> nodes; ///< N, in index order
        std::vector<int> idle; ///< allocated but unused (whole-leaf rounding), in index order
        std::vector<int> links;
    };
    /// The allocation LaaS would give `nodes` nodes on `state`, without proposing it.
    std::optional<Allocation> find(const MachineState& state, int nodes);
    /// The search itself, on any snapshot of free nodes and links (`view` built from
    /// `state`): what find() runs, open to tests with links made busy at will.
    static std::optional<Allocation> search(const FatTreeTopology& tree, const MachineState& state,
                                            const FatTreeFreeView& view, int nodes);

private:
    const FatTreeTopology* m_tree;
    FatTreeFreeView m_view;
    ViewCache m_viewCache; ///< m_view and its memo entry while the machine stays as it was
    /// Shared with the copies: what searches found, by the view they ran on.
    std::shared_ptr<SearchMemo> m_memo = std::make_shared<SearchMemo>();
};

} // namespace placement
