// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "core/RunRecord.h"
#include "store/Runs.h"
#include "views/SweepChart.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <vector>

namespace placement {

/// Which runs the Runs dock and the sweep chart show (ExplorerSession::runFilter()): the runs
/// of one sweep (`placement sweep --name`; empty: every run, each sweep's runs together), and
/// of those the runs whose stored parameter `parameter` reads `value` (empty: no condition).
/// The logged run is always shown.
struct RunFilter
{
    QString sweep;
    QString parameter; ///< a key of the stored parameters: policy, speedup, seed, window, ...
    QString value;
    bool operator==(const RunFilter&) const = default;
};

/// The runs of one machine side by side, one row each, with the system metrics of their
/// summaries: the run-comparison table. A run of id 0 is the logged run (services/LoggedRun.h),
/// which has no APH or scheduling time of its own.
class RunTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        NameColumn,
        SweepColumn,
        PolicyColumn,
        BackfillColumn,
        SpeedupColumn,
        ParametersColumn,
        JobsColumn,
        UtilizationColumn,
        CoreUtilizationColumn, ///< runs by cores: the share of the machine's cores held
        MakespanColumn,
        MeanWaitColumn,
        MeanSlowdownColumn,
        MeanAphColumn,
        SchedulingColumn,
        NumColumns
    };
    enum Roles { RunIdRole = Qt::UserRole, SortRole };

    using QAbstractTableModel::QAbstractTableModel;

    /// Shows `runs`: the logged run (id 0) first, then the runs outside any sweep in the
    /// order given, then each sweep's runs together (the sweeps in the order of their first
    /// run, each sweep's runs in the order given).
    void setRuns(std::vector<RunRecord> runs);
    const RunRecord& run(int row) const { return m_runs[static_cast<size_t>(row)]; }
    const RunParameters& parameters(int row) const { return m_parameters[static_cast<size_t>(row)]; }
    const RunSummary& summary(int row) const { return m_summaries[static_cast<size_t>(row)]; }
    /// The sweeps of row `row`'s run, comma-separated (RunRecord::sweeps); empty outside any.
    QString sweep(int row) const;
    /// Whether row `row`'s run belongs to sweep `sweep`.
    bool inSweep(int row, const QString& sweep) const;
    /// The sweeps of the runs shown, in row order.
    QStringList sweeps() const;
    /// The values parameter `key` takes among the simulated runs of `sweep` (empty: all),
    /// sorted (numerically when every value is a number).
    QStringList parameterValues(const QString& key, const QString& sweep = {}) const;
    /// Whether row `row` passes `filter` (the logged run always does).
    bool accepts(int row, const RunFilter& filter) const;
    /// Whether some run says what share of the machine's cores it held (a run by cores, or the
    /// logged run of a machine whose cores are known): the Cores column applies.
    bool hasCoreUtilization() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant value(int row, int column) const;
    bool isLogged(int row) const;
    QString loggedToolTip(int row) const;

    std::vector<RunRecord> m_runs;
    std::vector<RunSummary> m_summaries;
    std::vector<RunParameters> m_parameters;
};

/// The Runs dock's rows: those of a RunTableModel that pass a RunFilter, sorted by the
/// heading clicked (RunTableModel::SortRole) with the logged run first either way.
class RunFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit RunFilterModel(RunTableModel* source, QObject* parent = nullptr);
    void setFilter(const RunFilter& filter);
    const RunFilter& filter() const { return m_filter; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    RunTableModel* m_source;
    RunFilter m_filter;
};

} // namespace placement
