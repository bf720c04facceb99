// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/SplitMix64.h"
#include "importers/Hostlist.h"
#include "tests/support/ReferenceHostlist.h"

#include <QTest>

#include <functional>

using namespace placement;

namespace {

/// A random hostlist: mostly well-formed items with ranges, padding, several groups and
/// suffixes, sometimes a stray character, so that every error is reached too.
std::string randomHostlist(SplitMix64& random)
{
    static const char* const literals[] = {"n", "cab", "rack", "-node", "r1n", "x.y", "", "gpu0", "a-b"};
    static const char* const noise[] = {"[", "]", "-", ",", " ", "\t", "[]", "[-1]", "a", "0", "(null)"};
    std::string text;
    const int items = static_cast<int>(random.between(1, 4));
    for (int item = 0; item < items; ++item) {
        if (item)
            text += random.uniform() < 0.8 ? "," : (random.uniform() < 0.5 ? " " : "\t");
        const int groups = static_cast<int>(random.between(0, 3));
        for (int group = 0; group < groups; ++group) {
            text += literals[random.between(0, std::size(literals) - 1)];
            text += '[';
            const int ranges = static_cast<int>(random.between(1, 3));
            for (int range = 0; range < ranges; ++range) {
                if (range)
                    text += ',';
                const auto low = static_cast<unsigned long long>(random.between(0, 120));
                const auto width = static_cast<std::size_t>(random.between(0, 4));
                std::string lowText = std::to_string(low);
                if (lowText.size() < width)
                    lowText.insert(0, width - lowText.size(), '0');
                text += lowText;
                if (random.uniform() < 0.7)
                    text += "-"
                        + std::to_string(low
                                         + static_cast<unsigned long long>(
                                             random.uniform() < 0.05 ? -1 : random.between(0, 12)));
            }
            text += ']';
        }
        if (groups == 0 || random.uniform() < 0.2)
            text += literals[random.between(0, std::size(literals) - 1)] + std::to_string(random.between(0, 99));
        if (random.uniform() < 0.05)
            text += std::string(static_cast<std::size_t>(random.between(100, 260)), 'x');
        if (random.uniform() < 0.1)
            text.insert(static_cast<std::size_t>(random.between(0, static_cast<std::int64_t>(text.size()))),
                        noise[random.between(0, std::size(noise) - 1)]);
    }
    return text;
}

/// The names, or the error with its offset.
QStringList outcome(const std::function<std::vector<std::string>()>& expand)
{
    QStringList result;
    try {
        for (const std::string& name : expand())
            result << QString::fromStdString(name);
    } catch (const HostlistError& error) {
        result << QStringLiteral("error at %1: %2").arg(error.offset).arg(error.what());
    }
    return result;
}

} // namespace

