// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/ImageSizeDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace placement {

ImageSizeDialog::ImageSizeDialog(const QSize& viewSize, int maximumSide, QWidget* parent)
    : QDialog(parent)
    , m_viewSize(viewSize.isEmpty() ? QSize(1280, 800) : viewSize)
    , m_presets(new QComboBox)
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_keep(new QCheckBox(tr("Keep the view's proportions")))
    , m_title(new QCheckBox(tr("Title band above: machine, run and time")))
    , m_legend(new QCheckBox(tr("Legend band below: what the colours mean")))
{
    m_title->setObjectName(QStringLiteral("titleBand"));
    m_legend->setObjectName(QStringLiteral("legendBand"));
    setWindowTitle(tr("Export View as PNG"));
    const QSize presets[]
        = {m_viewSize, m_viewSize * 2, QSize(1920, 1080), QSize(3840, 2160), QSize(7680, 4320), QSize(4096, 4096)};
    const QString names[]
        = {tr("As the view"), tr("Twice the view"), tr("Full HD"), tr("4K UHD"), tr("8K UHD"), tr("Square")};
    for (size_t i = 0; i < std::size(presets); ++i)
        if (presets[i].width() <= maximumSide && presets[i].height() <= maximumSide)
            m_presets->addItem(tr("%1 (%2 x %3)").arg(names[i]).arg(presets[i].width()).arg(presets[i].height()),
                               presets[i]);
    m_presets->addItem(tr("Custom"));
    m_width->setObjectName(QStringLiteral("width"));
    m_height->setObjectName(QStringLiteral("height"));
    for (QSpinBox* side : {m_width, m_height}) {
        side->setRange(1, maximumSide);
        side->setSuffix(tr(" px"));
        side->setAccelerated(true);
    }
    auto* form = new QFormLayout;
    form->addRow(tr("&Preset:"), m_presets);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(QString(), m_keep);
    form->addRow(tr("Caption:"), m_title);
    form->addRow(QString(), m_legend);
    auto* limit = new QLabel(tr("Rendered off screen; up to %1 pixels a side here.").arg(maximumSide));
    limit->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(limit);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_presets, &QComboBox::activated, this, &ImageSizeDialog::choosePreset);
    connect(m_width, &QSpinBox::valueChanged, this, [this] { sideChanged(true); });
    connect(m_height, &QSpinBox::valueChanged, this, [this] { sideChanged(false); });
    choosePreset(0);
}

QSize ImageSizeDialog::imageSize() const
{
    return QSize(m_width->value(), m_height->value());
}

void ImageSizeDialog::setImageSize(const QSize& size)
{
    m_updating = true;
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_updating = false;
    const int preset = m_presets->findData(size);
    m_presets->setCurrentIndex(preset >= 0 ? preset : m_presets->count() - 1);
}

void ImageSizeDialog::setKeepProportions(bool keep)
{
    m_keep->setChecked(keep);
}

bool ImageSizeDialog::titleBand() const
{
    return m_title->isChecked();
}

bool ImageSizeDialog::legendBand() const
{
    return m_legend->isChecked();
}

void ImageSizeDialog::setBands(bool title, bool legend)
{
    m_title->setChecked(title);
    m_legend->setChecked(legend);
}

void ImageSizeDialog::choosePreset(int index)
{
    const QVariant size = m_presets->itemData(index);
    if (size.isValid())
        setImageSize(size.toSize());
}

void ImageSizeDialog::sideChanged(bool widthChanged)
{
    if (m_updating)
        return;
    m_updating = true;
    if (m_keep->isChecked()) {
        const double aspect = static_cast<double>(m_viewSize.width()) / m_viewSize.height();
        if (widthChanged)
            m_height->setValue(std::max(1, static_cast<int>(std::lround(m_width->value() / aspect))));
        else
            m_width->setValue(std::max(1, static_cast<int>(std::lround(m_height->value() * aspect))));
    }
    const int preset = m_presets->findData(imageSize());
    m_presets->setCurrentIndex(preset >= 0 ? preset : m_presets->count() - 1);
    m_updating = false;
}

} // namespace placement
