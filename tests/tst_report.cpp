// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// placement report and placement-explorer --report (services/Report.h, app/ReportRenderer.h)
// on the demo database with two simulated runs: the report's numbers against placement runs
// --json, its sections and images, the PDF's pages, and the captions of exported images.

#include "app/ExplorerSession.h"
#include "app/ImageCaption.h"
#include "app/MachineData.h"
#include "app/MainWindow.h"
#include "app/ReportDialog.h"
#include "core/MachineSpec.h"
#include "store/DemoDatabase.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <map>

using namespace placement;

namespace {

struct Result
{
    int exitCode = -1;
    QString output, errors;
};

enum class Graphics { Inherited, None };

Result run(const QString& program, const QStringList& arguments, Graphics graphics = Graphics::Inherited)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (graphics == Graphics::None)
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(QString::fromLatin1(name));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PLACEMENT_BIN_DIR "/") + program, arguments);
    if (!process.waitForFinished(180000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

/// The value at a summary path of `placement runs --json` ("$.by_size[2].mean_wait").
QJsonValue atPath(QJsonValue value, const QString& path)
{
    static const QRegularExpression part(QStringLiteral("\\.([a-z_0-9]+)|\\[(\\d+)\\]"));
    auto match = part.globalMatch(path.mid(1));
    while (match.hasNext()) {
        const QRegularExpressionMatch m = match.next();
        value = m.captured(1).isEmpty() ? value.toArray().at(m.captured(2).toInt())
                                        : value.toObject().value(m.captured(1));
    }
    return value;
}

/// What a report's XHTML holds: the sections, the number cells, the figures and the images.
struct ParsedReport
{
    QStringList sections;
    struct Cell
    {
        QString run, key, value;
    };
    QList<Cell> cells;
    QStringList svgIds;
    QList<QImage> images;
    QString text;
};

ParsedReport parseReport(const QByteArray& html)
{
    ParsedReport report;
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters())
            report.text += xml.text();
        if (!xml.isStartElement())
            continue;
        const auto attributes = xml.attributes();
        if (xml.name() == QLatin1String("section"))
            report.sections << attributes.value(QLatin1String("id")).toString();
        if (xml.name() == QLatin1String("td") && attributes.hasAttribute(QLatin1String("data-value")))
            report.cells.append({attributes.value(QLatin1String("data-run")).toString(),
                                 attributes.value(QLatin1String("data-key")).toString(),
                                 attributes.value(QLatin1String("data-value")).toString()});
        if (xml.name() == QLatin1String("svg"))
            report.svgIds << attributes.value(QLatin1String("id")).toString();
        if (xml.name() == QLatin1String("img")) {
            const QString source = attributes.value(QLatin1String("src")).toString();
            const QString prefix = QStringLiteral("data:image/png;base64,");
            if (source.startsWith(prefix))
                report.images << QImage::fromData(QByteArray::fromBase64(source.mid(prefix.size()).toLatin1()), "PNG");
        }
    }
    if (xml.hasError())
        report.sections << QStringLiteral("XML error: ") + xml.errorString();
    return report;
}

