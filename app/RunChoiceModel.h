// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QAbstractListModel>

#include <cstdint>
#include <vector>

namespace placement {

/// One run a chart can draw: the logged placements (id 0) or a stored simulated run.
struct RunChoice
{
    std::int64_t id = 0;
    QString name;
};

/// The runs of one machine with a check box each: the ones ticked are drawn side by side.
/// The run the main window shows is always drawn; its box is ticked and cannot be cleared.
class RunChoiceModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Roles { RunIdRole = Qt::UserRole, ShownRole, NameRole };

    using QAbstractListModel::QAbstractListModel;

    /// Replaces the list. Runs ticked before stay ticked when `keepTicks` (same machine).
    void setRuns(std::vector<RunChoice> runs, std::int64_t shownId, bool keepTicks);
    std::int64_t shownRun() const { return m_shown; }
    /// Ticked runs in list order, the shown one included.
    std::vector<RunChoice> checkedRuns() const;
    /// Ticks or clears a run's box; false for an unknown run or the shown one.
    bool setChecked(std::int64_t id, bool checked);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

signals:
    /// The set of ticked runs changed (by the user or setChecked()).
    void checkedRunsChanged();

private:
    struct Entry
    {
        RunChoice run;
        bool checked = false;
    };
    std::vector<Entry> m_entries;
    std::int64_t m_shown = 0;
};

} // namespace placement
