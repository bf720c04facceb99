// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ComparePane.h"

#include "app/ExplorerSession.h"
#include "app/InspectionText.h"
#include "core/NetworkLayout.h"
#include "core/Occupancy.h"
#include "store/Store.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace placement {

EvenSplitter::EvenSplitter(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent)
{
    connect(this, &QSplitter::splitterMoved, this, [this] { m_even = false; });
}

void EvenSplitter::evenOut()
{
    m_even = true;
    // The handle between the panes takes its width from the total.
    const int total = (orientation() == Qt::Horizontal ? width() : height()) - handleWidth();
    setSizes({total / 2, total - total / 2});
    // A pane just shown is laid out later: even out again then.
    QTimer::singleShot(0, this, [this] {
        if (m_even && count() == 2 && widget(1)->isVisibleTo(this)) {
            const int size = (orientation() == Qt::Horizontal ? width() : height()) - handleWidth();
            setSizes({size / 2, size - size / 2});
        }
    });
}

void EvenSplitter::resizeEvent(QResizeEvent* event)
{
    QSplitter::resizeEvent(event);
    if (m_even && count() == 2 && widget(1)->isVisibleTo(this))
        evenOut();
}

ComparePane::ComparePane(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_view(new MachineView(this))
{
    setObjectName(QStringLiteral("comparePane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_title->setContentsMargins(6, 2, 6, 2);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the pane
    layout->addWidget(m_title);
    layout->addWidget(m_view, 1);
    m_view->setMinimumSize(240, 200);
}

ComparePane::~ComparePane() = default;

void ComparePane::setRuns(std::shared_ptr<const MachineData> primary, std::shared_ptr<const MachineData> other,
                          const QString& title)
{
    m_comparison = compareRuns(primary->jobs, other->jobs);
    m_primaryJobs = primary->jobs.size();
    m_primary = std::move(primary);
    m_other = std::move(other);
    m_highlighted = -1;
    m_title->setText(tr("<b>%1</b> · %2 of %3 jobs placed differently from the run on the left")
                         .arg(title.toHtmlEscaped())
                         .arg(m_comparison.differing)
                         .arg(m_primaryJobs));
    m_view->setNotice(missingPlacementsText(*m_other));
    m_view->setNodeLayout(m_other->layout);
    updateNetwork();
    recolor();
}

void ComparePane::follow(ExplorerSession* session)
{
    connect(session, &ExplorerSession::timeChanged, this, &ComparePane::setTime);
    connect(session, &ExplorerSession::selectedJobChanged, this, &ComparePane::setHighlightedJob);
    connect(session, &ExplorerSession::linksShownChanged, this, &ComparePane::setLinksVisible);
    connect(session, &ExplorerSession::wrapLinksChanged, this, &ComparePane::setWrapLinks);
    connect(session, &ExplorerSession::linkColorModeChanged, this, &ComparePane::setLinkColorMode);
}

QString ComparePane::title() const
{
    return m_title->text();
}

void ComparePane::setLinksVisible(bool shown)
{
    m_view->setLinksVisible(shown);
    recolor();
}

void ComparePane::setWrapLinks(bool wrap)
{
    if (wrap == m_wrapLinks)
        return;
    m_wrapLinks = wrap;
    updateNetwork();
    recolor();
}

void ComparePane::setLinkColorMode(LinkColorMode mode)
{
    if (mode == m_linkMode)
        return;
    m_linkMode = mode;
    recolor();
}

void ComparePane::updateNetwork()
{
    if (m_other)
        m_view->setNetworkLayout(layoutNetwork(*m_other->topology, m_other->layout, m_wrapLinks));
}

void ComparePane::clear()
{
    m_other.reset();
    m_primary.reset();
    m_comparison = {};
}

void ComparePane::setTime(std::int64_t time)
{
    m_time = time;
    recolor();
}

void ComparePane::setHighlightedJob(int primaryJob)
{
    m_highlighted = primaryJob >= 0 && static_cast<size_t>(primaryJob) < m_comparison.otherOfFirst.size()
        ? m_comparison.otherOfFirst[static_cast<size_t>(primaryJob)]
        : -1;
    recolor();
}

void ComparePane::followCamera(MachineView* primary)
{
    // Linked cameras: after every frame of the main view, this one takes its camera (and
    // the reverse in MainWindow); equal states stop the exchange.
    connect(primary, &MachineView::frameRendered, this, [this, primary] {
        if (m_other && isVisible() && m_view->cameraState() != primary->cameraState())
            m_view->setCameraState(primary->cameraState());
    });
    // This view's camera goes back only when the user moved it here: a frame of this view
    // before it took the main view's camera (it was just shown, or resized) must not win.
    connect(m_view->renderWidget(), &RenderWidget::cameraMoved, this, [this] { m_userMovedCamera = true; });
    connect(m_view, &MachineView::frameRendered, this, [this, primary] {
        if (!std::exchange(m_userMovedCamera, false))
            return;
        if (m_other && isVisible() && m_view->cameraState() != primary->cameraState())
            primary->setCameraState(m_view->cameraState());
    });
}

void ComparePane::recolor()
{
    if (!m_other)
        return;
    const NodeOccupancy occupancy = occupancyAt(m_other->jobs, m_other->topology->nodeCount(), m_time);
    const std::vector<int>& owners = occupancy.owners;
    std::vector<QRgb> colors(owners.size());
    for (size_t node = 0; node < owners.size(); ++node) {
        const int owner = owners[node];
        if (owner < 0 || occupancy.holders[node] > 1) {
            // Idle, or held by several jobs at once: shared, as in the main view.
            colors[node] = owner < 0 ? unheldColor(*m_other->topology, node) : sharedNodeColor();
            continue;
        }
        // The job's colour in the main view: the same job looks the same on both sides.
        const int primary = m_comparison.firstOfOther[static_cast<size_t>(owner)];
        QRgb color = jobColor(primary >= 0 ? primary : static_cast<int>(m_primaryJobs) + owner);
        const bool dim
            = m_highlighted >= 0 ? owner != m_highlighted : !m_comparison.otherDiffers[static_cast<size_t>(owner)];
        if (dim)
            color = qRgb(qRed(color) / 4 + 30, qGreen(color) / 4 + 30, qBlue(color) / 4 + 34);
        colors[node] = color;
    }
    m_view->setNodeColors(colors);
    if (m_view->linksVisible())
        m_view->setLinkColors(linkColors(*m_other, owners, m_linkMode, m_highlighted));
}

} // namespace placement
