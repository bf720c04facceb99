// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include "app/JobRows.h"

#include <QWidget>

#include <cstdint>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace placement {

/// The filters above the job table: free text (job id, name or user), user, state, node
/// count range, "running at the cursor" and a time range.
class JobFilterBar : public QWidget
{
    Q_OBJECT
public:
    explicit JobFilterBar(QWidget* parent = nullptr);

    /// What the choices offer: the users and states present, the largest job, the span of
    /// the workload. Resets every filter but the running-at-cursor toggle.
    void setChoices(const std::vector<std::string>& users, const std::vector<std::string>& states, int maxNodes,
                    std::int64_t first, std::int64_t last);

    JobFilterCriteria criteria() const;
    bool runningOnly() const;
    void setRunningOnly(bool runningOnly);
    /// Sets the text filter at once (no typing delay).
    void setText(const QString& text);

signals:
    void criteriaChanged(const placement::JobFilterCriteria& criteria);
    void runningOnlyChanged(bool runningOnly);

private:
    void emitCriteria();

    QLineEdit* m_text;
    QComboBox* m_user;
    QComboBox* m_state;
    QSpinBox* m_minNodes;
    QSpinBox* m_maxNodes;
    QCheckBox* m_runningOnly;
    QCheckBox* m_between;
    QWidget* m_range; ///< the two times, shown while "between" is checked
    QDateTimeEdit* m_from;
    QDateTimeEdit* m_to;
    QTimer* m_typing; ///< re-filters a moment after the last key, not on every key
    bool m_quiet = false;
};

} // namespace placement
