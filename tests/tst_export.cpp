// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ChartsDock.h"
#include "app/ExplorerSession.h"
#include "app/ExportActions.h"
#include "app/Exporter.h"
#include "app/ImageSizeDialog.h"
#include "app/MainWindow.h"
#include "app/RunTableModel.h"
#include "app/TimelineDock.h"
#include "app/ViewLegend.h"
#include "core/Csv.h"
#include "store/DemoDatabase.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/ViewImage.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QColor>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QImageReader>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QSvgRenderer>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <map>
#include <utility>

using namespace placement;
using namespace placement::test;

namespace {

/// Pixels drawn in a job's colour (saturated), as opposed to the grey gradient background
/// and idle nodes.
int saturatedPixels(const QImage& image, QRect area = {})
{
    if (area.isNull())
        area = image.rect();
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            count += QColor(image.pixel(x, y)).hsvSaturationF() > 0.3f ? 1 : 0;
    return count;
}

double meanLightness(const QImage& image)
{
    double sum = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            sum += QColor(image.pixel(x, y)).lightnessF();
    return sum / ((image.height() + 3) / 4) / ((image.width() + 3) / 4);
}

int darkPixels(const QImage& image)
{
    int dark = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            dark += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
    return dark;
}

/// The text of an SVG file and the height of its picture.
std::pair<QString, int> svgTextAndHeight(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&file);
    QString text;
    int height = -1;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("svg"))
            height
                = xml.attributes().value(QLatin1String("viewBox")).toString().split(QLatin1Char(' ')).value(3).toInt();
        if (xml.isCharacters())
            text += xml.text();
    }
    return {text, height};
}