/// Pixels that are not (near) white.
int inkedPixels(const QImage& image)
{
    int inked = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x)
            inked += qGray(rgb.pixel(x, y)) < 200 ? 1 : 0;
    return inked;
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_db;
    const QString m_machine = QStringLiteral("cab");
    QStringList m_runNames; ///< as placement runs --json lists them

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_db.toStdString());
        for (const char* policy : {"ta", "jigsaw"}) {
            const Result simulated
                = run(QStringLiteral("placement"),
                      {QStringLiteral("simulate"), QStringLiteral("--db"), m_db, QStringLiteral("--machine"), m_machine,
                       QStringLiteral("--policy"), QString::fromLatin1(policy)});
            QVERIFY2(simulated.exitCode == 0, qPrintable(simulated.errors));
        }
    }

    void reportNumbersEqualPlacementRunsJson()
    {
        const Result listed = run(QStringLiteral("placement"),
                                  {QStringLiteral("runs"), QStringLiteral("--db"), m_db, QStringLiteral("--machine"),
                                   m_machine, QStringLiteral("--json")});
        QCOMPARE(listed.exitCode, 0);
        const QJsonArray runs
            = QJsonDocument::fromJson(listed.output.toUtf8()).object().value(QLatin1String("runs")).toArray();
        QCOMPARE(runs.size(), 3);
        QStringList names;
        std::map<QString, QJsonObject> summaries;
        for (const QJsonValue& value : runs) {
            names << value.toObject().value(QLatin1String("name")).toString();
            summaries[names.back()] = value.toObject().value(QLatin1String("summary")).toObject();
        }
        m_runNames = names;
        // Without a display the command line writes the HTML itself, noting the missing snapshots;
        // the third run named by its id.
        const QString id = QString::number(runs.at(2).toObject().value(QLatin1String("id")).toInteger());
        const QString html = m_dir.filePath(QStringLiteral("headless.html"));
        const Result report
            = run(QStringLiteral("placement"),
                  {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--machine"), m_machine,
                   QStringLiteral("--runs"), names[0] + QLatin1Char(',') + names[1] + QLatin1Char(',') + id,
                   QStringLiteral("--out"), html},
                  Graphics::None);
        QVERIFY2(report.exitCode == 0, qPrintable(report.errors));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const ParsedReport parsed = parseReport(file.readAll());
        QVERIFY2(parsed.text.contains(QLatin1String("No 3D snapshots")), "the missing snapshots are not noted");
        std::map<QString, int> cellsPerRun;
        for (const ParsedReport::Cell& cell : parsed.cells) {
            QVERIFY2(summaries.count(cell.run), qPrintable(cell.run));
            const QJsonValue expected = atPath(summaries[cell.run], cell.key);
            QVERIFY2(expected.isDouble(), qPrintable(cell.run + QLatin1Char(' ') + cell.key));
            bool ok = false;
            QCOMPARE(cell.value.toDouble(&ok), expected.toDouble());
            QVERIFY(ok);
            ++cellsPerRun[cell.run];
        }
        QCOMPARE(cellsPerRun.size(), static_cast<size_t>(3));
        for (const auto& [name, count] : cellsPerRun)
            QVERIFY2(count >= 10, qPrintable(name));
        // The headline numbers are there for every run.
        for (const QString& key : {QStringLiteral("$.utilization"), QStringLiteral("$.makespan"),
                                   QStringLiteral("$.mean_wait"), QStringLiteral("$.by_size[0].mean_bounded_slowdown")})
            for (const QString& name : names)
                QVERIFY2(std::any_of(parsed.cells.begin(), parsed.cells.end(),
                                     [&](const ParsedReport::Cell& c) { return c.run == name && c.key == key; }),
                         qPrintable(name + QLatin1Char(' ') + key));
    }

    void unknownRunListsTheRunsPresent()
    {
        const Result report = run(QStringLiteral("placement"),
                                  {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--machine"),
                                   m_machine, QStringLiteral("--runs"), QStringLiteral("logged,no such run"),
                                   QStringLiteral("--out"), m_dir.filePath(QStringLiteral("never.html"))},
                                  Graphics::None);
        QCOMPARE(report.exitCode, 1);
        QVERIFY2(report.errors.contains(QLatin1String("no run 'no such run'")), qPrintable(report.errors));
        QVERIFY2(report.errors.contains(QLatin1String("0 'logged'")) && report.errors.contains(QLatin1String("'ta")),
                 qPrintable(report.errors));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.html"))));
    }

    void reportHoldsEverySectionImageAndPdfPage()
    {
        // With a display (Xvfb): placement report hands over to placement-explorer --report.
        const QString html = m_dir.filePath(QStringLiteral("report.html"));
        const QString pdf = m_dir.filePath(QStringLiteral("report.pdf"));
        const Result report = run(QStringLiteral("placement"),
                                  {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--machine"),
                                   m_machine, QStringLiteral("--runs"), m_runNames.join(QStringLiteral(" , ")),
                                   QStringLiteral("--out"), html, QStringLiteral("--pdf"), pdf});
        QVERIFY2(report.exitCode == 0, qPrintable(report.errors + report.output));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const ParsedReport parsed = parseReport(file.readAll());
        QCOMPARE(parsed.sections,
                 (QStringList{QStringLiteral("summary"), QStringLiteral("runs"), QStringLiteral("differences"),
                              QStringLiteral("figures"), QStringLiteral("snapshots"), QStringLiteral("fragmented"),
                              QStringLiteral("method")}));
        QCOMPARE(
            parsed.svgIds,
            (QStringList{QStringLiteral("fig-aph"), QStringLiteral("fig-utilization"), QStringLiteral("fig-waits")}));
        QCOMPARE(parsed.images.size(), 3);
        for (const QImage& image : parsed.images) {
            QVERIFY(!image.isNull());
            QVERIFY(image.width() >= 960);
            QVERIFY(inkedPixels(image) > 1000);
        }
        QVERIFY(!parsed.text.contains(QLatin1String("No 3D snapshot")));
        QVERIFY(parsed.text.contains(QLatin1String("against")));

        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (pdftoppm.isEmpty())
            QSKIP("pdftoppm (poppler-utils) is not installed");
        QProcess render;
        render.start(pdftoppm,
                     {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("40"), pdf,
                      m_dir.filePath(QStringLiteral("page"))});
        QVERIFY(render.waitForFinished(60000));
        QCOMPARE(render.exitCode(), 0);
        const QStringList pages = QDir(m_dir.path()).entryList({QStringLiteral("page*.png")}, QDir::Files, QDir::Name);
        QVERIFY2(pages.size() >= 2, qPrintable(pages.join(QLatin1Char(' '))));
        for (const QString& page : pages) {
            const QImage image(m_dir.filePath(page));
            QVERIFY(!image.isNull());
            QVERIFY2(inkedPixels(image) > 500, qPrintable(page + QStringLiteral(" is blank")));
        }
    }

    void exportReportPreselectsTheRunsShown()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_db));
        const auto& machines = window.session()->machines();
        const auto cab = std::find_if(machines.begin(), machines.end(),
                                      [&](const MachineRecord& m) { return m.name == m_machine.toStdString(); });
        QVERIFY(cab != machines.end());
        QVERIFY(window.session()->selectMachine(static_cast<int>(cab - machines.begin())));
        QCOMPARE(QString::fromStdString(window.currentMachine()->record.name), m_machine);
        // The logged run alone shown: the stored runs beside it.
        QCOMPARE(ReportDialog::preselectedRuns(*window.session()), QStringList{m_runNames}.join(QLatin1Char(',')));
        QVERIFY(window.selectRun(m_runNames[2]));
        QVERIFY(window.compareWithRun(m_runNames[1]));
        QCOMPARE(ReportDialog::preselectedRuns(*window.session()),
                 QStringLiteral("logged,%1,%2").arg(m_runNames[2], m_runNames[1]));
        auto* action = window.findChild<QAction*>(QStringLiteral("exportReportAction"));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        // The dialog's request: the machine and time shown, the PDF beside the HTML.
        ReportDialog dialog(*window.session());
        QString error;
        const ReportRequest request = dialog.request(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(request.machine, m_machine);
        QCOMPARE(request.at, std::optional<std::int64_t>(window.session()->time()));
        QVERIFY(request.pdfPath.endsWith(QLatin1String(".pdf")));
    }

    void captionAddsTitleBandAndLegend()
    {
        QImage image(640, 480, QImage::Format_ARGB32_Premultiplied);
        image.fill(QColor(30, 30, 40));
        ImageCaption caption;
        caption.title = QStringLiteral("cab");
        caption.run = QStringLiteral("ta");
        caption.time = QStringLiteral("2026-01-01 00:00:00 UTC");
        caption.legend = nodeLegend(*parseMachineSpec("cab"));
        const QImage captioned = captionImage(image, caption);
        const int top = captionTitleHeight(caption, image.width());
        QVERIFY(top > 0);
        QVERIFY(captioned.height() > image.height() + top); // a legend band below too
        QVERIFY(captioned != image);
        // The title band holds text: dark pixels on white.
        QVERIFY(inkedPixels(captioned.copy(0, 0, captioned.width(), top)) > 50);
        // The picture itself is unchanged in the middle.
        QCOMPARE(captioned.copy(0, top, image.width(), image.height()).convertToFormat(QImage::Format_RGB32),
                 image.convertToFormat(QImage::Format_RGB32));
        QCOMPARE(captionImage(image, ImageCaption{}), image);
    }

    // A caption line longer than a narrow image is written smaller, whole: its last
    // characters are on the image (a line cut at the edge would hide them).
    void longCaptionLineIsShownWhole()
    {
        QImage image(320, 200, QImage::Format_ARGB32_Premultiplied);
        image.fill(QColor(30, 30, 40));
        ImageCaption caption;
        caption.title = QStringLiteral("demo-torus, Gantt chart of the logged run");
        caption.run = QStringLiteral("logged");
        caption.time = QStringLiteral("2024-03-01 00:00 to 2024-03-02 12:00 UTC (cursor at 2024-03-01 07:18:55)");
        ImageCaption other = caption;
        other.time.replace(QStringLiteral("07:18:55)"), QStringLiteral("07:18:59)"));
        ImageCaption otherTitle = caption;
        otherTitle.title.replace(QStringLiteral("run"), QStringLiteral("RUN"));
        const int top = captionTitleHeight(caption, image.width());
        const auto band = [&](const ImageCaption& c) { return captionImage(image, c).copy(0, 0, image.width(), top); };
        QVERIFY(band(caption) != band(other));
        QVERIFY(band(caption) != band(otherTitle));
        const QFont fitted = fittedCaptionFont(20, false, caption.time, 300);
        QVERIFY(QFontMetrics(fitted).horizontalAdvance(caption.time) <= 300 || fitted.pixelSize() == 10);
        QCOMPARE(fittedCaptionFont(20, false, QStringLiteral("short"), 300).pixelSize(), 20);
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
