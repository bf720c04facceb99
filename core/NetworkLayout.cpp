// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/NetworkLayout.h"

#include "core/DragonflyTopology.h"
#include "core/LinkSharing.h"
#include "core/SwitchHierarchy.h"
#include "core/SwitchTreeTopology.h"
#include "core/Topology.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

namespace placement {
namespace {

/// The switch each node hangs off: link n joins node n to it (Topology::links()).
std::vector<int> leafSwitchOfNodes(const Topology& topology)
{
    const std::vector<Link>& links = topology.links();
    std::vector<int> leaf(static_cast<size_t>(topology.nodeCount()), -1);
    for (int node = 0; node < topology.nodeCount() && node < static_cast<int>(links.size()); ++node)
        leaf[static_cast<size_t>(node)] = links[static_cast<size_t>(node)].a == node
            ? links[static_cast<size_t>(node)].b
            : links[static_cast<size_t>(node)].a;
    return leaf;
}

/// The extent of the node columns: x from `low` to `high`, y from `bottom` to `top`.
struct NodeSpan
{
    double low = 0, high = 0, bottom = 0, top = 0;

    explicit NodeSpan(const NodeLayout& nodes)
    {
        for (size_t node = 0; node < nodes.centers.size(); ++node) {
            const Vec3& c = nodes.centers[node];
            low = node == 0 ? c.x : std::min(low, c.x);
            high = node == 0 ? c.x : std::max(high, c.x);
            bottom = node == 0 ? c.y : std::min(bottom, c.y);
            top = node == 0 ? c.y : std::max(top, c.y);
        }
    }

    /// Rows of switches below the node columns, further apart for taller columns so the
    /// links between them stay readable. Row 0 is right under the nodes.
    double rowY(int row) const { return bottom - 1.5 - std::max(3.0, 0.35 * (top - bottom + 1)) * row; }
};

/// An imported switch tree (topology.conf): depths may differ, a switch may hold nodes and
/// switches, islands hang under a virtual root. Each switch stands in the row of its height
/// in the tree (switches without child switches right under the nodes), at the mean x of
/// every node below it, so a parent is always below its children and above their nodes.
void placeSwitchTree(const SwitchTreeTopology& tree, const NodeLayout& nodes, std::vector<Vec3>& vertices)
{
    const SwitchHierarchy& hierarchy = *tree.hierarchy();
    const int nodeCount = tree.nodeCount();
    const auto switches = static_cast<size_t>(tree.switchCount());
    std::vector<double> sumX(switches, 0);
    std::vector<int> below(switches, 0);
    for (int node = 0; node < nodeCount; ++node)
        for (int s = hierarchy.groupOfNode[static_cast<size_t>(node)]; s >= 0;
             s = hierarchy.parent[static_cast<size_t>(s)]) {
            sumX[static_cast<size_t>(s)] += nodes.centers[static_cast<size_t>(node)].x;
            ++below[static_cast<size_t>(s)];
        }
    const NodeSpan span(nodes);
    for (size_t s = 0; s < switches; ++s) {
        const double x = below[s] ? sumX[s] / below[s] : (span.low + span.high) / 2;
        vertices[static_cast<size_t>(nodeCount) + s] = {x, span.rowY(hierarchy.level[s]), 0};
    }
}

/// Regular trees (fat-trees, k-ary n-trees): levels found from the links, one row each.
void placeTreeSwitches(const Topology& topology, const NodeLayout& nodes, std::vector<Vec3>& vertices)
{
    if (const auto* tree = dynamic_cast<const SwitchTreeTopology*>(&topology)) {
        placeSwitchTree(*tree, nodes, vertices);
        return;
    }
    const int nodeCount = topology.nodeCount();
    const int vertexCount = nodeCount + topology.switchCount();
    std::vector<std::vector<int>> neighbours(static_cast<size_t>(vertexCount));
    for (const Link& link : topology.links()) {
        if (!link.exists())
            continue;
        neighbours[static_cast<size_t>(link.a)].push_back(link.b);
        neighbours[static_cast<size_t>(link.b)].push_back(link.a);
    }
    // Level of each switch: 1 for the switches nodes hang off, then one more per step up.
    std::vector<int> level(static_cast<size_t>(vertexCount), 0);
    std::vector<int> current;
    const NodeSpan span(nodes);
    std::vector<double> sumX(static_cast<size_t>(vertexCount), 0);
    std::vector<int> below(static_cast<size_t>(vertexCount), 0);
    for (int node = 0; node < nodeCount; ++node)
        for (int other : neighbours[static_cast<size_t>(node)])
            if (other >= nodeCount && level[static_cast<size_t>(other)] == 0) {
                level[static_cast<size_t>(other)] = 1;
                current.push_back(other);
            }
    for (int depth = 1; !current.empty(); ++depth) {
        // x: the mean x of the vertices one level down (nodes for leaf switches).
        for (int s : current) {
            for (int other : neighbours[static_cast<size_t>(s)]) {
                const bool down = depth == 1 ? other < nodeCount
                                             : other >= nodeCount && level[static_cast<size_t>(other)] == depth - 1;
                if (down) {
                    sumX[static_cast<size_t>(s)] += vertices[static_cast<size_t>(other)].x;
                    ++below[static_cast<size_t>(s)];
                }
            }
        }
        const double y = span.rowY(depth - 1);
        if (depth == 1) {
            // Leaf switches right under their nodes.
            for (int s : current)
                vertices[static_cast<size_t>(s)]
                    = {below[static_cast<size_t>(s)] ? sumX[static_cast<size_t>(s)] / below[static_cast<size_t>(s)] : 0,
                       y, 0};
        } else {
            // Higher switches share their children's mean x (all L2 switches of a pod, say):
            // spread the level evenly over the width, in order of that mean.
            std::vector<int> order = current;
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                const double xa
                    = below[static_cast<size_t>(a)] ? sumX[static_cast<size_t>(a)] / below[static_cast<size_t>(a)] : 0;
                const double xb
                    = below[static_cast<size_t>(b)] ? sumX[static_cast<size_t>(b)] / below[static_cast<size_t>(b)] : 0;
                return xa < xb - 1e-9;
            });
            const double step = order.size() > 1 ? (span.high - span.low) / static_cast<double>(order.size() - 1) : 0;
            for (size_t i = 0; i < order.size(); ++i)
                vertices[static_cast<size_t>(order[i])]
                    = {order.size() > 1 ? span.low + step * static_cast<double>(i) : (span.low + span.high) / 2, y, 0};
        }
        std::vector<int> next;
        for (int s : current)
            for (int other : neighbours[static_cast<size_t>(s)])
                if (other >= nodeCount && level[static_cast<size_t>(other)] == 0) {
                    level[static_cast<size_t>(other)] = depth + 1;
                    next.push_back(other);
                }
        std::sort(next.begin(), next.end());
        next.erase(std::unique(next.begin(), next.end()), next.end());
        current = std::move(next);
    }
}

} // namespace

