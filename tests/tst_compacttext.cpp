// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/CompactText.h"
#include "core/Job.h"
#include "core/SplitMix64.h"

#include <QTest>

#include <map>
#include <sstream>
#include <string>
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
};

QTEST_APPLESS_MAIN(TestCompactText)
#include "tst_compacttext.moc"
