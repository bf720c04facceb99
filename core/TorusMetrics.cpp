// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/PlacementMetrics.h"
#include "core/TorusTopology.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

// PlacementAnalyzer on tori: partitions and routers by rows of routers held in 64-bit words,
// or router by router (core/PlacementMetrics.cpp has the trees, hops and minimum APH).

namespace placement {

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

} // namespace placement
