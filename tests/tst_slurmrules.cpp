// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Slurm 22.05's node selection on topology/tree (core/Slurm2205Allocators.h), on the
// localhost cluster's machine: 8 leaves s0-s7 of 16 nodes, pods m0 (s0-s3) and m1 (s4-s7),
// root "top". Cases worked by hand through job_test.c's _eval_nodes_topo and
// select_linear.c's _job_test_topo (tag slurm-22-05-8-1); the first ones are placements the
// real slurmctld made (tests/data/slurm/sacct-steps.txt).
#include "core/AllocatorFactory.h"
#include "core/ListAllocators.h"
#include "core/Slurm2205Allocators.h"
#include "core/SwitchTreeTopology.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace placement;

namespace {

SwitchTreeTopology clusterMachine()
{
    std::vector<int> nodes(11, 0);
    std::fill(nodes.begin(), nodes.begin() + 8, 16);
    return SwitchTreeTopology({8, 8, 8, 8, 9, 9, 9, 9, 10, 10, -1}, nodes);
}

/// Nodes first..last of the 1-based names n001.. (node ids are 0-based).
std::vector<int> names(int first, int last)
{
    std::vector<int> ids(static_cast<size_t>(last - first + 1));
    std::iota(ids.begin(), ids.end(), first - 1);
    return ids;
}

std::vector<int> operator+(std::vector<int> a, const std::vector<int>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    std::sort(a.begin(), a.end());
    return a;
}

/// A machine on which leaf s has `free[s]` free nodes, the last ones of the leaf.
MachineState withFreeNodes(const Topology& machine, const std::vector<int>& free)
{
    MachineState state(machine);
    int owner = 0;
    for (int leaf = 0; leaf < 8; ++leaf) {
        const int busy = 16 - free[static_cast<size_t>(leaf)];
        if (busy > 0)
            state.take(names(leaf * 16 + 1, leaf * 16 + busy), owner++);
    }
    return state;
}

std::vector<int> place(Allocator& allocator, const MachineState& state, int nodes)
{
    return allocator.allocate(state, AllocationRequest{1000, nodes, 60});
}

} // namespace

class TestSlurmRules : public QObject
{
    Q_OBJECT

private slots:
    void consTresRepeatsTheClusterPlacements()
    {
        // sacct-steps.txt: 4101 (3 nodes) on n001-003, then 4102 (20) on n[004-007,017-032]:
        // no leaf holds 20, the top switch is the root; s1 (16 free) beats s0 (13) as the
        // roomier leaf of the same pod, s2 ties with s1 and comes later, s4's pod m1 (64)
        // fits and is looser than m0 (61). Then 4 more from the closest leaves (s0, s2, s3
        // at 2 hops): s0 fits them and is the tightest.
        const SwitchTreeTopology machine = clusterMachine();
        SlurmTree2205ConsTresAllocator allocator;
        MachineState state(machine);
        QCOMPARE(place(allocator, state, 3), names(1, 3));
        state.take(names(1, 3), 1);
        QCOMPARE(place(allocator, state, 20), names(4, 7) + names(17, 32));
        state.take(names(4, 7) + names(17, 32), 2);
        // The array's tasks (2 nodes each) fill s0 from n008, the tightest leaf.
        for (int task = 0; task < 3; ++task) {
            const std::vector<int> nodes = place(allocator, state, 2);
            QCOMPARE(nodes, names(8 + 2 * task, 9 + 2 * task));
            state.take(nodes, 3 + task);
        }
        // 4104 (1 node): n014 on s0 (3 free, the tightest); 4105 (4): s0 no longer fits,
        // s2 is the first of the tightest leaves that do: n033-036.
        QCOMPARE(place(allocator, state, 1), names(14, 14));
        state.take(names(14, 14), 6);
        QCOMPARE(place(allocator, state, 4), names(33, 36));
    }

