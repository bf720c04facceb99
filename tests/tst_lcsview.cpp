// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// LC+S's view of the machine kept up by the changes instead of read whole, the change marks
// of MachineState and BandwidthLedger it reads, and its answers without a search (fits()
// from an allocation found before, keepsReservation()).

#include "core/BandwidthLedger.h"
#include "core/FatTreeFreeView.h"
#include "core/FatTreeTopology.h"
#include "core/LcsAllocator.h"
#include "core/MachineSpec.h"
#include "core/SplitMix64.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

using namespace placement;

namespace {

constexpr int capacity = LcsAllocator::linkCapacity;

const FatTreeTopology& asTree(const std::unique_ptr<Topology>& topology)
{
    return dynamic_cast<const FatTreeTopology&>(*topology);
}

std::vector<int> blocksSince(const MachineState& state, std::uint64_t identity, std::uint64_t version, bool* known)
{
    std::vector<int> blocks;
    *known = state.changedSince(identity, version, blocks);
    return blocks;
}

std::vector<int> blocksSince(const BandwidthLedger& ledger, std::uint64_t identity, std::uint64_t version, bool* known)
{
    std::vector<int> blocks;
    *known = ledger.changedSince(identity, version, blocks);
    return blocks;
}

/// Whether the allocator's view (and its hash) is the one read whole from `state` and its
/// ledger for a job of `demand` units.
bool viewIsFresh(const FatTreeTopology& tree, const MachineState& state, const LcsAllocator& allocator, int demand)
{
    FatTreeFreeView fresh;
    LcsAllocator::buildView(tree, state, allocator.ledger(), demand, fresh);
    const FatTreeFreeView& kept = allocator.view();
    return kept.leafFree == fresh.leafFree && kept.podFree == fresh.podFree && kept.leafPorts == fresh.leafPorts
        && kept.l2Ports == fresh.l2Ports && allocator.viewHash() == fresh.hash();
}

struct Running
{
    int job;
    std::vector<int> nodes;
};

} // namespace

class TestLcsView : public QObject
{
    Q_OBJECT

private slots:
    void stateMarksChangedBlocks()
    {
        const auto topology = parseMachineSpec("fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4");
        const FatTreeTopology& tree = asTree(topology);
        constexpr int block = MachineState::changeBlock;
        MachineState state(tree);
        bool known = true;
        blocksSince(state, state.identity(), 0, &known);
        QVERIFY(!known); // changes not marked yet
        state.markChanges();
        const std::uint64_t start = state.version();
        QVERIFY(blocksSince(state, state.identity(), start, &known).empty());
        QVERIFY(known);
        state.take({0, 1, 3 * block + 2}, 7);
        state.take({5 * block}, 8);
        QCOMPARE(blocksSince(state, state.identity(), start, &known), (std::vector<int>{0, 3, 5}));
        QCOMPARE(blocksSince(state, state.identity(), start + 1, &known), (std::vector<int>{5}));
        blocksSince(state, state.identity(), state.version() + 1, &known);
        QVERIFY(!known); // a version not reached

        // A copy: its own changes since it was made, or since an earlier version of the
        // state it was copied from; not another state's.
        const std::uint64_t copiedAt = state.version();
        MachineState copy = state;
        copy.release({3 * block + 2});
        QCOMPARE(blocksSince(copy, state.identity(), copiedAt, &known), (std::vector<int>{3}));
        QCOMPARE(blocksSince(copy, state.identity(), start + 1, &known), (std::vector<int>{3, 5}));
        QCOMPARE(blocksSince(copy, copy.identity(), 0, &known), (std::vector<int>{3}));
        QVERIFY(blocksSince(copy, copy.identity(), 1, &known).empty());
        blocksSince(copy, state.identity(), copiedAt + 1, &known);
        QVERIFY(!known);
        MachineState other(tree);
        other.markChanges();
        blocksSince(copy, other.identity(), 0, &known);
        QVERIFY(!known);

        // A copy of a copy counts on from both.
        MachineState second = copy;
        second.take({7 * block + 1}, 9);
        QCOMPARE(blocksSince(second, copy.identity(), 0, &known), (std::vector<int>{3, 7}));
        QCOMPARE(blocksSince(second, copy.identity(), 1, &known), (std::vector<int>{7}));
        QCOMPARE(blocksSince(second, second.identity(), 0, &known), (std::vector<int>{7}));
        // The state first copied changes on: its marks are its own.
        state.take({6 * block}, 10);
        QCOMPARE(blocksSince(state, state.identity(), copiedAt, &known), (std::vector<int>{6}));
    }

