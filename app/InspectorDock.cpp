// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/InspectorDock.h"

#include "app/ExplorerSession.h"
#include "app/InspectionText.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "app/MachineData.h"
#include "app/WhatIfPanel.h"
#include "core/Allocator.h"
#include "core/CoreHoldings.h"
#include "core/MachineSpec.h"
#include "core/Occupancy.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "views/HistogramChart.h"

#include <QFrame>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace placement {
namespace {

QLabel* makeText()
{
    auto* label = new QLabel;
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return label;
}

/// Asks for room for the whole inspection (about 22 lines), not for what it held when the
/// window was first laid out.
class InspectionArea : public QScrollArea
{
public:
    QSize sizeHint() const override { return {QScrollArea::sizeHint().width(), 22 * fontMetrics().height()}; }
};

} // namespace

InspectorDock::InspectorDock(QWidget* parent)
    : QDockWidget(tr("Inspector"), parent)
    , m_jobText(makeText())
    , m_histogram(new HistogramChart)
    , m_jigsawText(makeText())
    , m_linksText(makeText())
    , m_machineText(makeText())
    , m_whatIf(new WhatIfPanel)
{
    setObjectName(QStringLiteral("inspectorDock"));
    m_histogram->setAxisTitle(tr("hops apart (switch-to-switch links)"));
    m_histogram->setToolTip(tr("Ordered pairs of the job's nodes by the hops between them"));
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_jobText);
    layout->addWidget(m_whatIf);
    layout->addWidget(m_histogram);
    layout->addWidget(m_jigsawText);
    layout->addWidget(m_linksText);
    auto* rule = new QFrame;
    rule->setFrameShape(QFrame::HLine);
    rule->setFrameShadow(QFrame::Sunken);
    layout->addWidget(rule);
    layout->addWidget(m_machineText);
    layout->addStretch(1);
    auto* scroll = new InspectionArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible)
            return;
        if (m_machineStale)
            refreshMachine();
        if (m_linksStale)
            refreshLinks();
    });
    showJob();
    showMachine();
}

InspectorDock::~InspectorDock() = default; // the trackers go first, waiting for their workers

bool InspectorDock::isBusy() const
{
    return m_pendingJob > 0 || m_pendingLinks > 0 || m_pendingMachine > 0 || m_whatIf->isBusy();
}

void InspectorDock::setMachine(std::shared_ptr<const MachineData> shared, const QString& databasePath,
                               JobMetricsCache* cache)
{
    m_placementWork.cancel();
    m_linkWork.cancel();
    m_machineWork.cancel();
    m_pendingJob = m_pendingLinks = m_pendingMachine = 0;
    m_machine = std::move(shared);
    const MachineData* machine = m_machine.get();
    if (!cache) {
        if (!m_ownCache)
            m_ownCache = new JobMetricsCache(this);
        cache = m_ownCache;
    }
    if (cache != m_cache) {
        disconnect(m_cacheConnection);
        m_cache = cache;
        m_cacheConnection = connect(m_cache, &JobMetricsCache::minimumAphUpdated, this, &InspectorDock::takeMinimumAph);
    }
    m_job = {};
    m_links = {};
    m_machineFacts = {};
    m_owners.clear();
    m_hasTime = false;
    m_topology.reset();
    m_policy.reset();
    m_policyName.clear();
    m_policyError.clear();
    if (machine) {
        m_machineKey = QString::fromStdString(machine->record.spec);
        // The workers get a machine of their own: the shown one may go while they run.
        m_topology = parseMachineSpec(machine->record.spec);
        if (machine->runId == 0) {
            m_policyName = "first-fit";
        } else {
            try {
                Store store = Store::openExisting(databasePath.toStdString());
                if (const std::optional<std::string> parameters = runParameters(store, machine->runId)) {
                    const AllocatorChoice choice = allocatorChoiceOfRun(*parameters);
                    m_policyName = choice.policy;
                    if (choice.order != "index")
                        m_policyName += ":" + choice.order;
                    m_policy = makeAllocator(*m_topology, choice);
                }
                if (m_policyName.empty())
                    m_policyError = "the run is no longer stored";
            } catch (const std::exception& error) {
                m_policyError = error.what();
            }
        }
    }
    showJob();
    showMachine();
    emit updated();
}

