// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/ReportRenderer.h"

#include <QDialog>

class QCheckBox;
class QLineEdit;

namespace placement {

class ExplorerSession;

/// File › Export Report…: the runs to compare (the logged run, the run shown and the run compared
/// with it, preselected), the moment of the snapshots (the time shown) and the files.
class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    ReportDialog(const ExplorerSession& session, QWidget* parent = nullptr);

    /// The request as filled in; `error` says what is wrong with it (empty: nothing).
    ReportRequest request(QString* error) const;

    /// The runs preselected for a session: logged, the run shown, the run compared (or, with the
    /// logged run alone shown, up to three stored runs).
    static QString preselectedRuns(const ExplorerSession& session);

private:
    void accept() override;

    QString m_database, m_machine;
    QLineEdit* m_runs;
    QLineEdit* m_time;
    QLineEdit* m_html;
    QCheckBox* m_pdf;
};

} // namespace placement
