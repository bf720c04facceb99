// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// Every policy's placements on the real traces, pinned: each run (trace, machine, policy,
// backfilling) is reduced to a digest of every job's placement (id, start, nodes, nodes
// held, links, never fits), compared with the digest stored in
// tests/data/placements/digests.txt. Work that makes the allocators or the simulator faster
// must leave every digest as it is. The stored digests were written by the code before such
// work with
//
//     PLACEMENT_WRITE_DIGESTS=tests/data/placements/digests.txt build/bin/tst_placementdigests
//
// (from the top of the checkout; the test then writes the file instead of comparing). A
// digest is changed only on purpose, by a change that means to place jobs differently, with
// that command and the reason in the commit message.

#include "core/Allocator.h"
#include "core/AllocatorFactory.h"
#include "core/FatTreeTopology.h"
#include "core/JigsawAllocator.h"
#include "core/LaasAllocator.h"
#include "core/MachineSpec.h"
#include "core/Simulator.h"
#include "core/SplitMix64.h"
#include "tests/support/SwfWorkload.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <QTextStream>

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>

using namespace placement;

namespace {

/// FNV-1a, 64 bits: stable across compilers and machines, enough to tell runs apart.
class Digest
{
public:
    void add(std::int64_t value)
    {
        for (int byte = 0; byte < 8; ++byte) {
            m_hash ^= static_cast<std::uint64_t>(value >> (8 * byte)) & 0xFF;
            m_hash *= 1099511628211ULL;
        }
    }
    void add(const std::string& text)
    {
        add(static_cast<std::int64_t>(text.size()));
        for (unsigned char c : text) {
            m_hash ^= c;
            m_hash *= 1099511628211ULL;
        }
    }
    void add(const std::vector<int>& values)
    {
        add(static_cast<std::int64_t>(values.size()));
        for (int value : values)
            add(static_cast<std::int64_t>(value));
    }
    QString hex() const { return QStringLiteral("%1").arg(m_hash, 16, 16, QLatin1Char('0')); }

private:
    std::uint64_t m_hash = 1469598103934665603ULL;
};

QString digestOf(const std::vector<SimulationJob>& jobs, const SimulationResult& result)
{
    Digest digest;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const SimulatedJob& run = result.jobs[i];
        digest.add(jobs[i].id);
        digest.add(run.neverFits ? 1 : 0);
        digest.add(run.start);
        digest.add(run.nodes);
        digest.add(run.allocated);
        digest.add(run.links);
    }
    return digest.hex();
}

struct Trace
{
    const char* name;
    const char* file; ///< under tests/data/traces
    int cpusPerNode;
    size_t jobs; ///< the first this many jobs of the file
};

// hpc2n: HPC2N Seth, 2 CPUs per node, and one node per CPU (jobs of up to 128 nodes, a
// machine of 128 kept busy: more failed searches); wagap: one node per CPU (jobs of up to
// 256); theta: nodes, up to 4,048.
constexpr size_t allJobs = std::numeric_limits<size_t>::max();
const Trace hpc2n{"hpc2n", "hpc2n.swf", 2, allJobs};
const Trace hpc2nCpus{"hpc2n-cpus", "hpc2n.swf", 1, allJobs};
const Trace wagap{"wagap", "wagap-2013.swf", 1, allJobs};
const Trace theta{"theta", "theta_2022.swf", 1, allJobs};

struct Machine
{
    const char* name;
    const char* spec;
};

const Machine fatTree128{"fattree-128", "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8"};
const Machine seth{"seth", "switchtree parents=-1,0,0,0,0,0,0 nodes=0,20,20,20,20,20,20"};
const Machine torus256{"torus-16x16", "torus-16x16"};
const Machine jigsaw1024{"jigsaw-1024", "jigsaw-1024"};
const Machine jigsaw5488{"jigsaw-5488", "jigsaw-5488"};

AllocatorChoice choiceFor(const std::string& policy)
{
    AllocatorChoice choice;
    choice.policy = policy;
    choice.seed = 42;
    // LC+S: a step budget instead of wall time, so that cut-offs are the same on every machine.
    choice.searchTimeout = 0;
    choice.searchSteps = 20000;
    return choice;
}

std::vector<std::string> policiesFor(const Topology& topology)
{
    std::vector<std::string> names;
    for (const AllocatorPolicyInfo& info : allocatorPolicies()) {
        try {
            makeAllocator(topology, choiceFor(info.name));
            names.emplace_back(info.name);
        } catch (const std::invalid_argument&) {
            // not for this machine
        }
    }
    return names;
}

