// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "core/FatTreeTopology.h"
#include "core/JigsawAllocator.h"
#include "core/MachineSpec.h"
#include "core/NetworkLayout.h"
#include "core/NodeLayout.h"
#include "core/Simulator.h"
#include "tests/support/ImageCompare.h"
#include "tests/support/RenderWait.h"
#include "views/JobPalette.h"
#include "views/MachineView.h"
#include "views/RenderWidget.h"

#include <QColor>
#include <QHelpEvent>
#include <QScreen>
#include <QSignalSpy>
#include <QTest>
#include <QWindow>

#include <cmath>
#include <set>

using namespace placement;
using namespace placement::test;

namespace {

/// A machine whose node k gets hue k/n of the colour wheel, fully saturated.
std::vector<QRgb> rainbow(int count)
{
    std::vector<QRgb> colors;
    for (int k = 0; k < count; ++k)
        colors.push_back(QColor::fromHsvF(static_cast<float>(k) / static_cast<float>(count), 1.0f, 1.0f).rgb());
    return colors;
}

/// The node whose rainbow hue is nearest the pixel's, or -1 for an unsaturated pixel
/// (the grey background).
int nodeOfPixel(QRgb pixel, int count)
{
    const QColor color(pixel);
    if (color.hsvSaturationF() < 0.5f || color.valueF() < 0.1f)
        return -1;
    const double hue = color.hsvHueF() * count;
    const int nearest = static_cast<int>(std::lround(hue)) % count;
    return std::abs(hue - std::lround(hue)) < 0.3 ? nearest : -2;
}

double cameraDistance(const MachineView::CameraState& c)
{
    return std::hypot(c[0] - c[3], c[1] - c[4], c[2] - c[5]);
}

struct ShownView
{
    explicit ShownView(const char* spec, QSize size = {400, 300})
    {
        view.resize(size);
        view.setNodeLayout(layoutNodes(*parseMachineSpec(spec)));
    }
    bool showAndRender()
    {
        view.show();
        return QTest::qWaitForWindowExposed(&view) && waitForFrames(view.renderWidget(), 1);
    }
    MachineView view;
};

} // namespace

