// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Cray coordinates tables (importers/CrayCoordinates.h): an Aries machine from the cnames
// of its nodes, as xtprocadmin lists them or as a name,cname table; where each node lands,
// what the table leaves out, and errors by file and line.

#include "core/DragonflyTopology.h"
#include "core/MachineSpec.h"
#include "importers/CrayCoordinates.h"
#include "importers/ImportedJob.h"
#include "importers/TopologyImport.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace placement;

namespace {

QString dataPath(const QString& name)
{
    return QFINDTESTDATA("data/topology/" + name);
}

/// Every line of the table that names a node: its name (or NID) and cname.
std::vector<std::pair<std::string, std::string>> tableRows(const QString& path, bool nids)
{
    std::vector<std::pair<std::string, std::string>> rows;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return rows;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QStringList fields = line.split(QRegularExpression(nids ? "\\s+" : ","));
        if (nids && fields.size() >= 4 && fields[3] == "compute")
            rows.emplace_back(QString("nid%1").arg(fields[0].toInt(), 5, 10, QChar('0')).toStdString(),
                              fields[2].toStdString());
        else if (!nids && fields.size() == 2 && fields[1] != "cname")
            rows.emplace_back(fields[0].toStdString(), fields[1].toStdString());
    }
    return rows;
}

} // namespace

class TestCrayCoordinates : public QObject
{
    Q_OBJECT
private slots:
    void readsCnames()
    {
        const auto c = parseCrayCname("c11-1c2s15n3");
        QVERIFY(c);
        QCOMPARE(c->column, 11);
        QCOMPARE(c->row, 1);
        QCOMPARE(c->chassis, 2);
        QCOMPARE(c->slot, 15);
        QCOMPARE(c->node, 3);
        for (const char* bad :
             {"c0-0c3s0n0", "c0-0c0s16n0", "c0-0c0s0n4", "c0-0c0s0", "nid00001", "c0-0c0s0n0x", "c-1-0c0s0n0", ""})
            QVERIFY2(!parseCrayCname(bad), bad);
    }

