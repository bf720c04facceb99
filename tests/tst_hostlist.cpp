#include "importers/Hostlist.h"

#include <QTest>

using namespace placement;

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
