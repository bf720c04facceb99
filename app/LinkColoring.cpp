// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/LinkColoring.h"

#include "app/MachineData.h"
#include "core/DragonflyTopology.h"
#include "core/FatTreeTopology.h"
#include "core/NetworkLayout.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"

#include <QStringList>

#include <algorithm>

namespace placement {
namespace {

constexpr QRgb UnusedLink = unusedLinkColor();

QRgb dim(QRgb color)
{
    return qRgba(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34, 255);
}

std::vector<int> runningJobs(const std::vector<int>& owners, size_t jobCount)
{
    std::vector<char> seen(jobCount, 0);
    std::vector<int> jobs;
    for (int owner : owners)
        if (owner >= 0 && static_cast<size_t>(owner) < jobCount && !seen[static_cast<size_t>(owner)]) {
            seen[static_cast<size_t>(owner)] = 1;
            jobs.push_back(owner);
        }
    return jobs;
}

} // namespace

LinkColorMode defaultLinkColorMode(const MachineData& machine)
{
    const bool owned = std::any_of(machine.holdings.begin(), machine.holdings.end(),
                                   [](const RunHoldings& holds) { return !holds.links.empty(); });
    return owned ? LinkColorMode::Owner : LinkColorMode::Users;
}

LinkLegend linkLegend(const MachineData& machine, LinkColorMode mode)
{
    LinkLegend legend;
    switch (mode) {
    case LinkColorMode::Owner:
        legend.swatches = {{jobColor(0), QString()},
                           {jobColor(1), QObject::tr("link owned by a job (its colour)")},
                           {UnusedLink, QObject::tr("not owned")}};
        break;
    case LinkColorMode::Users:
        legend.swatches = {{linkUsersColor(0), QObject::tr("no job")},
                           {linkUsersColor(1), QObject::tr("1 job")},
                           {linkUsersColor(2), QObject::tr("2 jobs")},
                           {linkUsersColor(3), QObject::tr("3 or more jobs can use the link")}};
        break;
    case LinkColorMode::Bandwidth: {
        double low = 0, high = 0;
        bool first = true;
        for (const Link& link : machine.topology->links())
            if (link.exists()) {
                low = first ? link.bandwidth : std::min(low, link.bandwidth);
                high = first ? link.bandwidth : std::max(high, link.bandwidth);
                first = false;
            }
        for (double t : {0.0, 0.5, 1.0})
            legend.scale.push_back(
                qRgb(static_cast<int>(40 + t * 215), static_cast<int>(70 + t * 170), static_cast<int>(150 - t * 40)));
        legend.scaleLow = QString::number(low, 'g', 4);
        legend.scaleHigh = QString::number(high, 'g', 4);
        legend.unit = QObject::tr("GB/s link bandwidth");
        break;
    }
    }
    return legend;
}

QRgb linkUsersColor(int users)
{
    switch (users) {
    case 0: return UnusedLink;
    case 1: return qRgba(88, 196, 120, 255);
    case 2: return qRgba(240, 176, 60, 255);
    default: return qRgba(232, 72, 64, 255);
    }
}

std::vector<QRgb> linkColors(const MachineData& machine, const std::vector<int>& owners, LinkColorMode mode,
                             int highlightedJob)
{
    const Topology& topology = *machine.topology;
    const std::vector<Link>& links = topology.links();
    std::vector<QRgb> colors(links.size(), UnusedLink);
    const std::vector<int> running = runningJobs(owners, machine.jobs.size());
    // Which links the highlighted job may use, to dim the rest.
    std::vector<char> mine;
    if (highlightedJob >= 0 && static_cast<size_t>(highlightedJob) < machine.jobs.size()) {
        mine.assign(links.size(), 0);
        for (int link : usableLinks(topology, machine.jobs[static_cast<size_t>(highlightedJob)].nodes))
            mine[static_cast<size_t>(link)] = 1;
        if (static_cast<size_t>(highlightedJob) < machine.holdings.size())
            for (int link : machine.holdings[static_cast<size_t>(highlightedJob)].links)
                mine[static_cast<size_t>(link)] = 1;
    }

    switch (mode) {
    case LinkColorMode::Owner:
        for (int job : running)
            if (static_cast<size_t>(job) < machine.holdings.size())
                for (int link : machine.holdings[static_cast<size_t>(job)].links)
                    if (static_cast<size_t>(link) < colors.size())
                        colors[static_cast<size_t>(link)] = jobColor(job);
        break;
    case LinkColorMode::Users: {
        std::vector<LinkUserCounter::RunningJob> jobs;
        jobs.reserve(running.size());
        for (int job : running)
            jobs.push_back({job, &machine.jobs[static_cast<size_t>(job)].nodes});
        if (!machine.linkUsers)
            machine.linkUsers = std::make_unique<LinkUserCounter>(topology);
        const std::vector<int>& users = machine.linkUsers->update(jobs);
        for (size_t link = 0; link < links.size(); ++link)
            colors[link] = linkUsersColor(users[link]);
        break;
    }
    case LinkColorMode::Bandwidth: {
        // The scale spans the cables that exist (placeholders have no bandwidth).
        double low = 0, high = 0;
        bool first = true;
        for (const Link& link : links)
            if (link.exists()) {
                low = first ? link.bandwidth : std::min(low, link.bandwidth);
                high = first ? link.bandwidth : std::max(high, link.bandwidth);
                first = false;
            }
        for (size_t link = 0; link < links.size(); ++link) {
            if (!links[link].exists())
                continue;
            const double t = high > low ? (links[link].bandwidth - low) / (high - low) : 1.0;
            // dark blue -> teal -> light yellow
            const int r = static_cast<int>(40 + t * 215), g = static_cast<int>(70 + t * 170),
                      b = static_cast<int>(150 - t * 40);
            colors[link] = qRgba(r, g, b, 255);
        }
        break;
    }
    }
    if (!mine.empty())
        for (size_t link = 0; link < links.size(); ++link)
            if (!mine[link])
                colors[link] = dim(colors[link]);
    return colors;
}

QString switchName(const MachineData& machine, int vertex)
{
    const Topology& topology = *machine.topology;
    const int index = vertex - topology.nodeCount();
    if (index < 0)
        return QString::fromStdString(machine.nodeName(vertex));
    if (const auto* tree = dynamic_cast<const FatTreeTopology*>(&topology)) {
        const int leavesPerPod = tree->leafCount() / std::max(1, tree->l2Count() / std::max(1, tree->l2PerPod()));
        if (index < tree->leafCount())
            return QObject::tr("leaf switch %1 (pod %2)").arg(index).arg(index / std::max(1, leavesPerPod));
        if (index < tree->leafCount() + tree->l2Count()) {
            const int l2 = index - tree->leafCount();
            return QObject::tr("L2 switch %1 of pod %2").arg(l2 % tree->l2PerPod()).arg(l2 / tree->l2PerPod());
        }
        return QObject::tr("spine %1").arg(index - tree->leafCount() - tree->l2Count());
    }
    if (const auto* dragonfly = dynamic_cast<const DragonflyTopology*>(&topology)) {
        const int local = index % dragonfly->routersPerGroup();
        if (dragonfly->shape().rows > 1)
            return QObject::tr("router %1 (row %2, column %3) of group %4")
                .arg(local)
                .arg(dragonfly->rowOf(index))
                .arg(dragonfly->columnOf(index))
                .arg(dragonfly->groupOfRouter(index));
        return QObject::tr("router %1 of group %2").arg(local).arg(dragonfly->groupOfRouter(index));
    }
    if (topology.kind() == TopologyKind::Torus) {
        const std::vector<Link>& links = topology.links();
        for (int node = 0; node < topology.nodeCount(); ++node)
            if (links[static_cast<size_t>(node)].b == vertex || links[static_cast<size_t>(node)].a == vertex) {
                const std::string location = topology.nodeLocation(node); // "router (x,y,z) ..."
                return QString::fromStdString(location.substr(0, location.find(')') + 1));
            }
    }
    return QObject::tr("switch %1").arg(index);
}

QString describeLink(const MachineData& machine, const std::vector<int>& owners, int link)
{
    const Topology& topology = *machine.topology;
    const Link& cable = topology.links()[static_cast<size_t>(link)];
    QString text = QObject::tr("<b>Link %1 – %2</b>")
                       .arg(switchName(machine, cable.a).toHtmlEscaped(), switchName(machine, cable.b).toHtmlEscaped());
    if (cable.bandwidth != 1.0)
        text += QObject::tr(" · %1 GB/s").arg(cable.bandwidth);
    const std::vector<int> running = runningJobs(owners, machine.jobs.size());
    for (int job : running)
        if (static_cast<size_t>(job) < machine.holdings.size()) {
            const std::vector<int>& held = machine.holdings[static_cast<size_t>(job)].links;
            if (std::binary_search(held.begin(), held.end(), link))
                text += QObject::tr("<br>Owned by job %1")
                            .arg(QString::fromStdString(machine.jobs[static_cast<size_t>(job)].id).toHtmlEscaped());
        }
    QStringList users;
    for (int job : running) {
        const std::vector<int> usable = usableLinks(topology, machine.jobs[static_cast<size_t>(job)].nodes);
        if (std::binary_search(usable.begin(), usable.end(), link))
            users << QString::fromStdString(machine.jobs[static_cast<size_t>(job)].id).toHtmlEscaped();
    }
    text += users.isEmpty()
        ? QObject::tr("<br>No running job can use it")
        : QObject::tr("<br>Usable by %n running job(s): %1", nullptr, static_cast<int>(users.size()))
              .arg(users.join(QStringLiteral(", ")));
    return text;
}

QString describeSwitch(const MachineData& machine, const std::vector<int>& owners, int vertex)
{
    const Topology& topology = *machine.topology;
    const std::vector<Link>& links = topology.links();
    std::vector<int> mine;
    for (size_t link = 0; link < links.size(); ++link)
        if ((links[link].a == vertex || links[link].b == vertex) && links[link].a >= topology.nodeCount()
            && links[link].b >= topology.nodeCount())
            mine.push_back(static_cast<int>(link));
    QStringList owning, using_;
    for (int job : runningJobs(owners, machine.jobs.size())) {
        const QString id = QString::fromStdString(machine.jobs[static_cast<size_t>(job)].id).toHtmlEscaped();
        const std::vector<int> usable = usableLinks(topology, machine.jobs[static_cast<size_t>(job)].nodes);
        const std::vector<int> none;
        const std::vector<int>& held = static_cast<size_t>(job) < machine.holdings.size()
            ? machine.holdings[static_cast<size_t>(job)].links
            : none;
        bool owns = false, uses = false;
        for (int link : mine) {
            owns = owns || std::binary_search(held.begin(), held.end(), link);
            uses = uses || std::binary_search(usable.begin(), usable.end(), link);
        }
        if (owns)
            owning << id;
        if (uses)
            using_ << id;
    }
    QString text = QObject::tr("<b>%1</b> · %n switch link(s)", nullptr, static_cast<int>(mine.size()))
                       .arg(switchName(machine, vertex).toHtmlEscaped());
    if (!owning.isEmpty())
        text += QObject::tr("<br>Jobs owning its links: %1").arg(owning.join(QStringLiteral(", ")));
    text += using_.isEmpty()
        ? QObject::tr("<br>No running job can use its links")
        : QObject::tr("<br>Jobs that can use its links: %1").arg(using_.join(QStringLiteral(", ")));
    return text;
}

} // namespace placement