    void tablesOfBothShapes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("nids");
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("empty");
        QTest::addColumn<int>("globalPerPair");
        QTest::newRow("xtprocadmin") << "cray-xtprocadmin.txt" << true << 2 << 512 << 8 << 8;
        QTest::newRow("name,cname, shuffled") << "cray-names.csv" << false << 1 << 384 << 0 << 4;
    }
    void tablesOfBothShapes()
    {
        // Each node of the table is named as the table says and stands where its cname says:
        // the topology's own name of its slot is its cname; the slots of service nodes are
        // placeholders.
        QFETCH(QString, file);
        QFETCH(bool, nids);
        QFETCH(int, groups);
        QFETCH(int, nodes);
        QFETCH(int, empty);
        QFETCH(int, globalPerPair);
        const QString path = dataPath(file);
        QCOMPARE(detectMachineFileFormat(path.toStdString()), MachineFileFormat::CrayCoordinates);
        const ImportedMachine machine = readMachineFile(path.toStdString());
        const auto* df = dynamic_cast<const DragonflyTopology*>(machine.topology.get());
        QVERIFY(df);
        QCOMPARE(df->groups(), groups);
        QCOMPARE(df->nodeCount(), nodes);
        QCOMPARE(df->shape().rows, 6);
        QCOMPARE(df->shape().columns, 16);
        QCOMPARE(df->nodesPerRouter(), 4);
        QCOMPARE(df->shape().globalPerPair, globalPerPair);
        QCOMPARE(machine.nodeNames.size(), static_cast<size_t>(nodes));
        const auto rows = tableRows(path, nids);
        QCOMPARE(static_cast<int>(rows.size()), nodes - empty);
        std::map<std::string, int> index;
        for (int node = 0; node < nodes; ++node)
            index[machine.nodeNames[static_cast<size_t>(node)]] = node;
        QCOMPARE(static_cast<int>(index.size()), nodes); // unique names
        for (const auto& [name, cname] : rows) {
            QVERIFY2(index.count(name), name.c_str());
            QCOMPARE(df->nodeName(index[name]), cname);
        }
        int placeholders = 0;
        for (const std::string& name : machine.nodeNames)
            placeholders += name.rfind("(no node c", 0) == 0 ? 1 : 0;
        QCOMPARE(placeholders, empty);
        // The stored spec gives the same machine back.
        const auto again = parseMachineSpec(machineSpecOf(*machine.topology));
        for (int node = 0; node < nodes; ++node)
            QCOMPARE(again->nodeName(node), df->nodeName(node));
    }

    void hopsFollowChassisAndSlots()
    {
        // Aries: one hop along a chassis (same row) or across the chassis of a group (same
        // slot), two otherwise; between the two groups, through a global link.
        const ImportedMachine machine = readMachineFile(dataPath("cray-xtprocadmin.txt").toStdString());
        std::map<std::string, int> byCname;
        for (int node = 0; node < machine.topology->nodeCount(); ++node)
            byCname[machine.topology->nodeName(node)] = node;
        const auto hops = [&](const char* a, const char* b) { return machine.topology->hops(byCname[a], byCname[b]); };
        QCOMPARE(hops("c0-0c1s3n0", "c0-0c1s3n2"), 0);
        QCOMPARE(hops("c0-0c1s3n0", "c0-0c1s9n1"), 1);
        QCOMPARE(hops("c0-0c1s3n0", "c1-0c2s3n1"), 1);
        QCOMPARE(hops("c0-0c1s3n0", "c1-0c2s4n1"), 2);
        QVERIFY(hops("c0-0c1s3n0", "c2-0c0s3n1") >= 1);
        QVERIFY(hops("c0-0c1s3n0", "c2-0c0s3n1") <= 5);
        QCOMPARE(machine.topology->hops(byCname["c0-0c1s3n0"], byCname["c2-0c0s3n1"]),
                 machine.topology->hops(byCname["c2-0c0s3n1"], byCname["c0-0c1s3n0"]));
    }

    void errorsNameFileAndLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("chassis 3") << "cray-bad-chassis.csv" << 3
                                   << "'c0-0c3s0n1' is no Cray XC cname (c<column>-<row>c<chassis 0-2>s<slot "
                                      "0-15>n<node 0-3>)";
        QTest::newRow("same place") << "cray-same-place.csv" << 3
                                    << "nid00002: node nid00001 of line 2 has the same place (cname)";
        QTest::newRow("same name") << "cray-same-name.csv" << 2 << "node name nid00000 listed twice (first on line 1)";
        QTest::newRow("field count") << "cray-field-count.csv" << 2 << "3 fields where the table has 2";
        QTest::newRow("global links") << "cray-bad-global.csv" << 1 << "global-per-pair=0 must be 1 to 960";
        QTest::newRow("arrangement") << "cray-bad-arrangement.csv" << 1
                                     << "arrangement=random is none of absolute, relative, circulant";
        QTest::newRow("no compute node") << "cray-no-compute.txt" << 0 << "no compute node in the table";
        QTest::newRow("NID") << "cray-bad-nid.txt" << 2 << "NID 'x' is no node number";
        QTest::newRow("cabinet columns") << "cray-cabinet-columns.csv" << 1
                                         << "cabinet-columns=2 must be a number above the largest cabinet column (3)";
    }
    void errorsNameFileAndLine()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, reason);
        const QString path = dataPath("errors/" + file);
        QVERIFY(!path.isEmpty());
        QCOMPARE(detectMachineFileFormat(path.toStdString()), MachineFileFormat::CrayCoordinates);
        try {
            readMachineFile(path.toStdString());
            QFAIL("accepted a bad Cray table");
        } catch (const ImportError& error) {
            QCOMPARE(QString::fromStdString(error.file), path);
            QCOMPARE(static_cast<int>(error.line), line);
            QCOMPARE(QString(error.what()), path + (line ? ":" + QString::number(line) : QString()) + ": " + reason);
        }
    }
};

QTEST_GUILESS_MAIN(TestCrayCoordinates)
#include "tst_craycoordinates.moc"
