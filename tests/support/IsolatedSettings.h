// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QString>

namespace placement::test {

/// Keeps the user's settings out of a GUI test: QSettings go to an INI file in `folder`
/// (a temporary one), under an organisation and application of the tests' own.
inline void isolateSettings(const QString& folder, const QString& application)
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder);
    QCoreApplication::setOrganizationName(QStringLiteral("PlacementExplorerTests"));
    QCoreApplication::setApplicationName(application);
}

} // namespace placement::test
