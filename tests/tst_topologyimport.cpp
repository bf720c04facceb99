// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/MachineSpec.h"
#include "core/SplitMix64.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"
#include "importers/ImportedJob.h"
#include "importers/SlurmTopologyYaml.h"
#include "importers/SwitchGroups.h"
#include "importers/TopologyImport.h"
#include "tests/support/QtStrings.h"

#include <QDir>
#include <QTest>

#include <set>

using namespace placement;
using placement::test::toList;

Q_DECLARE_METATYPE(placement::MachineFileFormat)

namespace {

QString dataPath(const QString& name)
{
    return QFINDTESTDATA("data/topology/" + name);
}

int nodeNamed(const ImportedMachine& machine, const QString& name)
{
    for (std::size_t node = 0; node < machine.nodeNames.size(); ++node)
        if (machine.nodeNames[node] == name.toStdString())
            return static_cast<int>(node);
    return -1;
}

/// The topology.conf switch (group) each node hangs off, by the topology's own numbering.
QStringList switchOfEveryNode(const ImportedMachine& machine)
{
    QStringList switches;
    const SwitchHierarchy* tree = machine.topology->hierarchy();
    for (int group : tree->groupOfNode)
        switches << QString::fromStdString(machine.switchNames[static_cast<std::size_t>(group)]);
    return switches;
}

/// "prefix" + numbers from..to with `width` digits.
QStringList numbered(const QString& prefix, int from, int to, int width)
{
    QStringList names;
    for (int n = from; n <= to; ++n)
        names << prefix + QString::number(n).rightJustified(width, '0');
    return names;
}

QStringList repeated(const QString& text, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << text;
    return list;
}

const QString spineNote
    = "merged %1 switches with shared child switches into one switch group (%2): a tree has one parent per switch";

const QString islandNote = "added a virtual root above %1 islands (%2): hops between islands pass through it, "
                           "although Slurm runs no job across islands unless TopologyParam=TopoOptional";

/// One row of a hops test: two nodes named in `file` and their distance.
void addHopsRow(const char* row, const QString& file, const QString& a, const QString& b, int hops)
{
    QTest::newRow(row) << file << a << b << hops;
}

const QStringList validFiles = {"guide-three-level.conf",
                                "guide-four-spines.conf",
                                "guide-simplified.conf",
                                "two-level-fat-tree.conf",
                                "three-level-fat-tree.conf",
                                "irregular.conf",
                                "islands.conf",
                                "many-islands.conf",
                                "two-levels-listed.conf",
                                "merged-loop.conf",
                                "spine-nodes.conf",
                                "guide-simplified.conf.gz",
                                "gemini-holes.csv",
                                "mesh-2d.csv",
                                "ring.csv"};

} // namespace

const QString blockNote
    = QStringLiteral("%1 base blocks of at least %2 nodes (topology/block); hops between blocks are counted through "
                     "the block levels, a model: topology/block does not describe the links between blocks");