void InspectorDock::follow(ExplorerSession* session, JobMetricsCache* cache)
{
    connect(session, &ExplorerSession::machineChanged, this, [this, session, cache] {
        m_readingJobs = session->isReading();
        setMachine(session->sharedMachine(), session->databasePath(), cache);
        if (session->machine())
            setTime(session->time(), &session->owners());
    });
    connect(session, &ExplorerSession::timeChanged, this,
            [this, session](std::int64_t time) { setTime(time, &session->owners()); });
    connect(session, &ExplorerSession::selectedJobChanged, this, &InspectorDock::setJob);
    m_whatIf->follow(session);
}

void InspectorDock::setTime(std::int64_t time, const std::vector<int>* owners)
{
    if (!m_machine)
        return;
    m_time = time;
    m_hasTime = true;
    m_owners = owners && owners->size() == static_cast<size_t>(m_machine->topology->nodeCount())
        ? *owners
        : nodeOwnersAt(m_machine->jobs, m_machine->topology->nodeCount(), time);
    // Nodes allocated to a running job but idle (LaaS's whole leaves) are not free.
    for (size_t job = 0; job < m_machine->holdings.size(); ++job)
        if (m_machine->jobs[job].runsAt(time))
            for (int node : m_machine->holdings[job].idleNodes)
                m_owners[static_cast<size_t>(node)] = static_cast<int>(job);
    m_machineWork.cancel(); // the probe still running stops early
    m_pendingMachine = 0;
    m_machineStale = true;
    if (isVisible())
        refreshMachine();
    // The jobs beside the selected one changed if it runs now (else the inspector looks at
    // its start and nothing changed).
    if (m_job.job >= 0 && (m_links.time != time || !m_links.done)
        && m_machine->jobs[static_cast<size_t>(m_job.job)].runsAt(time)) {
        m_linksStale = true;
        if (isVisible())
            refreshLinks();
    }
}

void InspectorDock::setJob(int jobIndex)
{
    if (!m_machine || jobIndex < 0 || static_cast<size_t>(jobIndex) >= m_machine->jobs.size())
        jobIndex = -1;
    if (jobIndex == m_job.job)
        return; // selecting a row and highlighting its job both say so
    m_placementWork.cancel();
    m_pendingJob = 0;
    m_job = {};
    m_job.job = jobIndex;
    m_links = {};
    if (jobIndex >= 0)
        refreshJob();
    m_linkWork.cancel();
    m_pendingLinks = 0;
    m_linksStale = jobIndex >= 0;
    if (m_linksStale && isVisible())
        refreshLinks();
    showJob();
    emit updated();
}

void InspectorDock::refreshJob()
{
    const Job& job = m_machine->jobs[static_cast<size_t>(m_job.job)];
    if (job.nodes.empty())
        return;
    const int size = static_cast<int>(job.nodes.size());
    double known = std::numeric_limits<double>::quiet_NaN();
    if (const auto table = m_cache->minimumAph(m_machineKey); table && static_cast<size_t>(size) < table->size())
        known = (*table)[static_cast<size_t>(size)];
    m_job.minimumAph = known;
    // The cache computes the minimum on a worker of its own and says so (takeMinimumAph()).
    const bool askMinimum = std::isnan(known) && size <= m_topology->nodeCount();
    m_pendingJob = askMinimum ? 2 : 1;
    m_placementWork.startJob(
        [topology = m_topology, nodes = job.nodes.toVector()](const JobControl&) {
            PlacementAnalyzer analyzer(*topology);
            InspectedJob result;
            try {
                result = inspectPlacement(analyzer, nodes);
            } catch (const std::invalid_argument&) {
                result.placementDone = true; // a node list the machine refuses: nothing to show
            }
            return result;
        },
        [this](InspectedJob result) {
            result.job = m_job.job;
            result.minimumAph = m_job.minimumAph;
            m_job = std::move(result);
            --m_pendingJob;
            showJob();
            emit updated();
        });
    if (askMinimum)
        m_cache->requestMinimumAph(m_machineKey, m_topology, size);
}

