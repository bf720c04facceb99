// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeFreeView.h"
#include "core/FatTreeTopology.h"
#include "core/JigsawAllocator.h"
#include "core/JigsawCheck.h"
#include "core/LaasAllocator.h"
#include "core/LinkLedger.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"
#include "core/SyntheticWorkload.h"
#include "core/SystemMetrics.h"
#include "core/TopologyAwareAllocator.h"
#include "tests/support/IsolationCheck.h"

#include <QTest>

#include <functional>
#include <numeric>

using namespace placement;
using namespace placement::test;

namespace {

std::unique_ptr<Topology> fatTree(const std::string& spec)
{
    return parseMachineSpec(spec);
}

const FatTreeTopology& asTree(const std::unique_ptr<Topology>& topology)
{
    return dynamic_cast<const FatTreeTopology&>(*topology);
}

/// A machine with random busy nodes and random busy up-links (held by a foreign job 0 that
/// the ledger knows), and its free view.
struct Snapshot
{
    MachineState state;
    LinkLedger ledger;
    FatTreeFreeView view;

    Snapshot(const FatTreeTopology& tree, std::uint64_t seed, double busyNodes, double busyLinks)
        : state(tree)
        , ledger(static_cast<int>(tree.links().size()))
    {
        SplitMix64 random(seed);
        std::vector<int> nodes, links;
        for (int node = 0; node < tree.nodeCount(); ++node)
            if (random.uniform() < busyNodes)
                nodes.push_back(node);
        for (int link = tree.nodeCount(); link < static_cast<int>(tree.links().size()); ++link)
            if (random.uniform() < busyLinks)
                links.push_back(link);
        if (nodes.empty() && !links.empty())
            nodes.push_back(0);
        if (!nodes.empty()) {
            state.take(nodes, 0);
            ledger.propose(0, nodes, links);
            ledger.commit(0, nodes);
        }
        view.build(tree, state, ledger);
    }
};

/// Whether `test` holds for some subset of `mask` with `count` bits (masks here are small:
/// every submask is visited).
bool anySubset(std::uint64_t mask, int count, const std::function<bool(std::uint64_t)>& test)
{
    for (std::uint64_t subset = mask;; subset = (subset - 1) & mask) {
        if (__builtin_popcountll(subset) == count && test(subset))
            return true;
        if (subset == 0)
            return false;
    }
}

std::vector<int> lowestFree(const FatTreeTopology& tree, const MachineState& state, const std::vector<int>& perLeaf)
{
    std::vector<int> nodes;
    for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
        FatTreeFreeView::takeFreeNodes(tree, state, leaf, perLeaf[static_cast<size_t>(leaf)], nodes);
    return nodes;
}

/// Brute force: is there any placement of `n` nodes meeting Jigsaw's conditions with its
/// whole-leaf restriction, on free nodes and free links? Every split of n over the leaves,
/// every choice of leaf up-links, and per L2 index every choice of L2 up-ports; the verdict
/// is always core/JigsawCheck's.
bool jigsawReference(const FatTreeTopology& tree, const Snapshot& snap, int n)
{
    const FatTreeFreeView& view = snap.view;
    const int leaves = tree.leafCount();
    const int k = tree.shape().nodesPerLeaf;
    const int spg = tree.shape().spinesPerGroup;
    std::vector<int> perLeaf(static_cast<size_t>(leaves), 0);

    const auto linksExist = [&](const std::vector<int>& nodes) {
        std::vector<int> used;
        for (int leaf = 0; leaf < leaves; ++leaf)
            if (perLeaf[static_cast<size_t>(leaf)] > 0)
                used.push_back(leaf);
        if (used.size() == 1)
            return checkJigsaw(tree, nodes, nullptr, n).legal;
        std::vector<std::uint64_t> chosen(used.size());
        std::function<bool(size_t)> leafChoice = [&](size_t at) -> bool {
            if (at < used.size()) {
                const int leaf = used[at];
                return anySubset(view.leafPorts[static_cast<size_t>(leaf)], perLeaf[static_cast<size_t>(leaf)],
                                 [&](std::uint64_t subset) {
                                     chosen[at] = subset;
                                     return leafChoice(at + 1);
                                 });
            }
            JigsawLinks links;
            std::map<int, int> podNodes;
            std::map<std::pair<int, int>, int> down; // (pod, L2) -> job leaves below
            for (size_t u = 0; u < used.size(); ++u) {
                podNodes[tree.podOfLeaf(used[u])] += perLeaf[static_cast<size_t>(used[u])];
                for (int i = 0; i < tree.l2PerPod(); ++i)
                    if (chosen[u] >> i & 1) {
                        links.leafUplinks.push_back({used[u], i});
                        ++down[{tree.podOfLeaf(used[u]), i}];
                    }
            }
            if (podNodes.size() > 1) {
                int most = 0;
                for (const auto& [pod, count] : podNodes)
                    most = std::max(most, count);
                // Per L2 index: ports of every used tree, full trees reaching the same
                // spines, the remainder tree a sub-multiset.
                for (int i = 0; i < tree.l2PerPod(); ++i) {
                    std::vector<std::pair<int, int>> switches; // (pod, up-links needed)
                    for (const auto& [key, count] : down)
                        if (key.second == i)
                            switches.emplace_back(key.first, count);
                    if (switches.empty())
                        continue;
                    std::vector<std::uint64_t> ports(switches.size());
                    std::function<bool(size_t)> portChoice = [&](size_t next) -> bool {
                        if (next < switches.size()) {
                            const auto [pod, need] = switches[next];
                            return anySubset(view.l2Ports[static_cast<size_t>(pod * tree.l2PerPod() + i)], need,
                                             [&](std::uint64_t subset) {
                                                 ports[next] = subset;
                                                 return portChoice(next + 1);
                                             });
                        }
                        std::multiset<int> star;
                        bool haveStar = false;
                        std::vector<std::multiset<int>> remainders;
                        for (size_t s = 0; s < switches.size(); ++s) {
                            std::multiset<int> spines;
                            for (int p = 0; p < 64; ++p)
                                if (ports[s] >> p & 1)
                                    spines.insert(p % spg);
                            if (podNodes[switches[s].first] == most) {
                                if (haveStar && spines != star)
                                    return false;
                                star = spines;
                                haveStar = true;
                            } else {
                                remainders.push_back(spines);
                            }
                        }
                        for (const auto& spines : remainders)
                            if (!std::includes(star.begin(), star.end(), spines.begin(), spines.end()))
                                return false;
                        return true;
                    };
                    if (!portChoice(0))
                        return false;
                    for (size_t s = 0; s < switches.size(); ++s)
                        for (int p = 0; p < 64; ++p)
                            if (ports[s] >> p & 1)
                                links.l2Uplinks.push_back({switches[s].first, i, p});
                }
            }
            return checkJigsaw(tree, nodes, &links, n).legal;
        };
        return leafChoice(0);
    };

    std::function<bool(int, int)> split = [&](int leaf, int left) -> bool {
        if (left == 0) {
            std::set<int> counts;
            for (int c : perLeaf)
                if (c > 0)
                    counts.insert(c);
            if (counts.size() > 2)
                return false; // n_L and n_L^r at most
            const std::vector<int> nodes = lowestFree(tree, snap.state, perLeaf);
            const JigsawVerdict verdict = checkJigsaw(tree, nodes, nullptr, n);
            return verdict.legal && verdict.wholeLeavesAcrossTrees && linksExist(nodes);
        }
        if (leaf == leaves)
            return false;
        const int most = std::min({left, k, view.leafFree[static_cast<size_t>(leaf)]});
        for (int c = 0; c <= most; ++c) {
            perLeaf[static_cast<size_t>(leaf)] = c;
            if (split(leaf + 1, left - c))
                return true;
        }
        perLeaf[static_cast<size_t>(leaf)] = 0;
        return false;
    };
    return split(0, n);
}

/// Brute force over LaaS's shapes (isol.cc): every A, pod, set of R leaves, remainder leaf
/// and set of ports; across pods every R, set of Q pods, remainder pod and set of ports.
bool laasReference(const FatTreeTopology& tree, const Snapshot& snap, int n)
{
    const FatTreeFreeView& view = snap.view;
    const int k = tree.shape().nodesPerLeaf;
    const int leavesPerPod = tree.shape().leavesPerPod;
    const int pods = tree.shape().pods;
    if (n > snap.state.freeCount())
        return false;
    // Sets of `count` units among `units`, each with capacity >= need.
    const auto combinations = [](int units, int count, const std::function<bool(const std::vector<int>&)>& visit) {
        std::vector<int> pick;
        std::function<bool(int)> next = [&](int from) -> bool {
            if (static_cast<int>(pick.size()) == count)
                return visit(pick);
            for (int u = from; u < units; ++u) {
                pick.push_back(u);
                if (next(u + 1))
                    return true;
                pick.pop_back();
            }
            return false;
        };
        return next(0);
    };
    const auto shapeFits = [&](int units, const std::vector<int>& capacity, const std::vector<std::uint64_t>& ports,
                               int portCount, int need, int count, int uniqueNeed, int portsNeeded) {
        return combinations(units, count, [&](const std::vector<int>& pick) {
            for (int u : pick)
                if (capacity[static_cast<size_t>(u)] < need)
                    return false;
            for (int unique = uniqueNeed > 0 ? 0 : -1; unique < (uniqueNeed > 0 ? units : 0); ++unique) {
                if (unique >= 0
                    && (capacity[static_cast<size_t>(unique)] < uniqueNeed
                        || std::find(pick.begin(), pick.end(), unique) != pick.end()))
                    continue;
                const std::uint64_t all = (std::uint64_t(1) << portCount) - 1;
                if (anySubset(all, portsNeeded, [&](std::uint64_t set) {
                        for (int u : pick)
                            if ((ports[static_cast<size_t>(u)] & set) != set)
                                return false;
                        return unique < 0
                            || __builtin_popcountll(ports[static_cast<size_t>(unique)] & set) >= uniqueNeed;
                    }))
                    return true;
            }
            return false;
        });
    };
    if (n < tree.nodesPerPod()) {
        for (int a = 1; a <= std::min(n, k); ++a) {
            const int r = n / a, b = n % a;
            for (int pod = 0; pod < pods; ++pod) {
                std::vector<int> capacity;
                std::vector<std::uint64_t> ports;
                for (int leaf = pod * leavesPerPod; leaf < (pod + 1) * leavesPerPod; ++leaf) {
                    capacity.push_back(view.leafFree[static_cast<size_t>(leaf)]);
                    ports.push_back(view.leafPorts[static_cast<size_t>(leaf)]);
                }
                if (shapeFits(leavesPerPod, capacity, ports, tree.l2PerPod(), a, r, b, r == 1 ? b : a))
                    return true;
            }
        }
    }
    const int u = (n + k - 1) / k;
    std::vector<int> whole(static_cast<size_t>(pods), 0);
    std::vector<std::uint64_t> podPorts(static_cast<size_t>(pods), ~std::uint64_t(0));
    for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
        whole[static_cast<size_t>(tree.podOfLeaf(leaf))] += view.leafFree[static_cast<size_t>(leaf)] == k
                && view.leafPorts[static_cast<size_t>(leaf)] == (std::uint64_t(1) << tree.l2PerPod()) - 1
            ? 1
            : 0;
    for (int pod = 0; pod < pods; ++pod)
        for (int i = 0; i < tree.l2PerPod(); ++i)
            podPorts[static_cast<size_t>(pod)] &= view.l2Ports[static_cast<size_t>(pod * tree.l2PerPod() + i)];
    for (int r = 1; r <= std::min(u, leavesPerPod); ++r) {
        const int q = u / r, s = u % r;
        if (q > pods)
            continue;
        if (shapeFits(pods, whole, podPorts, tree.shape().uplinksPerL2, r, q, s, q == 1 ? s : r))
            return true;
    }
    return false;
}

/// One allocation as a run of one job, for the run checkers.
SimulationResult oneJobRun(std::vector<int> nodes, std::vector<int> idle, std::vector<int> links)
{
    SimulationResult result;
    SimulatedJob& run = result.jobs.emplace_back();
    run.start = 0;
    run.end = 1;
    run.nodes = std::move(nodes);
    if (!idle.empty()) {
        run.allocated = run.nodes;
        run.allocated.insert(run.allocated.end(), idle.begin(), idle.end());
        std::sort(run.allocated.begin(), run.allocated.end());
    }
    run.links = std::move(links);
    return result;
}

/// Nodes and links of an allocation are free on the snapshot.
QString freeOnSnapshot(const FatTreeTopology& tree, const Snapshot& snap, const std::vector<int>& nodes,
                       const std::vector<int>& links)
{
    for (int node : nodes)
        if (!snap.state.isFree(node))
            return QStringLiteral("node %1 is busy").arg(node);
    std::vector<char> busy;
    snap.ledger.markBusy(snap.state, busy);
    for (int link : links)
        if (busy[static_cast<size_t>(link)])
            return QStringLiteral("link %1 is busy").arg(link);
    (void)tree;
    return {};
}

const char* smallTrees[] = {
    "fattree radix=4 pods=4 leaves-per-pod=2 nodes-per-leaf=2", // full: 16 nodes, 8 spines
    "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2", // one spine per group, 2 parallel links
    "fattree radix=6 pods=3 leaves-per-pod=3 nodes-per-leaf=3", // 27 nodes
    "fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3", // 3 parallel links to each spine
};

} // namespace