NetworkLayout layoutNetwork(const Topology& topology, const NodeLayout& nodes, bool wrapAround)
{
    NetworkLayout layout;
    const int nodeCount = topology.nodeCount();
    layout.switchCount = topology.switchCount();
    layout.vertices.assign(static_cast<size_t>(nodeCount + layout.switchCount), Vec3{});
    std::copy(nodes.centers.begin(), nodes.centers.end(), layout.vertices.begin());
    const bool torus = topology.kind() == TopologyKind::Torus;
    const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology);
    if (dragonfly) {
        for (int router = 0; router < layout.switchCount; ++router)
            layout.vertices[static_cast<size_t>(nodeCount + router)] = dragonflyRouterPosition(*dragonfly, router);
    } else if (torus) {
        const std::vector<int> router = leafSwitchOfNodes(topology);
        std::vector<int> count(layout.vertices.size(), 0);
        for (int node = 0; node < nodeCount; ++node) {
            Vec3& r = layout.vertices[static_cast<size_t>(router[static_cast<size_t>(node)])];
            r = r + nodes.centers[static_cast<size_t>(node)];
            ++count[static_cast<size_t>(router[static_cast<size_t>(node)])];
        }
        for (size_t v = static_cast<size_t>(nodeCount); v < layout.vertices.size(); ++v)
            if (count[v])
                layout.vertices[v] = layout.vertices[v] * (1.0 / count[v]);
    } else {
        placeTreeSwitches(topology, nodes, layout.vertices);
    }

    const std::vector<Link>& links = topology.links();
    for (size_t id = 0; id < links.size(); ++id) {
        const Link& link = links[id];
        if (!link.exists() || link.a < nodeCount || link.b < nodeCount)
            continue; // placeholders; node links: the node sits on its switch
        const Vec3 a = layout.vertices[static_cast<size_t>(link.a)];
        const Vec3 b = layout.vertices[static_cast<size_t>(link.b)];
        if (dragonfly && static_cast<int>(id) >= dragonfly->firstGlobalLink()) {
            // Global links as chords bundled per group pair: from each end to its group's
            // inner edge, then one chord shared by every link of the pair.
            const Vec3 from = dragonflyGroupCentre(*dragonfly, dragonfly->groupOfRouter(link.a - nodeCount));
            const Vec3 to = dragonflyGroupCentre(*dragonfly, dragonfly->groupOfRouter(link.b - nodeCount));
            layout.segments.push_back({a, from, static_cast<int>(id)});
            layout.segments.push_back({from, to, static_cast<int>(id)});
            layout.segments.push_back({to, b, static_cast<int>(id)});
            continue;
        }
        const Vec3 d = b - a;
        const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        if (torus && length > 1.5) {
            // Wraps around: routers are one grid unit apart, so this one leaves the box.
            if (!wrapAround)
                continue;
            const Vec3 out = d * (-0.45 / length);
            layout.segments.push_back({a, a + out, static_cast<int>(id)});
            layout.segments.push_back({b, b - out, static_cast<int>(id)});
            continue;
        }
        layout.segments.push_back({a, b, static_cast<int>(id)});
    }
    return layout;
}