    void consTresCrossesPodsToATightLeafScannedEarlier()
    {
        // Free: s0 4, s4 16, s5 3. A 20-node job: no leaf fits; s4 against s0 climbs to the
        // pods (m1 19, m0 4, neither fits) and wins as the roomier; s5 loses to s4 in the
        // same pod. 4 left: s0 is the first candidate (4 hops away) and fits; s5 is closer
        // (2 hops) but does not fit, a worse fit, so s0 stays: the job spans both pods.
        const SwitchTreeTopology machine = clusterMachine();
        const MachineState state = withFreeNodes(machine, {4, 0, 0, 0, 16, 3, 0, 0});
        SlurmTree2205ConsTresAllocator allocator;
        QCOMPARE(place(allocator, state, 20), names(13, 16) + names(65, 80));
        // The newer rule (slurm-tree, eval_nodes_tree.c) stays in the pod: s4 and s5, then s0.
        SlurmTreeAllocator newer;
        QCOMPARE(place(newer, state, 20), names(13, 13) + names(65, 80) + names(94, 96));
    }

    void consTresTakesTheRoomiestLeafFirstWhenNoneFits()
    {
        // Free: s0 10, s1 3, s2 6. 12 nodes: no leaf fits, all in one pod: the roomiest leaf
        // s0 first; 2 left: s1 and s2 are both 2 hops away and fit, s1 is tighter.
        const SwitchTreeTopology machine = clusterMachine();
        const MachineState state = withFreeNodes(machine, {10, 3, 6, 0, 0, 0, 0, 0});
        SlurmTree2205ConsTresAllocator allocator;
        QCOMPARE(place(allocator, state, 12), names(7, 16) + names(30, 31));
        // 5 nodes fit in s0 and s2: the tighter s2.
        QCOMPARE(place(allocator, state, 5), names(43, 47));
        // More than the machine has free: nothing.
        QVERIFY(place(allocator, state, 20).empty());
    }

    void linearTakesLeavesWithFewestIdleNodesFirst()
    {
        // Same machine as above, 12 nodes: the lowest switch that holds them is m0 (19 free);
        // its leaves by fewest free nodes: s1 (3), s2 (6), then 3 of s0 (10).
        const SwitchTreeTopology machine = clusterMachine();
        const MachineState state = withFreeNodes(machine, {10, 3, 6, 0, 0, 0, 0, 0});
        SlurmTree2205LinearAllocator allocator;
        QCOMPARE(place(allocator, state, 12), names(7, 9) + names(30, 32) + names(43, 48));
        // A job that fits one leaf gets the tightest: 5 nodes on s2 (6 free), 3 on s1.
        QCOMPARE(place(allocator, state, 5), names(43, 47));
        QCOMPARE(place(allocator, state, 3), names(30, 32));
        QVERIFY(place(allocator, state, 20).empty());
    }

    void linearSpansPodsOnlyUnderTheRoot()
    {
        // Free: s0 4, s4 16, s5 3; 20 nodes: only the root holds them; leaves by fewest free:
        // s5 (3), s0 (4), then 13 of s4.
        const SwitchTreeTopology machine = clusterMachine();
        const MachineState state = withFreeNodes(machine, {4, 0, 0, 0, 16, 3, 0, 0});
        SlurmTree2205LinearAllocator allocator;
        QCOMPARE(place(allocator, state, 20), names(13, 16) + names(65, 77) + names(94, 96));
        // 17 nodes fit under m1 (19): s5 first, then 14 of s4; s0 is not used.
        QCOMPARE(place(allocator, state, 17), names(65, 78) + names(94, 96));
    }

    void factoryBuildsBothPolicies()
    {
        const SwitchTreeTopology machine = clusterMachine();
        for (const char* policy : {"slurm-tree-22.05-cons-tres", "slurm-tree-22.05-linear"}) {
            AllocatorChoice choice;
            choice.policy = policy;
            QCOMPARE(QString::fromStdString(makeAllocator(machine, choice)->name()), QString::fromLatin1(policy));
        }
    }
};

QTEST_GUILESS_MAIN(TestSlurmRules)
#include "tst_slurmrules.moc"
