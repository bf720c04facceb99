// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QDialog>
#include <QSize>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace placement {

/// Asks for the size of an exported image: presets (the view's size and twice it, HD, 4K,
/// 8K), or any width and height up to what OpenGL renders here, optionally in the view's
/// proportions.
class ImageSizeDialog : public QDialog
{
    Q_OBJECT
public:
    ImageSizeDialog(const QSize& viewSize, int maximumSide, QWidget* parent = nullptr);

    QSize imageSize() const;
    void setImageSize(const QSize& size);
    /// When on, changing one side changes the other to keep the view's proportions.
    void setKeepProportions(bool keep);
    /// Whether the image gets a title band (machine, run, time) and a legend band
    /// (app/ImageCaption.h); the picture itself keeps the size chosen.
    bool titleBand() const;
    bool legendBand() const;
    void setBands(bool title, bool legend);

private:
    void choosePreset(int index);
    void sideChanged(bool widthChanged);

    QSize m_viewSize;
    QComboBox* m_presets;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QCheckBox* m_keep;
    QCheckBox* m_title;
    QCheckBox* m_legend;
    bool m_updating = false;
};

} // namespace placement
