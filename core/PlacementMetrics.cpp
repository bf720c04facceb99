#include "core/PlacementMetrics.h"

#include "core/MinimumAph.h"
#include "core/SwitchHierarchy.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

namespace placement {
/// Sum over unordered coordinate pairs of h[x] h[y] times their distance along one ring
/// (or line), in one pass over the occupied span with running sums: for each y, the x < y
/// within half a ring are reached directly (y - x hops), the others, x < y - extent/2 on a
/// ring, the other way round (extent - y + x hops).
std::int64_t PlacementAnalyzer::ringPairSum(const std::int64_t* h, int extent, bool wraps)
{
    int first = 0;
    int last = extent - 1;
    while (first < last && h[first] == 0)
        ++first;
    while (last > first && h[last] == 0)
        --last;
    const int half = wraps ? extent / 2 : extent;
    std::int64_t count = 0; // sum of h[x] over x < y
    std::int64_t moment = 0; // sum of x h[x] over x < y
    std::int64_t total = 0;
    int y = first;
    for (; y <= std::min(last, half); ++y) {
        total += h[y] * (y * count - moment);
        count += h[y];
        moment += y * h[y];
    }
    std::int64_t farCount = 0; // the same over x < y - half (none below `first`)
    std::int64_t farMoment = 0;
    for (; y <= last; ++y) {
        const int x = y - half - 1;
        farCount += h[x];
        farMoment += x * h[x];
        total += h[y] * (y * count - moment + (extent - 2 * y) * farCount + 2 * farMoment);
        count += h[y];
        moment += y * h[y];
    }
    return total;
}

PlacementAnalyzer::PlacementAnalyzer(const Topology& topology)
    : m_topology(topology)
    , m_tree(topology.hierarchy())
    , m_torus(dynamic_cast<const TorusTopology*>(&topology))
    , m_nodeCount(topology.nodeCount())
{
    m_nodes.assign(static_cast<size_t>(m_nodeCount), NodeSlot());
    if (m_tree) {
        m_groups.assign(m_tree->parent.size(), GroupSlot());
        m_leafStamp.assign(m_tree->parent.size(), 0);
        m_podStamp.assign(m_tree->parent.size(), 0);
        for (int node = 0; node < m_nodeCount; ++node)
            m_nodes[static_cast<size_t>(node)].home = m_tree->groupOfNode[static_cast<size_t>(node)];
    } else if (m_torus) {
        const int routers = m_torus->routerCount();
        m_dims = m_torus->dimensions();
        int offset = 0;
        for (int dim = 0; dim < m_dims; ++dim) {
            m_histogramOffset.push_back(offset);
            offset += m_torus->extents()[static_cast<size_t>(dim)];
        }
        m_histogram.assign(static_cast<size_t>(offset), 0);
        m_routerStamp.assign(static_cast<size_t>(routers), 0);
        m_routerCount.assign(static_cast<size_t>(routers), 0);
        for (int node = 0; node < m_nodeCount; ++node)
            m_nodes[static_cast<size_t>(node)].home = m_torus->routerOf(node);
        if (static_cast<long long>(m_torus->extents()[0]) * m_torus->nodesPerRouter() <= 64)
            setUpRows();
        else
            setUpRouters();
    } else {
        throw std::invalid_argument("placement metrics: unsupported topology");
    }
}

void PlacementAnalyzer::startJob()
{
    if (++m_epoch == 0) { // wrapped: forget every old stamp
        for (GroupSlot& slot : m_groups)
            slot.stamp = 0;
        for (auto* stamps : {&m_leafStamp, &m_podStamp, &m_routerStamp})
            std::fill(stamps->begin(), stamps->end(), 0);
        for (NodeSlot& slot : m_nodes)
            slot.stamp = 0;
        for (RouterSlot& slot : m_routerSlots)
            slot.stamp = 0;
        for (SetSlot& slot : m_sets)
            slot.stamp = 0;
        m_epoch = 1;
    }
}

void PlacementAnalyzer::rejectNodeOfRows(int node, int touchedRows)
{
    m_touchedRowCount = touchedRows; // for the next job to clear
    rejectNode(node);
}

void PlacementAnalyzer::rejectNode(int node) const
{
    if (static_cast<unsigned>(node) >= static_cast<unsigned>(m_nodeCount))
        throw std::invalid_argument("node " + std::to_string(node) + " is not on the machine ("
                                    + std::to_string(m_nodeCount) + " nodes)");
    throw std::invalid_argument("node " + std::to_string(node) + " is listed twice");
}

int PlacementAnalyzer::findComponent(int router)
{
    RouterSlot* slots = m_routerSlots.data();
    while (slots[router].parent != router) {
        slots[router].parent = slots[slots[router].parent].parent; // path halving
        router = slots[router].parent;
    }
    return router;
}

PlacementMetrics PlacementAnalyzer::measure(const std::vector<int>& nodes)
{
    startJob();
    PlacementMetrics metrics;
    metrics.nodes = static_cast<int>(nodes.size());
    if (nodes.empty())
        return metrics;
    if (m_tree)
        measureTree(nodes, metrics);
    else
        measureTorus(nodes, metrics);
    if (metrics.nodes > 1)
        metrics.aphAllLinks = metrics.aph + 2;
    return metrics;
}

void PlacementAnalyzer::measureTree(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    const SwitchHierarchy& tree = *m_tree;
    const int* parent = tree.parent.data();
    m_touched.clear();
    GroupSlot* groups = m_groups.data();
    const bool uniform = tree.uniformDepth;
    int leaves = 0;
    int pods = 0;
    int low = nodes.front();
    int high = low;
    for (int node : nodes) {
        checkNode(node);
        low = std::min(low, node);
        high = std::max(high, node);
        int group = m_nodes[static_cast<size_t>(node)].home;
        if (uniform) {
            // Every leaf group sits at the same depth, so a group first reached at step 0 is a
            // new leaf and at step 1 a new pod.
            for (int step = 0; parent[group] != -1; group = parent[group], ++step) {
                GroupSlot& slot = groups[group];
                if (slot.stamp != m_epoch) {
                    slot = {m_epoch, 0};
                    m_touched.push_back(group);
                    leaves += step == 0 ? 1 : 0;
                    pods += step == 1 ? 1 : 0;
                }
                ++slot.count;
            }
            continue;
        }
        // A group may be a leaf for one node and an ancestor for another (irregular trees).
        if (m_leafStamp[static_cast<size_t>(group)] != m_epoch) {
            m_leafStamp[static_cast<size_t>(group)] = m_epoch;
            ++leaves;
            const int pod = parent[group];
            if (pod >= 0 && m_podStamp[static_cast<size_t>(pod)] != m_epoch) {
                m_podStamp[static_cast<size_t>(pod)] = m_epoch;
                ++pods;
            }
        }
        // Count the node in every group above it but the root (which holds them all).
        for (; parent[group] != -1; group = parent[group]) {
            GroupSlot& slot = groups[group];
            if (slot.stamp != m_epoch) {
                slot = {m_epoch, 0};
                m_touched.push_back(group);
            }
            ++slot.count;
        }
    }
    if (uniform && leaves == 0)
        leaves = 1; // the leaf switch is the root: a one-switch machine
    // Every edge from a group to its parent carries 2 m (n - m) ordered pairs (REFERENCE §2).
    const auto n = static_cast<std::int64_t>(nodes.size());
    std::int64_t pairHops = 0;
    int lowest = tree.root;
    for (int group : m_touched) {
        const std::int64_t m = groups[group].count;
        pairHops += 2 * m * (n - m);
        if (m == n && tree.depth[static_cast<size_t>(group)] > tree.depth[static_cast<size_t>(lowest)])
            lowest = group;
    }
    metrics.aph = n > 1 ? static_cast<double>(pairHops) / static_cast<double>(n * (n - 1)) : 0.0;
    metrics.leaves = leaves;
    metrics.pods = std::max(pods, 1); // a one-level tree is a single pod
    metrics.partitions = leaves;
    metrics.lowestCommonLevel = tree.level[static_cast<size_t>(lowest)];
    metrics.spread = high - low;
}

// Tori. Routers are numbered dimension 0 first, so the nodes of one line of routers along
// dimension 0 (a "row": Titan's 25 routers x 2 nodes) are consecutive. When a row's nodes fit
// one 64-bit word, a job is a few words: runs of consecutive nodes fill them whole, a
// router's links along dimension 0 are bit shifts, and the links between neighbouring rows
// are one AND. Otherwise, router by router.

void PlacementAnalyzer::setUpRows()
{
    const TorusTopology& torus = *m_torus;
    const int length = torus.extents()[0];
    const int perRouter = torus.nodesPerRouter();
    m_rowNodes = length * perRouter;
    // node / rowNodes as (node * magic) >> 33: exact while node * (rowNodes - 1) < 2^33,
    // which holds for every node of a machine (at most 10^8 nodes, rows of at most 64).
    m_rowMagic = ((std::uint64_t(1) << 33) + static_cast<std::uint64_t>(m_rowNodes) - 1)
        / static_cast<std::uint64_t>(m_rowNodes);
    m_rowWraps = torus.wraps()[0];
    m_routerLow = 0;
    for (int x = 0; x < length; ++x)
        m_routerLow |= std::uint64_t(1) << (x * perRouter);
    m_routerHigh = m_routerLow << (perRouter - 1);
    for (int bit = 0; bit < m_rowNodes; ++bit) {
        const int x = bit / perRouter;
        m_bits.push_back({std::uint64_t(1) << (x * perRouter + perRouter - 1), m_histogramOffset[0] + x, x});
    }
    const int rows = torus.routerCount() / length;
    const int lateral = m_dims - 1;
    m_rowBins.resize(static_cast<size_t>(rows) * static_cast<size_t>(lateral));
    m_rowNext.assign(m_rowBins.size() * 2, rows); // row `rows`: always empty
    for (int row = 0; row < rows; ++row)
        for (int dim = 1; dim < m_dims; ++dim) {
            const int x = torus.routerCoordinate(row * length, dim);
            const int extent = torus.extents()[static_cast<size_t>(dim)];
            const int stride = torus.stride(dim) / length;
            const bool ring = torus.wraps()[static_cast<size_t>(dim)] && extent > 2; // a ring of two is a line
            const size_t at = static_cast<size_t>(row) * static_cast<size_t>(lateral) + static_cast<size_t>(dim - 1);
            m_rowBins[at] = m_histogramOffset[static_cast<size_t>(dim)] + x;
            if (x + 1 < extent || ring)
                m_rowNext[2 * at] = x + 1 < extent ? row + stride : row - x * stride;
            if (x > 0 || ring)
                m_rowNext[2 * at + 1] = x > 0 ? row - stride : row + (extent - 1) * stride;
        }
    m_rows.assign(static_cast<size_t>(rows) + 1, RowSlot());
    m_touchedRows.assign(static_cast<size_t>(rows) + 1, 0); // + 1: addNodes writes one ahead
    m_alongLinks.resize(static_cast<size_t>(rows) + 1);
    m_acrossLinks.resize(static_cast<size_t>(rows) * static_cast<size_t>(m_dims - 1) + 1);
    m_sets.assign(static_cast<size_t>(torus.routerCount()), SetSlot()); // routers, or rows (fewer)
}

void PlacementAnalyzer::setUpRouters()
{
    const int routers = m_torus->routerCount();
    const auto dims = static_cast<size_t>(m_dims);
    m_coordinates.resize(static_cast<size_t>(routers) * dims);
    m_plusNeighbour.assign(static_cast<size_t>(routers) * dims, -1);
    for (int router = 0; router < routers; ++router)
        for (int dim = 0; dim < m_dims; ++dim) {
            const int extent = m_torus->extents()[static_cast<size_t>(dim)];
            const int x = m_torus->routerCoordinate(router, dim);
            const size_t at = static_cast<size_t>(router) * dims + static_cast<size_t>(dim);
            m_coordinates[at] = x;
            if (x + 1 < extent)
                m_plusNeighbour[at] = router + m_torus->stride(dim);
            else if (m_torus->wraps()[static_cast<size_t>(dim)] && extent > 2)
                m_plusNeighbour[at] = router - x * m_torus->stride(dim);
        }
    m_routerSlots.assign(static_cast<size_t>(routers), RouterSlot());
    m_touchedBits.assign(static_cast<size_t>(routers) / 64 + 1, 0);
}

/// Bits set in x. The default x86-64 target has no popcount instruction, and std::popcount
/// then calls into libgcc; this stays inline and branch-free.
static int countBits(std::uint64_t x)
{
#if defined(__x86_64__) && !defined(__POPCNT__)
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<int>((x * 0x0101010101010101u) >> 56);
#else
    return std::popcount(x);
#endif
}

/// Union-find over the job's rows or runs; one not reached yet this job is its own set. Few
/// branches: which way they would go depends on the placement, and mispredicting them is
/// most of what a join costs.
int PlacementAnalyzer::findSet(int item)
{
    SetSlot* slots = m_sets.data();
    const int current = -static_cast<int>(slots[item].stamp == m_epoch); // all ones or 0
    const int parent = (slots[item].parent & current) | (item & ~current);
    slots[item] = {m_epoch, parent};
    // Two steps up unconditionally (the trees stay shallow), more only when needed.
    int root = slots[slots[parent].parent].parent;
    while (slots[root].parent != root)
        root = slots[root].parent;
    slots[item].parent = root; // the next find is one step
    return root;
}

/// Joins the sets of a and b; 1 if they were apart.
int PlacementAnalyzer::joinSets(int a, int b)
{
    a = findSet(a);
    b = findSet(b);
    const int swap = (a ^ b) & -static_cast<int>(b > a); // the larger root joins the smaller, no branch
    m_sets[static_cast<size_t>(a ^ swap)].parent = b ^ swap; // a == b: stays a root
    return a != b;
}

namespace {

/// Whether `list` is first, first + 1, ..., first + count - 1: four at a time.
bool isRun(const int* list, int count, int first)
{
    int i = 0;
    int stray = 0;
#if defined(__GNUC__)
    typedef int Four __attribute__((vector_size(16)));
    Four expected = {first, first + 1, first + 2, first + 3};
    Four strays = {0, 0, 0, 0};
    for (; i + 4 <= count; i += 4) {
        Four four;
        std::memcpy(&four, list + i, sizeof four);
        strays |= four ^ expected;
        expected += 4;
    }
    stray = strays[0] | strays[1] | strays[2] | strays[3];
#endif
    for (; i < count; ++i)
        stray |= list[i] ^ (first + i);
    return stray == 0;
}

} // namespace

void PlacementAnalyzer::measureTorus(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    std::fill(m_histogram.begin(), m_histogram.end(), 0);
    switch (m_rowNodes ? m_dims - 1 : -1) {
    case -1: measureTorusRouters(nodes, metrics); break;
    case 0: measureTorusRows<0>(nodes, metrics); break;
    case 1: measureTorusRows<1>(nodes, metrics); break;
    case 2: measureTorusRows<2>(nodes, metrics); break;
    case 3: measureTorusRows<3>(nodes, metrics); break;
    default: measureTorusRows<-1>(nodes, metrics); break;
    }
    if (nodes.size() > 1) {
        const auto n = static_cast<double>(nodes.size());
        double total = 0;
        for (int dim = 0; dim < m_dims; ++dim)
            total += 2.0
                * static_cast<double>(ringPairSum(m_histogram.data() + m_histogramOffset[static_cast<size_t>(dim)],
                                                  m_torus->extents()[static_cast<size_t>(dim)],
                                                  m_torus->wraps()[static_cast<size_t>(dim)]));
        metrics.aph = total / (n * (n - 1));
    }
}

template <int Lateral>
void PlacementAnalyzer::measureTorusRows(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    RowSlot* rows = m_rows.data();
    const int* touched = m_touchedRows.data();
    for (int i = 0; i < m_touchedRowCount; ++i) { // the previous job's rows, even one refused halfway
        rows[touched[i]].nodes = 0;
        rows[touched[i]].routers = 0;
    }
    m_touchedRowCount = 0;
    const int count = static_cast<int>(nodes.size());
    const int* list = nodes.data();
    const int first = list[0];
    const int last = list[count - 1];
    if (last - first == count - 1 && first >= 0 && last < m_nodeCount && isRun(list, count, first)) {
        addRun(first, last);
        metrics.routers = last / m_torus->nodesPerRouter() - first / m_torus->nodesPerRouter() + 1;
        metrics.partitions = joinRows<Lateral>();
        metrics.spread = last - first;
    } else {
        addNodes<Lateral>(list, count, metrics);
    }
}

/// Consecutive nodes (what list allocators hand out): whole rows at a time; along dimension
/// 0 the full rows are counted once for all.
void PlacementAnalyzer::addRun(int first, int last)
{
    RowSlot* rows = m_rows.data();
    std::int64_t* histogram = m_histogram.data();
    const BitSlot* bitSlots = m_bits.data();
    const int lateral = m_dims - 1;
    const int rowNodes = m_rowNodes;
    int fullRows = 0;
    for (int row = first / rowNodes; row <= last / rowNodes; ++row) {
        const int begin = std::max(first - row * rowNodes, 0);
        const int end = std::min(last - row * rowNodes, rowNodes - 1);
        rows[row].nodes = ((std::uint64_t(2) << end) - 1) & ~((std::uint64_t(1) << begin) - 1);
        m_touchedRows[static_cast<size_t>(m_touchedRowCount++)] = row;
        for (int dim = 0; dim < lateral; ++dim)
            histogram[m_rowBins[static_cast<size_t>(row * lateral + dim)]] += end - begin + 1;
        if (end - begin + 1 == rowNodes)
            ++fullRows;
        else
            for (int bit = begin; bit <= end; ++bit)
                ++histogram[bitSlots[bit].bin];
    }
    if (fullRows)
        for (int bit = 0; bit < rowNodes; ++bit)
            histogram[bitSlots[bit].bin] += fullRows;
}

/// Partitions of a run of consecutive nodes (Titan §IV-B: nodes at most one hop apart; nodes
/// on one router are 0 hops apart). The run's nodes in one row are consecutive, so its
/// routers there are too (even on a ring, unless they fill it): each row is connected. Two
/// rows are linked where they are next to each other along another dimension and touch
/// routers at the same place; each pair once, by the later row of the pair.
template <int Lateral> int PlacementAnalyzer::joinRows()
{
    const int lateral = Lateral >= 0 ? Lateral : m_dims - 1;
    RowSlot* rows = m_rows.data();
    const int* touched = m_touchedRows.data();
    const int* rowNext = m_rowNext.data();
    const std::uint64_t low = m_routerLow;
    const std::uint64_t high = m_routerHigh;
    int merges = 0;
    for (int i = 0; i < m_touchedRowCount; ++i) {
        const int at = touched[i];
        RowSlot& row = rows[at];
        row.routers = (((row.nodes & ~high) + (high - low)) | row.nodes) & high; // a router's last bit when any
        row.rank = i;
        for (int k = 0; k < 2 * lateral; ++k) {
            const RowSlot& other = rows[rowNext[2 * lateral * at + k]]; // no neighbour: an empty row
            if (row.routers & other.routers)
                merges += joinSets(i, other.rank);
        }
    }
    return m_touchedRowCount - merges;
}

/// Any other list, node by node into the rows' words, with a bit per router touched (its last
/// node's bit); then the partitions from the rows' words.
template <int Lateral> void PlacementAnalyzer::addNodes(const int* list, int count, PlacementMetrics& metrics)
{
    const int lateral = Lateral >= 0 ? Lateral : m_dims - 1; // a constant: the loops unroll
    RowSlot* rows = m_rows.data();
    int* const touched = m_touchedRows.data();
    int* touchedEnd = touched;
    std::int64_t* histogram = m_histogram.data();
    const BitSlot* bitSlots = m_bits.data();
    const int* rowBins = m_rowBins.data();
    const std::uint64_t magic = m_rowMagic;
    const auto rowNodes = static_cast<std::uint64_t>(m_rowNodes);
    const auto nodeCount = static_cast<std::uint64_t>(m_nodeCount);
    int routers = 0;
    for (const int* at = list; at != list + count; ++at) {
        // Unsigned 64-bit indices: no sign extensions, and a negative node is out of range.
        const auto node = static_cast<std::uint64_t>(static_cast<unsigned>(*at));
        if (node >= nodeCount)
            rejectNodeOfRows(*at, static_cast<int>(touchedEnd - touched));
        const std::uint64_t row = (node * magic) >> 33;
        const std::uint64_t bit = node - row * rowNodes;
        const std::uint64_t mask = std::uint64_t(1) << bit;
        const std::uint64_t before = rows[row].nodes;
        if (before & mask)
            rejectNodeOfRows(*at, static_cast<int>(touchedEnd - touched));
        *touchedEnd = static_cast<int>(row); // kept when the row is new (no branch to mispredict)
        touchedEnd += before == 0;
        rows[row].nodes = before | mask;
        const std::uint64_t routersBefore = rows[row].routers; // a bit per router: its last node's
        routers += (routersBefore & bitSlots[bit].top) == 0;
        rows[row].routers = routersBefore | bitSlots[bit].top;
        ++histogram[bitSlots[bit].bin];
        for (int dim = 0; dim < lateral; ++dim)
            ++histogram[rowBins[row * static_cast<std::uint64_t>(lateral) + static_cast<std::uint64_t>(dim)]];
    }
    const auto touchedCount = static_cast<int>(touchedEnd - touched);
    m_touchedRowCount = touchedCount;
    metrics.routers = routers;

    // Each row's touched routers form runs along dimension 0 (round the ring when it wraps);
    // a run is one component so far, named after its first router. The runs in a row are its
    // routers less the links between them (plus one for a full ring, all linked round). Then
    // the links across to the +1 row along each other dimension join runs: one join per
    // stretch of routers touched in both rows (it lies in one run of either).
    // The link words go to a list first, most being empty and skipped without a branch.
    const int* rowNext = m_rowNext.data();
    const int length = m_torus->extents()[0];
    const int perRouter = m_torus->nodesPerRouter();
    const int wrapShift = (length - 1) * perRouter; // from router 0 to router length - 1
    const bool ring = m_rowWraps && length > 2;
    const std::uint64_t lastRouter = ring ? std::uint64_t(1) << (rowNodes - 1) : 0;
    const std::uint64_t firstRouter = ring ? std::uint64_t(1) << (perRouter - 1) : 0;
    const std::uint64_t fullRing = ring ? m_routerHigh : 0; // no touched row has no router
    std::uint64_t* const along = m_alongLinks.data();
    std::uint64_t* alongEnd = along;
    AcrossLinks* const across = m_acrossLinks.data();
    AcrossLinks* acrossEnd = across;
    int fullRings = 0;
    int lowRow = touched[0];
    int highRow = lowRow;
    for (int i = 0; i < touchedCount; ++i) {
        const int at = touched[i];
        lowRow = std::min(lowRow, at);
        highRow = std::max(highRow, at);
        const std::uint64_t touchedRouters = rows[at].routers;
        fullRings += touchedRouters == fullRing;
        // Bit of router x: x and x + 1 (round the ring from the last) are both touched. A shift
        // by a router in two steps: one router of 64 nodes shifts everything out.
        *alongEnd = touchedRouters
            & (((touchedRouters >> (perRouter - 1)) >> 1) | ((touchedRouters << wrapShift) & lastRouter));
        alongEnd += *alongEnd != 0;
#pragma GCC unroll 4
        for (int dim = 0; dim < lateral; ++dim) {
            const int next = rowNext[2 * (at * lateral + dim)]; // no neighbour: an empty row
            *acrossEnd = {touchedRouters & rows[next].routers, at, next};
            acrossEnd += acrossEnd->bits != 0;
        }
    }
    int runs = routers + fullRings;
    for (const std::uint64_t* links = along; links != alongEnd; ++links)
        runs -= countBits(*links);
    auto runOf = [&](int row, int bit) { // the run start at or before the bit, else the last (round)
        const std::uint64_t routersThere = rows[row].routers;
        std::uint64_t starts
            = routersThere & ~(((routersThere << (perRouter - 1)) << 1) | ((routersThere >> wrapShift) & firstRouter));
        starts |= starts == 0; // a full ring: said to start at bit 0
        const std::uint64_t before = starts & ((std::uint64_t(2) << bit) - 1);
        return row * length + m_bits[static_cast<size_t>(std::bit_width(before ? before : starts)) - 1].x;
    };
    int merges = 0;
    for (const AcrossLinks* link = across; link != acrossEnd; ++link)
        for (std::uint64_t bits = link->bits & ~((link->bits << (perRouter - 1)) << 1); bits; bits &= bits - 1)
            merges += joinSets(runOf(link->from, std::countr_zero(bits)), runOf(link->to, std::countr_zero(bits)));
    metrics.partitions = runs - merges;
    metrics.spread = (highRow - lowRow) * m_rowNodes + static_cast<int>(std::bit_width(rows[highRow].nodes)) - 1
        - std::countr_zero(rows[lowRow].nodes);
}

void PlacementAnalyzer::measureTorusRouters(const std::vector<int>& nodes, PlacementMetrics& metrics)
{
    const int dims = m_dims;
    std::int64_t* histogram = m_histogram.data();
    const int* offsets = m_histogramOffset.data();
    RouterSlot* slots = m_routerSlots.data();
    // Touched routers as bits too: the neighbour tests below look there, not in the slots.
    std::uint64_t* touched = m_touchedBits.data();
    for (int router : m_routers) // the previous job's, even one refused halfway
        touched[router >> 6] = 0;
    m_routers.clear();
    int low = nodes.front();
    int high = low;
    const int perRouter = m_torus->nodesPerRouter();
    // Up to 32 nodes per router, a repeated node shows in the router's slot mask.
    const bool slotMasks = perRouter <= 32;
    const auto nodeCount = static_cast<unsigned>(m_nodeCount);
    for (int node : nodes) {
        if (!slotMasks)
            checkNode(node);
        else if (static_cast<unsigned>(node) >= nodeCount)
            rejectNode(node);
        low = std::min(low, node);
        high = std::max(high, node);
        const int router = m_nodes[static_cast<size_t>(node)].home;
        RouterSlot& slot = slots[router];
        if (slot.stamp != m_epoch) {
            slot = {m_epoch, router, 0, 0};
            touched[router >> 6] |= std::uint64_t(1) << (router & 63);
            m_routers.push_back(router);
        }
        if (slotMasks) {
            const std::uint32_t bit = 1u << (node - router * perRouter);
            if (slot.slotMask & bit)
                throw std::invalid_argument("node " + std::to_string(node) + " is listed twice");
            slot.slotMask |= bit;
        }
        ++slot.count;
    }
    // Coordinates per router, weighted by its nodes; union-find over each touched router's
    // link towards +1 in every dimension, so every link is looked at once.
    int components = static_cast<int>(m_routers.size());
    for (int router : m_routers) {
        const size_t at = static_cast<size_t>(router) * static_cast<size_t>(dims);
        for (int dim = 0; dim < dims; ++dim) {
            histogram[offsets[dim] + m_coordinates[at + static_cast<size_t>(dim)]] += slots[router].count;
            const int next = m_plusNeighbour[at + static_cast<size_t>(dim)];
            if (next < 0 || !(touched[next >> 6] & (std::uint64_t(1) << (next & 63))))
                continue;
            const int a = findComponent(router);
            const int b = findComponent(next);
            if (a != b) {
                slots[b].parent = a;
                --components;
            }
        }
    }
    metrics.routers = static_cast<int>(m_routers.size());
    metrics.partitions = components;
    metrics.spread = high - low;
}

std::vector<std::int64_t> PlacementAnalyzer::hopHistogram(const std::vector<int>& nodes)
{
    startJob();
    for (int node : nodes)
        checkNode(node);
    std::vector<std::int64_t> histogram;
    auto add = [&histogram](size_t hops, std::int64_t pairs) {
        if (pairs == 0)
            return;
        if (histogram.size() <= hops)
            histogram.resize(hops + 1, 0);
        histogram[hops] += pairs;
    };
    if (m_torus) {
        // Pairs between routers: O(routers²), fine for the job sizes people inspect.
        m_touched.clear();
        for (int node : nodes) {
            const int router = m_torus->routerOf(node);
            if (m_routerStamp[static_cast<size_t>(router)] != m_epoch) {
                m_routerStamp[static_cast<size_t>(router)] = m_epoch;
                m_routerCount[static_cast<size_t>(router)] = 0;
                m_touched.push_back(router);
            }
            ++m_routerCount[static_cast<size_t>(router)];
        }
        const int perRouter = m_torus->nodesPerRouter();
        for (size_t i = 0; i < m_touched.size(); ++i) {
            const std::int64_t ci = m_routerCount[static_cast<size_t>(m_touched[i])];
            add(0, ci * (ci - 1));
            for (size_t j = i + 1; j < m_touched.size(); ++j) {
                const std::int64_t cj = m_routerCount[static_cast<size_t>(m_touched[j])];
                add(static_cast<size_t>(m_torus->hops(m_touched[i] * perRouter, m_touched[j] * perRouter)),
                    2 * ci * cj);
            }
        }
        return histogram;
    }
    // Trees: pairs meet at their lowest common group g; with v_c the counts by depth of the
    // nodes under each child c of g (a node directly on g is a child of its own), the pairs
    // meeting at g are (sum v_c)⊗(sum v_c) - sum v_c⊗v_c, at hops d_a + d_b - 2 depth(g).
    const SwitchHierarchy& tree = *m_tree;
    const size_t depths = static_cast<size_t>(*std::max_element(tree.depth.begin(), tree.depth.end())) + 1;
    m_touched.clear();
    std::map<int, std::vector<std::int64_t>> below; // group -> nodes under it by leaf depth
    std::map<int, std::vector<std::int64_t>> square; // group -> sum over its children of v_c⊗v_c, flattened
    auto vectorOf = [&](std::map<int, std::vector<std::int64_t>> & map, int group, size_t size) -> auto&
    {
        auto& entry = map[group];
        if (entry.empty())
            entry.assign(size, 0);
        return entry;
    };
    for (int node : nodes) {
        const int leaf = tree.groupOfNode[static_cast<size_t>(node)];
        const auto depth = static_cast<size_t>(tree.depth[static_cast<size_t>(leaf)]);
        vectorOf(below, leaf, depths)[depth] += 1;
        vectorOf(square, leaf, depths * depths)[depth * depths + depth] += 1; // the node as its own child
    }
    // Push counts up, deepest groups first.
    std::vector<int> groups;
    for (const auto& entry : below)
        groups.push_back(entry.first);
    for (size_t i = 0; i < groups.size(); ++i) {
        const int parent = tree.parent[static_cast<size_t>(groups[i])];
        if (parent >= 0 && below.find(parent) == below.end()) {
            below[parent].assign(depths, 0);
            groups.push_back(parent);
        }
    }
    std::sort(groups.begin(), groups.end(),
              [&](int a, int b) { return tree.depth[static_cast<size_t>(a)] > tree.depth[static_cast<size_t>(b)]; });
    for (int group : groups) {
        const auto& v = below[group];
        const auto& sq = vectorOf(square, group, depths * depths);
        const auto base = static_cast<size_t>(tree.depth[static_cast<size_t>(group)]) * 2;
        for (size_t da = 0; da < depths; ++da)
            for (size_t db = 0; db < depths; ++db)
                add(da + db - base, v[da] * v[db] - sq[da * depths + db]);
        const int parent = tree.parent[static_cast<size_t>(group)];
        if (parent >= 0) {
            auto& up = below[parent];
            auto& upSquare = vectorOf(square, parent, depths * depths);
            for (size_t da = 0; da < depths; ++da) {
                up[da] += v[da];
                for (size_t db = 0; db < depths; ++db)
                    upSquare[da * depths + db] += v[da] * v[db];
            }
        }
    }
    return histogram;
}

double PlacementAnalyzer::minimumAph(int size)
{
    if (size < 1 || size > m_topology.nodeCount())
        throw std::invalid_argument("minimum APH: a job of " + std::to_string(size) + " nodes does not fit");
    if (size == 1)
        return 0.0;
    const auto cached = m_minimumAph.find(size);
    if (cached != m_minimumAph.end())
        return cached->second;
    const double value = m_tree ? minimumTreeAph(size) : minimumBoxAph(*m_torus, size);
    m_minimumAph.emplace(size, value);
    return value;
}

double PlacementAnalyzer::minimumTreeAph(int size)
{
    if (m_topology.kind() != TopologyKind::SwitchTree) {
        // Regular trees (identical subtrees at every level): packing nodes in index order
        // fills whole leaves, then whole pods, which maximises the pairs that meet low.
        std::vector<int> packed(static_cast<size_t>(size));
        for (int i = 0; i < size; ++i)
            packed[static_cast<size_t>(i)] = i;
        return measure(packed).aph;
    }
    return minimumSwitchTreeAph(*m_tree, size);
}

} // namespace placement
