// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/InspectionText.h"

#include "app/JobTableModel.h"
#include "app/MachineData.h"
#include "core/Occupancy.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace placement {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("InspectorDock", text);
}

QString number(std::int64_t value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

/// "1 pod", "3 pods".
QString counted(std::int64_t n, const QString& one, const QString& many)
{
    return number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

/// "12, 8, 3 (×2), 1 (×5)": sizes largest first, repeats counted, at most `shown` groups.
QString fragmentList(const std::vector<int>& sizes, int shown = 8)
{
    QStringList groups;
    int others = 0;
    for (size_t at = 0; at < sizes.size();) {
        size_t next = at;
        while (next < sizes.size() && sizes[next] == sizes[at])
            ++next;
        const auto repeats = static_cast<int>(next - at);
        if (groups.size() < shown)
            groups << (repeats > 1 ? QStringLiteral("%1 (×%2)").arg(number(sizes[at])).arg(repeats)
                                   : number(sizes[at]));
        else
            others += repeats;
        at = next;
    }
    QString text = groups.join(QStringLiteral(", "));
    if (others > 0)
        text += tr(" and %1 smaller").arg(others);
    return text;
}

QString escaped(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

} // namespace

QString jobPlacementText(const Job& job, const InspectedJob& inspected)
{
    QString text
        = tr("<b>Job %1</b> (%2) · %3<br>")
              .arg(escaped(job.id), escaped(job.user),
                   job.nodes.empty() ? tr("nodes unknown")
                                     : counted(static_cast<std::int64_t>(job.nodes.size()), tr("node"), tr("nodes")));
    const PlacementMetrics& m = inspected.metrics;
    if (job.nodes.empty())
        return text + tr("The log names no nodes for this job: where it ran is unknown, nothing to inspect.");
    if (!inspected.placementDone)
        return text + tr("Computing…");
    text += tr("APH %1 hops").arg(m.aph, 0, 'f', 2);
    if (m.nodes < 2)
        text += tr(" (one node: no pairs)");
    else if (std::isnan(inspected.minimumAph))
        text += tr(" · minimum for %1 nodes: computing…").arg(number(m.nodes));
    else
        text += tr(" · minimum for %1 nodes %2 (%3%4%)")
                    .arg(number(m.nodes))
                    .arg(inspected.minimumAph, 0, 'f', 2)
                    .arg(m.aph >= inspected.minimumAph ? QStringLiteral("+") : QString())
                    .arg(inspected.minimumAph > 0 ? 100 * (m.aph - inspected.minimumAph) / inspected.minimumAph : 0.0,
                         0, 'f', 0);
    text += QStringLiteral("<br>");
    if (m.routers >= 0)
        text += tr("%1 on %2 · spread %3")
                    .arg(counted(m.partitions, tr("partition"), tr("partitions")),
                         counted(m.routers, tr("router"), tr("routers")))
                    .arg(m.spread);
    else
        text += tr("%1 (leaves) in %2 · lowest common switch level %3 · spread %4")
                    .arg(counted(m.partitions, tr("partition"), tr("partitions")),
                         counted(m.pods, tr("pod"), tr("pods")))
                    .arg(m.lowestCommonLevel)
                    .arg(m.spread);
    if (m.nodes > 1) {
        std::int64_t pairs = 0;
        for (std::int64_t count : inspected.hopHistogram)
            pairs += count;
        text += tr("<br>Node pairs by hops apart (%1 ordered pairs):").arg(number(pairs));
    }
    return text;
}

QString jigsawText(const JigsawVerdict& verdict)
{
    if (verdict.legal)
        return tr("Jigsaw (HPDC'21 §3.2): the nodes meet conditions (1)-(6)%1.")
            .arg(verdict.wholeLeavesAcrossTrees ? QString() : tr(", not Jigsaw's whole-leaf rule across trees"));
    return tr("Jigsaw (HPDC'21 §3.2): fails condition (%1): %2.")
        .arg(verdict.failedCondition)
        .arg(escaped(verdict.reason));
}

QString linksText(const InspectedLinks& links, const std::vector<Job>& jobs, std::int64_t routeBudget)
{
    if (!links.done)
        return tr("Links: computing…");
    if (links.skipped)
        return tr("Links: not analysed: %1 routes to follow, over the budget of %2.")
            .arg(number(links.routes), number(routeBudget));
    const QString when = formatTime(links.time);
    const QString view = links.model == LinkModel::TopologyAwareView ? tr("up-links of its leaves and pods")
                                                                     : tr("dimension-order routes");
    if (links.sharedWith.empty())
        return tr("Links: %1 link directions usable (%2), none shared with the jobs running at %3 UTC.")
            .arg(number(links.channels), view, when);
    QStringList names;
    for (size_t i = 0; i < links.sharedWith.size() && i < 6; ++i)
        names << QStringLiteral("%1 (%2)").arg(escaped(jobs[static_cast<size_t>(links.sharedWith[i].first)].id),
                                               number(links.sharedWith[i].second));
    if (links.sharedWith.size() > 6)
        names << tr("%1 more").arg(links.sharedWith.size() - 6);
    return tr("Links: %1 link directions usable (%2), %3 shared with %4 running at %5 UTC: %6.")
        .arg(number(links.channels), view, number(links.sharedChannels),
             counted(static_cast<std::int64_t>(links.sharedWith.size()), tr("job"), tr("jobs")), when,
             names.join(QStringLiteral(", ")));
}

QString machineText(const InspectedMachine& f, bool searching)
{
    QString text = tr("<b>Machine at %1 UTC</b><br>").arg(formatTime(f.time));
    text += tr("%1 of %2 nodes free").arg(number(f.freeNodes), number(f.nodes));
    if (f.freeNodes > 0)
        text += tr(" in %1: %2")
                    .arg(counted(static_cast<std::int64_t>(f.fragments.size()), tr("fragment"), tr("fragments")),
                         fragmentList(f.fragments));
    text += tr("<br>Longest run of free nodes in node order: %1").arg(number(f.longestFreeRun));
    const QString policy = escaped(f.policy);
    if (f.largestPlaceable >= 0)
        text += tr("<br>Largest job that could start now (%1): <b>%2%3 nodes</b>")
                    .arg(policy, f.placeableExact ? QString() : tr("at least "), number(f.largestPlaceable));
    else if (searching)
        text += tr("<br>Largest job that could start now (%1): computing…").arg(policy);
    else
        text += tr("<br>Largest job that could start now: unknown");
    if (!f.placeableNote.empty())
        text += QStringLiteral(" <small>(%1)</small>").arg(escaped(f.placeableNote));
    if (f.cores > 0)
        text += f.freeCores >= 0 ? tr("<br>%1 of %2 cores free").arg(number(f.freeCores), number(f.cores))
                                 : tr("<br>%1 cores; free cores unknown (a running job does not say how many it holds)")
                                       .arg(number(f.cores));
    if (f.gpus > 0)
        text += f.freeGpus >= 0
            ? tr("<br>%1 of %2 GPUs free").arg(number(f.freeGpus), number(f.gpus))
            : tr("<br>%1 GPUs; free GPUs unknown (a running job does not say how many it holds)").arg(number(f.gpus));
    text += f.waitingJobs > 0
        ? tr("<br>%1 idle while %2 wait")
              .arg(counted(f.freeNodes, tr("node"), tr("nodes")), counted(f.waitingJobs, tr("job"), tr("jobs")))
        : tr("<br>No job waiting");
    return text;
}

QString missingPlacementsText(const MachineData& machine)
{
    if (machine.hasNoNodeLists())
        return tr("This log has no node lists: where its %1 jobs ran is unknown, so no node is shown busy. "
                  "Their logged times and sizes are measured in the Runs and Charts docks (the logged run); a "
                  "simulated run places them.")
            .arg(number(static_cast<std::int64_t>(machine.jobs.size())));
    if (machine.jobsWithoutNodes > 0)
        return tr("%1 of %2 jobs have no node list in the log: they are not drawn.")
            .arg(number(machine.jobsWithoutNodes), number(static_cast<std::int64_t>(machine.jobs.size())));
    return {};
}

} // namespace placement

namespace placement {

QString colocatedText(const MachineData& machine, int jobIndex, std::int64_t time)
{
    if (jobIndex < 0 || static_cast<size_t>(jobIndex) >= machine.jobs.size())
        return {};
    const Job& job = machine.jobs[static_cast<size_t>(jobIndex)];
    if (!job.runsAt(time) || job.nodes.empty())
        return {};
    QStringList lines;
    std::int64_t freeCores = 0, freeGpus = 0;
    bool coresKnown = true, gpusKnown = true;
    int shared = 0;
    for (const int node : job.nodes) {
        const std::vector<int> holding = jobsHoldingAt(machine.jobs, node, time);
        QStringList others;
        int coresHeld = 0, gpusHeld = 0;
        for (const int other : holding) {
            const int cores = machine.coresOn(static_cast<size_t>(other), node);
            const int gpus = machine.gpusOn(static_cast<size_t>(other), node);
            coresKnown = coresKnown && cores >= 0;
            gpusKnown = gpusKnown && gpus >= 0;
            coresHeld += std::max(cores, 0);
            gpusHeld += std::max(gpus, 0);
            if (other == jobIndex)
                continue;
            const QString id = escaped(machine.jobs[static_cast<size_t>(other)].id);
            others << (cores >= 0 ? tr("%1 (%2)").arg(id, counted(cores, tr("core"), tr("cores"))) : id);
        }
        const auto at = static_cast<size_t>(node);
        const int cores = at < machine.resources.cores.size() ? machine.resources.cores[at] : -1;
        const int gpus = at < machine.resources.gpus.size() ? machine.resources.gpus[at] : -1;
        coresKnown = coresKnown && cores >= 0;
        gpusKnown = gpusKnown && gpus >= 0;
        freeCores += std::max(cores - coresHeld, 0);
        freeGpus += std::max(gpus - gpusHeld, 0);
        if (others.isEmpty())
            continue;
        ++shared;
        if (lines.size() < 8)
            lines << tr("%1: %2").arg(escaped(machine.nodeName(node)), others.join(QStringLiteral(", ")));
    }
    QString text;
    if (shared > 0) {
        text += tr("<br><b>Shares %1 of its %2 nodes</b> with jobs running now:")
                    .arg(number(shared), number(static_cast<std::int64_t>(job.nodes.size())));
        for (const QString& line : lines)
            text += QStringLiteral("<br>") + line;
        if (shared > lines.size())
            text += tr("<br>… and %1 more nodes").arg(number(shared - lines.size()));
    }
    if (machine.countsCores()) {
        text += coresKnown ? tr("<br>Free on its nodes: %1").arg(counted(freeCores, tr("core"), tr("cores")))
                           : tr("<br>Free cores on its nodes: unknown (a job there does not say how many it holds)");
        if (machine.resources.totalGpus() > 0)
            text += gpusKnown ? tr(", %1").arg(counted(freeGpus, tr("GPU"), tr("GPUs"))) : tr(", free GPUs unknown");
    }
    return text;
}

} // namespace placement
