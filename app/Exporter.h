// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ImageCaption.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

class QAbstractItemModel;
class QChartView;

namespace placement {

class GanttChart;
class MachineView;

// Writing what the explorer shows to files and the clipboard. Files are written whole or
// not at all (QSaveFile); failures return false and say why in `error`, naming the file.

/// Renders the 3D view off screen at exactly `size` pixels (views/ViewImage.h) and writes
/// it as a PNG.
/// With a caption (app/ImageCaption.h), its title band above and legend band below.
bool saveViewImage(MachineView& view, const QSize& size, const QString& path, QString* error,
                   const ImageCaption& caption = {});

/// Puts the 3D view as drawn, at its size in device pixels, on the clipboard; returns it.
QImage copyViewImage(MachineView& view);

/// Writes a chart as SVG: vectors, and its texts (title, axes, legend) as text. With a
/// caption, its title band (machine, runs) above the chart, as text too.
bool saveChartSvg(QChartView& view, const QString& path, QString* error, const ImageCaption& caption = {});

/// Writes a chart as a PNG of `scale` times its size on screen (2: sharp in print).
bool saveChartPng(QChartView& view, const QString& path, double scale, QString* error,
                  const ImageCaption& caption = {});

/// The Timeline dock's Gantt chart as drawn, at its size in device pixels. Its bars are
/// drawn into pixels (views/GanttChart.h), so there is no vector (SVG) form of it.
QImage ganttImage(GanttChart& gantt);
/// Writes the Gantt chart as a PNG; with a caption, its title band (machine, run, time span)
/// above and legend band (what the colours mean) below. Refused while it is not shown.
bool saveGanttPng(GanttChart& gantt, const QString& path, QString* error, const ImageCaption& caption = {});

/// The rows tableCsv() writes: the model's, or every row a JobFilterModel keeps, also those
/// the table has not fetched yet.
qsizetype tableRows(const QAbstractItemModel& model);
/// A table as RFC 4180 CSV (core/Csv.h), UTF-8: a header row with the column titles, then
/// every row of the model as it reads (a sort/filter proxy: as the table shows it; a
/// JobFilterModel: every row it keeps, in its order).
QByteArray tableCsv(const QAbstractItemModel& model);
bool saveTableCsv(const QAbstractItemModel& model, const QString& path, QString* error);

} // namespace placement
