// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/JigsawCheck.h"

#include "core/FatTreeTopology.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace placement {
namespace {

struct Tree
{
    int pod = 0;
    int nodes = 0;
    std::map<int, int> leafNodes; ///< global leaf -> the job's nodes on it
};

JigsawVerdict fail(JigsawVerdict verdict, int condition, std::string reason)
{
    verdict.legal = false;
    verdict.failedCondition = condition;
    verdict.reason = std::move(reason);
    return verdict;
}

std::string leafName(const FatTreeTopology& tree, int leaf)
{
    return "leaf " + std::to_string(leaf % tree.shape().leavesPerPod) + " of pod "
        + std::to_string(tree.podOfLeaf(leaf));
}

} // namespace

JigsawLinks jigsawLinksOf(const FatTreeTopology& tree, const std::vector<int>& links)
{
    JigsawLinks result;
    const int leafLinks = tree.nodeCount();
    const int l2Links = leafLinks + tree.leafCount() * tree.l2PerPod();
    const int end = l2Links + tree.l2Count() * tree.shape().uplinksPerL2;
    for (int link : links) {
        if (link < leafLinks || link >= end)
            throw std::invalid_argument("jigsaw links: " + std::to_string(link) + " is not an up-link of the tree");
        if (link < l2Links) {
            result.leafUplinks.push_back({(link - leafLinks) / tree.l2PerPod(), (link - leafLinks) % tree.l2PerPod()});
        } else {
            const int l2 = (link - l2Links) / tree.shape().uplinksPerL2;
            result.l2Uplinks.push_back(
                {l2 / tree.l2PerPod(), l2 % tree.l2PerPod(), (link - l2Links) % tree.shape().uplinksPerL2});
        }
    }
    return result;
}

