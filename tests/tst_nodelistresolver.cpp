// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SplitMix64.h"
#include "importers/NodeListResolver.h"
#include "importers/NodeNameIndex.h"
#include "tests/support/ReferenceHostlist.h"

#include <QTest>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

using namespace placement;

namespace {

/// The nodes (as indices) and unknown names a resolution gives, or its error and offset.
QStringList outcome(const std::function<void(std::vector<int>&, std::vector<std::string>&)>& resolve)
{
    std::vector<int> nodes;
    std::vector<std::string> unknown;
    QStringList result;
    try {
        resolve(nodes, unknown);
    } catch (const HostlistError& error) {
        return {QStringLiteral("error at %1: %2").arg(error.offset).arg(error.what())};
    }
    for (int node : nodes)
        result << QString::number(node);
    for (const std::string& name : unknown)
        result << QStringLiteral("unknown ") + QString::fromStdString(name);
    return result;
}

QStringList resolved(const std::vector<std::string>& machine, const std::string& expression,
                     std::size_t maxNames = 1'000'000)
{
    const NodeNameIndex index(machine);
    NodeListResolver resolver(index);
    return outcome([&](std::vector<int>& nodes, std::vector<std::string>& unknown) {
        resolver.resolve(expression, nodes, unknown, maxNames);
    });
}

QStringList expandedAndLookedUp(const std::vector<std::string>& machine, const std::string& expression,
                                std::size_t maxNames = 1'000'000)
{
    const test::ReferenceNodeIndex index(machine);
    return outcome([&](std::vector<int>& nodes, std::vector<std::string>& unknown) {
        index.resolve(expression, nodes, unknown, maxNames);
    });
}

std::string numbered(const std::string& prefix, unsigned long long value, std::size_t width,
                     const std::string& suffix = {})
{
    std::string digits = std::to_string(value);
    if (digits.size() < width)
        digits.insert(0, width - digits.size(), '0');
    return prefix + digits + suffix;
}

/// A machine with the naming habits of real ones: zero-padded numbers, names of several
/// numeric parts, a domain, bare numbers, a name that is a prefix of others.
std::vector<std::string> mixedMachine()
{
    std::vector<std::string> names;
    for (int i = 1; i <= 64; ++i)
        names.push_back(numbered("cn", static_cast<unsigned long long>(i), 3)); // nodes 0..63
    for (int rack = 1; rack <= 2; ++rack)
        for (int node = 1; node <= 4; ++node)
            names.push_back("r" + std::to_string(rack) + numbered("n", static_cast<unsigned long long>(node), 2));
    names.push_back("node7.example.org"); // 72
    names.push_back("0042"); // 73
    names.push_back("login1"); // 74
    names.push_back("x1y2z3"); // 75
    names.push_back("cab1"); // 76
    names.push_back("cab10"); // 77
    names.push_back("cab100"); // 78
    names.push_back("z" + std::string(19, '1')); // 79: more digits than a hostlist number has
    return names;
}

/// A random machine of a few naming schemes, sometimes far-apart numbers (the index's hash
/// path) and domains.
std::vector<std::string> randomMachine(SplitMix64& random)
{
    static const char* const prefixes[] = {"cn", "n", "r1n", "rack3-node", "gpu", "", "a1b", "cab"};
    std::set<std::string> names;
    const int schemes = static_cast<int>(random.between(1, 4));
    for (int scheme = 0; scheme < schemes; ++scheme) {
        const std::string prefix = prefixes[random.between(0, std::size(prefixes) - 1)];
        const auto width = static_cast<std::size_t>(random.between(0, 4));
        const bool sparse = random.uniform() < 0.2;
        const std::string domain = random.uniform() < 0.2 ? ".example.org" : "";
        const auto first = static_cast<unsigned long long>(random.between(0, 20));
        const int count = static_cast<int>(random.between(1, 60));
        for (int i = 0; i < count; ++i) {
            const unsigned long long value = sparse ? static_cast<unsigned long long>(random.between(0, 1'000'000'000))
                                                    : first + static_cast<unsigned long long>(i);
            names.insert(numbered(prefix, value, width, domain));
        }
    }
    std::vector<std::string> machine(names.begin(), names.end());
    for (std::size_t i = machine.size(); i > 1; --i) // not sorted: indices are positions
        std::swap(machine[i - 1],
                  machine[static_cast<std::size_t>(random.between(0, static_cast<std::int64_t>(i) - 1))]);
    return machine;
}

/// An item naming nodes near `name` of the machine: its trailing number as a range around
/// it, sometimes narrower or wider written, its first number as a group of its own, its
/// domain kept or dropped.
std::string itemNear(const std::string& name, SplitMix64& random)
{
    const std::size_t dot = name.find('.');
    const std::string domain = dot == std::string::npos || random.uniform() < 0.5 ? "" : name.substr(dot);
    std::string stem = name.substr(0, dot);
    std::size_t digits = 0;
    while (digits < stem.size() && std::isdigit(static_cast<unsigned char>(stem[stem.size() - 1 - digits])))
        ++digits;
    if (digits == 0)
        return stem + domain;
    const std::string number = stem.substr(stem.size() - digits);
    stem.resize(stem.size() - digits);
    const unsigned long long value = std::stoull(number);
    // "r1n" -> "r[1]n": a group before the last one.
    const std::size_t inner = stem.find_first_of("0123456789");
    if (inner != std::string::npos && random.uniform() < 0.5) {
        std::size_t end = inner;
        while (end < stem.size() && std::isdigit(static_cast<unsigned char>(stem[end])))
            ++end;
        stem = stem.substr(0, inner) + "[" + stem.substr(inner, end - inner) + "-"
            + std::to_string(std::stoull(stem.substr(inner, end - inner))
                             + static_cast<unsigned long long>(random.between(0, 1)))
            + "]" + stem.substr(end);
    }
    const auto width = static_cast<std::size_t>(
        std::max<std::int64_t>(0, static_cast<std::int64_t>(digits) + random.between(-1, 1)));
    const unsigned long long low
        = value - std::min<unsigned long long>(value, static_cast<unsigned long long>(random.between(0, 3)));
    std::string ranges = numbered("", low, width);
    if (random.uniform() < 0.8)
        ranges += "-" + std::to_string(low + static_cast<unsigned long long>(random.between(0, 12)));
    if (random.uniform() < 0.3)
        ranges += "," + std::to_string(value);
    return stem + "[" + ranges + "]" + domain;
}

/// A hostlist mostly near the machine's names, else over other stems, with padding, several
/// groups, duplicates, domains, suffixes and now and then a malformed item.
std::string randomHostlist(const std::vector<std::string>& machine, SplitMix64& random)
{
    static const char* const literals[] = {"cn", "n", "r1n", "rack", "3-node", "gpu", "", "a1b", "cab", "cn0", "r"};
    std::string text;
    const int items = static_cast<int>(random.between(1, 4));
    for (int item = 0; item < items; ++item) {
        if (item)
            text += random.uniform() < 0.9 ? "," : " ";
        const double kind = random.uniform();
        if (kind < 0.6) {
            text += itemNear(
                machine[static_cast<std::size_t>(random.between(0, static_cast<std::int64_t>(machine.size()) - 1))],
                random);
        } else if (kind < 0.7) {
            text += machine[static_cast<std::size_t>(random.between(0, static_cast<std::int64_t>(machine.size()) - 1))];
        } else {
            const int groups = static_cast<int>(random.between(0, 2));
            for (int group = 0; group < groups; ++group) {
                text += literals[random.between(0, std::size(literals) - 1)];
                text += '[';
                const auto low = static_cast<unsigned long long>(random.between(0, 70));
                text += numbered("", low, static_cast<std::size_t>(random.between(0, 4)));
                if (random.uniform() < 0.7)
                    text += "-" + std::to_string(low + static_cast<unsigned long long>(random.between(-1, 10)));
                text += ']';
            }
            if (groups == 0)
                text += literals[random.between(0, std::size(literals) - 1)] + std::to_string(random.between(0, 70));
        }
        if (random.uniform() < 0.05)
            text += random.uniform() < 0.5 ? ".example.org" : "-ib";
        if (random.uniform() < 0.03)
            text += random.uniform() < 0.5 ? "]" : "[";
    }
    return text;
}

} // namespace

class TestNodeListResolver : public QObject
{
    Q_OBJECT
private slots:
    // Worked examples on one machine, each also against the string expansion it replaces.
    void resolvesLikeTheStringExpansion_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("zero-padded range")
            << "cn[001-010]" << QStringList{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
        QTest::newRow("unpadded numbers are other names") << "cn[1-2]" << QStringList{"unknown cn1", "unknown cn2"};
        QTest::newRow("padding grows past the machine") << "cn[063-065]" << QStringList{"62", "63", "unknown cn065"};
        QTest::newRow("several numeric parts") << "r[1-2]n[03-04]" << QStringList{"66", "67", "70", "71"};
        QTest::newRow("prefix with digits") << "r2n[01-02]" << QStringList{"68", "69"};
        QTest::newRow("digits of the prefix join the number") << "cn0[09-10]" << QStringList{"8", "9"};
        QTest::newRow("one name a prefix of others")
            << "cab[1,10,100,1000]" << QStringList{"76", "77", "78", "unknown cab1000"};
        QTest::newRow("short name of a machine name with a domain")
            << "node[6-7]" << QStringList{"72", "unknown node6"};
        QTest::newRow("domain in the log") << "node7.example.org" << QStringList{"72"};
        QTest::newRow("domain the machine lacks") << "login1.other.net" << QStringList{"74"};
        QTest::newRow("full and short name: two names, one node")
            << "node7.example.org,node7" << QStringList{"72", "72"};
        QTest::newRow("duplicates once") << "cn[001-002],cn001,cn[002-003]" << QStringList{"0", "1", "2"};
        QTest::newRow("suffix") << "cn[001-002]-ib" << QStringList{"unknown cn001-ib", "unknown cn002-ib"};
        QTest::newRow("bare numbers") << "[0042],[42]" << QStringList{"73", "unknown 42"};
        QTest::newRow("letters between numbers") << "x1y2z[3-4]" << QStringList{"75", "unknown x1y2z4"};
        QTest::newRow("more digits than a number has")
            << "z11111111111111111[11-12]" << QStringList{"79", "unknown z1111111111111111112"};
        QTest::newRow("stem the machine lacks") << "gpu[1-2]" << QStringList{"unknown gpu1", "unknown gpu2"};
        QTest::newRow("null") << "(null)" << QStringList{};
        QTest::newRow("none assigned") << "None assigned" << QStringList{};
        QTest::newRow("empty") << "" << QStringList{};
        QTest::newRow("backwards range") << "cn[005-003]" << QStringList{"error at 3: range 005-003 runs backwards"};
        QTest::newRow("unclosed") << "cn001,cn[0" << QStringList{"error at 8: '[' without ']'"};
    }
    void resolvesLikeTheStringExpansion()
    {
        QFETCH(QString, expression);
        QFETCH(QStringList, expected);
        const std::vector<std::string> machine = mixedMachine();
        QCOMPARE(resolved(machine, expression.toStdString()), expected);
        QCOMPARE(expandedAndLookedUp(machine, expression.toStdString()), expected);
    }

    // The node cap counts names before duplicates are removed, as expandHostlist does.
    void capsLikeTheStringExpansion()
    {
        const std::vector<std::string> machine = mixedMachine();
        for (const std::size_t cap : {std::size_t(0), std::size_t(3), std::size_t(4), std::size_t(10)})
            for (const char* expression : {"cn[001-004]", "cn[001-002],cn[001-002]", "a,b,c,d", "r[1-2]n[01-02]"})
                QCOMPARE(resolved(machine, expression, cap), expandedAndLookedUp(machine, expression, cap));
    }

    // Random machines and hostlists: the same nodes in the same order, the same unknown
    // names, the same errors.
    void randomHostlistsResolveLikeTheStringExpansion()
    {
        SplitMix64 random(1122);
        for (int round = 0; round < 1000; ++round) {
            const std::vector<std::string> machine = randomMachine(random);
            const NodeNameIndex index(machine);
            const test::ReferenceNodeIndex reference(machine);
            NodeListResolver resolver(index); // reused, as a parser does
            for (int list = 0; list < 40; ++list) {
                const std::string expression = randomHostlist(machine, random);
                const QStringList expected = outcome([&](std::vector<int>& nodes, std::vector<std::string>& unknown) {
                    reference.resolve(expression, nodes, unknown);
                });
                const QStringList actual = outcome([&](std::vector<int>& nodes, std::vector<std::string>& unknown) {
                    resolver.resolve(expression, nodes, unknown);
                });
                if (actual != expected)
                    qWarning("machine of %zu nodes, first %s; hostlist %s", machine.size(), machine.front().c_str(),
                             expression.c_str());
                QCOMPARE(actual, expected);
            }
        }
    }

    // NodeNameIndex::find is the import's lookup of single names (formats without Slurm
    // hostlists): exactly, then without the domain; the first node of a name wins.
    void findsNamesLikeTheImport()
    {
        const std::vector<std::string> machine = {"a.example.org", "a", "b", "c.x", "c.y", "d1"};
        const NodeNameIndex index(machine);
        const test::ReferenceNodeIndex reference(machine);
        for (const char* name :
             {"a", "a.example.org", "a.other", "b", "b.example.org", "c", "c.x", "c.y", "c.z", "d1", "d01", "e", ""})
            QCOMPARE(index.find(name), reference.find(name));
        QCOMPARE(index.find("a"), 0);
        QCOMPARE(index.find("c.z"), 3);
    }
};

QTEST_APPLESS_MAIN(TestNodeListResolver)
#include "tst_nodelistresolver.moc"
