// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// slurm.conf's NodeName= lines (importers/SlurmNodeConf.h): Slurm's node order and weights,
// and a machine from topology.conf numbered as Slurm selects its nodes.
#include "core/SwitchHierarchy.h"
#include "importers/ImportedJob.h"
#include "importers/SlurmNodeConf.h"
#include "importers/SlurmTopologyConf.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace placement;

namespace {

QString dataPath(const QString& name)
{
    return QFINDTESTDATA("data/topology/slurm-conf/" + name);
}

QStringList names(const std::vector<std::string>& list)
{
    QStringList result;
    for (const std::string& name : list)
        result << QString::fromStdString(name);
    return result;
}

} // namespace

class TestSlurmNodeConf : public QObject
{
    Q_OBJECT

private slots:
    void readsNodesInDefinitionOrder()
    {
        const QString path = dataPath("slurm.conf");
        QVERIFY(!path.isEmpty());
        const std::vector<SlurmConfNode> nodes = readSlurmConfNodes(path.toStdString());
        QStringList seen;
        for (const SlurmConfNode& node : nodes)
            seen << QStringLiteral("%1:%2@%3").arg(QString::fromStdString(node.name)).arg(node.weight).arg(node.line);
        QCOMPARE(seen,
                 (QStringList{"tux09:16@10", "tux10:16@10", "tux11:16@10", "tux12:16@10", "tux01:8@11", "tux02:8@11",
                              "tux03:8@11", "tux04:8@11", "tux05:8@11", "tux06:8@11", "tux07:4@13", "tux08:0@14",
                              "tux13:1@1"}));
        QCOMPARE(QString::fromStdString(nodes.back().file), dataPath("nodes-extra.conf"));
    }

    void leavesOrderTheirNodesAsSlurmSelectsThem()
    {
        const std::string conf = dataPath("slurm.conf").toStdString();
        ImportedMachine machine = readSlurmTopologyConf(dataPath("topology.conf").toStdString());
        QCOMPARE(names(machine.nodeNames),
                 (QStringList{"tux01", "tux02", "tux03", "tux04", "tux05", "tux06", "tux07", "tux08", "tux09", "tux10",
                              "tux11", "tux12", "tux13", "tux14"}));
        applySlurmNodeOrder(machine, readSlurmConfNodes(conf), conf);
        // Within a leaf: weight, then position in slurm.conf; tux14, which slurm.conf does not
        // define, last. Leaves keep topology.conf's order.
        QCOMPARE(names(machine.nodeNames),
                 (QStringList{"tux08", "tux07", "tux01", "tux02", "tux03", "tux04", "tux05", "tux06", "tux13", "tux09",
                              "tux10", "tux11", "tux12", "tux14"}));
        const SwitchHierarchy* tree = machine.topology->hierarchy();
        for (int node = 0; node < 8; ++node)
            QCOMPARE(tree->groupOfNode[static_cast<std::size_t>(node)], 0);
        QCOMPARE(names(machine.notes),
                 (QStringList{"nodes ordered within their leaf switches as Slurm orders them (Weight=, then position "
                              "in slurm.conf): 13 of 14 nodes moved",
                              "slurm.conf does not define 1 of the topology's nodes (first: tux14); they follow "
                              "the others of their leaf"}));
    }

    void nodesInNameOrderStayAsTheyAre()
    {
        QTemporaryDir dir;
        const QString conf = dir.filePath("slurm.conf");
        QFile file(conf);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("NodeName=tux[01-14] CPUs=2\n");
        file.close();
        ImportedMachine machine = readSlurmTopologyConf(dataPath("topology.conf").toStdString());
        const std::vector<std::string> before = machine.nodeNames;
        applySlurmNodeOrder(machine, readSlurmConfNodes(conf.toStdString()), conf.toStdString());
        QCOMPARE(names(machine.nodeNames), names(before));
        QVERIFY(machine.notes.empty());
    }

    void errorsNameFileAndLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("weight not a number") << QByteArray("NodeName=a1 Weight=heavy\n") << 1
                                             << "Weight=heavy is not a whole number from 0 to 4294967294";
        QTest::newRow("weight INFINITE's value") << QByteArray("ClusterName=x\nNodeName=a1 Weight=4294967295\n") << 2
                                                 << "Weight=4294967295 is not a whole number from 0 to 4294967294";
        QTest::newRow("negative default weight") << QByteArray("NodeName=DEFAULT Weight=-1\n") << 1
                                                 << "Weight=-1 is not a whole number from 0 to 4294967294";
        QTest::newRow("node twice") << QByteArray("NodeName=a[1-4]\n\nNodeName=a3 Weight=2\n") << 3
                                    << "node 'a3' already defined on line 1";
        QTest::newRow("bad hostlist") << QByteArray("NodeName=a[1-4 CPUs=2\n") << 1
                                      << "bad hostlist in NodeName= ('[' without ']')";
        QTest::newRow("missing include") << QByteArray("NodeName=a1\nInclude nodes.conf\n") << 2 << "Include: ";
        QTest::newRow("include of itself") << QByteArray("Include slurm.conf\n") << 1 << "Include ";
        QTest::newRow("no nodes") << QByteArray("ClusterName=x\nNodeName=DEFAULT Weight=3\n") << 0
                                  << "no NodeName= lines defining nodes";
    }
    void errorsNameFileAndLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath("slurm.conf");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();
        try {
            readSlurmConfNodes(path.toStdString());
            QFAIL("accepted a bad slurm.conf");
        } catch (const ImportError& error) {
            QCOMPARE(QString::fromStdString(error.file), path);
            QCOMPARE(static_cast<int>(error.line), line);
            const QString prefix = path + (line ? ":" + QString::number(line) : QString()) + ": ";
            QVERIFY2(QString(error.what()).startsWith(prefix + reason), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSlurmNodeConf)
#include "tst_slurmnodeconf.moc"