JigsawVerdict checkJigsaw(const FatTreeTopology& tree, const std::vector<int>& nodes, const JigsawLinks* links,
                          int requested)
{
    JigsawVerdict verdict;
    std::set<int> seen;
    for (int node : nodes)
        if (node < 0 || node >= tree.nodeCount() || !seen.insert(node).second)
            throw std::invalid_argument("jigsaw check: node " + std::to_string(node) + " is invalid or repeated");
    if (nodes.empty())
        return fail(verdict, 8, "the placement has no nodes");

    std::map<int, Tree> trees;
    for (int node : nodes) {
        Tree& t = trees[tree.podOf(node)];
        t.pod = tree.podOf(node);
        ++t.nodes;
        ++t.leafNodes[tree.leafOf(node)];
    }

    // (1) N = T n_T + n_T^r: all trees alike but at most one smaller remainder tree.
    int nT = 0;
    for (const auto& [pod, t] : trees)
        nT = std::max(nT, t.nodes);
    std::vector<const Tree*> full;
    const Tree* remainder = nullptr;
    for (const auto& [pod, t] : trees) {
        if (t.nodes == nT) {
            full.push_back(&t);
        } else if (remainder) {
            return fail(verdict, 1,
                        "pods " + std::to_string(remainder->pod) + " and " + std::to_string(pod) + " hold "
                            + std::to_string(remainder->nodes) + " and " + std::to_string(t.nodes)
                            + " nodes; besides the trees of " + std::to_string(nT)
                            + " nodes only one smaller remainder tree is allowed");
        } else {
            remainder = &t;
        }
    }
    // A job in one tree is a remainder tree: it may have a remainder leaf.
    if (!remainder && full.size() == 1) {
        remainder = full.front();
        full.clear();
    }
    verdict.trees = static_cast<int>(full.size());
    verdict.nodesPerTree = full.empty() ? 0 : nT;
    verdict.remainderTreeNodes = remainder ? remainder->nodes : 0;

    // (2) Inside each full tree: L_T leaves of n_L nodes each.
    int nL = 0;
    int lT = 0;
    for (const Tree* t : full) {
        std::set<int> counts;
        for (const auto& [leaf, count] : t->leafNodes)
            counts.insert(count);
        if (counts.size() > 1)
            return fail(verdict, 2,
                        "pod " + std::to_string(t->pod) + " holds " + std::to_string(*counts.begin())
                            + " nodes on one leaf and " + std::to_string(*counts.rbegin())
                            + " on another; every leaf of a tree needs the same count");
        // (3) identical trees.
        const int count = *counts.begin();
        const int leaves = static_cast<int>(t->leafNodes.size());
        if (nL != 0 && (count != nL || leaves != lT))
            return fail(verdict, 3,
                        "pod " + std::to_string(t->pod) + " uses " + std::to_string(leaves) + " leaves of "
                            + std::to_string(count) + " nodes, another pod " + std::to_string(lT) + " leaves of "
                            + std::to_string(nL) + "; the trees must be identical");
        nL = count;
        lT = leaves;
    }
    // (2) Inside the remainder tree: leaves of n_L nodes plus one smaller remainder leaf.
    if (remainder) {
        int biggest = 0;
        for (const auto& [leaf, count] : remainder->leafNodes)
            biggest = std::max(biggest, count);
        if (nL == 0)
            nL = biggest;
        int smaller = 0;
        int fullLeaves = 0;
        for (const auto& [leaf, count] : remainder->leafNodes) {
            if (count > nL)
                return fail(verdict, 3,
                            leafName(tree, leaf) + " holds " + std::to_string(count) + " nodes, more than the "
                                + std::to_string(nL) + " of every leaf in the full trees");
            if (count == nL) {
                ++fullLeaves;
            } else if (++smaller > 1) {
                return fail(verdict, 2,
                            "the remainder tree (pod " + std::to_string(remainder->pod)
                                + ") has more than one leaf with fewer than " + std::to_string(nL)
                                + " nodes; only one remainder leaf is allowed");
            } else {
                verdict.remainderLeafNodes = count;
            }
        }
        verdict.remainderTreeLeaves = fullLeaves;
        if (!full.empty() && fullLeaves > lT)
            return fail(verdict, 3, "the remainder tree has more full leaves than the full trees");
    }
    verdict.leavesPerTree = lT;
    verdict.nodesPerLeaf = nL;
    const bool spansTrees = trees.size() > 1;
    verdict.wholeLeavesAcrossTrees = !spansTrees || nL == tree.shape().nodesPerLeaf;

    if (requested >= 0 && requested != static_cast<int>(nodes.size()))
        return fail(verdict, 8,
                    std::to_string(nodes.size()) + " nodes allocated for " + std::to_string(requested) + " requested");

    const int leavesUsedPerTree = lT > 0 ? lT : verdict.remainderTreeLeaves + (verdict.remainderLeafNodes ? 1 : 0);
    const bool oneLeaf = trees.size() == 1 && trees.begin()->second.leafNodes.size() == 1;
    if (!links) {
        // Feasibility on this machine: a leaf with n_L job nodes needs n_L distinct L2
        // switches; an L2 switch of a spanning allocation one up-link per job leaf below it.
        if (!oneLeaf && nL > tree.l2PerPod())
            return fail(verdict, 4,
                        "leaves with " + std::to_string(nL)
                            + " job nodes need as many L2 switches, a pod "
                              "has "
                            + std::to_string(tree.l2PerPod()));
        if (spansTrees && leavesUsedPerTree > tree.shape().uplinksPerL2)
            return fail(verdict, 6,
                        "each L2 switch would need " + std::to_string(leavesUsedPerTree) + " up-links, it has "
                            + std::to_string(tree.shape().uplinksPerL2));
        verdict.legal = true;
        return verdict;
    }

    verdict.linksChecked = true;
    std::map<int, std::multiset<int>> leafSets; // leaf -> L2 indices
    for (const auto& link : links->leafUplinks) {
        if (link.leaf < 0 || link.leaf >= tree.leafCount() || link.l2Index < 0 || link.l2Index >= tree.l2PerPod())
            throw std::invalid_argument("jigsaw check: no such leaf up-link");
        leafSets[link.leaf].insert(link.l2Index);
    }
    std::map<std::pair<int, int>, std::multiset<int>> spineSets; // (pod, L2) -> spine members
    for (const auto& link : links->l2Uplinks) {
        if (link.pod < 0 || link.pod >= tree.shape().pods || link.l2Index < 0 || link.l2Index >= tree.l2PerPod()
            || link.port < 0 || link.port >= tree.shape().uplinksPerL2)
            throw std::invalid_argument("jigsaw check: no such L2 up-link");
        spineSets[{link.pod, link.l2Index}].insert(link.port % tree.shape().spinesPerGroup);
    }
    // Balance: a leaf gets one up-link per job node on it (none if the job has one leaf).
    for (const auto& [leaf, set] : leafSets) {
        const int pod = tree.podOfLeaf(leaf);
        const auto t = trees.find(pod);
        const int down = t == trees.end() ? 0 : (t->second.leafNodes.count(leaf) ? t->second.leafNodes.at(leaf) : 0);
        if (oneLeaf || static_cast<int>(set.size()) != down)
            return fail(verdict, 7,
                        leafName(tree, leaf) + " has " + std::to_string(set.size()) + " up-links for "
                            + std::to_string(oneLeaf ? 0 : down) + " job nodes below it");
        if (std::set<int>(set.begin(), set.end()).size() != set.size())
            return fail(verdict, 7, leafName(tree, leaf) + " lists an up-link twice");
    }
    // (4) the full leaves of a tree reach a common L2 set S, its remainder leaf a subset;
    // (5) S holds the same L2 indices in every tree.
    std::set<int> commonS;
    bool haveS = false;
    std::vector<const Tree*> ordered = full;
    if (remainder)
        ordered.push_back(remainder);
    for (const Tree* t : oneLeaf ? std::vector<const Tree*>() : ordered) {
        std::set<int> treeS;
        bool haveTreeS = false;
        for (const auto& [leaf, count] : t->leafNodes) {
            const auto it = leafSets.find(leaf);
            if (it == leafSets.end())
                return fail(verdict, 7,
                            leafName(tree, leaf) + " has " + std::to_string(count) + " job nodes but no up-links");
            if (count != nL)
                continue;
            const std::set<int> leafS(it->second.begin(), it->second.end());
            if (!haveTreeS) {
                treeS = leafS;
                haveTreeS = true;
            } else if (leafS != treeS) {
                return fail(verdict, 4,
                            leafName(tree, leaf)
                                + " reaches other L2 switches than the other leaves of "
                                  "pod "
                                + std::to_string(t->pod));
            }
        }
        if (haveTreeS && !haveS) {
            commonS = treeS;
            haveS = true;
        } else if (haveTreeS && treeS != commonS) {
            return fail(verdict, 5,
                        "pod " + std::to_string(t->pod)
                            + " uses L2 switches at other indices than the "
                              "other trees of the allocation");
        }
        for (const auto& [leaf, count] : t->leafNodes) {
            if (count == nL)
                continue;
            for (int l2 : leafSets.at(leaf))
                if (haveS && !commonS.count(l2))
                    return fail(verdict, 4,
                                "the remainder " + leafName(tree, leaf)
                                    + " reaches an L2 switch outside the set S of the other leaves");
        }
    }

    // (6) and balance one level up: L2 switch i of a spanning allocation gets one up-link per
    // job leaf below it, to the same spines in every full tree (a subset in the remainder tree).
    for (const auto& [key, spines] : spineSets) {
        const auto t = trees.find(key.first);
        int down = 0;
        if (t != trees.end())
            for (const auto& [leaf, count] : t->second.leafNodes)
                down += leafSets.count(leaf) && leafSets.at(leaf).count(key.second) ? 1 : 0;
        if (!spansTrees || static_cast<int>(spines.size()) != down)
            return fail(verdict, 7,
                        "L2 switch " + std::to_string(key.second) + " of pod " + std::to_string(key.first) + " has "
                            + std::to_string(spines.size()) + " up-links for " + std::to_string(spansTrees ? down : 0)
                            + " job leaves below it");
    }
    if (spansTrees) {
        // ... and an L2 switch that job leaves reach has up-links (the loop above only sees
        // switches that have some).
        for (const auto& [leaf, set] : leafSets)
            for (int l2 : set)
                if (!spineSets.count({tree.podOfLeaf(leaf), l2}))
                    return fail(verdict, 7,
                                "L2 switch " + std::to_string(l2) + " of pod " + std::to_string(tree.podOfLeaf(leaf))
                                    + " has job leaves below it but no up-links");
        std::map<int, std::multiset<int>> starSets; // L2 index -> spines, from the first full tree
        for (const Tree* t : full) {
            for (int l2 : commonS) {
                const auto it = spineSets.find({t->pod, l2});
                const std::multiset<int> spines = it == spineSets.end() ? std::multiset<int>() : it->second;
                if (static_cast<int>(spines.size()) != lT)
                    return fail(verdict, 7,
                                "L2 switch " + std::to_string(l2) + " of pod " + std::to_string(t->pod) + " needs "
                                    + std::to_string(lT) + " up-links");
                const auto [star, inserted] = starSets.emplace(l2, spines);
                if (!inserted && star->second != spines)
                    return fail(verdict, 6,
                                "L2 switch " + std::to_string(l2) + " of pod " + std::to_string(t->pod)
                                    + " reaches other spines than L2 switch " + std::to_string(l2)
                                    + " of another full tree");
            }
        }
        if (remainder && !full.empty()) {
            for (const auto& [key, spines] : spineSets) {
                if (key.first != remainder->pod)
                    continue;
                const auto star = starSets.find(key.second);
                if (star == starSets.end()
                    || !std::includes(star->second.begin(), star->second.end(), spines.begin(), spines.end()))
                    return fail(verdict, 6,
                                "L2 switch " + std::to_string(key.second)
                                    + " of the remainder tree reaches "
                                      "spines outside its full trees' set");
            }
        }
    }
    verdict.legal = true;
    return verdict;
}

} // namespace placement
