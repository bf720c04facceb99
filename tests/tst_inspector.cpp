// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/InspectorDock.h"
#include "app/MachineData.h"
#include "app/MainWindow.h"
#include "core/Allocator.h"
#include "core/AllocatorFactory.h"
#include "core/Fragmentation.h"
#include "core/LinkSharing.h"
#include "core/MachineSpec.h"
#include "core/Occupancy.h"
#include "core/SimulationReport.h"
#include "core/SplitMix64.h"
#include "services/Inspection.h"
#include "services/Simulation.h"
#include "store/DemoDatabase.h"
#include "store/Store.h"
#include "tests/support/IsolatedSettings.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <set>

using namespace placement;

namespace {

/// The machine for a dock that lives shorter than it (no copy, nothing to free).
std::shared_ptr<const MachineData> unowned(const MachineData& data)
{
    return {std::shared_ptr<const void>(), &data};
}

} // namespace
using namespace placement::test;

namespace {

/// Free fragments the slow way: breadth-first search over free nodes, two joined when
/// Topology::hops() says at most 1.
std::vector<int> fragmentsByBreadthFirstSearch(const Topology& topology, const std::vector<int>& owners)
{
    const int n = topology.nodeCount();
    std::vector<bool> seen(static_cast<size_t>(n), false);
    std::vector<int> sizes;
    for (int start = 0; start < n; ++start) {
        if (owners[static_cast<size_t>(start)] >= 0 || seen[static_cast<size_t>(start)])
            continue;
        int size = 0;
        std::deque<int> queue{start};
        seen[static_cast<size_t>(start)] = true;
        while (!queue.empty()) {
            const int node = queue.front();
            queue.pop_front();
            ++size;
            for (int other = 0; other < n; ++other)
                if (owners[static_cast<size_t>(other)] < 0 && !seen[static_cast<size_t>(other)]
                    && topology.hops(node, other) <= 1) {
                    seen[static_cast<size_t>(other)] = true;
                    queue.push_back(other);
                }
        }
        sizes.push_back(size);
    }
    std::sort(sizes.begin(), sizes.end(), std::greater<>());
    return sizes;
}

/// The largest N the allocator places, trying every N from the free count down.
int largestByTryingEveryN(Allocator& allocator, const MachineState& state)
{
    for (int n = state.freeCount(); n > 0; --n)
        if (static_cast<int>(allocator.allocate(state, {1 << 29, n, 0}).size()) >= n)
            return n;
    return 0;
}

/// Hops between every ordered pair of distinct nodes, counted one by one.
std::vector<std::int64_t> hopsPairByPair(const Topology& topology, const std::vector<int>& nodes)
{
    std::vector<std::int64_t> histogram;
    for (int a : nodes)
        for (int b : nodes) {
            if (a == b)
                continue;
            const auto hops = static_cast<size_t>(topology.hops(a, b));
            if (histogram.size() <= hops)
                histogram.resize(hops + 1, 0);
            ++histogram[hops];
        }
    return histogram;
}

/// The channels of every pair's own route (no shortcut through one source per switch).
std::set<Channel> channelsPairByPair(const Topology& topology, const std::vector<int>& nodes)
{
    std::set<Channel> channels;
    if (nodes.size() < 2)
        return channels;
    std::vector<Channel> route;
    for (int a : nodes) {
        channels.insert(2 * a);
        channels.insert(2 * a + 1);
        for (int b : nodes)
            if (a != b) {
                route.clear();
                topology.appendRoute(a, b, route);
                channels.insert(route.begin(), route.end());
            }
    }
    return channels;
}

} // namespace