class TestRenderWidget : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { qInfo("device pixel ratio %.1f", qApp->primaryScreen()->devicePixelRatio()); }

    void matchesBaseline()
    {
        ShownView shown("torus extents=4x4x4");
        std::vector<QRgb> colors;
        for (int node = 0; node < 64; ++node)
            colors.push_back(node % 5 == 4 ? idleNodeColor() : jobColor(node / 8));
        shown.view.setNodeColors(colors);
        QVERIFY(shown.showAndRender());
        QVERIFY(waitForFrames(shown.view.renderWidget(), 1));
        const QImage image = logicalFramebuffer(shown.view.renderWidget());
        QCOMPARE(image.size(), QSize(400, 300));
        const QString problem = compareWithBaseline(image, QStringLiteral("torus-4x4x4"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // The measure is not blind: a blank image is far off.
        QImage blank(image.size(), QImage::Format_RGB32);
        blank.fill(Qt::black);
        QVERIFY(imageDifference(image, blank) > ImageDifferenceThreshold);
    }

    void screenShowsTheFramebuffer()
    {
        ShownView shown("torus extents=4x4x4");
        shown.view.setNodeColors(rainbow(64));
        QVERIFY(shown.showAndRender());
        shown.view.raise();
        RenderWidget* widget = shown.view.renderWidget();
        const QImage frame = logicalFramebuffer(widget);
        const auto screenDifference = [&] {
            const QPoint origin = widget->mapToGlobal(QPoint(0, 0));
            QImage screen
                = widget->screen()->grabWindow(0, origin.x(), origin.y(), widget->width(), widget->height()).toImage();
            if (screen.size() != widget->size())
                screen = screen.scaled(widget->size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
            return imageDifference(screen.convertToFormat(QImage::Format_RGB32), frame);
        };
        // The X server shows the last frame once it has received it.
        QTRY_VERIFY2(screenDifference() < ImageDifferenceThreshold, qPrintable(QString::number(screenDifference())));
    }

    void neverShownWidgetStillGrabs()
    {
        MachineView view;
        view.resize(320, 240);
        view.setNodeLayout(layoutNodes(*parseMachineSpec("torus extents=4x4x4")));
        view.setNodeColors(rainbow(64));
        const QImage image = view.renderWidget()->grabFramebuffer();
        QVERIFY(!image.isNull());
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                coloured += nodeOfPixel(image.pixel(x, y), 64) >= 0 ? 1 : 0;
        const int samples = ((image.width() + 1) / 2) * ((image.height() + 1) / 2);
        QVERIFY2(coloured > samples / 8, qPrintable(QStringLiteral("%1 of %2").arg(coloured).arg(samples)));
    }

    void resizeFollowsTheWidget()
    {
        ShownView shown("torus extents=4x4x4");
        shown.view.setNodeColors(rainbow(64));
        QVERIFY(shown.showAndRender());
        RenderWidget* widget = shown.view.renderWidget();
        const int before = widget->renderedFrames();
        shown.view.resize(560, 380);
        QVERIFY(waitForFrames(widget, before + 1));
        const qreal ratio = widget->devicePixelRatioF();
        const QImage image = widget->grabFramebuffer();
        QCOMPARE(image.size(), QSize(560, 380) * ratio);
        // The scene fills the new size: coloured pixels in every quadrant's inner half.
        const QImage logical = logicalFramebuffer(widget);
        int left = 0;
        int right = 0;
        for (int y = 0; y < logical.height(); y += 3)
            for (int x = 0; x < logical.width(); x += 3)
                if (nodeOfPixel(logical.pixel(x, y), 64) >= 0)
                    (x < logical.width() / 2 ? left : right)++;
        QVERIFY(left > 300 && right > 300);
    }

    void dragRotatesAndClickDoesNot()
    {
        ShownView shown("torus extents=4x4x4");
        QVERIFY(shown.showAndRender());
        RenderWidget* widget = shown.view.renderWidget();
        QSignalSpy picks(&shown.view, &MachineView::nodePicked);
        const MachineView::CameraState before = shown.view.cameraState();
        const QPoint start(200, 150);
        QTest::mousePress(widget, Qt::LeftButton, {}, start);
        for (int step = 1; step <= 10; ++step)
            QTest::mouseMove(widget, start + QPoint(8 * step, 3 * step));
        QTest::mouseRelease(widget, Qt::LeftButton, {}, start + QPoint(80, 30));
        const MachineView::CameraState after = shown.view.cameraState();
        QVERIFY(std::abs(after[0] - before[0]) + std::abs(after[1] - before[1]) + std::abs(after[2] - before[2]) > 1);
        for (int i = 3; i < 6; ++i)
            QCOMPARE(after[static_cast<size_t>(i)], before[static_cast<size_t>(i)]); // rotation about the focus
        QVERIFY(std::abs(cameraDistance(after) - cameraDistance(before)) < 1e-6 * cameraDistance(before));
        QCOMPARE(picks.count(), 0);
        const int frames = widget->renderedFrames();
        QVERIFY(waitForFrames(widget, frames + 1) || frames > 1);
    }

    void wheelZoomsAndShiftDragPans()
    {
        ShownView shown("torus extents=4x4x4");
        QVERIFY(shown.showAndRender());
        RenderWidget* widget = shown.view.renderWidget();
        const MachineView::CameraState before = shown.view.cameraState();
        QWheelEvent wheel(QPointF(200, 150), widget->mapToGlobal(QPointF(200, 150)), QPoint(), QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &wheel);
        const MachineView::CameraState zoomed = shown.view.cameraState();
        QVERIFY(cameraDistance(zoomed) < 0.9 * cameraDistance(before));

        const QPoint start(200, 150);
        QTest::mousePress(widget, Qt::LeftButton, Qt::ShiftModifier, start);
        for (int step = 1; step <= 5; ++step)
            QTest::mouseMove(widget, start + QPoint(10 * step, 0));
        QTest::mouseRelease(widget, Qt::LeftButton, Qt::ShiftModifier, start + QPoint(50, 0));
        const MachineView::CameraState panned = shown.view.cameraState();
        QVERIFY(std::abs(panned[3] - zoomed[3]) + std::abs(panned[4] - zoomed[4]) + std::abs(panned[5] - zoomed[5])
                > 0.1);
        QVERIFY(std::abs(cameraDistance(panned) - cameraDistance(zoomed)) < 1e-6 * cameraDistance(zoomed));
    }

    void clickReportsTheNodeUnderTheCursor()
    {
        // A flat 4x4 mesh seen head-on: every node is visible.
        ShownView shown("torus extents=4x4 wrap=nn");
        shown.view.setNodeColors(rainbow(16));
        QVERIFY(shown.showAndRender());
        RenderWidget* widget = shown.view.renderWidget();
        QSignalSpy picks(&shown.view, &MachineView::nodePicked);
        const QImage frame = logicalFramebuffer(widget);
        for (int node = 0; node < 16; ++node) {
            const auto position = shown.view.nodeScreenPosition(node);
            QVERIFY(position.has_value());
            const QPoint pixel = position->toPoint();
            QCOMPARE(nodeOfPixel(frame.pixel(pixel), 16), node); // the pixel really shows that node
            QTest::mouseClick(widget, Qt::LeftButton, {}, pixel);
            QCOMPARE(picks.count(), node + 1);
            QCOMPARE(picks.last().at(0).toInt(), node);
        }
        QTest::mouseClick(widget, Qt::LeftButton, {}, QPoint(3, 3));
        QCOMPARE(picks.last().at(0).toInt(), -1);
    }

    void inputThroughTheNativeWindowReachesTheView()
    {
        // As a user's input arrives: at the native window the frames are shown in.
        ShownView shown("torus extents=4x4 wrap=nn");
        shown.view.setNodeColors(rainbow(16));
        QVERIFY(shown.showAndRender());
        RenderWidget* widget = shown.view.renderWidget();
        QWindow* window = widget->nativeWindow();
        QVERIFY(window && window->isExposed());
        QCOMPARE(window->size(), widget->size());
        QSignalSpy picks(&shown.view, &MachineView::nodePicked);
        for (int node : {0, 5, 15}) {
            const QPoint pixel = shown.view.nodeScreenPosition(node)->toPoint();
            QTest::mouseClick(window, Qt::LeftButton, {}, pixel);
            QCOMPARE(picks.count() > 0 ? picks.last().at(0).toInt() : -99, node);
        }
        const int clicks = static_cast<int>(picks.count());

        // A drag turns the camera and picks nothing.
        const MachineView::CameraState before = shown.view.cameraState();
        const QPoint start(200, 150);
        QTest::mousePress(window, Qt::LeftButton, {}, start);
        for (int step = 1; step <= 10; ++step)
            QTest::mouseMove(window, start + QPoint(8 * step, 3 * step));
        QTest::mouseRelease(window, Qt::LeftButton, {}, start + QPoint(80, 30));
        QVERIFY(shown.view.cameraState() != before);
        QCOMPARE(picks.count(), clicks);

        // Resting the pointer over the view asks the widget for its tooltip.
        struct ToolTipSeen : QObject
        {
            bool seen = false;
            QPoint position;
            bool eventFilter(QObject*, QEvent* event) override
            {
                if (event->type() == QEvent::ToolTip) {
                    seen = true;
                    position = static_cast<QHelpEvent*>(event)->pos();
                }
                return false;
            }
        } toolTips;
        widget->installEventFilter(&toolTips);
        QTest::mouseMove(window, QPoint(120, 90));
        QTest::mouseMove(window, QPoint(121, 91));
        QTRY_VERIFY(toolTips.seen);
        QVERIFY((toolTips.position - QPoint(121, 91)).manhattanLength() <= 2);
    }

    void pickAgreesWithPixelsIn3D()
    {
        ShownView shown("torus extents=3x3x3");
        shown.view.setNodeColors(rainbow(27));
        QVERIFY(shown.showAndRender());
        const QImage frame = logicalFramebuffer(shown.view.renderWidget());
        int checked = 0;
        for (int y = 6; y < frame.height(); y += 9) {
            for (int x = 6; x < frame.width(); x += 9) {
                const int fromPixel = nodeOfPixel(frame.pixel(x, y), 27);
                if (fromPixel == -2)
                    continue; // an edge pixel between two boxes
                // Skip pixels on a box outline, where one pixel of rasterisation decides.
                bool uniform = true;
                for (QPoint d : {QPoint(2, 0), QPoint(-2, 0), QPoint(0, 2), QPoint(0, -2)})
                    uniform = uniform && nodeOfPixel(frame.pixel(QPoint(x, y) + d), 27) == fromPixel;
                if (!uniform)
                    continue;
                QCOMPARE(shown.view.nodeAt(QPointF(x, y)), fromPixel);
                ++checked;
            }
        }
        QVERIFY2(checked > 300, qPrintable(QString::number(checked)));
    }

    void fatTreeLinksShowTheirOwners()
    {
        // A Jigsaw replay on a small fat-tree; at a moment when a job spanning leaves runs,
        // its owned links are drawn in its colour, the others dark.
        const auto topology = parseMachineSpec("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        const auto& tree = dynamic_cast<const FatTreeTopology&>(*topology);
        std::vector<SimulationJob> jobs;
        for (int i = 0; i < 12; ++i)
            jobs.push_back({std::to_string(i), 0, 100 + 10 * i, 100 + 10 * i, 1 + (i * 5) % 14});
        JigsawAllocator jigsaw(tree);
        const SimulationResult result = simulate(tree, jobs, jigsaw, {});
        std::vector<int> owners(static_cast<size_t>(tree.nodeCount()), -1);
        std::vector<QRgb> linkColors(tree.links().size(), unusedLinkColor());
        int owned = 0;
        for (size_t i = 0; i < jobs.size(); ++i) {
            const SimulatedJob& run = result.jobs[i];
            if (!(run.start <= 0 && 0 < run.end))
                continue;
            for (int node : run.nodes)
                owners[static_cast<size_t>(node)] = static_cast<int>(i);
            for (int link : run.links)
                linkColors[static_cast<size_t>(link)] = jobColor(static_cast<int>(i));
            owned += static_cast<int>(run.links.size());
        }
        QVERIFY(owned > 0);
        std::vector<QRgb> colors;
        for (int owner : owners)
            colors.push_back(owner < 0 ? idleNodeColor() : jobColor(owner));

        ShownView shown("fattree radix=8 pods=3 leaves-per-pod=4 nodes-per-leaf=4");
        shown.view.setNetworkLayout(layoutNetwork(tree, shown.view.nodeLayout()));
        shown.view.setNodeColors(colors);
        QVERIFY(shown.showAndRender());
        const QImage nodesOnly = logicalFramebuffer(shown.view.renderWidget());
        const int before = shown.view.renderWidget()->renderedFrames();
        shown.view.setLinksVisible(true);
        shown.view.setLinkColors(linkColors);
        QVERIFY(waitForFrames(shown.view.renderWidget(), before + 1));
        const QImage image = logicalFramebuffer(shown.view.renderWidget());
        QVERIFY(imageDifference(image, nodesOnly) > ImageDifferenceThreshold);
        if (qApp->primaryScreen()->devicePixelRatio() == 1.0) {
            const QString problem = compareWithBaseline(image, QStringLiteral("fattree-owned-links"));
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        // Every owner's colour appears below the nodes (on its links), and no colour of a
        // job that owns no link does.
        const int nodesBottom = [&] {
            int bottom = 0;
            for (int node = 0; node < tree.nodeCount(); ++node)
                if (const auto p = shown.view.nodeScreenPosition(node))
                    bottom = std::max(bottom, static_cast<int>(p->y()) + 8);
            return bottom;
        }();
        std::set<QRgb> below;
        for (int y = nodesBottom; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                below.insert(image.pixel(x, y) & 0xffffff);
        for (size_t i = 0; i < jobs.size(); ++i) {
            const SimulatedJob& run = result.jobs[i];
            if (!(run.start <= 0 && 0 < run.end))
                continue;
            const QRgb color = jobColor(static_cast<int>(i)) & 0xffffff;
            QCOMPARE(below.count(color) > 0, !run.links.empty());
        }
    }

    void torusLinksShowBetweenSmallerNodes()
    {
        const auto topology = parseMachineSpec("torus extents=4x4x4");
        std::vector<QRgb> bandwidth(topology->links().size());
        for (size_t link = 0; link < bandwidth.size(); ++link)
            bandwidth[link] = link % 3 == 0 ? qRgba(255, 230, 80, 255) : qRgba(40, 90, 220, 255);
        ShownView shown("torus extents=4x4x4");
        shown.view.setNetworkLayout(layoutNetwork(*topology, shown.view.nodeLayout()));
        shown.view.setNodeColors(rainbow(64));
        shown.view.setLinksVisible(true);
        shown.view.setLinkColors(bandwidth);
        QVERIFY(shown.showAndRender());
        const QImage image = logicalFramebuffer(shown.view.renderWidget());
        if (qApp->primaryScreen()->devicePixelRatio() == 1.0) {
            const QString problem = compareWithBaseline(image, QStringLiteral("torus-links-4x4x4"));
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        int yellow = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c(image.pixel(x, y));
                yellow += c.red() > 200 && c.green() > 180 && c.blue() < 120 ? 1 : 0;
            }
        QVERIFY2(yellow > 100, qPrintable(QString::number(yellow)));
    }

    void largeMachinesDrawPointsAndThenTheirOutside()
    {
        ShownView titan("titan");
        QVERIFY(titan.view.drawsNodesAsPoints());
        QCOMPARE(titan.view.drawnNodeCount(), 19200);
        titan.view.setNodeColors(rainbow(19200));
        QVERIFY(titan.showAndRender());
        const QImage image = logicalFramebuffer(titan.view.renderWidget());
        std::set<int> seen;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                seen.insert(nodeOfPixel(image.pixel(x, y), 19200) / 200);
        QVERIFY2(seen.size() > 40, qPrintable(QString::number(seen.size()))); // many hues: many nodes drawn

        const auto big = parseMachineSpec("torus extents=70x70x60");
        const NodeLayout layout = layoutNodes(*big);
        MachineView view;
        view.setNodeLayout(layout);
        QVERIFY(view.drawsNodesAsPoints());
        QCOMPARE(view.drawnNodeCount(), static_cast<int>(outerNodes(layout).size()));
        QCOMPARE(view.drawnNodeCount(), 70 * 70 * 60 - 68 * 68 * 58);

        ShownView small("torus extents=8x8x8");
        QVERIFY(!small.view.drawsNodesAsPoints());
    }
};

QTEST_MAIN(TestRenderWidget)
#include "tst_renderwidget.moc"
