// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Aucsched3.h"
#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/SetPacking.h"
#include "core/SplitMix64.h"
#include "core/SwitchHierarchy.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace placement;

namespace {

/// The best objective of any choice of at most one bid per job with no node in two bids:
/// every combination tried.
double bruteForceObjective(const Auction& auction, int jobs, int nodeCount)
{
    std::vector<std::vector<int>> bidsOf(static_cast<size_t>(jobs));
    for (size_t b = 0; b < auction.bids.size(); ++b)
        bidsOf[static_cast<size_t>(auction.bids[b].job)].push_back(static_cast<int>(b));
    std::vector<char> used(static_cast<size_t>(nodeCount), 0);
    double best = 0;
    const auto search = [&](const auto& self, int job, double sum) -> void {
        if (job == jobs) {
            best = std::max(best, sum);
            return;
        }
        self(self, job + 1, sum); // no bid of this job
        for (int b : bidsOf[static_cast<size_t>(job)]) {
            const AuctionBid& bid = auction.bids[static_cast<size_t>(b)];
            if (std::any_of(bid.nodes.begin(), bid.nodes.end(), [&](int n) { return used[static_cast<size_t>(n)]; }))
                continue;
            for (int n : bid.nodes)
                used[static_cast<size_t>(n)] = 1;
            self(self, job + 1, sum + bid.value);
            for (int n : bid.nodes)
                used[static_cast<size_t>(n)] = 0;
        }
    };
    search(search, 0, 0.0);
    return best;
}

/// A random machine state (about `busyShare` of the nodes busy) and a window of 1-`maxJobs` jobs.
struct RandomCase
{
    MachineState state;
    std::vector<AllocationRequest> window;
};

RandomCase randomCase(const Topology& machine, SplitMix64& random, int maxJobs, double busyShare)
{
    RandomCase made{MachineState(machine), {}};
    std::vector<int> busy;
    for (int node = 0; node < machine.nodeCount(); ++node)
        if (random.uniform() < busyShare)
            busy.push_back(node);
    made.state.take(busy, 999);
    const int jobs = static_cast<int>(random.between(1, maxJobs));
    for (int j = 0; j < jobs; ++j)
        made.window.push_back({j, static_cast<int>(random.between(1, std::max(1, machine.nodeCount() / 2))), 60});
    return made;
}

const char* const smallMachines[] = {
    "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2", // 8 nodes, 3 levels
    "switchtree parents=-1,0,0,1,1 nodes=0,0,3,2,3", // irregular depths
    "switchtree parents=-1,0,0,1,2,1 nodes=1,0,0,2,2,2", // switch order is not index order
    "switchtree parents=-1 nodes=6", // one switch: no level term
};

} // namespace

class TestAucsched3 : public QObject
{
    Q_OBJECT
private slots:
    void setPackingMatchesBruteForce()
    {
        SplitMix64 random(7);
        for (int round = 0; round < 300; ++round) {
            SetPackingProblem problem;
            const int items = static_cast<int>(random.between(1, 12));
            for (int i = 0; i < items; ++i)
                problem.values.push_back(random.uniform() * 10 - 2); // some worth nothing
            const int sets = static_cast<int>(random.between(0, 8));
            for (int s = 0; s < sets; ++s) {
                std::vector<int> set;
                for (int i = 0; i < items; ++i)
                    if (random.uniform() < 0.35)
                        set.push_back(i);
                problem.conflicts.push_back(set);
            }
            double best = 0;
            for (unsigned mask = 0; mask < (1u << items); ++mask) {
                bool fits = true;
                for (const auto& set : problem.conflicts)
                    fits = fits && std::count_if(set.begin(), set.end(), [&](int i) { return mask >> i & 1; }) <= 1;
                double sum = 0;
                for (int i = 0; i < items; ++i)
                    sum += (mask >> i & 1) ? problem.values[static_cast<size_t>(i)] : 0;
                if (fits)
                    best = std::max(best, sum);
            }
            const SetPackingSolution solution = solveSetPacking(problem);
            QVERIFY2(std::abs(solution.objective - best) < 1e-9, qPrintable(QStringLiteral("round %1").arg(round)));
        }
    }

    void nodeLimitKeepsTheBestFound()
    {
        // Stopped after one branch-and-bound node, the solver answers with the best packing
        // it has (at least the greedy start), says it is unproved, and never beats the optimum.
        SplitMix64 random(13);
        int unproved = 0;
        for (int round = 0; round < 100; ++round) {
            SetPackingProblem problem;
            for (int i = 0; i < 40; ++i)
                problem.values.push_back(1 + random.uniform());
            for (int set = 0; set < 30; ++set) {
                std::vector<int> members;
                for (int i = 0; i < 40; ++i)
                    if (random.uniform() < 0.1)
                        members.push_back(i);
                problem.conflicts.push_back(members);
            }
            const SetPackingSolution exact = solveSetPacking(problem);
            QVERIFY(exact.optimal);
            problem.nodeLimit = 1;
            const SetPackingSolution stopped = solveSetPacking(problem);
            double sum = 0;
            for (int item : stopped.chosen)
                sum += problem.values[static_cast<size_t>(item)];
            QVERIFY(std::abs(sum - stopped.objective) < 1e-9);
            for (const auto& set : problem.conflicts)
                QVERIFY(std::count_if(
                            set.begin(), set.end(),
                            [&](int i) { return std::count(stopped.chosen.begin(), stopped.chosen.end(), i) > 0; })
                        <= 1);
            QVERIFY(stopped.objective <= exact.objective + 1e-9);
            if (stopped.optimal)
                QVERIFY(std::abs(stopped.objective - exact.objective) < 1e-9);
            unproved += stopped.optimal ? 0 : 1;
        }
        QVERIFY(unproved > 0); // the limit was reached in some rounds
    }

