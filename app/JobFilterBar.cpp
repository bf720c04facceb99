// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/JobFilterBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimeZone>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace placement {
namespace {

QDateTime utc(std::int64_t seconds)
{
    return QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
}

QDateTimeEdit* makeTimeEdit()
{
    auto* edit = new QDateTimeEdit;
    edit->setTimeSpec(Qt::UTC);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    edit->setCalendarPopup(true);
    return edit;
}

} // namespace

JobFilterBar::JobFilterBar(QWidget* parent)
    : QWidget(parent)
    , m_text(new QLineEdit)
    , m_user(new QComboBox)
    , m_state(new QComboBox)
    , m_minNodes(new QSpinBox)
    , m_maxNodes(new QSpinBox)
    , m_runningOnly(new QCheckBox(tr("Running at the cursor")))
    , m_between(new QCheckBox(tr("Between times")))
    , m_range(new QWidget)
    , m_from(makeTimeEdit())
    , m_to(makeTimeEdit())
    , m_typing(new QTimer(this))
{
    m_text->setPlaceholderText(tr("Job id, name or user"));
    m_text->setClearButtonEnabled(true);
    m_text->setObjectName(QStringLiteral("jobFilterText"));
    m_user->setObjectName(QStringLiteral("jobFilterUser"));
    m_user->setToolTip(tr("Only this user's jobs"));
    m_user->setMinimumContentsLength(8);
    m_user->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_state->setObjectName(QStringLiteral("jobFilterState"));
    m_state->setToolTip(tr("Only jobs that ended in this state"));
    m_state->setMinimumContentsLength(8);
    m_state->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_minNodes->setObjectName(QStringLiteral("jobFilterMinNodes"));
    m_maxNodes->setObjectName(QStringLiteral("jobFilterMaxNodes"));
    m_minNodes->setToolTip(tr("Smallest node count shown"));
    m_maxNodes->setToolTip(tr("Largest node count shown"));
    m_runningOnly->setObjectName(QStringLiteral("jobFilterRunningOnly"));
    m_runningOnly->setToolTip(tr("Only the jobs holding nodes at the time on the timeline"));
    m_runningOnly->setChecked(true);
    m_between->setObjectName(QStringLiteral("jobFilterBetween"));
    m_between->setToolTip(tr("Only jobs holding nodes at some time in this range (UTC)"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    auto* first = new QHBoxLayout;
    first->addWidget(m_text, 1);
    first->addWidget(m_user);
    first->addWidget(m_state);
    auto* second = new QHBoxLayout;
    second->addWidget(new QLabel(tr("Nodes")));
    second->addWidget(m_minNodes);
    second->addWidget(new QLabel(tr("to")));
    second->addWidget(m_maxNodes);
    second->addStretch(1);
    second->addWidget(m_runningOnly);
    second->addWidget(m_between);
    auto* third = new QHBoxLayout(m_range);
    third->setContentsMargins(0, 0, 0, 0);
    third->addWidget(new QLabel(tr("Ran between")));
    third->addWidget(m_from, 1);
    third->addWidget(new QLabel(tr("and")));
    third->addWidget(m_to, 1);
    m_range->hide(); // a row of its own only when asked for: the table keeps its height
    layout->addLayout(first);
    layout->addLayout(second);
    layout->addWidget(m_range);

    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    connect(m_text, &QLineEdit::textEdited, m_typing, qOverload<>(&QTimer::start));
    connect(m_text, &QLineEdit::returnPressed, this, &JobFilterBar::emitCriteria);
    connect(m_typing, &QTimer::timeout, this, &JobFilterBar::emitCriteria);
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty()) // the clear button
            emitCriteria();
    });
    connect(m_user, &QComboBox::currentIndexChanged, this, &JobFilterBar::emitCriteria);
    connect(m_state, &QComboBox::currentIndexChanged, this, &JobFilterBar::emitCriteria);
    connect(m_minNodes, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_maxNodes->value() < value)
            m_maxNodes->setValue(value);
        emitCriteria();
    });
    connect(m_maxNodes, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_minNodes->value() > value)
            m_minNodes->setValue(value);
        emitCriteria();
    });
    connect(m_runningOnly, &QCheckBox::toggled, this, &JobFilterBar::runningOnlyChanged);
    connect(m_between, &QCheckBox::toggled, this, [this](bool on) {
        m_range->setVisible(on);
        emitCriteria();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &JobFilterBar::emitCriteria);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &JobFilterBar::emitCriteria);
    setChoices({}, {}, 0, 0, 0);
}

void JobFilterBar::setChoices(const std::vector<std::string>& users, const std::vector<std::string>& states,
                              int maxNodes, std::int64_t first, std::int64_t last)
{
    m_quiet = true;
    m_typing->stop();
    m_text->clear();
    m_user->clear();
    m_user->addItem(tr("All users"));
    for (const std::string& user : users)
        m_user->addItem(user.empty() ? tr("(no user)") : QString::fromStdString(user), QString::fromStdString(user));
    m_state->clear();
    m_state->addItem(tr("All states"));
    for (const std::string& state : states)
        m_state->addItem(state.empty() ? tr("(no state)") : QString::fromStdString(state),
                         QString::fromStdString(state));
    m_state->setVisible(m_state->count() > 1); // logs without states (SWF, the demo) have nothing to pick
    m_minNodes->setRange(0, std::max(maxNodes, 0));
    m_maxNodes->setRange(0, std::max(maxNodes, 0));
    m_minNodes->setValue(0);
    m_maxNodes->setValue(m_maxNodes->maximum());
    m_between->setChecked(false);
    m_from->setDateTimeRange(utc(first), utc(std::max(first, last)));
    m_to->setDateTimeRange(utc(first), utc(std::max(first, last)));
    m_from->setDateTime(utc(first));
    m_to->setDateTime(utc(std::max(first, last)));
    m_quiet = false;
    emitCriteria();
}

JobFilterCriteria JobFilterBar::criteria() const
{
    JobFilterCriteria criteria;
    criteria.text = m_text->text().trimmed().toStdString();
    if (m_user->currentIndex() > 0)
        criteria.user = m_user->currentData().toString().toStdString();
    if (m_state->currentIndex() > 0)
        criteria.state = m_state->currentData().toString().toStdString();
    criteria.minNodes = m_minNodes->value();
    // The largest value means "no limit": jobs larger than any the list had still show.
    if (m_maxNodes->value() < m_maxNodes->maximum())
        criteria.maxNodes = m_maxNodes->value();
    if (m_between->isChecked()) {
        criteria.from = m_from->dateTime().toSecsSinceEpoch();
        criteria.to = m_to->dateTime().toSecsSinceEpoch();
    }
    return criteria;
}

bool JobFilterBar::runningOnly() const
{
    return m_runningOnly->isChecked();
}

void JobFilterBar::setRunningOnly(bool runningOnly)
{
    m_runningOnly->setChecked(runningOnly);
}

void JobFilterBar::setText(const QString& text)
{
    m_text->setText(text);
    m_typing->stop();
    emitCriteria();
}

void JobFilterBar::emitCriteria()
{
    if (!m_quiet)
        emit criteriaChanged(criteria());
}

} // namespace placement
