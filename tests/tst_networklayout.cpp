// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/DragonflyTopology.h"
#include "core/FatTreeTopology.h"
#include "core/LinkSharing.h"
#include "core/LinkUserCounter.h"
#include "core/MachineSpec.h"
#include "core/NetworkLayout.h"
#include "core/NodeLayout.h"
#include "core/PlacementMetrics.h"
#include "core/Presets.h"
#include "core/SplitMix64.h"
#include "core/SwitchHierarchy.h"
#include "core/SwitchTreeTopology.h"
#include "tests/support/RandomSwitchTree.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace placement;

namespace {

bool near(Vec3 a, Vec3 b)
{
    return std::abs(a.x - b.x) < 1e-9 && std::abs(a.y - b.y) < 1e-9 && std::abs(a.z - b.z) < 1e-9;
}

int switchLinks(const Topology& topology)
{
    int count = 0;
    for (const Link& link : topology.links())
        count += link.a >= topology.nodeCount() && link.b >= topology.nodeCount() ? 1 : 0;
    return count;
}

/// What every drawn network must satisfy, whatever the topology: finite coordinates, one
/// segment per existing switch-to-switch link (placeholders never drawn), segments joining
/// the link's ends, trees' switches below every node, and the link views of a random job
/// naming existing links only. Returns an empty string or what failed.
QString checkNetwork(const Topology& topology, std::uint64_t seed)
{
    const NodeLayout nodes = layoutNodes(topology);
    const std::vector<Link>& links = topology.links();
    const bool torus = topology.kind() == TopologyKind::Torus;
    // A dragonfly draws a global link as three pieces (bundled per group pair): the pieces of
    // one link, in order, lead from its first end to its second.
    const bool dragonfly = topology.kind() == TopologyKind::Dragonfly;
    for (bool wrap : {false, true}) {
        const NetworkLayout network = layoutNetwork(topology, nodes, wrap);
        if (network.vertices.size() != static_cast<size_t>(topology.nodeCount() + topology.switchCount()))
            return QStringLiteral("vertex count");
        for (const Vec3& v : network.vertices)
            if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
                return QStringLiteral("a vertex is not finite");
        std::set<int> drawn;
        std::map<int, std::vector<const NetworkLayout::Segment*>> piecesOfLink;
        for (const NetworkLayout::Segment& segment : network.segments) {
            if (segment.link < 0 || static_cast<size_t>(segment.link) >= links.size())
                return QStringLiteral("segment of link %1 out of range").arg(segment.link);
            const Link& link = links[static_cast<size_t>(segment.link)];
            if (!link.exists())
                return QStringLiteral("placeholder link %1 drawn").arg(segment.link);
            drawn.insert(segment.link);
            if (dragonfly) {
                piecesOfLink[segment.link].push_back(&segment);
                continue;
            }
            if (!torus
                && (!near(segment.from, network.vertices[static_cast<size_t>(link.a)])
                    || !near(segment.to, network.vertices[static_cast<size_t>(link.b)])))
                return QStringLiteral("segment of link %1 does not join its ends").arg(segment.link);
        }
        for (const auto& [id, pieces] : piecesOfLink) {
            const Link& link = links[static_cast<size_t>(id)];
            bool joined = near(pieces.front()->from, network.vertices[static_cast<size_t>(link.a)])
                && near(pieces.back()->to, network.vertices[static_cast<size_t>(link.b)]);
            for (size_t i = 1; i < pieces.size(); ++i)
                joined = joined && near(pieces[i - 1]->to, pieces[i]->from);
            if (!joined)
                return QStringLiteral("pieces of link %1 do not lead from one end to the other").arg(id);
        }
        if (!torus && static_cast<int>(drawn.size()) != switchLinks(topology))
            return QStringLiteral("%1 of %2 switch links drawn").arg(drawn.size()).arg(switchLinks(topology));
        if (dragonfly) {
            // Routers under the plane of the nodes.
            for (size_t v = static_cast<size_t>(topology.nodeCount()); v < network.vertices.size(); ++v)
                for (int node = 0; node < topology.nodeCount(); node += 97)
                    if (network.vertices[v].z >= nodes.centers[static_cast<size_t>(node)].z)
                        return QStringLiteral("router %1 not under the nodes")
                            .arg(v - static_cast<size_t>(topology.nodeCount()));
        } else if (!torus) {
            double lowestNode = 0;
            for (int node = 0; node < topology.nodeCount(); ++node)
                lowestNode
                    = node == 0 ? nodes.centers[0].y : std::min(lowestNode, nodes.centers[static_cast<size_t>(node)].y);
            for (size_t v = static_cast<size_t>(topology.nodeCount()); v < network.vertices.size(); ++v)
                if (network.vertices[v].y >= lowestNode)
                    return QStringLiteral("switch %1 not below the nodes")
                        .arg(v - static_cast<size_t>(topology.nodeCount()));
        }
    }
    SplitMix64 random(seed);
    std::vector<int> job; // about 30 % of the nodes, at most about 200
    const double share = std::min(0.3, 200.0 / topology.nodeCount());
    for (int node = 0; node < topology.nodeCount(); ++node)
        if (random.uniform() < share)
            job.push_back(node);
    for (int link : usableLinks(topology, job))
        if (link < 0 || static_cast<size_t>(link) >= links.size() || !links[static_cast<size_t>(link)].exists())
            return QStringLiteral("usable link %1 does not exist").arg(link);
    if (linkUserCounts(topology, {&job}).size() != links.size())
        return QStringLiteral("link user counts");
    size_t inFragments = 0;
    for (const auto& fragment : jobFragments(topology, job))
        inFragments += fragment.size();
    if (inFragments != job.size())
        return QStringLiteral("fragments hold %1 of %2 nodes").arg(inFragments).arg(job.size());
    return {};
}

} // namespace