QAction* actionNamed(MainWindow& window, const QString& name)
{
    return window.findChild<QAction*>(name);
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path(), QStringLiteral("tst_export"));
        m_demo = m_dir.filePath(QStringLiteral("demo.sqlite"));
        writeDemoDatabase(m_demo.toStdString());
    }

    void viewPngHasTheRequestedSize_data()
    {
        QTest::addColumn<int>("machine");
        QTest::addColumn<QSize>("size");
        QTest::newRow("torus 2000x1300") << 0 << QSize(2000, 1300);
        QTest::newRow("fat-tree 2000x1300") << 1 << QSize(2000, 1300);
        QTest::newRow("fat-tree, narrow 500x1400") << 1 << QSize(500, 1400);
        QTest::newRow("torus, small 64x48") << 0 << QSize(64, 48);
        QTest::newRow("fat-tree 8192x8192") << 1 << QSize(8192, 8192);
    }

    void viewPngHasTheRequestedSize()
    {
        QFETCH(int, machine);
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(showDemo(window));
        MachineView* view = window.machineView();
        RenderWidget* render = view->renderWidget();
        if (machine != 0) { // the demo opens on machine 0
            window.selectMachine(machine);
            QVERIFY(waitForFrames(render, render->renderedFrames() + 1));
        }
        const MachineView::CameraState camera = view->cameraState();
        const QImage before = logicalFramebuffer(render);

        const QString path = m_dir.filePath(QStringLiteral("view-%1x%2.png").arg(size.width()).arg(size.height()));
        QString error;
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(saveViewImage(*view, size, path, &error), qPrintable(error));
        qInfo("%dx%d rendered and written in %lld ms", size.width(), size.height(), timer.elapsed());
        QImageReader reader(path);
        reader.setAllocationLimit(0); // 8192 x 8192 is above Qt's default of 256 MB
        QCOMPARE(QString::fromLatin1(reader.format()), QStringLiteral("png"));
        const QImage image = reader.read();
        QVERIFY2(!image.isNull(), qPrintable(reader.errorString()));
        if (size.width() * size.height() <= 4000000) { // for a person to look at
            QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
            image.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/export-%1.png")
                           .arg(QTest::currentDataTag())
                           .replace(QLatin1Char(' '), QLatin1Char('-'))
                           .remove(QLatin1Char(',')));
        }
        QCOMPARE(image.size(), size);
        // Not black, and the nodes are there in their jobs' colours.
        QVERIFY2(meanLightness(image) > 0.08, qPrintable(QString::number(meanLightness(image))));
        const int coloured = saturatedPixels(image);
        QVERIFY2(coloured > size.width() * size.height() / 50, qPrintable(QString::number(coloured)));
        // The machine keeps its margin: no node in the outer 1% columns, however narrow.
        const int edge = std::max(1, size.width() / 100);
        QCOMPARE(saturatedPixels(image, QRect(0, 0, edge, size.height())), 0);
        QCOMPARE(saturatedPixels(image, QRect(size.width() - edge, 0, edge, size.height())), 0);

        // The window is as it was: same camera, and it draws the same picture again.
        QCOMPARE(view->cameraState(), camera);
        QVERIFY(waitForFrames(render, render->renderedFrames() + 1));
        const QImage after = logicalFramebuffer(render);
        QVERIFY2(imageDifference(before, after) <= ImageDifferenceThreshold,
                 qPrintable(QString::number(imageDifference(before, after))));
    }

    void viewImageAtTheViewsSizeIsWhatTheViewShows()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        RenderWidget* render = window.machineView()->renderWidget();
        const QImage shown = render->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
        const QImage exported
            = renderViewImage(*window.machineView(), shown.size()).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(exported.size(), shown.size());
        const double difference = imageDifference(shown, exported);
        QVERIFY2(difference <= ImageDifferenceThreshold, qPrintable(QString::number(difference)));
    }

    void impossibleSizesAreRefused()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        const int limit = maximumViewImageSide(*window.machineView());
        QVERIFY2(limit >= 8192, qPrintable(QString::number(limit)));
        for (const QSize& size : {QSize(0, 100), QSize(100, -1), QSize(limit + 1, 100)}) {
            QString error;
            QVERIFY(renderViewImage(*window.machineView(), size, &error).isNull());
            QVERIFY2(error.contains(QString::number(limit)), qPrintable(error));
        }
        QString error;
        QVERIFY(!saveViewImage(*window.machineView(), QSize(64, 64), m_dir.filePath(QStringLiteral("no/such/dir.png")),
                               &error));
        QVERIFY2(error.contains(QStringLiteral("no/such/dir.png")), qPrintable(error));
    }

    void chartsExportAsSvgAndPng()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        ChartsDock* dock = window.chartsDock();
        QAction* svgAction = actionNamed(window, QStringLiteral("exportChartSvgAction"));
        QVERIFY(svgAction);
        QVERIFY(!svgAction->isEnabled()); // nothing to export while the dock is hidden
        QSignalSpy updated(dock, &ChartsDock::chartsUpdated);
        dock->show();
        dock->raise();
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, 20000);
        QVERIFY(svgAction->isEnabled());
        // The charts of the run shown (the sweep chart, of a sweep's runs: tst_sweepview).
        for (int chart = 0; chart < ChartsDock::SweepChart; ++chart) {
            dock->setCurrentChart(static_cast<ChartsDock::Chart>(chart));
            QChartView* view = dock->currentChartView();
            QCOMPARE(view, dock->chartView(static_cast<ChartsDock::Chart>(chart)));
            const QString title = view->chart()->title();
            QVERIFY(!title.isEmpty());
            const QString svg = m_dir.filePath(QStringLiteral("chart%1.svg").arg(chart));
            QString error;
            QVERIFY2(saveChartSvg(*view, svg, &error), qPrintable(error));

            QFile file(svg);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QXmlStreamReader xml(&file);
            QString text;
            QString root;
            int drawn = 0;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement()) {
                    if (root.isEmpty())
                        root = xml.name().toString();
                    if (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("rect")
                        || xml.name() == QLatin1String("polyline"))
                        ++drawn;
                }
                if (xml.isCharacters())
                    text += xml.text();
            }
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QCOMPARE(root, QStringLiteral("svg"));
            QVERIFY2(text.contains(title), qPrintable(title + QStringLiteral(" not in: ") + text.left(400)));
            QVERIFY2(drawn > 20, qPrintable(QString::number(drawn)));

            const QString png = m_dir.filePath(QStringLiteral("chart%1.png").arg(chart));
            QVERIFY2(saveChartPng(*view, png, 2, &error), qPrintable(error));
            const QImage image(png);
            QCOMPARE(image.size(), view->viewport()->size() * 2);
            QVERIFY(saturatedPixels(image) > 200); // the runs' colours
        }
    }

    void csvRoundTripsQuotedFields_data()
    {
        QTest::addColumn<QStringList>("fields");
        QTest::newRow("plain") << QStringList{QStringLiteral("4711"), QStringLiteral("alice"), QStringLiteral("12")};
        QTest::newRow("commas") << QStringList{QStringLiteral("a,b"), QStringLiteral(","), QStringLiteral("x")};
        QTest::newRow("quotes") << QStringList{QStringLiteral("say \"hi\""), QStringLiteral("\""),
                                               QStringLiteral("\"\"")};
        QTest::newRow("newlines") << QStringList{QStringLiteral("two\nlines"), QStringLiteral("crlf\r\ninside"),
                                                 QStringLiteral("cr\ronly")};
        QTest::newRow("empty and spaces") << QStringList{QString(), QStringLiteral("  padded  "), QString()};
        QTest::newRow("everything") << QStringList{QStringLiteral("\",\n\r\""), QStringLiteral("Zürich — 東京"),
                                                   QStringLiteral("end,")};
    }

    void csvRoundTripsQuotedFields()
    {
        QFETCH(QStringList, fields);
        QStandardItemModel model(0, fields.size());
        for (int column = 0; column < fields.size(); ++column)
            model.setHorizontalHeaderItem(column, new QStandardItem(QStringLiteral("col, %1 \"x\"").arg(column)));
        for (int row = 0; row < 3; ++row) {
            QList<QStandardItem*> items;
            for (const QString& field : fields)
                items << new QStandardItem(row == 1 ? field + field : field);
            model.appendRow(items);
        }
        const QString path = m_dir.filePath(QStringLiteral("table.csv"));
        QString error;
        QVERIFY2(saveTableCsv(model, path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.endsWith("\r\n"));
        const auto records = parseCsv(bytes.toStdString());
        QCOMPARE(records.size(), size_t(4));
        for (int column = 0; column < fields.size(); ++column)
            QCOMPARE(QString::fromStdString(records[0][static_cast<size_t>(column)]),
                     model.horizontalHeaderItem(column)->text());
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(records[static_cast<size_t>(row + 1)].size(), static_cast<size_t>(fields.size()));
            for (int column = 0; column < fields.size(); ++column)
                QCOMPARE(QString::fromStdString(records[static_cast<size_t>(row + 1)][static_cast<size_t>(column)]),
                         model.item(row, column)->text());
        }
    }

    void csvIsWrittenAsRfc4180Says()
    {
        QCOMPARE(csvRecord({"a", "b c", ""}), std::string("a,b c,\r\n"));
        QCOMPARE(csvRecord({"x,y", "say \"hi\"", "2\nlines"}),
                 std::string("\"x,y\",\"say \"\"hi\"\"\",\"2\nlines\"\r\n"));
        QCOMPARE(csvField("\r"), std::string("\"\r\""));
        // Readers get the RFC's examples, LF-only lines and a last line without an end.
        const auto records = parseCsv("aaa,\"b\r\nbb\",ccc\r\nzzz,yyy,xxx\nlast,\"\",");
        QCOMPARE(records.size(), size_t(3));
        QCOMPARE(records[0], (std::vector<std::string>{"aaa", "b\r\nbb", "ccc"}));
        QCOMPARE(records[1], (std::vector<std::string>{"zzz", "yyy", "xxx"}));
        QCOMPARE(records[2], (std::vector<std::string>{"last", "", ""}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseCsv("a\"b,c\r\n"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseCsv("\"open,c\r\n"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseCsv("\"closed\"x,c\r\n"));
    }

    void tablesExportNumbersWithUnitsInTheHeader()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        // The columns that hold durations, times, fractions and metrics, by their CSV names.
        const std::map<QString, QStringList> numeric{
            {QStringLiteral("jobs"),
             {QStringLiteral("nodes"), QStringLiteral("submit_unix_s"), QStringLiteral("start_unix_s"),
              QStringLiteral("end_unix_s"), QStringLiteral("wait_s"), QStringLiteral("aph_hops"),
              QStringLiteral("min_aph_hops")}},
            {QStringLiteral("runs"),
             {QStringLiteral("jobs"), QStringLiteral("utilization_fraction"), QStringLiteral("makespan_s"),
              QStringLiteral("mean_wait_s"), QStringLiteral("mean_bounded_slowdown")}}};
        const std::map<QString, QDockWidget*> docks{{QStringLiteral("jobs"), window.jobsDock()},
                                                    {QStringLiteral("runs"), window.runsDock()}};
        for (const auto& [what, dock] : docks) {
            auto* table = dock->findChild<QTableView*>();
            QVERIFY(table);
            const QAbstractItemModel* model = table->model();
            QVERIFY(model->rowCount() > 0);
            const auto records = parseCsv(tableCsv(*model).toStdString());
            QCOMPARE(records.size(), static_cast<size_t>(model->rowCount() + 1));
            QCOMPARE(records[0].size(), static_cast<size_t>(model->columnCount()));
            for (const QString& name : numeric.at(what)) {
                const auto at = std::find(records[0].begin(), records[0].end(), name.toStdString());
                QVERIFY2(at != records[0].end(), qPrintable(what + QStringLiteral(": no column ") + name));
                const size_t column = static_cast<size_t>(at - records[0].begin());
                int numbers = 0;
                for (size_t row = 1; row < records.size(); ++row) {
                    const QString field = QString::fromStdString(records[row][column]);
                    if (field.isEmpty())
                        continue; // not known (a metric of a job without nodes)
                    bool ok = false;
                    const double value = field.toDouble(&ok);
                    QVERIFY2(
                        ok,
                        qPrintable(
                            QStringLiteral("%1 %2 row %3: '%4' is not a number").arg(what, name).arg(row).arg(field)));
                    if (name == QLatin1String("utilization_fraction"))
                        QVERIFY(value >= 0 && value <= 1);
                    ++numbers;
                }
                // The placement metrics are computed in the background: maybe not yet.
                if (!name.contains(QLatin1String("aph")))
                    QVERIFY2(numbers > 0, qPrintable(what + QStringLiteral(": no number in ") + name));
            }
            // What the table shows in words and percent stays on screen.
            const QByteArray csv = tableCsv(*model);
            QVERIFY(!csv.contains(" h ") && !csv.contains(" min") && !csv.contains("%"));
        }
        // The runs' CSV says what placement runs --csv says, in the same units.
        auto* runs = window.runsDock()->findChild<QTableView*>()->model();
        const auto records = parseCsv(tableCsv(*runs).toStdString());
        const auto column = [&](const char* name) {
            return static_cast<size_t>(std::find(records[0].begin(), records[0].end(), name) - records[0].begin());
        };
        for (int row = 0; row < runs->rowCount(); ++row) {
            const QVariant makespan = runs->index(row, RunTableModel::MakespanColumn).data(RunTableModel::SortRole);
            QCOMPARE(QString::fromStdString(records[static_cast<size_t>(row) + 1][column("makespan_s")]).toDouble(),
                     makespan.toDouble());
        }
        QVERIFY(actionNamed(window, QStringLiteral("exportJobsAction")));
        QVERIFY(actionNamed(window, QStringLiteral("exportRunsAction")));
    }

    void exportedViewCarriesTitleTimeRunAndLegend()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        auto* actions = window.findChild<ExportActions*>();
        QVERIFY(actions);
        const QSize size(800, 500);
        const QString plain = m_dir.filePath(QStringLiteral("plain.png"));
        const QString captioned = m_dir.filePath(QStringLiteral("captioned.png"));
        QString error;
        QVERIFY2(saveViewImage(*window.machineView(), size, plain, &error), qPrintable(error));
        const ImageCaption caption = actions->viewCaption(true, true);
        QCOMPARE(caption.title, QString::fromStdString(window.currentMachine()->record.name));
        QCOMPARE(caption.run, QStringLiteral("logged"));
        QVERIFY(caption.time.endsWith(QLatin1String("UTC")));
        QVERIFY(caption.legend.size() >= 3);
        QVERIFY2(saveViewImage(*window.machineView(), size, captioned, &error, caption), qPrintable(error));
        const QImage without(plain), with(captioned);
        QCOMPARE(without.size(), size);
        const int top = captionTitleHeight(caption, size.width());
        QVERIFY(top > 0);
        QVERIFY(with.height() > size.height() + top); // the title band above, the legend band below
        QCOMPARE(with.width(), size.width());
        QVERIFY(with != without);
        // The title band holds text: dark pixels on white.
        int dark = 0;
        for (int y = 0; y < top; ++y)
            for (int x = 0; x < with.width(); ++x)
                dark += qGray(with.pixel(x, y)) < 128 ? 1 : 0;
        QVERIFY2(dark > 100, qPrintable(QString::number(dark)));
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        with.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/export-captioned.png"));

        // With the links shown by bandwidth: a colour scale with its unit.
        window.session()->setLinksShown(true);
        window.session()->setLinkColorMode(LinkColorMode::Bandwidth);
        const ImageCaption links = actions->viewCaption(false, true);
        QVERIFY(links.title.isEmpty());
        QVERIFY(!links.scale.empty());
        QVERIFY(links.scaleUnit.contains(QLatin1String("GB/s")));
    }

    void exportedChartsCarryTheirTitleBand()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        auto* actions = window.findChild<ExportActions*>();
        QVERIFY(actions);
        QVERIFY(actionNamed(window, QStringLiteral("captionChartsAction"))->isChecked()); // on unless turned off
        ChartsDock* dock = window.chartsDock();
        QSignalSpy updated(dock, &ChartsDock::chartsUpdated);
        dock->show();
        dock->raise();
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, 20000);
        QVERIFY(actions->chartCaption(false).isEmpty());
        for (int chart = 0; chart < ChartsDock::SweepChart; ++chart) {
            dock->setCurrentChart(static_cast<ChartsDock::Chart>(chart));
            QChartView* view = dock->currentChartView();
            const ImageCaption caption = actions->chartCaption(true);
            QCOMPARE(caption.title, QString::fromStdString(window.currentMachine()->record.name));
            QCOMPARE(caption.run, QStringLiteral("logged")); // the one run ticked
            QVERIFY(caption.time.isEmpty()); // the charts span the run, not a moment
            QVERIFY(caption.legend.empty()); // the charts have their own legends

            // PNG: the title band above, the chart below it as without the caption.
            QString error;
            const QString plainPng = m_dir.filePath(QStringLiteral("chart-plain%1.png").arg(chart));
            const QString captionedPng = m_dir.filePath(QStringLiteral("chart-captioned%1.png").arg(chart));
            QVERIFY2(saveChartPng(*view, plainPng, 2, &error), qPrintable(error));
            QVERIFY2(saveChartPng(*view, captionedPng, 2, &error, caption), qPrintable(error));
            const QImage plain(plainPng), with(captionedPng);
            QCOMPARE(plain.size(), view->viewport()->size() * 2); // unchanged without the caption
            const int top = captionTitleHeight(caption, plain.width());
            QVERIFY(top > 0);
            QCOMPARE(with.size(), QSize(plain.width(), plain.height() + top));
            QVERIFY2(darkPixels(with.copy(0, 0, with.width(), top)) > 100, "the title band is blank");
            QCOMPARE(with.copy(0, top, plain.width(), plain.height()).convertToFormat(QImage::Format_RGB32),
                     plain.convertToFormat(QImage::Format_RGB32));
            QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
            with.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/export-chart-captioned%1.png").arg(chart));

            // SVG: the title band as text above the chart, the picture taller by its height.
            const QString plainSvg = m_dir.filePath(QStringLiteral("chart-plain%1.svg").arg(chart));
            const QString captionedSvg = m_dir.filePath(QStringLiteral("chart-captioned%1.svg").arg(chart));
            QVERIFY2(saveChartSvg(*view, plainSvg, &error), qPrintable(error));
            QVERIFY2(saveChartSvg(*view, captionedSvg, &error, caption), qPrintable(error));
            const auto [plainText, plainHeight] = svgTextAndHeight(plainSvg);
            const auto [text, height] = svgTextAndHeight(captionedSvg);
            QCOMPARE(plainHeight, view->viewport()->height());
            QCOMPARE(height, plainHeight + captionTitleHeight(caption, view->viewport()->width()));
            QVERIFY2(text.contains(caption.title), qPrintable(text.left(400)));
            QVERIFY2(text.contains(QStringLiteral("run: logged")), qPrintable(text.left(400)));
            QVERIFY(text.contains(view->chart()->title()));
            QVERIFY(!plainText.contains(QStringLiteral("run: logged")));
            // Drawn, the SVG's band holds the text (dark on white) above the chart.
            QSvgRenderer renderer(captionedSvg);
            QVERIFY(renderer.isValid());
            QImage drawn(renderer.viewBox().size(), QImage::Format_ARGB32_Premultiplied);
            drawn.fill(Qt::white);
            {
                QPainter painter(&drawn);
                renderer.render(&painter);
            }
            const int svgTop = captionTitleHeight(caption, view->viewport()->width());
            QVERIFY2(darkPixels(drawn.copy(0, 0, drawn.width(), svgTop)) > 50, "the SVG's title band is blank");
            drawn.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/export-chart-captioned%1-svg.png").arg(chart));
        }
    }

    void ganttExportsWithTitleAndLegend()
    {
        {
            // Nothing loaded: nothing to export, and the command says so rather than fail.
            MainWindow empty;
            QAction* action = actionNamed(empty, QStringLiteral("exportGanttAction"));
            QVERIFY(action);
            QVERIFY(!action->isEnabled());
        }
        MainWindow window;
        QVERIFY(showDemo(window));
        auto* actions = window.findChild<ExportActions*>();
        TimelineDock* timeline = window.timelineDock();
        timeline->show();
        timeline->raise();
        QTRY_VERIFY(timeline->isVisible() && timeline->gantt()->height() >= 40);
        QAction* action = actionNamed(window, QStringLiteral("exportGanttAction"));
        QTRY_VERIFY(action->isEnabled());
        window.session()->selectJob(0);

        QString error;
        const QString plainPng = m_dir.filePath(QStringLiteral("gantt-plain.png"));
        const QString captionedPng = m_dir.filePath(QStringLiteral("gantt-captioned.png"));
        QVERIFY2(saveGanttPng(*timeline->gantt(), plainPng, &error), qPrintable(error));
        const ImageCaption caption = actions->ganttCaption(true, true);
        QCOMPARE(caption.title, QString::fromStdString(window.currentMachine()->record.name));
        QCOMPARE(caption.run, QStringLiteral("logged"));
        QVERIFY2(caption.time.contains(QLatin1String(" to ")) && caption.time.contains(QLatin1String("UTC")),
                 qPrintable(caption.time));
        QVERIFY(caption.legend.size() >= 4);
        QVERIFY(caption.legend.back().second.contains(QLatin1String("selected job")));
        QVERIFY2(saveGanttPng(*timeline->gantt(), captionedPng, &error, caption), qPrintable(error));
        const QImage plain(plainPng), with(captionedPng);
        QCOMPARE(plain.size(), timeline->gantt()->size() * timeline->gantt()->devicePixelRatioF());
        QVERIFY(saturatedPixels(plain) > 200); // the jobs' colours
        const int top = captionTitleHeight(caption, plain.width());
        QVERIFY(top > 0);
        QVERIFY(with.height() > plain.height() + top); // a legend band below too
        QCOMPARE(with.width(), plain.width());
        QVERIFY2(darkPixels(with.copy(0, 0, with.width(), top)) > 100, "the title band is blank");
        QCOMPARE(with.copy(0, top, plain.width(), plain.height()).convertToFormat(QImage::Format_RGB32),
                 plain.convertToFormat(QImage::Format_RGB32));
        const QRect legend(0, top + plain.height(), with.width(), with.height() - top - plain.height());
        QVERIFY2(saturatedPixels(with, legend) > 50, "no job colours in the legend band");
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        with.save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/export-gantt-captioned.png"));
        // The choice of File › Export is what the command uses; off, no bands.
        actions->setCaptionsCharts(false);
        QVERIFY(!actionNamed(window, QStringLiteral("captionChartsAction"))->isChecked());

        // Hidden, the dock has nothing to export.
        timeline->hide();
        QTRY_VERIFY(!action->isEnabled());
    }

    void viewShowsItsLegendOnScreen()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        auto* legend = window.findChild<ViewLegend*>(QStringLiteral("viewLegend"));
        QVERIFY(legend);
        QVERIFY(legend->isVisible());
        // Under the view, as wide as it.
        QVERIFY(legend->height() > 0);
        QVERIFY(legend->mapTo(&window, QPoint(0, 0)).y()
                >= window.machineView()->mapTo(&window, QPoint(0, 0)).y() + window.machineView()->height());
        const size_t nodesOnly = legend->entries().legend.size();
        QVERIFY(nodesOnly >= 3);
        window.session()->setLinksShown(true);
        window.session()->setLinkColorMode(LinkColorMode::Users);
        QVERIFY(legend->entries().legend.size() > nodesOnly);
        window.session()->setLinkColorMode(LinkColorMode::Bandwidth);
        // A scale, or where every link has one bandwidth (the demo's torus) a swatch naming it.
        const ImageCaption& bandwidth = legend->entries();
        const bool named = std::any_of(bandwidth.legend.begin(), bandwidth.legend.end(),
                                       [](const auto& entry) { return entry.second.contains(QLatin1String("GB/s")); });
        QVERIFY(bandwidth.scale.empty() != !named);
        QTest::qWait(200);
        QDir().mkpath(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR));
        grabWithRenderViews(&window).save(QStringLiteral(PLACEMENT_TEST_OUTPUT_DIR "/view-legend.png"));
    }

    void copyImagePutsTheViewOnTheClipboard()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        QApplication::clipboard()->clear();
        QAction* copy = actionNamed(window, QStringLiteral("copyImageAction"));
        QVERIFY(copy);
        // In the Edit menu.
        bool inEditMenu = false;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu() && menu->text() == QStringLiteral("&Edit"))
                inEditMenu = menu->menu()->actions().contains(copy);
        QVERIFY(inEditMenu);
        copy->trigger();
        RenderWidget* render = window.machineView()->renderWidget();
        const QSize expected = render->size() * render->devicePixelRatioF();
        QTRY_COMPARE(QApplication::clipboard()->image().size(), expected);
        const QImage copied = QApplication::clipboard()->image();
        QVERIFY(meanLightness(copied) > 0.08);
        QVERIFY(saturatedPixels(copied) > expected.width() * expected.height() / 50);
    }

    void sizeDialogKeepsTheViewsProportions()
    {
        ImageSizeDialog dialog(QSize(1000, 500), 8192);
        QCOMPARE(dialog.imageSize(), QSize(1000, 500)); // the view's size first
        dialog.setKeepProportions(true);
        dialog.setImageSize(QSize(3000, 1500));
        QCOMPARE(dialog.imageSize(), QSize(3000, 1500));
        auto* width = dialog.findChild<QSpinBox*>(QStringLiteral("width"));
        QVERIFY(width);
        width->setValue(4000);
        QCOMPARE(dialog.imageSize(), QSize(4000, 2000));
        dialog.setKeepProportions(false);
        width->setValue(1234);
        QCOMPARE(dialog.imageSize(), QSize(1234, 2000));
        width->setValue(99999);
        QCOMPARE(dialog.imageSize().width(), 8192); // the limit
    }

    // The legend under the view in a narrow window: every entry keeps its swatch, labels are
    // shortened to fit, nothing runs past the strip's right edge, the tooltip says it whole.
    void legendFitsANarrowWindow()
    {
        MainWindow window;
        QVERIFY(showDemo(window));
        window.selectMachine(1);
        window.setLinksShown(true);
        auto* legend = window.findChild<QWidget*>(QStringLiteral("viewLegend"));
        QVERIFY(legend && legend->isVisible());
        const QColor background(32, 34, 40);
        const auto rightEdgeIsClear = [&] {
            const QImage strip = legend->grab().toImage();
            const int margin = static_cast<int>(6 * strip.devicePixelRatio());
            for (int x = strip.width() - margin; x < strip.width(); ++x)
                for (int y = 0; y < strip.height(); ++y)
                    if (QColor(strip.pixel(x, y)) != background)
                        return false;
            return true;
        };
        window.resize(1800, window.height());
        QTest::qWait(100);
        QVERIFY(rightEdgeIsClear());
        window.resize(window.minimumSizeHint().width() + 40, window.height());
        QTest::qWait(100);
        // Its entries whole are wider than the strip now.
        QVERIFY2(qobject_cast<ViewLegend*>(legend)->contentWidth(1 << 20) > legend->width(),
                 qPrintable(QString::number(legend->width())));
        QVERIFY(rightEdgeIsClear());
        for (const auto& [color, label] : qobject_cast<ViewLegend*>(legend)->entries().legend)
            QVERIFY2(label.isEmpty() || legend->toolTip().contains(label), qPrintable(label));
    }

private:
    bool showDemo(MainWindow& window)
    {
        if (!window.openDatabase(m_demo))
            return false;
        window.resize(1100, 720);
        window.show();
        return QTest::qWaitForWindowExposed(&window) && waitForFrames(window.machineView()->renderWidget(), 1);
    }

    QTemporaryDir m_dir;
    QString m_demo;
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