class TestTopologyImport : public QObject
{
    Q_OBJECT
private slots:
    void slurmTreeHasFileShape_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QStringList>("switches");
        QTest::addColumn<QStringList>("notes");
        QTest::newRow("guide, three levels")
            << "guide-three-level.conf" << 8 << QStringList{"s0", "s1", "s2", "s3", "s4", "s5", "s6"} << QStringList{};
        QTest::newRow("guide, four spines")
            << "guide-four-spines.conf" << 16 << QStringList{"s0", "s1", "s2", "s3", "s4+s5+s6+s7"}
            << QStringList{spineNote.arg(4).arg("s4+s5+s6+s7")};
        QTest::newRow("guide, simplified")
            << "guide-simplified.conf" << 16 << QStringList{"s0", "s1", "s2", "s3", "s4"} << QStringList{};
        QTest::newRow("two-level fat tree, two spines")
            << "two-level-fat-tree.conf" << 72 << QStringList{"leaf01", "leaf02", "leaf03", "leaf04", "spine1+spine2"}
            << QStringList{spineNote.arg(2).arg("spine1+spine2")};
        QTest::newRow("three-level fat tree, every link")
            << "three-level-fat-tree.conf" << 8
            << QStringList{"p1l1", "p1l2", "p2l1", "p2l2", "p1a+p1b", "p2a+p2b", "sa1+sa2+sb1+sb2"}
            << QStringList{spineNote.arg(2).arg("p1a+p1b"), spineNote.arg(2).arg("p2a+p2b"),
                           spineNote.arg(4).arg("sa1+sa2+sb1+sb2")};
        QTest::newRow("irregular") << "irregular.conf" << 14
                                   << QStringList{"core", "agg1", "agg2", "edge1", "edge2", "edge3", "edge4", "edge9"}
                                   << QStringList{};
        QTest::newRow("islands") << "islands.conf" << 7 << QStringList{"a1", "a2", "atop", "b1", "(virtual root)"}
                                 << QStringList{islandNote.arg(2).arg("atop, b1")};
        QTest::newRow("five islands") << "many-islands.conf" << 5
                                      << QStringList{"i1", "i2", "i3", "i4", "i5", "(virtual root)"}
                                      << QStringList{islandNote.arg(5).arg("i1, i2, ..., i5")};
        QTest::newRow("spines with nodes") << "spine-nodes.conf" << 6 << QStringList{"spine1+spine2", "leaf1", "leaf2"}
                                           << QStringList{spineNote.arg(2).arg("spine1+spine2")};
        QTest::newRow("gzip-compressed") << "guide-simplified.conf.gz" << 16
                                         << QStringList{"s0", "s1", "s2", "s3", "s4"} << QStringList{};
        QTest::newRow("leaf listed at two levels")
            << "two-levels-listed.conf" << 4 << QStringList{"top+mid", "leaf1", "leaf2"}
            << QStringList{spineNote.arg(2).arg("top+mid")};
        QTest::newRow("merging closes a loop")
            << "merged-loop.conf" << 3 << QStringList{"b+a+d", "c"} << QStringList{spineNote.arg(3).arg("b+a+d")};
        // topology/block: base blocks, then the aggregated blocks level by level, as
        // block_record_validate() makes them, then a root above several top blocks.
        QTest::newRow("topology/block, topology.conf(5)'s example")
            << "block-man-page.conf" << 128 << QStringList{"block1", "block2", "block3", "block4", "block1-block4"}
            << QStringList{blockNote.arg(4).arg(30)};
        QTest::newRow("topology/block, racks of 18")
            << "block-nvl72.conf" << 108
            << QStringList{"rack01",        "rack02",        "rack03",        "rack04",        "rack05",      "rack06",
                           "rack01-rack02", "rack03-rack04", "rack05-rack06", "rack01-rack04", "(all blocks)"}
            << QStringList{blockNote.arg(6).arg(18)};
        QTest::newRow("topology/block, default sizes")
            << "block-default-sizes.conf" << 23
            << QStringList{"b0", "b1", "b2", "b3", "b4", "b0-b1", "b2-b3", "b0-b3", "b0-b4"}
            << QStringList{blockNote.arg(5).arg(4)};
    }
    void slurmTreeHasFileShape()
    {
        QFETCH(QString, file);
        QFETCH(int, nodes);
        QFETCH(QStringList, switches);
        QFETCH(QStringList, notes);
        const ImportedMachine machine = readSlurmTopologyConf(dataPath(file).toStdString());
        QCOMPARE(machine.topology->kind(), TopologyKind::SwitchTree);
        QCOMPARE(machine.topology->nodeCount(), nodes);
        QCOMPARE(machine.topology->switchCount(), static_cast<int>(switches.size()));
        QCOMPARE(toList(machine.switchNames), switches);
        QCOMPARE(toList(machine.notes), notes);
        QCOMPARE(QString::fromStdString(machine.name), file);
    }

    void slurmParentsFollowTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QList<int>>("parents");
        QTest::newRow("guide, three levels") << "guide-three-level.conf" << QList<int>{4, 4, 5, 5, 6, 6, -1};
        QTest::newRow("guide, four spines") << "guide-four-spines.conf" << QList<int>{4, 4, 4, 4, -1};
        QTest::newRow("three-level fat tree") << "three-level-fat-tree.conf" << QList<int>{4, 4, 5, 5, 6, 6, -1};
        QTest::newRow("irregular") << "irregular.conf" << QList<int>{-1, 0, 0, 1, 1, 1, 2, 0};
        QTest::newRow("islands") << "islands.conf" << QList<int>{2, 2, 4, 4, -1};
        QTest::newRow("spines with nodes") << "spine-nodes.conf" << QList<int>{-1, 0, 0};
        QTest::newRow("merging closes a loop") << "merged-loop.conf" << QList<int>{-1, 0};
        QTest::newRow("blocks: one aggregated block") << "block-man-page.conf" << QList<int>{4, 4, 4, 4, -1};
        // Racks 5 and 6 make no block of four: the level of two covers them.
        QTest::newRow("blocks: a root above two top blocks")
            << "block-nvl72.conf" << QList<int>{6, 6, 7, 7, 8, 8, 9, 9, 10, 10, -1};
        // b4 has no partner of its level 1 and 2: its parent is the partial block of level 3.
        QTest::newRow("blocks: a partial block at the top")
            << "block-default-sizes.conf" << QList<int>{5, 5, 6, 6, 8, 7, 7, 8, -1};
    }
    void slurmParentsFollowTheFile()
    {
        QFETCH(QString, file);
        QFETCH(QList<int>, parents);
        const ImportedMachine machine = readSlurmTopologyConf(dataPath(file).toStdString());
        const std::vector<int>& actual = machine.topology->hierarchy()->parent;
        QCOMPARE(QList<int>(actual.begin(), actual.end()), parents);
    }

    void slurmNodeNamesFollowTopologyNumbering_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("switchOfNode");
        QTest::newRow("guide, three levels") << "guide-three-level.conf" << numbered("tux", 0, 7, 1)
                                             << QStringList{"s0", "s0", "s1", "s1", "s2", "s2", "s3", "s3"};
        QTest::newRow("two-level fat tree, hostlist order kept")
            << "two-level-fat-tree.conf"
            << numbered("cn", 1, 54, 3) + numbered("gpu", 1, 16, 2) + QStringList{"cn055", "cn056"}
            << repeated("leaf01", 18) + repeated("leaf02", 18) + repeated("leaf03", 18) + repeated("leaf04", 18);
        QTest::newRow("irregular")
            << "irregular.conf"
            << QStringList{"mgmt1", "rack1-node01", "rack1-node02", "rack2-node01", "rack2-node02", "c08", "c09",
                           "c10",   "c11",          "big1",         "big2",         "big3",         "x1",  "x2"}
            << QStringList{"core",  "edge1", "edge1", "edge1", "edge1", "edge2", "edge2",
                           "edge2", "edge2", "edge4", "edge4", "edge4", "edge9", "edge9"};
        QTest::newRow("islands") << "islands.conf" << QStringList{"a1", "a2", "a3", "a4", "b1", "b2", "b3"}
                                 << QStringList{"a1", "a1", "a2", "a2", "b1", "b1", "b1"};
        QTest::newRow("spine group's nodes first, in file order")
            << "spine-nodes.conf" << QStringList{"mgmt1", "mgmt2", "a1", "a2", "b1", "b2"}
            << QStringList{"spine1+spine2", "spine1+spine2", "leaf1", "leaf1", "leaf2", "leaf2"};
        QTest::newRow("merged group's nodes first")
            << "merged-loop.conf" << QStringList{"m1", "n1", "n2"} << QStringList{"b+a+d", "c", "c"};
    }
    void slurmNodeNamesFollowTopologyNumbering()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, names);
        QFETCH(QStringList, switchOfNode);
        const ImportedMachine machine = readSlurmTopologyConf(dataPath(file).toStdString());
        QCOMPARE(toList(machine.nodeNames), names);
        QCOMPARE(switchOfEveryNode(machine), switchOfNode);
    }

    void slurmHopsMatchTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("hops");
        addHopsRow("3 levels: one leaf", "guide-three-level.conf", "tux0", "tux1", 0);
        addHopsRow("3 levels: sibling leaves", "guide-three-level.conf", "tux1", "tux2", 2);
        addHopsRow("3 levels: over the top", "guide-three-level.conf", "tux0", "tux7", 4);
        addHopsRow("4 spines: one leaf", "guide-four-spines.conf", "tux12", "tux15", 0);
        addHopsRow("4 spines: sibling leaves", "guide-four-spines.conf", "tux3", "tux4", 2);
        addHopsRow("4 spines: far leaves", "guide-four-spines.conf", "tux0", "tux15", 2);
        addHopsRow("simplified: far leaves", "guide-simplified.conf", "tux0", "tux15", 2);
        addHopsRow("fat tree: one leaf", "two-level-fat-tree.conf", "cn001", "cn018", 0);
        addHopsRow("fat tree: leaf boundary", "two-level-fat-tree.conf", "cn018", "cn019", 2);
        addHopsRow("fat tree: gpu and cn on leaf04", "two-level-fat-tree.conf", "gpu01", "cn056", 0);
        addHopsRow("fat tree: cn001 to gpu16", "two-level-fat-tree.conf", "cn001", "gpu16", 2);
        addHopsRow("3-level fat tree: one leaf", "three-level-fat-tree.conf", "n01", "n02", 0);
        addHopsRow("3-level fat tree: one pod", "three-level-fat-tree.conf", "n01", "n04", 2);
        addHopsRow("3-level fat tree: two pods", "three-level-fat-tree.conf", "n03", "n06", 4);
        addHopsRow("irregular: one leaf", "irregular.conf", "rack2-node02", "rack1-node01", 0);
        addHopsRow("irregular: sibling leaves", "irregular.conf", "rack1-node01", "c08", 2);
        addHopsRow("irregular: across core", "irregular.conf", "rack1-node01", "big1", 4);
        addHopsRow("irregular: core node to edge9", "irregular.conf", "mgmt1", "x1", 1);
        addHopsRow("irregular: core node to edge4", "irregular.conf", "mgmt1", "big2", 2);
        addHopsRow("irregular: uneven depths", "irregular.conf", "x2", "c11", 3);
        addHopsRow("islands: sibling leaves", "islands.conf", "a1", "a4", 2);
        addHopsRow("islands: across virtual root", "islands.conf", "a1", "b3", 3);
        addHopsRow("five islands", "many-islands.conf", "n1", "n5", 2);
        addHopsRow("two levels listed", "two-levels-listed.conf", "a1", "b2", 2);
        addHopsRow("merged loop", "merged-loop.conf", "m1", "n2", 1);
        addHopsRow("spines with nodes: one spine group", "spine-nodes.conf", "mgmt1", "mgmt2", 0);
        addHopsRow("spines with nodes: spine to leaf", "spine-nodes.conf", "mgmt2", "a1", 1);
        addHopsRow("spines with nodes: leaf to leaf", "spine-nodes.conf", "a1", "b2", 2);
        addHopsRow("blocks: one rack", "block-nvl72.conf", "gb001", "gb018", 0);
        addHopsRow("blocks: racks paired", "block-nvl72.conf", "gb018", "gb019", 2);
        addHopsRow("blocks: a block of four", "block-nvl72.conf", "gb001", "gb072", 4);
        addHopsRow("blocks: over the root", "block-nvl72.conf", "gb001", "gb108", 5);
        addHopsRow("blocks: the partial block", "block-default-sizes.conf", "cn18", "cn19", 4);
        addHopsRow("blocks: 32 nodes planned as 30", "block-man-page.conf", "node32", "node33", 2);
    }
    void slurmHopsMatchTheFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, hops);
        const ImportedMachine machine = readSlurmTopologyConf(dataPath(file).toStdString());
        const int nodeA = nodeNamed(machine, a);
        const int nodeB = nodeNamed(machine, b);
        QVERIFY2(nodeA >= 0 && nodeB >= 0, "node not found");
        QCOMPARE(machine.topology->hops(nodeA, nodeB), hops);
        QCOMPARE(machine.topology->hops(nodeB, nodeA), hops);
    }

    // Two descriptions of one network, and a file against the core's own fat-tree model,
    // must agree on every pair.
    void slurmHopsMatchReferenceMachine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reference");
        QTest::newRow("four spines = simplified") << "guide-four-spines.conf"
                                                  << "file:guide-simplified.conf";
        QTest::newRow("three-level fat tree = fat-tree model")
            << "three-level-fat-tree.conf"
            << "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2 uplinks-per-leaf=2";
        QTest::newRow("three levels = switch tree spec") << "guide-three-level.conf"
                                                         << "switchtree parents=4,4,5,5,6,6,-1 nodes=2,2,2,2,0,0,0";
    }
    void slurmHopsMatchReferenceMachine()
    {
        QFETCH(QString, file);
        QFETCH(QString, reference);
        const ImportedMachine machine = readSlurmTopologyConf(dataPath(file).toStdString());
        const ImportedMachine expected = reference.startsWith("file:")
            ? readSlurmTopologyConf(dataPath(reference.mid(5)).toStdString())
            : machineFromPreset(reference.toStdString());
        const int nodes = machine.topology->nodeCount();
        QCOMPARE(expected.topology->nodeCount(), nodes);
        for (int a = 0; a < nodes; ++a)
            for (int b = 0; b < nodes; ++b)
                QCOMPARE(machine.topology->hops(a, b), expected.topology->hops(a, b));
    }

    void slurmErrorsNameFileAndLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("duplicate switch") << "duplicate-switch.conf" << 4 << "switch 's0' already defined on line 2";
        QTest::newRow("node under two switches")
            << "node-under-two-switches.conf" << 4 << "node 'tux3' already listed on line 1";
        QTest::newRow("undefined switch") << "undefined-switch.conf" << 3 << "switch 's2' in Switches= is not defined";
        QTest::newRow("cycle") << "cycle.conf" << 4 << "switch cycle s0 -> s1 -> s2 -> s0";
        QTest::newRow("switch lists itself") << "self-cycle.conf" << 2 << "switch cycle s1 -> s1";
        QTest::newRow("unknown key") << "unknown-key.conf" << 2 << "unknown key 'Node'";
        QTest::newRow("block line among switches")
            << "tree-and-block.conf" << 2
            << "BlockName= in a file of SwitchName= lines: topology/tree and topology/block are separate plugins "
               "(topology.yaml can hold both)";
        QTest::newRow("switch line among blocks")
            << "block-and-tree.conf" << 2
            << "SwitchName= in a file of BlockName= lines: topology/tree and topology/block are separate plugins "
               "(topology.yaml can hold both)";
        QTest::newRow("block defined twice") << "block-duplicate.conf" << 3 << "block 'b1' already defined on line 1";
        QTest::newRow("block below the base size")
            << "block-too-small.conf" << 2
            << "block 'b2' has 3 nodes, fewer than the base block size 4 (bblock_node_cnt)";
        QTest::newRow("block size not a power of two")
            << "block-bad-sizes.conf" << 1 << "invalid BlockSizes value '12': 3 base blocks is not a power of two";
        QTest::newRow("block without nodes") << "block-no-nodes.conf" << 2 << "block 'b2' has no nodes (Nodes=)";
        QTest::newRow("node in two blocks") << "block-node-twice.conf" << 2 << "node 'tux3' already listed on line 1";
        QTest::newRow("BlockSizes twice")
            << "block-sizes-twice.conf" << 3 << "BlockSizes= given twice (first on line 1)";
        QTest::newRow("bad hostlist") << "bad-hostlist.conf" << 1 << "bad hostlist in Nodes= ('[' without ']')";
        QTest::newRow("no SwitchName") << "no-switchname.conf" << 2 << "no SwitchName=";
        QTest::newRow("word without =") << "not-key-value.conf" << 2 << "expected Key=Value, found 'tux4'";
        QTest::newRow("key twice, any case") << "key-twice.conf" << 1 << "Nodes= given twice";
        QTest::newRow("child twice") << "child-twice.conf" << 3 << "switch 's0' listed twice in Switches=";
        QTest::newRow("continued line: its first line") << "continued-line.conf" << 2 << "Nodes= given twice";
        QTest::newRow("unterminated quote") << "unterminated-quote.conf" << 1 << "unterminated quote in Nodes=";
        QTest::newRow("no switches") << "empty.conf" << 0 << "no SwitchName= lines";
        QTest::newRow("no nodes") << "no-nodes.conf" << 0 << "no nodes: no switch has Nodes=";
        // topology.yaml (tst_topologyblocks reads good ones): the line of the entry at fault.
        QTest::newRow("flat default") << "yaml-flat-default.yaml" << 1
                                      << "the default topology 'plain' is flat: no network to place jobs on (make a "
                                         "tree or block topology cluster_default: true)";
        QTest::newRow("tree and block")
            << "yaml-two-kinds.yaml" << 6
            << "topology 'both' has both tree: and block: (exactly one of tree, block and flat)";
        QTest::newRow("unknown key") << "yaml-unknown-key.yaml" << 5
                                     << "unknown key 'node' in a switch (expected switch, children, nodes)";
        QTest::newRow("a block's error at its entry")
            << "yaml-block-too-small.yaml" << 8
            << "block 'b2' has 3 nodes, fewer than the base block size 4 (bblock_node_cnt)";
        QTest::newRow("name not first") << "yaml-name-not-first.yaml" << 1
                                        << "a topology needs 'topology:' (its name) first";
        QTest::newRow("YAML syntax") << "yaml-syntax.yaml" << 5 << "YAML: did not find expected key";
    }
    void slurmErrorsNameFileAndLine()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, reason);
        const QString path = dataPath("errors/" + file);
        QVERIFY(!path.isEmpty());
        try {
            if (file.endsWith(QStringLiteral(".yaml")))
                readSlurmTopologyYaml(path.toStdString());
            else
                readSlurmTopologyConf(path.toStdString());
            QFAIL("accepted a bad topology file");
        } catch (const ImportError& error) {
            QCOMPARE(QString::fromStdString(error.file), path);
            QCOMPARE(static_cast<int>(error.line), line);
            QCOMPARE(QString(error.what()), path + (line ? ":" + QString::number(line) : QString()) + ": " + reason);
        }
    }

    void torusTableHasFileShape_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QList<int>>("extents");
        QTest::addColumn<QString>("wraps");
        QTest::addColumn<int>("nodesPerRouter");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("notes");
        // Router = x + 3 * (y + 2 * z); node = router * 2 + slot.
        QTest::newRow("Gemini pairs with holes")
            << "gemini-holes.csv" << QList<int>{3, 2, 2} << "yny" << 2
            << QStringList{"nid00000",
                           "nid00001",
                           "nid00008",
                           "nid00009",
                           "nid00015",
                           "nid00016", // z = 0, y = 0
                           "nid00004",
                           "nid00005",
                           "nid00011",
                           "nid00012",
                           "nid00019",
                           "nid00020", // z = 0, y = 1
                           "nid00002",
                           "nid00003",
                           "nid00010",
                           "(empty 1,0,1 slot 1)",
                           "nid00017",
                           "nid00018", // z = 1, y = 0
                           "nid00006",
                           "nid00007",
                           "nid00013",
                           "nid00014",
                           "(empty 2,1,1 slot 0)",
                           "(empty 2,1,1 slot 1)"}
            << QStringList{"2 nodes per router (the most nodes sharing one coordinate)",
                           "3 node slots missing from the file (service nodes or holes) named like \"(empty 1,0,1 "
                           "slot 1)\": 1 router not listed, 1 router with fewer than 2 nodes; no job runs there and "
                           "they are not counted as nodes"};
        // Router = x + 4 * y; the file lists y fastest.
        QTest::newRow("2D, extents from coordinates")
            << "mesh-2d.csv" << QList<int>{4, 3} << "yn" << 1
            << QStringList{"n01", "n04", "n07", "n10", "n02", "n05", "n08", "n11", "n03", "n06", "n09", "n12"}
            << QStringList{"extents 4x3 taken from the largest coordinates (no '# extents=' line)",
                           "1 node per router (the most nodes sharing one coordinate)"};
        QTest::newRow("1D ring with header")
            << "ring.csv" << QList<int>{5} << "y" << 1 << QStringList{"r0", "r1", "r2", "r3", "r4"}
            << QStringList{"extents 5 taken from the largest coordinates (no '# "
                           "extents=' line)",
                           "every dimension wraps (no '# wrap=' line)",
                           "1 node per router (the most nodes sharing one coordinate)"};
    }
    void torusTableHasFileShape()
    {
        QFETCH(QString, file);
        QFETCH(QList<int>, extents);
        QFETCH(QString, wraps);
        QFETCH(int, nodesPerRouter);
        QFETCH(QStringList, names);
        QFETCH(QStringList, notes);
        const ImportedMachine machine = readTorusCoordinates(dataPath(file).toStdString());
        const auto* torus = dynamic_cast<const TorusTopology*>(machine.topology.get());
        QVERIFY(torus);
        QCOMPARE(QList<int>(torus->extents().begin(), torus->extents().end()), extents);
        QString actualWraps;
        for (bool wrap : torus->wraps())
            actualWraps += wrap ? 'y' : 'n';
        QCOMPARE(actualWraps, wraps);
        QCOMPARE(torus->nodesPerRouter(), nodesPerRouter);
        QCOMPARE(toList(machine.nodeNames), names);
        QCOMPARE(toList(machine.notes), notes);
        QVERIFY(machine.switchNames.empty());
    }

    void torusHopsMatchTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("hops");
        addHopsRow("Gemini pair", "gemini-holes.csv", "nid00000", "nid00001", 0);
        addHopsRow("x wraps", "gemini-holes.csv", "nid00001", "nid00016", 1);
        addHopsRow("x, y", "gemini-holes.csv", "nid00000", "nid00020", 2);
        addHopsRow("x, y, z", "gemini-holes.csv", "nid00000", "nid00014", 3);
        addHopsRow("to a placeholder", "gemini-holes.csv", "nid00000", "(empty 2,1,1 slot 1)", 3);
        addHopsRow("2D: columns wrap", "mesh-2d.csv", "n01", "n10", 1);
        addHopsRow("2D: rows do not", "mesh-2d.csv", "n01", "n03", 2);
        addHopsRow("2D: corner to corner", "mesh-2d.csv", "n01", "n12", 3);
        addHopsRow("2D: inner", "mesh-2d.csv", "n04", "n09", 3);
        addHopsRow("ring wraps", "ring.csv", "r0", "r4", 1);
        addHopsRow("ring, half way", "ring.csv", "r1", "r3", 2);
    }
    void torusHopsMatchTheFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, hops);
        const ImportedMachine machine = readTorusCoordinates(dataPath(file).toStdString());
        const int nodeA = nodeNamed(machine, a);
        const int nodeB = nodeNamed(machine, b);
        QVERIFY2(nodeA >= 0 && nodeB >= 0, "node not found");
        QCOMPARE(machine.topology->hops(nodeA, nodeB), hops);
    }

    void torusErrorsNameFileAndLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("bad number") << "bad-number.csv" << 3 << "bad number 'x'";
        QTest::newRow("negative") << "negative.csv" << 4 << "negative coordinate -1";
        QTest::newRow("duplicate name") << "duplicate-name.csv" << 5 << "node 'nid00001' already listed on line 3";
        QTest::newRow("beyond extents") << "beyond-extents.csv" << 4 << "y coordinate 2 beyond the extents 2x2x2";
        QTest::newRow("beyond extents given later")
            << "beyond-extents-set-later.csv" << 2 << "y coordinate 4 beyond the extents 2x4x2";
        QTest::newRow("column count") << "column-count.csv" << 2 << "inconsistent column count (3, expected 4)";
        QTest::newRow("extents of other dimensions")
            << "extents-dimensions.csv" << 1 << "extents= has 2 dimensions, the nodes 3 coordinates";
        QTest::newRow("wrap of other dimensions, given last")
            << "wrap-dimensions.csv" << 3 << "wrap= has 3 dimensions, the nodes 2 coordinates";
        QTest::newRow("bad wrap") << "bad-wrap.csv" << 1 << "bad wrap 'yx' (y or n per dimension)";
        QTest::newRow("five coordinates")
            << "too-many-fields.csv" << 1 << "wrong field count (6, expected a name and 1 to 4 coordinates)";
        QTest::newRow("too large") << "too-large.csv" << 3 << "torus larger than 10000000 node slots";
        QTest::newRow("header only") << "no-nodes.csv" << 0 << "no node lines";
        QTest::newRow("blank in name") << "blank-in-name.csv" << 2 << "node name 'a b' contains blanks";
        QTest::newRow("unknown setting") << "unknown-setting.csv" << 1
                                         << "unknown setting 'nodes=2' (extents= or wrap=)";
    }
    void torusErrorsNameFileAndLine()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, reason);
        const QString path = dataPath("errors/" + file);
        QVERIFY(!path.isEmpty());
        try {
            readTorusCoordinates(path.toStdString());
            QFAIL("accepted a bad torus table");
        } catch (const ImportError& error) {
            QCOMPARE(QString::fromStdString(error.file), path);
            QCOMPARE(static_cast<int>(error.line), line);
            QCOMPARE(QString(error.what()), path + (line ? ":" + QString::number(line) : QString()) + ": " + reason);
        }
    }

    // Random DAGs: the groups must form one forest that keeps every link of the file (a link
    // inside a group aside) as a link from the parent group to the child group.
    void switchGroupsOfRandomDagsFormAForest()
    {
        SplitMix64 random(20240302);
        for (int round = 0; round < 2000; ++round) {
            const int count = static_cast<int>(random.between(1, 12));
            std::vector<std::vector<int>> parentsOf(static_cast<std::size_t>(count));
            // A hidden order in which parents come first keeps the links acyclic.
            std::vector<int> rank(static_cast<std::size_t>(count));
            for (int s = 0; s < count; ++s)
                rank[static_cast<std::size_t>(s)] = s;
            for (int s = count - 1; s > 0; --s)
                std::swap(rank[static_cast<std::size_t>(s)], rank[static_cast<std::size_t>(random.between(0, s))]);
            for (int child = 0; child < count; ++child)
                for (int parent = 0; parent < count; ++parent)
                    if (rank[static_cast<std::size_t>(parent)] < rank[static_cast<std::size_t>(child)]
                        && random.uniform() < 0.3)
                        parentsOf[static_cast<std::size_t>(child)].push_back(parent);
            const SwitchGroups groups = groupSwitches(parentsOf);
            QCOMPARE(groups.groupOf.size(), static_cast<std::size_t>(count));
            QCOMPARE(groups.parent.size(), groups.count);
            int nextNew = 0; // numbered in the order of their first switch
            for (int group : groups.groupOf) {
                QVERIFY(group <= nextNew);
                nextNew = std::max(nextNew, group + 1);
            }
            QCOMPARE(static_cast<std::size_t>(nextNew), groups.count);
            for (int child = 0; child < count; ++child)
                for (int parent : parentsOf[static_cast<std::size_t>(child)]) {
                    const int childGroup = groups.groupOf[static_cast<std::size_t>(child)];
                    const int parentGroup = groups.groupOf[static_cast<std::size_t>(parent)];
                    if (childGroup != parentGroup)
                        QCOMPARE(groups.parent[static_cast<std::size_t>(childGroup)], parentGroup);
                }
            for (std::size_t group = 0; group < groups.count; ++group) {
                int steps = 0;
                for (int at = static_cast<int>(group); at >= 0; at = groups.parent[static_cast<std::size_t>(at)])
                    QVERIFY2(++steps <= static_cast<int>(groups.count), "the groups form a loop");
            }
            // A plain forest (at most one parent per switch) is kept as it is.
            bool isForest = true;
            for (const std::vector<int>& parents : parentsOf)
                isForest = isForest && parents.size() <= 1;
            if (isForest)
                QCOMPARE(groups.count, static_cast<std::size_t>(count));
        }
    }

    void missingFileIsAnImportError()
    {
        const std::string path = QDir::tempPath().toStdString() + "/no-such-topology.conf";
        QVERIFY_THROWS_EXCEPTION(ImportError, readSlurmTopologyConf(path));
        QVERIFY_THROWS_EXCEPTION(ImportError, readTorusCoordinates(path));
        QVERIFY_THROWS_EXCEPTION(ImportError, detectMachineFileFormat(path));
    }

    void everyMachineNamesEachNodeOnce_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& file : validFiles)
            QTest::newRow(qPrintable(file)) << file;
    }
    void everyMachineNamesEachNodeOnce()
    {
        QFETCH(QString, file);
        const ImportedMachine machine = readMachineFile(dataPath(file).toStdString());
        QCOMPARE(machine.nodeNames.size(), static_cast<std::size_t>(machine.topology->nodeCount()));
        QCOMPARE(std::set<std::string>(machine.nodeNames.begin(), machine.nodeNames.end()).size(),
                 machine.nodeNames.size());
        if (machine.topology->kind() == TopologyKind::SwitchTree)
            QCOMPARE(machine.switchNames.size(), static_cast<std::size_t>(machine.topology->switchCount()));
    }

    void detectsFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<MachineFileFormat>("format");
        for (const QString& file : validFiles)
            QTest::newRow(qPrintable(file)) << "topology/" + file
                                            << (file.contains(".conf") ? MachineFileFormat::SlurmTopologyConf
                                                                       : MachineFileFormat::TorusCoordinates);
        QTest::newRow("topology/block") << "topology/block-nvl72.conf" << MachineFileFormat::SlurmTopologyConf;
        QTest::newRow("header only") << "topology/errors/no-nodes.csv" << MachineFileFormat::Unknown;
        QTest::newRow("comments only") << "topology/errors/empty.conf" << MachineFileFormat::Unknown;
        QTest::newRow("SWF trace") << "importers/swf/edge-cases.swf" << MachineFileFormat::Unknown;
        QTest::newRow("sacct log") << "importers/sacct/recommended.log" << MachineFileFormat::Unknown;
    }
    void detectsFormat()
    {
        QFETCH(QString, file);
        QFETCH(MachineFileFormat, format);
        const QString path = QFINDTESTDATA("data/" + file);
        QVERIFY(!path.isEmpty());
        QCOMPARE(detectMachineFileFormat(path.toStdString()), format);
        QCOMPARE(looksLikeSlurmTopologyConf(path.toStdString()), format == MachineFileFormat::SlurmTopologyConf);
    }

    void unknownFormatIsAnImportError()
    {
        const QString path = QFINDTESTDATA("data/importers/swf/edge-cases.swf");
        try {
            readMachineFile(path.toStdString());
            QFAIL("read an SWF trace as a machine");
        } catch (const ImportError& error) {
            QCOMPARE(static_cast<int>(error.line), 0);
            QCOMPARE(QString(error.what()),
                     path
                         + ": unknown machine file format (expected a Slurm topology.conf or topology.yaml, "
                           "name,x,y,z torus coordinates, or a name,cname table of a Cray XC machine)");
        }
    }

    void presetsNameNodesLikeTheTopology_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("last");
        QTest::newRow("cab") << "cab"
                             << "cab" << 1296 << "cab1"
                             << "cab1296";
        QTest::newRow("torus spec") << "torus extents=4x4 wrap=yn nodes-per-router=2 prefix=nid"
                                    << "torus" << 32 << "nid00000"
                                    << "nid00031";
        QTest::newRow("switch tree spec") << "switchtree parents=-1,0,0 nodes=0,3,2 prefix=n"
                                          << "switchtree" << 5 << "n0"
                                          << "n4";
    }
    void presetsNameNodesLikeTheTopology()
    {
        QFETCH(QString, spec);
        QFETCH(QString, name);
        QFETCH(int, nodes);
        QFETCH(QString, first);
        QFETCH(QString, last);
        const ImportedMachine machine = machineFromPreset(spec.toStdString());
        QCOMPARE(QString::fromStdString(machine.name), name);
        QCOMPARE(machine.topology->nodeCount(), nodes);
        QCOMPARE(static_cast<int>(machine.nodeNames.size()), nodes);
        QCOMPARE(QString::fromStdString(machine.nodeNames.front()), first);
        QCOMPARE(QString::fromStdString(machine.nodeNames.back()), last);
        for (int node = 0; node < nodes; ++node)
            QCOMPARE(machine.nodeNames[static_cast<std::size_t>(node)], machine.topology->nodeName(node));
        QVERIFY(machine.notes.empty());
    }

    void badSpecThrowsInvalidArgument()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, machineFromPreset("no-such-machine"));
    }
};

QTEST_GUILESS_MAIN(TestTopologyImport)
#include "tst_topologyimport.moc"
