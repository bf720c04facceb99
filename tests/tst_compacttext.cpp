// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CompactText.h"
#include "core/Job.h"
#include "core/SplitMix64.h"
#include "core/UserName.h"

#include <QTest>

#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace placement;

class TestCompactText : public QObject
{
    Q_OBJECT

private slots:
    void keepsEveryTextOfEveryLength()
    {
        static_assert(sizeof(CompactText) == 16);
        // Every length around the inline limit, texts with NULs and bytes past ASCII.
        SplitMix64 random(5);
        for (std::size_t length = 0; length < 70; ++length) {
            std::string text;
            for (std::size_t k = 0; k < length; ++k)
                text.push_back(static_cast<char>(random.next() % 256));
            const CompactText kept(text);
            QCOMPARE(kept.size(), length);
            QCOMPARE(kept.empty(), length == 0);
            QCOMPARE(kept.str(), text);
            QCOMPARE(std::string(kept), text);
            QCOMPARE(kept.c_str()[length], '\0');
            QVERIFY(kept == text);

            CompactText copy = kept; // copies and moves keep the text; a moved-from text is empty
            QVERIFY(copy == kept);
            CompactText moved = std::move(copy);
            QVERIFY(moved == kept);
            QVERIFY(copy.empty()); // NOLINT(bugprone-use-after-move)
            CompactText assigned("a text longer than fifteen characters");
            assigned = moved;
            QVERIFY(assigned == kept);
            assigned = std::move(moved);
            QVERIFY(assigned == kept);
            const CompactText& same = assigned;
            assigned = same;
            QVERIFY(assigned == kept);
            assigned = "x";
            QCOMPARE(assigned.str(), std::string("x"));
        }
    }

    void comparesAndPrintsAsAString()
    {
        const std::vector<std::string> ids{"", "4711", "4711_3", "4711_12", "a", "b", "job.with.a.long.name.42"};
        for (const std::string& a : ids)
            for (const std::string& b : ids) {
                QCOMPARE(CompactText(a) == CompactText(b), a == b);
                QCOMPARE(CompactText(a) < CompactText(b), a < b);
                QCOMPARE(CompactText(a) == b, a == b);
                QCOMPARE(CompactText(a) + b, a + b);
                QCOMPARE(a + CompactText(b), a + b);
            }
        std::ostringstream out;
        out << CompactText("4711_3") << ' ' << CompactText("a-user-name-longer-than-the-inline-room");
        QCOMPARE(out.str(), std::string("4711_3 a-user-name-longer-than-the-inline-room"));
        std::map<std::string, int> byId{{"4711", 1}};
        Job job;
        job.id = "4711";
        QCOMPARE(byId.at(job.id), 1);
    }

    void userNamesAreNumbersForTheirTexts()
    {
        // 4 bytes a job's user; 56 bytes a job (millions are held at once).
        static_assert(sizeof(UserName) == 4);
        static_assert(sizeof(Job) == 56);
        const UserName none;
        QVERIFY(none.empty() && none.view().empty() && none == "" && none == UserName(""));
        QCOMPARE(none.c_str()[0], '\0');
        const std::string nul("a\0b", 3);
        const std::string longName(5000, 'u');
        const std::vector<std::string> texts{"alice", "bob", "Alice", nul, longName, "bob "};
        for (const std::string& a : texts) {
            const UserName name(a);
            QCOMPARE(name.str(), a);
            QCOMPARE(name.size(), a.size());
            QCOMPARE(name.c_str()[a.size()], '\0');
            QVERIFY(!name.empty());
            for (const std::string& b : texts) {
                QCOMPARE(name == UserName(b), a == b);
                QCOMPARE(name < UserName(b), a < b);
                QCOMPARE(name == b, a == b);
            }
        }
        // Made on several threads at once: one number per text, every view its text.
        const auto make = [](int from, std::vector<UserName>& out) {
            for (int i = from; i < from + 20'000; ++i)
                out.emplace_back("user" + std::to_string(i));
        };
        std::vector<UserName> first, second;
        std::thread a(make, 0, std::ref(first)), b(make, 10'000, std::ref(second)); // half the same
        a.join();
        b.join();
        for (int i = 0; i < 10'000; ++i) {
            QVERIFY(first[static_cast<size_t>(10'000 + i)] == second[static_cast<size_t>(i)]);
            QCOMPARE(first[static_cast<size_t>(i)].str(), "user" + std::to_string(i));
            QCOMPARE(second[static_cast<size_t>(10'000 + i)].str(), "user" + std::to_string(20'000 + i));
        }
        const std::string_view kept = first.front().view();
        for (int i = 0; i < 70'000; ++i) // past a chunk of 65,536 names
            (void)UserName("more" + std::to_string(i));
        QCOMPARE(kept, std::string_view("user0")); // a view of a name never moves
        QCOMPARE(UserName("more69999").str(), std::string("more69999"));
        std::ostringstream out;
        Job job;
        job.user = "carol";
        out << job.user;
        QCOMPARE(out.str(), std::string("carol"));
        QCOMPARE(std::string(job.user) + "!", std::string("carol!"));
    }
};

QTEST_APPLESS_MAIN(TestCompactText)
#include "tst_compacttext.moc"
