// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/Exporter.h"

#include "app/CsvRoles.h"
#include "app/ImageCaption.h"
#include "app/JobFilterModel.h"
#include "core/Csv.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"
#include "views/ViewImage.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QImageWriter>
#include <QLocale>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace placement {

namespace {

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

bool writeFile(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    if (file.write(bytes) != bytes.size() || !file.commit())
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

bool writePng(const QImage& image, const QString& path, QString* error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image))
        return fail(error, QObject::tr("Cannot encode %1: %2").arg(path, writer.errorString()));
    return writeFile(path, bytes, error);
}

} // namespace

bool saveViewImage(MachineView& view, const QSize& size, const QString& path, QString* error,
                   const ImageCaption& caption)
{
    QString why;
    const QImage image = renderViewImage(view, size, &why);
    if (image.isNull())
        return fail(error, QObject::tr("Cannot render %1: %2").arg(path, why));
    return writePng(captionImage(image, caption), path, error);
}

QImage copyViewImage(MachineView& view)
{
    const QImage image = view.renderWidget()->grabFramebuffer();
    QApplication::clipboard()->setImage(image);
    return image;
}

bool saveChartSvg(QChartView& view, const QString& path, QString* error, const ImageCaption& caption)
{
    const QSize chart = view.viewport()->size();
    const int top = captionTitleHeight(caption, chart.width());
    const QSize size(chart.width(), chart.height() + top);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(view.chart() ? view.chart()->title() : QString());
    generator.setDescription(QObject::tr("Placement Explorer chart"));
    {
        QPainter painter(&generator);
        if (top > 0) {
            // The title band as text above the chart: the SVG stays vector and searchable.
            painter.fillRect(QRect(0, 0, size.width(), top), Qt::white);
            paintCaptionTitle(painter, caption, size.width());
        }
        view.render(&painter, QRectF(QPointF(0, top), QSizeF(chart)), view.viewport()->rect());
    }
    return writeFile(path, bytes, error);
}

bool saveChartPng(QChartView& view, const QString& path, double scale, QString* error, const ImageCaption& caption)
{
    const QSize size = view.viewport()->size();
    QImage image((QSizeF(size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        view.render(&painter, QRectF(QPointF(0, 0), QSizeF(image.size())), view.viewport()->rect());
    }
    return writePng(captionImage(image, caption), path, error);
}

QImage ganttImage(GanttChart& gantt)
{
    const qreal ratio = gantt.devicePixelRatioF();
    QImage image(gantt.size() * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(gantt.palette().color(QPalette::Base));
    gantt.render(&image);
    return image;
}

bool saveGanttPng(GanttChart& gantt, const QString& path, QString* error, const ImageCaption& caption)
{
    if (gantt.width() < 10 || gantt.height() < 10)
        return fail(error,
                    QObject::tr("Cannot export %1: the Gantt chart is not shown (show the Timeline dock)").arg(path));
    return writePng(captionImage(ganttImage(gantt), caption), path, error);
}

qsizetype tableRows(const QAbstractItemModel& model)
{
    if (const auto* jobs = qobject_cast<const JobFilterModel*>(&model))
        return static_cast<qsizetype>(jobs->keptCount());
    return model.rowCount();
}

QByteArray tableCsv(const QAbstractItemModel& model)
{
    std::string csv;
    const int columns = model.columnCount();
    std::vector<std::string> fields(static_cast<size_t>(columns));
    for (int column = 0; column < columns; ++column) {
        const QVariant header = model.headerData(column, Qt::Horizontal, CsvHeaderRole);
        fields[static_cast<size_t>(column)]
            = (header.isValid() ? header : model.headerData(column, Qt::Horizontal)).toString().toStdString();
    }
    csv += csvRecord(fields);
    const auto* jobs = qobject_cast<const JobFilterModel*>(&model);
    const qsizetype rows = tableRows(model);
    for (qsizetype row = 0; row < rows; ++row) {
        for (int column = 0; column < columns; ++column) {
            const QModelIndex index
                = jobs ? jobs->keptIndex(static_cast<size_t>(row), column) : model.index(static_cast<int>(row), column);
            const QVariant value = index.data(CsvValueRole);
            fields[static_cast<size_t>(column)] = !value.isValid() ? index.data().toString().toStdString()
                : value.typeId() == QMetaType::Double
                ? QString::number(value.toDouble(), 'f', QLocale::FloatingPointShortest).toStdString()
                : value.toString().toStdString();
        }
        csv += csvRecord(fields);
    }
    return QByteArray::fromStdString(csv);
}

bool saveTableCsv(const QAbstractItemModel& model, const QString& path, QString* error)
{
    return writeFile(path, tableCsv(model), error);
}

} // namespace placement
