// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobsDock.h"

#include "app/ExplorerSession.h"
#include "app/JobFilterBar.h"
#include "app/JobFilterModel.h"
#include "app/JobMetricsCache.h"
#include "app/JobTableModel.h"
#include "app/MachineData.h"
#include "app/MinimumAphFile.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {

JobsDock::JobsDock(QWidget* parent)
    : QDockWidget(tr("Jobs"), parent)
    , m_filterBar(new JobFilterBar)
    , m_model(new JobTableModel(this))
    , m_filter(new JobFilterModel(this))
    , m_table(new QTableView)
    , m_count(new QLabel)
    , m_cache(new JobMetricsCache(this))
{
    setObjectName(QStringLiteral("jobsDock"));
    m_cache->setDiskDirectory(MinimumAphFile::defaultDirectory());
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    m_table->setObjectName(QStringLiteral("jobTable"));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(JobTableModel::NodesColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // Widths from the first rows once per run and when metrics arrive, not from every row
    // on every change (ResizeToContents would measure again on each scroll of a long table).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setResizeContentsPrecision(200);
    // Compact rows (the style's are half as high again as the text), and room for 5 of them
    // whatever the docks beside it ask for: fewer leave no table to read.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 5 * m_table->verticalHeader()->defaultSectionSize()
                              + m_table->horizontalScrollBar()->sizeHint().height() + 2 * m_table->frameWidth());
    m_count->setObjectName(QStringLiteral("jobCount"));
    layout->addWidget(m_filterBar);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_count);
    setWidget(content);

    connect(m_filterBar, &JobFilterBar::criteriaChanged, this, [this](const JobFilterCriteria& criteria) {
        m_filter->setCriteria(criteria);
        updateCount();
    });
    connect(m_filterBar, &JobFilterBar::runningOnlyChanged, this, [this](bool runningOnly) {
        m_filter->setRunningOnly(runningOnly);
        updateCount();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                emit jobSelected(current.isValid() ? current.data(JobTableModel::JobIndexRole).toInt() : -1);
            });
    connect(m_cache, &JobMetricsCache::metricsReady, this, [this](const QString& key) {
        if (key == m_runKey)
            takeMetrics();
    });
    connect(m_cache, &JobMetricsCache::minimumAphUpdated, this, [this](const QString& key) {
        if (key == m_machineKey)
            m_model->setMinimumAph(m_cache->minimumAph(key));
        updateCount();
    });
    connect(m_cache, &JobMetricsCache::finished, this, &JobsDock::updateCount);
    connect(m_filter, &JobFilterModel::settled, this, [this] {
        // The session's job, shown again once the rows that hold it arrive, if the table
        // has fetched its row (else once scrolling fetches it).
        if (m_selectedJob >= m_model->rowCount())
            clearSelection(); // a job of the run before
        else
            showSelectedJob(false, true);
        updateCount();
    });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] { showSelectedJob(false, false); });
}

JobsDock::~JobsDock()
{
    m_cache->cancel();
    m_model->setJobs(nullptr);
}

int JobsDock::currentJob() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.data(JobTableModel::JobIndexRole).toInt() : -1;
}

void JobsDock::setMachine(std::shared_ptr<const MachineData> machine, const QString& databasePath)
{
    m_cache->cancel();
    m_model->setJobs(nullptr);
    m_machine = std::move(machine);
    const MachineData* shown = m_machine.get();
    if (!shown) {
        m_runKey.clear();
        m_machineKey.clear();
        m_model->setJobs(nullptr);
        updateCount();
        return;
    }
    const bool torus = shown->topology->kind() == TopologyKind::Torus;
    m_model->setJobs(&shown->jobs, &shown->labels, torus, &shown->nodeCounts, &shown->jobHoldings);
    for (int column = 0; column < JobTableModel::NumColumns; ++column)
        m_table->setColumnHidden(column, !m_model->columnApplies(column));
    int largest = 0;
    for (size_t i = 0; i < shown->jobs.size(); ++i)
        largest = std::max(largest, jobSize(shown->jobs, shown->nodeCounts, i));
    m_filterBar->setChoices(m_model->users(), m_model->states(), largest, shown->firstTime, shown->lastTime);

    m_runKey = QStringLiteral("%1#%2#%3").arg(databasePath).arg(shown->record.id).arg(shown->runId);
    m_machineKey = QString::fromStdString(shown->record.spec);
    m_model->setMetrics(m_cache->metrics(m_runKey));
    m_model->setMinimumAph(m_cache->minimumAph(m_machineKey));
    // The worker holds the machine's data for as long as it reads them.
    m_cache->request(m_runKey, m_machineKey, std::shared_ptr<const Topology>(m_machine, shown->topology.get()),
                     std::shared_ptr<const std::vector<Job>>(m_machine, &shown->jobs));
    fitColumns();
    updateCount();
}

