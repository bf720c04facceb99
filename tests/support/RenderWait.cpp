// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "tests/support/RenderWait.h"

#include "views/RenderWidget.h"

#include <QTest>

namespace placement::test {

bool waitForFrames(RenderWidget* widget, int frames)
{
    return QTest::qWaitFor([&] { return widget->renderedFrames() >= frames; }, 10000);
}

QImage logicalFramebuffer(RenderWidget* widget)
{
    QImage image = widget->grabFramebuffer();
    if (image.size() != widget->size())
        image = image.scaled(widget->size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    return image.convertToFormat(QImage::Format_RGB32);
}

} // namespace placement::test
