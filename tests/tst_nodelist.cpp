// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/Job.h"
#include "core/NodeList.h"
#include "core/SplitMix64.h"
#include "store/NodeListBlob.h"

#include <QTest>

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <vector>

using namespace placement;

namespace {

/// Node lists as the logs and the allocators give them: runs of every length, single nodes,
/// descending and repeated ids, ids near the ends of int.
std::vector<int> randomList(SplitMix64& random)
{
    std::vector<int> ids;
    const int pieces = static_cast<int>(random.next() % 12);
    for (int p = 0; p < pieces; ++p) {
        const auto kind = random.next() % 6;
        const int first = kind == 5 ? INT_MAX - static_cast<int>(random.next() % 4)
            : kind == 4             ? INT_MIN + static_cast<int>(random.next() % 4)
                                    : static_cast<int>(random.next() % 5000) - 100;
        const int length = kind == 0 ? 1 : 1 + static_cast<int>(random.next() % 300);
        for (int k = 0; k < length && static_cast<long long>(first) + k <= INT_MAX; ++k)
            ids.push_back(first + k);
        if (kind == 1 && !ids.empty())
            ids.push_back(ids.back()); // a repeated id
        if (kind == 2)
            std::reverse(ids.end() - std::min<std::ptrdiff_t>(length, static_cast<std::ptrdiff_t>(ids.size())),
                         ids.end());
    }
    return ids;
}

/// Everything a NodeList says about its ids, against the vector it was made from.
void compareWith(const NodeList& list, const std::vector<int>& ids)
{
    QCOMPARE(list.size(), ids.size());
    QCOMPARE(list.empty(), ids.empty());
    QCOMPARE(list.toVector(), ids);
    QVERIFY(list == ids);
    QCOMPARE(static_cast<std::size_t>(list.end() - list.begin()), ids.size());
    for (std::size_t k = 0; k < ids.size(); ++k)
        QCOMPARE(list[k], ids[k]);
    if (!ids.empty()) {
        QCOMPARE(list.front(), ids.front());
        QCOMPARE(list.back(), ids.back());
    }
    // As few runs as the ids allow: a run ends where the next id is not one more.
    std::size_t runs = ids.empty() ? 0 : 1;
    for (std::size_t k = 1; k < ids.size(); ++k)
        runs += static_cast<long long>(ids[k]) != static_cast<long long>(ids[k - 1]) + 1 ? 1 : 0;
    QCOMPARE(list.runCount(), runs);
    // Up to 8 bytes of runs inside the object, the rest on the heap.
    QCOMPARE(list.heapBytes() == 0, list.runCode().size() <= 8);
    std::size_t forEach = 0;
    list.forEachRun([&forEach](int, std::size_t) { ++forEach; });
    QCOMPARE(forEach, runs);
}

} // namespace

class TestNodeList : public QObject
{
    Q_OBJECT

private slots:
    void keepsEveryIdInOrder()
    {
        static_assert(sizeof(NodeList) == 12 && alignof(NodeList) == 4);
        SplitMix64 random(17);
        for (int trial = 0; trial < 400; ++trial) {
            const std::vector<int> ids = randomList(random);
            NodeList pushed;
            for (int id : ids)
                pushed.push_back(id);
            compareWith(pushed, ids);
            compareWith(NodeList(ids), ids);
            compareWith(NodeList(ids.begin(), ids.end()), ids);

            // Copies and moves keep the ids and leave the original as it was (or empty).
            NodeList copy = pushed;
            compareWith(copy, ids);
            NodeList assigned{7, 8};
            assigned = pushed;
            compareWith(assigned, ids);
            compareWith(pushed, ids);
            NodeList moved = std::move(copy);
            compareWith(moved, ids);
            QVERIFY(copy.empty()); // NOLINT(bugprone-use-after-move): a moved-from list is empty
            NodeList moveAssigned{1, 2, 3, 5, 9, 11};
            moveAssigned = std::move(moved);
            compareWith(moveAssigned, ids);
            const NodeList& same = moveAssigned;
            moveAssigned = same; // assigned to itself: kept
            compareWith(moveAssigned, ids);
            moveAssigned.clear();
            compareWith(moveAssigned, {});
            moveAssigned.push_back(4);
            compareWith(moveAssigned, {4});

            // The same ids as runs, the way a blob is read.
            NodeList byRuns;
            pushed.forEachRun([&byRuns](int first, std::size_t length) { byRuns.appendRun(first, length); });
            compareWith(byRuns, ids);
            QVERIFY(byRuns == pushed);
        }
    }

    void listsOfOtherIdsDiffer()
    {
        QVERIFY(!(NodeList{1, 2, 3} == NodeList{1, 2, 4}));
        QVERIFY(!(NodeList{1, 2, 3} == NodeList{1, 2}));
        QVERIFY(!(NodeList{1, 2, 3} == NodeList{2, 3, 4}));
        QVERIFY(!(NodeList{3, 2, 1} == NodeList{1, 2, 3}));
        QVERIFY(!(NodeList{1, 2, 3} == std::vector<int>{1, 2}));
        const std::vector<int> unordered{5, 6, 7, 1};
        QVERIFY(NodeList(unordered) == unordered);
    }

