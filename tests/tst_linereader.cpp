// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "importers/ImportedJob.h"
#include "importers/JobLog.h"
#include "importers/LineReader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace placement;

namespace {

bool writeFile(const QString& path, const QByteArray& content, bool compressed)
{
    if (!compressed) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
    }
    gzFile file = gzopen(path.toStdString().c_str(), "wb");
    if (!file)
        return false;
    const int written
        = content.isEmpty() ? 0 : gzwrite(file, content.constData(), static_cast<unsigned>(content.size()));
    return gzclose(file) == Z_OK && written == content.size();
}

struct ReadResult
{
    QStringList lines;
    bool lastTerminated = true;
    std::string error;
};

ReadResult readAll(const QString& path)
{
    ReadResult result;
    LineReader reader(path.toStdString());
    LineReader::Line line;
    std::size_t expectedNumber = 1;
    while (reader.next(line)) {
        if (line.number != expectedNumber++)
            result.error = "line numbers out of step";
        result.lines << QString::fromLatin1(line.text.data(), static_cast<qsizetype>(line.text.size()));
        result.lastTerminated = line.terminated;
    }
    if (result.error.empty())
        result.error = reader.error();
    return result;
}

} // namespace

class TestLineReader : public QObject
{
    Q_OBJECT
private slots:
    void splitsLines_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("compressed");
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<bool>("lastTerminated");
        const QByteArray longLine(700 * 1024, 'x'); // spans several 256 KiB buffer refills
        for (const bool compressed : {false, true}) {
            const char* kind = compressed ? "gzip" : "plain";
            QTest::addRow("%s: two lines", kind)
                << QByteArray("a\nbc\n") << compressed << QStringList{"a", "bc"} << true;
            QTest::addRow("%s: CRLF", kind)
                << QByteArray("a\r\nbc\r\n") << compressed << QStringList{"a", "bc"} << true;
            QTest::addRow("%s: no final newline", kind)
                << QByteArray("a\nbc") << compressed << QStringList{"a", "bc"} << false;
            QTest::addRow("%s: empty lines", kind)
                << QByteArray("\n\nz\n") << compressed << QStringList{"", "", "z"} << true;
            QTest::addRow("%s: empty file", kind) << QByteArray() << compressed << QStringList{} << true;
            QTest::addRow("%s: long line", kind) << QByteArray("a\n" + longLine + "\nb\n") << compressed
                                                 << QStringList{"a", QString::fromLatin1(longLine), "b"} << true;
            QTest::addRow("%s: long unterminated line", kind)
                << QByteArray("a\n" + longLine) << compressed << QStringList{"a", QString::fromLatin1(longLine)}
                << false;
        }
    }
    void splitsLines()
    {
        QFETCH(QByteArray, content);
        QFETCH(bool, compressed);
        QFETCH(QStringList, lines);
        QFETCH(bool, lastTerminated);
        QTemporaryDir directory;
        const QString path = directory.filePath(compressed ? "log.gz" : "log");
        QVERIFY(writeFile(path, content, compressed));
        const ReadResult result = readAll(path);
        QCOMPARE(result.error, std::string());
        QCOMPARE(result.lines.size(), lines.size());
        QCOMPARE(result.lines, lines);
        QCOMPARE(result.lastTerminated, lastTerminated);
    }

    void countsBytesOnDisk_data()
    {
        QTest::addColumn<bool>("compressed");
        QTest::newRow("plain") << false;
        QTest::newRow("gzip") << true;
    }
    void countsBytesOnDisk()
    {
        QFETCH(bool, compressed);
        QTemporaryDir directory;
        const QString path = directory.filePath("log");
        QByteArray content;
        for (int i = 0; i < 100000; ++i)
            content += QByteArray::number(i) + " some text that compresses well\n";
        QVERIFY(writeFile(path, content, compressed));
        LineReader reader(path.toStdString());
        QCOMPARE(reader.fileSize(), static_cast<std::uint64_t>(QFile(path).size()));
        LineReader::Line line;
        std::uint64_t previous = 0;
        int count = 0;
        while (reader.next(line)) {
            ++count;
            QVERIFY(reader.bytesRead() >= previous);
            previous = reader.bytesRead();
        }
        QCOMPARE(count, 100000);
        QCOMPARE(reader.bytesRead(), reader.fileSize());
    }

    void cutsOverlongLines_data()
    {
        QTest::addColumn<bool>("compressed");
        QTest::newRow("plain") << false;
        QTest::newRow("gzip") << true;
    }
    void cutsOverlongLines()
    {
        QFETCH(bool, compressed);
        QTemporaryDir directory;
        const QString path = directory.filePath("log");
        // A short line over the limit, one that spans buffer refills, and normal ones after each.
        QVERIFY(writeFile(path, "abcdefghij\nxy\n" + QByteArray(600 * 1024, 'z') + "\nend\n", compressed));
        LineReader reader(path.toStdString(), 4);
        LineReader::Line line;
        QStringList texts;
        QList<bool> overlong;
        while (reader.next(line)) {
            texts << QString::fromLatin1(line.text.data(), static_cast<qsizetype>(line.text.size()));
            overlong << line.overlong;
        }
        QCOMPARE(texts, (QStringList{"abcd", "xy", "zzzz", "end"}));
        QCOMPARE(overlong, (QList<bool>{true, false, true, false}));
    }

    void rejectsMissingFileAndDirectory()
    {
        QTemporaryDir directory;
        const QString missing = directory.filePath("no-such.log");
        try {
            LineReader reader(missing.toStdString());
            QFAIL("opened a missing file");
        } catch (const ImportError& error) {
            QCOMPARE(QString::fromUtf8(error.what()), missing + ": cannot open: no such file");
            QCOMPARE(QString::fromStdString(error.file), missing);
        }
        QVERIFY_THROWS_EXCEPTION(ImportError, LineReader(directory.path().toStdString()));
        QVERIFY_THROWS_EXCEPTION(ImportError, parseJobLog(missing.toStdString(), LogFormat::Swf, {}, {}));
        QVERIFY_THROWS_EXCEPTION(ImportError, detectLogFormat(missing.toStdString()));
    }

    // A .gz cut while being copied: the lines before the cut are read, then the error.
    void reportsCutGzipFile()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath("cut.swf.gz");
        QByteArray content;
        for (int i = 1; i <= 20000; ++i)
            content += QByteArray::number(i) + " 0 10 20 4 -1 -1 4 600 -1 1 5 1 1 1 1 -1 -1\n";
        QVERIFY(writeFile(path, content, true));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.resize(file.size() / 2));
        file.close();

        std::size_t jobs = 0;
        const ImportSummary summary
            = parseJobLog(path.toStdString(), LogFormat::Swf, {}, [&](ImportedJob&&) { ++jobs; });
        QVERIFY(jobs > 1000);
        QVERIFY(jobs < 20000);
        QCOMPARE(summary.jobsParsed, jobs);
        QCOMPARE(summary.issues.size(), std::size_t(2));
        QCOMPARE(summary.issues[0].line, jobs + 1);
        QVERIFY(summary.issues[0].reason.starts_with("truncated last line"));
        QCOMPARE(summary.issues[1].line, jobs + 2);
        QCOMPARE(summary.issues[1].reason, std::string("unreadable data (unexpected end of file)"));
    }
};

QTEST_APPLESS_MAIN(TestLineReader)
#include "tst_linereader.moc"