class TestNetworkLayout : public QObject
{
    Q_OBJECT
private slots:
    void fatTreeSwitchesStandInRowsUnderTheirNodes()
    {
        const auto topology = parseMachineSpec("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        const auto& tree = dynamic_cast<const FatTreeTopology&>(*topology);
        const NodeLayout nodes = layoutNodes(tree);
        const NetworkLayout network = layoutNetwork(tree, nodes);
        QCOMPARE(network.vertices.size(), size_t(tree.nodeCount() + tree.switchCount()));
        QCOMPARE(static_cast<int>(network.segments.size()), switchLinks(tree));
        const std::vector<Link>& links = tree.links();
        for (const NetworkLayout::Segment& segment : network.segments) {
            const Link& link = links[static_cast<size_t>(segment.link)];
            QVERIFY(near(segment.from, network.vertices[static_cast<size_t>(link.a)]));
            QVERIFY(near(segment.to, network.vertices[static_cast<size_t>(link.b)]));
        }
        // Leaf switch under the mean of its nodes; every switch below every node.
        for (int node = 0; node < tree.nodeCount(); ++node) {
            const Link& up = links[static_cast<size_t>(node)];
            const int leaf = up.a == node ? up.b : up.a;
            double x = 0;
            int count = 0;
            for (int other = 0; other < tree.nodeCount(); ++other) {
                const Link& l = links[static_cast<size_t>(other)];
                if ((l.a == other ? l.b : l.a) == leaf) {
                    x += nodes.centers[static_cast<size_t>(other)].x;
                    ++count;
                }
            }
            QCOMPARE(network.vertices[static_cast<size_t>(leaf)].x, x / count);
        }
        for (int s = tree.nodeCount(); s < tree.nodeCount() + tree.switchCount(); ++s)
            QVERIFY(network.vertices[static_cast<size_t>(s)].y < 0);
        // Three rows (leaves, L2, spines), lower levels higher up; the L2 switches of a
        // pod stand together, pods in order.
        std::set<double> rows;
        for (int s = tree.nodeCount(); s < tree.nodeCount() + tree.switchCount(); ++s)
            rows.insert(network.vertices[static_cast<size_t>(s)].y);
        QCOMPARE(rows.size(), size_t(3));
        const int firstL2 = tree.nodeCount() + tree.leafCount();
        for (int pod = 0; pod + 1 < (tree.leafCount() / 4); ++pod)
            for (int i = 0; i < tree.l2PerPod(); ++i)
                for (int j = 0; j < tree.l2PerPod(); ++j)
                    QVERIFY(network.vertices[static_cast<size_t>(firstL2 + pod * tree.l2PerPod() + i)].x
                            < network.vertices[static_cast<size_t>(firstL2 + (pod + 1) * tree.l2PerPod() + j)].x);
    }

    void torusRoutersSitAmongTheirNodesAndWrapLinksAreStubs()
    {
        const auto topology = parseMachineSpec("torus extents=4x4x4 nodes-per-router=2");
        const NodeLayout nodes = layoutNodes(*topology);
        const NetworkLayout plain = layoutNetwork(*topology, nodes);
        const NetworkLayout wrapped = layoutNetwork(*topology, nodes, true);
        const int routerLinks = switchLinks(*topology);
        QCOMPARE(routerLinks, 3 * 64);
        QCOMPARE(static_cast<int>(plain.segments.size()), routerLinks - 3 * 16);
        QCOMPARE(static_cast<int>(wrapped.segments.size()), routerLinks - 3 * 16 + 2 * 3 * 16);
        for (const NetworkLayout::Segment& segment : wrapped.segments) {
            const Vec3 d = segment.to - segment.from;
            QVERIFY(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) <= 1.0 + 1e-9);
        }
        const std::vector<Link>& links = topology->links();
        for (int node = 0; node < topology->nodeCount(); node += 2) {
            const int router = links[static_cast<size_t>(node)].b;
            const Vec3 mean
                = (nodes.centers[static_cast<size_t>(node)] + nodes.centers[static_cast<size_t>(node + 1)]) * 0.5;
            QVERIFY(near(plain.vertices[static_cast<size_t>(router)], mean));
        }
    }

