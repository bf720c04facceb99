// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/FatTreeFreeView.h"
#include "core/LinkLedger.h"

#include <optional>

namespace placement {

class FatTreeTopology;

/// In which order Jigsaw tries the decompositions of a job (Algorithm 1 leaves it open).
enum class JigsawOrder {
    /// Two-level: n_L from min(N, nodes per leaf) down to 1 (L_T = N / n_L, n_L^r = N mod n_L),
    /// so the fewest leaves first (one leaf when the job fits one); three-level: L_T from the
    /// most whole leaves a tree can give down to 1, so the fewest trees first.
    FewestLeavesFirst,
    /// The reverse: n_L from 1 up, L_T from 1 up (the job spread over the most leaves and
    /// trees first). Measured against the default in docs/simulation.md.
    MostLeavesFirst,
};

/// Jigsaw (Smith and Lowenthal, HPDC'21 §3.2, §4, Algorithm 1) on a three-level fat-tree:
/// every job gets nodes and links that meet conditions (1)-(6) and use exactly as many
/// up-links as down-links at every switch, with N allocated = N requested, and owns those
/// links while it runs (no link of two jobs at once).
///
/// - Two-level first: for each decomposition N = L_T n_L + n_L^r (in `order`), the pods
///   from fewest to most free nodes (the LaaS code base Jigsaw was built in orders them so),
///   and in a pod a search over its leaves in index order for L_T leaves with n_L free nodes
///   whose free up-links share n_L L2 switches S, plus a remainder leaf with n_L^r free nodes
///   and n_L^r free up-links into S. A job on one leaf uses no links.
/// - Then three-level, with Jigsaw's restriction (§4): whole leaves (n_L = nodes per leaf)
///   but the remainder leaf. For each L_T (in `order`), T = N / (L_T n_L) trees of L_T whole
///   free leaves, the same L2 set S in every tree, L2 switch i of every full tree given L_T
///   up-links to the same spines, and a remainder tree of L_T^r whole leaves and a remainder
///   leaf whose L2 up-links go to a subset of those spines. The search is exhaustive (the
///   first allocation found is taken, so it finds one whenever one exists): remainder tree in
///   index order, then full trees in index order by backtracking; trees (and leaves) that
///   are interchangeable are tried once per step.
/// - Within a leaf the lowest free nodes are taken; of the free links the lowest ports.
///
/// Parallel links (a partial tree whose L2 switches reach a spine more than once) count as
/// the spine several times: the full trees' L2 switch i reach the same multiset of spines.
class JigsawAllocator final : public LinkOwningAllocator
{
public:
    explicit JigsawAllocator(const FatTreeTopology& tree, JigsawOrder order = JigsawOrder::FewestLeavesFirst);
    std::string name() const override;
    std::vector<int> allocate(const MachineState& state, const AllocationRequest& request) override;
    bool fits(const MachineState& state, const AllocationRequest& request) override;
    std::unique_ptr<Allocator> clone() const override { return std::make_unique<JigsawAllocator>(*this); }

    /// An allocation: nodes in index order and links (ids of the tree's links()).
    struct Allocation
    {
        std::vector<int> nodes;
        std::vector<int> links;
    };
    /// The allocation Jigsaw would give `nodes` nodes on `state`, without proposing it.
    std::optional<Allocation> find(const MachineState& state, int nodes);
    /// The search itself, on any snapshot of free nodes and links (`view` built from
    /// `state`): what find() runs, open to tests with links made busy at will.
    static std::optional<Allocation> search(const FatTreeTopology& tree, const MachineState& state,
                                            const FatTreeFreeView& view, int nodes,
                                            JigsawOrder order = JigsawOrder::FewestLeavesFirst);

private:
    const FatTreeTopology* m_tree;
    JigsawOrder m_order;
    FatTreeFreeView m_view;
    ViewCache m_viewCache; ///< m_view and its memo entry while the machine stays as it was
    /// Shared with the copies: what searches found, by the view they ran on.
    std::shared_ptr<SearchMemo> m_memo = std::make_shared<SearchMemo>();
};

} // namespace placement
