// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

// What the main window says in words: the machine summary, the status bar, node tooltips
// and the job metrics line (the rest of MainWindow is in MainWindow.cpp).

#include "app/ChartDataLoader.h"
#include "app/ChartsDock.h"
#include "app/ComparePane.h"
#include "app/ExportActions.h"
#include "app/ImportDialog.h"
#include "app/InspectionText.h"
#include "app/InspectorDock.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "app/JobsDock.h"
#include "app/MainWindow.h"
#include "app/RecentFiles.h"
#include "app/RunTableModel.h"
#include "app/SimulateDialog.h"
#include "app/SlurmImportDialog.h"
#include "app/TaskListDock.h"
#include "app/TimelineDock.h"
#include "app/WhatIfPanel.h"
#include "core/CoreHoldings.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace placement {

QString MainWindow::jobMetricsText(int jobIndex) const
{
    const MachineData& machine = *m_session->machine();
    const Job& job = machine.jobs[static_cast<size_t>(jobIndex)];
    if (job.nodes.empty())
        return {};
    PlacementAnalyzer& analyzer = *machine.analyzer;
    // The job table's cache has it, or soon will: the inspector asks it for the selected job.
    double minimum = std::numeric_limits<double>::quiet_NaN();
    const size_t size = job.nodes.size();
    if (const auto table = m_jobsDock->metricsCache()->minimumAph(QString::fromStdString(machine.record.spec));
        table && size < table->size())
        minimum = (*table)[size];
    PlacementMetrics m;
    try {
        m = analyzer.measure(job.nodes);
    } catch (const std::invalid_argument& error) {
        return tr("<b>Job %1</b><br>%2")
            .arg(QString::fromStdString(job.id).toHtmlEscaped(), QString::fromUtf8(error.what()).toHtmlEscaped());
    }
    QString text
        = tr("<b>Job %1</b> (%2), %3 nodes<br>"
             "APH %4 hops (minimum for %3 nodes: %5)<br>"
             "<small>switch-to-switch links; +2 counting node links</small><br>")
              .arg(QString::fromStdString(job.id).toHtmlEscaped(), QString::fromStdString(job.user).toHtmlEscaped())
              .arg(m.nodes)
              .arg(m.aph, 0, 'f', 2)
              .arg(std::isnan(minimum) ? tr("computing…") : QString::number(minimum, 'f', 2));
    if (m.routers >= 0)
        text += tr("%1 partitions on %2 routers<br>").arg(m.partitions).arg(m.routers);
    else
        text += tr("%1 leaves in %2 pods; lowest common switch level %3<br>")
                    .arg(m.leaves)
                    .arg(m.pods)
                    .arg(m.lowestCommonLevel);
    return text
        + tr("Spread %1 (node %2 to %3)")
              .arg(m.spread)
              .arg(*std::min_element(job.nodes.begin(), job.nodes.end()))
              .arg(*std::max_element(job.nodes.begin(), job.nodes.end()));
}

namespace {

/// "Cores: 76 of 80 held, 4 free" and the same for GPUs, for a node the jobs `holding`
/// (indices into machine.jobs) hold; empty where the node's cores are unknown.
QString nodeResourcesText(const MachineData& machine, int node, const std::vector<int>& holding)
{
    const auto at = static_cast<size_t>(node);
    QString text;
    const int cores = at < machine.resources.cores.size() ? machine.resources.cores[at] : -1;
    if (cores > 0) {
        int held = 0;
        bool known = true;
        for (const int index : holding) {
            const int here = machine.coresOn(static_cast<size_t>(index), node);
            known = known && here >= 0;
            held += here;
        }
        text += known ? QObject::tr("<br>Cores: %1 of %2 held, %3 free").arg(held).arg(cores).arg(cores - held)
                      : QObject::tr("<br>Cores: %1 (a job here does not say how many it holds)").arg(cores);
    }
    const int gpus = at < machine.resources.gpus.size() ? machine.resources.gpus[at] : -1;
    if (gpus > 0) {
        int held = 0;
        bool known = true;
        for (const int index : holding) {
            const int here = machine.gpusOn(static_cast<size_t>(index), node);
            known = known && here >= 0;
            held += here;
        }
        text += known ? QObject::tr("<br>GPUs: %1 of %2 held, %3 free").arg(held).arg(gpus).arg(gpus - held)
                      : QObject::tr("<br>GPUs: %1 (a job here does not say how many it holds on it)").arg(gpus);
    }
    return text;
}

} // namespace