class TestIsolation : public QObject
{
    Q_OBJECT
private slots:
    void jigsawWorkedExamples()
    {
        // Radix 8: 8 pods of 4 leaves of 4 nodes; 4 L2 switches per pod, 16 spines.
        const auto machine = fatTree("fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4");
        const FatTreeTopology& tree = asTree(machine);
        MachineState empty(tree);
        JigsawAllocator fewest(tree);
        JigsawAllocator most(tree, JigsawOrder::MostLeavesFirst);
        // 6 nodes, fewest leaves first: n_L = 4, L_T = 1, n_L^r = 2 on leaves 0 and 1; the
        // full leaf reaches all four L2 switches, the remainder leaf two of them.
        auto six = fewest.find(empty, 6);
        QVERIFY(six);
        QCOMPARE(six->nodes, (std::vector<int>{0, 1, 2, 3, 4, 5}));
        JigsawLinks links = jigsawLinksOf(tree, six->links);
        QCOMPARE(links.leafUplinks.size(), size_t(6));
        QVERIFY(checkJigsaw(tree, six->nodes, &links, 6).legal);
        // Most leaves first: n_L = 1 needs 6 leaves (a pod has 4), so n_L = 2 on 3 leaves.
        auto spread = most.find(empty, 6);
        QVERIFY(spread);
        QCOMPARE(spread->nodes, (std::vector<int>{0, 1, 4, 5, 8, 9}));
        // 3 nodes: one leaf, no links at all.
        auto three = fewest.find(empty, 3);
        QVERIFY(three && three->links.empty());
        QCOMPARE(three->nodes, (std::vector<int>{0, 1, 2}));
        // 20 nodes > a pod: three-level, L_T = 4 first: a full tree of 16 and a remainder tree
        // of one whole leaf (remainder tree tried first in index order: pod 0).
        auto twenty = fewest.find(empty, 20);
        QVERIFY(twenty);
        std::vector<int> expected{0, 1, 2, 3};
        for (int node = 16; node < 32; ++node)
            expected.push_back(node);
        QCOMPARE(twenty->nodes, expected);
        links = jigsawLinksOf(tree, twenty->links);
        const JigsawVerdict verdict = checkJigsaw(tree, twenty->nodes, &links, 20);
        QVERIFY2(verdict.legal, verdict.reason.c_str());
        QCOMPARE(verdict.trees, 1);
        QCOMPARE(verdict.remainderTreeNodes, 4);
        QCOMPARE(links.l2Uplinks.size(), size_t(4 * 4 + 4 * 1)); // L_T = 4 per L2 of the full tree, 1 in the remainder
        // Nothing spans trees with partial leaves: with every leaf of the machine holding
        // one busy node no allocation above a pod exists.
        MachineState dotted(tree);
        for (int leaf = 0; leaf < tree.leafCount(); ++leaf)
            dotted.take({leaf * 4}, 1);
        QVERIFY(fewest.find(dotted, 12)); // 4 leaves x 3 in one pod
        QVERIFY(!fewest.find(dotted, 13));
    }

