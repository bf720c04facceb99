// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 Placement Explorer contributors

#include "app/DemoLocation.h"

#include "store/DemoDatabase.h"
#include "store/SqliteDatabase.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <filesystem>
#include <system_error>

namespace placement {

namespace {

/// Copies `shipped` to `path` if it is a current demo database; false (and nothing at `path`
/// changed) otherwise. The copy is checked, then renamed over `path`: it appears whole or not at all.
bool copyShippedDemo(const QString& shipped, const QString& path)
{
    const QString partial = path + QStringLiteral(".partial");
    QFile::remove(partial);
    if (!QFile::copy(shipped, partial))
        return false;
    // The installed file is read-only; the user's copy is theirs to import into.
    QFile::setPermissions(partial, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    std::error_code error;
    if (isCurrentDemoDatabase(partial.toStdString()))
        std::filesystem::rename(partial.toStdString(), path.toStdString(), error);
    else
        error = std::make_error_code(std::errc::invalid_argument);
    if (error)
        QFile::remove(partial);
    return !error;
}

} // namespace

QString shippedDemoDatabase()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath()
                           + QStringLiteral("/../share/placement-explorer/demo.sqlite"));
}

QString ensureDemoDatabase()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (folder.isEmpty() || !QDir().mkpath(folder))
        throw StoreError(folder.toStdString() + ": cannot create the data folder for the demo database");
    const QString path = QDir(folder).filePath(QStringLiteral("demo.sqlite"));
    if (isCurrentDemoDatabase(path.toStdString()))
        return path;
    // First start, or a demo from an older version.
    const QString shipped = shippedDemoDatabase();
    if (!QFile::exists(shipped) || !copyShippedDemo(shipped, path))
        writeDemoDatabase(path.toStdString());
    return path;
}

} // namespace placement