void InspectorDock::takeMinimumAph(const QString& machineKey)
{
    if (!m_machine || machineKey != m_machineKey || m_job.job < 0 || !std::isnan(m_job.minimumAph))
        return;
    const size_t size = m_machine->jobs[static_cast<size_t>(m_job.job)].nodes.size();
    const auto table = m_cache->minimumAph(m_machineKey);
    if (size == 0 || !table || size >= table->size() || std::isnan((*table)[size]))
        return;
    m_job.minimumAph = (*table)[size];
    --m_pendingJob;
    showJob();
    emit updated();
}

std::vector<RunningJob> InspectorDock::runningAt(std::int64_t time, int except) const
{
    std::vector<RunningJob> running;
    const std::vector<Job>& jobs = m_machine->jobs;
    for (size_t index = 0; index < jobs.size(); ++index)
        if (static_cast<int>(index) != except && jobs[index].runsAt(time) && !jobs[index].nodes.empty())
            running.push_back(
                {static_cast<int>(index), jobs[index].nodes.toVector(),
                 index < m_machine->holdings.size() ? m_machine->holdings[index].idleNodes : std::vector<int>{},
                 index < m_machine->holdings.size() ? m_machine->holdings[index].links : std::vector<int>{}});
    return running;
}

void InspectorDock::refreshLinks()
{
    m_linksStale = false;
    m_linkWork.cancel();
    m_pendingLinks = 0;
    if (m_job.job < 0)
        return;
    const Job& job = m_machine->jobs[static_cast<size_t>(m_job.job)];
    if (job.nodes.empty())
        return;
    // The jobs beside it now if it runs at the cursor, else those it started among.
    const std::int64_t time = m_hasTime && job.runsAt(m_time) ? m_time : job.start;
    m_links = {};
    m_links.time = time;
    m_pendingLinks = 1;
    m_linkWork.startJob(
        [topology = m_topology, nodes = job.nodes.toVector(), others = runningAt(time, m_job.job),
         time](const JobControl&) {
            InspectedLinks result;
            try {
                result = inspectLinks(*topology, nodes, others, routeBudget);
            } catch (const std::invalid_argument&) {
                result.done = true; // no route between two nodes: nothing to show
            }
            result.time = time;
            return result;
        },
        [this](InspectedLinks result) {
            m_links = std::move(result);
            --m_pendingLinks;
            showJob();
            emit updated();
        });
}

