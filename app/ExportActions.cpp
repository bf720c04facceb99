// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ExportActions.h"

#include "app/ChartsDock.h"
#include "app/ExplorerSession.h"
#include "app/Exporter.h"
#include "app/ImageCaption.h"
#include "app/ImageSizeDialog.h"
#include "app/JobTableModel.h"
#include "app/LinkColoring.h"
#include "app/MachineData.h"
#include "app/MainWindow.h"
#include "app/ReportDialog.h"
#include "app/RunChoiceModel.h"
#include "app/TimelineDock.h"
#include "views/GanttChart.h"
#include "views/MachineView.h"
#include "views/SweepChart.h"
#include "views/ViewImage.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QStatusBar>
#include <QTableView>

namespace placement {

ExportActions::ExportActions(MainWindow* window)
    : QObject(window)
    , m_window(window)
    , m_exportView(new QAction(tr("&View as PNG…"), this))
    , m_exportChartSvg(new QAction(tr("&Chart as SVG…"), this))
    , m_exportChartPng(new QAction(tr("Chart as P&NG…"), this))
    , m_exportSweepCsv(new QAction(tr("S&weep Chart Data as CSV…"), this))
    , m_exportGantt(new QAction(tr("&Gantt as PNG…"), this))
    , m_captionCharts(new QAction(tr("C&aption Chart and Gantt Images"), this))
    , m_exportJobs(new QAction(tr("&Job Table as CSV…"), this))
    , m_exportRuns(new QAction(tr("&Runs Table as CSV…"), this))
    , m_copyImage(new QAction(tr("Copy &Image"), this))
    , m_exportReport(new QAction(tr("Export &Report…"), this))
{
    m_exportReport->setObjectName(QStringLiteral("exportReportAction"));
    m_exportReport->setStatusTip(tr("Write an HTML and PDF report comparing runs, for operators (placement report)"));
    connect(m_exportReport, &QAction::triggered, this, &ExportActions::exportReport);
    m_exportView->setObjectName(QStringLiteral("exportViewAction"));
    m_exportView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportView->setStatusTip(tr("Render the 3D view off screen at a size of your choice and save it as PNG"));
    m_exportChartSvg->setObjectName(QStringLiteral("exportChartSvgAction"));
    m_exportChartSvg->setStatusTip(tr("Save the chart shown in the Charts dock as a vector image"));
    m_exportChartPng->setObjectName(QStringLiteral("exportChartPngAction"));
    m_exportChartPng->setStatusTip(tr("Save the chart shown in the Charts dock as a PNG, twice its size on screen"));
    m_exportGantt->setObjectName(QStringLiteral("exportGanttAction"));
    m_exportGantt->setStatusTip(tr("Save the Gantt chart of the Timeline dock, as drawn, as a PNG"));
    m_captionCharts->setObjectName(QStringLiteral("captionChartsAction"));
    m_captionCharts->setCheckable(true);
    m_captionCharts->setChecked(true);
    m_captionCharts->setStatusTip(tr("Put a title band (machine, runs, time span) above exported charts and Gantt "
                                     "charts, and a legend of the Gantt's colours below it"));
    m_exportSweepCsv->setObjectName(QStringLiteral("exportSweepCsvAction"));
    m_exportSweepCsv->setStatusTip(tr("Save the numbers of the sweep chart (Charts › Sweep) as comma-separated "
                                      "values, their units in the column names"));
    m_exportJobs->setObjectName(QStringLiteral("exportJobsAction"));
    m_exportJobs->setStatusTip(tr("Save the rows of the job table, as it lists them, as comma-separated values"));
    m_exportRuns->setObjectName(QStringLiteral("exportRunsAction"));
    m_exportRuns->setStatusTip(tr("Save the runs table as comma-separated values"));
    m_copyImage->setObjectName(QStringLiteral("copyImageAction"));
    m_copyImage->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyImage->setStatusTip(tr("Copy the 3D view, as drawn, to the clipboard"));

    connect(m_exportView, &QAction::triggered, this, &ExportActions::exportView);
    connect(m_exportChartSvg, &QAction::triggered, this, [this] { exportChart(true); });
    connect(m_exportChartPng, &QAction::triggered, this, [this] { exportChart(false); });
    connect(m_exportGantt, &QAction::triggered, this, &ExportActions::exportGantt);
    connect(m_exportSweepCsv, &QAction::triggered, this, &ExportActions::exportSweepCsv);
    connect(m_exportJobs, &QAction::triggered, this,
            [this] { exportTable(m_window->jobsDock()->findChild<QTableView*>(), QStringLiteral("jobs")); });
    connect(m_exportRuns, &QAction::triggered, this,
            [this] { exportTable(m_window->runsDock()->findChild<QTableView*>(), QStringLiteral("runs")); });
    connect(m_copyImage, &QAction::triggered, this, [this] {
        const QImage image = copyViewImage(*m_window->machineView());
        m_window->statusBar()->showMessage(
            tr("Copied the 3D view (%1 x %2 pixels) to the clipboard.").arg(image.width()).arg(image.height()), 5000);
    });
    // Charts are exported as drawn: only while the dock shows them. (The dock is also hidden
    // while the window is destroyed: the visibility it reports is all that is asked then.)
    connect(m_window->chartsDock(), &QDockWidget::visibilityChanged, this, &ExportActions::enableChartActions);
    connect(m_window->chartsDock(), &ChartsDock::chartsUpdated, this, &ExportActions::updateChartActions);
    connect(m_window->chartsDock(), &ChartsDock::sweepChartUpdated, this, &ExportActions::updateChartActions);
    updateChartActions();
    // The Gantt is exported as drawn too: while the Timeline dock shows a machine's jobs.
    connect(m_window->timelineDock(), &QDockWidget::visibilityChanged, this, &ExportActions::updateGanttAction);
    connect(m_window->session(), &ExplorerSession::machineChanged, this, &ExportActions::updateGanttAction);
    updateGanttAction();
}

void ExportActions::addTo(QMenu* file, QMenu* edit)
{
    file->addAction(m_exportReport);
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(m_exportView);
    exportMenu->addSeparator();
    exportMenu->addAction(m_exportChartSvg);
    exportMenu->addAction(m_exportChartPng);
    exportMenu->addAction(m_exportSweepCsv);
    exportMenu->addAction(m_exportGantt);
    exportMenu->addAction(m_captionCharts);
    exportMenu->addSeparator();
    exportMenu->addAction(m_exportJobs);
    exportMenu->addAction(m_exportRuns);
    edit->addAction(m_copyImage);
}

void ExportActions::updateChartActions()
{
    enableChartActions(m_window->chartsDock()->isVisible());
}

void ExportActions::enableChartActions(bool shown)
{
    m_exportChartSvg->setEnabled(shown);
    m_exportChartPng->setEnabled(shown);
    m_exportSweepCsv->setEnabled(shown && m_window->chartsDock()->sweepData().runs > 0);
}

void ExportActions::updateGanttAction()
{
    m_exportGantt->setEnabled(m_window->timelineDock()->isVisible() && m_window->session()->machine());
}

bool ExportActions::captionsCharts() const
{
    return m_captionCharts->isChecked();
}

void ExportActions::setCaptionsCharts(bool caption)
{
    m_captionCharts->setChecked(caption);
}

QString ExportActions::askFileName(const QString& title, const QString& suggestion, const QString& filter)
{
    const QString folder
        = m_window->databasePath().isEmpty() ? QDir::homePath() : QFileInfo(m_window->databasePath()).path();
    return QFileDialog::getSaveFileName(m_window, title, QDir(folder).filePath(suggestion), filter);
}

void ExportActions::exportView()
{
    MachineView& view = *m_window->machineView();
    const int limit = maximumViewImageSide(view);
    if (limit <= 0) {
        QMessageBox::warning(m_window, tr("Cannot export the view"), tr("The 3D view has no OpenGL context."));
        return;
    }
    ImageSizeDialog dialog(view.size() * view.devicePixelRatioF(), limit, m_window);
    dialog.setBands(m_titleBand, m_legendBand);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_titleBand = dialog.titleBand();
    m_legendBand = dialog.legendBand();
    const ImageCaption caption = viewCaption(m_titleBand, m_legendBand);
    const QSize size = dialog.imageSize();
    const QString machine = m_window->currentMachine() ? QString::fromStdString(m_window->currentMachine()->record.name)
                                                       : QStringLiteral("view");
    const QString path = askFileName(tr("Export View as PNG"),
                                     QStringLiteral("%1-%2x%3.png").arg(machine).arg(size.width()).arg(size.height()),
                                     tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    // Rendered in the view's OpenGL context, so on this thread: 8192 x 8192 takes seconds.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool saved = saveViewImage(view, size, path, &error, caption);
    QApplication::restoreOverrideCursor();
    if (!saved) {
        QMessageBox::warning(m_window, tr("Cannot export the view"), error);
        return;
    }
    m_window->statusBar()->showMessage(
        tr("Saved %1 (%2 x %3 pixels).").arg(QDir::toNativeSeparators(path)).arg(size.width()).arg(size.height()),
        5000);
}

void ExportActions::exportChart(bool svg)
{
    QChartView* view = m_window->chartsDock()->currentChartView();
    if (!view || !m_window->chartsDock()->isVisible())
        return;
    const QString title = svg ? tr("Export Chart as SVG") : tr("Export Chart as PNG");
    const QString path = askFileName(title, svg ? QStringLiteral("chart.svg") : QStringLiteral("chart.png"),
                                     svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    const ImageCaption caption = chartCaption(m_captionCharts->isChecked());
    if (!(svg ? saveChartSvg(*view, path, &error, caption) : saveChartPng(*view, path, 2, &error, caption))) {
        QMessageBox::warning(m_window, tr("Cannot export the chart"), error);
        return;
    }
    m_window->statusBar()->showMessage(tr("Saved %1.").arg(QDir::toNativeSeparators(path)), 5000);
}

void ExportActions::exportGantt()
{
    GanttChart* gantt = m_window->timelineDock()->gantt();
    if (!m_window->session()->machine() || !m_window->timelineDock()->isVisible()) {
        QMessageBox::information(m_window, tr("Cannot export the Gantt chart"),
                                 tr("Open a database with a machine and show the Timeline dock (View menu) first."));
        return;
    }
    const QString machine = QString::fromStdString(m_window->session()->machine()->record.name);
    const QString path
        = askFileName(tr("Export Gantt as PNG"), QStringLiteral("%1-gantt.png").arg(machine), tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool caption = m_captionCharts->isChecked();
    if (!saveGanttPng(*gantt, path, &error, ganttCaption(caption, caption))) {
        QMessageBox::warning(m_window, tr("Cannot export the Gantt chart"), error);
        return;
    }
    m_window->statusBar()->showMessage(tr("Saved %1.").arg(QDir::toNativeSeparators(path)), 5000);
}

void ExportActions::exportSweepCsv()
{
    const ChartsDock* dock = m_window->chartsDock();
    if (!dock->isVisible() || dock->sweepData().runs == 0)
        return;
    const QString path = askFileName(tr("Export Sweep Chart Data as CSV"), QStringLiteral("sweep-chart.csv"),
                                     tr("Comma-separated values (*.csv)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(sweepChartCsv(dock->sweepData()).toUtf8()) < 0
        || !file.commit()) {
        QMessageBox::warning(m_window, tr("Cannot export the chart's numbers"),
                             tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return;
    }
    m_window->statusBar()->showMessage(tr("Saved %1.").arg(QDir::toNativeSeparators(path)), 5000);
}

void ExportActions::exportTable(QTableView* table, const QString& what)
{
    if (!table || !table->model())
        return;
    const QString path
        = askFileName(tr("Export Table as CSV"), what + QStringLiteral(".csv"), tr("Comma-separated values (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTableCsv(*table->model(), path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot export the table"), error);
        return;
    }
    m_window->statusBar()->showMessage(
        tr("Saved %1 rows to %2.").arg(tableRows(*table->model())).arg(QDir::toNativeSeparators(path)), 5000);
}

ImageCaption ExportActions::viewCaption(bool title, bool legend) const
{
    ImageCaption caption;
    const ExplorerSession& session = *m_window->session();
    const MachineData* machine = session.machine();
    if (title && machine) {
        caption.title = QString::fromStdString(machine->record.name);
        caption.run = session.runName().isEmpty() ? QStringLiteral("logged") : session.runName();
        if (!session.comparedName().isEmpty())
            caption.run += tr(" (compared with %1)").arg(session.comparedName());
        caption.time = formatTime(session.time()) + QStringLiteral(" UTC");
    }
    if (legend && machine) {
        caption.legend = nodeLegend(*machine->topology);
        if (session.linksShown()) {
            const LinkLegend links = linkLegend(*machine, session.linkColorMode());
            for (const auto& [color, label] : links.swatches)
                caption.legend.push_back({QColor(color), label.isEmpty() ? label : tr("links: %1").arg(label)});
            for (QRgb color : links.scale)
                caption.scale.push_back(QColor(color));
            caption.scaleLow = links.scaleLow;
            caption.scaleHigh = links.scaleHigh;
            caption.scaleUnit = links.unit;
        }
    }
    return caption;
}

ImageCaption ExportActions::chartCaption(bool title) const
{
    ImageCaption caption;
    const ExplorerSession& session = *m_window->session();
    const MachineData* machine = session.machine();
    const ChartsDock* dock = m_window->chartsDock();
    if (!title || !machine)
        return caption;
    caption.title = QString::fromStdString(machine->record.name);
    // The runs the chart draws: the sweep chart its sweep's runs, the others the ticked ones.
    // None of the charts is of one moment: they span the runs' times, so no time is given.
    if (dock->currentChartView() == dock->chartView(ChartsDock::SweepChart)) {
        caption.run
            = dock->sweepTitle().isEmpty() ? tr("%n simulated runs", "", dock->sweepData().runs) : dock->sweepTitle();
    } else {
        QStringList names;
        for (const RunChoice& run : dock->runModel()->checkedRuns())
            names << run.name;
        caption.run = names.join(QStringLiteral(", "));
    }
    return caption;
}

ImageCaption ExportActions::ganttCaption(bool title, bool legend) const
{
    ImageCaption caption;
    const ExplorerSession& session = *m_window->session();
    const MachineData* machine = session.machine();
    const TimelineDock* timeline = m_window->timelineDock();
    if (title && machine) {
        caption.title = QString::fromStdString(machine->record.name);
        caption.run = session.runName().isEmpty() ? QStringLiteral("logged") : session.runName();
        caption.time = tr("%1 to %2 UTC (cursor at %3)")
                           .arg(formatTime(timeline->visibleFirst()), formatTime(timeline->visibleLast()),
                                formatTime(timeline->time()));
    }
    if (legend && machine)
        caption.legend = ganttLegend(timeline->gantt()->hasHighlightedJob());
    return caption;
}

void ExportActions::exportReport()
{
    if (!m_window->session()->machine())
        return;
    ReportDialog dialog(*m_window->session(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ReportRequest request = dialog.request(nullptr);
    QString error, done;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool written = writeReport(request, &error, &done);
    QApplication::restoreOverrideCursor();
    if (!written) {
        QMessageBox::warning(m_window, tr("Cannot export the report"), error);
        return;
    }
    m_window->statusBar()->showMessage(done, 8000);
}

} // namespace placement