    void costAndAlphaFollowThePaper()
    {
        // Radix-4 fat-tree: leaves level 0, pods 1, the spine layer 2 = L_max; 8 nodes.
        const auto machine = parseMachineSpec("fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2");
        const Aucsched3Auction auction(*machine);
        QCOMPARE(auction.maxLevel(), 2);
        QCOMPARE(auction.cost(2, 0), 1.0 + 2.0 / 8); // eq. 5: 1 + N_i/|N| + L_i/L_max
        QCOMPARE(auction.cost(8, 2), 3.0); // the whole machine: the top of (0, 3]
        QCOMPARE(Aucsched3Auction::priority(0, 3), 4.0); // queue order, one apart
        QCOMPARE(Aucsched3Auction::priority(2, 3), 2.0);
        MachineState state(*machine);
        state.take({1, 2}, 99); // free: 0 | 3 | 4 5 | 6 7
        const Auction prepared = auction.prepare(state, {{0, 2, 60}, {1, 1, 60}, {2, 3, 60}});
        QCOMPARE(prepared.alpha, 1.0 / 3); // eq. 7: P_min_diff / 3
        // The 2-node job: leaves 2 and 3 hold it (level 0); the 1-node job any free node;
        // the 3-node job needs pod 1 (level 1) or, across pods, the spine layer (level 2).
        QCOMPARE(prepared.bids.front().nodes, (std::vector<int>{4, 5}));
        QCOMPARE(prepared.bids.front().level, 0);
        const std::vector<std::vector<int>> inPod1{{4, 5, 6}, {5, 6, 7}};
        for (const AuctionBid& bid : prepared.bids) {
            if (bid.job != 2)
                continue;
            const bool pod1 = std::find(inPod1.begin(), inPod1.end(), bid.nodes) != inPod1.end();
            QCOMPARE(bid.level, pod1 ? 1 : 2);
        }
        QCOMPARE(prepared.bids.front().value, 4.0 - (1.0 + 2.0 / 8) / 3);
    }

    void bidsAreFreeNodesUnderOneSwitch()
    {
        SplitMix64 random(11);
        for (const char* spec : smallMachines) {
            const auto machine = parseMachineSpec(spec);
            PlacementAnalyzer analyzer(*machine);
            const Aucsched3Auction auction(*machine, {4});
            for (int round = 0; round < 100; ++round) {
                const RandomCase c = randomCase(*machine, random, 4, 0.4);
                const Auction prepared = auction.prepare(c.state, c.window);
                std::vector<int> bids(c.window.size(), 0);
                for (const AuctionBid& bid : prepared.bids) {
                    ++bids[static_cast<size_t>(bid.job)];
                    QCOMPARE(static_cast<int>(bid.nodes.size()), c.window[static_cast<size_t>(bid.job)].nodes);
                    QVERIFY(std::is_sorted(bid.nodes.begin(), bid.nodes.end()));
                    QCOMPARE(std::set<int>(bid.nodes.begin(), bid.nodes.end()).size(), bid.nodes.size());
                    for (int node : bid.nodes)
                        QVERIFY(c.state.isFree(node));
                    QCOMPARE(bid.level, analyzer.measure(bid.nodes).lowestCommonLevel); // L_i is the LLCS metric
                    QCOMPARE(bid.cost, auction.cost(static_cast<int>(bid.nodes.size()), bid.level));
                }
                for (size_t j = 0; j < c.window.size(); ++j) {
                    // Every job that fits the free nodes has a bid (the root's scan holds them all).
                    QCOMPARE(bids[j] > 0, c.window[j].nodes <= c.state.freeCount());
                    QVERIFY(bids[j] <= 4);
                }
            }
        }
    }