/// Jobs started and ended at random by `remembering` (an allocator whose searches are
/// remembered across machine states), and at every step a few sizes asked of it and of an
/// allocator made afresh with the same running jobs (nothing remembered): both must give the
/// same allocation (nodes, links) and fits() must agree. Returns the first difference.
template <typename Policy> QString compareWithFreshSearches(const FatTreeTopology& tree, std::uint64_t seed, int steps)
{
    Policy remembering(tree);
    MachineState state(tree);
    SplitMix64 random(seed);
    std::map<int, std::vector<int>> running; // job -> nodes held
    for (int step = 0, job = 0; step < steps; ++step) {
        Policy fresh(tree);
        for (const auto& [id, held] : running)
            fresh.resume({id, static_cast<int>(held.size()), 60}, held, remembering.ownedLinks(id));
        for (int ask = 0; ask < 3; ++ask) {
            const int nodes = static_cast<int>(random.between(1, tree.nodeCount() / 2));
            const auto mine = remembering.find(state, nodes);
            const auto theirs = fresh.find(state, nodes);
            const QString where = QStringLiteral("step %1, %2 nodes: ").arg(step).arg(nodes);
            if (mine.has_value() != theirs.has_value())
                return where
                    + QStringLiteral("found %1, fresh search %2").arg(mine.has_value()).arg(theirs.has_value());
            if (mine && (mine->nodes != theirs->nodes || mine->links != theirs->links))
                return where + QStringLiteral("a different allocation from the fresh search");
            if (remembering.fits(state, {job, nodes, 60}) != theirs.has_value())
                return where + QStringLiteral("fits() disagrees with find()");
        }
        if (!running.empty() && random.uniform() < 0.45) { // a job ends
            auto it = running.begin();
            std::advance(it, random.between(0, static_cast<std::int64_t>(running.size()) - 1));
            state.release(it->second);
            remembering.ended({it->first, static_cast<int>(it->second.size()), 60}, it->second);
            running.erase(it);
            continue;
        }
        const int nodes = static_cast<int>(random.between(1, tree.nodeCount() / 3));
        std::vector<int> held = remembering.allocate(state, {job, nodes, 60});
        if (held.empty())
            continue;
        state.take(held, job);
        remembering.started({job, nodes, 60}, held);
        running.emplace(job++, std::move(held));
    }
    return {};
}

/// PLACEMENT_TEST_SHARD=k/n as {k, n} (0 <= k < n); {0, 1} when unset.
std::pair<int, int> testShard()
{
    const QStringList parts = qEnvironmentVariable("PLACEMENT_TEST_SHARD").split(QLatin1Char('/'));
    if (parts.size() != 2)
        return {0, 1};
    const int shard = parts[0].toInt();
    const int shards = parts[1].toInt();
    if (shards < 1 || shard < 0 || shard >= shards)
        qFatal("PLACEMENT_TEST_SHARD needs k/n with 0 <= k < n");
    return {shard, shards};
}

} // namespace

