// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QObject>

class QAction;
class QMenu;
class QTableView;

namespace placement {

class MainWindow;
struct ImageCaption;

/// The explorer's export commands: File › Export (the 3D view as a PNG of any size, the
/// chart shown as SVG or PNG, the Gantt chart as PNG, the job and runs tables as CSV) and Edit › Copy Image. The
/// work itself is in app/Exporter.h; this asks for sizes and file names.
class ExportActions : public QObject
{
    Q_OBJECT
public:
    explicit ExportActions(MainWindow* window);

    /// Adds File › Export to `file` and Copy Image to `edit`.
    void addTo(QMenu* file, QMenu* edit);

    QAction* exportViewAction() const { return m_exportView; }
    QAction* copyImageAction() const { return m_copyImage; }
    QAction* exportReportAction() const { return m_exportReport; }
    /// The caption of an exported 3D view: the machine, the run (and the run compared with it),
    /// the time; the node colours and, with the links shown, the link colours.
    ImageCaption viewCaption(bool title, bool legend) const;
    QAction* exportSweepCsvAction() const { return m_exportSweepCsv; }
    QAction* exportGanttAction() const { return m_exportGantt; }
    /// The caption of an exported chart: the machine and the runs it draws (the charts span
    /// the runs' times, so no moment). Empty without `title`: the charts carry their legends.
    ImageCaption chartCaption(bool title) const;
    /// The caption of the exported Gantt chart: the machine, the run, the time span shown and
    /// the cursor; the legend of its colours.
    ImageCaption ganttCaption(bool title, bool legend) const;
    /// Whether exported charts and Gantt charts get their caption (a checkable item of
    /// File › Export, remembered while the explorer runs).
    bool captionsCharts() const;
    void setCaptionsCharts(bool caption);

private:
    void exportView();
    void exportChart(bool svg);
    void exportGantt();
    void updateGanttAction();
    /// The sweep chart's numbers (views/SweepChart.h) as CSV.
    void exportSweepCsv();
    void exportTable(QTableView* table, const QString& what);
    void exportReport();
    QString askFileName(const QString& title, const QString& suggestion, const QString& filter);
    void updateChartActions();
    void enableChartActions(bool shown);

    MainWindow* m_window;
    QAction* m_exportView;
    QAction* m_exportChartSvg;
    QAction* m_exportChartPng;
    QAction* m_exportSweepCsv;
    QAction* m_exportGantt;
    QAction* m_captionCharts;
    QAction* m_exportJobs;
    QAction* m_exportRuns;
    QAction* m_copyImage;
    QAction* m_exportReport;
    bool m_titleBand = true; ///< the caption asked for last (ImageSizeDialog)
    bool m_legendBand = true;
};

} // namespace placement