    void programMatchesBruteForceOnSmallWindows()
    {
        SplitMix64 random(3);
        int cases = 0;
        for (const char* spec : smallMachines) {
            const auto machine = parseMachineSpec(spec);
            const Aucsched3Auction auction(*machine, {4});
            for (int round = 0; round < 150; ++round) {
                const RandomCase c = randomCase(*machine, random, 4, 0.25);
                const Auction solved = auction.run(c.state, c.window);
                const double best
                    = bruteForceObjective(solved, static_cast<int>(c.window.size()), machine->nodeCount());
                QVERIFY2(
                    std::abs(solved.objective - best) < 1e-9,
                    qPrintable(
                        QStringLiteral("%1 round %2: %3 vs %4").arg(spec).arg(round).arg(solved.objective).arg(best)));
                // The choice is feasible and worth what it says.
                std::set<int> taken;
                double sum = 0;
                for (size_t j = 0; j < c.window.size(); ++j) {
                    if (solved.chosen[j] < 0)
                        continue;
                    const AuctionBid& bid = solved.bids[static_cast<size_t>(solved.chosen[j])];
                    QCOMPARE(bid.job, static_cast<int>(j));
                    for (int node : bid.nodes)
                        QVERIFY(taken.insert(node).second);
                    sum += bid.value;
                }
                QVERIFY(std::abs(sum - solved.objective) < 1e-9);
                ++cases;
            }
        }
        QCOMPARE(cases, 600);
    }

    void priorityOrderIsPreserved()
    {
        // Soner & Özturan §2, eqs. 8-10: with alpha = P_min_diff / 3 and C in (0, 3], if
        // P_j1 > P_j2 then every bid of j1 is worth more than every bid of j2. Every bid is
        // worth at least P_min - 1 = 1 > 0, so the optimum is maximal: a job left out has no
        // bid on nodes the chosen bids leave free.
        SplitMix64 random(5);
        for (const char* spec : smallMachines) {
            const auto machine = parseMachineSpec(spec);
            const Aucsched3Auction auction(*machine, {4});
            for (int round = 0; round < 100; ++round) {
                const RandomCase c = randomCase(*machine, random, 5, 0.3);
                const Auction solved = auction.run(c.state, c.window);
                for (const AuctionBid& a : solved.bids) {
                    QVERIFY(a.cost > 0 && a.cost <= 3);
                    QVERIFY(a.value >= 1 - 1e-12);
                    for (const AuctionBid& b : solved.bids)
                        if (solved.priorities[static_cast<size_t>(a.job)]
                            > solved.priorities[static_cast<size_t>(b.job)])
                            QVERIFY(a.value > b.value);
                }
                std::set<int> taken;
                for (int chosen : solved.chosen)
                    if (chosen >= 0)
                        for (int node : solved.bids[static_cast<size_t>(chosen)].nodes)
                            taken.insert(node);
                for (const AuctionBid& bid : solved.bids) {
                    if (solved.chosen[static_cast<size_t>(bid.job)] >= 0)
                        continue;
                    QVERIFY2(std::any_of(bid.nodes.begin(), bid.nodes.end(), [&](int n) { return taken.count(n) > 0; }),
                             "a job was left out although one of its bids still fits");
                }
            }
        }
    }

    void higherPriorityJobCanLoseToTwoLowerOnes()
    {
        // What the proof does not give: the program maximises a sum, so two lower-priority
        // jobs can together outbid a higher one that conflicts with both. One 4-node switch;
        // window A (4 nodes), B (2), C (2): A is worth 4 - (1 + 1)/3 = 3.33, B 3 - 1.5/3 = 2.5,
        // C 2 - 1.5/3 = 1.5; B and C (4.0) win although A had a bid.
        const auto machine = parseMachineSpec("switchtree parents=-1 nodes=4");
        const Aucsched3Auction auction(*machine);
        const MachineState state(*machine);
        const Auction solved = auction.run(state, {{0, 4, 60}, {1, 2, 60}, {2, 2, 60}});
        QCOMPARE(solved.chosen[0], -1);
        QVERIFY(solved.chosen[1] >= 0 && solved.chosen[2] >= 0);
        QVERIFY(std::abs(solved.objective - 4.0) < 1e-9);
    }

    void windowOfOneTakesTheCheapestBid()
    {
        // Radix-6 tree, 2 pods x 3 leaves x 3 nodes; free: leaf 0 {1,2}, leaf 1 {3,4,5},
        // leaf 3 {11}, leaves 4 and 5 whole (as the slurm-tree test in tst_simulator).
        const auto tree = parseMachineSpec("fattree radix=6 pods=2 leaves-per-pod=3 nodes-per-leaf=3");
        MachineState state(*tree);
        state.take({0, 6, 7, 8, 9, 10}, 99);
        Aucsched3Allocator allocator(*tree);
        // 2 nodes: one leaf (level 0); the tightest leaf, leaf 0.
        QCOMPARE(allocator.allocate(state, {0, 2, 60}), (std::vector<int>{1, 2}));
        // 4 nodes: no leaf holds it; pod 0 (5 free) is tighter than pod 1 (7); the first four
        // of its run 1-5.
        QCOMPARE(allocator.allocate(state, {0, 4, 60}), (std::vector<int>{1, 2, 3, 4}));
        // 10 nodes: only the spine layer; the first 10 free nodes of its scan.
        QCOMPARE(allocator.allocate(state, {0, 10, 60}), (std::vector<int>{1, 2, 3, 4, 5, 11, 12, 13, 14, 15}));
        QVERIFY(allocator.allocate(state, {0, 13, 60}).empty()); // 12 free
        QVERIFY(allocator.windowScheduler() != nullptr);
    }
};

QTEST_APPLESS_MAIN(TestAucsched3)
#include "tst_aucsched3.moc"