void InspectorDock::refreshMachine()
{
    m_machineStale = false;
    m_machineWork.cancel();
    m_pendingMachine = 0;
    if (!m_machine || !m_hasTime)
        return;
    m_machineFacts = inspectMachine(*m_machine->topology, m_owners, m_machine->jobs, m_time);
    m_machineFacts.policy = m_policyName;
    if (m_machine->countsCores()) {
        const HeldAt held = heldAt(m_machine->jobs, m_machine->jobHoldings, m_machine->topology->nodeCount(),
                                   m_machine->resources, m_time);
        m_machineFacts.cores = m_machine->resources.totalCores();
        m_machineFacts.gpus = m_machine->resources.totalGpus();
        if (m_machineFacts.cores > 0 && held.jobsWithoutCores == 0)
            m_machineFacts.freeCores = m_machineFacts.cores - held.cores;
        if (m_machineFacts.gpus > 0 && held.jobsWithGpus == held.jobs)
            m_machineFacts.freeGpus = m_machineFacts.gpus - held.gpus;
    }
    if (m_machine->runId == 0) {
        // The logged placements have no policy of record: first-fit in index order places
        // any N free nodes.
        m_machineFacts.largestPlaceable = m_machineFacts.freeNodes;
    } else if (!m_policy) {
        m_machineFacts.placeableNote = m_policyError;
    } else {
        m_pendingMachine = 1;
        struct Answer
        {
            PlaceableSearch search;
            std::string note;
        };
        m_machineWork.startJob(
            [policy = m_policy, topology = m_topology, running = runningAt(m_time, -1)](const JobControl& control) {
                // Stop trying sizes when the cursor has moved on (the job is superseded), or
                // after a few seconds (then the answer is a lower bound).
                const auto deadline = std::chrono::steady_clock::now() + placeableBudget;
                const auto stop = [&] { return control.isCancelled() || std::chrono::steady_clock::now() > deadline; };
                bool linksIgnored = false;
                Answer answer;
                answer.search.largest = -1;
                try {
                    answer.search = largestPlaceableNow(*policy, *topology, running, linksIgnored, stop);
                } catch (const std::exception& error) {
                    answer.note = error.what();
                }
                if (linksIgnored)
                    answer.note = "LC+S runs do not store the bandwidth each job takes on its links: counted free";
                return answer;
            },
            [this](Answer answer) {
                m_machineFacts.largestPlaceable = answer.search.largest;
                m_machineFacts.placeableExact = answer.search.exact;
                m_machineFacts.placeableNote = answer.note;
                --m_pendingMachine;
                showMachine();
                emit updated();
            });
    }
    showMachine();
    emit updated();
}

void InspectorDock::showJob()
{
    if (!m_machine || m_job.job < 0) {
        m_jobText->setText(tr("<b>Selected job</b><br>Select a job in the table or click a node in the view."));
        m_histogram->hide();
        m_jigsawText->hide();
        m_linksText->hide();
        return;
    }
    const Job& job = m_machine->jobs[static_cast<size_t>(m_job.job)];
    const PlacementMetrics& m = m_job.metrics;
    m_jobText->setText(jobPlacementText(job, m_job));
    m_histogram->setCounts(m_job.hopHistogram);
    m_histogram->setVisible(m_job.placementDone && m.nodes > 1);

    m_jigsawText->setVisible(m_job.jigsaw.has_value());
    if (m_job.jigsaw)
        m_jigsawText->setText(jigsawText(*m_job.jigsaw));

    m_linksText->setVisible(!job.nodes.empty());
    // The jobs it shares nodes with, and the cores and GPUs left on them (docs/importing.md,
    // "Cores and GPUs"), before the links it shares: below the hop histogram's caption and
    // bars, not between them.
    const QString colocated = m_hasTime ? colocatedText(*m_machine, m_job.job, m_time) : QString();
    m_linksText->setText((colocated.isEmpty() ? QString() : colocated.mid(4) + QStringLiteral("<br><br>"))
                         + linksText(m_links, m_machine->jobs, routeBudget));
}

void InspectorDock::showMachine()
{
    if (!m_machine || !m_hasTime) {
        m_machineText->setText(m_readingJobs ? tr("<b>Machine at the cursor</b><br>Its jobs are being read.")
                                             : tr("<b>Machine at the cursor</b><br>No machine shown."));
        return;
    }
    if (m_machine->hasNoNodeLists()) { // every node looks free: say why instead
        m_machineText->setText(tr("<b>Machine at %1 UTC</b><br>%2")
                                   .arg(formatTime(m_time), missingPlacementsText(*m_machine).toHtmlEscaped()));
        return;
    }
    m_machineText->setText(m_machineStale ? tr("<b>Machine at %1 UTC</b><br>Computing…").arg(formatTime(m_time))
                                          : machineText(m_machineFacts, m_pendingMachine > 0));
}

} // namespace placement