    void jigsawFindsAnAllocationExactlyWhenOneExists_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::addColumn<double>("busyNodes");
        QTest::addColumn<double>("busyLinks");
        for (const char* machine : smallTrees)
            for (double nodes : {0.1, 0.3, 0.5})
                for (double links : {0.0, 0.15, 0.35})
                    QTest::addRow("%s nodes %.1f links %.2f", machine, nodes, links) << machine << nodes << links;
    }
    void jigsawFindsAnAllocationExactlyWhenOneExists()
    {
        QFETCH(QString, machine);
        QFETCH(double, busyNodes);
        QFETCH(double, busyLinks);
        const auto topology = fatTree(machine.toStdString());
        const FatTreeTopology& tree = asTree(topology);
        int found = 0, cases = 0;
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            const Snapshot snap(tree, seed * 7919 + static_cast<std::uint64_t>(busyNodes * 100 + busyLinks * 10),
                                busyNodes, busyLinks);
            for (int n = 1; n <= snap.state.freeCount(); ++n) {
                const bool exists = jigsawReference(tree, snap, n);
                ++cases;
                for (JigsawOrder order : {JigsawOrder::FewestLeavesFirst, JigsawOrder::MostLeavesFirst}) {
                    const auto allocation = JigsawAllocator::search(tree, snap.state, snap.view, n, order);
                    QVERIFY2(allocation.has_value() == exists,
                             qPrintable(QStringLiteral("seed %1, %2 nodes: reference %3, jigsaw %4")
                                            .arg(seed)
                                            .arg(n)
                                            .arg(exists)
                                            .arg(allocation.has_value())));
                    if (!allocation)
                        continue;
                    ++found;
                    const QString busy = freeOnSnapshot(tree, snap, allocation->nodes, allocation->links);
                    QVERIFY2(busy.isEmpty(), qPrintable(busy));
                    const JigsawLinks links = jigsawLinksOf(tree, allocation->links);
                    const JigsawVerdict verdict = checkJigsaw(tree, allocation->nodes, &links, n);
                    QVERIFY2(verdict.legal, verdict.reason.c_str());
                    QVERIFY(verdict.wholeLeavesAcrossTrees);
                }
            }
        }
        QVERIFY(found > 0 && found < 2 * cases); // both outcomes occur
    }

    void laasFindsAnAllocationExactlyWhenOneExists_data() { jigsawFindsAnAllocationExactlyWhenOneExists_data(); }
    void laasFindsAnAllocationExactlyWhenOneExists()
    {
        QFETCH(QString, machine);
        QFETCH(double, busyNodes);
        QFETCH(double, busyLinks);
        const auto topology = fatTree(machine.toStdString());
        const FatTreeTopology& tree = asTree(topology);
        const int k = tree.shape().nodesPerLeaf;
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            const Snapshot snap(tree, seed * 104729 + static_cast<std::uint64_t>(busyNodes * 100 + busyLinks * 10),
                                busyNodes, busyLinks);
            for (int n = 1; n <= snap.state.freeCount(); ++n) {
                const bool exists = laasReference(tree, snap, n);
                const auto allocation = LaasAllocator::search(tree, snap.state, snap.view, n);
                QVERIFY2(allocation.has_value() == exists,
                         qPrintable(QStringLiteral("seed %1, %2 nodes: reference %3").arg(seed).arg(n).arg(exists)));
                if (!allocation)
                    continue;
                QCOMPARE(static_cast<int>(allocation->nodes.size()), n);
                if (!allocation->idle.empty())
                    QCOMPARE(static_cast<int>(allocation->nodes.size() + allocation->idle.size()), (n + k - 1) / k * k);
                std::vector<int> held = allocation->nodes;
                held.insert(held.end(), allocation->idle.begin(), allocation->idle.end());
                const QString busy = freeOnSnapshot(tree, snap, held, allocation->links);
                QVERIFY2(busy.isEmpty(), qPrintable(busy));
                const std::vector<SimulationJob> job{{"1", 0, 1, 1, n}};
                const QString shape
                    = checkLaasRun(tree, job, oneJobRun(allocation->nodes, allocation->idle, allocation->links));
                QVERIFY2(shape.isEmpty(), qPrintable(shape));
            }
        }
    }

    void ledgerFollowsTheViewItIsAskedAbout()
    {
        const auto topology = fatTree("fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2");
        const FatTreeTopology& tree = asTree(topology);
        LinkLedger ledger(static_cast<int>(tree.links().size()));
        const int link = tree.leafUplink(0, 1);
        ledger.propose(5, {0, 2}, {link});
        QVERIFY_THROWS_EXCEPTION(std::logic_error, ledger.commit(5, {0, 3})); // not what was proposed
        ledger.commit(5, {0, 2});
        QCOMPARE(ledger.linksOf(5), std::vector<int>{link});
        ledger.propose(6, {1}, {link});
        QVERIFY_THROWS_EXCEPTION(std::logic_error, ledger.commit(6, {1})); // owned by job 5
        MachineState running(tree);
        running.take({0, 2}, 5);
        std::vector<char> busy;
        ledger.markBusy(running, busy);
        QVERIFY(busy[static_cast<size_t>(link)]);
        MachineState replay(tree); // a view where job 5 has ended (its nodes are free)
        ledger.markBusy(replay, busy);
        QVERIFY(!busy[static_cast<size_t>(link)]);
        ledger.release(5);
        QVERIFY(ledger.linksOf(5).empty());
        ledger.propose(6, {1}, {link});
        ledger.commit(6, {1});
    }

    void simulatorRecordsLinksAndHoldsWholeLeaves()
    {
        // Radix 8, 2 pods of 4 leaves of 4 nodes (32 nodes). LaaS gives a job of 18 nodes
        // U = 5 whole leaves (20 nodes: pod 0 whole, one leaf of pod 1); the next job of 14
        // nodes does not fit the 12 left and waits for it although only 18 nodes are in use.
        const auto topology = fatTree("fattree radix=8 pods=2 leaves-per-pod=4 nodes-per-leaf=4");
        const FatTreeTopology& tree = asTree(topology);
        const std::vector<SimulationJob> jobs{{"a", 0, 100, 100, 18}, {"b", 0, 50, 50, 14}};
        LaasAllocator laas(tree);
        SimulationOptions options;
        options.backfill = BackfillPolicy::Fcfs;
        const SimulationResult result = simulate(tree, jobs, laas, options);
        QCOMPARE(result.jobs[0].nodes.size(), size_t(18));
        QCOMPARE(result.jobs[0].held().size(), size_t(20));
        QVERIFY(!result.jobs[0].links.empty());
        QCOMPARE(result.jobs[1].start, std::int64_t(100));
        QVERIFY(checkIsolation(tree, jobs, result, LinkOwnership::Explicit).isEmpty());
        QVERIFY(checkLaasRun(tree, jobs, result).isEmpty());
        const SystemMetrics metrics = computeSystemMetrics(tree.nodeCount(), jobs, result);
        // Steady state 0-100 (b waited): 18 of 32 nodes used, 2 idle but allocated.
        QCOMPARE(metrics.steadyUtilization, 18.0 / 32);
        QCOMPARE(metrics.steadyIdleAllocated, 2.0 / 32);

        // Jigsaw on the same jobs: 18 nodes = one pod of 16 + a remainder tree of a leaf of 2
        // (n_L^r = 2), and b (14) fits the 14 left: it starts at once.
        JigsawAllocator jigsaw(tree);
        const SimulationResult packed = simulate(tree, jobs, jigsaw, options);
        QCOMPARE(packed.jobs[1].start, std::int64_t(0));
        QVERIFY(packed.jobs[0].allocated.empty());
        QVERIFY(!packed.jobs[0].links.empty());
        QVERIFY(jigsaw.ownedLinks(0).empty()); // freed when it ended
        QVERIFY(checkIsolation(tree, jobs, packed, LinkOwnership::Explicit).isEmpty());
        QVERIFY(checkJigsawRun(tree, jobs, packed).isEmpty());
    }

    void jobsJigsawCanNeverPlaceAreSkipped()
    {
        // A tapered tree (4 nodes, 2 up-links per leaf): a whole leaf cannot get an up-link
        // per node, so nothing spans pods under Jigsaw. The 20-node job holds the FCFS queue
        // until the machine is empty; offered all of it, it does not fit, and is reported
        // like a job larger than the machine instead of holding the queue forever. LaaS
        // (whole leaves, whatever the taper) places it.
        const auto topology = fatTree("fattree radix=8 pods=2 leaves-per-pod=4 nodes-per-leaf=4 uplinks-per-leaf=2");
        const FatTreeTopology& tree = asTree(topology);
        const std::vector<SimulationJob> jobs{{"a", 0, 10, 10, 4}, {"b", 0, 10, 10, 20}, {"c", 0, 10, 10, 4}};
        SimulationOptions options;
        options.backfill = BackfillPolicy::Fcfs;
        JigsawAllocator jigsaw(tree);
        const SimulationResult result = simulate(tree, jobs, jigsaw, options);
        QVERIFY(result.jobs[1].neverFits);
        QCOMPARE(result.neverFit, 1);
        QCOMPARE(result.jobs[0].start, std::int64_t(0));
        QCOMPARE(result.jobs[2].start, std::int64_t(10));
        LaasAllocator laas(tree);
        const SimulationResult rounded = simulate(tree, jobs, laas, options);
        QCOMPARE(rounded.neverFit, 0);
        QCOMPARE(rounded.jobs[1].held().size(), size_t(20));
    }

    void syntheticRunsStayIsolated_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("backfill");
        for (const char* machine : {"fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4",
                                    "fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4"})
            for (const char* policy : {"jigsaw", "jigsaw-most-leaves-first", "laas", "ta"})
                for (BackfillPolicy backfill :
                     {BackfillPolicy::Fcfs, BackfillPolicy::Easy, BackfillPolicy::Conservative})
                    QTest::addRow("%s %s %s", policy, backfillName(backfill), machine)
                        << machine << policy << static_cast<int>(backfill);
    }
    void syntheticRunsStayIsolated()
    {
        QFETCH(QString, machine);
        QFETCH(QString, policy);
        QFETCH(int, backfill);
        const auto topology = fatTree(machine.toStdString());
        const FatTreeTopology& tree = asTree(topology);
        SyntheticTraceOptions trace;
        // Conservative backfilling asks the allocator for every queued job of the window at
        // every expected end: fewer jobs keep it to a few seconds.
        trace.jobs = backfill == static_cast<int>(BackfillPolicy::Conservative) ? 400 : 1500;
        trace.meanNodes = 8;
        trace.maxNodes = tree.nodeCount();
        trace.seed = 3;
        const std::vector<SimulationJob> jobs = generateSyntheticTrace(trace);
        std::unique_ptr<Allocator> allocator;
        if (policy == QLatin1String("jigsaw"))
            allocator = std::make_unique<JigsawAllocator>(tree);
        else if (policy == QLatin1String("jigsaw-most-leaves-first"))
            allocator = std::make_unique<JigsawAllocator>(tree, JigsawOrder::MostLeavesFirst);
        else if (policy == QLatin1String("laas"))
            allocator = std::make_unique<LaasAllocator>(tree);
        else
            allocator = std::make_unique<TopologyAwareAllocator>(tree);
        SimulationOptions options;
        options.backfill = static_cast<BackfillPolicy>(backfill);
        const SimulationResult result = simulate(tree, jobs, *allocator, options);
        QString problem = checkNodeIsolation(tree, jobs, result);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const bool ta = policy == QLatin1String("ta");
        problem = checkIsolation(tree, jobs, result, ta ? LinkOwnership::TopologyAwareView : LinkOwnership::Explicit);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        if (policy.startsWith(QLatin1String("jigsaw")))
            problem = checkJigsawRun(tree, jobs, result);
        else if (policy == QLatin1String("laas"))
            problem = checkLaasRun(tree, jobs, result);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        if (options.backfill == BackfillPolicy::Easy)
            for (const SimulatedJob& run : result.jobs)
                QVERIFY(run.firstReservation < 0 || run.start <= run.firstReservation);
    }

    void syntheticTraceIsSeededAndShaped()
    {
        const std::vector<SimulationJob> jobs = generateSyntheticTrace();
        QCOMPARE(jobs.size(), size_t(10'000));
        double nodes = 0;
        int largest = 0, single = 0;
        for (const SimulationJob& job : jobs) {
            QCOMPARE(job.submit, std::int64_t(0));
            QVERIFY(job.runTime >= 20 && job.runTime <= 3000);
            QVERIFY(job.nodes >= 1);
            nodes += job.nodes;
            largest = std::max(largest, job.nodes);
            single += job.nodes == 1 ? 1 : 0;
        }
        // ceil of an exponential of mean 16: mean about 16.5; the paper's Synth-16 has a
        // largest job of 138 nodes in 10,000.
        QVERIFY2(std::abs(nodes / 10'000 - 16.5) < 0.6, qPrintable(QString::number(nodes / 10'000)));
        QVERIFY(largest > 100 && largest < 220);
        QVERIFY(single > 0);
        QCOMPARE(generateSyntheticTrace()[1234].nodes, jobs[1234].nodes);
        SyntheticTraceOptions other;
        other.seed = 2;
        other.maxNodes = 64;
        const std::vector<SimulationJob> capped = generateSyntheticTrace(other);
        QVERIFY(std::any_of(capped.begin(), capped.end(),
                            [&](const SimulationJob& job) { return job.nodes != jobs[&job - capped.data()].nodes; }));
        QVERIFY(std::all_of(capped.begin(), capped.end(), [](const SimulationJob& job) { return job.nodes <= 64; }));
    }
};

QTEST_APPLESS_MAIN(TestIsolation)
#include "tst_isolation.moc"
