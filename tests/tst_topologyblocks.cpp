// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Machines of Slurm's topology/block (topology.conf BlockName= lines) and Slurm 25.05's
// topology.yaml: what the stored machine keeps, where slurm-block places jobs, which
// topology of a topology.yaml is read, and errors by file and line. The shapes of block
// trees and their hops are checked with the topology.conf trees in tst_topologyimport.

#include "core/Allocator.h"
#include "core/AllocatorFactory.h"
#include "core/MachineSpec.h"
#include "core/SwitchTreeTopology.h"
#include "importers/ImportedJob.h"
#include "importers/TopologyImport.h"
#include "tests/support/QtStrings.h"

#include <QTest>

using namespace placement;
using placement::test::toList;

namespace {

QString dataPath(const QString& name)
{
    return QFINDTESTDATA("data/topology/" + name);
}

} // namespace

class TestTopologyBlocks : public QObject
{
    Q_OBJECT
private slots:
    // A block machine keeps what topology/block needs through its stored spec, and Slurm's
    // block best fit places jobs on its blocks.
    void slurmBlockMachineKeepsItsBlocks()
    {
        const ImportedMachine machine = readSlurmTopologyConf(dataPath("block-nvl72.conf").toStdString());
        const std::string spec = machineSpecOf(*machine.topology);
        QVERIFY2(spec.find(" block-base=18 block-levels=0,1,2") != std::string::npos, spec.c_str());
        QCOMPARE(QString::fromStdString(machine.topology->describe()),
                 QStringLiteral("Slurm block topology, 6 base blocks of 18 nodes, 108 nodes"));
        const auto stored = parseMachineSpec(spec);
        const auto* tree = dynamic_cast<const SwitchTreeTopology*>(stored.get());
        QVERIFY(tree);
        QCOMPARE(tree->blockLayout().baseSize, 18);
        QCOMPARE(tree->blockLayout().levels, 0b111u);
        QCOMPARE(tree->hierarchy()->parent, machine.topology->hierarchy()->parent);
        QCOMPARE(machineSpecOf(*stored), spec);

        AllocatorChoice choice;
        choice.policy = "slurm-block";
        const auto allocator = makeAllocator(*stored, choice);
        MachineState state(*stored);
        const auto rackOf = [](int node) { return node / 18; };
        // 30 nodes: two base blocks, so a block of two racks; all three have 36 free, and the
        // last of equals is taken (racks 5 and 6).
        const std::vector<int> job = allocator->allocate(state, {0, 30, 600});
        QCOMPARE(static_cast<int>(job.size()), 30);
        for (const int node : job)
            QVERIFY2(rackOf(node) == 4 || rackOf(node) == 5, qPrintable(QString::number(node)));
        state.take(job, 0);
        // 40 nodes: three base blocks, so a block of four racks: racks 1-4, the only one.
        const std::vector<int> large = allocator->allocate(state, {1, 40, 600});
        QCOMPARE(static_cast<int>(large.size()), 40);
        for (const int node : large)
            QVERIFY(rackOf(node) <= 3);
        // 18 nodes: one rack; the fewest free that holds them: the one that 30 nodes left
        // with 6 free cannot, so a whole rack of those holding 18.
        const std::vector<int> rack = allocator->allocate(state, {2, 18, 600});
        QCOMPARE(static_cast<int>(rack.size()), 18);
        QCOMPARE(rackOf(rack.front()), rackOf(rack.back()));

        // A tree without blocks has no topology/block rule.
        const ImportedMachine plain = readSlurmTopologyConf(dataPath("guide-three-level.conf").toStdString());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeAllocator(*plain.topology, choice));
        QVERIFY(machineSpecOf(*plain.topology).find("block") == std::string::npos);
    }

    // Slurm 25.05's topology.yaml: the default topology, chosen as topology_g_init() does.
    void yamlReadsTheDefaultTopology_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QStringList>("switches");
        QTest::addColumn<QList<int>>("parents");
        QTest::addColumn<QString>("note");
        QTest::newRow("topology.yaml(5)'s example: the cluster_default tree")
            << "yaml-man-page.yaml" << 4 << QStringList{"sw_root", "s1", "s2"} << QList<int>{-1, 0, 0}
            << "read topology 'topo1' (tree), the default (cluster_default: true); not read: topo2 (block), topo3 "
               "(flat)";
        QTest::newRow("no cluster_default: the first, blocks")
            << "yaml-blocks-first.yaml" << 54 << QStringList{"r1", "r2", "r3", "r1-r2", "(all blocks)"}
            << QList<int>{3, 3, 4, 4, -1}
            << "read topology 'racks' (block), the default (the first; none is cluster_default); not read: fabric "
               "(tree)";
    }
    void yamlReadsTheDefaultTopology()
    {
        QFETCH(QString, file);
        QFETCH(int, nodes);
        QFETCH(QStringList, switches);
        QFETCH(QList<int>, parents);
        QFETCH(QString, note);
        const QString path = dataPath(file);
        QCOMPARE(detectMachineFileFormat(path.toStdString()), MachineFileFormat::SlurmTopologyYaml);
        const ImportedMachine machine = readMachineFile(path.toStdString());
        QCOMPARE(machine.topology->nodeCount(), nodes);
        QCOMPARE(toList(machine.switchNames), switches);
        const std::vector<int>& actual = machine.topology->hierarchy()->parent;
        QCOMPARE(QList<int>(actual.begin(), actual.end()), parents);
        QVERIFY(!machine.notes.empty());
        QCOMPARE(QString::fromStdString(machine.notes.front()), note);
        QCOMPARE(QString::fromStdString(machine.nodeNames.front()), file.contains("man-page") ? "node01" : "gb001");
        if (file.contains("blocks"))
            QVERIFY(machineSpecOf(*machine.topology).find(" block-base=18 block-levels=0,1") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTopologyBlocks)
#include "tst_topologyblocks.moc"
