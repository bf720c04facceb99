// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QWidget>

#include <cstdint>
#include <vector>

namespace placement {

/// A small bar chart of counts by a whole number (bar i: value i), drawn with QPainter:
/// the hop histogram of a job (pairs of its nodes by hops apart).
class HistogramChart : public QWidget
{
    Q_OBJECT
public:
    explicit HistogramChart(QWidget* parent = nullptr);

    void setCounts(std::vector<std::int64_t> counts);
    const std::vector<std::int64_t>& counts() const { return m_counts; }
    /// Under the axis, e.g. "hops apart".
    void setAxisTitle(const QString& title);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<std::int64_t> m_counts;
    QString m_axisTitle;
};

} // namespace placement
