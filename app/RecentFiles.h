// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#pragma once

#include <QStringList>

namespace placement {

/// The most recently opened databases, newest first, kept in QSettings.
class RecentFiles
{
public:
    static constexpr int MaxEntries = 8;

    static QStringList load();
    /// Moves `path` to the front (adding it if new) and saves the list.
    static QStringList add(const QString& path);
    static QStringList remove(const QString& path);
    static void clear();
};

} // namespace placement
