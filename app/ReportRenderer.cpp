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

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>
#include <QTimeZone>
#include <QUrl>

#include <map>
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

} // namespace

/// The report's figures drawn into the page as vectors: QTextDocument's images are rasters,
/// so each figure's <img> becomes an object of this kind, which QSvgRenderer paints straight
/// into the PDF's painter (paths and text, sharp at any zoom, a few KB each).
class SvgFigureObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    static constexpr int Type = QTextFormat::UserObject + 1;
    static constexpr int SvgProperty = QTextFormat::UserProperty + 1;

    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& format) override
    {
        return QSizeF(format.doubleProperty(QTextFormat::ImageWidth), format.doubleProperty(QTextFormat::ImageHeight));
    }

    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int, const QTextFormat& format) override
    {
        QSvgRenderer renderer(format.property(SvgProperty).toByteArray());
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        renderer.render(painter, rect);
        painter->restore();
    }
};

namespace {

/// Replaces the document's images named in `figures` (id to SVG) by SvgFigureObjects of the
/// width the HTML gives them and the figure's own aspect.
void drawFiguresAsVectors(QTextDocument& document, const std::map<QString, QByteArray>& figures)
{
    struct Found
    {
        int position;
        int length;
        QTextCharFormat format;
    };
    std::vector<Found> found;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (!format.isImageFormat())
                continue;
            const auto figure = figures.find(format.toImageFormat().name());
            if (figure == figures.end())
                continue;
            QSvgRenderer renderer(figure->second);
            const QSizeF natural = renderer.defaultSize();
            const double width = format.toImageFormat().width() > 0 ? format.toImageFormat().width() : natural.width();
            QTextCharFormat object;
            object.setObjectType(SvgFigureObject::Type);
            object.setProperty(QTextFormat::ImageWidth, width);
            object.setProperty(QTextFormat::ImageHeight,
                               natural.width() > 0 ? width * natural.height() / natural.width() : natural.height());
            object.setProperty(SvgFigureObject::SvgProperty, figure->second);
            found.push_back({fragment.position(), fragment.length(), object});
        }
    // Back to front: a replacement keeps the positions of those before it.
    for (auto it = found.rbegin(); it != found.rend(); ++it) {
        QTextCursor cursor(&document);
        cursor.setPosition(it->position);
        cursor.setPosition(it->position + it->length, QTextCursor::KeepAnchor);
        cursor.insertText(QString(QChar::ObjectReplacementCharacter), it->format);
    }
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
    for (int slot : topology->emptySlots())
        colors[static_cast<size_t>(slot)] = emptySlotColor();
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
    // No waiting for a frame on screen: the view is laid out by show() (its resize events are
    // sent then), and renderViewImage() renders the scene itself, off screen, before it returns.
    QApplication::sendPostedEvents();
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
    caption.legend = nodeLegend(*parseMachineSpec(content.machine.spec));
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
    std::map<QString, QByteArray> figures;
    for (const auto& [id, svg] : reportFigures(content)) {
        figures[QString::fromStdString(id)] = QByteArray::fromStdString(svg);
        // Until drawFiguresAsVectors() replaces it: an empty picture for the layout's first pass.
        QImage placeholder(1, 1, QImage::Format_ARGB32_Premultiplied);
        placeholder.fill(Qt::white);
        document.addResource(QTextDocument::ImageResource, QUrl(QString::fromStdString(id)), placeholder);
    }
    for (size_t run = 0; run < snapshots.size(); ++run)
        if (!snapshots[run].isNull())
            document.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("snapshot-%1").arg(run)),
                                 snapshots[run]);
    document.setHtml(html);
    SvgFigureObject figureObject;
    document.documentLayout()->registerHandler(SvgFigureObject::Type, &figureObject);
    drawFiguresAsVectors(document, figures);

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

#include "ReportRenderer.moc"