class TestHostlist : public QObject
{
    Q_OBJECT
private slots:
    void expands_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("ranges and singles")
            << "cab[1-3,7],cab12" << QStringList{"cab1", "cab2", "cab3", "cab7", "cab12"};
        QTest::newRow("zero padding") << "nid[00010-00012,00040]"
                                      << QStringList{"nid00010", "nid00011", "nid00012", "nid00040"};
        QTest::newRow("padding grows") << "cn[098-101]" << QStringList{"cn098", "cn099", "cn100", "cn101"};
        QTest::newRow("unpadded") << "n[8-11]" << QStringList{"n8", "n9", "n10", "n11"};
        QTest::newRow("low bound's width only") << "n[8-012]" << QStringList{"n8", "n9", "n10", "n11", "n12"};
        QTest::newRow("cartesian product")
            << "rack[1-2]-node[01-02]" << QStringList{"rack1-node01", "rack1-node02", "rack2-node01", "rack2-node02"};
        QTest::newRow("suffix") << "node[1-2]-ib" << QStringList{"node1-ib", "node2-ib"};
        QTest::newRow("mixed") << "gpu[3,11],login1" << QStringList{"gpu3", "gpu11", "login1"};
        QTest::newRow("spaces and tabs") << " a1 ,\tb[2-3]  c" << QStringList{"a1", "b2", "b3", "c"};
        QTest::newRow("order kept, no sorting") << "tux2,tux1,tux2" << QStringList{"tux2", "tux1", "tux2"};
        QTest::newRow("none assigned") << "None assigned" << QStringList{};
        QTest::newRow("null") << "(null)" << QStringList{};
        QTest::newRow("empty") << "" << QStringList{};
    }
    void expands()
    {
        QFETCH(QString, expression);
        QFETCH(QStringList, names);
        QStringList actual;
        for (const std::string& name : expandHostlist(expression.toStdString()))
            actual << QString::fromStdString(name);
        QCOMPARE(actual, names);
    }

    void rejectsMalformed_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<int>("offset");
        QTest::newRow("unclosed") << "cn[017-0" << 2;
        QTest::newRow("backwards") << "n[5-3]" << 2;
        QTest::newRow("letters") << "n[1-a]" << 4;
        QTest::newRow("empty brackets") << "n[]" << 2;
        QTest::newRow("stray close") << "n1]" << 2;
        QTest::newRow("negative") << "n[-1]" << 2;
        QTest::newRow("second item") << "a1,b[2-" << 4;
    }
    void rejectsMalformed()
    {
        QFETCH(QString, expression);
        QFETCH(int, offset);
        try {
            expandHostlist(expression.toStdString());
            QFAIL("accepted a malformed hostlist");
        } catch (const HostlistError& error) {
            QCOMPARE(static_cast<int>(error.offset), offset);
        }
    }

    // Items without brackets count against the cap, and no name is longer than a host name can
    // be (RFC 1035), so that a short expression cannot expand to gigabytes (fuzz_hostlist,
    // fuzz_jobcomp).
    void capsNamesAndTheirLength_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<int>("cap");
        QTest::addColumn<int>("names"); // -1: HostlistError
        const QString longest = QString(254, 'x') + "[1-2]";
        QTest::newRow("plain items at the cap") << "a,b" << 2 << 2;
        QTest::newRow("plain items over the cap") << "a,b,c" << 2 << -1;
        QTest::newRow("plain item after a range") << "n[1-2],m" << 2 << -1;
        QTest::newRow("one plain name, cap 0") << "a" << 0 << -1;
        QTest::newRow("255-character names") << longest << 10 << 2;
        QTest::newRow("256-character name") << QString(255, 'x') + "[1]" << 10 << -1;
        QTest::newRow("256-character suffix") << "n[1]" + QString(255, 'x') << 10 << -1;
        QTest::newRow("256-character plain name") << QString(256, 'x') << 10 << -1;
        QTest::newRow("long names of a small product")
            << QString(100, 'x') + "[1-2]" + QString(100, 'y') + "[1-2]" + QString(100, 'z') + "[1-2]" << 10 << -1;
    }
    void capsNamesAndTheirLength()
    {
        QFETCH(QString, expression);
        QFETCH(int, cap);
        QFETCH(int, names);
        int expanded = -1;
        try {
            expanded = static_cast<int>(expandHostlist(expression.toStdString(), static_cast<size_t>(cap)).size());
        } catch (const HostlistError& error) {
            QVERIFY(error.offset < static_cast<size_t>(expression.size()));
        }
        QCOMPARE(expanded, names);
    }

    // expandHostlist reads items with HostlistReader and expands them; the expander it
    // replaced made every name as a string on the way. Both must give the same names, or the
    // same error at the same offset, under every cap.
    void matchesTheStringExpander()
    {
        SplitMix64 random(20261122);
        static const std::size_t caps[] = {0, 1, 3, 10, 100, 1000, 1'000'000, 1'000'000};
        for (int round = 0; round < 5000; ++round) {
            const std::string expression = randomHostlist(random);
            const std::size_t cap = caps[random.between(0, std::size(caps) - 1)];
            QCOMPARE(outcome([&] { return expandHostlist(expression, cap); }),
                     outcome([&] { return test::referenceExpandHostlist(expression, cap); }));
        }
    }

    void capsHugeExpansions()
    {
        QCOMPARE(expandHostlist("n[1-1000]", 1000).size(), size_t(1000));
        QVERIFY_THROWS_EXCEPTION(HostlistError, expandHostlist("n[1-1001]", 1000));
        QVERIFY_THROWS_EXCEPTION(HostlistError, expandHostlist("r[1-100]n[1-100]", 5000));
        QVERIFY_THROWS_EXCEPTION(HostlistError, expandHostlist("n[1-600],m[1-600]", 1000));
    }
};

QTEST_APPLESS_MAIN(TestHostlist)
#include "tst_hostlist.moc"
