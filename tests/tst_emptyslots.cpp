// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Slots of a network without a node (Topology::emptySlots()): a Cray cabinet's service and
// empty slots, a torus coordinates file's holes. They keep node ids dense and the layout
// true, but no simulated job may run there and no count may take them for nodes.

#include "core/AllocatorFactory.h"
#include "core/CoreSimulation.h"
#include "core/MachineSpec.h"
#include "core/PlacementMetrics.h"
#include "core/Simulator.h"
#include "core/Topology.h"
#include "importers/ImportedMachine.h"
#include "importers/TopologyImport.h"
#include "store/Store.h"
#include "tests/support/RawSql.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>

using namespace placement;

namespace {

QString dataPath(const QString& name)
{
    return QFINDTESTDATA("data/topology/" + name);
}

/// Node ids whose name an importer gave a slot without a node.
std::vector<int> placeholderIds(const ImportedMachine& machine)
{
    std::vector<int> ids;
    for (size_t node = 0; node < machine.nodeNames.size(); ++node)
        if (machine.nodeNames[node].rfind("(no node ", 0) == 0 || machine.nodeNames[node].rfind("(empty ", 0) == 0)
            ids.push_back(static_cast<int>(node));
    return ids;
}

/// Jobs of every size up to the machine's nodes, arriving together: the machine fills up.
std::vector<SimulationJob> fillingWorkload(int nodes, int count)
{
    std::mt19937 random(5);
    std::vector<SimulationJob> jobs;
    for (int i = 0; i < count; ++i) {
        SimulationJob job;
        job.id = std::to_string(i);
        job.submit = i / 10;
        job.runTime = 100 + static_cast<int>(random() % 500);
        job.timeLimit = job.runTime + 60;
        job.nodes = 1 + static_cast<int>(random() % static_cast<unsigned>(std::min(64, nodes)));
        jobs.push_back(job);
    }
    jobs[5].nodes = nodes; // the whole machine: it runs
    jobs[6].nodes = nodes + 1; // one more than it has: never
    return jobs;
}

QString placementBin()
{
    return QStringLiteral(PLACEMENT_BIN_DIR "/placement");
}

} // namespace

