// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "store/Runs.h"

#include <QAbstractTableModel>
#include <QJsonObject>

#include <vector>

namespace placement {

/// The runs of one machine side by side, one row each, with the system metrics of their
/// summaries: the run-comparison table. A run of id 0 is the logged run (services/LoggedRun.h),
/// which has no APH or scheduling time of its own.
class RunTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        NameColumn,
        PolicyColumn,
        BackfillColumn,
        SpeedupColumn,
        ParametersColumn,
        JobsColumn,
        UtilizationColumn,
        MakespanColumn,
        MeanWaitColumn,
        MeanSlowdownColumn,
        MeanAphColumn,
        SchedulingColumn,
        NumColumns
    };
    enum Roles { RunIdRole = Qt::UserRole, SortRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setRuns(std::vector<RunRecord> runs);
    const RunRecord& run(int row) const { return m_runs[static_cast<size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, int column) const;
    bool isLogged(int row) const;
    QString loggedToolTip(int row) const;

    std::vector<RunRecord> m_runs;
    std::vector<QJsonObject> m_summaries, m_parameters;
};

} // namespace placement
