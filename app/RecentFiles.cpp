// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace placement {
namespace {
const QString settingsKey = QStringLiteral("recentFiles");

QStringList save(const QStringList& files)
{
    QSettings().setValue(settingsKey, files);
    return files;
}
} // namespace

QStringList RecentFiles::load()
{
    return QSettings().value(settingsKey).toStringList();
}

QStringList RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = load();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > MaxEntries)
        files.removeLast();
    return save(files);
}

QStringList RecentFiles::remove(const QString& path)
{
    QStringList files = load();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    return save(files);
}

void RecentFiles::clear()
{
    save({});
}

} // namespace placement