    void outerNodesAreTheEndsOfEveryRow_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus 5x4x3, 2 per router") << QStringLiteral("torus extents=5x4x3 nodes-per-router=2");
        QTest::newRow("torus 6x6x6") << QStringLiteral("torus extents=6x6x6");
        QTest::newRow("torus 4x3x2x2") << QStringLiteral("torus extents=4x3x2x2");
        QTest::newRow("fat-tree") << QStringLiteral("fattree radix=8 pods=2 leaves-per-pod=4 nodes-per-leaf=4");
    }
    void outerNodesAreTheEndsOfEveryRow()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const NodeLayout layout = layoutNodes(*topology);
        const std::vector<int> outer = outerNodes(layout);
        QVERIFY(std::is_sorted(outer.begin(), outer.end()));
        std::vector<int> expected;
        const auto& c = layout.centers;
        for (size_t n = 0; n < c.size(); ++n) {
            bool inside = true;
            for (int axis = 0; axis < 3 && inside; ++axis) {
                bool before = false, after = false;
                for (size_t m = 0; m < c.size(); ++m) {
                    const double a[3] = {c[n].x, c[n].y, c[n].z}, b[3] = {c[m].x, c[m].y, c[m].z};
                    bool sameRow = true;
                    for (int other = 0; other < 3; ++other)
                        sameRow = sameRow && (other == axis || std::abs(a[other] - b[other]) < 1e-6);
                    before = before || (sameRow && b[axis] < a[axis] - 1e-9);
                    after = after || (sameRow && b[axis] > a[axis] + 1e-9);
                }
                inside = before && after;
            }
            if (!inside)
                expected.push_back(static_cast<int>(n));
        }
        QCOMPARE(outer, expected);
        if (spec.startsWith(QLatin1String("torus extents=6x6x6")))
            QCOMPARE(outer.size(), size_t(6 * 6 * 6 - 4 * 4 * 4));
    }

    void treeLinkUsersMatchUsableChannels()
    {
        const auto topology = parseMachineSpec("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        SplitMix64 random(7);
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<int> order(static_cast<size_t>(topology->nodeCount()));
            for (size_t i = 0; i < order.size(); ++i)
                order[i] = static_cast<int>(i);
            for (size_t i = order.size(); i > 1; --i)
                std::swap(order[i - 1], order[random.next() % i]);
            std::vector<std::vector<int>> jobs;
            size_t used = 0;
            while (used < order.size() && jobs.size() < 6) {
                const size_t size = 1 + random.next() % 9;
                std::vector<int> job(order.begin() + static_cast<long>(used),
                                     order.begin() + static_cast<long>(std::min(order.size(), used + size)));
                std::sort(job.begin(), job.end());
                used += size;
                jobs.push_back(job);
            }
            std::vector<const std::vector<int>*> pointers;
            for (const auto& job : jobs)
                pointers.push_back(&job);
            const std::vector<int> counts = linkUserCounts(*topology, pointers);
            std::vector<int> expected(topology->links().size(), 0);
            for (const auto& job : jobs) {
                std::set<int> links;
                for (Channel channel : usableChannels(*topology, job, LinkModel::TopologyAwareView))
                    links.insert(channel / 2);
                for (int link : links)
                    ++expected[static_cast<size_t>(link)];
            }
            QCOMPARE(counts, expected);
        }
    }

    void overlappingLinksAreDrawnPieceByPiece()
    {
        // Four points on a line, links 0-1, 0-3, 1-2 and 2-3, a parallel 0-1, and one off
        // the line: the line splits into three pieces at the ends; the middle piece stands
        // for 0-3 and 1-2 only.
        const Vec3 p0{0, 0, 0}, p1{1, 1, 0}, p2{2, 2, 0}, p3{3, 3, 0}, off{0, 5, 0};
        const std::vector<NetworkLayout::Segment> segments{{p0, p1, 10}, {p3, p0, 11}, {p1, p2, 12},
                                                           {p2, p3, 13}, {p0, p1, 14}, {p0, off, 15}};
        const std::vector<NetworkLayout::Piece> pieces = drawnPieces(segments);
        QCOMPARE(pieces.size(), size_t(4));
        std::map<std::pair<double, double>, std::set<int>> byStart; // (x of the lower end, length) -> links
        for (const auto& piece : pieces) {
            const double low = std::min(piece.from.x, piece.to.x);
            const double length = std::hypot(piece.to.x - piece.from.x, piece.to.y - piece.from.y);
            byStart[{low, std::round(length * 1e6) / 1e6}] = {piece.links.begin(), piece.links.end()};
        }
        const double diagonal = std::round(std::sqrt(2.0) * 1e6) / 1e6;
        const auto linksFrom = [&](double low, double length) { return byStart[std::make_pair(low, length)]; };
        QCOMPARE(linksFrom(0.0, diagonal), (std::set<int>{10, 11, 14}));
        QCOMPARE(linksFrom(1.0, diagonal), (std::set<int>{11, 12}));
        QCOMPARE(linksFrom(2.0, diagonal), (std::set<int>{11, 13}));
        QCOMPARE(linksFrom(0.0, 5.0), (std::set<int>{15}));
    }

    void dragonflyRowsAreDrawnBetweenNeighbouringRouters()
    {
        // theta: each row of 16 routers draws 15 pieces, not 120 overlapping lines; every
        // link is in a piece, and the piece between routers i and i+1 stands for the
        // (i+1)(15-i) links of the row over it.
        const auto topology = parseMachineSpec("theta");
        const auto& df = dynamic_cast<const DragonflyTopology&>(*topology);
        const NetworkLayout layout = layoutNetwork(df, layoutNodes(df));
        const std::vector<NetworkLayout::Piece> pieces = drawnPieces(layout.segments);
        std::set<int> drawn;
        for (const auto& piece : pieces)
            drawn.insert(piece.links.begin(), piece.links.end());
        std::set<int> links;
        for (const auto& segment : layout.segments)
            links.insert(segment.link);
        QCOMPARE(drawn, links);
        QVERIFY(pieces.size() * 4 < layout.segments.size());
        const int columns = df.shape().columns;
        for (int column = 0; column + 1 < columns; ++column) {
            const Vec3 a = layout.vertices[static_cast<size_t>(df.nodeCount() + column)];
            const Vec3 b = layout.vertices[static_cast<size_t>(df.nodeCount() + column + 1)];
            const auto piece = std::find_if(pieces.begin(), pieces.end(), [&](const NetworkLayout::Piece& p) {
                const auto near = [](Vec3 x, Vec3 y) { return std::abs(x.x - y.x) + std::abs(x.y - y.y) < 1e-6; };
                return (near(p.from, a) && near(p.to, b)) || (near(p.from, b) && near(p.to, a));
            });
            QVERIFY(piece != pieces.end());
            QCOMPARE(static_cast<int>(piece->links.size()), (column + 1) * (columns - 1 - column));
        }
    }

    void linkUserCounterFollowsAReplay_data()
    {
        QTest::addColumn<QString>("spec");
        for (const char* spec : {"theta", "dragonfly-small", "frontier",
                                 "fattree radix=8 pods=3 leaves-per-pod=4 "
                                 "nodes-per-leaf=4",
                                 "torus extents=6x4x3 nodes-per-router=2", "cab", "pinot"})
            QTest::newRow(spec) << spec;
    }
    void linkUserCounterFollowsAReplay()
    {
        // Jobs starting and ending over 60 moments, forwards, backwards and jumping: the
        // counter's counts at each moment are linkUserCounts() of the jobs running then.
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        SplitMix64 random(11);
        struct Running
        {
            std::vector<int> nodes;
            int from = 0, to = 0;
            NodeList listed; ///< the same nodes as a job keeps them
        };
        std::vector<Running> jobs;
        for (int j = 0; j < 40; ++j) {
            std::set<int> nodes;
            const int size = 1 + static_cast<int>(random.next() % 40);
            while (static_cast<int>(nodes.size()) < std::min(size, topology->nodeCount()))
                nodes.insert(static_cast<int>(random.next() % static_cast<std::uint64_t>(topology->nodeCount())));
            const int from = static_cast<int>(random.next() % 60);
            jobs.push_back({{nodes.begin(), nodes.end()},
                            from,
                            from + 1 + static_cast<int>(random.next() % 20),
                            NodeList(nodes.begin(), nodes.end())});
        }
        LinkUserCounter counter(*topology);
        std::vector<int> moments;
        for (int t = 0; t < 60; ++t)
            moments.push_back(t);
        for (int t = 59; t >= 0; t -= 3)
            moments.push_back(t);
        for (int k = 0; k < 30; ++k)
            moments.push_back(static_cast<int>(random.next() % 60));
        for (size_t k = 0; k < moments.size(); ++k) {
            const int t = moments[k];
            std::vector<LinkUserCounter::RunningJob> running;
            std::vector<const std::vector<int>*> nodes;
            for (size_t j = 0; j < jobs.size(); ++j)
                if (jobs[j].from <= t && t < jobs[j].to) {
                    running.push_back({static_cast<int>(j), &jobs[j].listed});
                    nodes.push_back(&jobs[j].nodes);
                }
            if (k % 7 == 0 && !running.empty())
                running.push_back(running.front()); // a job listed twice counts once
            if (k == 70)
                counter.clear();
            QCOMPARE(counter.update(running), linkUserCounts(*topology, nodes));
        }
    }

    void torusLinkUsersFollowTheRingOfRoutes()
    {
        // A line of 8 routers without wrap-around: a job on nodes 1 and 4 sends 1->4 and
        // 4->1, both over the router links 1-2, 2-3, 3-4; another on 3 and 6 over 3-4, 4-5, 5-6.
        const auto topology = parseMachineSpec("torus extents=8 wrap=n");
        const std::vector<int> a{1, 4};
        const std::vector<int> b{3, 6};
        const std::vector<int> counts = linkUserCounts(*topology, {&a, &b});
        const std::vector<Link>& links = topology->links();
        auto routerLink = [&](int from, int to) {
            for (size_t id = 0; id < links.size(); ++id) {
                const int ra = links[id].a - topology->nodeCount(), rb = links[id].b - topology->nodeCount();
                if (ra >= 0 && rb >= 0 && ((ra == from && rb == to) || (ra == to && rb == from)))
                    return counts[id];
            }
            return -1;
        };
        QCOMPARE(routerLink(0, 1), 0);
        QCOMPARE(routerLink(1, 2), 1);
        QCOMPARE(routerLink(3, 4), 2);
        QCOMPARE(routerLink(5, 6), 1);
        QCOMPARE(routerLink(6, 7), 0);
        QCOMPARE(counts[1], 1); // node 1's own link
        QCOMPARE(counts[0], 0);
    }

    void fragmentsAreThePartitionsTheMetricsCount_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("torus 6x5x4 wrapped") << QStringLiteral("torus extents=6x5x4 nodes-per-router=2");
        QTest::newRow("mesh 5x5") << QStringLiteral("torus extents=5x5 wrap=nn");
        QTest::newRow("torus 2x3x2") << QStringLiteral("torus extents=2x3x2");
        QTest::newRow("fat-tree") << QStringLiteral("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
    }
    void fragmentsAreThePartitionsTheMetricsCount()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        PlacementAnalyzer analyzer(*topology);
        const NodeLayout layout = layoutNodes(*topology);
        SplitMix64 random(3);
        for (int trial = 0; trial < 200; ++trial) {
            std::set<int> chosen;
            const int size
                = 1 + static_cast<int>(random.next() % static_cast<std::uint64_t>(topology->nodeCount() / 3));
            while (static_cast<int>(chosen.size()) < size)
                chosen.insert(static_cast<int>(random.next() % static_cast<std::uint64_t>(topology->nodeCount())));
            const std::vector<int> nodes(chosen.begin(), chosen.end());
            const auto fragments = jobFragments(*topology, nodes);
            QCOMPARE(static_cast<int>(fragments.size()), analyzer.measure(nodes).partitions);
            std::vector<int> all;
            for (const auto& fragment : fragments)
                all.insert(all.end(), fragment.begin(), fragment.end());
            std::sort(all.begin(), all.end());
            QCOMPARE(all, nodes);
            const auto boxes = fragmentBoxes(*topology, layout, nodes);
            QCOMPARE(boxes.size(), fragments.size());
            for (size_t f = 0; f < fragments.size(); ++f)
                for (int node : fragments[f]) {
                    const Vec3& c = layout.centers[static_cast<size_t>(node)];
                    QVERIFY(boxes[f].first.x < c.x && c.x < boxes[f].second.x);
                    QVERIFY(boxes[f].first.y < c.y && c.y < boxes[f].second.y);
                    QVERIFY(boxes[f].first.z < c.z && c.z < boxes[f].second.z);
                }
        }
    }

    void everyPresetLaysOutItsNetwork_data()
    {
        QTest::addColumn<QString>("spec");
        for (const MachinePreset& preset : machinePresets())
            QTest::newRow(preset.name.c_str()) << QString::fromStdString(preset.name);
        QTest::newRow("kary k=2 n=6") << QStringLiteral("kary k=2 n=6");
        QTest::newRow("kary k=8 n=2") << QStringLiteral("kary k=8 n=2");
        QTest::newRow("mesh 1D") << QStringLiteral("torus extents=9 wrap=n");
        QTest::newRow("torus 4D") << QStringLiteral("torus extents=3x4x2x3 nodes-per-router=2");
        QTest::newRow("torus 5D") << QStringLiteral("torus extents=2x3x2x2x3 wrap=ynyny");
        QTest::newRow("two-switch tree") << QStringLiteral("switchtree parents=-1,0,0 nodes=0,4,4");
        QTest::newRow("one switch") << QStringLiteral("switchtree parents=-1 nodes=5");
    }

    void everyPresetLaysOutItsNetwork()
    {
        QFETCH(QString, spec);
        const auto topology = parseMachineSpec(spec.toStdString());
        const QString failure = checkNetwork(*topology, 1);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void randomSwitchTreesLayOutParentsBelowChildren()
    {
        // Shapes of real topology.conf files: irregular depths, switches holding nodes and
        // switches, leaves without nodes. 200 seeds, depth 1-5, fan-out 1-40.
        std::set<int> depths;
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const test::RandomSwitchTree shape(seed);
            depths.insert(shape.depth);
            const SwitchTreeTopology tree = shape.topology();
            const QString failure = checkNetwork(tree, seed);
            QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(failure)));
            const NetworkLayout network = layoutNetwork(tree, layoutNodes(tree));
            const SwitchHierarchy& hierarchy = *tree.hierarchy();
            for (int s = 0; s < tree.switchCount(); ++s) {
                const int parent = hierarchy.parent[static_cast<size_t>(s)];
                if (parent >= 0)
                    QVERIFY2(network.vertices[static_cast<size_t>(tree.nodeCount() + parent)].y
                                 < network.vertices[static_cast<size_t>(tree.nodeCount() + s)].y,
                             qPrintable(QStringLiteral("seed %1: switch %2 not above its parent").arg(seed).arg(s)));
            }
        }
        QCOMPARE(depths.size(), size_t(5));
    }
};

QTEST_APPLESS_MAIN(TestNetworkLayout)
#include "tst_networklayout.moc"
