// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QDockWidget>

#include <cstdint>
#include <memory>

class QLabel;
class QTableView;

namespace placement {

class ExplorerSession;
struct MachineData;
class JobFilterBar;
class JobFilterModel;
class JobMetricsCache;
class JobTableModel;

/// The job table of the shown run: a filter bar above a sortable table of every job with
/// its placement metrics, computed once per run on a worker thread and cached.
class JobsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit JobsDock(QWidget* parent = nullptr);
    ~JobsDock() override;

    /// Shows the jobs of `machine` (null: none), a run of the database at `databasePath`;
    /// the dock keeps it until the next call.
    void setMachine(std::shared_ptr<const MachineData> machine, const QString& databasePath);
    /// Shows what `session` shows from now on (its run, time cursor and selected job), and
    /// selects in it the job of the row chosen here.
    void follow(ExplorerSession* session);
    void setTime(std::int64_t time);
    /// Selects and shows the job's row; false when the filters hide it.
    bool selectJob(int jobIndex);
    void clearSelection();

    JobTableModel* model() const { return m_model; }
    JobFilterModel* filter() const { return m_filter; }
    JobFilterBar* filterBar() const { return m_filterBar; }
    QTableView* table() const { return m_table; }
    JobMetricsCache* metricsCache() const { return m_cache; }
    /// The least width of the id column: room for ids of 8 digits.
    int minimumIdWidth() const;

signals:
    /// The current row changed: the job's index in the machine's job list, -1 for none.
    void jobSelected(int jobIndex);

private:
    void takeMetrics();
    void updateCount();
    void fitColumns();
    /// The job of the table's current row, -1 for none.
    int currentJob() const;
    /// Selects the session's job in the table: `reveal`, fetching its row if the table has
    /// not yet; `scroll`, scrolling to it. False if the filters hide it (or, without
    /// `reveal`, its row is not fetched).
    bool showSelectedJob(bool reveal, bool scroll);

    JobFilterBar* m_filterBar;
    JobTableModel* m_model;
    JobFilterModel* m_filter;
    QTableView* m_table;
    QLabel* m_count;
    JobMetricsCache* m_cache;
    std::shared_ptr<const MachineData> m_machine;
    QString m_runKey;
    QString m_machineKey;
    int m_selectedJob = -1; ///< the job last selected from outside, kept across re-filtering
};

} // namespace placement
