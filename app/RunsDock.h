// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QDockWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace placement {

class ExplorerSession;
class RunFilterModel;
class RunTableModel;

/// The stored runs of the machine shown, side by side (RunTableModel), each sweep's runs
/// together, with a sweep picker and a parameter filter above them (the session's
/// runFilter()). The logged run stays first and visible whatever is picked.
class RunsDock : public QDockWidget
{
    Q_OBJECT
public:
    RunsDock(ExplorerSession* session, RunTableModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    RunFilterModel* filterModel() const { return m_filter; }
    QComboBox* sweepBox() const { return m_sweep; }
    QComboBox* parameterBox() const { return m_parameter; }
    QComboBox* valueBox() const { return m_value; }
    /// What the line beside the filter says (runs shown of how many).
    QString countText() const;

private:
    /// Fills the pickers with the sweeps and values the runs have, showing the session's filter.
    void updatePickers();
    /// The pickers' choice into the session.
    void pickersChanged();

    ExplorerSession* m_session;
    RunTableModel* m_model;
    RunFilterModel* m_filter;
    QTableView* m_table;
    QComboBox* m_sweep;
    QComboBox* m_parameter;
    QComboBox* m_value;
    QLabel* m_count;
    bool m_updating = false;
};

} // namespace placement