    void ledgerMarksChangedBlocks()
    {
        const auto topology = parseMachineSpec("fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4");
        const FatTreeTopology& tree = asTree(topology);
        constexpr int block = BandwidthLedger::changeBlock;
        const int first = tree.leafUplink(0, 0);
        BandwidthLedger ledger(static_cast<int>(tree.links().size()), capacity);
        bool known = false;
        QVERIFY(blocksSince(ledger, ledger.identity(), 0, &known).empty());
        QVERIFY(known);
        ledger.propose(1, {0}, {first, first + 2 * block}, 2);
        QVERIFY(blocksSince(ledger, ledger.identity(), 0, &known).empty()); // a proposal is no change
        ledger.commit(1, {0});
        const int firstBlock = first / block;
        QCOMPARE(blocksSince(ledger, ledger.identity(), 0, &known), (std::vector<int>{firstBlock, firstBlock + 2}));
        const std::uint64_t copiedAt = ledger.version();
        BandwidthLedger copy = ledger;
        QVERIFY(blocksSince(copy, ledger.identity(), copiedAt, &known).empty());
        copy.release(1);
        QCOMPARE(blocksSince(copy, ledger.identity(), copiedAt, &known),
                 (std::vector<int>{firstBlock, firstBlock + 2}));
        QCOMPARE(blocksSince(copy, ledger.identity(), 0, &known), (std::vector<int>{firstBlock, firstBlock + 2}));
        QCOMPARE(copy.loads()[static_cast<size_t>(first)], 0);
        QCOMPARE(ledger.loads()[static_cast<size_t>(first)], 2);
        blocksSince(copy, ledger.identity(), copiedAt + 1, &known);
        QVERIFY(!known);
    }

