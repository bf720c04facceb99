// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/WhatIfPanel.h"

#include "app/ExplorerSession.h"
#include "app/JobTableModel.h"
#include "app/JobTracker.h"
#include "app/MachineData.h"
#include "core/AllocatorFactory.h"
#include "services/WhatIf.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {
namespace {

QString nodeList(const MachineData& machine, const std::vector<int>& nodes)
{
    constexpr size_t shown = 12;
    QStringList names;
    for (size_t i = 0; i < nodes.size() && i < shown; ++i) {
        const int node = nodes[i];
        names << QString::fromStdString(static_cast<size_t>(node) < machine.nodeNames.size()
                                            ? machine.nodeNames[static_cast<size_t>(node)]
                                            : machine.topology->nodeName(node));
    }
    if (nodes.size() > shown)
        names << QObject::tr("… (%1 in all)").arg(nodes.size());
    return names.join(QStringLiteral(", ")).toHtmlEscaped();
}

QString metricRow(const QString& name, const QString& logged, const QString& policy)
{
    return QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
        .arg(name, logged, policy);
}

} // namespace

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent)
    , m_policyBox(new QComboBox(this))
    , m_text(new QLabel(this))
    , m_work(std::make_unique<JobTracker>(this))
{
    m_policyBox->setObjectName(QStringLiteral("whatIfPolicyBox"));
    m_policyBox->setToolTip(tr("Where this policy would have placed the selected job when it started, given the "
                               "nodes the run's other jobs held then (as placement whatif)"));
    m_policyBox->addItem(tr("(none)"), QString());
    for (const AllocatorPolicyInfo& info : allocatorPolicies())
        m_policyBox->addItem(QString::fromLatin1(info.name), QString::fromLatin1(info.name));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("&What if:"), this);
    label->setBuddy(m_policyBox);
    row->addWidget(label);
    row->addWidget(m_policyBox, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_text);
    showAnswer();
}

WhatIfPanel::~WhatIfPanel()
{
    m_work.reset(); // the worker answers to members
}

void WhatIfPanel::follow(ExplorerSession* session)
{
    m_session = session;
    connect(m_policyBox, &QComboBox::currentIndexChanged, session,
            [this, session] { session->setWhatIfPolicy(m_policyBox->currentData().toString()); });
    connect(session, &ExplorerSession::whatIfPolicyChanged, this, [this](const QString& policy) {
        m_policyBox->setCurrentIndex(std::max(0, m_policyBox->findData(policy)));
        refresh();
    });
    connect(session, &ExplorerSession::machineChanged, this, &WhatIfPanel::refresh);
    connect(session, &ExplorerSession::selectedJobChanged, this, &WhatIfPanel::refresh);
    refresh();
}

std::vector<int> WhatIfPanel::chosenNodes() const
{
    if (!m_inspected.done || !m_inspected.error.empty())
        return {};
    return m_inspected.decision.chosen;
}

QString WhatIfPanel::text() const
{
    return m_text->text();
}

void WhatIfPanel::refresh()
{
    m_work->cancel(); // the replay still running stops early
    m_pending = false;
    m_inspected = {};
    m_machine = m_session ? m_session->sharedMachine() : nullptr;
    const int job = m_session ? m_session->selectedJob() : -1;
    const std::string policy = m_session ? m_session->whatIfPolicy().toStdString() : std::string();
    if (!m_machine || job < 0 || policy.empty() || m_machine->jobs[static_cast<size_t>(job)].nodes.empty()) {
        showAnswer();
        return emit changed();
    }
    m_inspected.job = job;
    m_inspected.policy = policy;
    m_pending = true;
    m_work->startJob(
        [machine = m_machine, job, policy](const JobControl& control) {
            InspectedWhatIf answer;
            answer.job = job;
            answer.policy = policy;
            try {
                // A machine of the worker's own: the shown one is read by the GUI meanwhile.
                answer.decision = whatIfForOneJob(machine->record.spec, machine->jobs, machine->holdings, policy, job,
                                                  &control.cancelFlag());
            } catch (const WhatIfStopped&) {
                return answer; // another question was asked meanwhile: dropped
            } catch (const std::exception& error) {
                answer.error = error.what();
            }
            answer.done = true;
            return answer;
        },
        [this](InspectedWhatIf answer) {
            m_inspected = std::move(answer);
            m_pending = false;
            showAnswer();
            emit changed();
        });
    showAnswer();
    emit changed();
}

void WhatIfPanel::showAnswer()
{
    const InspectedWhatIf& w = m_inspected;
    if (w.job < 0) {
        m_text->setText(m_policyBox->currentIndex() > 0
                            ? tr("<i>Select a job that ran to see where the policy would have placed it.</i>")
                            : tr("<i>Choose a policy to see where it would have placed the selected job.</i>"));
        return;
    }
    const Job& job = m_machine->jobs[static_cast<size_t>(w.job)];
    const QString policy = QString::fromStdString(w.policy).toHtmlEscaped();
    QString text = tr("<b>What if %1 had placed job %2</b> at its start, %3 UTC:<br>")
                       .arg(policy, QString::fromStdString(job.id).toHtmlEscaped(), formatTime(job.start));
    if (!w.done) {
        m_text->setText(text + tr("<i>computing…</i>"));
        return;
    }
    if (!w.error.empty()) {
        m_text->setText(
            text + tr("%1 cannot be asked here: %2").arg(policy, QString::fromStdString(w.error).toHtmlEscaped()));
        return;
    }
    const WhatIfDecision& d = w.decision;
    if (!d.placed) {
        m_text->setText(
            text
            + tr("it would have found no room for the job's %n node(s).", nullptr, static_cast<int>(job.nodes.size())));
        return;
    }
    std::vector<int> shared;
    std::set_intersection(d.chosen.begin(), d.chosen.end(), job.nodes.begin(), job.nodes.end(),
                          std::back_inserter(shared));
    text += d.same ? tr("<b>the same nodes</b> as logged.")
                   : tr("<b>other nodes</b> than logged (%1 of %2 in common), outlined in orange in the view.")
                         .arg(shared.size())
                         .arg(job.nodes.size());
    text += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th></th><th align=right>%1</th>"
                           "<th align=right>%2</th></tr>")
                .arg(tr("logged"), policy);
    text += metricRow(tr("APH"), QString::number(d.logged.aph, 'f', 2), QString::number(d.policy.aph, 'f', 2));
    text += metricRow(tr("partitions"), QString::number(d.logged.partitions), QString::number(d.policy.partitions));
    if (d.logged.leaves >= 0)
        text += metricRow(tr("leaves"), QString::number(d.logged.leaves), QString::number(d.policy.leaves));
    if (d.logged.routers >= 0)
        text += metricRow(tr("routers"), QString::number(d.logged.routers), QString::number(d.policy.routers));
    text += QStringLiteral("</table>");
    if (!d.same)
        text += tr("%1's nodes: %2").arg(policy, nodeList(*m_machine, d.chosen));
    if (d.ambiguous)
        text += QStringLiteral("<br><small>")
            + tr("Another job ended in the second this one started: the scheduler may still have seen its nodes "
                 "busy, which no log says.")
            + QStringLiteral("</small>");
    m_text->setText(text);
}

} // namespace placement
