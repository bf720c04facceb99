// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunsDock.h"

#include "app/ExplorerSession.h"
#include "app/RunTableModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace placement {

RunsDock::RunsDock(ExplorerSession* session, RunTableModel* model, QWidget* parent)
    : QDockWidget(tr("Runs"), parent)
    , m_session(session)
    , m_model(model)
    , m_filter(new RunFilterModel(model, this))
    , m_table(new QTableView)
    , m_sweep(new QComboBox)
    , m_parameter(new QComboBox)
    , m_value(new QComboBox)
    , m_count(new QLabel)
{
    setObjectName(QStringLiteral("runsDock"));
    m_sweep->setObjectName(QStringLiteral("runSweep"));
    m_parameter->setObjectName(QStringLiteral("runParameter"));
    m_value->setObjectName(QStringLiteral("runParameterValue"));
    m_sweep->setToolTip(tr("Show the runs of one sweep (placement sweep --name, or a sweep started from "
                           "Simulate), or every run with each sweep's runs together"));
    m_parameter->setToolTip(tr("Show only the runs with one value of this parameter"));
    m_value->setToolTip(tr("The value the runs shown have"));
    m_sweep->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_value->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_parameter->addItem(tr("any parameter"), QString());
    for (const auto& [key, heading] : sweepChartParameters())
        if (key != QLatin1String("sweep"))
            m_parameter->addItem(heading, key);

    m_table->setModel(m_filter);
    // The rows as the model has them (the logged run first, then each sweep's runs together)
    // until a heading is clicked.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setToolTip(tr("The stored runs of this machine side by side; double-click one to show it"));
    m_table->setMinimumHeight(40); // tabbed with the timeline: keep the 3D view its height

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Sweep:")));
    bar->addWidget(m_sweep);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Only runs with")));
    bar->addWidget(m_parameter);
    bar->addWidget(new QLabel(QStringLiteral("=")));
    bar->addWidget(m_value);
    bar->addSpacing(12);
    bar->addWidget(m_count, 1);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    setWidget(content);

    connect(m_model, &QAbstractItemModel::modelReset, this, &RunsDock::updatePickers);
    const auto showCoreColumn
        = [this] { m_table->setColumnHidden(RunTableModel::CoreUtilizationColumn, !m_model->hasCoreUtilization()); };
    connect(m_model, &QAbstractItemModel::modelReset, this, showCoreColumn);
    showCoreColumn();
    connect(m_session, &ExplorerSession::runFilterChanged, this, &RunsDock::updatePickers);
    connect(m_sweep, &QComboBox::activated, this, &RunsDock::pickersChanged);
    connect(m_parameter, &QComboBox::activated, this, &RunsDock::pickersChanged);
    connect(m_value, &QComboBox::activated, this, &RunsDock::pickersChanged);
    updatePickers();
}

QString RunsDock::countText() const
{
    return m_count->text();
}

void RunsDock::updatePickers()
{
    if (m_updating)
        return;
    m_updating = true;
    const RunFilter& filter = m_session->runFilter();
    m_sweep->clear();
    m_sweep->addItem(tr("all runs"), QString());
    for (const QString& sweep : m_model->sweeps()) {
        int runs = 0;
        for (int row = 0; row < m_model->rowCount(); ++row)
            runs += m_model->inSweep(row, sweep) ? 1 : 0;
        m_sweep->addItem(runs == 1 ? tr("%1 (1 run)").arg(sweep) : tr("%1 (%2 runs)").arg(sweep).arg(runs), sweep);
    }
    if (!filter.sweep.isEmpty() && m_sweep->findData(filter.sweep) < 0)
        m_sweep->addItem(tr("%1 (no run of this machine)").arg(filter.sweep), filter.sweep);
    m_sweep->setCurrentIndex(std::max(0, m_sweep->findData(filter.sweep)));
    m_parameter->setCurrentIndex(std::max(0, m_parameter->findData(filter.parameter)));
    m_value->clear();
    if (!filter.parameter.isEmpty()) {
        QStringList values = m_model->parameterValues(filter.parameter, filter.sweep);
        if (!filter.value.isEmpty() && !values.contains(filter.value))
            values << filter.value;
        for (const QString& value : values)
            m_value->addItem(value, value);
        m_value->setCurrentIndex(std::max(0, m_value->findData(filter.value)));
    }
    m_value->setEnabled(!filter.parameter.isEmpty());
    m_filter->setFilter(filter);
    const int simulated
        = m_model->rowCount() > 0 && m_model->run(0).id == 0 ? m_model->rowCount() - 1 : m_model->rowCount();
    const int shown
        = m_filter->rowCount() > 0 && m_model->rowCount() > simulated ? m_filter->rowCount() - 1 : m_filter->rowCount();
    m_count->setText(filter == RunFilter{} ? tr("%1 simulated runs").arg(simulated)
                                           : tr("%1 of %2 simulated runs shown").arg(shown).arg(simulated));
    m_updating = false;
}

void RunsDock::pickersChanged()
{
    RunFilter filter;
    filter.sweep = m_sweep->currentData().toString();
    filter.parameter = m_parameter->currentData().toString();
    if (!filter.parameter.isEmpty()) {
        // A new parameter starts at its first value among the runs shown.
        const QString previous
            = m_session->runFilter().parameter == filter.parameter ? m_value->currentData().toString() : QString();
        const QStringList values = m_model->parameterValues(filter.parameter, filter.sweep);
        filter.value = values.contains(previous) ? previous : values.value(0);
    }
    m_session->setRunFilter(filter);
}

} // namespace placement