    void viewFollowsTheMachine_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::addColumn<std::uint64_t>("seed");
        QTest::addRow("radix 8") << "fattree radix=8 pods=8 leaves-per-pod=4 nodes-per-leaf=4" << std::uint64_t(1);
        QTest::addRow("radix 8, 3 pods") << "fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4"
                                         << std::uint64_t(2);
        QTest::addRow("jigsaw-1024") << "jigsaw-1024" << std::uint64_t(3);
    }
    void viewFollowsTheMachine()
    {
        // Jobs start and end on a machine, EASY-like copies replay ends and try the head, the
        // classes change from one request to the next: after every allocate() the view kept
        // up by the changes is the one read whole.
        QFETCH(QString, machine);
        QFETCH(std::uint64_t, seed);
        const auto topology = parseMachineSpec(machine.toStdString());
        const FatTreeTopology& tree = asTree(topology);
        LcsOptions options;
        options.timeoutSeconds = 0;
        options.stepBudget = 20'000;
        options.seed = seed;
        LcsAllocator allocator(tree, options);
        MachineState state(tree);
        state.markChanges();
        SplitMix64 random(seed);
        std::vector<Running> running;
        int nextJob = 0;
        int checks = 0, started = 0;
        const auto request = [&](int job) {
            return AllocationRequest{job, static_cast<int>(random.between(1, tree.shape().nodesPerLeaf * 3))};
        };
        for (int step = 0; step < 1500; ++step) {
            const double action = random.uniform();
            if (action < 0.45 || running.empty()) {
                const AllocationRequest asked = request(nextJob++);
                if (asked.nodes > state.freeCount())
                    continue;
                std::vector<int> nodes = allocator.allocate(state, asked);
                ++checks;
                QVERIFY2(viewIsFresh(tree, state, allocator, allocator.demand(asked.job)),
                         qPrintable(QStringLiteral("step %1").arg(step)));
                if (!nodes.empty() && random.uniform() < 0.8) {
                    state.take(nodes, asked.job);
                    allocator.started(asked, nodes);
                    running.push_back({asked.job, nodes});
                    ++started;
                }
            } else if (action < 0.75) {
                const auto which
                    = static_cast<size_t>(random.between(0, static_cast<std::int64_t>(running.size()) - 1));
                state.release(running[which].nodes);
                allocator.ended(AllocationRequest{running[which].job, 0}, running[which].nodes);
                running.erase(running.begin() + static_cast<std::ptrdiff_t>(which));
            } else {
                // A replay: a copy of the machine and of the allocator, a few jobs ended on
                // them, a request after each; a masked copy (nodes held for a reservation).
                MachineState future = state;
                std::unique_ptr<Allocator> copy = allocator.clone();
                auto& lcs = dynamic_cast<LcsAllocator&>(*copy);
                const AllocationRequest head = request(nextJob++);
                for (size_t i = 0; i < running.size() && i < 4; ++i) {
                    future.release(running[i].nodes);
                    lcs.ended(AllocationRequest{running[i].job, 0}, running[i].nodes);
                    if (head.nodes > future.freeCount())
                        continue;
                    lcs.allocate(future, head);
                    ++checks;
                    QVERIFY2(viewIsFresh(tree, future, lcs, lcs.demand(head.job)),
                             qPrintable(QStringLiteral("replay at step %1").arg(step)));
                }
                MachineState masked = state;
                std::vector<int> held;
                for (int node = 0; node < tree.nodeCount() && held.size() < 5; node += 7)
                    if (masked.isFree(node))
                        held.push_back(node);
                masked.take(held, MachineState::reservationOwner);
                const AllocationRequest candidate = request(nextJob++);
                if (candidate.nodes <= masked.freeCount()) {
                    allocator.allocate(masked, candidate);
                    ++checks;
                    QVERIFY2(viewIsFresh(tree, masked, allocator, allocator.demand(candidate.job)),
                             qPrintable(QStringLiteral("masked at step %1").arg(step)));
                }
            }
        }
        QVERIFY(checks > 500);
        QVERIFY(started > 50);
    }

    void fitsAndReservationsFromAnAllocationFound()
    {
        // Radix 4, 2 pods of 2 leaves of 2 nodes: job 1 needs 4 nodes on 2 leaves, hence
        // up-links. A copy finds it (as a reservation replay would); the allocator then knows
        // the head fits while those links keep room, without a search.
        const auto topology = parseMachineSpec("fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2");
        const FatTreeTopology& tree = asTree(topology);
        LcsOptions options;
        options.timeoutSeconds = 0;
        LcsAllocator allocator(tree, options);
        MachineState state(tree);
        state.markChanges();
        const AllocationRequest head{1, 4};
        const std::unique_ptr<Allocator> copy = allocator.clone();
        const std::vector<int> reserved = copy->allocate(state, head);
        QCOMPARE(reserved.size(), size_t(4));
        const std::int64_t searches = allocator.counters().searches;
        QVERIFY(allocator.fits(state, head));
        QCOMPARE(allocator.counters().searches, searches); // answered from what the copy found

        // A candidate on the other pod, on one leaf: no links, the reservation keeps.
        std::vector<int> others;
        for (int node = 0; node < tree.nodeCount(); ++node)
            if (!std::binary_search(reserved.begin(), reserved.end(), node))
                others.push_back(node);
        const AllocationRequest small{2, 1};
        MachineState masked = state;
        masked.take(reserved, MachineState::reservationOwner);
        const std::vector<int> smallNodes = allocator.allocate(masked, small);
        QCOMPARE(smallNodes.size(), size_t(1));
        QVERIFY(allocator.keepsReservation(head, reserved, small, smallNodes));
        // Not for nodes of the reservation, nor for another reservation.
        QVERIFY(!allocator.keepsReservation(head, reserved, small, {reserved.front()}));
        QVERIFY(!allocator.keepsReservation(head, others, small, smallNodes));

        // A node of the allocation found taken: fits() searches (and finds another).
        MachineState busy = state;
        busy.take({reserved.front()}, 3);
        QVERIFY(allocator.fits(busy, head));
        QVERIFY(allocator.counters().searches > searches);
        // Once the head starts, what was found for it is forgotten.
        const std::vector<int> placed = allocator.allocate(state, head);
        state.take(placed, head.job);
        allocator.started(head, placed);
        QVERIFY(!allocator.keepsReservation(head, reserved, small, smallNodes));
    }

    void reservationKeptOnlyWithRoomOnItsLinks_data()
    {
        QTest::addColumn<int>("running"); // the classes (units) of a running job, the candidate, the head
        QTest::addColumn<int>("candidate");
        QTest::addColumn<int>("head");
        QTest::addColumn<bool>("keeps");
        QTest::addRow("1 + 1 + 1 units") << 1 << 1 << 1 << true;
        QTest::addRow("4 + 2 + 2 units, at the cap") << 4 << 2 << 2 << true;
        QTest::addRow("4 + 2 + 4 units") << 4 << 2 << 4 << false;
        QTest::addRow("4 + 4 + 1 units") << 4 << 4 << 1 << false;
    }
    void reservationKeptOnlyWithRoomOnItsLinks()
    {
        // Radix 4, 2 pods of 2 leaves of 3 nodes. Leaf 0 is nodes 0-2, leaf 1 nodes 3-5; a
        // pair of nodes, one on each, is joined by their up-links to the pod's first L2
        // switch. A running job holds nodes 2 and 5, the head's reservation 0 and 3, the
        // candidate 1 and 4: all three on the same two links.
        QFETCH(int, running);
        QFETCH(int, candidate);
        QFETCH(int, head);
        QFETCH(bool, keeps);
        const auto topology = parseMachineSpec("fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=3");
        const FatTreeTopology& tree = asTree(topology);
        LcsOptions options;
        options.timeoutSeconds = 0;
        const auto jobOfClass = [&](int units, int after) {
            int job = after + 1;
            while (LcsAllocator::demandOf(job, options.seed) != units)
                ++job;
            return job;
        };
        const int runningJob = jobOfClass(running, 0);
        const int candidateJob = jobOfClass(candidate, runningJob);
        const int headJob = jobOfClass(head, candidateJob);
        LcsAllocator allocator(tree, options);
        const auto onlyFree = [&](const std::vector<int>& free) {
            MachineState state(tree);
            state.markChanges();
            std::vector<int> others;
            for (int node = 0; node < tree.nodeCount(); ++node)
                if (!std::count(free.begin(), free.end(), node))
                    others.push_back(node);
            state.take(others, 1'000'000); // no job of the ledger
            return state;
        };
        const std::vector<int> sharedLinks{tree.leafUplink(0, 0), tree.leafUplink(1, 0)};

        MachineState first = onlyFree({2, 5});
        const AllocationRequest runningRequest{runningJob, 2};
        QCOMPARE(allocator.allocate(first, runningRequest), (std::vector<int>{2, 5}));
        allocator.started(runningRequest, {2, 5});
        QCOMPARE(allocator.ownedLinks(runningJob), sharedLinks);

        MachineState replay = onlyFree({0, 3});
        const AllocationRequest headRequest{headJob, 2};
        const std::unique_ptr<Allocator> copy = allocator.clone();
        const std::vector<int> reserved = copy->allocate(replay, headRequest);
        QCOMPARE(reserved, (std::vector<int>{0, 3}));

        MachineState masked = onlyFree({1, 4});
        const AllocationRequest candidateRequest{candidateJob, 2};
        const std::vector<int> nodes = allocator.allocate(masked, candidateRequest);
        QCOMPARE(nodes, (std::vector<int>{1, 4}));
        QCOMPARE(*allocator.ledger().proposedLinks(candidateJob), sharedLinks);
        QCOMPARE(allocator.keepsReservation(headRequest, reserved, candidateRequest, nodes), keeps);
    }
};

QTEST_APPLESS_MAIN(TestLcsView)
#include "tst_lcsview.moc"
