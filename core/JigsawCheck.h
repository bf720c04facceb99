// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <string>
#include <vector>

namespace placement {

class FatTreeTopology;

/// Links allocated to one job on a three-level fat-tree (Jigsaw allocates them explicitly).
struct JigsawLinks
{
    struct LeafUplink
    {
        int leaf; ///< global leaf index
        int l2Index; ///< L2 switch index within the pod
    };
    struct L2Uplink
    {
        int pod;
        int l2Index;
        int port; ///< 0 .. uplinksPerL2-1; goes to spine port % spinesPerGroup of group l2Index
    };
    std::vector<LeafUplink> leafUplinks;
    std::vector<L2Uplink> l2Uplinks;
};

/// Whether a placement meets Jigsaw's full-bandwidth conditions (Smith and Lowenthal,
/// HPDC'21 §3.2), and if not, the first one that fails and why.
struct JigsawVerdict
{
    bool legal = false;
    /// 0 when legal; 1-6: Jigsaw §3.2.2 conditions (1)-(6); 7: a switch without as many
    /// up-links as down-links; 8: N differs from the requested node count (§3.2.3).
    int failedCondition = 0;
    std::string reason;
    bool linksChecked = false; ///< false: (4)-(6) checked only for feasibility on the machine

    // The decomposition N = T n_T + n_T^r = T (L_T n_L) + (L_T^r n_L + n_L^r).
    int trees = 0; ///< T, full trees
    int nodesPerTree = 0; ///< n_T
    int remainderTreeNodes = 0; ///< n_T^r (0: no remainder tree)
    int leavesPerTree = 0; ///< L_T
    int nodesPerLeaf = 0; ///< n_L
    int remainderTreeLeaves = 0; ///< L_T^r, full leaves in the remainder tree
    int remainderLeafNodes = 0; ///< n_L^r (0: no remainder leaf)
    /// Jigsaw's own restriction (§4): an allocation spanning trees uses whole leaves, but
    /// for the remainder leaf. Legal placements may not meet it.
    bool wholeLeavesAcrossTrees = true;
};

/// The up-links among `links` (ids of the tree's links(), as Allocator::ownedLinks() gives
/// them) in JigsawLinks form. Throws std::invalid_argument for a node link or no such link.
JigsawLinks jigsawLinksOf(const FatTreeTopology& tree, const std::vector<int>& links);

/// Checks `nodes` (and the job's links, when known) against Jigsaw's conditions on `tree`.
/// `requested` < 0: the requested node count is not known (condition 8 not checked).
JigsawVerdict checkJigsaw(const FatTreeTopology& tree, const std::vector<int>& nodes,
                          const JigsawLinks* links = nullptr, int requested = -1);

} // namespace placement
