// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QImage>
#include <QString>

#include <cstdint>
#include <optional>

namespace placement {

struct ReportContent;

/// What `placement-explorer --report` and File › Export Report… write (services/Report.h).
struct ReportRequest
{
    QString database, machine;
    QString runs; ///< "logged,jigsaw x2,ta": names or ids as `placement runs` lists them
    std::optional<std::int64_t> at; ///< unset: the busiest moment of the first run
    QString htmlPath; ///< required
    QString pdfPath; ///< empty: no PDF
    int cpusPerNode = 0;
};

/// A 3D snapshot of run `run` of the report at its moment: the machine's nodes coloured by the
/// jobs running then, with the run's name, the time and the legend in bands around it
/// (app/ImageCaption.h). Needs an OpenGL display (X or Xvfb); a null image and `error` without.
QImage renderReportSnapshot(const ReportContent& content, int run, QString* error);

/// True when this process can draw 3D snapshots (a display, not Qt's offscreen platform).
bool canRenderSnapshots();

/// Gathers the report, draws a snapshot per run (or notes why not), writes the HTML and the
/// PDF. False with `error` (naming the file or the argument) on failure; nothing half written.
bool writeReport(const ReportRequest& request, QString* error, QString* done = nullptr);

/// The PDF of the report: the same HTML laid out on A4 pages by QTextDocument, figures and
/// snapshots drawn from their SVG and PNG.
bool writeReportPdf(const ReportContent& content, const std::vector<QImage>& snapshots, const QString& note,
                    const QString& path, QString* error);

} // namespace placement
