#include "app/TimelineDock.h"

#include "app/JobTableModel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

#include <algorithm>

namespace placement {

TimelineDock::TimelineDock(QWidget* parent)
    : QDockWidget(tr("Timeline"), parent)
    , m_slider(new QSlider(Qt::Horizontal))
    , m_label(new QLabel)
{
    setObjectName(QStringLiteral("timelineDock"));
    auto* content = new QWidget;
    auto* layout = new QHBoxLayout(content);
    m_slider->setSingleStep(60);
    m_slider->setPageStep(3600);
    m_slider->setToolTip(tr("Time (arrow keys: one minute, Page Up/Down: one hour)"));
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00:00 UTC  ")));
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_label);
    setWidget(content);

    connect(m_slider, &QSlider::valueChanged, this, [this](int offset) {
        const std::int64_t time = m_first + offset;
        if (time == m_time)
            return;
        m_time = time;
        updateLabel();
        emit timeChanged(m_time);
    });
    updateLabel();
}

void TimelineDock::setRange(std::int64_t first, std::int64_t last)
{
    m_first = first;
    m_last = std::max(first, last);
    const QSignalBlocker blocker(m_slider);
    m_slider->setRange(0, static_cast<int>(std::min<std::int64_t>(m_last - m_first, INT32_MAX)));
    m_slider->setValue(static_cast<int>(std::clamp(m_time, m_first, m_last) - m_first));
}

void TimelineDock::setTime(std::int64_t time)
{
    m_time = std::clamp(time, m_first, m_last);
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(static_cast<int>(m_time - m_first));
    updateLabel();
}

void TimelineDock::updateLabel()
{
    m_label->setText(formatTime(m_time) + QStringLiteral(" UTC"));
}

} // namespace placement
