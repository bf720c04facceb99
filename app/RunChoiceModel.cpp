// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RunChoiceModel.h"

#include <QFont>

#include <algorithm>
#include <set>

namespace placement {

void RunChoiceModel::setRuns(std::vector<RunChoice> runs, std::int64_t shownId, bool keepTicks)
{
    std::set<std::int64_t> ticked;
    if (keepTicks)
        for (const Entry& entry : m_entries)
            if (entry.checked)
                ticked.insert(entry.run.id);
    beginResetModel();
    m_entries.clear();
    m_shown = shownId;
    for (RunChoice& run : runs) {
        const bool checked = run.id == shownId || ticked.count(run.id) > 0;
        m_entries.push_back({std::move(run), checked});
    }
    endResetModel();
}

std::vector<RunChoice> RunChoiceModel::checkedRuns() const
{
    std::vector<RunChoice> checked;
    for (const Entry& entry : m_entries)
        if (entry.checked)
            checked.push_back(entry.run);
    return checked;
}

bool RunChoiceModel::setChecked(std::int64_t id, bool checked)
{
    const auto entry = std::find_if(m_entries.begin(), m_entries.end(),
                                    [id](const Entry& candidate) { return candidate.run.id == id; });
    if (entry == m_entries.end())
        return false;
    return setData(index(static_cast<int>(entry - m_entries.begin())), checked ? Qt::Checked : Qt::Unchecked,
                   Qt::CheckStateRole);
}

int RunChoiceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

QVariant RunChoiceModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& entry = m_entries[static_cast<size_t>(index.row())];
    const bool shown = entry.run.id == m_shown;
    switch (role) {
    case Qt::DisplayRole: return shown ? tr("%1 (shown)").arg(entry.run.name) : entry.run.name;
    case Qt::CheckStateRole: return entry.checked ? Qt::Checked : Qt::Unchecked;
    case Qt::ToolTipRole:
        return shown ? tr("The run the 3D view shows: always drawn") : tr("Tick to draw this run beside the one shown");
    case Qt::FontRole: {
        if (!shown)
            return {};
        QFont font;
        font.setBold(true);
        return font;
    }
    case RunIdRole: return QVariant::fromValue(entry.run.id);
    case ShownRole: return shown;
    case NameRole: return entry.run.name;
    default: return {};
    }
}

bool RunChoiceModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid()
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Entry& entry = m_entries[static_cast<size_t>(index.row())];
    if (entry.run.id == m_shown)
        return false;
    const bool checked = value.toInt() == Qt::Checked;
    if (checked == entry.checked)
        return true;
    entry.checked = checked;
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checkedRunsChanged();
    return true;
}

Qt::ItemFlags RunChoiceModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    const bool shown = m_entries[static_cast<size_t>(index.row())].run.id == m_shown;
    // The shown run's box stays ticked: enabled for reading, not user-checkable.
    return shown ? Qt::ItemIsEnabled : Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
}

} // namespace placement
