#pragma once

#include <QDockWidget>

#include <cstdint>

class QLabel;
class QSlider;

namespace placement {

/// The time axis of the loaded workload: a slider from the first job start to the last
/// job end, one-minute steps.
class TimelineDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TimelineDock(QWidget* parent = nullptr);

    void setRange(std::int64_t first, std::int64_t last);
    void setTime(std::int64_t time);
    std::int64_t time() const { return m_time; }

signals:
    void timeChanged(std::int64_t time);

private:
    void updateLabel();

    QSlider* m_slider;
    QLabel* m_label;
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
    std::int64_t m_time = 0;
};

} // namespace placement
