// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ExportActions.h"
#include "app/Exporter.h"
#include "app/ImageSizeDialog.h"
#include "app/MainWindow.h"
#include "core/Csv.h"
#include "store/DemoDatabase.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/IsolatedSettings.h"
#include "tests/support/RenderWait.h"
#include "views/ChartsDock.h"
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
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

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

    void tablesExportAsTheyAreShown()
    {
        MainWindow window;
        QVERIFY(window.openDatabase(m_demo));
        for (QDockWidget* dock : {window.jobsDock(), window.runsDock()}) {
            auto* table = dock->findChild<QTableView*>();
            QVERIFY(table);
            const QAbstractItemModel* model = table->model();
            const auto records = parseCsv(tableCsv(*model).toStdString());
            QCOMPARE(records.size(), static_cast<size_t>(model->rowCount() + 1));
            QCOMPARE(records[0].size(), static_cast<size_t>(model->columnCount()));
            QCOMPARE(QString::fromStdString(records[0][0]), model->headerData(0, Qt::Horizontal).toString());
            if (model->rowCount() > 0)
                QCOMPARE(QString::fromStdString(records.back().back()),
                         model->index(model->rowCount() - 1, model->columnCount() - 1).data().toString());
        }
        QVERIFY(window.jobsDock()->findChild<QTableView*>()->model()->rowCount() > 10);
        QVERIFY(actionNamed(window, QStringLiteral("exportJobsAction")));
        QVERIFY(actionNamed(window, QStringLiteral("exportRunsAction")));
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