class TestInspector : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_inspector"));
        m_demo = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_demo.toStdString());
    }

    void freeFragmentsMatchBreadthFirstSearch_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus 4x4") << "torus extents=4x4 wrap=yy nodes-per-router=1";
        QTest::newRow("torus 2x3x2 two per router") << "torus extents=2x3x2 wrap=yyy nodes-per-router=2";
        QTest::newRow("mesh 5x3") << "torus extents=5x3 wrap=nn nodes-per-router=1";
        QTest::newRow("ring 7, extent 1") << "torus extents=7x1 wrap=yn nodes-per-router=3";
        QTest::newRow("fat-tree radix 4")
            << "fattree radix=4 pods=2 leaves-per-pod=2 nodes-per-leaf=2 uplinks-per-leaf=2";
        QTest::newRow("fat-tree radix 8 tapered")
            << "fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4 uplinks-per-leaf=2";
        QTest::newRow("4-ary 3-tree") << "kary k=4 n=3";
        // Nodes on inner switches too: a switch and its child are one hop apart.
        QTest::newRow("switch tree, nodes at every level") << "switchtree parents=-1,0,0,1,1,2 nodes=2,3,1,4,2,5";
    }

    void freeFragmentsMatchBreadthFirstSearch()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        SplitMix64 random(7);
        for (int trial = 0; trial < 300; ++trial) {
            const double busy = random.uniform();
            std::vector<int> owners(static_cast<size_t>(topology->nodeCount()));
            for (int& owner : owners)
                owner = random.uniform() < busy ? static_cast<int>(random.between(0, 5)) : -1;
            const std::vector<int> fast = freeFragmentSizes(*topology, owners);
            const std::vector<int> slow = fragmentsByBreadthFirstSearch(*topology, owners);
            QCOMPARE(fast, slow);
        }
    }

    void largestPlaceableMatchesTryingEveryN_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("policy");
        const QString tree
            = QStringLiteral("fattree radix=8 pods=4 leaves-per-pod=4 nodes-per-leaf=4 uplinks-per-leaf=4");
        for (const char* policy : {"first-fit", "random", "dual-ended", "slurm-tree", "ta", "jigsaw", "laas"})
            QTest::newRow(policy) << tree << QString::fromLatin1(policy);
        QTest::newRow("aucsched3") << QStringLiteral("kary k=4 n=3") << QStringLiteral("aucsched3");
        QTest::newRow("slurm-tree on a switch tree")
            << QStringLiteral("switchtree parents=-1,0,0,1,1,2,2 nodes=0,0,0,8,8,8,8") << QStringLiteral("slurm-tree");
        QTest::newRow("quadrant") << QStringLiteral("torus extents=8x8 wrap=yy nodes-per-router=1")
                                  << QStringLiteral("quadrant");
        QTest::newRow("first-fit hilbert")
            << QStringLiteral("torus extents=4x4x4 wrap=yyy nodes-per-router=1") << QStringLiteral("first-fit:hilbert");
    }

    void largestPlaceableMatchesTryingEveryN()
    {
        QFETCH(QString, spec);
        QFETCH(QString, policy);
        const auto topology = parseMachineSpec(spec.toStdString());
        AllocatorChoice choice;
        const QStringList parts = policy.split(QLatin1Char(':'));
        choice.policy = parts[0].toStdString();
        if (parts.size() > 1)
            choice.order = parts[1].toStdString();
        choice.sizeDemarcation = 6;
        SplitMix64 random(11);
        int differing = 0;
        int binaryMisses = 0;
        int calls = 0;
        for (int trial = 0; trial < 40; ++trial) {
            // A machine the policy itself filled: jobs placed by it, some ended again.
            const auto allocator = makeAllocator(*topology, choice);
            MachineState state(*topology);
            std::vector<std::pair<AllocationRequest, std::vector<int>>> running;
            for (int step = 0, job = 0; step < 40; ++step) {
                if (!running.empty() && random.between(0, 2) == 0) {
                    const auto which = static_cast<size_t>(random.between(0, static_cast<int>(running.size()) - 1));
                    state.release(running[which].second);
                    allocator->ended(running[which].first, running[which].second);
                    running.erase(running.begin() + static_cast<std::ptrdiff_t>(which));
                    continue;
                }
                const AllocationRequest request{job++, static_cast<int>(random.between(1, topology->nodeCount() / 4)),
                                                0};
                const std::vector<int> nodes = allocator->allocate(state, request);
                if (nodes.empty())
                    continue;
                state.take(nodes, request.job);
                allocator->started(request, nodes);
                running.emplace_back(request, nodes);
            }
            const PlaceableSearch search = largestPlaceableJob(*allocator, state);
            QVERIFY(search.exact);
            const int fast = search.largest;
            const int slow = largestByTryingEveryN(*allocator, state);
            if (fast != slow)
                ++differing;
            calls += search.calls;
            // How often a binary search alone would miss: the policy places some N but not
            // some smaller one.
            int low = 0;
            int high = state.freeCount();
            while (low < high) {
                const int middle = low + (high - low + 1) / 2;
                if (static_cast<int>(allocator->allocate(state, {1 << 29, middle, 0}).size()) >= middle)
                    low = middle;
                else
                    high = middle - 1;
            }
            binaryMisses += low != slow ? 1 : 0;
            QVERIFY2(fast <= state.freeCount(), qPrintable(QString::number(fast)));
            QVERIFY2(fast == 0 || allocator->allocate(state, {1 << 29, fast, 0}).size() >= static_cast<size_t>(fast),
                     "the answer must be placeable");
        }
        qInfo("%s: %d allocate() calls for 40 machines; a binary search alone would miss on %d", qPrintable(policy),
              calls, binaryMisses);
        QCOMPARE(differing, 0);
    }

    void hopHistogramsCountEveryPair()
    {
        Store store = Store::openExisting(m_demo.toStdString());
        for (const MachineRecord& record : store.machines()) {
            const MachineData data = MachineData::load(store, record);
            PlacementAnalyzer analyzer(*data.topology);
            for (size_t index = 0; index < data.jobs.size(); index += 3) {
                const std::vector<int> nodes = data.jobs[index].nodes.toVector();
                const InspectedJob inspected = inspectPlacement(analyzer, nodes);
                std::vector<std::int64_t> expected = hopsPairByPair(*data.topology, nodes);
                std::int64_t pairs = 0;
                for (std::int64_t count : inspected.hopHistogram)
                    pairs += count;
                const auto n = static_cast<std::int64_t>(nodes.size());
                QCOMPARE(pairs, n * (n - 1));
                QCOMPARE(inspected.hopHistogram, expected);
                QCOMPARE(inspected.jigsaw.has_value(), data.topology->kind() == TopologyKind::FatTree);
            }
        }
    }

    void inspectorOnTheDemoMatchesBruteForce_data()
    {
        QTest::addColumn<int>("machine");
        QTest::newRow("demo torus") << 0;
        QTest::newRow("cab") << 1;
    }

    void inspectorOnTheDemoMatchesBruteForce()
    {
        QFETCH(int, machine);
        Store store = Store::openExisting(m_demo.toStdString());
        const MachineData data = MachineData::load(store, store.machines().at(static_cast<size_t>(machine)));
        InspectorDock dock;
        dock.show();
        dock.setMachine(unowned(data), m_demo);
        const Topology& topology = *data.topology;
        SplitMix64 random(5);
        for (int probe = 0; probe < 6; ++probe) {
            const std::int64_t time = data.firstTime + random.between(0, data.lastTime - data.firstTime);
            const std::vector<int> owners = nodeOwnersAt(data.jobs, topology.nodeCount(), time);
            // A job running then, if any, else any job.
            std::vector<int> candidates;
            for (size_t index = 0; index < data.jobs.size(); ++index)
                if (data.jobs[index].runsAt(time))
                    candidates.push_back(static_cast<int>(index));
            const int job = candidates.empty()
                ? static_cast<int>(random.between(0, static_cast<int>(data.jobs.size()) - 1))
                : candidates[static_cast<size_t>(random.between(0, static_cast<int>(candidates.size()) - 1))];
            dock.setTime(time, probe % 2 ? &owners : nullptr);
            dock.setJob(job);
            QTRY_VERIFY_WITH_TIMEOUT(!dock.isBusy(), 20000);

            // The machine at the cursor.
            const InspectedMachine& m = dock.inspectedMachine();
            QCOMPARE(m.time, time);
            const int freeNodes = static_cast<int>(std::count(owners.begin(), owners.end(), -1));
            QCOMPARE(m.freeNodes, freeNodes);
            QCOMPARE(m.fragments, fragmentsByBreadthFirstSearch(topology, owners));
            int waiting = 0;
            for (const Job& other : data.jobs)
                waiting += other.submit <= time && time < other.start ? 1 : 0;
            QCOMPARE(m.waitingJobs, waiting);
            QCOMPARE(m.largestPlaceable, freeNodes); // logged placements: first-fit takes any free node

            // The selected job.
            const InspectedJob& j = dock.inspectedJob();
            const std::vector<int> nodes = data.jobs[static_cast<size_t>(job)].nodes.toVector();
            QCOMPARE(j.job, job);
            QVERIFY(j.placementDone);
            const std::vector<std::int64_t> histogram = hopsPairByPair(topology, nodes);
            QCOMPARE(j.hopHistogram, histogram);
            double hops = 0;
            for (size_t h = 0; h < histogram.size(); ++h)
                hops += static_cast<double>(h) * static_cast<double>(histogram[h]);
            const double n = static_cast<double>(nodes.size());
            QVERIFY(qAbs(j.metrics.aph - (n > 1 ? hops / (n * (n - 1)) : 0.0)) < 1e-9);
            QVERIFY(j.minimumAph <= j.metrics.aph + 1e-9);
            PlacementAnalyzer analyzer(topology);
            QCOMPARE(j.minimumAph, analyzer.minimumAph(static_cast<int>(nodes.size())));

            // Link sharing against the jobs running at the time it looked at.
            const InspectedLinks& links = dock.inspectedLinks();
            QVERIFY(links.done && !links.skipped);
            QCOMPARE(links.time,
                     data.jobs[static_cast<size_t>(job)].runsAt(time) ? time
                                                                      : data.jobs[static_cast<size_t>(job)].start);
            const LinkModel model = links.model;
            auto channelsOf = [&](const std::vector<int>& list) {
                if (model == LinkModel::StaticRouting)
                    return channelsPairByPair(topology, list);
                const std::vector<Channel> usable = usableChannels(topology, list, model);
                return std::set<Channel>(usable.begin(), usable.end());
            };
            const std::set<Channel> mine = channelsOf(nodes);
            QCOMPARE(links.channels, static_cast<int>(mine.size()));
            std::map<int, int> expected;
            std::set<Channel> shared;
            for (size_t other = 0; other < data.jobs.size(); ++other) {
                if (static_cast<int>(other) == job || !data.jobs[other].runsAt(links.time))
                    continue;
                int both = 0;
                for (Channel channel : channelsOf(data.jobs[other].nodes.toVector()))
                    if (mine.count(channel)) {
                        ++both;
                        shared.insert(channel);
                    }
                if (both > 0)
                    expected[static_cast<int>(other)] = both;
            }
            QCOMPARE(links.sharedChannels, static_cast<int>(shared.size()));
            const std::map<int, int> found(links.sharedWith.begin(), links.sharedWith.end());
            QVERIFY(found == expected);
        }
    }

    void largestJobUnderASimulatedRunsPolicy_data()
    {
        QTest::addColumn<QString>("machine");
        QTest::addColumn<QString>("policy");
        QTest::newRow("cab, ta") << "cab"
                                 << "ta";
        QTest::newRow("cab, slurm-tree") << "cab"
                                         << "slurm-tree";
        // Runs that own links (and LaaS's idle whole-leaf nodes): read back from the store.
        QTest::newRow("cab, jigsaw") << "cab"
                                     << "jigsaw";
        QTest::newRow("cab, laas") << "cab"
                                   << "laas";
    }

    void largestJobUnderASimulatedRunsPolicy()
    {
        QFETCH(QString, machine);
        QFETCH(QString, policy);
        const QString path = m_dir.filePath(QStringLiteral("run-%1-%2.sqlite").arg(machine, policy));
        writeDemoDatabase(path.toStdString());
        Store store = Store::openExisting(path.toStdString());
        SimulationSetup setup;
        setup.machine = machine.toStdString();
        setup.allocator.policy = policy.toStdString();
        setup.transform.nodeScale = policy == QLatin1String("laas") ? 2 : 1; // jobs spanning pods
        const SimulationSummary summary = runStoredSimulation(store, setup, "test");
        const MachineData data = MachineData::load(store, *store.machine(setup.machine), summary.runId);
        QVERIFY(data.runId > 0);
        InspectorDock dock;
        dock.show();
        dock.setMachine(unowned(data), path);
        const Topology& topology = *data.topology;
        SplitMix64 random(3);
        for (int probe = 0; probe < 5; ++probe) {
            const std::int64_t time = data.firstTime + random.between(0, data.lastTime - data.firstTime);
            dock.setTime(time);
            QTRY_VERIFY_WITH_TIMEOUT(!dock.isBusy(), 30000);
            // The machine rebuilt here, independently: owners at that time, the policy told
            // of every running job in start order.
            const auto allocator = makeAllocator(topology, setup.allocator);
            MachineState state(topology);
            for (size_t index = 0; index < data.jobs.size(); ++index) {
                const Job& job = data.jobs[index];
                if (!job.runsAt(time) || job.nodes.empty())
                    continue;
                std::vector<int> held = job.nodes.toVector();
                std::vector<int> links;
                if (index < data.holdings.size()) {
                    held.insert(held.end(), data.holdings[index].idleNodes.begin(),
                                data.holdings[index].idleNodes.end());
                    links = data.holdings[index].links;
                }
                std::sort(held.begin(), held.end());
                state.take(held, static_cast<int>(index));
                allocator->resume({static_cast<int>(index), static_cast<int>(job.nodes.size()), 0}, held, links);
            }
            const InspectedMachine& m = dock.inspectedMachine();
            QVERIFY2(m.placeableNote.empty(), m.placeableNote.c_str()); // links known, none counted free
            QCOMPARE(m.policy, setup.allocator.policy);
            QCOMPARE(m.freeNodes, state.freeCount());
            QCOMPARE(m.largestPlaceable, largestByTryingEveryN(*allocator, state));
        }
    }

    void mainWindowWiresTheInspector()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        InspectorDock* inspector = window.inspectorDock();
        QVERIFY(inspector);
        bool inViewMenu = false;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu())
                for (QAction* action : menu->menu()->actions())
                    inViewMenu |= action == inspector->toggleViewAction();
        QVERIFY(inViewMenu);
        window.show();
        inspector->show();
        inspector->raise();
        const Job& job = window.currentMachine()->jobs.at(42);
        QVERIFY(window.showJob(QString::fromStdString(job.id)));
        QCOMPARE(inspector->inspectedJob().job, 42);
        QTRY_VERIFY_WITH_TIMEOUT(!inspector->isBusy(), 20000);
        QCOMPARE(inspector->inspectedMachine().time, window.currentTime());
        QCOMPARE(inspector->inspectedJob().metrics.nodes, static_cast<int>(job.nodes.size()));
        window.highlightJob(-1);
        QCOMPARE(inspector->inspectedJob().job, -1);
        window.selectMachine(1); // another machine: nothing selected, the cursor at its busiest moment
        QCOMPARE(inspector->inspectedJob().job, -1);
        QTRY_VERIFY_WITH_TIMEOUT(!inspector->isBusy(), 20000);
        QCOMPARE(inspector->inspectedMachine().nodes, window.currentMachine()->topology->nodeCount());
    }

    /// The picture in the user guide (docs/images/inspector.png, copied by
    /// docs/images/regenerate.sh): a job of the demo's Cab placed by TA, the machine at its
    /// start.
    void drawsTheInspectorForTheGuide()
    {
        const QString path = m_dir.filePath(QStringLiteral("guide.sqlite"));
        writeDemoDatabase(path.toStdString());
        Store store = Store::openExisting(path.toStdString());
        SimulationSetup setup;
        setup.machine = "cab";
        setup.allocator.policy = "ta";
        const SimulationSummary summary = runStoredSimulation(store, setup, "test");
        const MachineData data = MachineData::load(store, *store.machine("cab"), summary.runId);
        int job = -1;
        for (size_t index = 0; index < data.jobs.size(); ++index)
            if (data.jobs[index].id == "5153")
                job = static_cast<int>(index);
        QVERIFY(job >= 0);
        InspectorDock dock;
        dock.resize(480, 430);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        dock.setMachine(unowned(data), path);
        dock.setTime(data.jobs[static_cast<size_t>(job)].start);
        dock.setJob(job);
        QTRY_VERIFY_WITH_TIMEOUT(!dock.isBusy(), 20000);
        QCOMPARE(dock.inspectedMachine().policy, std::string("ta"));
        QVERIFY(dock.inspectedMachine().largestPlaceable >= 0);
        QTest::qWait(100); // the layout of what the workers said
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        QVERIFY(dock.grab().save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/inspector.png")));
    }

private:
    QTemporaryDir m_dir;
    QString m_demo;
};

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
