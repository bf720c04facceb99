// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ReportRenderer.h"

#include "app/ImageCaption.h"
#include "core/MachineSpec.h"
#include "core/NodeLayout.h"
#include "core/Topology.h"
#include "services/Report.h"
#include "store/Store.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/ViewImage.h"

#include <QApplication>
#include <QBuffer>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextDocument>
#include <QTimeZone>
#include <QUrl>

#include <vector>

namespace placement {

namespace {

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

QString utcText(std::int64_t seconds)
{
    return QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
        + QStringLiteral(" UTC");
}

QByteArray pngBytes(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

bool writeBytes(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace

bool canRenderSnapshots()
{
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

QImage renderReportSnapshot(const ReportContent& content, int run, QString* error)
{
    const ReportRun& shown = content.runs[static_cast<size_t>(run)];
    const std::unique_ptr<Topology> topology = parseMachineSpec(content.machine.spec);
    MachineView view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(960, 720);
    view.show();
    view.setNodeLayout(layoutNodes(*topology));
    // The nodes coloured as the explorer colours them at that moment (app/MainWindow.cpp recolor()).
    std::vector<QRgb> colors(static_cast<size_t>(topology->nodeCount()), idleNodeColor());
    std::vector<int> holders(colors.size(), 0);
    for (size_t job = 0; job < shown.jobs.size(); ++job) {
        if (!shown.jobs[job].runsAt(content.at))
            continue;
        for (int node : shown.jobs[job].nodes)
            if (node >= 0 && static_cast<size_t>(node) < colors.size()) {
                colors[static_cast<size_t>(node)]
                    = ++holders[static_cast<size_t>(node)] > 1 ? sharedNodeColor() : jobColor(static_cast<int>(job));
            }
    }
    view.setNodeColors(colors);
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 300)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    QString why;
    const QImage image = renderViewImage(view, QSize(960, 720), &why);
    if (image.isNull()) {
        fail(error, why);
        return {};
    }
    ImageCaption caption;
    caption.title = QString::fromStdString(content.machine.name);
    caption.run = QString::fromStdString(shown.record.name);
    caption.time = utcText(content.at);
    caption.legend = nodeLegend();
    if (!shown.hasPlacements)
        caption.legend.push_back({Qt::white, QObject::tr("no node lists: where jobs ran is unknown")});
    return captionImage(image, caption);
}

bool writeReportPdf(const ReportContent& content, const std::vector<QImage>& snapshots, const QString& note,
                    const QString& path, QString* error)
{
    std::vector<ReportSnapshot> named;
    for (const QImage& image : snapshots)
        named.push_back(
            {image.isNull() ? std::string() : std::string("png"), image.isNull() ? note.toStdString() : ""});
    QString html = QString::fromStdString(reportHtml(content, named, note.toStdString(), true));
    html.remove(0, html.indexOf(QLatin1String("<!DOCTYPE"))); // QTextDocument shows an XML declaration as text
    // QTextDocument lays out a 96 dpi page; images are given their width there and drawn from
    // pictures of twice that (sharp in print).
    html.replace(QStringLiteral("<img src=\"fig-utilization\""),
                 QStringLiteral("<img width=\"340\" src=\"fig-utilization\""));
    html.replace(QStringLiteral("<img src=\"fig-"), QStringLiteral("<img width=\"680\" src=\"fig-"));
    html.replace(QStringLiteral("<img src=\"snapshot-"), QStringLiteral("<img width=\"400\" src=\"snapshot-"));
    QTextDocument document;
    document.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 8));
    for (const auto& [id, svg] : reportFigures(content)) {
        QSvgRenderer renderer(QByteArray::fromStdString(svg));
        QImage image(renderer.defaultSize() * 3, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
        painter.end();
        document.addResource(QTextDocument::ImageResource, QUrl(QString::fromStdString(id)), image);
    }
    for (size_t run = 0; run < snapshots.size(); ++run)
        if (!snapshots[run].isNull())
            document.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("snapshot-%1").arg(run)),
                                 snapshots[run]);
    document.setHtml(html);

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(QStringLiteral("Placement report: %1").arg(QString::fromStdString(content.machine.name)));
        writer.setCreator(QStringLiteral("Placement Explorer %1").arg(QString::fromStdString(content.version)));
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                         QPageLayout::Millimeter));
        writer.setResolution(96);
        document.setPageSize(writer.pageLayout().paintRectPixels(writer.resolution()).size());
        document.print(&writer);
    }
    return writeBytes(path, bytes, error);
}

bool writeReport(const ReportRequest& request, QString* error, QString* done)
{
    ReportContent content;
    try {
        Store store = Store::openExisting(request.database.toStdString());
        content = buildReport(store, request.machine.toStdString(), splitRunList(request.runs.toStdString()),
                              request.at, QApplication::applicationVersion().toStdString(), request.cpusPerNode);
    } catch (const std::exception& failure) {
        return fail(error, QString::fromStdString(failure.what()));
    }
    std::vector<QImage> images(content.runs.size());
    std::vector<ReportSnapshot> snapshots(content.runs.size());
    QString note;
    if (!canRenderSnapshots()) {
        note = QObject::tr("No 3D snapshots: they need a display (X or Xvfb), and this report was written without "
                           "one (Qt platform '%1').")
                   .arg(QGuiApplication::platformName());
        snapshots.clear();
        images.clear();
    } else {
        for (size_t run = 0; run < content.runs.size(); ++run) {
            QString why;
            images[run] = renderReportSnapshot(content, static_cast<int>(run), &why);
            if (images[run].isNull())
                snapshots[run].note = QObject::tr("No 3D snapshot: %1").arg(why).toStdString();
            else
                snapshots[run].png = pngBytes(images[run]).toStdString();
        }
    }
    if (!writeBytes(request.htmlPath, QByteArray::fromStdString(reportHtml(content, snapshots, note.toStdString())),
                    error))
        return false;
    if (!request.pdfPath.isEmpty() && !writeReportPdf(content, images, note, request.pdfPath, error))
        return false;
    if (done)
        *done = QObject::tr("Wrote %1%2 (%3 runs%4).")
                    .arg(request.htmlPath,
                         request.pdfPath.isEmpty() ? QString() : QStringLiteral(" and ") + request.pdfPath)
                    .arg(content.runs.size())
                    .arg(note.isEmpty() ? QString() : QObject::tr(", no 3D snapshots: no display"));
    return true;
}

} // namespace placement