std::vector<std::vector<int>> jobFragments(const Topology& topology, const std::vector<int>& nodes)
{
    std::vector<int> sorted = nodes;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<std::vector<int>> fragments;
    if (const auto* torus = dynamic_cast<const TorusTopology*>(&topology)) {
        // Breadth-first over the job's routers; neighbours differ by one in one coordinate.
        std::unordered_map<int, std::vector<int>> nodesOfRouter;
        for (int node : sorted)
            nodesOfRouter[torus->routerOf(node)].push_back(node);
        std::unordered_map<int, bool> seen;
        const std::vector<int>& extents = torus->extents();
        for (int node : sorted) {
            const int first = torus->routerOf(node);
            if (seen[first])
                continue;
            std::vector<int> fragment;
            std::vector<int> queue{first};
            seen[first] = true;
            for (size_t head = 0; head < queue.size(); ++head) {
                const int router = queue[head];
                const std::vector<int>& here = nodesOfRouter[router];
                fragment.insert(fragment.end(), here.begin(), here.end());
                int stride = 1;
                for (int dim = 0; dim < torus->dimensions(); ++dim) {
                    const int extent = extents[static_cast<size_t>(dim)];
                    const int x = torus->routerCoordinate(router, dim);
                    for (int step : {-1, 1}) {
                        int y = x + step;
                        if (y < 0 || y >= extent) {
                            if (!torus->wraps()[static_cast<size_t>(dim)])
                                continue;
                            y = (y + extent) % extent;
                        }
                        const int neighbour = router + (y - x) * stride;
                        if (nodesOfRouter.count(neighbour) && !seen[neighbour]) {
                            seen[neighbour] = true;
                            queue.push_back(neighbour);
                        }
                    }
                    stride *= extent;
                }
            }
            std::sort(fragment.begin(), fragment.end());
            fragments.push_back(std::move(fragment));
        }
    } else if (const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology)) {
        std::map<int, std::vector<int>> byRouter; // the nodes of one router form a fragment
        for (int node : sorted)
            byRouter[dragonfly->routerOf(node)].push_back(node);
        for (auto& [router, group] : byRouter)
            fragments.push_back(std::move(group));
    } else if (const SwitchHierarchy* tree = topology.hierarchy()) {
        std::map<int, std::vector<int>> byLeaf;
        for (int node : sorted)
            byLeaf[tree->groupOfNode[static_cast<size_t>(node)]].push_back(node);
        for (auto& [leaf, group] : byLeaf)
            fragments.push_back(std::move(group));
    } else if (!sorted.empty()) {
        fragments.push_back(sorted);
    }
    std::sort(fragments.begin(), fragments.end());
    return fragments;
}

std::vector<std::pair<Vec3, Vec3>> fragmentBoxes(const Topology& topology, const NodeLayout& layout,
                                                 const std::vector<int>& nodes)
{
    std::vector<std::pair<Vec3, Vec3>> boxes;
    const Vec3 half = layout.boxSize * 0.5;
    for (const std::vector<int>& fragment : jobFragments(topology, nodes)) {
        Vec3 low = layout.centers[static_cast<size_t>(fragment.front())];
        Vec3 high = low;
        for (int node : fragment) {
            const Vec3& c = layout.centers[static_cast<size_t>(node)];
            low = {std::min(low.x, c.x), std::min(low.y, c.y), std::min(low.z, c.z)};
            high = {std::max(high.x, c.x), std::max(high.y, c.y), std::max(high.z, c.z)};
        }
        boxes.emplace_back(low - half, high + half);
    }
    return boxes;
}