QString MainWindow::nodeToolTip(int node) const
{
    const MachineData* machine = m_session->machine();
    const std::vector<int>& owners = m_session->owners();
    const std::int64_t time = m_session->time();
    if (!machine || node < 0 || node >= machine->topology->nodeCount())
        return {};
    QString text = tr("<b>%1</b><br>%2")
                       .arg(QString::fromStdString(machine->nodeName(node)).toHtmlEscaped(),
                            QString::fromStdString(machine->topology->nodeLocation(node)).toHtmlEscaped());
    const int owner = static_cast<size_t>(node) < owners.size() ? owners[static_cast<size_t>(node)] : -1;
    if (owner >= 0) {
        const std::vector<int> holding = jobsHoldingAt(machine->jobs, node, time);
        if (holding.size() > 1)
            text += tr("<br>Shared by %1 jobs:").arg(holding.size());
        for (const int index : holding) {
            const Job& job = machine->jobs[static_cast<size_t>(index)];
            text += tr("<br>Job %1 (%2), %3 nodes")
                        .arg(QString::fromStdString(job.id).toHtmlEscaped(),
                             QString::fromStdString(job.user).toHtmlEscaped())
                        .arg(job.nodes.size());
            const int cores = machine->coresOn(static_cast<size_t>(index), node);
            if (cores >= 0)
                text += cores == 1 ? tr(", 1 core here") : tr(", %1 cores here").arg(cores);
        }
        text += nodeResourcesText(*machine, node, holding);
    } else {
        const auto held = std::find_if(machine->holdings.begin(), machine->holdings.end(), [&](const RunHoldings& h) {
            const auto index = &h - machine->holdings.data();
            return machine->jobs[static_cast<size_t>(index)].runsAt(time)
                && std::binary_search(h.idleNodes.begin(), h.idleNodes.end(), node);
        });
        text += held == machine->holdings.end()
            ? tr("<br>Idle")
            : tr("<br>Allocated to job %1 but unused (whole leaves)")
                  .arg(QString::fromStdString(machine->jobs[static_cast<size_t>(held - machine->holdings.begin())].id)
                           .toHtmlEscaped());
    }
    return text;
}

void MainWindow::updateSummary()
{
    const MachineData* machine = m_session->machine();
    if (!machine)
        return;
    const NodeOccupancy& occupancy = m_session->occupancy();
    const std::int64_t time = m_session->time();
    const int selected = m_session->selectedJob();
    const Topology& topology = *machine->topology;
    const int nodeCount = topology.usableNodeCount(); // empty slots are no nodes
    // Every job running at the cursor (the job table's count), and every busy node once
    // however many jobs share it (docs/importing.md, "Jobs that share nodes").
    const int running = occupancy.runningJobs;
    const int busy = occupancy.busyNodes;
    const double percent = nodeCount ? 100.0 * busy / nodeCount : 0;
    const QString shared
        = occupancy.sharedNodes ? tr(", %1 shared by several jobs").arg(occupancy.sharedNodes) : QString();
    const QString jobsRunning = running == 1 ? tr("1 job running") : tr("%1 jobs running").arg(running);
    // A log without node lists says how many jobs ran, not where: no node is known busy.
    const QString nodesBusy = machine->hasNoNodeLists()
        ? tr("nodes busy unknown (no node lists)")
        : tr("%1 of %2 nodes busy (%3%)%4").arg(busy).arg(nodeCount).arg(percent, 0, 'f', 1).arg(shared);
    // Cores and GPUs held, where the machine's description or the log says (docs/importing.md,
    // "Cores and GPUs"): the same count as placement info --at.
    QString coresHeld;
    if (machine->countsCores()) {
        const HeldAt held = heldAt(machine->jobs, machine->jobHoldings, nodeCount, machine->resources, time);
        // Where no running job says what it holds (a run by whole nodes, a log without
        // counts), the count is unknown, not zero; where some do not, it says how many.
        const std::int64_t cores = machine->resources.totalCores();
        if (cores > 0 && held.jobs > 0 && held.jobsWithoutCores == held.jobs)
            coresHeld += tr(" · cores held unknown");
        else if (cores > 0)
            coresHeld += tr(" · %1 of %2 cores held (%3%)")
                             .arg(held.cores)
                             .arg(cores)
                             .arg(100.0 * coreUtilization(held, machine->resources), 0, 'f', 1)
                + (held.jobsWithoutCores ? tr(", %1 jobs without a core count").arg(held.jobsWithoutCores) : QString());
        const std::int64_t gpus = machine->resources.totalGpus();
        if (gpus > 0 && held.jobs > 0 && held.jobsWithGpus == 0)
            coresHeld += tr(" · GPUs held unknown");
        else if (gpus > 0)
            coresHeld += tr(" · %1 of %2 GPUs held (%3%)")
                             .arg(held.gpus)
                             .arg(gpus)
                             .arg(100.0 * gpuUtilization(held, machine->resources), 0, 'f', 1);
    }
    m_statusTime->setText(tr("%1 UTC · %2 · %3%4").arg(formatTime(time), jobsRunning, nodesBusy, coresHeld));
    m_summary->setText(tr("<b>%1</b><br>%2<br>%11<br><br>%3 jobs from %4 to %5 UTC<br><br>"
                          "<b>At %6 UTC</b><br>%7 jobs running<br>%8 of %9 nodes busy (%10%)%12")
                           .arg(QString::fromStdString(machine->record.name).toHtmlEscaped(),
                                QString::fromStdString(topology.describe()).toHtmlEscaped())
                           .arg(machine->jobs.size())
                           .arg(formatTime(machine->firstTime), formatTime(machine->lastTime), formatTime(time))
                           .arg(running)
                           .arg(busy)
                           .arg(nodeCount)
                           .arg(percent, 0, 'f', 1)
                           .arg(machine->runId ? tr("Simulated run <i>%1</i>").arg(currentRunName().toHtmlEscaped())
                                               : tr("Logged placements"))
                           .arg(shared)
                       + QString(coresHeld).replace(QStringLiteral(" · "), QStringLiteral("<br>"))
                       + (selected >= 0 ? QStringLiteral("<br><br>") + jobMetricsText(selected) : QString()));
}

} // namespace placement