    void refusesRunsPastTheEndOfInt()
    {
        NodeList list;
        list.appendRun(INT_MAX - 1, 2);
        QCOMPARE(list.back(), INT_MAX);
        QVERIFY_THROWS_EXCEPTION(std::length_error, list.appendRun(INT_MAX - 1, 3));
        QCOMPARE(list.size(), std::size_t(2)); // unchanged
        list.appendRun(5, 0); // nothing
        QCOMPARE(list.size(), std::size_t(2));
    }

    void blobsReadAsRunsEqualBlobsReadAsIds()
    {
        // decodeNodeRuns() and the NodeList encoder against the vector ones, byte for byte.
        SplitMix64 random(23);
        for (int trial = 0; trial < 400; ++trial) {
            const std::vector<int> ids = randomList(random);
            const std::string blob = encodeNodeList(ids);
            QCOMPARE(encodeNodeList(NodeList(ids)), blob);
            const NodeList read = decodeNodeRuns(blob.data(), static_cast<int>(blob.size()));
            compareWith(read, ids);
            QCOMPARE(read.toVector(), decodeNodeList(blob.data(), static_cast<int>(blob.size())));
            // The blob's runs as they are, and on the heap just their room and a header.
            QCOMPARE(std::string(reinterpret_cast<const char*>(read.runCode().data()), read.runCode().size()),
                     blob.empty() ? std::string() : blob.substr(1));
            QCOMPARE(read.heapBytes(), read.runCode().size() > 8 ? read.runCode().size() + 16 : 0);
        }
        const std::string damaged = std::string(1, '\1') + "\x81"; // a truncated varint
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 decodeNodeRuns(damaged.data(), static_cast<int>(damaged.size())));
        const std::string unknown = "\x07";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 decodeNodeRuns(unknown.data(), static_cast<int>(unknown.size())));
    }

    void blobsOfRunsNotJoinedReadJoined()
    {
        // Runs 0-1 and 2-3 written apart (no encoder here writes that; a damaged or foreign
        // store might): one run 0-3, equal to the list pushed id by id.
        const std::string blob("\x01\x01\x00\x01\x00", 5);
        const NodeList read = decodeNodeRuns(blob.data(), static_cast<int>(blob.size()));
        compareWith(read, {0, 1, 2, 3});
        QVERIFY(read == NodeList({0, 1, 2, 3}));
        QCOMPARE(encodeNodeList(read), encodeNodeList(std::vector<int>{0, 1, 2, 3}));

        // Node 5 with its varint one byte longer than it need be: read as the list {5}.
        const std::string padded("\x01\x94\x00", 3);
        const NodeList five = decodeNodeRuns(padded.data(), static_cast<int>(padded.size()));
        compareWith(five, {5});
        QVERIFY(five == NodeList({5}));
    }

    void aListBuiltIdByIdGrowsByHalves()
    {
        // Every other id of a 200,000-node machine, pushed one by one, then a run joined to
        // the last one: the heap holds the code, its header and at most half again.
        std::vector<int> ids;
        NodeList list;
        for (int id = 0; id < 200000; id += 2) {
            list.push_back(id);
            ids.push_back(id);
        }
        list.appendRun(199999, 5);
        for (int id = 199999; id < 200004; ++id)
            ids.push_back(id);
        QCOMPARE(list.size(), ids.size());
        QVERIFY(list == ids);
        QCOMPARE(list.runCount(), std::size_t(100000));
        QCOMPARE(list.back(), 200003);
        const std::size_t code = list.runCode().size();
        QVERIFY(list.heapBytes() >= code + 16);
        QVERIFY(list.heapBytes() <= code + code / 2 + 16);
        const NodeList copy = list; // exact room
        QCOMPARE(copy.heapBytes(), code + 16);
        QVERIFY(copy == list);
    }

    void aJobOfOneRunHoldsNoHeap()
    {
        // What a year of first-fit jobs costs: a node list of one or two runs, any length,
        // lives inside the Job.
        Job job;
        job.nodes.appendRun(100, 4096);
        QCOMPARE(job.nodes.size(), std::size_t(4096));
        QCOMPARE(job.nodes.heapBytes(), std::size_t(0));
        job.nodes.appendRun(5000, 10);
        QCOMPARE(job.nodes.heapBytes(), std::size_t(0));
        job.nodes.push_back(7);
        QVERIFY(job.nodes.heapBytes() > 0);
        QCOMPARE(job.nodes[4096], 5000);
        QCOMPARE(job.nodes.back(), 7);
    }
};

QTEST_APPLESS_MAIN(TestNodeList)
#include "tst_nodelist.moc"