std::vector<int> usableLinks(const Topology& topology, const std::vector<int>& nodes)
{
    std::vector<int> links;
    if (nodes.empty())
        return links;
    if (topology.kind() != TopologyKind::Torus) {
        for (Channel channel : usableChannels(topology, nodes, LinkModel::TopologyAwareView))
            links.push_back(channel / 2);
    } else {
        links.insert(links.end(), nodes.begin(), nodes.end()); // the node links
        std::vector<Channel> route;
        for (size_t i = 0; nodes.size() > 1 && i < nodes.size(); ++i) {
            route.clear();
            topology.appendRoute(nodes[i], nodes[(i + 1) % nodes.size()], route);
            for (Channel channel : route)
                links.push_back(channel / 2);
        }
    }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    return links;
}

std::vector<int> linkUserCounts(const Topology& topology, const std::vector<const std::vector<int>*>& jobs)
{
    std::vector<int> users(topology.links().size(), 0);
    for (const std::vector<int>* nodes : jobs)
        if (nodes)
            for (int link : usableLinks(topology, *nodes))
                ++users[static_cast<size_t>(link)];
    return users;
}

std::vector<NetworkLayout::Piece> drawnPieces(const std::vector<NetworkLayout::Segment>& segments)
{
    const auto rounded = [](double value) { return std::llround(value * 1e6); };
    std::map<std::array<long long, 6>, std::vector<size_t>> byLine; // direction, foot -> segments
    for (size_t i = 0; i < segments.size(); ++i) {
        const Vec3 a = segments[i].from;
        Vec3 d = segments[i].to - a;
        const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        if (length < 1e-9) {
            byLine[{0, 0, 0, rounded(a.x), rounded(a.y), rounded(a.z)}].push_back(i);
            continue;
        }
        d = d * (1.0 / length);
        if (d.x < -1e-12 || (std::abs(d.x) <= 1e-12 && (d.y < -1e-12 || (std::abs(d.y) <= 1e-12 && d.z < 0))))
            d = d * -1.0;
        const double along = a.x * d.x + a.y * d.y + a.z * d.z;
        const Vec3 foot = a - d * along; // the line's point nearest the origin
        byLine[{rounded(d.x), rounded(d.y), rounded(d.z), rounded(foot.x), rounded(foot.y), rounded(foot.z)}].push_back(
            i);
    }
    std::vector<NetworkLayout::Piece> pieces;
    std::map<std::array<long long, 6>, size_t> drawn; // piece ends -> piece
    const auto add = [&](const Vec3& from, const Vec3& to, int link) {
        const auto [found, added]
            = drawn.emplace(std::array<long long, 6>{rounded(from.x), rounded(from.y), rounded(from.z), rounded(to.x),
                                                     rounded(to.y), rounded(to.z)},
                            pieces.size());
        if (added)
            pieces.push_back({from, to, {}});
        std::vector<int>& links = pieces[found->second].links;
        if (std::find(links.begin(), links.end(), link) == links.end())
            links.push_back(link);
    };
    for (const auto& [line, members] : byLine) {
        if (members.size() == 1 || (line[0] == 0 && line[1] == 0 && line[2] == 0)) {
            for (size_t i : members)
                add(segments[i].from, segments[i].to, segments[i].link);
            continue;
        }
        // Positions along the line: every end, then the pieces between neighbouring ones.
        const Vec3 direction = segments[members.front()].to - segments[members.front()].from;
        const auto at
            = [&direction](const Vec3& p) { return p.x * direction.x + p.y * direction.y + p.z * direction.z; };
        std::vector<std::pair<double, Vec3>> ends;
        for (size_t i : members) {
            ends.emplace_back(at(segments[i].from), segments[i].from);
            ends.emplace_back(at(segments[i].to), segments[i].to);
        }
        std::sort(ends.begin(), ends.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<std::pair<double, Vec3>> stops;
        for (const auto& end : ends)
            if (stops.empty() || end.first - stops.back().first > 1e-9)
                stops.push_back(end);
        for (size_t i : members) {
            const double low = std::min(at(segments[i].from), at(segments[i].to)) - 1e-9;
            const double high = std::max(at(segments[i].from), at(segments[i].to)) + 1e-9;
            for (size_t k = 0; k + 1 < stops.size(); ++k)
                if (stops[k].first >= low && stops[k + 1].first <= high)
                    add(stops[k].second, stops[k + 1].second, segments[i].link);
        }
    }
    return pieces;
}

std::vector<int> usableLinks(const Topology& topology, const NodeList& nodes)
{
    return usableLinks(topology, nodes.toVector());
}

} // namespace placement