class TestEmptySlots : public QObject
{
    Q_OBJECT
private slots:
    void importedMachinesKnowTheirEmptySlots_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<int>("nodes");
        QTest::newRow("Cray xtprocadmin: service slots") << "cray-xtprocadmin.txt" << 512 << 504;
        QTest::newRow("Gemini torus coordinates: holes") << "gemini-holes.csv" << -1 << -1;
    }
    void importedMachinesKnowTheirEmptySlots()
    {
        QFETCH(QString, file);
        QFETCH(int, slotCount);
        QFETCH(int, nodes);
        const ImportedMachine machine = readMachineFile(dataPath(file).toStdString());
        const Topology& topology = *machine.topology;
        const std::vector<int> placeholders = placeholderIds(machine);
        QVERIFY(!placeholders.empty());
        QCOMPARE(topology.emptySlots(), placeholders);
        if (slotCount > 0) {
            QCOMPARE(topology.nodeCount(), slotCount);
            QCOMPARE(topology.usableNodeCount(), nodes);
        }
        QCOMPARE(topology.usableNodeCount(), topology.nodeCount() - static_cast<int>(placeholders.size()));
        // The spec stored for the machine keeps them.
        const std::string spec = machineSpecOf(topology);
        QVERIFY2(spec.find(" empty=") != std::string::npos, spec.c_str());
        QCOMPARE(parseMachineSpec(spec)->emptySlots(), placeholders);
        QCOMPARE(machineSpecOf(*parseMachineSpec(spec)), spec);
        // A machine state holds them from the start.
        const MachineState state(topology);
        QCOMPARE(state.freeCount(), topology.usableNodeCount());
        for (int slot : placeholders)
            QVERIFY(!state.isFree(slot));
    }

    void badEmptySlotsInASpecAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("reason");
        QTest::newRow("beyond the machine") << "torus extents=4x4 empty=16"
                                            << "below 16";
        QTest::newRow("twice") << "torus extents=4x4 empty=3,3"
                               << "given twice";
        QTest::newRow("every node") << "torus extents=4x4 empty=0-15"
                                    << "no node";
        QTest::newRow("not a number") << "torus extents=4x4 empty=x"
                                      << "'x'";
        QTest::newRow("backwards") << "torus extents=4x4 empty=5-3"
                                   << "'5-3'";
        QTest::newRow("huge range") << "torus extents=4x4 empty=0-2000000000"
                                    << "below 16";
    }
    void badEmptySlotsInASpecAreRefused()
    {
        QFETCH(QString, spec);
        QFETCH(QString, reason);
        try {
            parseMachineSpec(spec.toStdString());
            QFAIL("accepted");
        } catch (const std::invalid_argument& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(QStringLiteral("'empty'")) && message.contains(reason), error.what());
        }
    }

    void noSimulatedJobRunsInAnEmptySlot_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("policy");
        for (const char* policy : {"first-fit", "random", "group-packed", "dual-ended"})
            QTest::newRow(qPrintable(QStringLiteral("Cray, ") + policy)) << "cray-xtprocadmin.txt" << policy;
        for (const char* policy : {"first-fit", "random", "dual-ended"})
            QTest::newRow(qPrintable(QStringLiteral("torus holes, ") + policy)) << "gemini-holes.csv" << policy;
    }
    void noSimulatedJobRunsInAnEmptySlot()
    {
        QFETCH(QString, file);
        QFETCH(QString, policy);
        const ImportedMachine machine = readMachineFile(dataPath(file).toStdString());
        const Topology& topology = *machine.topology;
        AllocatorChoice choice;
        choice.policy = policy.toStdString();
        const std::unique_ptr<Allocator> allocator = makeAllocator(topology, choice);
        const std::vector<SimulationJob> jobs = fillingWorkload(topology.usableNodeCount(), 400);
        const SimulationResult result = simulate(topology, jobs, *allocator);
        int ran = 0;
        for (size_t i = 0; i < jobs.size(); ++i) {
            const SimulatedJob& run = result.jobs[i];
            for (int node : run.held())
                QVERIFY2(!topology.isEmptySlot(node),
                         qPrintable(QStringLiteral("job %1 runs on empty slot %2").arg(i).arg(node)));
            ran += run.start >= 0 ? 1 : 0;
        }
        QVERIFY(result.jobs[5].start >= 0); // every node of the machine
        QVERIFY(result.jobs[6].neverFits); // one more than it has
        QCOMPARE(ran, static_cast<int>(jobs.size()) - 1);
    }

    void noJobByCoresRunsInAnEmptySlot()
    {
        const ImportedMachine machine = readMachineFile(dataPath("cray-xtprocadmin.txt").toStdString());
        const Topology& topology = *machine.topology;
        CoreMachine resources(topology, 64, 0);
        QCOMPARE(resources.totalCores(), 64 * topology.usableNodeCount());
        std::vector<CoreJob> jobs;
        std::mt19937 random(3);
        for (int i = 0; i < 300; ++i) {
            CoreJob job;
            job.id = std::to_string(i);
            job.submit = i / 20;
            job.runTime = 50 + static_cast<int>(random() % 300);
            job.timeLimit = job.runTime;
            job.request.cores = 1 + static_cast<int>(random() % 2000);
            jobs.push_back(job);
        }
        jobs[7].request = {}; // whole nodes: all of them
        jobs[7].request.nodes = topology.usableNodeCount();
        CoreFirstFitAllocator allocator;
        const CoreSimulationResult result = simulateCores(resources, jobs, allocator);
        for (size_t i = 0; i < jobs.size(); ++i) {
            QVERIFY2(result.jobs[i].start >= 0, qPrintable(QStringLiteral("job %1 never ran").arg(i)));
            for (int node : result.jobs[i].grant.nodes)
                QVERIFY2(!topology.isEmptySlot(node),
                         qPrintable(QStringLiteral("job %1 holds cores of empty slot %2").arg(i).arg(node)));
        }
        const CoreRunSummary summary = summarizeCoreRun(resources, jobs, result);
        QVERIFY(summary.nodeUtilization <= 1.0);
    }

    void minimumAphUsesOnlyNodes()
    {
        // On a dragonfly the smallest APH of a size is found among the nodes that exist: the
        // whole machine is every node but the empty slots, and one more does not fit.
        const ImportedMachine machine = readMachineFile(dataPath("cray-xtprocadmin.txt").toStdString());
        const Topology& topology = *machine.topology;
        PlacementAnalyzer analyzer(topology);
        std::vector<int> nodes;
        for (int node = 0; node < topology.nodeCount(); ++node)
            if (!topology.isEmptySlot(node))
                nodes.push_back(node);
        QCOMPARE(analyzer.minimumAph(topology.usableNodeCount()), analyzer.measure(nodes).aph);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzer.minimumAph(topology.usableNodeCount() + 1));
        // Four nodes: one full router (0 hops), though the first router is empty slots.
        QCOMPARE(analyzer.minimumAph(4), 0.0);
        QVERIFY(analyzer.minimumAph(40) >= 0.0);
    }

    void countsAreOfTheMachinesNodes()
    {
        // The bug: a Cray table with 8 service slots gave "8 of 512 nodes busy" where 504
        // compute nodes exist.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("cray.sqlite"));
        const QString log = dir.filePath(QStringLiteral("jobs.sacct"));
        {
            QFile file(log);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("JobID|User|Submit|Start|End|NodeList|State\n"
                       "1|alice|2026-03-01T10:00:00|2026-03-01T10:00:00|2026-03-01T11:00:00|nid[00008-00015]|"
                       "COMPLETED\n");
        }
        QProcess import;
        import.start(placementBin(),
                     {QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--topology"),
                      dataPath(QStringLiteral("cray-xtprocadmin.txt")), log});
        QVERIFY(import.waitForFinished(60000));
        QVERIFY2(import.exitCode() == 0, import.readAllStandardError().constData());
        QProcess info;
        info.start(placementBin(), {QStringLiteral("info"), db});
        QVERIFY(info.waitForFinished(60000));
        const QString text = QString::fromUtf8(info.readAllStandardOutput());
        QVERIFY2(text.contains(QStringLiteral("8 of 504 nodes busy (1.6%)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("nodes: 504, and 8 slots without a node")), qPrintable(text));
    }

    void olderDatabasesLearnTheirEmptySlots()
    {
        // Schema version 12 puts the slots named as empty by an older program into the spec.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("old.sqlite"));
        const ImportedMachine machine = readMachineFile(dataPath("cray-xtprocadmin.txt").toStdString());
        const std::string spec = machineSpecOf(*machine.topology);
        const std::string before = spec.substr(0, spec.find(" empty="));
        {
            Store store = Store::openOrCreate(db.toStdString());
            store.addMachine("cray", before, machine.nodeNames);
            store.addMachine("plain", "torus extents=4x4", std::vector<std::string>{});
        }
        placement::test::rawExecute(db, "UPDATE meta SET value = '11' WHERE key = 'schema_version'");
        Store store = Store::openExisting(db.toStdString());
        QCOMPARE(store.schemaVersion(), Store::SchemaVersion);
        QCOMPARE(store.machine("cray")->spec, spec);
        QCOMPARE(store.machine("plain")->spec, std::string("torus extents=4x4"));
    }
};

QTEST_GUILESS_MAIN(TestEmptySlots)
#include "tst_emptyslots.moc"
