// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result
{
    int exitCode = -1;
    QString output;
    QString errors;
};

Result placement(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/placement"), arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestContiguousCommand : public QObject
{
    Q_OBJECT
private slots:
    void summarisesEveryWindow()
    {
        // Pascual's 8x8 torus in row order: 64 - 16 + 1 windows of 16 nodes. Those that start
        // at a row are 8x2 rectangles (the best: APH 640/240), the others span three rows.
        const Result result = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                         QStringLiteral("torus-8x8"), QStringLiteral("--size"), QStringLiteral("16,64"),
                                         QStringLiteral("--order"), QStringLiteral("row")});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.output.contains(QStringLiteral("size 16: 49 contiguous allocations")),
                 qPrintable(result.output));
        QVERIFY2(result.output.contains(QStringLiteral("APH  min 2.6667")), qPrintable(result.output));
        QVERIFY2(result.output.contains(QStringLiteral("size 64: 1 contiguous allocations")),
                 qPrintable(result.output));
        QVERIFY2(result.output.contains(QStringLiteral("every allocation has APH 4.0635")), qPrintable(result.output));
        QVERIFY(result.output.contains(QStringLiteral("histogram, 20 bins")));
    }

    void writesOneCsvRowPerWindow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("windows.csv"));
        const Result result = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                         QStringLiteral("torus extents=4x4x4 nodes-per-router=2"),
                                         QStringLiteral("--size"), QStringLiteral("16"), QStringLiteral("--order"),
                                         QStringLiteral("alps-zxy"), QStringLiteral("--cyclic"),
                                         QStringLiteral("--bins"), QStringLiteral("5"), QStringLiteral("--csv"), path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.output.contains(QStringLiteral("size 16: 128 contiguous allocations")),
                 qPrintable(result.output));
        QVERIFY(result.output.contains(QStringLiteral("histogram, 5 bins")));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 129);
        QCOMPARE(lines.front(), QStringLiteral("size,start,first_node,last_node,aph"));
        QVERIFY2(lines[1].startsWith(QStringLiteral("16,0,0,")), qPrintable(lines[1]));
        QVERIFY(!QFile::exists(path + QStringLiteral(".partial")));
    }

    void windowsSkipEmptySlots()
    {
        // A 4x4 torus whose routers 5 and 6 hold no node: in row order the 14 nodes are
        // 0-4, 7-15, so 14 - 4 + 1 windows of 4 nodes. The bug: the windows ran over the
        // empty slots as if they were nodes (13 windows, one of them 4-7 holding 5 and 6).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("windows.csv"));
        const Result result = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                         QStringLiteral("torus extents=4x4 empty=5,6"), QStringLiteral("--size"),
                                         QStringLiteral("4,14"), QStringLiteral("--order"), QStringLiteral("row"),
                                         QStringLiteral("--csv"), path});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.output.contains(QStringLiteral("order row: 14 nodes")), qPrintable(result.output));
        QVERIFY2(result.output.contains(QStringLiteral("size 4: 11 contiguous allocations")),
                 qPrintable(result.output));
        QVERIFY2(result.output.contains(QStringLiteral("size 14: 1 contiguous allocations")),
                 qPrintable(result.output));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 11 + 1);
        // The window starting at node 4 is 4, 7, 8, 9: it ends at node 9.
        QVERIFY2(lines.contains(QStringLiteral("4,4,4,9,1.666667")), qPrintable(lines.join(QLatin1Char('\n'))));
        const Result tooLarge = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                           QStringLiteral("torus extents=4x4 empty=5,6"), QStringLiteral("--size"),
                                           QStringLiteral("15"), QStringLiteral("--order"), QStringLiteral("row")});
        QCOMPARE(tooLarge.exitCode == 0, false);
        QVERIFY2(tooLarge.errors.contains(QStringLiteral("larger than the machine (14 nodes)")),
                 qPrintable(tooLarge.errors));
    }

    void titanIsFast()
    {
        QElapsedTimer timer;
        timer.start();
        const Result result
            = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"), QStringLiteral("titan"),
                         QStringLiteral("--size"), QStringLiteral("16,125,1024,8192"), QStringLiteral("--order"),
                         QStringLiteral("alps")});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.output.contains(QStringLiteral("size 1024: 18177 contiguous allocations")),
                 qPrintable(result.output));
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
    }

    void errorsAreExplained()
    {
        const Result badOrder = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                           QStringLiteral("titan"), QStringLiteral("--size"), QStringLiteral("16"),
                                           QStringLiteral("--order"), QStringLiteral("spiral")});
        QCOMPARE(badOrder.exitCode, 1);
        QVERIFY2(badOrder.errors.contains(QStringLiteral("alps-balanced")), qPrintable(badOrder.errors));
        const Result tree = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"), QStringLiteral("cab"),
                                       QStringLiteral("--size"), QStringLiteral("16"), QStringLiteral("--order"),
                                       QStringLiteral("index")});
        QCOMPARE(tree.exitCode, 1);
        QVERIFY2(tree.errors.contains(QStringLiteral("need a torus")), qPrintable(tree.errors));
        const Result tooLarge = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"),
                                           QStringLiteral("torus-8x8"), QStringLiteral("--size"), QStringLiteral("65"),
                                           QStringLiteral("--order"), QStringLiteral("row")});
        QCOMPARE(tooLarge.exitCode, 1);
        const Result missing
            = placement({QStringLiteral("contiguous"), QStringLiteral("--machine"), QStringLiteral("titan")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.errors.contains(QStringLiteral("usage")));
        const Result help = placement({QStringLiteral("--help")});
        QVERIFY(help.output.contains(QStringLiteral("contiguous")));
    }
};

QTEST_GUILESS_MAIN(TestContiguousCommand)
#include "tst_contiguouscommand.moc"