class TestPlacementDigests : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_writeTo = qEnvironmentVariable("PLACEMENT_WRITE_DIGESTS");
        if (!m_writeTo.isEmpty())
            return;
        const QString path = QFINDTESTDATA("data/placements/digests.txt");
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable("cannot read " + path));
        QTextStream in(&file);
        for (int line = 1; !in.atEnd(); ++line) {
            const QString text = in.readLine().trimmed();
            if (text.isEmpty() || text.startsWith(QLatin1Char('#')))
                continue;
            const QStringList fields = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            QVERIFY2(fields.size() == 2,
                     qPrintable(QStringLiteral("%1:%2: expected 'run digest'").arg(path).arg(line)));
            m_stored.insert({fields[0], fields[1]});
        }
    }

    void placementsMatchStoredDigests_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("cpusPerNode");
        QTest::addColumn<qulonglong>("limit");
        QTest::addColumn<QString>("machine");
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("backfill");
        // PLACEMENT_TEST_SHARD=k/n (tests/CMakeLists.txt): only every n-th row from the k-th,
        // so that the replays, long under the sanitizers, run as n tests side by side.
        const auto [shard, shards] = testShard();
        int row = 0;
        const auto add = [&](const Trace& trace, const Machine& machine, BackfillPolicy backfill) {
            const auto topology = parseMachineSpec(machine.spec);
            for (const std::string& policy : policiesFor(*topology)) {
                if (policy == "aucsched3" && machine.spec != fatTree128.spec && machine.spec != seth.spec)
                    continue; // an integer program per job: the small machines only
                const QString name = QStringLiteral("%1/%2/%3/%4")
                                         .arg(QLatin1String(trace.name), QLatin1String(machine.name),
                                              QString::fromStdString(policy), QLatin1String(backfillName(backfill)));
                if (row++ % shards != shard)
                    continue;
                QTest::newRow(qPrintable(name))
                    << QString::fromLatin1(trace.file) << trace.cpusPerNode << qulonglong(trace.jobs)
                    << QString::fromLatin1(machine.spec) << QString::fromStdString(policy) << int(backfill);
            }
        };
        for (BackfillPolicy backfill : {BackfillPolicy::Easy, BackfillPolicy::Fcfs, BackfillPolicy::Conservative}) {
            add(hpc2n, fatTree128, backfill);
            add(hpc2n, seth, backfill);
        }
        // Conservative backfilling replays the machine for every job of the window: the
        // busier runs under EASY and FCFS only, to keep the test short.
        add(hpc2nCpus, fatTree128, BackfillPolicy::Easy);
        add(hpc2nCpus, fatTree128, BackfillPolicy::Fcfs);
        add(hpc2n, torus256, BackfillPolicy::Easy);
        add(wagap, jigsaw1024, BackfillPolicy::Easy);
        add(theta, jigsaw5488, BackfillPolicy::Easy);
    }

    void placementsMatchStoredDigests()
    {
        QFETCH(QString, trace);
        QFETCH(int, cpusPerNode);
        QFETCH(qulonglong, limit);
        QFETCH(QString, machine);
        QFETCH(QString, policy);
        QFETCH(int, backfill);
        const auto topology = parseMachineSpec(machine.toStdString());
        const std::vector<SimulationJob> jobs
            = test::readSwf(QFINDTESTDATA(QStringLiteral("data/traces/") + trace), cpusPerNode, limit);
        QVERIFY(jobs.size() > 3000);
        const auto allocator = makeAllocator(*topology, choiceFor(policy.toStdString()));
        SimulationOptions options;
        options.backfill = static_cast<BackfillPolicy>(backfill);
        options.window = 50;
        QElapsedTimer timer;
        timer.start();
        const SimulationResult result = simulate(*topology, jobs, *allocator, options);
        const qint64 elapsed = timer.elapsed();
        const QString digest = digestOf(jobs, result);
        const QString run = QString::fromLatin1(QTest::currentDataTag());
        qInfo("%s: %s in %lld ms", qPrintable(run), qPrintable(digest), static_cast<long long>(elapsed));
        if (!m_writeTo.isEmpty()) {
            m_written.insert({run, digest});
            return;
        }
        const auto stored = m_stored.find(run);
        QVERIFY2(stored != m_stored.end(), qPrintable("no stored digest for " + run));
        QVERIFY2(stored->second == digest,
                 qPrintable(
                     QStringLiteral("%1: placements changed (digest %2, stored %3)").arg(run, digest, stored->second)));
    }

    void rememberedSearchesMatchFreshOnes_data()
    {
        QTest::addColumn<QString>("machine");
        if (testShard().first != 0)
            return; // one shard checks these
        QTest::newRow("full radix 8") << "fattree radix=8 pods=4 leaves-per-pod=4 nodes-per-leaf=4";
        QTest::newRow("tapered") << "fattree radix=8 pods=4 leaves-per-pod=4 nodes-per-leaf=5 uplinks-per-leaf=3";
    }
    void rememberedSearchesMatchFreshOnes()
    {
        // Jigsaw and LaaS remember what their searches found by the free view of the machine
        // (core/FatTreeFreeView.h, SearchMemo) and make a remembered allocation again from
        // its leaves on another machine state with the same view.
        if (testShard().first != 0)
            QSKIP("the first shard checks these"); // (QtTest calls it once with no rows)
        QFETCH(QString, machine);
        const auto topology = parseMachineSpec(machine.toStdString());
        const auto& tree = dynamic_cast<const FatTreeTopology&>(*topology);
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const QString jigsaw = compareWithFreshSearches<JigsawAllocator>(tree, seed, 200);
            QVERIFY2(jigsaw.isEmpty(), qPrintable(QStringLiteral("jigsaw, seed %1, %2").arg(seed).arg(jigsaw)));
            const QString laas = compareWithFreshSearches<LaasAllocator>(tree, seed, 200);
            QVERIFY2(laas.isEmpty(), qPrintable(QStringLiteral("laas, seed %1, %2").arg(seed).arg(laas)));
        }
    }

    void cleanupTestCase()
    {
        if (m_writeTo.isEmpty())
            return;
        QFile file(m_writeTo);
        QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Text | QIODevice::Truncate),
                 qPrintable("cannot write " + m_writeTo));
        QTextStream out(&file);
        out << "# Digests of every job's placement (id, start, nodes, nodes held, links) per run:\n"
               "# trace/machine/policy/backfilling digest. Written by tests/tst_placementdigests.cpp\n"
               "# (PLACEMENT_WRITE_DIGESTS=tests/data/placements/digests.txt build/bin/tst_placementdigests).\n";
        for (const auto& [run, digest] : m_written)
            out << run << ' ' << digest << '\n';
    }

private:
    QString m_writeTo;
    std::map<QString, QString> m_stored;
    std::map<QString, QString> m_written;
};

QTEST_GUILESS_MAIN(TestPlacementDigests)
#include "tst_placementdigests.moc"