void JobsDock::follow(ExplorerSession* session)
{
    connect(session, &ExplorerSession::machineChanged, this, [this, session] {
        setMachine(session->sharedMachine(), session->databasePath());
        setTime(session->time());
    });
    connect(session, &ExplorerSession::timeChanged, this, &JobsDock::setTime);
    connect(session, &ExplorerSession::selectedJobChanged, this, [this](int job) {
        if (job < 0)
            clearSelection();
        else
            selectJob(job);
    });
    connect(this, &JobsDock::jobSelected, session, &ExplorerSession::selectJob);
}

void JobsDock::takeMetrics()
{
    m_model->setMetrics(m_cache->metrics(m_runKey));
    fitColumns();
    updateCount();
}

void JobsDock::setTime(std::int64_t time)
{
    m_filter->setTime(time);
    updateCount();
}

bool JobsDock::selectJob(int jobIndex)
{
    m_selectedJob = jobIndex;
    if (jobIndex < 0 || jobIndex >= m_model->rowCount()) {
        clearSelection();
        return false;
    }
    return showSelectedJob(true, true);
}

bool JobsDock::showSelectedJob(bool reveal, bool scroll)
{
    if (m_selectedJob < 0 || m_selectedJob >= m_model->rowCount())
        return false;
    if (!reveal && currentJob() == m_selectedJob)
        return true;
    const QModelIndex shown = reveal ? m_filter->reveal(m_selectedJob, JobTableModel::IdColumn)
                                     : m_filter->mapFromSource(m_model->index(m_selectedJob, JobTableModel::IdColumn));
    if (!shown.isValid())
        return false;
    // A current row the view would scroll to: not while the user scrolls to more rows.
    const bool autoScroll = m_table->hasAutoScroll();
    m_table->setAutoScroll(scroll);
    m_table->selectRow(shown.row());
    m_table->setAutoScroll(autoScroll);
    if (scroll)
        m_table->scrollTo(shown);
    return true;
}

void JobsDock::clearSelection()
{
    m_selectedJob = -1;
    m_table->clearSelection();
    m_table->selectionModel()->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
}

int JobsDock::minimumIdWidth() const
{
    // Eight digits and the sort indicator: 7-digit ids (and more) are not cut.
    const QFontMetrics metrics(m_table->font());
    return metrics.horizontalAdvance(QStringLiteral("00000000"))
        + 2 * m_table->style()->pixelMetric(QStyle::PM_HeaderMargin)
        + m_table->style()->pixelMetric(QStyle::PM_HeaderMarkSize) + 12;
}

void JobsDock::fitColumns()
{
    m_table->resizeColumnsToContents();
    if (m_table->columnWidth(JobTableModel::IdColumn) < minimumIdWidth())
        m_table->setColumnWidth(JobTableModel::IdColumn, minimumIdWidth());
}

void JobsDock::updateCount()
{
    if (!m_machine) { // no machine shown, or its jobs are being read
        m_count->clear();
        return;
    }
    const QLocale locale;
    QString text = tr("%1 of %2 jobs")
                       .arg(locale.toString(static_cast<qulonglong>(m_filter->keptCount())),
                            locale.toString(m_model->rowCount()));
    // The logged placements leave out jobs whose log gives no start time; say how many.
    if (!m_machine->runId && m_machine->record.jobsWithoutStart)
        text += tr(" · %1 more without a start time in the log (simulation only)")
                    .arg(locale.toString(static_cast<qlonglong>(m_machine->record.jobsWithoutStart)));
    if (m_filter->isSettling())
        text += tr(" · filtering and sorting…");
    if (m_cache->isComputing())
        text += m_model->hasMetrics() ? tr(" · computing the minimum APH by job size…")
                                      : tr(" · computing placement metrics…");
    m_count->setText(text);
}

} // namespace placement
